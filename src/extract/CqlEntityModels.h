//===- CqlEntityModels.h - Mapped entity classes as CQL tables -*- C++ -*-===//
//
// Java and Kotlin object mappers declare a table in the class they map:
// Spring Data Cassandra `@Table` with `@PrimaryKeyColumn(type =
// PARTITIONED | CLUSTERED, ordinal = n)` / `@PrimaryKey` / `@Column`, and the
// DataStax mapper `@Entity` with `@PartitionKey(n)` / `@ClusteringColumn(n)`
// / `@CqlName`. Each such class becomes the CREATE TABLE it describes (names
// as the mapper derives them: Spring keeps the property name, the DataStax
// mapper writes snake_case; types from the Java types), a snippet that joins
// the schema as DDL in code. Python's cqlengine models too
// (`__table_name__`, `__keyspace__`, `columns.T(primary_key=True,
// partition_key=True, db_field=...)`). A class whose keys cannot all be typed
// declares nothing.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_CQLENTITYMODELS_H
#define NOSQLINT_EXTRACT_CQLENTITYMODELS_H

#include "Evaluator.h"

#include "nosqlint/Extract/Repositories.h"

#include <vector>

namespace nosqlint::extract {

/// The CREATE TABLE snippets of the entity classes in the file, and into
/// \p Mapped (when given) what Spring Data's repositories need of its
/// mapped classes (@Table entities, @PrimaryKeyClass keys).
void findCqlEntityModels(Evaluator &Eval, llvm::StringRef Src,
                         FileId File, TSNode Root,
                         std::vector<CqlSnippet> &Out,
                         std::vector<MappedEntity> *Mapped = nullptr);

} // namespace nosqlint::extract

#endif
