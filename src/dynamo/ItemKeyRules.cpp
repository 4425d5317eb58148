//===- ItemKeyRules.cpp - invalid-query for Key and Item ------------------===//
//
// GetItem, DeleteItem, UpdateItem and ConditionCheck name one item by its
// full primary key, with the declared types and nothing else (BatchGetItem:
// every entry of Keys). PutItem's Item must hold the key attributes with
// their types, and index keys, when present, with theirs. Key values (of
// the table and of its indexes) may not be empty strings or binaries, nor
// longer than 2048 bytes (partition key) or 1024 bytes (sort key).
//
// Host source: a Key or Item computed at run time is not judged; an open one
// is not missing what it does not list (a listed non-key attribute in a Key
// is still wrong); a value of unknown type or contents is not judged.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"
#include "Indexes.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

namespace {

const char *const KeyMismatch = "The provided key element does not match the schema";

bool emptyValue(const json::JsonValue &V) {
  if (!V.isObject() || V.Members.size() != 1)
    return false;
  const json::JsonMember &M = V.Members.front();
  return (M.Key == "S" || M.Key == "B") && M.Value.isString() &&
         !M.Value.Unknown && M.Value.Str.empty();
}

/// "string" or "binary", as DynamoDB names an empty key value.
const char *emptyKind(const json::JsonValue &V) {
  return V.Members.front().Key == "B" ? "binary" : "string";
}

/// The bytes a key value of type S or B holds (B: base64-decoded), or 0.
size_t keyBytes(const json::JsonValue &V) {
  if (!V.isObject() || V.Members.size() != 1)
    return 0;
  const json::JsonMember &M = V.Members.front();
  if (M.Value.Unknown || !M.Value.isString())
    return 0;
  if (M.Key == "S")
    return M.Value.Str.size();
  if (M.Key != "B")
    return 0;
  llvm::StringRef B64 = llvm::StringRef(M.Value.Str).rtrim('=');
  return B64.size() * 3 / 4;
}

/// DynamoDB's limits on one key attribute: 2048 bytes for a partition key,
/// 1024 for a sort key.
std::optional<std::string> keySizeProblem(const json::JsonValue &V,
                                          bool Partition) {
  size_t Bytes = keyBytes(V);
  if (Partition && Bytes > 2048)
    return std::string("One or more parameter values were invalid: Size of "
                       "hashkey has exceeded the maximum size limit "
                       "of2048 bytes");
  if (!Partition && Bytes > 1024)
    return std::string("One or more parameter values were invalid: "
                       "Aggregated size of all range keys has exceeded the "
                       "size limit of 1024 bytes");
  return std::nullopt;
}

bool isPartitionKey(const DynamoKeySchema &Keys, llvm::StringRef Name) {
  for (const DynamoKeyAttribute &K : Keys.Hash)
    if (K.Name == Name)
      return true;
  return false;
}

/// Checks one Key map; reports the first problem.
void checkKey(const RequestContext &C, const json::JsonValue &Key) {
  const DynamoTable &T = *C.Table;
  FileId File = C.R.File;
  if (!Key.isObject()) {
    if (Key.Unknown)
      return;
    C.report(RuleId::InvalidQuery, Key.range(File), KeyMismatch);
    return;
  }
  auto Note = [&](DiagnosticBuilder &&B) {
    std::string Names;
    for (const DynamoKeyAttribute &K : T.Keys.Hash)
      Names += (Names.empty() ? "" : ", ") + K.Name + " (" +
               dynamoScalarTypeName(K.Type).str() + ")";
    for (const DynamoKeyAttribute &K : T.Keys.Range)
      Names += (Names.empty() ? "" : ", ") + K.Name + " (" +
               dynamoScalarTypeName(K.Type).str() + ")";
    B.note(T.Keys.Definition,
           fmt::format("the key of table '{}' is {}", T.Name, Names));
  };
  for (const json::JsonMember &M : Key.Members) {
    if (T.Keys.contains(M.Key))
      continue;
    DiagnosticBuilder B =
        C.report(RuleId::InvalidQuery, M.keyRange(File), KeyMismatch);
    KeyHome H = partitionKeyHome(T, M.Key);
    if (H.Found && H.Index)
      B.note(H.Index->NameRange,
             fmt::format("'{}' is a key of {}: Query that index to find the "
                         "item's primary key",
                         M.Key, describeHome(H)));
    Note(std::move(B));
    return;
  }
  std::vector<const DynamoKeyAttribute *> All;
  for (const DynamoKeyAttribute &K : T.Keys.Hash)
    All.push_back(&K);
  for (const DynamoKeyAttribute &K : T.Keys.Range)
    All.push_back(&K);
  for (const DynamoKeyAttribute *K : All) {
    const json::JsonValue *V = Key.get(K->Name);
    if (!V) {
      if (Key.Unknown)
        continue; // an open Key may hold it
      Note(C.report(RuleId::InvalidQuery, Key.range(File), KeyMismatch));
      return;
    }
    if (V->Unknown)
      continue;
    std::string Got = attributeValueType(V);
    if (K->Type != DynamoScalarType::Unknown &&
        Got != dynamoScalarTypeName(K->Type)) {
      Note(C.report(RuleId::InvalidQuery, V->range(File), KeyMismatch));
      return;
    }
    if (emptyValue(*V)) {
      C.report(RuleId::InvalidQuery, V->range(File),
               fmt::format("One or more parameter values were invalid: The "
                           "AttributeValue for a key attribute cannot contain "
                           "an empty {} value. Key: {}",
                           emptyKind(*V), K->Name));
      return;
    }
    if (auto P = keySizeProblem(*V, isPartitionKey(T.Keys, K->Name))) {
      C.report(RuleId::InvalidQuery, V->range(File), *P);
      return;
    }
  }
}

void checkItem(const RequestContext &C, const json::JsonValue &Item) {
  const DynamoTable &T = *C.Table;
  FileId File = C.R.File;
  if (!Item.isObject())
    return;
  std::vector<const DynamoKeyAttribute *> All;
  for (const DynamoKeyAttribute &K : T.Keys.Hash)
    All.push_back(&K);
  for (const DynamoKeyAttribute &K : T.Keys.Range)
    All.push_back(&K);
  for (const DynamoKeyAttribute *K : All) {
    const json::JsonValue *V = Item.get(K->Name);
    if (!V && Item.Unknown)
      continue; // an open Item may hold it
    if (V && V->Unknown)
      continue;
    if (!V) {
      C.report(RuleId::InvalidQuery, Item.range(File),
               "One or more parameter values were invalid: Missing the key " +
                   K->Name + " in the item")
          .note(K->Range, fmt::format("'{}' is a key attribute of table '{}'",
                                      K->Name, T.Name));
      return;
    }
    std::string Got = attributeValueType(V);
    std::string Want = dynamoScalarTypeName(K->Type).str();
    if (K->Type != DynamoScalarType::Unknown && Got != Want) {
      C.report(RuleId::InvalidQuery, V->range(File),
               fmt::format("One or more parameter values were invalid: Type "
                           "mismatch for key {} expected: {} actual: {}",
                           K->Name, Want, Got));
      return;
    }
    if (emptyValue(*V)) {
      C.report(RuleId::InvalidQuery, V->range(File),
               fmt::format("One or more parameter values are not valid. The "
                           "AttributeValue for a key attribute cannot contain "
                           "an empty {} value. Key: {}",
                           emptyKind(*V), K->Name));
      return;
    }
    if (auto P = keySizeProblem(*V, isPartitionKey(T.Keys, K->Name))) {
      C.report(RuleId::InvalidQuery, V->range(File), *P);
      return;
    }
  }
  auto CheckIndexes = [&](const std::vector<DynamoIndex> &Indexes) {
    for (const DynamoIndex &I : Indexes)
      for (const auto *Part : {&I.Keys.Hash, &I.Keys.Range})
        for (const DynamoKeyAttribute &K : *Part) {
          const json::JsonValue *V = Item.get(K.Name);
          if (!V || V->Unknown || K.Type == DynamoScalarType::Unknown)
            continue;
          std::string Got = attributeValueType(V);
          std::string Want = dynamoScalarTypeName(K.Type).str();
          if (Got == Want && emptyValue(*V)) {
            C.report(RuleId::InvalidQuery, V->range(File),
                     fmt::format("One or more parameter values are not "
                                 "valid. A value specified for a secondary "
                                 "index key is not supported. The "
                                 "AttributeValue for a key attribute cannot "
                                 "contain an empty {} value. IndexName: {}, "
                                 "IndexKey: {}",
                                 emptyKind(*V), I.Name, K.Name));
            return true;
          }
          if (Got == Want)
            continue;
          C.report(RuleId::InvalidQuery, V->range(File),
                   fmt::format("One or more parameter values were invalid: "
                               "Type mismatch for Index Key {} Expected: {} "
                               "Actual: {} IndexName: {}",
                               K.Name, Want, Got, I.Name));
          return true;
        }
    return false;
  };
  if (!CheckIndexes(T.GlobalIndexes))
    CheckIndexes(T.LocalIndexes);
}

} // namespace

void checkItemKeys(const RequestContext &C) {
  if (!C.Table || C.Table->Keys.Malformed)
    return;
  const Request &R = C.R;
  switch (R.Op) {
  case Operation::GetItem:
    if (R.IsMember && R.ParentOp == Operation::BatchGetItem) {
      if (const json::JsonValue *Keys = R.param("Keys"); Keys && Keys->isArray())
        for (const json::JsonValue &K : Keys->Elements)
          checkKey(C, K);
      return;
    }
    [[fallthrough]];
  case Operation::DeleteItem:
  case Operation::UpdateItem:
  case Operation::ConditionCheck:
    if (const json::JsonValue *K = R.param("Key"))
      checkKey(C, *K);
    else if (!R.paramsOpen())
      C.report(RuleId::InvalidQuery, C.anchor(),
               "1 validation error detected: Value null at 'key' failed to "
               "satisfy constraint: Member must not be null");
    return;
  case Operation::PutItem:
    if (const json::JsonValue *I = R.param("Item"))
      checkItem(C, *I);
    return;
  default:
    return;
  }
}

} // namespace nosqlint::dynamo
