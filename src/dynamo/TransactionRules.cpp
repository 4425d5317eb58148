//===- TransactionRules.cpp - invalid-query for TransactWriteItems --------===//
//
// What DynamoDB validates in a TransactWriteItems call beyond its members:
// a ConditionCheck holds a ConditionExpression (it is the whole action), and
// ClientRequestToken, the idempotency token, is 1 to 36 characters long.
// The number of actions is BatchLimitRule.cpp's, one item twice is
// DuplicateItemRule.cpp's. Host source: an action or token computed at run
// time, or an open action, is not judged.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

namespace {

void checkConditionChecks(const RequestContext &C) {
  const json::JsonValue *Items = C.R.knownParam("TransactItems");
  if (!Items || !Items->isArray())
    return;
  for (size_t I = 0; I < Items->Elements.size(); ++I) {
    const json::JsonValue &A = Items->Elements[I];
    const json::JsonMember *Check = A.member("ConditionCheck");
    if (!Check || !Check->Value.isObject() || Check->Value.Unknown ||
        Check->Value.get("ConditionExpression"))
      continue;
    C.report(RuleId::InvalidQuery, Check->keyRange(C.R.File),
             fmt::format("1 validation error detected: Value null at "
                         "'transactItems.{}.member.conditionCheck."
                         "conditionExpression' failed to satisfy constraint: "
                         "Member must not be null",
                         I + 1))
        .note(SourceRange(), "a ConditionCheck is its condition: add the "
                             "ConditionExpression it tests, or drop the "
                             "action");
    return;
  }
}

void checkClientRequestToken(const RequestContext &C) {
  const json::JsonValue *T = C.R.knownParam("ClientRequestToken");
  if (!T || !T->isString() || (!T->Str.empty() && T->Str.size() <= 36))
    return;
  C.report(RuleId::InvalidQuery, T->range(C.R.File),
           fmt::format("1 validation error detected: Value '{}' at "
                       "'clientRequestToken' failed to satisfy constraint: "
                       "Member must have length {} {}",
                       T->Str,
                       T->Str.empty() ? "greater than or equal to"
                                      : "less than or equal to",
                       T->Str.empty() ? 1 : 36));
}

} // namespace

void checkTransaction(const RequestContext &C) {
  if (C.R.Op != Operation::TransactWriteItems)
    return;
  checkConditionChecks(C);
  checkClientRequestToken(C);
}

} // namespace nosqlint::dynamo
