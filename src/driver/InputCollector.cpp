//===- InputCollector.cpp -------------------------------------------------===//
#include "InputCollector.h"

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
  return InputKind::Unknown;
}

/// Directories a walk never enters: version control, dependencies, build
/// output.
static bool isSkippedDirectory(llvm::StringRef Name) {
  static const char *const Skipped[] = {".git", ".hg", ".svn", "node_modules",
                                        "vendor", "build", "dist", "target",
                                        "__pycache__", ".venv"};
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
  if (!SeenFiles.insert(Path).second)
    return;
  InputFile F;
  F.Path = Path;
  F.Kind = classifyPath(Path);
  F.IsSchema = IsSchema;
  F.Explicit = Explicit;
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
    walkDirectory(Path.str(), IsSchema, Ancestors);
    return;
  }
  if (!fs::is_regular_file(Status)) {
    reportInputError(SM, Diags, Path,
                     "cannot read '" + Path.str() + "': not a regular file");
    return;
  }
  addFile(Path.str(), IsSchema, /*Explicit=*/true);
}

void InputCollector::walkDirectory(const std::string &Dir, bool IsSchema,
                                   std::vector<fs::UniqueID> &Ancestors) {
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

  std::vector<std::pair<std::string, bool>> Entries; // path, is directory
  std::error_code EC;
  for (fs::directory_iterator It(Dir, EC, /*follow_symlinks=*/true), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    llvm::ErrorOr<fs::basic_file_status> St = It->status();
    if (!St)
      continue; // a dangling link: nothing to read
    bool IsDir = St->type() == fs::file_type::directory_file;
    if (IsDir && isSkippedDirectory(Name))
      continue;
    if (!IsDir && (St->type() != fs::file_type::regular_file ||
                   classifyPath(Name) == InputKind::Unknown))
      continue;
    Entries.emplace_back(It->path(), IsDir);
  }
  if (EC) {
    reportInputError(SM, Diags, Dir,
                     "cannot read directory '" + Dir + "': " + EC.message());
    return;
  }
  std::sort(Entries.begin(), Entries.end());

  Ancestors.push_back(Id);
  for (auto &[Path, IsDir] : Entries) {
    if (IsDir)
      walkDirectory(Path, IsSchema, Ancestors);
    else
      addFile(Path, IsSchema, /*Explicit=*/false);
  }
  Ancestors.pop_back();
}

} // namespace nosqlint
