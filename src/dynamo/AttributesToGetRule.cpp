//===- AttributesToGetRule.cpp - invalid-query for AttributesToGet --------===//
//
// The legacy projection of GetItem, Query, Scan and BatchGetItem: a list of
// at least one attribute name, none of them twice. Host source: a list
// computed at run time, or an open one, is not judged.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include <set>

namespace nosqlint::dynamo {

void checkAttributesToGet(const RequestContext &C) {
  const json::JsonValue *A = C.R.knownParam("AttributesToGet");
  if (!A || !A->isArray())
    return;
  if (A->Elements.empty()) {
    C.report(RuleId::InvalidQuery, A->range(C.R.File),
             "1 validation error detected: Value '[]' at 'attributesToGet' "
             "failed to satisfy constraint: Member must have length greater "
             "than or equal to 1");
    return;
  }
  std::set<std::string> Seen;
  for (const json::JsonValue &Name : A->Elements) {
    if (Name.Unknown || !Name.isString() || Seen.insert(Name.Str).second)
      continue;
    C.report(RuleId::InvalidQuery, Name.range(C.R.File),
             "One or more parameter values were invalid: Duplicate value in "
             "attribute name: " + Name.Str);
    return;
  }
}

} // namespace nosqlint::dynamo
