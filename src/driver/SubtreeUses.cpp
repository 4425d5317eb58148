//===- SubtreeUses.cpp ----------------------------------------------------===//
#include "SubtreeUses.h"

#include "llvm/Support/Path.h"

namespace nosqlint {

std::string NearestUse::describe() const {
  if (Directory.empty())
    return "no file of the tree imports a database library";
  std::string Kinds;
  auto Add = [&](bool On, const char *Name) {
    if (On)
      Kinds += (Kinds.empty() ? "" : " and ") + std::string(Name);
  };
  Add(Use.Cql, "a Cassandra");
  Add(Use.Sql, "a SQL");
  Add(Use.DynamoDb, "a DynamoDB");
  return "the nearest code that imports a database library (" + Directory +
         "/) imports " + Kinds + " library";
}

void SubtreeUses::add(llvm::StringRef Path, extract::LibraryUse Use) {
  if (!Use.Cql && !Use.Sql && !Use.DynamoDb)
    return;
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(Path);;
       Dir = llvm::sys::path::parent_path(Dir)) {
    extract::LibraryUse &U = ByDirectory[Dir.empty() ? "." : Dir];
    U.Cql |= Use.Cql;
    U.Sql |= Use.Sql;
    U.DynamoDb |= Use.DynamoDb;
    if (Dir.empty())
      break;
  }
}

NearestUse SubtreeUses::nearest(llvm::StringRef Path) const {
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(Path);;
       Dir = llvm::sys::path::parent_path(Dir)) {
    auto It = ByDirectory.find(Dir.empty() ? "." : Dir);
    if (It != ByDirectory.end())
      return {Dir.empty() ? "." : Dir.str(), It->second};
    if (Dir.empty())
      break;
  }
  return {};
}

} // namespace nosqlint
