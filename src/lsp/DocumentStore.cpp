//===- DocumentStore.cpp - The documents the client has open --------------===//
#include "DocumentStore.h"

namespace nosqlint::lsp {

Document &DocumentStore::open(std::string Uri, std::string Path,
                              std::string Text, int64_t Version,
                              PositionEncoding Encoding) {
  Document &D = Docs[Uri];
  D.Encoding = Encoding;
  D.Uri = std::move(Uri);
  D.Path = std::move(Path);
  D.Version = Version;
  D.setText(std::move(Text));
  D.Report = DocumentReport();
  D.Published.clear();
  return D;
}

Document *DocumentStore::find(llvm::StringRef Uri) {
  auto It = Docs.find(Uri.str());
  return It == Docs.end() ? nullptr : &It->second;
}

void DocumentStore::close(llvm::StringRef Uri) { Docs.erase(Uri.str()); }

} // namespace nosqlint::lsp
