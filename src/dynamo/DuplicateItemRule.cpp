//===- DuplicateItemRule.cpp - invalid-query for one item twice -----------===//
//
// A transaction may not hold two actions on one item (a ConditionCheck and
// an Update of the same key count), and a batch may not name one key twice
// (in BatchWriteItem a put and a delete of one item count as well). The
// same key value in two tables is two items. The key of a Put is read from
// its Item with the table's key schema, so it needs the schema. Host
// source: a key holding anything computed at run time (or a member whose
// table is) names an unknown item, never a duplicate. Numbers compare by
// value: 1000 and 1e3 are one key.
//
//===----------------------------------------------------------------------===//
#include "AttributeValues.h"
#include "CheckContext.h"

#include <algorithm>
#include <map>

namespace nosqlint::dynamo {

namespace {

/// A canonical spelling of a JSON value: object members sorted.
std::string canonical(const json::JsonValue &V) {
  switch (V.K) {
  case json::JsonValue::Kind::Null:
    return "null";
  case json::JsonValue::Kind::Bool:
    return V.Bool ? "true" : "false";
  case json::JsonValue::Kind::Number:
    return V.Str;
  case json::JsonValue::Kind::String:
    return "\"" + V.Str + "\"";
  case json::JsonValue::Kind::Array: {
    std::string S = "[";
    for (const json::JsonValue &E : V.Elements)
      S += canonical(E) + ",";
    return S + "]";
  }
  case json::JsonValue::Kind::Object: {
    std::vector<std::string> Parts;
    for (const json::JsonMember &M : V.Members) {
      // One number, several spellings: {"N": "1000"} is {"N": "1e3"}.
      std::string Value = M.Key == "N" && M.Value.isString()
                              ? canonicalNumber(M.Value.Str)
                              : canonical(M.Value);
      Parts.push_back("\"" + M.Key + "\":" + Value);
    }
    std::sort(Parts.begin(), Parts.end());
    std::string S = "{";
    for (const std::string &P : Parts)
      S += P + ",";
    return S + "}";
  }
  }
  return "";
}

/// True if \p V holds nothing computed at run time.
bool fullyKnown(const json::JsonValue &V) {
  if (V.Unknown)
    return false;
  for (const json::JsonValue &E : V.Elements)
    if (!fullyKnown(E))
      return false;
  for (const json::JsonMember &M : V.Members)
    if (!fullyKnown(M.Value))
      return false;
  return true;
}

/// The item keys a member names (several for a BatchGetItem table entry).
std::vector<std::pair<std::string, SourceRange>>
memberKeys(const Request &M, const DynamoCatalog &Catalog,
           llvm::StringRef Directory) {
  std::vector<std::pair<std::string, SourceRange>> Out;
  if (M.tableUnknown())
    return Out;
  auto Add = [&](const json::JsonValue &Key) {
    if (!fullyKnown(Key))
      return;
    Out.push_back({M.TableName + "\n" + canonical(Key), Key.range(M.File)});
  };
  if (M.Op == Operation::PutItem) {
    const json::JsonValue *Item = M.param("Item");
    const DynamoTable *T = Catalog.table(M.TableName, Directory);
    if (!Item || !Item->isObject() || !T)
      return Out;
    std::string S = M.TableName + "\n{";
    for (const auto *Part : {&T->Keys.Hash, &T->Keys.Range})
      for (const DynamoKeyAttribute &K : *Part) {
        const json::JsonValue *V = Item->get(K.Name);
        if (!V || !fullyKnown(*V))
          return Out;
        S += "\"" + K.Name + "\":" + canonical(*V) + ",";
      }
    Out.push_back({S + "}", Item->range(M.File)});
    return Out;
  }
  if (const json::JsonValue *Keys = M.param("Keys"); Keys && Keys->isArray()) {
    for (const json::JsonValue &K : Keys->Elements)
      Add(K);
    return Out;
  }
  if (const json::JsonValue *Key = M.param("Key"))
    Add(*Key);
  return Out;
}

} // namespace

void checkDuplicateItems(const RequestContext &C) {
  const Request &R = C.R;
  bool Transaction = R.Op == Operation::TransactWriteItems ||
                     R.Op == Operation::TransactGetItems;
  if (!Transaction && R.Op != Operation::BatchWriteItem &&
      R.Op != Operation::BatchGetItem)
    return;
  std::map<std::string, SourceRange> Seen;
  for (const Request &M : R.Members)
    for (auto &[Key, Range] : memberKeys(M, C.Catalog, C.Directory)) {
      auto [It, New] = Seen.emplace(Key, Range);
      if (New)
        continue;
      C.report(RuleId::InvalidQuery, Range,
               Transaction ? "Transaction request cannot include multiple "
                             "operations on one item"
                           : "Provided list of item keys contains duplicates")
          .note(It->second, "the same item is named here first");
      return;
    }
}

} // namespace nosqlint::dynamo
