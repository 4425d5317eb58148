//===- SchemaHistories.cpp ------------------------------------------------===//
#include "SchemaHistories.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>

namespace nosqlint {

namespace {

/// `0.39` -> {0, 39}; nothing unless every part is a number.
std::optional<std::vector<uint64_t>> numbers(llvm::StringRef S,
                                             llvm::StringRef Separators) {
  if (S.empty())
    return std::nullopt;
  std::vector<uint64_t> Out;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  S.split(Parts, Separators[0]);
  for (llvm::StringRef P : Parts) {
    llvm::SmallVector<llvm::StringRef, 4> Sub;
    P.split(Sub, Separators.size() > 1 ? Separators[1] : Separators[0]);
    for (llvm::StringRef X : Sub) {
      uint64_t V = 0;
      if (X.empty() || X.size() > 18 || X.getAsInteger(10, V))
        return std::nullopt;
      Out.push_back(V);
    }
  }
  return Out;
}

/// A folder named as a version: `v0.39`, `1.10`, `V2`, `v1_2`.
std::optional<std::vector<uint64_t>> folderVersion(llvm::StringRef Name) {
  llvm::StringRef N = Name;
  if (N.startswith("v") || N.startswith("V"))
    N = N.drop_front();
  return numbers(N, "._");
}

/// A file named as a version: `V7__add_x.cql`, `V1_2__x.cql`,
/// `0007_add_x.up.cql`, `001-init.cql`, `20230101120000_x.cql`, `v3_x.cql`.
std::optional<std::vector<uint64_t>> fileVersion(llvm::StringRef Name) {
  llvm::StringRef N = Name;
  if (N.startswith("V") || N.startswith("v")) {
    llvm::StringRef Rest = N.drop_front();
    size_t Sep = Rest.find("__");
    if (Sep != llvm::StringRef::npos)
      return numbers(Rest.take_front(Sep), "._");
    N = Rest;
  }
  size_t Digits = 0;
  while (Digits < N.size() && llvm::isDigit(N[Digits]))
    ++Digits;
  if (Digits == 0 || Digits >= N.size())
    return std::nullopt;
  char After = N[Digits];
  if (After != '_' && After != '-' && After != '.')
    return std::nullopt;
  // `1.cql` is a numbered file; `1.2_x.cql` a dotted version.
  llvm::StringRef Head = N.take_while(
      [](char C) { return llvm::isDigit(C) || C == '.' || C == '_'; });
  Head = Head.rtrim("._");
  if (auto V = numbers(Head, "._"))
    if (V->size() <= 4)
      return V;
  return numbers(N.take_front(Digits), ".");
}

} // namespace

std::optional<MigrationVersion> migrationVersion(llvm::StringRef Path) {
  llvm::StringRef File = llvm::sys::path::filename(Path);
  llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
  MigrationVersion M;
  M.Down = File.endswith(".down.cql");
  M.Prefixed = File.startswith("v") || File.startswith("V");
  // A file named as a version: the set is its folder.
  if (auto V = fileVersion(File)) {
    M.Root = Dir.str();
    M.Version = *V;
    // In a versioned folder too (`v2/001_x.cql`): the folder comes first.
    if (auto F = folderVersion(llvm::sys::path::filename(Dir))) {
      M.Root = llvm::sys::path::parent_path(Dir).str();
      M.Version = *F;
      M.Version.insert(M.Version.end(), V->begin(), V->end());
    }
    return M;
  }
  // A squashed range (`s0.0-0.23/`): a history of its own, its files in
  // name order.
  llvm::StringRef DirName = llvm::sys::path::filename(Dir);
  if (DirName.size() > 1 && llvm::isAlpha(DirName[0])) {
    auto [From, To] = DirName.drop_front().split('-');
    if (!To.empty() && numbers(From, "._") && numbers(To, "._")) {
      M.Root = Dir.str();
      M.Version = {0};
      return M;
    }
  }
  // A file in a folder named as a version.
  if (auto F = folderVersion(DirName)) {
    M.Root = llvm::sys::path::parent_path(Dir).str();
    M.Version = *F;
    M.Prefixed = DirName.startswith("v") || DirName.startswith("V");
    return M;
  }
  if (M.Down)
    return M; // an undo script whatever its name
  return std::nullopt;
}

std::vector<SchemaHistory>
groupSchemaHistories(llvm::ArrayRef<std::string> Paths) {
  SchemaHistory Plain;
  struct Entry {
    bool Prefixed;
    std::vector<uint64_t> Version;
    const std::string *Path;
    size_t Index;
  };
  std::map<std::string, std::vector<Entry>> Sets;
  for (size_t I = 0; I < Paths.size(); ++I) {
    std::optional<MigrationVersion> M = migrationVersion(Paths[I]);
    if (!M) {
      Plain.Files.push_back(I);
      continue;
    }
    if (M->Down)
      continue;
    Sets[M->Root].push_back({M->Prefixed, M->Version, &Paths[I], I});
  }
  std::vector<SchemaHistory> Out;
  Out.push_back(std::move(Plain));
  for (auto &[Root, Entries] : Sets) {
    std::stable_sort(Entries.begin(), Entries.end(),
                     [](const Entry &A, const Entry &B) {
                       if (A.Prefixed != B.Prefixed)
                         return B.Prefixed;
                       if (A.Version != B.Version)
                         return A.Version < B.Version;
                       return *A.Path < *B.Path;
                     });
    SchemaHistory H;
    H.Root = Root;
    for (const Entry &E : Entries)
      H.Files.push_back(E.Index);
    Out.push_back(std::move(H));
  }
  return Out;
}

} // namespace nosqlint
