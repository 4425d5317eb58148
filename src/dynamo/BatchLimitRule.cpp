//===- BatchLimitRule.cpp - batch-limit -----------------------------------===//
//
// DynamoDB rejects a whole batch or transaction above its item limit:
// BatchWriteItem 25 put/delete requests (over all tables), BatchGetItem 100
// keys, TransactWriteItems/TransactGetItems 100 actions, and
// BatchExecuteStatement 25 statements, with DynamoDB's message for the
// limit it applies first (a BatchWriteItem table's 25 requests, a
// BatchGetItem table's 100 keys). Empty ones are rejected too, a table's
// empty list of writes or keys included.
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
  std::string Field = lowerFirst(Param);
  auto Constraint = [](llvm::StringRef Value, llvm::StringRef At,
                       llvm::StringRef Rule) {
    return fmt::format("1 validation error detected: Value {}at '{}' failed "
                       "to satisfy constraint: {}",
                       Value.empty() ? std::string()
                                     : fmt::format("'{}' ", Value.str()),
                       At.str(), Rule.str());
  };
  // BatchWriteItem's map value, 1 to 25 requests per table.
  const char *const WritesPerTable =
      "Map value must satisfy constraint: [Member must have length less than "
      "or equal to 25, Member must have length greater than or equal to 1]";
  // A batch's tables: the one over its own limit (25 writes, 100 keys).
  const json::JsonMember *TableOver = nullptr;
  const json::JsonMember *TableEmpty = nullptr;
  if ((R.Op == Operation::BatchWriteItem || R.Op == Operation::BatchGetItem) &&
      M && M->Value.isObject())
    for (const json::JsonMember &T : M->Value.Members) {
      const json::JsonValue *List =
          R.Op == Operation::BatchGetItem ? T.Value.get("Keys") : &T.Value;
      if (!List || !List->isArray())
        continue;
      if (!TableOver && List->Elements.size() > Limit)
        TableOver = &T;
      if (!TableEmpty && !List->Unknown && List->Elements.empty())
        TableEmpty = &T;
    }
  if (Count.Listed > Limit) {
    // DynamoDB echoes the list it refuses, object dumps included: the
    // message names the parameter only.
    std::string Dynamo;
    if (R.Op == Operation::BatchGetItem)
      Dynamo = TableOver ? Constraint("",
                                      fmt::format("requestItems.{}.member.keys",
                                                  TableOver->Key),
                                      "Member must have length less than or "
                                      "equal to 100")
                         : "Too many items requested for the BatchGetItem call";
    else if (R.Op == Operation::BatchWriteItem)
      Dynamo = TableOver
                   ? Constraint("", Field, WritesPerTable)
                   : "Too many items requested for the BatchWriteItem call";
    else
      Dynamo = Constraint("", Field,
                          fmt::format("Member must have length less than or "
                                      "equal to {}",
                                      Limit));
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
  if (!M || M->Value.Unknown)
    return;
  const json::JsonValue &V = M->Value;
  if ((V.isArray() && V.Elements.empty()) ||
      (V.isObject() && V.Members.empty())) {
    C.report(RuleId::InvalidQuery, Where,
             Constraint(V.isArray() ? "[]" : "{}", Field,
                        "Member must have length greater than or equal to 1"));
    return;
  }
  if (!TableEmpty)
    return;
  // The echo: Java's rendering of a map that holds this one empty list.
  bool Alone = V.Members.size() == 1;
  if (R.Op == Operation::BatchWriteItem)
    C.report(RuleId::InvalidQuery, TableEmpty->keyRange(R.File),
             Constraint(Alone ? fmt::format("{{{}=[]}}", TableEmpty->Key) : "",
                        Field,
                        WritesPerTable));
  else
    C.report(RuleId::InvalidQuery, TableEmpty->keyRange(R.File),
             Constraint("[]",
                        fmt::format("requestItems.{}.member.keys",
                                    TableEmpty->Key),
                        "Member must have length greater than or equal to 1"));
}

} // namespace nosqlint::dynamo
