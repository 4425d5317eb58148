//===- CqlFileFuzzer.cpp - A whole .cql file against a schema -------------===//
//
// The input is a whole file: its DDL joins the fixed schema (as the driver
// applies every file's DDL), then every statement is checked, as the driver
// does for a .cql file.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "nosqlint/Check/CqlChecker.h"
#include "nosqlint/Schema/CqlTableChecks.h"

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  SourceManager SM;
  DiagnosticEngine Diags;
  schema::CqlCatalog Catalog;
  fuzz::buildFixedSchema(SM, Catalog, Diags);
  FileId File = SM.addText(fuzz::asText(Data, Size), "queries.cql");
  cql::Script S = cql::parseScript(SM.text(File), TextOrigin::identity(File),
                                   cql::ParseOptions(), Diags);
  schema::CqlSchemaBuilder Builder(Catalog, Diags);
  Builder.beginFile();
  for (const auto &St : S.Statements)
    Builder.apply(*St);
  for (const schema::CqlTable *T : Catalog.tables())
    schema::checkCqlTableKeys(*T, Diags);
  {
    check::CqlChecker Checker(Catalog, Diags, SM);
    Checker.recordAccessPatterns(S);
    Checker.checkScript(S);
  } // the checker reports its held-back notes here
  fuzz::renderAll(Diags, SM);
  return 0;
}
