//===- SuppressionFuzzer.cpp - Suppression comments over a .cql file ------===//
//
// The input is a whole .cql file with its own `nosqlint:` comments: it is
// parsed and checked against the fixed schema, then its comments (by the
// CQL lexer, and by the YAML rule, as for a stress profile) suppress the
// findings, and every unused-ignore problem, fix-its included, is rendered.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"
#include "Suppressions.h"
#include "YamlComments.h"

#include "nosqlint/Check/CqlChecker.h"

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text = fuzz::asText(Data, Size);
  if (!fuzz::driverWouldRead(Text))
    return 0;
  SourceManager SM;
  DiagnosticEngine Diags;
  schema::CqlCatalog Catalog;
  fuzz::buildFixedSchema(SM, Catalog, Diags);
  FileId File = SM.addText(Text, "queries.cql");
  cql::Script S = cql::parseScript(SM.text(File), TextOrigin::identity(File),
                                   cql::ParseOptions(), Diags);
  {
    check::CqlChecker Checker(Catalog, Diags, SM);
    Checker.checkScript(S);
  }
  for (bool Yaml : {false, true}) {
    FileSyntaxMap Files;
    FileSyntax &F = Files[File.Value];
    F.Comments = Yaml ? yamlComments(SM.text(File))
                      : cql::commentRanges(SM.text(File));
    for (const auto &St : S.Statements)
      F.Statements.emplace_back(St->Range.Begin, St->Range.End);
    std::vector<Diagnostic> All = Diags.sorted(SM);
    std::vector<Diagnostic> Problems;
    applySuppressions(All, SM, Files, &Problems, /*ReportUnused=*/true);
    DiagnosticEngine Out;
    for (Diagnostic &D : All)
      Out.add(std::move(D));
    for (Diagnostic &D : Problems)
      Out.add(std::move(D));
    fuzz::renderAll(Out, SM);
  }
  return 0;
}
