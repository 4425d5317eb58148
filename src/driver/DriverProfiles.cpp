//===- DriverProfiles.cpp - A driver's configuration file, applied to code ===//
//
// Java driver 4 reads `application.conf` (and `.json`, `.properties`) and
// `reference.conf` from the classpath (extract/DriverConfig.h). Which file a
// source file's sessions read is decided here, as a build lays out its
// classpath:
//
//   - a file under `<module>/src/<set>/resources/` belongs to `<module>`,
//     source set `<set>`; any other governs its own folder;
//   - only `application.*` and `reference.*` count: the driver loads other
//     names only when the code says so (`DriverConfigLoader.fromClasspath`),
//     which is not followed here;
//   - a source file takes the files of its deepest module; a test source
//     (`src/test/`) those of the `test` set when there are, else the
//     others; a main source never the `test` set's;
//   - application.conf over application.json over application.properties
//     over reference.conf; two different files left for one source file
//     (two source sets besides test, or two folders at one depth) are
//     ambiguous: none applies.
//
// A statement then takes, for each fact it does not set itself, the value
// of the profile it picks (ExecutionFacts::ConfigProfile); a profile the
// file does not define, or one picked at run time, gives nothing.
//
//===----------------------------------------------------------------------===//
#include "Run.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>

namespace nosqlint::driver {

namespace path = llvm::sys::path;

namespace {

struct Placed {
  std::string Module; // the folder it governs
  std::string Set;    // `main`, `test`, ... or empty
  int Rank = 0;       // lower wins when layered
  const extract::DriverConfigFile *Config = nullptr;
};

std::string normalized(llvm::StringRef P) {
  llvm::SmallString<256> S(P);
  path::remove_dots(S, /*remove_dot_dot=*/true);
  path::native(S, path::Style::posix);
  return std::string(S);
}

/// application.conf 0, .json 1, .properties 2, reference.conf 3; -1 for a
/// name the driver does not load by itself.
int rankOf(llvm::StringRef File) {
  llvm::StringRef Name = path::filename(File);
  if (Name == "application.conf")
    return 0;
  if (Name == "application.json")
    return 1;
  if (Name == "application.properties")
    return 2;
  if (Name == "reference.conf")
    return 3;
  return -1;
}

Placed place(llvm::StringRef File) {
  Placed P;
  std::string N = normalized(File);
  llvm::StringRef F(N);
  P.Rank = rankOf(F);
  llvm::StringRef Dir = path::parent_path(F, path::Style::posix);
  // <module>/src/<set>/resources
  llvm::StringRef Resources = path::filename(Dir, path::Style::posix);
  llvm::StringRef SetDir = path::parent_path(Dir, path::Style::posix);
  llvm::StringRef Src = path::parent_path(SetDir, path::Style::posix);
  if (Resources == "resources" && !SetDir.empty() &&
      path::filename(Src, path::Style::posix) == "src") {
    P.Set = path::filename(SetDir, path::Style::posix).str();
    P.Module = path::parent_path(Src, path::Style::posix).str();
  } else {
    P.Module = Dir.str();
  }
  return P;
}

bool isUnder(llvm::StringRef File, llvm::StringRef Folder) {
  if (Folder.empty())
    return !File.startswith("/");
  return File.size() > Folder.size() && File.startswith(Folder) &&
         File[Folder.size()] == '/';
}

} // namespace

void Run::applyDriverProfiles() {
  // library -> the files that configure it
  std::map<std::string, std::vector<Placed>> Configs;
  for (const FileAnalysis &A : Analyses)
    for (const extract::DriverConfigFile &C : A.DriverConfigs) {
      Placed P = place(A.Input.Path);
      if (P.Rank < 0)
        continue;
      P.Config = &C;
      Configs[C.Library].push_back(P);
    }
  if (Configs.empty())
    return;
  for (FileAnalysis &A : Analyses) {
    if (A.Host.empty() || A.Input.Kind != InputKind::Host)
      continue;
    std::string File = normalized(A.Input.Path);
    bool Test = llvm::StringRef(File).contains("/src/test/") ||
                llvm::StringRef(File).startswith("src/test/");
    // library -> the configuration that governs this file, once layered
    std::map<std::string, std::optional<extract::DriverConfigFile>> Governing;
    auto governing = [&](const std::string &Library)
        -> const extract::DriverConfigFile * {
      auto Known = Governing.find(Library);
      if (Known != Governing.end())
        return Known->second ? &*Known->second : nullptr;
      std::optional<extract::DriverConfigFile> &Slot = Governing[Library];
      auto It = Configs.find(Library);
      if (It == Configs.end())
        return nullptr;
      size_t Depth = 0;
      std::vector<const Placed *> Deepest;
      for (const Placed &P : It->second) {
        if (!isUnder(File, P.Module) || (!Test && P.Set == "test"))
          continue;
        size_t D = P.Module.empty() ? 0 : P.Module.size() + 1;
        if (Deepest.empty() || D > Depth) {
          Deepest.clear();
          Depth = D;
        }
        if (D == Depth)
          Deepest.push_back(&P);
      }
      if (Test && llvm::any_of(Deepest, [](const Placed *P) {
            return P->Set == "test";
          }))
        llvm::erase_if(Deepest, [](const Placed *P) { return P->Set != "test"; });
      if (Deepest.empty())
        return nullptr;
      // One source set, and one file of each name.
      for (const Placed *P : Deepest)
        if (P->Set != Deepest.front()->Set)
          return nullptr;
      std::sort(Deepest.begin(), Deepest.end(),
                [](const Placed *L, const Placed *R) { return L->Rank < R->Rank; });
      for (size_t I = 1; I < Deepest.size(); ++I)
        if (Deepest[I]->Rank == Deepest[I - 1]->Rank)
          return nullptr;
      extract::DriverConfigFile Layered = *Deepest.front()->Config;
      for (size_t I = 1; I < Deepest.size(); ++I)
        Layered = extract::layerDriverConfig(Layered, *Deepest[I]->Config);
      Slot = std::move(Layered);
      return &*Slot;
    };
    for (HostQuery &Q : A.Host) {
      ExecutionFacts &X = Q.Snippet.Execution;
      if (!X.ConfigProfile || !X.ConfigProfile->Known)
        continue;
      const extract::DriverConfigFile *C = governing(X.ConfigProfile->Library);
      if (!C)
        continue;
      ExecutionFacts P = extract::profileFacts(*C, X.ConfigProfile->Name);
      if (!X.Consistency)
        X.Consistency = P.Consistency;
      if (!X.SerialConsistency)
        X.SerialConsistency = P.SerialConsistency;
      if (!X.PageSize)
        X.PageSize = P.PageSize;
    }
  }
}

} // namespace nosqlint::driver
