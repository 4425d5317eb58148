//===- Suppressions.h - nosqlint: ignore comments --------------*- C++ -*-===//
//
// `nosqlint: ignore[rule-id, ...]` (or `nosqlint: ignore` for every rule) in a
// comment on the line of a finding or on the line before it suppresses it;
// `nosqlint: ignore-file` in the first ten lines of a file suppresses every
// finding in that file. Works in any comment syntax, since only the text is
// read. input-error and unused-ignore are never suppressed.
//
// With --report-unused-ignores, every ignore that suppressed nothing (and
// every unknown rule id in one) becomes an unused-ignore note.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_SUPPRESSIONS_H
#define NOSQLINT_DRIVER_SUPPRESSIONS_H

#include "nosqlint/Diag/Diagnostic.h"

#include <vector>

namespace nosqlint {

class SourceManager;

/// Removes the suppressed diagnostics from \p Diags. With \p Unused, adds to
/// it an unused-ignore note for each ignore of every file in \p SM that
/// suppressed nothing.
void applySuppressions(std::vector<Diagnostic> &Diags, const SourceManager &SM,
                       std::vector<Diagnostic> *Unused = nullptr);

} // namespace nosqlint

#endif
