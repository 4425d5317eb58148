//===- Relations.h - DynamoDB predicates in the CQL relation IR -*- C++ -*-===//
//
// Where DynamoDB and CQL meet: a key condition, a filter, a condition
// expression, a PartiQL WHERE clause and a Key map all select items with
// `attribute op value` terms joined by AND, which is what a CQL WHERE clause
// is. This lowers them into cql::Relation (include/nosqlint/IR/Cql.h), so
// that code written once against that IR serves both dialects: the
// access-pattern inventory (IR/AccessPattern.h, describeKeyAccess) does.
//
//   a = :v, a <> :v, a < :v ...  ->  a = :v, a != :v, a < :v ...
//   :v < a                       ->  a > :v   (the attribute on the left)
//   a BETWEEN :x AND :y          ->  a >= :x AND a <= :y
//   a IN (:x, :y)                ->  a IN (:x, :y)
//   begins_with(a, :p)           ->  a LIKE :p  (a prefix match, as SAI's LIKE 'p%')
//   contains(a, :v)              ->  a CONTAINS :v
//   attribute_exists(a)          ->  a IS NOT NULL
//   Key {"a": {"S": "x"}}        ->  a = 'x'
//
// `:v` placeholders become named bind markers (`:v`), PartiQL's `?` plain
// ones, AttributeValue literals CQL literals, values computed at run time
// plain bind markers. #name placeholders are resolved to the attribute
// names; a name computed at run time cannot be lowered. Nested paths
// (`a.b[0]`), OR, NOT and the other functions have no CQL relation: the
// result then says it is incomplete, and holds the AND-ed terms that do
// lower.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DYNAMO_RELATIONS_H
#define NOSQLINT_DYNAMO_RELATIONS_H

#include "nosqlint/Dynamo/Request.h"
#include "nosqlint/IR/Cql.h"

#include <vector>

namespace nosqlint::dynamo {

struct LoweredWhere {
  std::vector<cql::Relation> Relations;
  /// Every AND-ed term of the predicate was lowered.
  bool Complete = true;
};

/// A key condition, filter or condition expression.
LoweredWhere lowerCondition(const Condition &C);
/// A PartiQL WHERE clause.
LoweredWhere lowerPartiQLWhere(const PqlExpr &Where);
/// A Key (or the key attributes of an Item): one `attr = value` each.
/// \p File locates the JSON values.
LoweredWhere lowerKeyMap(const json::JsonValue &Map, FileId File);

} // namespace nosqlint::dynamo

#endif
