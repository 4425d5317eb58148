//===- ModelTableJson.h - The table a model class declares -----*- C++ -*-===//
//
// The object mappers (DynamoDBMapper, the Java v2 enhanced client's beans,
// the .NET DataModel) declare a table by annotating a class: which property
// is the partition key, which the sort key, which keys of which indexes.
// Each mapper's reader resolves its own annotations into ModelKey and
// ModelIndex facts (a local index's partition key is the table's, and where
// its findings point is the reader's choice); this writer turns them into
// the CreateTable parameters every table definition of the schema uses.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_MODELTABLEJSON_H
#define NOSQLINT_EXTRACT_DYNAMO_MODELTABLEJSON_H

#include "HostJson.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace nosqlint::extract::sdk {

/// One key attribute of a model: its name, its DynamoDB scalar type (S, N,
/// B), and the node that declares it, where findings on it point.
struct ModelKey {
  std::string Attribute;
  std::string Type;
  TSNode At;
};

/// A secondary index of a model, resolved: Hash is the table's partition key
/// for a local index. Findings on the index point at At.
struct ModelIndex {
  std::string Name;
  ModelKey Hash;
  std::optional<ModelKey> Range;
  bool Global = true;
  TSNode At;
};

/// The CreateTable parameters of model class \p Class: TableName (when
/// given), KeySchema, AttributeDefinitions (each attribute once, in the
/// order the table's keys and then the indexes' keys come), and the global
/// and local indexes in the order given, each projecting ALL (a mapper
/// declares no projection).
JsonValue modelTableParams(HostJson &Json, TSNode Class,
                           std::optional<JsonValue> TableName,
                           const ModelKey &Hash,
                           const std::optional<ModelKey> &Range,
                           llvm::ArrayRef<ModelIndex> Indexes);

} // namespace nosqlint::extract::sdk

#endif
