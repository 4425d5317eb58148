//===- ModelTableJson.cpp - The table a model class declares --------------===//
#include "ModelTableJson.h"

#include "llvm/ADT/StringSet.h"

namespace nosqlint::extract::sdk {

namespace {

/// `[{"AttributeName": .., "KeyType": "HASH"}, {.. "RANGE"}]`, spanning At.
JsonValue keySchema(HostJson &Json, TSNode At, const ModelKey &Hash,
                    const std::optional<ModelKey> &Range) {
  JsonValue Keys = Json.array(At);
  auto Add = [&](const ModelKey &K, const char *Kind) {
    JsonValue Element = Json.object(K.At);
    HostJson::add(Element, "AttributeName", Json.declared(K.At, K.Attribute));
    HostJson::add(Element, "KeyType", Json.declared(K.At, Kind));
    Keys.Elements.push_back(std::move(Element));
  };
  Add(Hash, "HASH");
  if (Range)
    Add(*Range, "RANGE");
  return Keys;
}

} // namespace

JsonValue modelTableParams(HostJson &Json, TSNode Class,
                           std::optional<JsonValue> TableName,
                           const ModelKey &Hash,
                           const std::optional<ModelKey> &Range,
                           llvm::ArrayRef<ModelIndex> Indexes) {
  JsonValue Params = Json.object(Class);
  if (TableName)
    HostJson::add(Params, "TableName", std::move(*TableName));
  HostJson::add(Params, "KeySchema", keySchema(Json, Class, Hash, Range));
  JsonValue Defs = Json.array(Class);
  llvm::StringSet<> Defined;
  auto Define = [&](const ModelKey &K) {
    if (!Defined.insert(K.Attribute).second)
      return;
    JsonValue D = Json.object(K.At);
    HostJson::add(D, "AttributeName", Json.declared(K.At, K.Attribute));
    HostJson::add(D, "AttributeType", Json.declared(K.At, K.Type));
    Defs.Elements.push_back(std::move(D));
  };
  Define(Hash);
  if (Range)
    Define(*Range);
  JsonValue Global = Json.array(Class), Local = Json.array(Class);
  for (const ModelIndex &I : Indexes) {
    Define(I.Hash);
    if (I.Range)
      Define(*I.Range);
    JsonValue Index = Json.object(I.At);
    HostJson::add(Index, "IndexName", Json.declared(I.At, I.Name));
    HostJson::add(Index, "KeySchema", keySchema(Json, I.At, I.Hash, I.Range));
    JsonValue Projection = Json.object(I.At);
    HostJson::add(Projection, "ProjectionType", Json.declared(I.At, "ALL"));
    HostJson::add(Index, "Projection", std::move(Projection));
    (I.Global ? Global : Local).Elements.push_back(std::move(Index));
  }
  HostJson::add(Params, "AttributeDefinitions", std::move(Defs));
  if (!Global.Elements.empty())
    HostJson::add(Params, "GlobalSecondaryIndexes", std::move(Global));
  if (!Local.Elements.empty())
    HostJson::add(Params, "LocalSecondaryIndexes", std::move(Local));
  return Params;
}

} // namespace nosqlint::extract::sdk
