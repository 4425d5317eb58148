//===- DynamoSchema.h - DynamoDB tables, indexes and their loaders -*- C++ -*-===//
//
// The DynamoDB half of the schema model: tables with their key schema,
// attribute definitions, secondary indexes, TTL, billing mode and stream
// settings, each element with the SourceRange of its definition so that
// diagnostics and notes can point at it.
//
// Keys are ordered vectors of attributes: a global secondary index may have
// up to four HASH and four RANGE attributes (multi-attribute keys, accepted by
// DynamoDB since November 2025); a table or LSI has one of each at most.
//
// loadDynamoSchema() recognizes CreateTable requests (one, an array, NDJSON),
// `aws dynamodb describe-table` output, CloudFormation/SAM templates (JSON or
// YAML), Serverless Framework service files (serverless.yml, variables
// resolved) and NoSQL Workbench data-model exports.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_SCHEMA_DYNAMOSCHEMA_H
#define NOSQLINT_SCHEMA_DYNAMOSCHEMA_H

#include "nosqlint/Basic/SourceLocation.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint {

namespace json {
class JsonValue;
} // namespace json

class DiagnosticEngine;

namespace terraform {
class Module;
} // namespace terraform

/// The scalar types a key attribute may have.
enum class DynamoScalarType : uint8_t { Unknown, S, N, B };

llvm::StringRef dynamoScalarTypeName(DynamoScalarType T); // "S", "N", "B", "?"
std::optional<DynamoScalarType> parseDynamoScalarType(llvm::StringRef Name);

/// One attribute of a key: its name, its type (from AttributeDefinitions, or
/// given inline in a Workbench model; Unknown if undefined) and the key schema
/// element that names it.
struct DynamoKeyAttribute {
  std::string Name;
  DynamoScalarType Type = DynamoScalarType::Unknown;
  SourceRange Range;
};

/// A key schema: HASH attributes then RANGE attributes, in their order.
struct DynamoKeySchema {
  std::vector<DynamoKeyAttribute> Hash;
  std::vector<DynamoKeyAttribute> Range;
  SourceRange Definition; // the KeySchema (or KeyAttributes) node
  /// An element was malformed and left out (already reported); checks that
  /// need the whole key skip it.
  bool Malformed = false;

  bool hasSortKey() const { return !Range.empty(); }
  /// The (first) partition key attribute, or null.
  const DynamoKeyAttribute *partitionKey() const {
    return Hash.empty() ? nullptr : &Hash.front();
  }
  const DynamoKeyAttribute *sortKey() const {
    return Range.empty() ? nullptr : &Range.front();
  }
  /// True if \p Name is one of its attributes.
  bool contains(llvm::StringRef Name) const;
};

struct DynamoAttributeDefinition {
  std::string Name;
  DynamoScalarType Type = DynamoScalarType::Unknown;
  SourceRange Range;     // the whole definition
  SourceRange NameRange; // its AttributeName value
};

enum class DynamoProjectionType : uint8_t { All, KeysOnly, Include };

llvm::StringRef dynamoProjectionTypeName(DynamoProjectionType T);

struct DynamoProjection {
  DynamoProjectionType Type = DynamoProjectionType::All;
  std::vector<std::string> NonKeyAttributes;
  SourceRange Range;
};

struct DynamoIndex {
  enum class IndexKind : uint8_t { Global, Local };

  IndexKind Kind = IndexKind::Global;
  std::string Name;
  SourceRange NameRange;
  SourceRange Range; // the whole index definition
  DynamoKeySchema Keys;
  DynamoProjection Projection;

  bool isGlobal() const { return Kind == IndexKind::Global; }
  bool isLocal() const { return Kind == IndexKind::Local; }
};

enum class DynamoBillingMode : uint8_t { Unspecified, Provisioned, PayPerRequest };

/// Where a table definition came from.
enum class DynamoSchemaFormat : uint8_t {
  CreateTable,
  DescribeTable,
  CloudFormation,
  Workbench,
  Terraform,
};

struct DynamoTable {
  std::string Name;
  /// The folder of the file that defines it: among alternative definitions
  /// of one name, a request takes the nearest (its own project's).
  std::string Directory;
  SourceRange NameRange; // the TableName value (or the logical id)
  SourceRange Range;     // the whole definition
  DynamoSchemaFormat Format = DynamoSchemaFormat::CreateTable;
  /// CloudFormation: the resource's logical id; Terraform: its address
  /// (`aws_dynamodb_table.orders`, `module.orders`).
  std::string LogicalId;
  /// Part of the definition is computed at deploy time (Terraform `dynamic`
  /// blocks, indexes from a variable): CreateTable's rules are not checked
  /// on it, and an index it does not list is not reported unknown.
  bool Partial = false;

  DynamoKeySchema Keys;
  std::vector<DynamoAttributeDefinition> AttributeDefinitions;
  std::vector<DynamoIndex> GlobalIndexes;
  std::vector<DynamoIndex> LocalIndexes;

  /// TimeToLiveSpecification (CloudFormation): the attribute, if enabled.
  std::optional<std::string> TtlAttribute;
  SourceRange TtlRange;
  DynamoBillingMode Billing = DynamoBillingMode::Unspecified;
  SourceRange BillingRange;
  /// StreamSpecification: the view type ("NEW_AND_OLD_IMAGES"...) if enabled.
  std::optional<std::string> StreamViewType;
  SourceRange StreamRange;

  const DynamoAttributeDefinition *attribute(llvm::StringRef Name) const;
  /// A GSI or LSI by name, or null.
  const DynamoIndex *index(llvm::StringRef Name) const;
  /// The key schema of the table (\p IndexName empty) or of an index; for an
  /// LSI that is the table's partition key with the LSI's sort key. Null for
  /// an unknown index.
  const DynamoKeySchema *keysFor(llvm::StringRef IndexName) const;
};

/// All DynamoDB tables known to a run. Loading is not thread-safe; once
/// loaded, concurrent reads are.
class DynamoCatalog {
public:
  DynamoCatalog() = default;
  DynamoCatalog(const DynamoCatalog &) = delete; // the index points into Tables
  DynamoCatalog &operator=(const DynamoCatalog &) = delete;
  DynamoCatalog(DynamoCatalog &&) = default;
  DynamoCatalog &operator=(DynamoCatalog &&) = default;

  /// The table named \p Name (case-sensitive, as DynamoDB), or null. Where
  /// several files define it (two templates of one application, two
  /// sub-projects), the definition whose folder shares the most leading
  /// folders with \p FromDirectory (an ancestor first among equals), else
  /// the first.
  const DynamoTable *table(llvm::StringRef Name,
                           llvm::StringRef FromDirectory = {}) const;
  DynamoTable *table(llvm::StringRef Name, llvm::StringRef FromDirectory = {}) {
    return const_cast<DynamoTable *>(
        static_cast<const DynamoCatalog &>(*this).table(Name, FromDirectory));
  }
  /// The index \p IndexName of table \p TableName, or null.
  const DynamoIndex *index(llvm::StringRef TableName,
                           llvm::StringRef IndexName) const;

  /// Adds a table and returns null; if the same file already defines a
  /// table of that name, adds nothing and returns that one. A definition in
  /// another file is an alternative: kept, chosen by table(Name, From).
  const DynamoTable *add(DynamoTable Table);

  const std::deque<DynamoTable> &tables() const { return Tables; }
  size_t size() const { return Tables.size(); }
  bool empty() const { return Tables.empty(); }

private:
  std::deque<DynamoTable> Tables; // stable addresses
  llvm::StringMap<std::vector<const DynamoTable *>> ByName;
};

/// Loads the DynamoDB table definitions of one schema file (JSON, NDJSON or
/// YAML; the format is recognized from the content) into \p Catalog, reports
/// schema errors (schema-error) there, and runs the key checks on every table
/// loaded (hot-partition-key, unbounded-partition, item-collection-limit).
/// Returns false, reporting nothing, if the file is not a DynamoDB table
/// definition at all (package.json, a template without DynamoDB tables, ...).
bool loadDynamoSchema(FileId File, llvm::StringRef Text, DynamoCatalog &Catalog,
                      DiagnosticEngine &Diags,
                      llvm::StringRef Directory = {});

/// loadDynamoSchema in two steps, for a driver that reads files in
/// parallel and fills one catalog in file order: the first parses the file
/// and reads its tables into \p Tables, reporting what it finds wrong there
/// (false, reporting nothing, when the file holds no table definition); the
/// second validates them, runs the key checks and adds them to \p Catalog.
bool readDynamoSchemaTables(FileId File, llvm::StringRef Text,
                            DiagnosticEngine &Diags,
                            std::vector<DynamoTable> &Tables);
void addDynamoSchemaTables(FileId File, std::vector<DynamoTable> Tables,
                           DynamoCatalog &Catalog, DiagnosticEngine &Diags,
                           llvm::StringRef Directory = {});

/// A CreateTable request the application builds with an SDK (its parameters
/// as positioned JSON, spanning \p Range of the host file): added to
/// \p Catalog when its name and keys are known, with its key checks
/// reported; false (nothing added) when any of them is computed at run time.
/// \p LogicalId: the id of the construct that declares it (CDK).
bool addDynamoTableFromCode(const json::JsonValue &Params, FileId File,
                            SourceRange Range, llvm::StringRef Directory,
                            DynamoCatalog &Catalog, DiagnosticEngine &Diags,
                            llvm::StringRef LogicalId = {});

/// An UpdateTable request the application builds with an SDK: the global
/// secondary indexes it creates (GlobalSecondaryIndexUpdates `Create`, with
/// their AttributeDefinitions) join the table it names, the ones it deletes
/// leave it. False (nothing changed) when the table is not in \p Catalog or
/// any part of an update is computed at run time.
bool applyDynamoTableUpdateFromCode(const json::JsonValue &Params,
                                    FileId File, llvm::StringRef Directory,
                                    DynamoCatalog &Catalog);

/// Loads the DynamoDB tables of one Terraform module (`aws_dynamodb_table`
/// resources and terraform-aws-modules/dynamodb-table module calls) into
/// \p Catalog, with their key checks and, where the module fixes the whole
/// definition, CreateTable's rules; returns how many it added.
unsigned loadTerraformTables(const terraform::Module &M, DynamoCatalog &Catalog,
                             DiagnosticEngine &Diags);

/// Runs hot-partition-key, unbounded-partition and item-collection-limit on
/// one table and its indexes (loadDynamoSchema calls it for every table).
void checkDynamoTableKeys(const DynamoTable &Table, DiagnosticEngine &Diags);

} // namespace nosqlint

#endif
