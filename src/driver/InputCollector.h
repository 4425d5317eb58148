//===- InputCollector.h - Expands command-line paths into files -*- C++ -*-===//
//
// Files named on the command line are taken as they are; directories are
// walked recursively, in sorted order, keeping the files whose kind nosqlint
// reads and skipping vendored and generated trees, what .gitignore files and
// --exclude globs exclude, and files over the size limit (with a note). A
// symbolic link is followed only when its target is inside the walked tree;
// a directory is never entered twice on one path. A missing path, an
// unreadable directory or a directory loop is one input-error diagnostic
// naming the path; everything else is still collected.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_INPUTCOLLECTOR_H
#define NOSQLINT_DRIVER_INPUTCOLLECTOR_H

#include "IgnoreRules.h"
#include "InputFile.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem/UniqueID.h"

#include <vector>

namespace nosqlint {

class DiagnosticEngine;
class SourceManager;

struct CollectOptions {
  std::vector<std::string> Excludes; // --exclude globs
  uint64_t MaxFileBytes = 2u << 20;  // walked files above this are skipped
};

class InputCollector {
public:
  InputCollector(SourceManager &SM, DiagnosticEngine &Diags,
                 CollectOptions Options = {})
      : SM(SM), Diags(Diags), Options(std::move(Options)) {}

  void addPath(llvm::StringRef Path, bool IsSchema);

  /// The collected files, each once, in the order found.
  std::vector<InputFile> takeFiles() { return std::move(Files); }
  /// Notes about skipped files, in the order found.
  const std::vector<std::string> &notes() const { return Notes; }

private:
  void walkDirectory(const std::string &Dir, bool IsSchema,
                     std::vector<llvm::sys::fs::UniqueID> &Ancestors,
                     IgnoreRules &Ignore);
  /// Whether a symbolic link's target is inside the walked tree.
  bool insideRoot(const std::string &Link) const;
  void addFile(const std::string &Path, bool IsSchema, bool Explicit);
  /// Whether \p Path is over --max-file-size (then noted as skipped).
  bool overSizeLimit(const std::string &Path);

  SourceManager &SM;
  DiagnosticEngine &Diags;
  CollectOptions Options;
  std::vector<InputFile> Files;
  /// Each file once, by its real path: `--schema db/ .` names db/x.cql
  /// twice (as db/x.cql and ./db/x.cql); the value indexes Files.
  llvm::StringMap<size_t> SeenFiles;
  std::vector<std::string> Notes;
  std::string RootReal; // the real path of the directory being walked
};

/// Reports an input-error about \p Path (which need not exist): the
/// diagnostic is attached to an empty placeholder buffer named after it.
void reportInputError(SourceManager &SM, DiagnosticEngine &Diags,
                      llvm::StringRef Path, std::string Message);

} // namespace nosqlint

#endif
