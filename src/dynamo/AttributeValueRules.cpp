//===- AttributeValueRules.cpp - invalid-query for malformed values -------===//
//
// Every AttributeValue of a request is validated before DynamoDB looks at
// the table: the item, the key or keys, ExclusiveStartKey, the values of
// legacy conditions and updates, and ExpressionAttributeValues (whose
// message names the placeholder). One finding per request, the first.
// Host source: values computed at run time are not judged.
//
//===----------------------------------------------------------------------===//
#include "AttributeValues.h"
#include "CheckContext.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

namespace {

/// The AttributeValues of a request, in the order DynamoDB validates them.
void collectValues(const Request &R,
                   std::vector<const json::JsonValue *> &Out) {
  auto MapValues = [&](const json::JsonValue *Map) {
    if (!Map || !Map->isObject())
      return;
    for (const json::JsonMember &M : Map->Members)
      Out.push_back(&M.Value);
  };
  MapValues(R.param("Key"));
  MapValues(R.param("Item"));
  if (const json::JsonValue *Keys = R.param("Keys"); Keys && Keys->isArray())
    for (const json::JsonValue &K : Keys->Elements)
      MapValues(&K);
  MapValues(R.param("ExclusiveStartKey"));
  for (const char *Conditions :
       {"KeyConditions", "QueryFilter", "ScanFilter", "Expected"}) {
    const json::JsonValue *Map = R.param(Conditions);
    if (!Map || !Map->isObject())
      continue;
    for (const json::JsonMember &M : Map->Members) {
      if (const json::JsonValue *V = M.Value.get("Value"))
        Out.push_back(V);
      if (const json::JsonValue *L = M.Value.get("AttributeValueList");
          L && L->isArray())
        for (const json::JsonValue &V : L->Elements)
          Out.push_back(&V);
    }
  }
  if (const json::JsonValue *U = R.param("AttributeUpdates");
      U && U->isObject())
    for (const json::JsonMember &M : U->Members)
      if (const json::JsonValue *V = M.Value.get("Value"))
        Out.push_back(V);
}

} // namespace

void checkAttributeValues(const RequestContext &C) {
  const Request &R = C.R;
  std::vector<const json::JsonValue *> Values;
  collectValues(R, Values);
  for (const json::JsonValue *V : Values)
    if (std::optional<std::string> P = attributeValueProblem(*V)) {
      C.report(RuleId::InvalidQuery, V->range(R.File), *P);
      return;
    }
  for (const PlaceholderDef &D : R.Values)
    if (D.Value)
      if (std::optional<std::string> P = attributeValueProblem(*D.Value)) {
        // DynamoDB reports too deep a value as it is, unwrapped.
        bool Bare = llvm::StringRef(*P).startswith("Nesting Levels");
        C.report(RuleId::InvalidQuery, D.Value->range(R.File),
                 Bare ? *P
                      : fmt::format("ExpressionAttributeValues contains "
                                    "invalid value: {} for key {}",
                                    *P, D.Key));
        return;
      }
}

} // namespace nosqlint::dynamo
