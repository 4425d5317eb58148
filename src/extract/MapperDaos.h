//===- MapperDaos.h - The DataStax object mapper's @Dao methods -*- C++ -*-===//
//
// The DataStax Java driver 4 object mapper generates each query of a `@Dao`
// interface from an annotation and the method's signature: `@Select` reads
// by the primary key (the parameters are a prefix of it; none reads the
// whole table) or by `customWhereClause`, `@Query` runs its text with
// `${keyspaceId}`/`${tableId}`/`${qualifiedTableId}` naming the entity's
// table, `@Delete` deletes by the key, `@Insert` writes every column,
// `@Update` sets every regular column by the key or `customWhereClause`.
// The entity is the class the method returns or takes; the join
// (Repositories.h) supplies its table and key. `@QueryProvider` is not read
// (code of the application's own).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_MAPPERDAOS_H
#define NOSQLINT_EXTRACT_MAPPERDAOS_H

#include "Evaluator.h"
#include "Imports.h"

#include "nosqlint/Extract/Repositories.h"

namespace nosqlint::extract {

void findMapperDaoQueries(const Evaluator &Eval, const FileImports &Imports,
                          llvm::StringRef Src, FileId File, TSNode Root,
                          RepositoryFacts &Out);

} // namespace nosqlint::extract

#endif
