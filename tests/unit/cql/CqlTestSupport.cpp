//===- CqlTestSupport.cpp -------------------------------------------------===//
#include "CqlTestSupport.h"

namespace nosqlint::cql::test {

std::string Parsed::textOf(SourceRange R) const {
  return SM.text(R.File).slice(R.Begin, R.End).str();
}

std::string Parsed::describeDiagnostics() const {
  std::string Out;
  for (const Diagnostic &D : diagnostics()) {
    LineColumn LC = SM.lineColumn(D.Range.File, D.Range.Begin);
    Out += std::to_string(LC.Line) + ":" + std::to_string(LC.Column) + " " +
           ruleInfo(D.Rule).Name.str() + " " + D.Message + "\n";
  }
  return Out;
}

std::unique_ptr<Parsed> parse(const std::string &Text, CqlDialect Dialect) {
  ParseOptions Options;
  Options.Dialect = Dialect;
  return parse(Text, Options);
}

std::unique_ptr<Parsed> parse(const std::string &Text,
                              const ParseOptions &Options) {
  auto P = std::make_unique<Parsed>();
  P->File = P->SM.addText(Text, "test.cql");
  P->Result = parseScript(P->SM.text(P->File), TextOrigin::identity(P->File),
                          Options, P->Diags);
  return P;
}

std::string roundTrip(const std::string &Text, CqlDialect Dialect) {
  auto P = parse(Text, Dialect);
  if (P->Diags.count() != 0 || P->Result.Statements.size() != 1)
    return "";
  return printStatement(*P->Result.Statements[0]);
}

} // namespace nosqlint::cql::test
