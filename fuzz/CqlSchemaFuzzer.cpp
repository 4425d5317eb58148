//===- CqlSchemaFuzzer.cpp - The CQL DDL schema loader --------------------===//
//
// The input is a schema file: parsed and applied to an empty catalog, then
// the table key checks run on every table, as for `--schema x.cql`.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "nosqlint/Schema/CqlTableChecks.h"

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  SourceManager SM;
  DiagnosticEngine Diags;
  schema::CqlCatalog Catalog;
  FileId File = SM.addText(fuzz::asText(Data, Size), "schema.cql");
  for (auto Flavor : {schema::CqlFlavor::Cassandra, schema::CqlFlavor::ScyllaDb}) {
    cql::ParseOptions PO;
    PO.Dialect = Flavor == schema::CqlFlavor::ScyllaDb
                     ? cql::CqlDialect::ScyllaDb
                     : cql::CqlDialect::Cassandra;
    cql::Script S = cql::parseScript(SM.text(File), TextOrigin::identity(File),
                                     PO, Diags);
    schema::CqlCatalog Fresh;
    schema::CqlSchemaBuilder Builder(Fresh, Diags, Flavor);
    Builder.beginFile();
    for (const auto &St : S.Statements)
      Builder.apply(*St);
    for (const schema::CqlTable *T : Fresh.tables())
      schema::checkCqlTableKeys(*T, Diags);
  }
  fuzz::renderAll(Diags, SM);
  return 0;
}
