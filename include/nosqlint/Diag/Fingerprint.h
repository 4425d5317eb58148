//===- Fingerprint.h - Stable identities of findings -----------*- C++ -*-===//
//
// A finding's fingerprint stays the same when unrelated edits move it: it is
// a hash of the rule id, what the finding is about (Diagnostic::Subject, or
// the text of its range when it has none, whitespace collapsed) and the
// file's path relative to the run's root, never of a line or column. Findings
// with the same three get an occurrence index (0, 1, ... in the order of the
// sorted diagnostics) hashed in as well, so each stays distinct. Baselines
// (--baseline), SARIF's partialFingerprints and GitLab's fingerprint use it.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DIAG_FINGERPRINT_H
#define NOSQLINT_DIAG_FINGERPRINT_H

#include "nosqlint/Diag/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace nosqlint {

class SourceManager;

/// \p Path as the run's root \p Root (the current directory, which relative
/// paths are already relative to) sees it: dots removed, forward slashes, an
/// absolute path inside \p Root made relative to it.
std::string pathRelativeToRoot(llvm::StringRef Path, llvm::StringRef Root);

/// The fingerprint of one finding: 32 lowercase hex digits.
std::string fingerprintOf(llvm::StringRef RuleName, llvm::StringRef Subject,
                          llvm::StringRef RelativePath, unsigned Occurrence);

/// Sets Diagnostic::Fingerprint on every diagnostic of \p Diags (sorted, as
/// the engine returns them). \p Root: the run's root directory (the current
/// directory). \p Jobs: the threads that may hash (the result does not
/// depend on it).
void assignFingerprints(llvm::MutableArrayRef<Diagnostic> Diags,
                        const SourceManager &SM, llvm::StringRef Root,
                        unsigned Jobs = 1);

} // namespace nosqlint

#endif
