//===- BatchLimitRule.cpp - batch-limit -----------------------------------===//
//
// DynamoDB rejects a whole batch or transaction above its item limit:
// BatchWriteItem 25 put/delete requests (over all tables), BatchGetItem 100
// keys, TransactWriteItems/TransactGetItems 100 actions, and
// BatchExecuteStatement 25 statements. Empty ones are rejected too.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

void checkBatchLimits(const RequestContext &C) {
  const Request &R = C.R;
  size_t Count = 0, Limit = 0;
  llvm::StringRef Param, What;
  switch (R.Op) {
  case Operation::BatchWriteItem:
    Count = R.Members.size(), Limit = 25, Param = "RequestItems",
    What = "write requests";
    break;
  case Operation::BatchGetItem:
    for (const Request &M : R.Members)
      if (const json::JsonValue *K = M.param("Keys"); K && K->isArray())
        Count += K->Elements.size();
    Limit = 100, Param = "RequestItems", What = "keys";
    break;
  case Operation::TransactWriteItems:
  case Operation::TransactGetItems:
    Count = R.Members.size(), Limit = 100, Param = "TransactItems",
    What = "actions";
    break;
  case Operation::BatchExecuteStatement:
    Count = R.Members.size(), Limit = 25, Param = "Statements",
    What = "statements";
    break;
  case Operation::ExecuteTransaction:
    Count = R.Members.size(), Limit = 100, Param = "TransactStatements",
    What = "statements";
    break;
  default:
    return;
  }
  const json::JsonMember *M = R.paramMember(Param);
  SourceRange Where = M ? M->keyRange(R.File) : C.anchor();
  if (Count > Limit) {
    std::string Dynamo =
        R.Op == Operation::BatchGetItem
            ? "Too many items requested for the BatchGetItem call"
            : fmt::format("1 validation error detected: Value at '{}' failed "
                          "to satisfy constraint: Member must have length "
                          "less than or equal to {}",
                          llvm::StringRef(Param).lower(), Limit);
    C.report(RuleId::BatchLimit, Where,
             fmt::format("{} holds {} {}, more than the {} DynamoDB accepts "
                         "in one call: {}",
                         operationName(R.Op).str(), Count, What.str(), Limit,
                         Dynamo))
        .note(SourceRange(),
              fmt::format("split it into calls of at most {} {}{}", Limit,
                          What.str(),
                          R.Op == Operation::TransactWriteItems ||
                                  R.Op == Operation::ExecuteTransaction
                              ? " (the parts are then no longer atomic "
                                "together)"
                              : " and retry the unprocessed items each "
                                "call returns"));
    return;
  }
  bool Empty = M && ((M->Value.isArray() && M->Value.Elements.empty()) ||
                     (M->Value.isObject() && M->Value.Members.empty()));
  if (R.Op == Operation::BatchWriteItem && M && M->Value.isObject())
    for (const json::JsonMember &T : M->Value.Members)
      Empty |= T.Value.isArray() && T.Value.Elements.empty();
  if (Empty)
    C.report(RuleId::InvalidQuery, Where,
             fmt::format("1 validation error detected: Value at '{}' failed "
                         "to satisfy constraint: Member must have length "
                         "greater than or equal to 1",
                         llvm::StringRef(Param).lower()));
}

} // namespace nosqlint::dynamo
