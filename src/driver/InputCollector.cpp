//===- InputCollector.cpp -------------------------------------------------===//
#include "InputCollector.h"
#include "DialectEvidence.h"
#include "SqlMigrations.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Extract/DriverConfigBuilds.h"
#include "nosqlint/Extract/MakefileRecipes.h"
#include "nosqlint/Extract/ShellScripts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace nosqlint {

namespace fs = llvm::sys::fs;

InputKind classifyPath(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  std::string Lower = Ext.lower();
  if (Lower == ".cql")
    return InputKind::Cql;
  if (Lower == ".json" || Lower == ".jsonl" || Lower == ".ndjson")
    return InputKind::Json;
  if (Lower == ".yaml" || Lower == ".yml")
    return InputKind::Yaml;
  if (Lower == ".tf")
    return InputKind::Terraform;
  if (extract::isShellScriptPath(Path) || extract::isMakefilePath(Path))
    return InputKind::Shell;
  // A driver's configuration: HOCON, or its .properties form.
  if (Lower == ".conf" ||
      llvm::sys::path::filename(Path) == "application.properties")
    return InputKind::Hocon;
  if (extract::hostLanguageForPath(Path))
    return InputKind::Host;
  if (extract::buildFileKind(Path))
    return InputKind::Build;
  if (isGolangMigrateUpFile(Path))
    return InputKind::SqlMigration;
  return InputKind::Unknown;
}

InputKind classifyFile(llvm::StringRef Path) {
  InputKind K = classifyPath(Path);
  if (K != InputKind::Unknown ||
      !llvm::sys::path::extension(llvm::sys::path::filename(Path)).empty())
    return K;
  llvm::Expected<fs::file_t> F = fs::openNativeFileForRead(Path);
  if (!F) {
    llvm::consumeError(F.takeError());
    return K;
  }
  char Head[128];
  llvm::Expected<size_t> N =
      fs::readNativeFileSlice(*F, llvm::MutableArrayRef<char>(Head), 0);
  fs::closeFile(*F);
  if (!N) {
    llvm::consumeError(N.takeError());
    return K;
  }
  return extract::hasShellShebang(llvm::StringRef(Head, *N)) ? InputKind::Shell
                                                             : K;
}

/// Why a walk never enters a folder of this name, at any depth: version
/// control, dependencies, caches, and the copies of a template that
/// deployment tools write (SAM's .aws-sam/build, Application Composer's
/// backups, Serverless's .serverless, CDK's cdk.out), which would make every
/// table of the template defined twice.
static std::optional<llvm::StringRef> alwaysSkipped(llvm::StringRef Name) {
  static const char *const VersionControl[] = {".git", ".hg", ".svn"};
  static const char *const Dependencies[] = {"node_modules", ".venv",
                                             "__pycache__", ".terraform"};
  static const char *const Deployments[] = {".aws-sam", ".aws-composer",
                                            ".serverless", "cdk.out"};
  if (llvm::is_contained(VersionControl, Name))
    return llvm::StringRef("version control");
  if (llvm::is_contained(Dependencies, Name))
    return llvm::StringRef("dependencies or a cache");
  if (llvm::is_contained(Deployments, Name))
    return llvm::StringRef("a deployment tool's copy of the templates");
  return std::nullopt;
}

/// Why a walk does not enter a folder of this name directly below the
/// walked root: build output and vendored code. Deeper down the name is
/// as likely a package (com/acme/build/), left to git's ignore rules.
static std::optional<llvm::StringRef> skippedAtRoot(llvm::StringRef Name) {
  static const char *const Outputs[] = {"build", "dist", "target"};
  if (llvm::is_contained(Outputs, Name))
    return llvm::StringRef("build output at the walked root");
  if (Name == "vendor")
    return llvm::StringRef("vendored code at the walked root");
  return std::nullopt;
}

/// Why a `vendor` folder is the copied dependencies of a module: the
/// folder holding it declares one (Go modules and PHP's Composer commit
/// them there, tracked, so git's rules keep them).
static std::optional<llvm::StringRef> vendoredByManifest(llvm::StringRef Vendor) {
  llvm::StringRef Parent = llvm::sys::path::parent_path(Vendor);
  for (const char *Manifest : {"go.mod", "composer.json"}) {
    llvm::SmallString<256> P(Parent);
    llvm::sys::path::append(P, Manifest);
    if (fs::exists(P))
      return Manifest[0] == 'g'
                 ? llvm::StringRef("vendored code of the Go module beside it")
                 : llvm::StringRef("vendored code of the Composer package "
                                   "beside it");
  }
  return std::nullopt;
}

void reportInputError(SourceManager &SM, DiagnosticEngine &Diags,
                      llvm::StringRef Path, std::string Message) {
  FileId Placeholder = SM.addText("", Path);
  Diags.report(RuleId::InputError, Dialect::None, SourceRange(Placeholder, 0, 0),
               std::move(Message));
}

void InputCollector::addFile(const std::string &Path, bool IsSchema,
                             bool Explicit, const std::string *KnownReal) {
  llvm::SmallString<256> Key;
  if (KnownReal)
    Key = *KnownReal;
  else if (fs::real_path(Path, Key))
    Key = Path;
  auto [It, New] = SeenFiles.try_emplace(Key, Files.size());
  if (!New) {
    // Named again: one input, with the first spelling. A file that is both
    // schema and input is an input (`nosqlint --schema db/ db/` audits it).
    InputFile &Seen = Files[It->second];
    Seen.IsSchema = Seen.IsSchema && IsSchema;
    Seen.Explicit = Seen.Explicit || Explicit;
    return;
  }
  InputFile F;
  F.Path = Path;
  F.Kind = classifyFile(Path);
  F.IsSchema = IsSchema;
  F.Explicit = Explicit;
  if (F.Kind == InputKind::Host)
    F.Host = *extract::hostLanguageForPath(Path);
  Files.push_back(std::move(F));
}

/// The manifests of the folders above a named input, up to its repository's
/// root: `nosqlint pkg/service/x.go` is in the project go.mod declares.
void InputCollector::addAncestorManifests(llvm::StringRef Path) {
  static const char *const Names[] = {
      "go.mod",       "pyproject.toml", "requirements.txt", "setup.py",
      "setup.cfg",    "Pipfile",        "pom.xml",          "build.gradle",
      "build.gradle.kts", "build.sbt",  "Cargo.toml",       "package.json"};
  llvm::SmallString<256> Dir;
  if (fs::real_path(Path, Dir))
    return;
  // A file's own folder, or a walked folder's parent (the walk reads the
  // folder's own manifests).
  Dir.resize(llvm::sys::path::parent_path(Dir).size());
  for (unsigned Level = 0; Level < 64 && !Dir.empty(); ++Level) {
    llvm::SmallString<256> GitDir(Dir);
    llvm::sys::path::append(GitDir, ".git");
    for (const char *Name : Names) {
      llvm::SmallString<256> P(Dir);
      llvm::sys::path::append(P, Name);
      if (fs::is_regular_file(P) && SeenManifests.insert(P).second)
        Manifests.push_back(std::string(P));
    }
    if (fs::exists(GitDir) || Dir == "/")
      break;
    Dir.resize(llvm::sys::path::parent_path(Dir).size());
  }
}

void InputCollector::addPath(llvm::StringRef Path, bool IsSchema) {
  fs::file_status Status;
  if (std::error_code EC = fs::status(Path, Status)) {
    reportInputError(SM, Diags, Path,
                     "cannot read '" + Path.str() + "': " + EC.message());
    return;
  }
  addAncestorManifests(Path);
  if (fs::is_directory(Status)) {
    std::vector<fs::UniqueID> Ancestors;
    llvm::SmallString<256> Real;
    RootReal = fs::real_path(Path, Real) ? Path.str() : std::string(Real);
    Root = Path.str();
    std::unique_ptr<GitWorkTree> Git = GitWorkTree::discover(RootReal);
    if (Git && Git->ignoresFolder(RootReal)) {
      Skipped.push_back("'" + Root +
                        "': ignored by git, walked because it is named; "
                        "git's ignore rules are not applied below it");
      Git.reset();
    }
    walkDirectory(Root, IsSchema, Ancestors, Git.get(), /*AtRoot=*/true);
    return;
  }
  if (!fs::is_regular_file(Status)) {
    reportInputError(SM, Diags, Path,
                     "cannot read '" + Path.str() + "': not a regular file");
    return;
  }
  if (Options.ForceExclude)
    if (std::optional<std::string> Glob = Excludes.match(Path, "")) {
      skip(Path.str(), /*IsDir=*/false,
           "named, but --exclude '" + *Glob + "' matches it (--force-exclude)");
      return;
    }
  if (overSizeLimit(Path.str()))
    return;
  addFile(Path.str(), IsSchema, /*Explicit=*/true);
}

void InputCollector::addGivenText(llvm::StringRef Path, bool AsCql) {
  if (Options.ForceExclude)
    if (std::optional<std::string> Glob = Excludes.match(Path, "")) {
      skip(Path.str(), /*IsDir=*/false,
           "named, but --exclude '" + *Glob + "' matches it (--force-exclude)");
      return;
    }
  addFile(Path.str(), /*IsSchema=*/false, /*Explicit=*/true);
  if (AsCql && !Files.empty() && Files.back().Path == Path)
    Files.back().Kind = InputKind::Cql;
}

bool InputCollector::overSizeLimit(const std::string &Path) {
  // Every file, named or found, schema or not: parsing costs a multiple of
  // the text in memory (a 100 MB .cql file needed over 4 GB).
  uint64_t Size = 0;
  if (fs::file_size(Path, Size) || Size <= Options.MaxFileBytes)
    return false;
  Notes.push_back("skipped '" + Path + "': " + std::to_string(Size) +
                  " bytes, over the " + std::to_string(Options.MaxFileBytes) +
                  "-byte limit (--max-file-size)");
  return true;
}

bool InputCollector::insideRoot(const std::string &Link) const {
  llvm::SmallString<256> Real;
  if (fs::real_path(Link, Real))
    return false;
  llvm::StringRef R(Real);
  return R == RootReal ||
         (R.startswith(RootReal) && R.size() > RootReal.size() &&
          (RootReal.back() == '/' || R[RootReal.size()] == '/'));
}

void InputCollector::skip(const std::string &Path, bool IsDir,
                          llvm::StringRef Why) {
  Skipped.push_back("'" + Path + (IsDir ? "/" : "") + "': " + Why.str());
}

std::optional<std::string>
InputCollector::skipReason(const std::string &Path, llvm::StringRef Name,
                           bool IsDir, const std::string &DirReal,
                           const GitWorkTree *Git, bool AtRoot) {
  if (IsDir)
    if (auto Why = alwaysSkipped(Name))
      return Why->str();
  if (IsDir && AtRoot)
    if (auto Why = skippedAtRoot(Name))
      return Why->str();
  if (IsDir && Name == "vendor")
    if (auto Why = vendoredByManifest(Path))
      return Why->str();
  if (std::optional<std::string> Glob = Excludes.match(Path, Root))
    return "--exclude '" + *Glob + "'";
  if (Git && Git->leavesOut(DirReal + "/" + Name.str(), IsDir))
    return std::string("ignored by git");
  return std::nullopt;
}

void InputCollector::walkDirectory(const std::string &Dir, bool IsSchema,
                                   std::vector<fs::UniqueID> &Ancestors,
                                   const GitWorkTree *Git, bool AtRoot,
                                   const std::string *KnownReal) {
  fs::file_status DirStatus;
  if (std::error_code EC = fs::status(Dir, DirStatus)) {
    reportInputError(SM, Diags, Dir,
                     "cannot read directory '" + Dir + "': " + EC.message());
    return;
  }
  fs::UniqueID Id = DirStatus.getUniqueID();
  if (llvm::is_contained(Ancestors, Id)) {
    reportInputError(SM, Diags, Dir,
                     "directory loop: '" + Dir +
                         "' leads back to a directory that contains it; "
                         "not entered again");
    return;
  }
  llvm::SmallString<256> RealBuf;
  std::string DirReal =
      KnownReal                     ? *KnownReal
      : fs::real_path(Dir, RealBuf) ? Dir
                                    : std::string(RealBuf);
  // A repository of its own below the walked root (a folder of clones, a
  // submodule): its own rules apply inside it.
  std::unique_ptr<GitWorkTree> Nested;
  llvm::SmallString<256> DotGit(Dir);
  llvm::sys::path::append(DotGit, ".git");
  if (!AtRoot && fs::exists(DotGit) &&
      (!Git || Git->root() != DirReal + "/")) {
    Nested = GitWorkTree::openAt(DirReal);
    if (Nested)
      Git = Nested.get();
  }

  struct Entry {
    std::string Path;
    bool IsDir;
    bool IsLink; // or of a type the listing did not say
    bool Read = true; // an input; else only a dependency manifest
  };
  std::vector<Entry> Entries;
  std::error_code EC;
  for (fs::directory_iterator It(Dir, EC, /*follow_symlinks=*/false), End;
       It != End && !EC; It.increment(EC)) {
    fs::file_type Type = It->type();
    bool IsLink = Type == fs::file_type::symlink_file ||
                  Type == fs::file_type::type_unknown;
    if (IsLink) {
      fs::file_status Target;
      if (fs::status(It->path(), Target, /*follow=*/true))
        continue; // a dangling link: nothing to read
      if (Type == fs::file_type::symlink_file && !insideRoot(It->path()))
        continue; // never leave the tree through a link
      Type = Target.type();
    }
    bool IsDir = Type == fs::file_type::directory_file;
    // The result cache's folder holds nothing to read, and whether it is
    // there must not change what a run prints (--verbose included).
    if (IsDir && llvm::sys::path::filename(It->path()) == ".nosqlint_cache")
      continue;
    if (!IsDir && Type != fs::file_type::regular_file)
      continue;
    bool Read = IsDir || classifyFile(It->path()) != InputKind::Unknown;
    if (!Read && !driver::isDependencyManifest(
                     llvm::sys::path::filename(It->path())))
      continue;
    Entries.push_back({It->path(), IsDir, IsLink, Read});
  }
  if (EC) {
    reportInputError(SM, Diags, Dir,
                     "cannot read directory '" + Dir + "': " + EC.message());
    return;
  }
  std::sort(Entries.begin(), Entries.end(),
            [](const Entry &A, const Entry &B) { return A.Path < B.Path; });
  // Decided in sorted order, so that --verbose says it in a stable order.
  llvm::erase_if(Entries, [&](const Entry &E) {
    if (!E.Read) {
      // Not an input: read only for the dialect, and not said to be skipped.
      if (!skipReason(E.Path, llvm::sys::path::filename(E.Path), E.IsDir,
                      DirReal, Git, AtRoot))
        Manifests.push_back(E.Path);
      return true;
    }
    std::optional<std::string> Why =
        skipReason(E.Path, llvm::sys::path::filename(E.Path), E.IsDir,
                   DirReal, Git, AtRoot);
    if (Why)
      skip(E.Path, E.IsDir, *Why);
    return Why.has_value();
  });

  Ancestors.push_back(Id);
  for (Entry &E : Entries) {
    // An entry that is no link: its real path is the folder's and its name
    // (what realpath() would find, folder by folder, again).
    std::string Real;
    if (!E.IsLink) {
      llvm::SmallString<256> R(DirReal);
      llvm::sys::path::append(R, llvm::sys::path::filename(E.Path));
      Real = std::string(R);
    }
    const std::string *KnownReal = E.IsLink ? nullptr : &Real;
    if (E.IsDir) {
      walkDirectory(E.Path, IsSchema, Ancestors, Git, /*AtRoot=*/false,
                    KnownReal);
      continue;
    }
    if (driver::isDependencyManifest(llvm::sys::path::filename(E.Path)))
      Manifests.push_back(E.Path);
    if (overSizeLimit(E.Path))
      continue;
    addFile(E.Path, IsSchema, /*Explicit=*/false, KnownReal);
  }
  Ancestors.pop_back();
}

} // namespace nosqlint
