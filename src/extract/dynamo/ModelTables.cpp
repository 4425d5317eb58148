//===- ModelTables.cpp - Joining a mapped class's keys to its table name --===//
#include "nosqlint/Extract/ModelTables.h"

#include "NearestFolder.h"
#include "GureguRequests.h"
#include "PynamoRequests.h"

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

/// What a @DynamoDBTable class (or an enhanced-client bean, which names no
/// table) declares, for the calls that map it.
struct MapperClass {
  const DynamoCall *Call = nullptr;
  std::string Directory;
  std::string Table;
  std::string Hash, Range;
  llvm::StringMap<std::string> IndexHash;  // index -> its hash key
  llvm::StringMap<std::string> IndexRange; // index -> its range key
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
                                       llvm::StringRef Directory,
                                       bool NamesTable = true) {
  if (!C.Params)
    return std::nullopt;
  const json::JsonValue *Name = C.Params->get("TableName");
  if (NamesTable != (Name != nullptr))
    return std::nullopt;
  if (Name && (Name->Unknown || !Name->isString()))
    return std::nullopt;
  MapperClass M;
  M.Call = &C;
  M.Directory = Directory.str();
  if (Name)
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
        if (IName && !R.empty())
          M.IndexRange[*IName] = R;
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

void resolveOne(DynamoCall &Call, const MapperClass *Class,
                bool SetsTable = true, bool InfersIndex = false) {
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
  // The class's table, unless the call names one (an override).
  if (json::JsonValue *Table = memberValue(P, "TableName");
      Table && SetsTable && Table->Unknown && Table->Str.empty())
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
  // DynamoDBMapper infers the index a range key condition names when the
  // query names none: the one index whose range key that attribute is
  // (#k placeholders are the key terms the reader wrote).
  if (InfersIndex && Call.Operation == "Query" && !P.get("IndexName") && Names &&
      Names->isObject()) {
    std::optional<std::string> Other;
    for (const json::JsonMember &M : Names->Members)
      if (llvm::StringRef(M.Key).startswith("#k") && M.Value.isString() &&
          !M.Value.Unknown && M.Value.Str != Class->Hash &&
          M.Value.Str != Class->Range)
        Other = M.Value.Str;
    json::JsonValue *Cond = memberValue(P, "KeyConditionExpression");
    if (Other && Cond) {
      std::vector<std::string> Found;
      for (const auto &E : Class->IndexRange)
        if (E.getValue() == *Other)
          Found.push_back(E.getKey().str());
      if (Found.size() == 1) {
        json::JsonValue Index = *Cond;
        setString(Index, Found[0]);
        json::JsonMember M;
        M.Key = "IndexName";
        M.KeyBegin = Index.Begin;
        M.KeyEnd = Index.End;
        M.KeyQuoted = false;
        M.Value = std::move(Index);
        P.Members.push_back(std::move(M));
      } else {
        // Which index: DynamoDBMapper's own choice, or its error.
        Cond->Str.clear();
        Cond->Unknown = true;
        Cond->Origin.reset();
      }
      Names = memberValue(P, "ExpressionAttributeNames");
    }
  }
  if (Names && Names->isObject()) {
    // The keys of the index queried, or of the table.
    std::optional<std::string> Hash = Class->Hash;
    std::optional<std::string> Range;
    if (!Class->Range.empty())
      Range = Class->Range;
    if (const json::JsonValue *Index = P.get("IndexName")) {
      bool Known = Index->isString() && !Index->Unknown;
      auto H = Known ? Class->IndexHash.find(Index->Str) : Class->IndexHash.end();
      Hash = H != Class->IndexHash.end() ? std::optional(H->second)
                                         : std::nullopt;
      auto R = Known ? Class->IndexRange.find(Index->Str)
                     : Class->IndexRange.end();
      Range = R != Class->IndexRange.end() ? std::optional(R->second)
                                           : std::nullopt;
    }
    for (json::JsonMember &M : Names->Members) {
      if (!M.Value.isString() || !M.Value.Unknown)
        continue;
      if (M.Value.Str == "@hash" && Hash)
        setString(M.Value, *Hash);
      else if (M.Value.Str == "@range" && Range)
        setString(M.Value, *Range);
    }
  }
}

} // namespace

namespace {

/// A family of mapped-class calls: its requests' Sdk, the Sdk of the
/// CreateTable facts that declare its classes, and whether a class names
/// its table (a DynamoDBMapper class does; an enhanced-client bean is
/// mapped to a table by the table(..) call the request was read with).
struct MappedFamily {
  llvm::StringLiteral Requests;
  llvm::StringLiteral Classes;
  bool NamesTable;
};

const MappedFamily Families[] = {
    {"aws-sdk-java-v1-mapper", "aws-sdk-java-v1-mapper", true},
    {"aws-sdk-java-v2-enhanced", "aws-sdk-java-v2-enhanced", false},
    {"aws-sdk-net-datamodel", "aws-sdk-net-datamodel", true},
};

void resolveFamily(llvm::ArrayRef<ModelRequestFile> Files,
                   const MappedFamily &Family) {
  llvm::StringMap<std::vector<MapperClass>> Classes;
  for (const ModelRequestFile &F : Files)
    for (const DynamoCall &C : *F.Calls)
      if (C.Operation == "CreateTable" && C.Sdk == Family.Classes &&
          !C.ModelClass.empty())
        if (std::optional<MapperClass> M =
                mapperClass(C, F.Directory, Family.NamesTable))
          Classes[C.ModelClass].push_back(std::move(*M));
  for (const ModelRequestFile &F : Files)
    for (DynamoCall &C : *F.Calls) {
      if (C.Sdk != Family.Requests || C.Operation == "CreateTable" ||
          !C.Params)
        continue;
      const MapperClass *Best = nullptr;
      // The class's qualified name, or (C#) the names it may have in the
      // namespaces the file opens, one a line.
      std::vector<const MapperClass *> Found;
      llvm::SmallVector<llvm::StringRef, 4> Names;
      llvm::StringRef(C.ModelClass).split(Names, '\n', -1, false);
      for (llvm::StringRef Name : Names)
        if (auto It = Classes.find(Name); It != Classes.end())
          for (const MapperClass &M : It->second)
            Found.push_back(&M);
      if (!Found.empty()) {
        unsigned Most = 0;
        bool Tie = false;
        for (const MapperClass *MP : Found) {
          const MapperClass &M = *MP;
          unsigned Shared = sharedFolders(M.Directory, F.Directory);
          if (!Best || Shared > Most) {
            Best = &M;
            Most = Shared;
            Tie = false;
          } else if (Shared == Most) {
            Tie = M.Table != Best->Table || M.Hash != Best->Hash ||
                  M.Range != Best->Range;
          }
        }
        if (Tie)
          Best = nullptr;
      }
      resolveOne(C, Best, Family.NamesTable,
                 Family.Requests == llvm::StringRef("aws-sdk-java-v1-mapper"));
    }
}

} // namespace

void resolveMapperRequests(llvm::ArrayRef<ModelRequestFile> Files) {
  for (const MappedFamily &F : Families)
    resolveFamily(Files, F);
  resolvePynamoRequests(Files);
  resolveGureguRequests(Files);
}

} // namespace nosqlint::extract
