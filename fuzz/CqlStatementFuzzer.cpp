//===- CqlStatementFuzzer.cpp - One CQL statement, parser and checker -----===//
//
// The input is one statement (whatever it contains): parsed, then checked
// against the fixed schema of FuzzSupport.h, first as Cassandra, then as
// ScyllaDB.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "nosqlint/Check/CqlChecker.h"

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  SourceManager SM;
  DiagnosticEngine Diags;
  schema::CqlCatalog Catalog;
  fuzz::buildFixedSchema(SM, Catalog, Diags);
  FileId File = SM.addText(fuzz::asText(Data, Size), "statement.cql");
  for (bool Scylla : {false, true}) {
    cql::ParseOptions PO;
    PO.Dialect = Scylla ? cql::CqlDialect::ScyllaDb : cql::CqlDialect::Cassandra;
    cql::Script S = cql::parseScript(SM.text(File), TextOrigin::identity(File),
                                     PO, Diags);
    check::CheckOptions CO;
    CO.ScyllaDb = Scylla;
    check::CqlChecker Checker(Catalog, Diags, SM, CO);
    Checker.recordAccessPatterns(S);
    for (const auto &St : S.Statements)
      Checker.checkStatement(*St, "shop");
  }
  fuzz::renderAll(Diags, SM);
  return 0;
}
