//===- AccessPattern.h - What a query reads or writes, by which key -*- C++ -*-===//
//
// Where CQL and DynamoDB meet: every query or request is an operation on a
// table (or an index of it) that pins some partition-key attributes and
// constrains some sort-key (clustering) attributes. The access-pattern
// inventory (`nosqlint queries`) lists these for both dialects from this one
// shape, which the expert checklist's first step asks for.
//
// Both dialects' predicates are CQL relations by then (a CQL WHERE clause as
// parsed; DynamoDB's key conditions, PartiQL WHERE clauses and Key maps
// lowered by Dynamo/Relations.h), and describeKeyAccess reads the keys off
// them the same way for both.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_IR_ACCESSPATTERN_H
#define NOSQLINT_IR_ACCESSPATTERN_H

#include "nosqlint/Basic/SourceLocation.h"
#include "nosqlint/Diag/Rule.h"
#include "nosqlint/IR/Cql.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace nosqlint {

struct AccessPattern {
  Dialect Lang = Dialect::None;
  SourceRange Range;          // where the query or request is written
  std::string Operation;      // SELECT, UPDATE, ...; Query, Scan, GetItem, ...
  std::string Table;          // as written
  std::string Index;          // a DynamoDB IndexName; empty for the table
  bool TableKnown = false;    // the schema declares the table
  /// Partition-key attributes pinned with = (or IN), in key order when the
  /// schema is known.
  std::vector<std::string> PartitionKey;
  /// Sort-key (clustering) attributes the query constrains.
  std::vector<std::string> SortKey;
  bool FullPartitionKey = false; // every partition-key attribute is pinned
  /// Attributes pinned that the schema does not make keys (or, without a
  /// schema, every pinned attribute).
  std::vector<std::string> Other;
  std::string Text;           // normalized text (key condition, statement)
};

/// The key of a table or index: its partition-key (hash) attributes and its
/// clustering (sort) attributes, in key order.
struct KeyColumns {
  std::vector<std::string> Partition;
  std::vector<std::string> Sort;
};

/// Fills P.PartitionKey (attributes pinned with = or IN, in key order),
/// P.FullPartitionKey, P.SortKey (the sort-key prefix the relations
/// restrict: = and IN extend it, the first other restriction ends it and
/// counts) and P.Other (pinned attributes that are no key; with \p Keys
/// null, no schema is known and every pinned attribute is Other).
void describeKeyAccess(llvm::ArrayRef<cql::Relation> Where,
                       const KeyColumns *Keys, AccessPattern &P);

} // namespace nosqlint

#endif
