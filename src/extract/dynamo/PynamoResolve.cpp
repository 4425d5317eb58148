//===- PynamoResolve.cpp - PynamoDB calls joined to their models ----------===//
#include "PynamoRequests.h"

#include "NearestFolder.h"

#include "llvm/ADT/StringMap.h"

namespace nosqlint::extract {

namespace {

struct Model {
  const json::JsonValue *Params;
  llvm::StringRef Directory;
};

json::JsonValue *member(json::JsonValue &Obj, llvm::StringRef Key) {
  for (json::JsonMember &M : Obj.Members)
    if (M.Key == Key)
      return &M.Value;
  return nullptr;
}

/// A known string of an object, or nothing.
std::optional<std::string> known(const json::JsonValue *Obj,
                                 llvm::StringRef Key) {
  if (!Obj)
    return std::nullopt;
  const json::JsonValue *V = Obj->get(Key);
  if (!V || V->Unknown || !V->isString())
    return std::nullopt;
  return V->Str;
}

/// \p V made the known string \p Text, at its own position.
void setString(json::JsonValue &V, llvm::StringRef Text) {
  V.K = json::JsonValue::Kind::String;
  V.Str = Text.str();
  V.Unknown = false;
  V.Origin.reset();
  V.Escapes.clear();
  V.ContentBegin = V.Begin;
  V.ContentEnd = V.End;
}

/// \p V made an unknown string.
void setUnknown(json::JsonValue &V) {
  V.K = json::JsonValue::Kind::String;
  V.Str.clear();
  V.Unknown = true;
  V.Origin.reset();
}

void erase(json::JsonValue &Obj, llvm::StringRef Key) {
  llvm::erase_if(Obj.Members,
                 [&](const json::JsonMember &M) { return M.Key == Key; });
}

/// Resolves one call against its model; false when it is no request.
bool resolve(json::JsonValue &P, const json::JsonValue &M) {
  const json::JsonValue *Attributes = M.get("Attributes");
  const json::JsonValue *Indexes = M.get("Indexes");
  // The table or index whose keys the request names.
  const json::JsonValue *Keys = &M;
  if (json::JsonValue *Table = member(P, "TableName");
      Table && Table->Unknown && Table->Str.empty()) {
    if (std::optional<std::string> Name = known(&M, "TableName"))
      setString(*Table, *Name);
  }
  if (json::JsonValue *Index = member(P, "IndexName");
      Index && Index->Unknown && llvm::StringRef(Index->Str).startswith("@index:")) {
    std::string Attr = llvm::StringRef(Index->Str).drop_front(7).str();
    const json::JsonValue *I = Indexes ? Indexes->get(Attr) : nullptr;
    if (!I)
      return false; // an attribute that is no index
    Keys = I;
    if (std::optional<std::string> Name = known(I, "IndexName"))
      setString(*Index, *Name);
    else
      setUnknown(*Index);
  } else if (member(P, "IndexName")) {
    Keys = nullptr; // an index named by index_name=: its keys unknown
  }
  std::optional<std::string> Hash = known(Keys, "Hash");
  std::optional<std::string> Range = known(Keys, "Range");
  auto Wire = [&](llvm::StringRef Stand) -> std::optional<std::string> {
    if (Stand == "@hash")
      return Hash;
    if (Stand == "@range")
      return Range;
    if (Stand.consume_front("@py:"))
      return known(Attributes, Stand);
    return std::nullopt;
  };
  // Is the range key condition one?
  if (json::JsonValue *Only = member(P, "@KeyOnly")) {
    std::optional<std::string> Attr;
    if (const json::JsonValue *RA = P.get("@RangeAttribute"))
      Attr = Wire(RA->Str);
    json::JsonValue *KeyCond = member(P, "KeyConditionExpression");
    bool Valid = Attr && Range && *Attr == *Range;
    bool Invalid = Range && (!P.get("@RangeAttribute") || (Attr && *Attr != *Range));
    if (KeyCond && !Valid) {
      if (Invalid && P.get("@RangeAsFilter")) {
        json::JsonValue Filter = *P.get("@RangeAsFilter");
        *KeyCond = std::move(*Only);
        json::JsonMember F;
        F.Key = "FilterExpression";
        F.KeyBegin = Filter.Begin;
        F.KeyEnd = Filter.End;
        F.KeyQuoted = false;
        F.Value = std::move(Filter);
        P.Members.push_back(std::move(F));
      } else {
        setUnknown(*KeyCond); // which condition is the key's: not known
        if (!P.get("FilterExpression")) {
          json::JsonValue Filter;
          Filter.Begin = Filter.ContentBegin = KeyCond->Begin;
          Filter.End = Filter.ContentEnd = KeyCond->End;
          setUnknown(Filter);
          json::JsonMember F;
          F.Key = "FilterExpression";
          F.KeyBegin = Filter.Begin;
          F.KeyEnd = Filter.End;
          F.KeyQuoted = false;
          F.Value = std::move(Filter);
          P.Members.push_back(std::move(F));
        }
      }
    }
  }
  erase(P, "@KeyOnly");
  erase(P, "@RangeAttribute");
  erase(P, "@RangeAsFilter");
  if (json::JsonValue *Key = member(P, "Key"); Key && Key->isObject()) {
    for (auto It = Key->Members.begin(); It != Key->Members.end();) {
      std::optional<std::string> W =
          It->Key == "@hash" ? known(&M, "Hash")
          : It->Key == "@range" ? known(&M, "Range")
                                : std::optional<std::string>(It->Key);
      if (!W) {
        It = Key->Members.erase(It);
        Key->Unknown = true;
        continue;
      }
      It->Key = *W;
      ++It;
    }
  }
  if (json::JsonValue *Names = member(P, "ExpressionAttributeNames"))
    for (json::JsonMember &N : Names->Members) {
      if (!N.Value.isString() || !N.Value.Unknown ||
          !llvm::StringRef(N.Value.Str).startswith("@"))
        continue;
      if (std::optional<std::string> W = Wire(N.Value.Str))
        setString(N.Value, *W);
      else
        setUnknown(N.Value);
    }
  return true;
}

} // namespace

void resolvePynamoRequests(llvm::ArrayRef<ModelRequestFile> Files) {
  llvm::StringMap<std::vector<Model>> Models;
  for (const ModelRequestFile &F : Files)
    for (const DynamoCall &C : *F.Calls)
      if (C.Operation == kPynamoModelFact && C.Params)
        Models[C.ModelClass].push_back({C.Params.get(), F.Directory});
  for (const ModelRequestFile &F : Files)
    for (DynamoCall &C : *F.Calls) {
      if (C.Sdk != "pynamodb" || !C.Params || C.Operation == "CreateTable" ||
          C.Operation == kPynamoModelFact)
        continue;
      const Model *Best = nullptr;
      if (auto It = Models.find(C.ModelClass); It != Models.end()) {
        std::vector<const Model *> Candidates;
        for (const Model &M : It->second)
          Candidates.push_back(&M);
        Best = nearestByFolder<const Model *>(
            Candidates, F.Directory,
            [](const Model &M) -> llvm::StringRef { return M.Directory; });
      }
      if (!Best || !resolve(*C.Params, *Best->Params))
        C.Params.reset();
    }
  for (const ModelRequestFile &F : Files)
    for (DynamoCall &C : *F.Calls)
      if (C.Operation == kPynamoModelFact)
        C.Params.reset();
}

} // namespace nosqlint::extract
