//===- FilterExpressionRule.cpp - filter-expression on Query --------------===//
//
// A Query's FilterExpression runs after DynamoDB has read every item the key
// condition matches: Limit and the 1 MB page count the items read, and the
// bill does too. (On a Scan the filter is part of the full-scan message.)
// The note names the index that would serve the predicate, or the key
// design that would. A filter computed at run time is not judged: it may
// be absent at run time (JavaScript's undefined).
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"
#include "Indexes.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

void checkFilterExpression(const RequestContext &C) {
  const Request &R = C.R;
  if (R.Op != Operation::Query)
    return;
  const Expression *F = R.expression(ExprKind::Filter);
  SourceRange Where;
  if (F && F->Unknown)
    return;
  if (F)
    Where = F->Range;
  else if (const json::JsonMember *QF = R.paramMember("QueryFilter");
           QF && !QF->Value.Unknown)
    Where = QF->keyRange(R.File);
  else
    return;
  DiagnosticBuilder B = C.report(
      RuleId::FilterExpression, Where,
      fmt::format("the filter runs after the Query has read every item its "
                  "key condition matches on {}: the dropped items are read "
                  "and billed, and count against Limit and the 1 MB page",
                  C.target()));
  // Which index would serve the filter depends on the index read.
  if (!F || !F->ok() || !F->Cond || !C.Table || R.indexUnknown())
    return;
  for (const Lookup &L : lookupsOf(*F->Cond)) {
    if (L.NameUnknown)
      continue;
    for (const DynamoIndex &I : C.Table->LocalIndexes)
      if (const DynamoKeyAttribute *S = I.Keys.sortKey();
          S && S->Name == L.Attribute && (!C.Index || C.Index != &I)) {
        B.note(I.NameRange,
               fmt::format("'{}' is the sort key of local secondary index "
                           "'{}': query it with \"IndexName\": \"{}\" and "
                           "put the condition into the KeyConditionExpression",
                           L.Attribute, I.Name, I.Name));
        return;
      }
    for (const DynamoIndex &I : C.Table->GlobalIndexes)
      if (I.Keys.contains(L.Attribute) && (!C.Index || C.Index != &I)) {
        B.note(I.NameRange,
               fmt::format("'{}' is a key of global secondary index '{}': "
                           "a Query on it reads only the matching items",
                           L.Attribute, I.Name));
        return;
      }
  }
  if (C.Keys && C.Keys->sortKey())
    B.note(C.Keys->Definition,
           fmt::format("if this filter is a frequent access pattern, make it "
                       "part of the sort key (a composite value such as "
                       "\"<value>#<{}>\") or of a GSI's key",
                       C.Keys->sortKey()->Name));
}

} // namespace nosqlint::dynamo
