//===- ModelTables.cpp - Joining a mapped class's keys to its table name --===//
#include "nosqlint/Extract/ModelTables.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace nosqlint::extract {

namespace {

bool hasTableName(const DynamoCall &C) {
  return C.Params && C.Params->get("TableName");
}

/// How many leading folders paths \p A and \p B share.
size_t sharedFolders(llvm::StringRef A, llvm::StringRef B) {
  size_t N = 0;
  while (!A.empty() && !B.empty()) {
    auto [HA, TA] = A.split('/');
    auto [HB, TB] = B.split('/');
    if (HA != HB)
      break;
    ++N;
    A = TA;
    B = TB;
  }
  return N;
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
    const ModelTablePart *Model = nullptr;
    size_t Best = 0;
    bool Tie = false;
    for (const ModelTablePart *K : It->second) {
      size_t Shared = sharedFolders(K->Directory, Use.Directory);
      if (!Model || Shared > Best) {
        Model = K;
        Best = Shared;
        Tie = false;
      } else if (Shared == Best) {
        Tie = true;
      }
    }
    if (!Model || Tie)
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

} // namespace nosqlint::extract
