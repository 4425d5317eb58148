//===- InputCollector.h - Expands command-line paths into files -*- C++ -*-===//
//
// Files named on the command line are taken as they are (with
// --force-exclude, unless an --exclude glob matches them); directories are
// walked recursively, in sorted order, keeping the files whose kind nosqlint
// reads and skipping version-control, dependency and deployment-copy
// folders at any depth, build/, dist/, target/ and vendor/ at the walked
// root, a vendor/ beside a go.mod or composer.json, what git leaves out inside a git work tree (GitWorkTree.h; outside
// one, as git and ripgrep do, .gitignore files are not read), what
// --exclude globs match, and files over the size limit (with a note). A
// symbolic link is followed only when its target is inside the walked tree;
// a directory is never entered twice on one path. A missing path, an
// unreadable directory or a directory loop is one input-error diagnostic
// naming the path; everything else is still collected.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_INPUTCOLLECTOR_H
#define NOSQLINT_DRIVER_INPUTCOLLECTOR_H

#include "ExcludeGlobs.h"
#include "GitWorkTree.h"
#include "InputFile.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem/UniqueID.h"

#include <optional>
#include <vector>

namespace nosqlint {

class DiagnosticEngine;
class SourceManager;

struct CollectOptions {
  std::vector<std::string> Excludes; // --exclude globs
  uint64_t MaxFileBytes = 2u << 20;  // walked files above this are skipped
  bool ForceExclude = false;         // --exclude applies to named files too
};

class InputCollector {
public:
  InputCollector(SourceManager &SM, DiagnosticEngine &Diags,
                 CollectOptions Options = {})
      : SM(SM), Diags(Diags), Options(std::move(Options)),
        Excludes(this->Options.Excludes) {}

  void addPath(llvm::StringRef Path, bool IsSchema);
  /// An input whose text is given (SourceManager::setOverlay: stdin under
  /// --stdin-filename), that may not exist on disk: taken by its name, as a
  /// named file is (excludes apply with --force-exclude). \p AsCql: read as
  /// CQL whatever the name says (`<stdin>`).
  void addGivenText(llvm::StringRef Path, bool AsCql);

  /// The collected files, each once, in the order found.
  std::vector<InputFile> takeFiles() { return std::move(Files); }
  /// Notes about skipped files, in the order found.
  const std::vector<std::string> &notes() const { return Notes; }
  /// The dependency manifests the walk passed (go.mod, pom.xml, ...;
  /// DialectEvidence.h), analyzed or not, in the order found.
  const std::vector<std::string> &manifests() const { return Manifests; }
  /// What was left out and why, in the order found (--verbose): one line
  /// per folder or file, `'path/': reason`.
  const std::vector<std::string> &skipped() const { return Skipped; }

private:
  /// \p KnownReal: the real path of \p Dir when the walk knows it (an
  /// entry that is no link, of a folder whose real path it knows).
  void walkDirectory(const std::string &Dir, bool IsSchema,
                     std::vector<llvm::sys::fs::UniqueID> &Ancestors,
                     const GitWorkTree *Git, bool AtRoot,
                     const std::string *KnownReal = nullptr);
  /// Why a walk leaves out \p Path (an entry named \p Name of a folder
  /// whose real path is \p DirReal), or nothing.
  std::optional<std::string> skipReason(const std::string &Path,
                                        llvm::StringRef Name, bool IsDir,
                                        const std::string &DirReal,
                                        const GitWorkTree *Git, bool AtRoot);
  void skip(const std::string &Path, bool IsDir, llvm::StringRef Why);
  /// Whether a symbolic link's target is inside the walked tree.
  bool insideRoot(const std::string &Link) const;
  /// \p KnownReal as for walkDirectory: saves a realpath() per file, which
  /// checks every folder of the path again.
  void addFile(const std::string &Path, bool IsSchema, bool Explicit,
               const std::string *KnownReal = nullptr);
  void addAncestorManifests(llvm::StringRef Path);
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
  std::vector<std::string> Manifests;
  llvm::StringSet<> SeenManifests; // those above named inputs
  std::vector<std::string> Skipped;
  ExcludeGlobs Excludes;
  std::string Root;     // the directory being walked, as named
  std::string RootReal; // its real path
};

/// Reports an input-error about \p Path (which need not exist): the
/// diagnostic is attached to an empty placeholder buffer named after it.
void reportInputError(SourceManager &SM, DiagnosticEngine &Diags,
                      llvm::StringRef Path, std::string Message);

} // namespace nosqlint

#endif
