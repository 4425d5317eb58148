//===- DriverProfiles.cpp - A driver's configuration file, applied to code ===//
//
// Java driver 4 reads `application.conf` (and `.json`, `.properties`) and
// `reference.conf` from the classpath of the running application
// (extract/DriverConfig.h); every such file on that classpath is merged,
// the application's own first. Which file a source file's sessions read is
// decided here, as a build lays out its classpaths:
//
//   - a file under a module's resource folder belongs to that module and
//     source set: `<module>/src/<set>/resources/`, or the folders its
//     build file names instead (Maven `<build><resources>`, BuildModules.h);
//     a file in a default folder the build file moved away is on no
//     classpath; any other file governs its own folder;
//   - only `application.*` and `reference.*` count: the driver loads other
//     names only when the code says so (`DriverConfigLoader.fromClasspath`:
//     a statement whose session extraction saw built with it reads that
//     name's files instead, namedConfig below);
//   - the file of a source file's own folders: its deepest module's; a test
//     source (`src/test/`) those of the `test` set over those of the main
//     set (its classpath's order) when there are, else the others; a main
//     source never the `test` set's. application.conf over
//     application.json over application.properties over reference.conf;
//     two different files left (two source sets besides test, two folders
//     at one depth) are ambiguous: none applies;
//   - a main source of a module also runs in every application that holds
//     the module on its runtime classpath (a module that depends on it,
//     transitively, through the build files). Each such application reads
//     its own file when it has one (the first on its classpath), else the
//     one file its dependencies carry (two: ambiguous, their order is not
//     modeled), else none (the driver's defaults, not modeled: it does not
//     count). A module without a file of its own takes the one file its
//     dependencies carry, the same way. A module whose dependencies are
//     not all spelled out may hold any module: its own file must agree
//     with every source's facts, but gives none by itself;
//   - a fact applies only when every configuration the source file runs
//     under gives it the same value (the first one's is shown); any
//     ambiguous application leaves all facts unknown. So the module's own
//     file still wins when no application that holds it says otherwise.
//
// Test sources (`src/test/`, or the folder a pom's `<testSourceDirectory>`
// names) run in no other application: only their own folders count.
// A JVM source that names `DriverConfigLoader` (a session given a loader of
// its own: `fromClasspath("x")`, `programmaticBuilder()`, `fromFile`) or a
// Spring setup that gives it one (`@SpringBootApplication`,
// `AbstractCassandraConfiguration`: neither reads application.conf) in the
// folder a file governs, or in a module of an application's classpath,
// makes what that application reads unknown. (The options a programmatic
// loader written out in the file sets are the statements' own session
// defaults by then: extract/ExecutionSettingsLoaders.cpp.)
//
// A statement the code runs through a driver call or a query builder then
// takes, for each fact it does not set itself, the value of the profile it
// picks (ExecutionFacts::ConfigProfile); a profile the file does not
// define, or one picked at run time, gives nothing. Not one taken by its
// shape alone: what runs it is not seen, and may set its own level (a
// wrapper's parameter). A statement the code only prepares runs as the
// statements bound from it: extraction records their profile where it sees
// every one of them, else the pick is unknown
// (extract/ExecutionSettingsPrepared.cpp).
//
//===----------------------------------------------------------------------===//
#include "BuildModules.h"
#include "FileReader.h"
#include "NameOccurrences.h"
#include "Run.h"

#include "nosqlint/Extract/DriverConfigBuilds.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>

namespace nosqlint::driver {

namespace path = llvm::sys::path;

namespace {

struct Placed {
  std::string File;   // its path, normalized
  std::string Module; // the folder it governs
  std::string Set;    // `main`, `test`, ... or empty
  int Rank = 0;       // lower wins when layered
  std::optional<size_t> BuildModule; // on this module's classpath
  const extract::DriverConfigFile *Config = nullptr;
};

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

/// .conf 0, .json 1, .properties 2, else -1: the order in which Typesafe
/// Config merges the files of one base name.
int extensionRank(llvm::StringRef File) {
  llvm::StringRef Ext = path::extension(File);
  if (Ext == ".conf")
    return 0;
  if (Ext == ".json")
    return 1;
  if (Ext == ".properties")
    return 2;
  return -1;
}

/// Where \p File sits; none when it is on no classpath.
std::optional<Placed> place(llvm::StringRef File, const BuildModules &Modules) {
  Placed P;
  std::string N = normalizedPath(File);
  llvm::StringRef F(N);
  P.Rank = rankOf(F);
  llvm::StringRef Dir = path::parent_path(F, path::Style::posix);
  BuildModules::Placement At;
  switch (Modules.roleOf(Dir, At)) {
  case BuildModules::FolderRole::OffClasspath:
    return std::nullopt;
  case BuildModules::FolderRole::Resources:
    P.Module = Modules.modules()[At.Module].Folder;
    P.Set = At.Set;
    P.BuildModule = At.Module;
    return P;
  case BuildModules::FolderRole::NotAResourceFolder:
    break;
  }
  // <module>/src/<set>/resources, no build file seen
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

/// What a search for a configuration found.
struct Found {
  enum States { None, One, Ambiguous } State = None;
  std::optional<extract::DriverConfigFile> Config; // One: the files layered
};

/// \p Files layered: one source set, one file of each name; else ambiguous.
/// \p TestClasspath: a test source's, where the test set's resources come
/// before the main set's of the same module (Maven's test-classes before
/// classes, Gradle's test output first): each name's files merge in that
/// order, application.* over reference.conf as always.
Found layered(std::vector<const Placed *> Files, bool TestClasspath = false) {
  Found R;
  if (Files.empty())
    return R;
  R.State = Found::Ambiguous;
  auto SetOrder = [&](const Placed *P) {
    return TestClasspath && P->Set == "test" ? 0 : 1;
  };
  for (const Placed *P : Files)
    if (P->Set != Files.front()->Set &&
        !(TestClasspath && (P->Set == "test" || P->Set == "main") &&
          (Files.front()->Set == "test" || Files.front()->Set == "main")))
      return R;
  std::sort(Files.begin(), Files.end(), [&](const Placed *L, const Placed *R) {
    return std::make_pair(L->Rank, SetOrder(L)) <
           std::make_pair(R->Rank, SetOrder(R));
  });
  for (size_t I = 1; I < Files.size(); ++I)
    if (Files[I]->Rank == Files[I - 1]->Rank &&
        SetOrder(Files[I]) == SetOrder(Files[I - 1]))
      return R;
  extract::DriverConfigFile L = *Files.front()->Config;
  for (size_t I = 1; I < Files.size(); ++I)
    L = extract::layerDriverConfig(L, *Files[I]->Config);
  R.State = Found::One;
  R.Config = std::move(L);
  return R;
}

/// The files of one library that govern \p File by its folders alone, and
/// the folder they govern (\p Folder).
Found ownFolders(const std::vector<Placed> &Files, llvm::StringRef File,
                 bool Test, std::string &Folder) {
  size_t Depth = 0;
  std::vector<const Placed *> Deepest;
  for (const Placed &P : Files) {
    if (!isUnderFolder(File, P.Module) || (!Test && P.Set == "test"))
      continue;
    size_t D = P.Module.empty() ? 0 : P.Module.size() + 1;
    if (Deepest.empty() || D > Depth) {
      Deepest.clear();
      Depth = D;
    }
    if (D == Depth)
      Deepest.push_back(&P);
  }
  // A test source's classpath: the module's test resources, then its main
  // ones (another set's, or a folder's own file, are not on it then).
  bool TestClasspath =
      Test && llvm::any_of(Deepest, [](const Placed *P) {
        return P->Set == "test";
      });
  if (TestClasspath)
    llvm::erase_if(Deepest, [](const Placed *P) {
      return P->Set != "test" && P->Set != "main";
    });
  if (!Deepest.empty())
    Folder = Deepest.front()->Module;
  return layered(std::move(Deepest), TestClasspath);
}

/// One library's files over the modules of the build: what each module
/// carries on its classpath, and what each application reads.
class Classpaths {
public:
  Classpaths(const std::vector<Placed> &Files, const BuildModules &Modules,
             const std::vector<bool> &Loaders)
      : Files(Files), Modules(Modules), Loaders(Loaders),
        Custom(Modules.modules().size()), Units(Modules.modules().size()),
        Apps(Modules.modules().size()) {}

  /// A module on \p A's classpath builds a session with a configuration
  /// loader of its own: what \p A's sessions read is unknown.
  bool customLoader(size_t A) {
    if (!Custom[A])
      Custom[A] = llvm::any_of(Modules.classpath(A),
                               [&](size_t M) { return Loaders[M]; });
    return *Custom[A];
  }

  /// The file a module carries itself (its main resources), none when
  /// ambiguous or absent.
  const Found &unit(size_t M) {
    if (!Units[M] && Modules.modules()[M].MainResources.Unknown) {
      // Its resources may be anywhere: what it carries is unknown.
      Units[M] = Found{Found::Ambiguous, std::nullopt};
    }
    if (!Units[M]) {
      std::vector<const Placed *> Own;
      for (const Placed &P : Files)
        if (P.BuildModule == M && P.Set != "test")
          Own.push_back(&P);
      Units[M] = layered(std::move(Own));
    }
    return *Units[M];
  }

  /// What application \p A reads: its own file, else the one its
  /// dependencies carry. One: the module whose file it is.
  struct App {
    Found::States State = Found::None;
    size_t Owner = 0;
  };
  const App &app(size_t A) {
    if (Apps[A])
      return *Apps[A];
    App R;
    const Found &Own = unit(A);
    if (customLoader(A)) {
      R.State = Found::Ambiguous;
    } else if (Own.State != Found::None) {
      R.State = Own.State;
      R.Owner = A;
    } else {
      for (size_t D : Modules.classpath(A)) {
        const Found &U = unit(D);
        if (U.State == Found::None)
          continue;
        if (U.State == Found::Ambiguous ||
            (R.State == Found::One && R.Owner != D)) {
          R.State = Found::Ambiguous;
          break;
        }
        R.State = Found::One;
        R.Owner = D;
      }
    }
    Apps[A] = R;
    return *Apps[A];
  }

  /// The configurations a main source of module \p M runs under besides
  /// its own folders' (Supply), and those it may run under (Veto: the
  /// files of modules whose dependencies are not all known); none when one
  /// of the applications is ambiguous.
  struct Applications {
    std::vector<const extract::DriverConfigFile *> Supply, Veto;
  };
  std::optional<Applications> applications(size_t M) {
    Applications R;
    std::vector<size_t> Holders = Modules.dependents(M);
    for (size_t A : Holders) {
      if (A == M)
        continue;
      const App &P = app(A);
      if (P.State == Found::Ambiguous)
        return std::nullopt;
      if (P.State == Found::One)
        R.Supply.push_back(&*unit(P.Owner).Config);
    }
    for (size_t C = 0; C < Modules.modules().size(); ++C)
      if (C != M && Modules.modules()[C].ComputedDependencies &&
          !llvm::is_contained(Holders, C) && unit(C).State == Found::One)
        R.Veto.push_back(&*unit(C).Config);
    return R;
  }

private:
  const std::vector<Placed> &Files;
  const BuildModules &Modules;
  const std::vector<bool> &Loaders; // per module
  std::vector<std::optional<bool>> Custom;
  std::vector<std::optional<Found>> Units;
  std::vector<std::optional<App>> Apps;
};

bool sameLevel(const std::optional<ConsistencyFact> &L,
               const std::optional<ConsistencyFact> &R) {
  return L && R && L->Level == R->Level;
}

bool samePageSize(const std::optional<PageSizeFact> &L,
                  const std::optional<PageSizeFact> &R) {
  return L && R && L->Disabled == R->Disabled && L->Rows == R->Rows;
}

/// The facts every configuration of \p Configs (at least one) and of
/// \p Vetoes gives profile \p Profile alike, the first one's.
ExecutionFacts agreedFacts(
    llvm::ArrayRef<const extract::DriverConfigFile *> Configs,
    llvm::ArrayRef<const extract::DriverConfigFile *> Vetoes,
    llvm::StringRef Profile) {
  std::vector<ExecutionFacts> Each;
  for (const extract::DriverConfigFile *C : Configs)
    Each.push_back(extract::profileFacts(*C, Profile));
  for (const extract::DriverConfigFile *C : Vetoes)
    Each.push_back(extract::profileFacts(*C, Profile));
  ExecutionFacts R = Each.front();
  for (const ExecutionFacts &F : llvm::drop_begin(Each)) {
    if (!sameLevel(R.Consistency, F.Consistency))
      R.Consistency.reset();
    if (!sameLevel(R.SerialConsistency, F.SerialConsistency))
      R.SerialConsistency.reset();
    if (!samePageSize(R.PageSize, F.PageSize))
      R.PageSize.reset();
  }
  return R;
}

/// What a session built with `DriverConfigLoader.fromClasspath(Resource)`
/// in \p File reads: Resource.conf over .json over .properties (or the
/// one file a name with its extension names), over the reference.conf of
/// the same resource folder, all from one module's resources (one source
/// set; for a test source its module's test set before its main set). That
/// module must be on the classpath of every application that runs \p File:
/// \p File's own folder, or a module of the classpath of one that holds
/// \p Module. Two modules that carry the name, a name with a folder, none
/// found: unknown (reference.conf alone is mostly in jars).
std::optional<extract::DriverConfigFile>
namedConfig(const std::vector<Placed> &Named, const std::vector<Placed> &Refs,
            llvm::StringRef Resource, llvm::StringRef File, bool Test,
            std::optional<size_t> Module, const BuildModules &Modules) {
  if (Resource.contains('/') || Resource.startswith("."))
    return std::nullopt;
  llvm::StringRef Base = Resource;
  int OnlyRank = extensionRank(Resource);
  if (OnlyRank >= 0)
    Base = path::stem(Resource);
  std::vector<const Placed *> Files;
  for (const Placed &P : Named)
    if (path::stem(P.File) == Base &&
        (OnlyRank < 0 || P.Rank == OnlyRank) &&
        (P.Set == "main" || P.Set.empty() || (Test && P.Set == "test")))
      Files.push_back(&P);
  if (Files.empty())
    return std::nullopt;
  const Placed *First = Files.front();
  for (const Placed *P : Files)
    if (P->Module != First->Module)
      return std::nullopt; // two modules carry it
  // On the classpath of what runs File.
  bool Reached = isUnderFolder(File, First->Module);
  if (!Reached && Module && First->BuildModule) {
    // Every application that holds File's module (the modules that depend
    // on it; none: the module itself) holds that one too.
    std::vector<size_t> Apps = Modules.dependents(*Module);
    if (Apps.size() > 1)
      llvm::erase_value(Apps, *Module);
    Reached = llvm::all_of(Apps, [&](size_t A) {
      return llvm::is_contained(Modules.classpath(A), *First->BuildModule);
    });
  }
  if (!Reached)
    return std::nullopt;
  // reference.conf (Rank 3) after every named file (Rank 0-2).
  for (const Placed &P : Refs)
    if (P.Module == First->Module && P.Rank == 3 &&
        llvm::any_of(Files, [&](const Placed *F) { return F->Set == P.Set; }))
      Files.push_back(&P);
  Found F = layered(std::move(Files), Test);
  if (F.State != Found::One)
    return std::nullopt;
  return F.Config;
}

/// The JVM sources of the run whose sessions may read another
/// configuration than application.conf: they name the driver's
/// configuration loader (`DriverConfigLoader.fromClasspath(..)`,
/// `.programmaticBuilder()`, `.fromFile(..)`, given to
/// `CqlSession.builder().withConfigLoader(..)`), or a Spring setup that
/// builds the session with a loader of its own, which reads no
/// application.conf (Spring Boot's auto-configuration, on in a
/// `@SpringBootApplication`, unless the code builds its own session;
/// Spring Data's `AbstractCassandraConfiguration`). Which loader, and which
/// sessions take it, is not followed: the configuration files of the
/// modules involved are unknown. (Every JVM source is read again for it,
/// once a configuration file is found: the prescan lets through only files
/// with statements.)
std::vector<std::string> loaderSources(const std::vector<FileAnalysis> &Analyses,
                                       const SourceManager &SM) {
  static const char *const LoaderNames[] = {
      "DriverConfigLoader", "DriverConfigLoaderBuilderCustomizer",
      "SpringBootApplication", "EnableAutoConfiguration",
      "AbstractCassandraConfiguration", "AbstractReactiveCassandraConfiguration",
      "AbstractSessionConfiguration"};
  std::vector<std::string> Files;
  for (const FileAnalysis &A : Analyses) {
    if (A.Input.Kind != InputKind::Host || A.Generated ||
        (A.Input.Host != extract::HostLanguage::Java &&
         A.Input.Host != extract::HostLanguage::Kotlin &&
         A.Input.Host != extract::HostLanguage::Scala))
      continue;
    auto Buffer = openInputBuffer(A.Input.Path, SM);
    if (!Buffer)
      continue;
    llvm::StringRef Text = (*Buffer)->getBuffer();
    if (llvm::any_of(LoaderNames, [&](llvm::StringRef Name) {
          return containsWord(Text, Name);
        }))
      Files.push_back(normalizedPath(A.Input.Path));
  }
  return Files;
}

/// The build files of the run, read.
std::vector<std::pair<std::string, extract::BuildFileFacts>>
readBuildFiles(const std::vector<FileAnalysis> &Analyses,
               const SourceManager &SM) {
  std::vector<std::pair<std::string, extract::BuildFileFacts>> Files;
  for (const FileAnalysis &A : Analyses) {
    if (A.Input.Kind != InputKind::Build && A.Input.Kind != InputKind::Host)
      continue;
    std::optional<extract::BuildFileKind> Kind =
        extract::buildFileKind(A.Input.Path);
    if (!Kind)
      continue;
    auto Buffer = openInputBuffer(A.Input.Path, SM);
    if (!Buffer)
      continue; // unreadable: as if absent
    Files.emplace_back(A.Input.Path,
                       extract::readBuildFile(*Kind, (*Buffer)->getBuffer()));
  }
  return Files;
}

} // namespace

void Run::applyDriverProfiles() {
  bool AnyConfig = llvm::any_of(Analyses, [](const FileAnalysis &A) {
    return !A.DriverConfigs.empty();
  });
  if (!AnyConfig)
    return;
  BuildModules Modules(readBuildFiles(Analyses, SM));
  // library -> the files that configure it
  std::map<std::string, std::vector<Placed>> Configs;
  // library -> the other files, for the loaders that name them
  // (`fromClasspath("x")`): Rank by extension.
  std::map<std::string, std::vector<Placed>> Others;
  for (const FileAnalysis &A : Analyses)
    for (const extract::DriverConfigFile &C : A.DriverConfigs) {
      std::optional<Placed> P = place(A.Input.Path, Modules);
      if (!P)
        continue;
      P->Config = &C;
      P->File = normalizedPath(A.Input.Path);
      if (P->Rank < 0) {
        P->Rank = extensionRank(P->File);
        if (P->Rank >= 0)
          Others[C.Library].push_back(*P);
        continue;
      }
      Configs[C.Library].push_back(*P);
    }
  if (Configs.empty() && Others.empty())
    return;
  std::vector<std::string> Loaders = loaderSources(Analyses, SM);
  std::vector<bool> LoaderModules(Modules.modules().size(), false);
  for (const std::string &L : Loaders)
    if (std::optional<size_t> M = Modules.moduleOf(L))
      LoaderModules[*M] = true;
  std::map<std::string, Classpaths> ByLibrary;
  for (const auto &[Library, Files] : Configs)
    ByLibrary.try_emplace(Library, Files, Modules, LoaderModules);
  // (library, module) -> what its main sources run under besides their
  // own folders (none: ambiguous)
  std::map<std::pair<std::string, size_t>,
           std::optional<std::optional<Classpaths::Applications>>>
      ByModule;
  /// What governs one source file for one library.
  struct Governing {
    std::optional<extract::DriverConfigFile> Own;
    std::vector<const extract::DriverConfigFile *> Supply, Veto;
  };
  for (FileAnalysis &A : Analyses) {
    if (A.Host.empty() || A.Input.Kind != InputKind::Host)
      continue;
    std::string File = normalizedPath(A.Input.Path);
    bool Test = Modules.isTestSource(File);
    std::optional<size_t> Module =
        Test ? std::nullopt : Modules.moduleOf(File);
    // library -> what governs this file (none: nothing, or ambiguous)
    std::map<std::string, std::optional<Governing>> Known;
    auto governing = [&](const std::string &Library) -> const Governing * {
      auto Done = Known.find(Library);
      if (Done != Known.end())
        return Done->second ? &*Done->second : nullptr;
      std::optional<Governing> &Slot = Known[Library];
      auto It = Configs.find(Library);
      if (It == Configs.end())
        return nullptr;
      std::string Folder;
      Found Own = ownFolders(It->second, File, Test, Folder);
      Governing G;
      Classpaths &C = ByLibrary.at(Library);
      // A configuration loader of the code's own in the folder the file
      // governs, or on this module's classpath.
      if (Own.State == Found::One &&
          llvm::any_of(Loaders, [&](const std::string &L) {
            return isUnderFolder(L, Folder);
          }))
        return nullptr;
      if (Module && C.customLoader(*Module))
        return nullptr;
      if (Own.State == Found::None && Module) {
        // No file in its own folders: the one its dependencies carry.
        const Classpaths::App &R = C.app(*Module);
        if (R.State == Found::Ambiguous)
          return nullptr;
        if (R.State == Found::One)
          G.Supply.push_back(&*C.unit(R.Owner).Config);
      }
      if (Own.State == Found::Ambiguous)
        return nullptr;
      G.Own = std::move(Own.Config);
      if (Module) {
        std::optional<std::optional<Classpaths::Applications>> &Apps =
            ByModule[{Library, *Module}];
        if (!Apps)
          Apps = C.applications(*Module);
        if (!*Apps)
          return nullptr;
        llvm::append_range(G.Supply, (*Apps)->Supply);
        G.Veto = (*Apps)->Veto;
      }
      if (!G.Own && G.Supply.empty())
        return nullptr;
      Slot = std::move(G);
      return &*Slot;
    };
    for (HostQuery &Q : A.Host) {
      ExecutionFacts &X = Q.Snippet.Execution;
      if (!X.ConfigProfile || !X.ConfigProfile->Known)
        continue;
      // A statement taken by its shape alone: the code that runs it is not
      // seen, and may set its own level (a wrapper's parameter).
      if (Q.Snippet.Source != extract::SnippetSource::DriverCall &&
          Q.Snippet.Source != extract::SnippetSource::Builder)
        continue;
      if (!X.ConfigProfile->Resource.empty()) {
        auto Named = Others.find(X.ConfigProfile->Library);
        auto Refs = Configs.find(X.ConfigProfile->Library);
        if (Named == Others.end())
          continue;
        if (std::optional<extract::DriverConfigFile> C = namedConfig(
                Named->second,
                Refs == Configs.end() ? std::vector<Placed>() : Refs->second,
                X.ConfigProfile->Resource, File, Test, Module, Modules))
          fillUnsetFacts(X, extract::profileFacts(*C, X.ConfigProfile->Name));
        continue;
      }
      if (Configs.empty())
        continue;
      const Governing *G = governing(X.ConfigProfile->Library);
      if (!G)
        continue;
      std::vector<const extract::DriverConfigFile *> Under;
      if (G->Own)
        Under.push_back(&*G->Own);
      llvm::append_range(Under, G->Supply);
      fillUnsetFacts(X, agreedFacts(Under, G->Veto, X.ConfigProfile->Name));
    }
  }
}

} // namespace nosqlint::driver
