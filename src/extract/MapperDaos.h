//===- MapperDaos.h - The DataStax object mapper's @Dao methods -*- C++ -*-===//
//
// The DataStax Java driver 4 object mapper generates each query of a `@Dao`
// interface from an annotation and the method's signature: `@Select` reads
// by the primary key (the parameters are a prefix of it; none reads the
// whole table) or by `customWhereClause`, `@Query` runs its text with
// `${keyspaceId}`/`${tableId}`/`${qualifiedTableId}` naming the entity's
// table, `@Delete` deletes by the key, `@Insert` writes every column,
// `@Update` sets every regular column by the key or `customWhereClause`;
// `ifExists`, `ifNotExists` and `customIfClause` are their IF clauses.
// The entity is the class the method returns or takes; the join
// (Repositories.h) supplies its table and key. A method of a generic base
// the DAO extends (`UserDao extends BaseDao<User>`) is the DAO's, its
// entity the type argument. `@QueryProvider` is not read (code of the
// application's own).
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

/// The queries a generic DAO base declares (`interface BaseDao<T> {
/// @Insert void insert(T t); }`), made for the entity of each @Dao that
/// extends it (`interface UserDao extends BaseDao<User>`): facts of the
/// base's file holding those queries alone, their entity named; empty
/// when no DAO of the run extends a generic base.
std::vector<RepositoryFacts>
inheritedDaoQueries(llvm::ArrayRef<RepositoryFacts> Files);

} // namespace nosqlint::extract

#endif
