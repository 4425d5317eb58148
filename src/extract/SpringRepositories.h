//===- SpringRepositories.h - A file's Spring Data repository facts -*- C++ -*-===//
//
// The per-file half of Repositories.h: the repository interfaces a Java
// file declares (`extends CassandraRepository<Order, UUID>` and the other
// Spring Data bases), their query methods (a derived name, not a @Query
// string, no body), and the inherited CRUD methods (`findAll()`, `count()`,
// `deleteAll()`, `findById(id)`, ...) it calls on a value whose declared
// type is an interface (the join decides whether it is a repository).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_SPRINGREPOSITORIES_H
#define NOSQLINT_EXTRACT_SPRINGREPOSITORIES_H

#include "Evaluator.h"
#include "Imports.h"

#include "nosqlint/Extract/Repositories.h"

namespace nosqlint::extract {

/// Whether \p Name is an inherited CrudRepository/CassandraRepository
/// method that queries (save and the other writes of whole entities are
/// not read).
bool isCrudQueryMethod(llvm::StringRef Name);

void findRepositoryFacts(const Evaluator &Eval, const FileImports &Imports,
                         FileId File, TSNode Root, RepositoryFacts &Out);

} // namespace nosqlint::extract

#endif
