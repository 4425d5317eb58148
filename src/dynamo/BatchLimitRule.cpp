//===- BatchLimitRule.cpp - batch-limit -----------------------------------===//
//
// DynamoDB rejects a whole batch or transaction above its item limit:
// BatchWriteItem 25 put/delete requests (over all tables), BatchGetItem 100
// keys, TransactWriteItems/TransactGetItems 100 actions, and
// BatchExecuteStatement 25 statements. Empty ones are rejected too.
// Host source: what a list or map lists is counted even when it is open
// (the program may add more, never fewer: over the limit stays over it);
// only closed ones can be empty.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include <fmt/format.h>

#include <cctype>

#include <optional>

namespace nosqlint::dynamo {

namespace {

/// How many entries a batch or transaction holds: those it lists, and
/// whether it may hold more (an open list or map, or one computed at run
/// time). What is listed is a lower bound, so a count over the limit is
/// over it whatever the program adds.
struct EntryCount {
  size_t Listed = 0;
  bool Open = false;

  void add(const json::JsonValue *List) {
    if (!List)
      return;
    Open |= List->Unknown;
    if (List->isArray())
      Listed += List->Elements.size();
  }
};

EntryCount countEntries(const Request &R, llvm::StringRef Param) {
  EntryCount Count;
  const json::JsonValue *Items = R.param(Param);
  if (R.Op != Operation::BatchWriteItem && R.Op != Operation::BatchGetItem) {
    Count.add(Items);
    return Count;
  }
  if (!Items)
    return Count;
  Count.Open |= Items->Unknown;
  if (!Items->isObject())
    return Count;
  for (const json::JsonMember &T : Items->Members) {
    const json::JsonValue *List = &T.Value;
    if (R.Op == Operation::BatchGetItem) {
      // {"Keys": [...], ...}: an open entry that lists no Keys may hold them.
      if (!T.Value.isObject() || !T.Value.get("Keys")) {
        Count.Open |= T.Value.Unknown;
        continue;
      }
      List = T.Value.get("Keys");
    }
    Count.add(List);
  }
  return Count;
}

/// A parameter as DynamoDB names it in validation messages: "transactItems".
std::string lowerFirst(llvm::StringRef Param) {
  std::string S = Param.str();
  if (!S.empty())
    S[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(S[0])));
  return S;
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
  EntryCount Count = countEntries(R, Param);
  if (Count.Listed > Limit) {
    std::string Dynamo =
        R.Op == Operation::BatchGetItem
            ? "Too many items requested for the BatchGetItem call"
            : fmt::format("1 validation error detected: Value at '{}' failed "
                          "to satisfy constraint: Member must have length "
                          "less than or equal to {}",
                          lowerFirst(Param), Limit);
    C.report(RuleId::BatchLimit, Where,
             fmt::format("{} holds {}{} {}, more than the {} DynamoDB accepts "
                         "in one call: {}",
                         operationName(R.Op).str(),
                         Count.Open ? "at least " : "", Count.Listed,
                         What.str(), Limit, Dynamo))
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
                         lowerFirst(Param)));
}

} // namespace nosqlint::dynamo
