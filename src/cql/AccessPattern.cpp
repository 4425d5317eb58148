//===- AccessPattern.cpp - Which keys a set of relations restricts --------===//
#include "nosqlint/IR/AccessPattern.h"

#include <algorithm>

namespace nosqlint {

namespace {

bool pins(cql::RelationOp Op) {
  return Op == cql::RelationOp::Eq || Op == cql::RelationOp::In;
}

/// How the relations restrict \p Column: pinned (= or IN), restricted
/// otherwise, or not at all.
enum class Restriction { None, Other, Pinned };

Restriction restrictionOf(llvm::ArrayRef<cql::Relation> Where,
                          const std::string &Column) {
  Restriction Best = Restriction::None;
  for (const cql::Relation &R : Where) {
    if (R.Target != cql::Relation::Column &&
        R.Target != cql::Relation::ColumnTuple)
      continue;
    for (const cql::Identifier &C : R.Columns)
      if (C.Name == Column)
        Best = std::max(Best, pins(R.Op) ? Restriction::Pinned
                                         : Restriction::Other);
  }
  return Best;
}

void addUnique(std::vector<std::string> &V, const std::string &S) {
  if (std::find(V.begin(), V.end(), S) == V.end())
    V.push_back(S);
}

} // namespace

void describeKeyAccess(llvm::ArrayRef<cql::Relation> Where,
                       const KeyColumns *Keys, AccessPattern &P) {
  if (Keys) {
    P.FullPartitionKey = !Keys->Partition.empty();
    for (const std::string &K : Keys->Partition) {
      if (restrictionOf(Where, K) == Restriction::Pinned)
        P.PartitionKey.push_back(K);
      else
        P.FullPartitionKey = false;
    }
    for (const std::string &K : Keys->Sort) {
      Restriction R = restrictionOf(Where, K);
      if (R == Restriction::None)
        break;
      P.SortKey.push_back(K);
      if (R != Restriction::Pinned)
        break;
    }
  }
  for (const cql::Relation &R : Where) {
    if (!pins(R.Op) || (R.Target != cql::Relation::Column &&
                        R.Target != cql::Relation::ColumnTuple))
      continue;
    for (const cql::Identifier &C : R.Columns) {
      bool IsKey =
          Keys && (std::find(Keys->Partition.begin(), Keys->Partition.end(),
                             C.Name) != Keys->Partition.end() ||
                   std::find(Keys->Sort.begin(), Keys->Sort.end(), C.Name) !=
                       Keys->Sort.end());
      if (!IsKey)
        addUnique(P.Other, C.Name);
    }
  }
}

} // namespace nosqlint
