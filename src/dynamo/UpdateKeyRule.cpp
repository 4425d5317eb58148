//===- UpdateKeyRule.cpp - invalid-query for updates of key attributes ----===//
//
// An UpdateExpression may not SET, REMOVE, ADD or DELETE an attribute of the
// table's primary key (also through a #placeholder or a nested path), and a
// SET or ADD of an index key must give it the index's declared type (not
// NULL) and no empty string or binary. ADD takes a number or a set, DELETE a
// set. Legacy AttributeUpdates: the same rules for key attributes (PUT and
// ADD). Host source: a value of unknown type and an attribute
// whose #name is computed at run time are not judged.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include <fmt/format.h>

#include <optional>

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

/// An index key attribute named \p Name, declared with a type.
const DynamoIndex *indexKey(const DynamoTable &T, llvm::StringRef Name,
                            const DynamoKeyAttribute *&Key) {
  for (const auto *List : {&T.GlobalIndexes, &T.LocalIndexes})
    for (const DynamoIndex &I : *List)
      for (const auto *Part : {&I.Keys.Hash, &I.Keys.Range})
        for (const DynamoKeyAttribute &K : *Part)
          if (K.Name == Name && K.Type != DynamoScalarType::Unknown) {
            Key = &K;
            return &I;
          }
  return nullptr;
}

/// "string" or "binary" for an empty S or B AttributeValue, else null.
const char *emptyKind(const json::JsonValue *V) {
  if (!V || !V->isObject() || V->Unknown || V->Members.size() != 1)
    return nullptr;
  const json::JsonMember &M = V->Members.front();
  if ((M.Key != "S" && M.Key != "B") || !M.Value.isString() ||
      M.Value.Unknown || !M.Value.Str.empty())
    return nullptr;
  return M.Key == "S" ? "string" : "binary";
}

/// UpdateItem's message for an empty index key value (it names neither the
/// index nor the key, unlike PutItem's).
std::string emptyIndexKey(const char *Kind) {
  return fmt::format("One or more parameter values are not valid. The "
                     "update expression attempted to update a secondary "
                     "index key to a value that is not supported. The "
                     "AttributeValue for a key attribute cannot contain an "
                     "empty {} value.",
                     Kind);
}

std::string indexTypeMismatch(const DynamoKeyAttribute &K,
                              llvm::StringRef Got, const DynamoIndex &I) {
  return fmt::format("One or more parameter values were invalid: Type "
                     "mismatch for Index Key {} Expected: {} Actual: {} "
                     "IndexName: {}",
                     K.Name, dynamoScalarTypeName(K.Type).str(), Got.str(),
                     I.Name);
}

/// What an update writes to index key \p Name, of type \p Got (the value
/// \p V): a type other than the declared one, or an empty string or binary.
std::optional<std::string> indexKeyProblem(const DynamoTable &T,
                                           llvm::StringRef Name,
                                           llvm::StringRef Got,
                                           const json::JsonValue *V) {
  const DynamoKeyAttribute *K = nullptr;
  if (const DynamoIndex *I = mistypedIndexKey(T, Name, Got, K))
    return indexTypeMismatch(*K, Got, *I);
  if (const char *Kind = emptyKind(V); Kind && indexKey(T, Name, K))
    return emptyIndexKey(Kind);
  return std::nullopt;
}

/// Legacy AttributeUpdates: no table key attribute; an index key PUT or
/// ADDed with its declared type, and not empty.
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
    // PUT (the default) writes the value, ADD a number or a set of it.
    const json::JsonValue *Action = M.Value.get("Action");
    if (Action && (Action->Unknown || !Action->isString() ||
                   (Action->Str != "PUT" && Action->Str != "ADD")))
      continue;
    const json::JsonValue *Value = M.Value.get("Value");
    std::string Got = attributeValueType(Value);
    bool AddTakes = Got == "N" || Got == "SS" || Got == "NS" || Got == "BS" ||
                    Got == "L"; // the others: LegacyConditionRules.cpp
    if (Got.empty() || (Action && Action->Str == "ADD" && !AddTakes))
      continue;
    if (auto P = indexKeyProblem(*C.Table, M.Key, Got, Value)) {
      C.report(RuleId::InvalidQuery, Value->range(File), *P);
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
    // SET writes its value, ADD a number or a set of its operand's type.
    if ((A.Kind != UpdateAction::Set && A.Kind != UpdateAction::Add) ||
        !A.Path.isTopLevel() || !A.Value ||
        A.Path.Elements.front().NameUnknown)
      continue;
    std::optional<std::string> T = A.Value->valueType();
    if (!T)
      continue;
    if (auto P = indexKeyProblem(*C.Table, A.Path.topName(), *T,
                                 A.Value->Val)) {
      C.report(RuleId::InvalidQuery, A.Value->Range, *P);
      return;
    }
  }
}

} // namespace nosqlint::dynamo
