//===- Suppressions.h - nosqlint: ignore comments --------------*- C++ -*-===//
//
// `nosqlint: ignore[rule-id, ...]` (or `nosqlint: ignore` for every rule) in a
// comment on the line of a finding or on the line before it suppresses it;
// `nosqlint: ignore-file` in the first ten lines of a file suppresses every
// finding in that file. Works in any comment syntax, since only the text is
// read. input-error is never suppressed.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_SUPPRESSIONS_H
#define NOSQLINT_DRIVER_SUPPRESSIONS_H

#include "nosqlint/Diag/Diagnostic.h"

#include <vector>

namespace nosqlint {

class SourceManager;

/// Removes the suppressed diagnostics from \p Diags.
void applySuppressions(std::vector<Diagnostic> &Diags, const SourceManager &SM);

} // namespace nosqlint

#endif
