//===- ModelTables.cpp - Joining a mapped class's keys to its table name --===//
#include "nosqlint/Extract/ModelTables.h"

#include "NearestFolder.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

namespace nosqlint::extract {

namespace {

bool hasTableName(const DynamoCall &C) {
  return C.Params && C.Params->get("TableName");
}


} // namespace

std::vector<JoinedModelTable>
joinModelTables(llvm::ArrayRef<ModelTablePart> Parts) {
  // The classes that declare keys, by qualified name.
  llvm::StringMap<std::vector<const ModelTablePart *>> Keys;
  for (const ModelTablePart &P : Parts)
    if (P.Call && P.Call->Params && !hasTableName(*P.Call))
      Keys[P.Call->ModelClass].push_back(&P);
  std::vector<JoinedModelTable> Out;
  llvm::StringSet<> Seen;
  for (const ModelTablePart &Use : Parts) {
    if (!Use.Call || !hasTableName(*Use.Call))
      continue;
    auto It = Keys.find(Use.Call->ModelClass);
    if (It == Keys.end())
      continue;
    // One declaration of the class, or the one nearest the use (two
    // sub-projects may each have a shop.model.Order).
    const ModelTablePart *Model = nearestByFolder<const ModelTablePart *>(
        It->second, Use.Directory,
        [](const ModelTablePart &K) -> llvm::StringRef { return K.Directory; });
    if (!Model)
      continue;
    const json::JsonValue &Name = *Use.Call->Params->get("TableName");
    if (Name.Unknown || !Name.isString())
      continue;
    std::string Id = Use.Call->ModelClass;
    Id += '\n';
    Id += Name.Str;
    if (!Seen.insert(Id).second)
      continue;
    JoinedModelTable T;
    T.Params = *Model->Call->Params;
    json::JsonValue TableName = Name;
    if (Use.File != Model->File) {
      // Positions are the model file's: the name stands at the class's.
      const SourceRange &At = Model->Call->OperationRange;
      TableName = json::JsonValue();
      TableName.K = json::JsonValue::Kind::String;
      TableName.Str = Name.Str;
      TableName.Begin = TableName.ContentBegin = At.Begin;
      TableName.End = TableName.ContentEnd = At.End;
    }
    json::JsonMember M;
    M.Key = "TableName";
    M.KeyBegin = TableName.Begin;
    M.KeyEnd = TableName.End;
    M.KeyQuoted = false;
    M.Value = std::move(TableName);
    T.Params.Members.insert(T.Params.Members.begin(), std::move(M));
    T.File = Model->File;
    T.Range = Model->Call->Range;
    T.Directory = Model->Directory;
    Out.push_back(std::move(T));
  }
  return Out;
}

namespace {

/// What a @DynamoDBTable class declares, for the mapper's calls.
struct MapperClass {
  const DynamoCall *Call = nullptr;
  std::string Directory;
  std::string Table;
  std::string Hash, Range;
  llvm::StringMap<std::string> IndexHash; // index -> its hash key
};

/// The HASH and RANGE attributes of a KeySchema array.
void keysOf(const json::JsonValue *Schema, std::string &Hash,
            std::string &Range) {
  if (!Schema || !Schema->isArray())
    return;
  for (const json::JsonValue &E : Schema->Elements) {
    std::optional<llvm::StringRef> Name = E.getString("AttributeName");
    std::optional<llvm::StringRef> Kind = E.getString("KeyType");
    if (Name && Kind)
      (*Kind == "HASH" ? Hash : Range) = Name->str();
  }
}

std::optional<MapperClass> mapperClass(const DynamoCall &C,
                                       llvm::StringRef Directory) {
  const json::JsonValue *Name = C.Params ? C.Params->get("TableName") : nullptr;
  if (!Name || Name->Unknown || !Name->isString())
    return std::nullopt;
  MapperClass M;
  M.Call = &C;
  M.Directory = Directory.str();
  M.Table = Name->Str;
  keysOf(C.Params->get("KeySchema"), M.Hash, M.Range);
  if (M.Hash.empty())
    return std::nullopt;
  for (const char *Kind : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"})
    if (const json::JsonValue *List = C.Params->get(Kind))
      for (const json::JsonValue &I : List->Elements) {
        std::optional<llvm::StringRef> IName = I.getString("IndexName");
        std::string H, R;
        keysOf(I.get("KeySchema"), H, R);
        if (IName && !H.empty())
          M.IndexHash[*IName] = H;
      }
  return M;
}

/// The string value \p V made \p Text, known, at its own position.
void setString(json::JsonValue &V, llvm::StringRef Text) {
  V.K = json::JsonValue::Kind::String;
  V.Str = Text.str();
  V.Unknown = false;
  V.Origin.reset();
  V.Escapes.clear();
  V.ContentBegin = V.Begin;
  V.ContentEnd = V.End;
}

json::JsonValue *memberValue(json::JsonValue &Obj, llvm::StringRef Key) {
  for (json::JsonMember &M : Obj.Members)
    if (M.Key == Key)
      return &M.Value;
  return nullptr;
}

void resolveOne(DynamoCall &Call, const MapperClass *Class) {
  json::JsonValue &P = *Call.Params;
  json::JsonValue *Key = memberValue(P, "Key");
  json::JsonValue *Names = memberValue(P, "ExpressionAttributeNames");
  if (!Class) {
    // Nothing names the keys: a Key of stand-ins says nothing.
    if (Key && Key->isObject() &&
        llvm::any_of(Key->Members, [](const json::JsonMember &M) {
          return llvm::StringRef(M.Key).startswith("@");
        })) {
      Key->Members.clear();
      Key->Unknown = true;
    }
    return;
  }
  if (json::JsonValue *Table = memberValue(P, "TableName"))
    setString(*Table, Class->Table);
  if (Key && Key->isObject()) {
    for (auto It = Key->Members.begin(); It != Key->Members.end();) {
      if (It->Key == "@hash")
        It->Key = Class->Hash;
      else if (It->Key == "@range" && !Class->Range.empty())
        It->Key = Class->Range;
      else if (It->Key == "@range") {
        // A range key value for a table without one: not what is read.
        It = Key->Members.erase(It);
        Key->Unknown = true;
        continue;
      }
      ++It;
    }
  }
  if (Names && Names->isObject()) {
    // The hash key of the index queried, or of the table.
    std::optional<std::string> Hash = Class->Hash;
    if (const json::JsonValue *Index = P.get("IndexName")) {
      auto It = Index->isString() && !Index->Unknown
                    ? Class->IndexHash.find(Index->Str)
                    : Class->IndexHash.end();
      Hash = It != Class->IndexHash.end() ? std::optional(It->second)
                                          : std::nullopt;
    }
    for (json::JsonMember &M : Names->Members)
      if (M.Value.isString() && M.Value.Unknown && M.Value.Str == "@hash" &&
          Hash)
        setString(M.Value, *Hash);
  }
}

} // namespace

void resolveMapperRequests(llvm::ArrayRef<ModelRequestFile> Files) {
  llvm::StringMap<std::vector<MapperClass>> Classes;
  for (const ModelRequestFile &F : Files)
    for (const DynamoCall &C : *F.Calls)
      if (C.Operation == "CreateTable" && C.Sdk == "aws-sdk-java-v1-mapper" &&
          !C.ModelClass.empty())
        if (std::optional<MapperClass> M = mapperClass(C, F.Directory))
          Classes[C.ModelClass].push_back(std::move(*M));
  for (const ModelRequestFile &F : Files)
    for (DynamoCall &C : *F.Calls) {
      if (C.Sdk != "aws-sdk-java-v1-mapper" || C.Operation == "CreateTable" ||
          !C.Params)
        continue;
      const MapperClass *Best = nullptr;
      auto It = C.ModelClass.empty() ? Classes.end()
                                     : Classes.find(C.ModelClass);
      if (It != Classes.end()) {
        unsigned Most = 0;
        bool Tie = false;
        for (const MapperClass &M : It->second) {
          unsigned Shared = sharedFolders(M.Directory, F.Directory);
          if (!Best || Shared > Most) {
            Best = &M;
            Most = Shared;
            Tie = false;
          } else if (Shared == Most) {
            Tie = M.Table != Best->Table || M.Hash != Best->Hash;
          }
        }
        if (Tie)
          Best = nullptr;
      }
      resolveOne(C, Best);
    }
}

} // namespace nosqlint::extract
