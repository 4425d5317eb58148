//===- Indexes.h - Which key or index serves an attribute ------*- C++ -*-===//
//
// Shared by the cost rules: finding the table key or index that would serve
// a lookup by an attribute, and writing the GlobalSecondaryIndexes entry
// (KeySchema and Projection JSON) that would serve it when none does.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_SRC_DYNAMO_INDEXES_H
#define NOSQLINT_SRC_DYNAMO_INDEXES_H

#include "nosqlint/Dynamo/Request.h"
#include "nosqlint/Schema/DynamoSchema.h"

#include <string>

namespace nosqlint::dynamo {

/// Where an attribute is a partition key.
struct KeyHome {
  const DynamoIndex *Index = nullptr; // null: the table's own key
  bool Found = false;
};

/// The table key or index whose (first) partition key is \p Attribute.
KeyHome partitionKeyHome(const DynamoTable &T, llvm::StringRef Attribute);
/// True if \p Attribute is any key attribute of the table or an index.
bool isKeyAnywhere(const DynamoTable &T, llvm::StringRef Attribute);
/// The attribute's type as declared in AttributeDefinitions, or "S".
std::string declaredType(const DynamoTable &T, llvm::StringRef Attribute);
/// A GSI definition serving lookups by \p Hash (and ranges on \p Range).
std::string proposeGsi(const DynamoTable &T, llvm::StringRef Hash,
                       llvm::StringRef Range = "");
/// "IndexName: ByEmail" or "the table's key".
std::string describeHome(const KeyHome &H);

} // namespace nosqlint::dynamo


namespace nosqlint::dynamo {

/// An attribute a filter looks items up by: `a = :v`, `a IN (...)` or
/// `begins_with(a, :p)` in the top-level AND of the condition.
struct Lookup {
  std::string Attribute;
  SourceRange Range; // the attribute in the expression
  bool Equality = true; // false: begins_with
  /// Host source: a #name computed at run time (Attribute is the
  /// placeholder): it may be any attribute, a key or not.
  bool NameUnknown = false;
};

std::vector<Lookup> lookupsOf(const Condition &C);

} // namespace nosqlint::dynamo

#endif
