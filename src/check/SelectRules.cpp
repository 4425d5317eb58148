//===- SelectRules.cpp - Wording shared by the SELECT rules ---------------===//
#include "SelectRules.h"

#include <fmt/format.h>

namespace nosqlint::check {

using schema::ColumnRole;

std::string describeScope(const SelectContext &C) {
  const SelectAnalysis &A = C.Analysis;
  switch (A.Scope) {
  case PartitionScope::Known:
    if (!A.PartitionCountKnown)
      return "every partition listed in the IN";
    if (A.PartitionCount == 0)
      return "no partition (an empty IN)";
    if (A.PartitionCount == 1)
      return "one partition";
    return fmt::format("{} partitions", A.PartitionCount);
  case PartitionScope::TokenRange:
    return fmt::format("every partition in a token range of {}",
                       C.Table->qualifiedName());
  case PartitionScope::Filtered:
  case PartitionScope::All:
    return fmt::format("every partition of {}", C.Table->qualifiedName());
  }
  return "";
}

std::string describeUnserved(const SelectContext &C) {
  const SelectAnalysis &A = C.Analysis;
  std::vector<std::string> Parts;
  for (const Restriction *R : A.Unserved) {
    std::string Name = R->Column->Name;
    std::string Why;
    if (R->Column->Role == ColumnRole::PartitionKey)
      // An equality serves only with the rest of the key; nothing else on a
      // partition key column is served (partitions lie in token order).
      Why = R->isEqOrIn()        ? "only part of the partition key"
            : isSliceOp(R->Op)   ? "a range on the partition key"
                                 : fmt::format("'{}' on the partition key",
                                               relationOpSpelling(R->Op).str());
    else if (R->Column->Role == ColumnRole::Clustering)
      Why = A.Scope == PartitionScope::Known
                ? "breaks the clustering prefix"
                : "clustering column without the partition key";
    else if (R->ServingIndex)
      Why = "its index cannot be combined with the other restrictions";
    else if (!C.Table->indexesOn(Name).empty())
      Why = fmt::format("its index does not serve '{}'",
                        relationOpSpelling(R->Op).str());
    else
      Why = "not indexed";
    std::string Part = fmt::format("'{}' ({})", Name, Why);
    if (std::find(Parts.begin(), Parts.end(), Part) == Parts.end())
      Parts.push_back(Part);
  }
  std::string S;
  for (size_t I = 0; I < Parts.size(); ++I)
    S += (I == 0 ? "" : I + 1 == Parts.size() ? " and " : ", ") + Parts[I];
  return S;
}

SourceRange scopeRange(const SelectContext &C) {
  const SelectAnalysis &A = C.Analysis;
  if (!A.TokenRelations.empty())
    return A.TokenRelations.front()->Range;
  if (A.Scope == PartitionScope::Filtered && !A.PartitionKey.empty())
    return A.PartitionKey.front().Source->Range;
  if (A.UsesIndex)
    for (const Restriction *R : A.Filter)
      if (R->ServingIndex)
        return R->Source->Range;
  return C.Select.Table.Range;
}

} // namespace nosqlint::check
