//===- LegacyParameterRule.cpp - legacy-parameter -------------------------===//
//
// The parameters DynamoDB kept from before expressions: still accepted, but
// less expressive (no nested paths, no functions) and documented as legacy.
// One note per parameter, at its name, with the expression to use instead.
// What DynamoDB validates in them is LegacyConditionRules.cpp.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

void checkLegacyParameters(const RequestContext &C) {
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
