//===- QueryBuilders.h - CQL built with the drivers' query builders -*- C++ -*-===//
//
// The DataStax Java drivers build statements with fluent builders instead of
// strings:
//
//   selectFrom("ks", "orders").columns("id", "total")
//       .whereColumn("customer").isEqualTo(bindMarker()).allowFiltering()
//   QueryBuilder.select("total").from(ks, "orders")
//       .where(eq("customer", bindMarker())).and(gt("placed", bindMarker()))
//
// Each chain becomes the CQL statement it builds, as a snippet whose text
// maps back to the calls (a finding on the restriction lands on
// `.whereColumn("customer")` / `eq("customer", ...)`): the same IR as a
// string, the same checks. A name computed at run time is a hole, as in a
// string (a keyspace field: `<hole>.orders`); a value is a bind marker (the
// builder sends values, never text). A chain with a call the translation
// does not know (a raw snippet, a custom index) builds no snippet: unknown
// never causes a finding. The SchemaBuilders' chains are DDL: a CREATE
// whose names are all known joins the schema like a CREATE string the
// application runs. The translations are in QueryBuilder3.cpp,
// QueryBuilder4.cpp and SchemaBuilders.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_QUERYBUILDERS_H
#define NOSQLINT_EXTRACT_QUERYBUILDERS_H

#include "Evaluator.h"

#include <vector>

namespace nosqlint::extract {

/// The statements the file's QueryBuilder and SchemaBuilder chains build
/// (Java; driver 3's com.datastax.driver.core.querybuilder and
/// .schemabuilder, driver 4's com.datastax.oss.driver.api.querybuilder).
void findQueryBuilderChains(Evaluator &Eval, llvm::StringRef Src, FileId File,
                            TSNode Root, std::vector<CqlSnippet> &Out);

} // namespace nosqlint::extract

#endif
