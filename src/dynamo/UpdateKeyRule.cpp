//===- UpdateKeyRule.cpp - invalid-query for updates of key attributes ----===//
//
// An UpdateExpression may not SET, REMOVE, ADD or DELETE an attribute of the
// table's primary key (also through a #placeholder or a nested path), and a
// SET of an index key must give it the index's declared type. ADD takes a
// number or a set, DELETE a set. Legacy AttributeUpdates: the same rules for
// key attributes. Host source: a value of unknown type and an attribute
// whose #name is computed at run time are not judged.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

namespace {

/// The index whose key \p Name is, declared with a type other than \p Got.
const DynamoIndex *mistypedIndexKey(const DynamoTable &T, llvm::StringRef Name,
                                    llvm::StringRef Got,
                                    const DynamoKeyAttribute *&Key) {
  for (const auto *List : {&T.GlobalIndexes, &T.LocalIndexes})
    for (const DynamoIndex &I : *List)
      for (const auto *Part : {&I.Keys.Hash, &I.Keys.Range})
        for (const DynamoKeyAttribute &K : *Part)
          if (K.Name == Name && K.Type != DynamoScalarType::Unknown &&
              dynamoScalarTypeName(K.Type) != Got) {
            Key = &K;
            return &I;
          }
  return nullptr;
}

std::string indexTypeMismatch(const DynamoKeyAttribute &K,
                              llvm::StringRef Got, const DynamoIndex &I) {
  return fmt::format("One or more parameter values were invalid: Type "
                     "mismatch for Index Key {} Expected: {} Actual: {} "
                     "IndexName: {}",
                     K.Name, dynamoScalarTypeName(K.Type).str(), Got.str(),
                     I.Name);
}

/// Legacy AttributeUpdates: no table key attribute; an index key PUT with
/// its declared type.
void checkAttributeUpdateKeys(const RequestContext &C,
                              const json::JsonValue &Updates) {
  if (!Updates.isObject())
    return;
  FileId File = C.R.File;
  for (const json::JsonMember &M : Updates.Members) {
    if (!C.Table->Keys.contains(M.Key))
      continue;
    C.report(RuleId::InvalidQuery, M.keyRange(File),
             "One or more parameter values were invalid: Cannot update "
             "attribute " + M.Key + ". This attribute is part of the key");
    return;
  }
  for (const json::JsonMember &M : Updates.Members) {
    const json::JsonValue *Action = M.Value.get("Action");
    if (Action && (Action->Unknown || !Action->isString() ||
                   Action->Str != "PUT"))
      continue;
    std::string Got = attributeValueType(M.Value.get("Value"));
    const DynamoKeyAttribute *K = nullptr;
    if (Got.empty())
      continue;
    if (const DynamoIndex *I = mistypedIndexKey(*C.Table, M.Key, Got, K)) {
      C.report(RuleId::InvalidQuery, M.Value.get("Value")->range(File),
               indexTypeMismatch(*K, Got, *I));
      return;
    }
  }
}

} // namespace

void checkUpdateKeys(const RequestContext &C) {
  if (const json::JsonValue *AU = C.R.knownParam("AttributeUpdates");
      AU && C.Table && C.R.Op == Operation::UpdateItem)
    checkAttributeUpdateKeys(C, *AU);
  const Expression *U = C.R.expression(ExprKind::Update);
  if (!U || !U->ok())
    return;
  for (const UpdateAction &A : U->Updates) {
    std::optional<std::string> T = A.Value ? A.Value->valueType() : std::nullopt;
    if (A.Kind == UpdateAction::Add && T && *T != "N" && *T != "SS" &&
        *T != "NS" && *T != "BS") {
      C.report(RuleId::InvalidQuery, A.Value->Range,
               fmt::format("Invalid UpdateExpression: Incorrect operand type "
                           "for operator or function; operator: ADD, operand "
                           "type: {}",
                           *T == "S" ? "STRING" : *T == "B" ? "BINARY" : *T));
      return;
    }
    if (A.Kind == UpdateAction::Delete && T && *T != "SS" && *T != "NS" &&
        *T != "BS") {
      C.report(RuleId::InvalidQuery, A.Value->Range,
               fmt::format("Invalid UpdateExpression: Incorrect operand type "
                           "for operator or function; operator: DELETE, "
                           "operand type: {}",
                           *T == "N" ? "NUMBER" : *T == "S" ? "STRING" : *T));
      return;
    }
  }
  if (!C.Table)
    return;
  for (const UpdateAction &A : U->Updates) {
    const std::string &Top = A.Path.topName();
    if (A.Path.Elements.front().NameUnknown || !C.Table->Keys.contains(Top))
      continue;
    C.report(RuleId::InvalidQuery, A.Path.Elements.front().Range,
             "One or more parameter values were invalid: Cannot update "
             "attribute " + Top + ". This attribute is part of the key")
        .note(C.Table->Keys.Definition,
              "to change a key attribute, delete the item and put it again "
              "with the new key (in one TransactWriteItems call)");
    return;
  }
  for (const UpdateAction &A : U->Updates) {
    if (A.Kind != UpdateAction::Set || !A.Path.isTopLevel() || !A.Value ||
        A.Path.Elements.front().NameUnknown)
      continue;
    std::optional<std::string> T = A.Value->valueType();
    if (!T)
      continue;
    const DynamoKeyAttribute *K = nullptr;
    if (const DynamoIndex *I =
            mistypedIndexKey(*C.Table, A.Path.topName(), *T, K)) {
      C.report(RuleId::InvalidQuery, A.Value->Range,
               indexTypeMismatch(*K, *T, *I));
      return;
    }
  }
}

} // namespace nosqlint::dynamo
