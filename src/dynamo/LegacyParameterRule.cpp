//===- LegacyParameterRule.cpp - legacy-parameter -------------------------===//
//
// The parameters DynamoDB kept from before expressions: still accepted, but
// less expressive (no nested paths, no functions) and documented as legacy.
// One note per parameter, at its name, with the expression to use instead.
// The comparison operators of legacy conditions only take scalar (and, for
// EQ/NE, set) values: anything else is an invalid-query (not judged when
// the operator or the value's type is computed at run time).
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

namespace {

void checkOperandTypes(const RequestContext &C, const json::JsonValue &Conds) {
  if (!Conds.isObject())
    return;
  for (const json::JsonMember &M : Conds.Members) {
    const json::JsonValue *OpV = M.Value.get("ComparisonOperator");
    const json::JsonValue *List = M.Value.get("AttributeValueList");
    if (!OpV || !OpV->isString() || OpV->Unknown || !List || !List->isArray())
      continue;
    llvm::StringRef Op = OpV->Str;
    bool Eq = Op == "EQ" || Op == "NE";
    bool Order = Op == "LE" || Op == "LT" || Op == "GE" || Op == "GT";
    if (!Eq && !Order)
      continue;
    for (const json::JsonValue &V : List->Elements) {
      std::string T = attributeValueType(&V);
      bool Ok = T == "S" || T == "N" || T == "B" ||
                (Eq && (T == "SS" || T == "NS" || T == "BS"));
      if (T.empty() || Ok)
        continue;
      C.report(RuleId::InvalidQuery, V.range(C.R.File),
               fmt::format("One or more parameter values were invalid: "
                           "ComparisonOperator {} is not valid for {} "
                           "AttributeValue type",
                           Op.str(), T));
      return;
    }
  }
}

} // namespace

void checkLegacyParameters(const RequestContext &C) {
  for (const char *Name : {"KeyConditions", "QueryFilter", "ScanFilter"})
    if (const json::JsonValue *V = C.R.param(Name))
      checkOperandTypes(C, *V);
  static const std::pair<const char *, const char *> Legacy[] = {
      {"KeyConditions", "KeyConditionExpression"},
      {"QueryFilter", "FilterExpression"},
      {"ScanFilter", "FilterExpression"},
      {"AttributesToGet", "ProjectionExpression"},
      {"Expected", "ConditionExpression"},
      {"AttributeUpdates", "UpdateExpression"},
      {"ConditionalOperator", "AND/OR inside the expression"},
  };
  for (const auto &[Name, Instead] : Legacy)
    if (const json::JsonMember *M = C.R.paramMember(Name))
      C.report(RuleId::LegacyParameter, M->keyRange(C.R.File),
               fmt::format("{} is a legacy parameter; use {} instead", Name,
                           Instead));
}

} // namespace nosqlint::dynamo
