//===- DynamoTestSupport.h - Load a schema text, inspect the result ------===//
#ifndef NOSQLINT_TESTS_SCHEMA_DYNAMO_SUPPORT_H
#define NOSQLINT_TESTS_SCHEMA_DYNAMO_SUPPORT_H

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Schema/DynamoSchema.h"

#include <memory>
#include <string>
#include <vector>

namespace nosqlint::test {

struct Loaded {
  std::unique_ptr<SourceManager> SM = std::make_unique<SourceManager>();
  DynamoCatalog Catalog;
  DiagnosticEngine Engine;
  std::vector<Diagnostic> Diags;
  bool Recognized = false;
  std::string Text;

  /// The source text a range covers.
  std::string at(const SourceRange &R) const {
    return Text.substr(R.Begin, R.End - R.Begin);
  }
  /// Diagnostics of one rule.
  std::vector<Diagnostic> of(RuleId Rule) const {
    std::vector<Diagnostic> Result;
    for (const Diagnostic &D : Diags)
      if (D.Rule == Rule)
        Result.push_back(D);
    return Result;
  }
  /// Every message, one per line (for failure output).
  std::string dump() const {
    std::string S;
    for (const Diagnostic &D : Diags)
      S += std::string(ruleInfo(D.Rule).Name) + " @" + at(D.Range) + ": " +
           D.Message + "\n";
    return S;
  }
};

inline std::unique_ptr<Loaded> load(llvm::StringRef Text,
                                    llvm::StringRef Path = "schema.json") {
  auto L = std::make_unique<Loaded>();
  L->Text = Text.str();
  FileId File = L->SM->addText(Text, Path);
  L->Recognized = loadDynamoSchema(File, L->SM->text(File), L->Catalog,
                                   L->Engine);
  L->Diags = L->Engine.sorted(*L->SM);
  return L;
}

} // namespace nosqlint::test

#endif
