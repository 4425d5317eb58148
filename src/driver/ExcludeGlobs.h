//===- ExcludeGlobs.h - --exclude matching ----------------------*- C++ -*-===//
//
// An --exclude glob matches a path when it matches the path relative to the
// walked directory, the path as given, its file name, or any one of the
// directory names on its way (`--exclude generated` skips a/generated/x).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_EXCLUDEGLOBS_H
#define NOSQLINT_DRIVER_EXCLUDEGLOBS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/GlobPattern.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint {

class ExcludeGlobs {
public:
  /// Invalid globs are left out (the command line reports them).
  explicit ExcludeGlobs(const std::vector<std::string> &Globs);

  bool empty() const { return Patterns.empty(); }

  /// The glob that excludes \p Path, which lies below \p Root (empty for a
  /// file named on the command line).
  std::optional<std::string> match(llvm::StringRef Path,
                                   llvm::StringRef Root) const;

private:
  std::vector<std::pair<std::string, llvm::GlobPattern>> Patterns;
};

} // namespace nosqlint

#endif
