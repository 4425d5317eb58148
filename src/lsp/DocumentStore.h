//===- DocumentStore.h - The documents the client has open ------*- C++ -*-===//
#ifndef NOSQLINT_LSP_DOCUMENTSTORE_H
#define NOSQLINT_LSP_DOCUMENTSTORE_H

#include "Protocol.h"

#include "nosqlint/Driver/Workspace.h"

#include <map>
#include <memory>
#include <string>

namespace nosqlint::lsp {

/// One open document: the client's text and what its last check found.
struct Document {
  std::string Uri;
  std::string Path; // absolute
  std::string Text;
  int64_t Version = 0;
  PositionEncoding Encoding = PositionEncoding::Utf16;
  std::unique_ptr<LineTable> Lines; // of Text
  /// The text changed since its last check (a check waits while more
  /// changes are already queued; see Server::run).
  bool Stale = false;
  DocumentReport Report;            // of the last check of Text
  /// Report.Diagnostics as published (LSP JSON text), same order.
  std::vector<std::string> Published;

  void setText(std::string NewText) {
    Text = std::move(NewText);
    Lines = std::make_unique<LineTable>(Text, Encoding);
  }
};

class DocumentStore {
public:
  Document &open(std::string Uri, std::string Path, std::string Text,
                 int64_t Version, PositionEncoding Encoding);
  Document *find(llvm::StringRef Uri);
  void close(llvm::StringRef Uri);
  std::map<std::string, Document> &all() { return Docs; }

private:
  std::map<std::string, Document> Docs;
};

} // namespace nosqlint::lsp

#endif
