//===- Repositories.h - Queries Spring Data repositories make --*- C++ -*-===//
//
// A Spring Data Cassandra repository queries the table of its entity, and
// the two are usually in different files: `interface OrderRepository extends
// CassandraRepository<Order, UUID> { List<Order> findByStatus(String s); }`
// here, `@Table("orders") class Order { ... }` there, and `orders.findAll()`
// in a third. Extraction is per file, so each file yields its facts (the
// classes it maps, the repository methods it declares, the inherited CRUD
// methods it calls on a repository-typed value) and the driver joins them
// here, once every file is extracted, into the CQL each query runs: a
// snippet of the file where the query is written, its text mapped to the
// method's name. A property no entity of the run declares, an entity two
// sub-projects declare alike, a keyword Spring Data Cassandra rejects: no
// statement (unknown never causes a finding).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_REPOSITORIES_H
#define NOSQLINT_EXTRACT_REPOSITORIES_H

#include "nosqlint/Extract/Extract.h"
#include "nosqlint/Extract/RepositoryFacts.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace nosqlint::extract {

/// The statements of the run's repository queries, each with the file it
/// belongs to, and the CREATE TABLEs of entities whose composite key class
/// is declared in another file (their columns are not known per file).
struct RepositorySnippet {
  FileId File;
  CqlSnippet Snippet;
};
std::vector<RepositorySnippet>
joinRepositoryQueries(llvm::ArrayRef<RepositoryFacts> Files);

} // namespace nosqlint::extract

#endif
