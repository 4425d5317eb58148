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

struct OrmQuery;     // a cqlengine query chain (OrmFacts.h)
struct TemplateQuery; // a Spring Data template call (TemplateFacts.h)
struct BuilderFacts; // gocqlx tables, Node mappers, Go fields (BuilderFacts.h)

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
  /// The driver 3 mapper maps the properties of the superclasses too: the
  /// class this one extends (qualified through the file's imports or
  /// package), and whether this class is only such a base (no @Table).
  std::string Superclass;
  bool MappedBase = false;
  /// Set by the run's EntityIndex: a superclass is not among the run's
  /// mapped classes, so some columns may be unknown (statements partial).
  bool OpenColumns = false;
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
    /// A CassandraTemplate entity operation: Template holds it
    /// (TemplateFacts.h); Type is its entity, empty when only the run
    /// knows it (`insert(value)` of an interface type).
    Template,
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
  /// Dao: `customIfClause` (@Update, @Delete), as Clause is kept.
  std::string IfClause;
  uint32_t IfClauseBegin = 0, IfClauseLength = 0;
  bool IfClauseVerbatim = false;
  /// Dao: the entity is type parameter number TypeParameter of the
  /// interface Interface (qualified) that declares the method
  /// (`interface BaseDao<T> { @Insert void insert(T t); }`); each @Dao
  /// that extends it with an entity (DaoInheritance) makes the query. -1:
  /// Type names the entity itself.
  int TypeParameter = -1;
  std::string Interface;
  /// Dao of the driver 3 mapper (`Mapper<T>.get(keys...)`): the key values
  /// must be the whole primary key (Arguments of them), not a prefix.
  bool WholeKey = false;
  /// What makes the query, when not a @Dao annotation (`Mapper.save()`).
  std::string Api;
  uint32_t AnnotationBegin = 0, AnnotationLength = 0; // `@Select`
  SourceRange Range;        // the method declaration or the call
  std::shared_ptr<const OrmQuery> Orm; // Form::Orm
  std::shared_ptr<const TemplateQuery> Template; // Form::Template
};

/// A repository interface of the file: its name and the entity it maps.
struct RepositoryInterface {
  std::string QualifiedName;
  std::string Entity, QualifiedEntity;
};

/// A DataStax mapper @Dao interface that extends a generic interface:
/// `interface UserDao extends BaseDao<User>` (qualified names).
struct DaoInheritance {
  std::string Dao, Base;
  std::vector<std::string> Arguments; // the entity types, as written
  std::vector<std::string> QualifiedArguments;
};

/// One file's facts, with its folder (sub-projects may repeat a class).
struct RepositoryFacts {
  FileId File;
  std::string Directory;
  std::vector<MappedEntity> Entities;
  std::vector<RepositoryInterface> Interfaces;
  std::vector<RepositoryQuery> Queries;
  std::vector<DaoInheritance> DaoBases;
  /// Go and Node builder and mapper facts (BuilderFacts.h); null when none.
  std::shared_ptr<BuilderFacts> Builders;

  bool empty() const {
    return Entities.empty() && Interfaces.empty() && Queries.empty() &&
           DaoBases.empty() && !Builders;
  }
};

} // namespace nosqlint::extract

#endif
