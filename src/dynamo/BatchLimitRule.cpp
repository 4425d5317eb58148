//===- BatchLimitRule.cpp - batch-limit -----------------------------------===//
//
// DynamoDB rejects a whole batch or transaction above its item limit:
// BatchWriteItem 25 put/delete requests (over all tables), BatchGetItem 100
// keys, TransactWriteItems/TransactGetItems 100 actions, and
// BatchExecuteStatement 25 statements. Empty ones are rejected too.
// Host source: only closed lists and maps are counted (an open one may hold
// more, a list computed at run time anything) and only closed ones are
// empty.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include <fmt/format.h>

#include <optional>

namespace nosqlint::dynamo {

namespace {

/// The entries of a closed list (0 for a malformed one, reported elsewhere);
/// nullopt when the list may hold more or is computed at run time.
std::optional<size_t> closedLength(const json::JsonValue *V) {
  if (V && V->Unknown)
    return std::nullopt;
  return V && V->isArray() ? V->Elements.size() : 0;
}

/// The number of entries the batch or transaction surely holds, when known.
std::optional<size_t> countEntries(const Request &R, llvm::StringRef Param) {
  const json::JsonValue *Items = R.param(Param);
  if (R.Op != Operation::BatchWriteItem && R.Op != Operation::BatchGetItem)
    return closedLength(Items);
  if (Items && Items->Unknown)
    return std::nullopt;
  if (!Items || !Items->isObject())
    return 0;
  size_t Count = 0;
  for (const json::JsonMember &T : Items->Members) {
    const json::JsonValue *List = &T.Value;
    if (R.Op == Operation::BatchGetItem) {
      // {"Keys": [...], ...}: an open entry that lists no Keys may hold them.
      if (T.Value.Unknown && !T.Value.get("Keys"))
        return std::nullopt;
      if (!T.Value.isObject())
        continue;
      List = T.Value.get("Keys");
      if (!List)
        continue;
    }
    std::optional<size_t> N = closedLength(List);
    if (!N)
      return std::nullopt;
    Count += *N;
  }
  return Count;
}

} // namespace

void checkBatchLimits(const RequestContext &C) {
  const Request &R = C.R;
  size_t Limit = 0;
  llvm::StringRef Param, What;
  switch (R.Op) {
  case Operation::BatchWriteItem:
    Limit = 25, Param = "RequestItems", What = "write requests";
    break;
  case Operation::BatchGetItem:
    Limit = 100, Param = "RequestItems", What = "keys";
    break;
  case Operation::TransactWriteItems:
  case Operation::TransactGetItems:
    Limit = 100, Param = "TransactItems", What = "actions";
    break;
  case Operation::BatchExecuteStatement:
    Limit = 25, Param = "Statements", What = "statements";
    break;
  case Operation::ExecuteTransaction:
    Limit = 100, Param = "TransactStatements", What = "statements";
    break;
  default:
    return;
  }
  const json::JsonMember *M = R.paramMember(Param);
  SourceRange Where = M ? M->keyRange(R.File) : C.anchor();
  std::optional<size_t> Known = countEntries(R, Param);
  size_t Count = Known.value_or(0);
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
  auto ClosedEmpty = [](const json::JsonValue &V) {
    return !V.Unknown && ((V.isArray() && V.Elements.empty()) ||
                          (V.isObject() && V.Members.empty()));
  };
  bool Empty = M && ClosedEmpty(M->Value);
  if (R.Op == Operation::BatchWriteItem && M && M->Value.isObject())
    for (const json::JsonMember &T : M->Value.Members)
      Empty |= T.Value.isArray() && ClosedEmpty(T.Value);
  if (Empty)
    C.report(RuleId::InvalidQuery, Where,
             fmt::format("1 validation error detected: Value at '{}' failed "
                         "to satisfy constraint: Member must have length "
                         "greater than or equal to 1",
                         llvm::StringRef(Param).lower()));
}

} // namespace nosqlint::dynamo
