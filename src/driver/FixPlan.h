//===- FixPlan.h - Which fixes a --fix pass applies -------------*- C++ -*-===//
//
// The findings of a run, in their sorted order, each with its FixIts (one
// change: all or none). The first change wins: a later one that overlaps an
// accepted edit (or inserts at its edge) waits for the next pass, which sees
// the fixed text; an edit identical to an accepted one is that one. Unsafe
// changes only with --unsafe-fixes.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_FIXPLAN_H
#define NOSQLINT_DRIVER_FIXPLAN_H

#include "nosqlint/Diag/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace nosqlint {

class SourceManager;

/// One edit of a file's text: bytes [Begin, End) become Replacement.
struct TextEdit {
  uint32_t Begin = 0;
  uint32_t End = 0;
  std::string Replacement;
};

/// A file and its chosen edits (sorted, disjoint), with its text before and
/// after them.
struct FileFix {
  std::string Path;
  std::string Before;
  std::string After;
  std::vector<TextEdit> Edits;
};

struct FixPlan {
  std::vector<FileFix> Files; // in path order
  unsigned Fixed = 0;         // findings whose change is among the edits
};

/// Chooses the changes of \p Findings to apply (\p Unsafe: unsafe ones too).
FixPlan chooseFixes(llvm::ArrayRef<Diagnostic> Findings,
                    const SourceManager &SM, bool Unsafe);

/// \p Text with \p Edits (sorted, disjoint) applied.
std::string applyEdits(llvm::StringRef Text, llvm::ArrayRef<TextEdit> Edits);

} // namespace nosqlint

#endif
