//===- UnifiedDiff.h - --diff: a fix as `diff -u` prints it ----*- C++ -*-===//
//
// The lines that differ are found with Myers' O(ND) difference algorithm
// (the common first and last lines set aside first; fixes change few lines),
// and printed as GNU diff -u lays them out: three lines of context, hunks
// closer than that joined (`--- a/path`, `+++ b/path` as git does, an
// absolute path as it is; `\ No newline at end of file`).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_UNIFIEDDIFF_H
#define NOSQLINT_DRIVER_UNIFIEDDIFF_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace nosqlint {

/// The unified diff of \p Before into \p After; empty when they are equal.
std::string unifiedDiff(llvm::StringRef Path, llvm::StringRef Before,
                        llvm::StringRef After);

/// Applies a diff unifiedDiff() wrote to \p Before, checking every context
/// and removed line; nothing when it does not apply (the diff's own check,
/// for its tests and fuzzer).
std::optional<std::string> applyUnifiedDiff(llvm::StringRef Before,
                                            llvm::StringRef Diff);

} // namespace nosqlint

#endif
