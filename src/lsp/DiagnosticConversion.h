//===- DiagnosticConversion.h - Findings as LSP diagnostics -----*- C++ -*-===//
//
// A finding becomes one LSP diagnostic: its rule id as code, the rule page
// as codeDescription, its notes with a place as relatedInformation (into
// the schema and other files) and the others appended to the message, as
// clangd does; tags where the editor can show them (Unnecessary for what a
// fix-it removes, Deprecated for DynamoDB's legacy parameters).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_LSP_DIAGNOSTICCONVERSION_H
#define NOSQLINT_LSP_DIAGNOSTICCONVERSION_H

#include "DocumentStore.h"

#include "nosqlint/Diag/Diagnostic.h"

#include "llvm/Support/JSON.h"

#include <map>
#include <memory>

namespace nosqlint {
class SourceManager;
}

namespace nosqlint::lsp {

/// The documentation page of a rule: docs/rules/<id>.md in the repository.
std::string ruleDocUrl(llvm::StringRef RuleName);

/// Converts ranges of the documents and of the files of a SourceManager
/// (a schema file that is not open) to LSP locations.
class LocationConverter {
public:
  LocationConverter(const Document &Doc, const SourceManager &SM)
      : Doc(Doc), SM(SM) {}
  /// Whether \p R points into a file the converter knows.
  bool hasLocation(SourceRange R) const;
  std::string uriOf(FileId File) const;
  /// The line table of \p File (the document's own for its file).
  const LineTable &lines(FileId File);

private:
  const Document &Doc;
  const SourceManager &SM;
  std::map<uint32_t, std::unique_ptr<LineTable>> Tables;
};

/// The LSP diagnostic of \p D, as JSON text: written straight to text, since
/// a file can have thousands of findings and llvm::json's objects cost more
/// than their check.
std::string lspDiagnosticJson(const Diagnostic &D, LocationConverter &Loc);

} // namespace nosqlint::lsp

#endif
