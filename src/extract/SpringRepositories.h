//===- SpringRepositories.h - A file's Spring Data repository facts -*- C++ -*-===//
//
// The per-file half of Repositories.h: the repository interfaces a Java or
// Kotlin file declares (`extends CassandraRepository<Order, UUID>`,
// `interface Orders<T> : ReactiveCassandraRepository<Order<T>, T>` and the
// other Spring Data bases, imported from Spring Data), their query methods
// (a derived name, not a @Query string, no body; a base method redeclared
// with a page or a sort), and the inherited CRUD methods (`findAll()`,
// `count()`, `save(e)`, `deleteById(id)`, ...) it calls on a field,
// constructor property, parameter or local whose declared type is an
// interface (the join decides whether it is a repository).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_SPRINGREPOSITORIES_H
#define NOSQLINT_EXTRACT_SPRINGREPOSITORIES_H

#include "Evaluator.h"
#include "Imports.h"

#include "nosqlint/Extract/Repositories.h"

namespace nosqlint::extract {

/// Whether \p Name is an inherited CrudRepository/CassandraRepository
/// method that makes a statement (a read, a write of whole entities, a
/// delete).
bool isCrudQueryMethod(llvm::StringRef Name);

/// Whether \p Name is one of Spring Data's repository bases whose first
/// type argument is the entity.
bool isRepositoryBase(llvm::StringRef Name);

/// Whether type \p Written (`Repository`, `org.a.Repository`) is Spring
/// Data's, as the file's imports name it: a user's own `Repository` is not.
bool isSpringDataType(llvm::StringRef Written, const FileImports &Imports);

void findRepositoryFacts(const Evaluator &Eval, const FileImports &Imports,
                         FileId File, TSNode Root, RepositoryFacts &Out);

} // namespace nosqlint::extract

#endif
