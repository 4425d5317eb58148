//===- QueryBuilderTranslations.h - Each builder's chain to CQL -*- C++ -*-===//
//
// One translation per builder (QueryBuilders.h finds the chains): each
// takes the calls of a chain, in order from its entry point, and writes the
// statement the builder sends into a BuilderText, or returns false when a
// call is one it does not know (nothing is built: unknown never causes a
// finding).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_QUERYBUILDERTRANSLATIONS_H
#define NOSQLINT_EXTRACT_QUERYBUILDERTRANSLATIONS_H

#include "BuilderText.h"

namespace nosqlint::extract {

/// Driver 4's QueryBuilder (com.datastax.oss.driver.api.querybuilder):
/// selectFrom, insertInto, update, deleteFrom, truncate chains
/// (QueryBuilder4.cpp).
bool translateQueryBuilder4(BuilderText &T, const std::vector<BuilderCall> &C,
                            llvm::StringRef Src);
/// Whether \p M starts a driver 4 QueryBuilder statement.
bool isQueryBuilder4Root(llvm::StringRef M);

/// Driver 3's QueryBuilder (com.datastax.driver.core.querybuilder):
/// select(..).from, insertInto, update, delete(..).from, truncate chains
/// (QueryBuilder3.cpp).
bool translateQueryBuilder3(BuilderText &T, const std::vector<BuilderCall> &C,
                            llvm::StringRef Src);
bool isQueryBuilder3Root(llvm::StringRef M);

/// The SchemaBuilders of both drivers (SchemaBuilders.cpp): createKeyspace,
/// createTable, createIndex, createType, alterTable, drop* chains. \p Driver3
/// picks driver 3's method names (addPartitionKey, withOptions()...).
/// \p TableHole: the chain starts at a lambda parameter that stands for
/// `createTable(<unknown>)` (the table is a hole).
bool translateSchemaBuilder(BuilderText &T, const std::vector<BuilderCall> &C,
                            llvm::StringRef Src, bool Driver3,
                            bool TableHole = false);
bool isSchemaBuilderRoot(llvm::StringRef M, bool Driver3);

} // namespace nosqlint::extract

#endif
