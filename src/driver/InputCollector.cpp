//===- InputCollector.cpp -------------------------------------------------===//
#include "InputCollector.h"
#include "SqlMigrations.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Diag/DiagnosticEngine.h"

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
  if (extract::hostLanguageForPath(Path))
    return InputKind::Host;
  if (isGolangMigrateUpFile(Path))
    return InputKind::SqlMigration;
  return InputKind::Unknown;
}

/// Directories a walk never enters: version control, dependencies, build
/// output.
static bool isSkippedDirectory(llvm::StringRef Name) {
  // Version control, dependencies, build outputs; and the copies of a
  // template that deployment tools write (SAM's .aws-sam/build, Application
  // Composer's backups, Serverless's .serverless, CDK's cdk.out), which
  // would make every table of the template defined twice.
  static const char *const Skipped[] = {
      ".git",        ".hg",      ".svn",        "node_modules", "vendor",
      "build",       "dist",     "target",      "__pycache__",  ".venv",
      ".aws-sam",    ".aws-composer", ".serverless", "cdk.out",
      ".terraform"};
  return llvm::is_contained(Skipped, Name);
}

void reportInputError(SourceManager &SM, DiagnosticEngine &Diags,
                      llvm::StringRef Path, std::string Message) {
  FileId Placeholder = SM.addText("", Path);
  Diags.report(RuleId::InputError, Dialect::None, SourceRange(Placeholder, 0, 0),
               std::move(Message));
}

void InputCollector::addFile(const std::string &Path, bool IsSchema,
                             bool Explicit) {
  llvm::SmallString<256> Key;
  if (fs::real_path(Path, Key))
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
  F.Kind = classifyPath(Path);
  F.IsSchema = IsSchema;
  F.Explicit = Explicit;
  if (F.Kind == InputKind::Host)
    F.Host = *extract::hostLanguageForPath(Path);
  Files.push_back(std::move(F));
}

void InputCollector::addPath(llvm::StringRef Path, bool IsSchema) {
  fs::file_status Status;
  if (std::error_code EC = fs::status(Path, Status)) {
    reportInputError(SM, Diags, Path,
                     "cannot read '" + Path.str() + "': " + EC.message());
    return;
  }
  if (fs::is_directory(Status)) {
    std::vector<fs::UniqueID> Ancestors;
    llvm::SmallString<256> Real;
    RootReal = fs::real_path(Path, Real) ? Path.str() : std::string(Real);
    IgnoreRules Ignore;
    Ignore.setRoot(Path.str(), RootReal);
    Ignore.pushAncestorGitignores(RootReal);
    Ignore.setExcludes(Options.Excludes);
    walkDirectory(Path.str(), IsSchema, Ancestors, Ignore);
    return;
  }
  if (!fs::is_regular_file(Status)) {
    reportInputError(SM, Diags, Path,
                     "cannot read '" + Path.str() + "': not a regular file");
    return;
  }
  if (overSizeLimit(Path.str()))
    return;
  addFile(Path.str(), IsSchema, /*Explicit=*/true);
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

void InputCollector::walkDirectory(const std::string &Dir, bool IsSchema,
                                   std::vector<fs::UniqueID> &Ancestors,
                                   IgnoreRules &Ignore) {
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
  size_t Pushed = Ignore.pushGitignore(Dir);

  struct Entry {
    std::string Path;
    bool IsDir;
  };
  std::vector<Entry> Entries;
  std::error_code EC;
  for (fs::directory_iterator It(Dir, EC, /*follow_symlinks=*/false), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    fs::file_type Type = It->type();
    if (Type == fs::file_type::symlink_file ||
        Type == fs::file_type::type_unknown) {
      fs::file_status Target;
      if (fs::status(It->path(), Target, /*follow=*/true))
        continue; // a dangling link: nothing to read
      if (Type == fs::file_type::symlink_file && !insideRoot(It->path()))
        continue; // never leave the tree through a link
      Type = Target.type();
    }
    bool IsDir = Type == fs::file_type::directory_file;
    if (IsDir && isSkippedDirectory(Name))
      continue;
    if (!IsDir && (Type != fs::file_type::regular_file ||
                   classifyPath(Name) == InputKind::Unknown))
      continue;
    if (Ignore.isIgnored(It->path(), IsDir))
      continue;
    Entries.push_back({It->path(), IsDir});
  }
  if (EC) {
    Ignore.pop(Pushed);
    reportInputError(SM, Diags, Dir,
                     "cannot read directory '" + Dir + "': " + EC.message());
    return;
  }
  std::sort(Entries.begin(), Entries.end(),
            [](const Entry &A, const Entry &B) { return A.Path < B.Path; });

  Ancestors.push_back(Id);
  for (Entry &E : Entries) {
    if (E.IsDir) {
      walkDirectory(E.Path, IsSchema, Ancestors, Ignore);
      continue;
    }
    if (overSizeLimit(E.Path))
      continue;
    addFile(E.Path, IsSchema, /*Explicit=*/false);
  }
  Ancestors.pop_back();
  Ignore.pop(Pushed);
}

} // namespace nosqlint
