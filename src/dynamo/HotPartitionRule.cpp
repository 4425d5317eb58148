//===- HotPartitionRule.cpp - hot-partition-key on reads ------------------===//
//
// A Query whose table or index has a low-cardinality partition key (the
// schema check's verdict: a flag, a status, a date bucket): all requests for
// one value land on one partition. Reported at the condition that pins it.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include "nosqlint/Schema/KeyHeuristics.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

std::optional<KeyVerdict> hotKeyVerdict(const DynamoKeySchema &Keys) {
  KeyShape Shape;
  for (const DynamoKeyAttribute &K : Keys.Hash)
    Shape.PartitionKey.push_back({K.Name, dynamoScalarTypeName(K.Type).str()});
  for (const DynamoKeyAttribute &K : Keys.Range)
    Shape.SortKey.push_back({K.Name, dynamoScalarTypeName(K.Type).str()});
  if (Shape.PartitionKey.empty())
    return std::nullopt;
  return judgeHotPartitionKey(Shape, Dialect::DynamoDb);
}

void checkHotPartition(const RequestContext &C) {
  const Request &R = C.R;
  if (R.Op != Operation::Query || !C.Keys || !C.KeyAnalysis.Present)
    return;
  std::optional<KeyVerdict> V = hotKeyVerdict(*C.Keys);
  if (!V)
    return;
  const DynamoKeyAttribute &K = C.Keys->Hash[std::min<size_t>(
      V->PartIndex, C.Keys->Hash.size() - 1)];
  const KeyTerm *T = C.KeyAnalysis.term(K.Name);
  C.report(RuleId::HotPartitionKey, T ? T->AttrRange : C.KeyAnalysis.Range,
           fmt::format("Query on {}: {}", C.target(), V->Reason))
      .note(K.Range, V->Suggestion);
}

} // namespace nosqlint::dynamo
