//===- Mapper3Calls.h - The driver 3 object mapper's Mapper<T> calls -*- C++ -*-===//
//
// The DataStax Java driver 3 object mapper (com.datastax.driver.mapping)
// hands out one `Mapper<T>` per entity class (`manager.mapper(User.class)`),
// whose calls send the statements its QueryType builds:
//
//   save / saveAsync / saveQuery (entity)     INSERT INTO t (every column)
//                                              VALUES (?, ...) [USING TTL ?]
//   get / getAsync / getQuery (key values)     SELECT ... FROM t WHERE each
//                                              key column = ?
//   delete / deleteAsync / deleteQuery         DELETE FROM t WHERE each key
//     (entity, or key values)                  column = ?
//
// get and delete take the whole primary key (the mapper throws on any
// other count). The entity is the type argument of the variable's declared
// `Mapper<User>` or of the `mapper(User.class)` call that initializes or
// assigns it; its `@Table` class (any file) gives table and key, joined
// like a DAO's (Repositories.h). A `Mapper<T>` of a type parameter is a
// statement of an entity only the caller knows: listed, partial.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_MAPPER3CALLS_H
#define NOSQLINT_EXTRACT_MAPPER3CALLS_H

#include "Evaluator.h"
#include "Imports.h"

#include "nosqlint/Extract/Repositories.h"

#include <vector>

namespace nosqlint::extract {

/// The file's Mapper<T> calls: into \p Out the queries of named entities,
/// into \p Partial the statements of a type parameter's.
void findMapper3Calls(const Evaluator &Eval, const FileImports &Imports,
                      llvm::StringRef Src, FileId File, TSNode Root,
                      RepositoryFacts &Out, std::vector<CqlSnippet> &Partial);

} // namespace nosqlint::extract

#endif
