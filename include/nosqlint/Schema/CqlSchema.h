//===- CqlSchema.h - Keyspaces, tables, indexes and views ------*- C++ -*-===//
//
// The CQL schema the queries run on, built from DDL (cqlsh DESCRIBE output,
// migration scripts, the DDL inside analyzed .cql files). Every element keeps
// the SourceRange of its definition so findings can point notes at it.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_SCHEMA_CQLSCHEMA_H
#define NOSQLINT_SCHEMA_CQLSCHEMA_H

#include "nosqlint/IR/Cql.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint::schema {

enum class ColumnRole { PartitionKey, Clustering, Static, Regular };

struct CqlColumn {
  std::string Name;
  cql::CqlType Type;
  ColumnRole Role = ColumnRole::Regular;
  unsigned Position = 0;   // index within the partition key or clustering key
  bool Descending = false; // clustering order
  SourceRange Range;

  bool isPrimaryKey() const {
    return Role == ColumnRole::PartitionKey || Role == ColumnRole::Clustering;
  }
};

/// How an index answers queries; decides which restrictions it serves and
/// whether several indexes combine (SAI) or each stands alone (legacy 2i).
enum class IndexKind {
  Legacy,      // CREATE INDEX without USING (Cassandra's default 2i)
  Sai,         // USING 'sai' / 'StorageAttachedIndex'
  Sasi,        // USING 'org.apache.cassandra.index.sasi.SASIIndex'
  Custom,      // any other custom class
  ScyllaGlobal,// ScyllaDB global secondary index
  ScyllaLocal, // ScyllaDB local index ((pk), col)
};

struct CqlIndex {
  std::string Name;
  IndexKind Kind = IndexKind::Legacy;
  cql::IndexTarget::KindType Target = cql::IndexTarget::Simple;
  std::string Column;
  std::string Class; // the USING string, if any
  SourceRange Range;
};

struct CqlTable {
  std::string Keyspace;
  std::string Name;
  bool IsView = false;
  std::string BaseTable; // for views
  std::vector<CqlColumn> Columns;
  std::vector<CqlIndex> Indexes;
  std::optional<long long> DefaultTtl;
  SourceRange Range;       // the CREATE statement
  SourceRange NameRange;   // the table name in it
  /// Created by a string of the application's code (and by no schema
  /// file): one CREATE among the program's, perhaps a test's copy of the
  /// table. A column it lacks is unknown, not undefined.
  bool FromCode = false;
  /// Where the definition comes from, when the note at its CREATE does not
  /// say it all: "after 6 earlier migrations of db/migrations/", "created
  /// by the application's code". Empty for a plain schema file.
  std::string Provenance;
  /// Views: where the view's own PRIMARY KEY names its partition key
  /// columns, in order (a column's Range is its base table's definition).
  std::vector<SourceRange> ViewPartitionKeyRanges;

  const CqlColumn *column(llvm::StringRef Name) const;
  std::vector<const CqlColumn *> partitionKey() const;
  std::vector<const CqlColumn *> clustering() const;
  bool isCounterTable() const;
  std::string qualifiedName() const {
    return Keyspace.empty() ? Name : Keyspace + "." + Name;
  }
  /// Indexes whose target column is \p Column.
  std::vector<const CqlIndex *> indexesOn(llvm::StringRef Column) const;
};

struct CqlUserType {
  std::string Keyspace;
  std::string Name;
  std::vector<std::pair<std::string, cql::CqlType>> Fields;
  SourceRange Range;
  /// An ALTER TYPE could not be followed (it renames or alters a field the
  /// type does not have): its fields are not known for certain.
  bool Uncertain = false;
  /// Names fields had before an ALTER TYPE RENAME: code written for that
  /// earlier schema (a migration step) may still use them.
  std::vector<std::string> FormerFields;
};

/// A keyspace's `replication` map, as its CREATE (or last ALTER) KEYSPACE
/// wrote it: the strategy class (`SimpleStrategy`, `NetworkTopologyStrategy`,
/// short or qualified) and each literal factor (`replication_factor` for
/// SimpleStrategy, a data center's name for NetworkTopologyStrategy).
struct KeyspaceReplication {
  std::string Class; // the class as written, qualified or not
  std::vector<std::pair<std::string, long long>> Factors;
  SourceRange Range; // the `replication = {...}` property

  bool isSimpleStrategy() const;
  bool isNetworkTopologyStrategy() const;
};

struct CqlKeyspace {
  std::string Name;
  SourceRange Range;
  /// The replication the schema gives it, when a CREATE or ALTER KEYSPACE
  /// declares it with literal values.
  std::optional<KeyspaceReplication> Replication;
  std::map<std::string, std::unique_ptr<CqlTable>> Tables; // and views
  std::map<std::string, CqlUserType> Types;
};

class CqlCatalog {
public:
  CqlKeyspace *keyspace(llvm::StringRef Name);
  const CqlKeyspace *keyspace(llvm::StringRef Name) const;
  CqlKeyspace &getOrCreateKeyspace(llvm::StringRef Name, SourceRange Range);
  /// Every keyspace, by name, taken out of the catalog (to merge another
  /// history's into this one).
  std::map<std::string, CqlKeyspace> takeKeyspaces() {
    return std::move(Keyspaces);
  }
  /// Removes a keyspace with its tables and types; false if there is none.
  bool dropKeyspace(llvm::StringRef Name) { return Keyspaces.erase(Name.str()) > 0; }

  /// Looks a table (or view) up. With no keyspace: \p CurrentKeyspace (from
  /// USE) when given, else the only keyspace that has a table of that name.
  const CqlTable *findTable(const std::optional<std::string> &Keyspace,
                            llvm::StringRef Name,
                            llvm::StringRef CurrentKeyspace = {}) const;
  CqlTable *findTable(const std::optional<std::string> &Keyspace,
                      llvm::StringRef Name, llvm::StringRef CurrentKeyspace = {});

  /// Every keyspace, in name order.
  std::vector<const CqlKeyspace *> keyspaces() const;
  /// Every table and view, in keyspace then name order.
  std::vector<const CqlTable *> tables() const;
  bool empty() const { return Keyspaces.empty(); }

private:
  std::map<std::string, CqlKeyspace> Keyspaces;
};

} // namespace nosqlint::schema

#endif
