//===- InputCollector.h - Expands command-line paths into files -*- C++ -*-===//
//
// Files named on the command line are taken as they are; directories are
// walked recursively, in sorted order, keeping the files whose kind nosqlint
// reads and skipping vendored and generated trees. A missing path, an
// unreadable directory or a directory loop is one input-error diagnostic
// naming the path; everything else is still collected.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_INPUTCOLLECTOR_H
#define NOSQLINT_DRIVER_INPUTCOLLECTOR_H

#include "InputFile.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem/UniqueID.h"

#include <vector>

namespace nosqlint {

class DiagnosticEngine;
class SourceManager;

class InputCollector {
public:
  InputCollector(SourceManager &SM, DiagnosticEngine &Diags)
      : SM(SM), Diags(Diags) {}

  void addPath(llvm::StringRef Path, bool IsSchema);

  /// The collected files, each once, in the order found.
  std::vector<InputFile> takeFiles() { return std::move(Files); }

private:
  void walkDirectory(const std::string &Dir, bool IsSchema,
                     std::vector<llvm::sys::fs::UniqueID> &Ancestors);
  void addFile(const std::string &Path, bool IsSchema, bool Explicit);

  SourceManager &SM;
  DiagnosticEngine &Diags;
  std::vector<InputFile> Files;
  llvm::StringSet<> SeenFiles;
};

/// Reports an input-error about \p Path (which need not exist): the
/// diagnostic is attached to an empty placeholder buffer named after it.
void reportInputError(SourceManager &SM, DiagnosticEngine &Diags,
                      llvm::StringRef Path, std::string Message);

} // namespace nosqlint

#endif
