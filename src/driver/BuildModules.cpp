//===- BuildModules.cpp - The modules of a tree and their classpaths ------===//
#include "BuildModules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace nosqlint::driver {

namespace path = llvm::sys::path;

std::string normalizedPath(llvm::StringRef P) {
  llvm::SmallString<256> S(P);
  path::remove_dots(S, /*remove_dot_dot=*/true);
  path::native(S, path::Style::posix);
  return std::string(S);
}

bool isUnderFolder(llvm::StringRef File, llvm::StringRef Folder) {
  if (Folder.empty())
    return !File.startswith("/");
  return File.size() > Folder.size() && File.startswith(Folder) &&
         File[Folder.size()] == '/';
}

namespace {

std::string folderOf(llvm::StringRef File) {
  return normalizedPath(path::parent_path(normalizedPath(File), path::Style::posix));
}

std::string joined(llvm::StringRef Folder, llvm::StringRef Relative) {
  if (Folder.empty())
    return normalizedPath(Relative);
  return normalizedPath(Folder.str() + "/" + Relative.str());
}

/// A settings file: its folder, and project path -> module.
struct Settings {
  std::string Folder;
  std::map<std::string, size_t> Projects;
  bool Computed = false;
};

} // namespace

size_t BuildModules::moduleAt(const std::string &Folder) {
  auto [It, New] = ByFolder.try_emplace(Folder, Modules.size());
  if (New) {
    BuildModule M;
    M.Folder = Folder;
    Modules.push_back(std::move(M));
  }
  return It->second;
}

BuildModules::BuildModules(
    const std::vector<std::pair<std::string, extract::BuildFileFacts>> &Files) {
  using extract::BuildFileKind;
  // Every module first: the build files' folders, the settings' projects.
  std::vector<Settings> AllSettings;
  for (const auto &[File, Facts] : Files) {
    std::string Folder = folderOf(File);
    if (Facts.Kind != BuildFileKind::GradleSettings) {
      moduleAt(Folder);
      continue;
    }
    Settings S;
    S.Folder = Folder;
    S.Computed = Facts.ComputedProjects;
    S.Projects[":"] = moduleAt(Folder);
    for (const auto &[Path, Relative] : Facts.Projects)
      S.Projects[Path] = moduleAt(joined(Folder, Relative));
    AllSettings.push_back(std::move(S));
  }
  // The nearest settings file at or above a folder.
  auto SettingsOf = [&AllSettings](llvm::StringRef Folder) -> const Settings * {
    const Settings *Best = nullptr;
    for (const Settings &S : AllSettings)
      if ((S.Folder == Folder || isUnderFolder(Folder, S.Folder)) &&
          (!Best || S.Folder.size() > Best->Folder.size()))
        Best = &S;
    return Best;
  };
  // Maven coordinates -> the poms that carry them.
  std::map<std::string, std::vector<size_t>> Coordinates;
  for (const auto &[File, Facts] : Files)
    if (Facts.Kind == BuildFileKind::MavenPom && !Facts.GroupId.empty() &&
        !Facts.ArtifactId.empty())
      Coordinates[Facts.GroupId + ":" + Facts.ArtifactId].push_back(
          ByFolder.at(folderOf(File)));

  for (const auto &[File, Facts] : Files) {
    if (Facts.Kind == BuildFileKind::GradleSettings)
      continue;
    std::string Folder = folderOf(File);
    size_t M = ByFolder.at(Folder);
    BuildModule &Mod = Modules[M];
    if (Facts.ComputedDependencies)
      Mod.ComputedDependencies = true;
    // Resources, made full. Two build files in one folder (a pom beside a
    // build.gradle) add up.
    for (auto [From, To] : {std::make_pair(&Facts.MainResources, &Mod.MainResources),
                            std::make_pair(&Facts.TestResources, &Mod.TestResources)}) {
      for (const std::string &R : From->Folders)
        To->Folders.push_back(joined(Folder, R));
      To->ReplacesDefault |= From->ReplacesDefault;
      To->Unknown |= From->Unknown;
    }
    if (Facts.TestSources)
      Mod.TestSources = joined(Folder, *Facts.TestSources);
    const Settings *S = Facts.Kind == BuildFileKind::GradleBuild
                            ? SettingsOf(Folder)
                            : nullptr;
    // This project's own path, for a relative `project("x")`.
    std::optional<std::string> OwnPath;
    if (S)
      for (const auto &[Path, Index] : S->Projects)
        if (Index == M)
          OwnPath = Path;
    for (const extract::ModuleDependency &D : Facts.Dependencies) {
      if (!D.Runtime)
        continue;
      std::optional<size_t> Target;
      bool Unknown = false;
      if (Facts.Kind == BuildFileKind::MavenPom) {
        auto It = Coordinates.find(D.Target);
        if (It == Coordinates.end())
          continue; // a library from a repository
        if (It->second.size() == 1)
          Target = It->second.front();
        else
          Unknown = true;
      } else if (!S) {
        Unknown = true;
      } else {
        std::string Path = D.Target;
        if (!llvm::StringRef(Path).startswith(":")) {
          if (OwnPath)
            Path = (*OwnPath == ":" ? std::string(":") : *OwnPath + ":") + Path;
          else
            Path.clear();
        }
        auto It = Path.empty() ? S->Projects.end() : S->Projects.find(Path);
        if (It != S->Projects.end())
          Target = It->second;
        else
          Unknown = true;
      }
      // A profile's module dependency: whether it is on the classpath
      // depends on the build's command line.
      if (Unknown || (Target && D.Conditional))
        Mod.ComputedDependencies = true;
      else if (Target && *Target != M && !llvm::is_contained(Mod.Runtime, *Target))
        Mod.Runtime.push_back(*Target);
    }
  }
  // What `subprojects { }` / `allprojects { }` blocks give the projects
  // they configure: not all known.
  for (const auto &[File, Facts] : Files) {
    std::string Folder = folderOf(File);
    for (auto [Others, Self] : {std::make_pair(&Facts.Subprojects, false),
                                std::make_pair(&Facts.AllProjects, true)}) {
      if (!Others->Dependencies && !Others->Resources)
        continue;
      for (BuildModule &Mod : Modules) {
        if (!isUnderFolder(Mod.Folder, Folder) && !(Self && Mod.Folder == Folder))
          continue;
        Mod.ComputedDependencies |= Others->Dependencies;
        Mod.MainResources.Unknown |= Others->Resources;
        Mod.TestResources.Unknown |= Others->Resources;
      }
    }
  }
  Dependents.assign(Modules.size(), {});
  for (size_t M = 0; M < Modules.size(); ++M)
    for (size_t D : Modules[M].Runtime)
      Dependents[D].push_back(M);
}

std::optional<size_t> BuildModules::moduleOf(llvm::StringRef File) const {
  std::optional<size_t> Best;
  for (size_t M = 0; M < Modules.size(); ++M)
    if (isUnderFolder(File, Modules[M].Folder) &&
        (!Best || Modules[M].Folder.size() > Modules[*Best].Folder.size()))
      Best = M;
  return Best;
}

bool BuildModules::isTestSource(llvm::StringRef File) const {
  if (File.contains("/src/test/") || File.startswith("src/test/"))
    return true;
  std::optional<size_t> M = moduleOf(File);
  return M && Modules[*M].TestSources &&
         isUnderFolder(File, *Modules[*M].TestSources);
}

namespace {

std::vector<size_t> reach(size_t From,
                          const std::vector<std::vector<size_t>> &Edges) {
  std::vector<size_t> Seen{From};
  std::vector<bool> Marked(Edges.size(), false);
  Marked[From] = true;
  for (size_t I = 0; I < Seen.size(); ++I)
    for (size_t Next : Edges[Seen[I]])
      if (!Marked[Next]) {
        Marked[Next] = true;
        Seen.push_back(Next);
      }
  return Seen;
}

} // namespace

std::vector<size_t> BuildModules::dependents(size_t M) const {
  return reach(M, Dependents);
}

std::vector<size_t> BuildModules::classpath(size_t M) const {
  std::vector<std::vector<size_t>> Edges;
  Edges.reserve(Modules.size());
  for (const BuildModule &Mod : Modules)
    Edges.push_back(Mod.Runtime);
  return reach(M, Edges);
}

BuildModules::FolderRole BuildModules::roleOf(llvm::StringRef Folder,
                                              Placement &P) const {
  std::string F = normalizedPath(Folder);
  for (size_t M = 0; M < Modules.size(); ++M)
    for (auto [Set, R] : {std::make_pair("main", &Modules[M].MainResources),
                          std::make_pair("test", &Modules[M].TestResources)})
      if (llvm::is_contained(R->Folders, F)) {
        P = Placement{M, Set};
        return FolderRole::Resources;
      }
  // <module>/src/<set>/resources
  llvm::StringRef Dir(F);
  if (path::filename(Dir, path::Style::posix) != "resources")
    return FolderRole::NotAResourceFolder;
  llvm::StringRef SetDir = path::parent_path(Dir, path::Style::posix);
  llvm::StringRef Src = path::parent_path(SetDir, path::Style::posix);
  if (SetDir.empty() || path::filename(Src, path::Style::posix) != "src")
    return FolderRole::NotAResourceFolder;
  auto It = ByFolder.find(path::parent_path(Src, path::Style::posix).str());
  if (It == ByFolder.end())
    return FolderRole::NotAResourceFolder;
  P = Placement{It->second, path::filename(SetDir, path::Style::posix).str()};
  const BuildModule &Mod = Modules[It->second];
  const extract::ResourceFolders *R =
      P.Set == "main" ? &Mod.MainResources
                      : P.Set == "test" ? &Mod.TestResources : nullptr;
  if (R && (R->ReplacesDefault || R->Unknown))
    return FolderRole::OffClasspath;
  return FolderRole::Resources;
}

} // namespace nosqlint::driver
