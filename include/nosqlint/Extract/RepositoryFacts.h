//===- RepositoryFacts.h - What one file says of Spring Data repositories -*- C++ -*-===//
//
// The per-file facts Repositories.h joins: the classes a file maps, the
// repository interfaces it declares, the repository queries it writes.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_REPOSITORYFACTS_H
#define NOSQLINT_EXTRACT_REPOSITORYFACTS_H

#include "nosqlint/Basic/SourceLocation.h"

#include <memory>
#include <string>
#include <vector>

namespace nosqlint::extract {

struct OrmQuery; // a cqlengine query chain (OrmFacts.h)

/// A class Spring Data Cassandra maps: an entity (`@Table`) or the class of
/// a composite key (`@PrimaryKeyClass`, no Table).
struct MappedEntity {
  std::string QualifiedName; // `com.shop.Order`; the simple name without a package
  std::string Keyspace;      // `@Table(keyspace = ...)`, usually empty
  std::string Table;         // empty for a @PrimaryKeyClass
  struct Property {
    std::string Name;     // the Java property
    std::string Column;   // the CQL column it maps to
    std::string Type;     // its Java type as written (`OrderKey`, `Set<String>`)
    std::string CqlType;  // the CQL type it maps to; empty when unknown
    bool Collection = false;
    bool Partition = false, Clustering = false;
    int Ordinal = 0;
    bool Key = false;     // @PrimaryKey / @Id: the whole primary key
    bool Descending = false; // @PrimaryKeyColumn(ordering = DESCENDING)
    bool Indexed = false, CustomIndex = false; // cqlengine index=/custom_index=
  };
  std::vector<Property> Properties;
  FileId File;
  SourceRange Range;      // the class
  uint32_t NameBegin = 0; // the class name
  bool CqlEngine = false; // a Python cqlengine Model (OrmFacts.h joins it)
};

/// A query a repository makes, as the file that writes it has it.
struct RepositoryQuery {
  enum class Form {
    Derived,  // a method of the interface, its name the query
    Crud,     // an inherited CrudRepository method called on a repository
    // A method of a DataStax mapper @Dao interface; Type is its entity.
    DaoSelect, // @Select: by a key prefix (Arguments), or Clause
    DaoQuery,  // @Query: Clause, ${keyspaceId}/${tableId} the entity's
    DaoDelete, // @Delete: by the entity's key (Arguments), or Clause
    DaoInsert, // @Insert: every column of the entity
    DaoUpdate, // @Update: every regular column, by the key or Clause
    Orm,       // a cqlengine query chain: Orm holds it (OrmFacts.h)
  };
  Form Kind = Form::Derived;
  /// Derived: the repository's entity type as its `extends` clause writes
  /// it, and qualified through the file's imports or package. Crud: the
  /// receiver's declared type (the repository interface), qualified alike.
  std::string Type, QualifiedType;
  /// Crud: the receiver is declared as the base interface itself
  /// (`CassandraRepository<Order, UUID>`): Type names the entity.
  bool TypeIsEntity = false;
  std::string Method;       // `findByStatus`, `findAll`
  uint32_t NameBegin = 0;   // the method's name in the file
  /// Crud: how many the call passes. Dao: how many key values the method
  /// takes (AllKeys: the entity itself, so its whole key).
  unsigned Arguments = 0;
  static constexpr unsigned AllKeys = ~0u;
  bool Paged = false;       // a Pageable/Slice/Limit parameter or argument
  bool AllowFiltering = false; // @AllowFiltering / @Query(allowFiltering = true)
  /// Dao: `customWhereClause` or the @Query text, as the string spells it
  /// (empty when none), and its place in the file; Verbatim when its
  /// text maps byte for byte (one literal without escapes).
  std::string Clause;
  uint32_t ClauseBegin = 0, ClauseLength = 0;
  bool ClauseVerbatim = false;
  bool Limited = false; // @Select(limit = ...)
  bool IfNotExists = false, IfExists = false, Ttl = false; // @Insert/@Update
  uint32_t AnnotationBegin = 0, AnnotationLength = 0; // `@Select`
  SourceRange Range;        // the method declaration or the call
  std::shared_ptr<const OrmQuery> Orm; // Form::Orm
};

/// A repository interface of the file: its name and the entity it maps.
struct RepositoryInterface {
  std::string QualifiedName;
  std::string Entity, QualifiedEntity;
};

/// One file's facts, with its folder (sub-projects may repeat a class).
struct RepositoryFacts {
  FileId File;
  std::string Directory;
  std::vector<MappedEntity> Entities;
  std::vector<RepositoryInterface> Interfaces;
  std::vector<RepositoryQuery> Queries;
};

} // namespace nosqlint::extract

#endif
