//===- Baseline.h - Findings accepted for now (--baseline) ------*- C++ -*-===//
//
// A baseline file records the findings of one run so later runs report only
// new ones. It is JSON:
//
//   {"version": 1,
//    "entries": [{"fingerprint", "rule", "path", "line", "message"}]}
//
// Only "fingerprint" decides whether a finding is baselined (Fingerprint.h);
// rule, path, line and message are there for the people reviewing the file.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_BASELINE_H
#define NOSQLINT_DRIVER_BASELINE_H

#include "nosqlint/Diag/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace nosqlint {
class SourceManager;
}

namespace nosqlint::driver {

struct BaselineEntry {
  std::string Fingerprint;
  std::string Rule;
  std::string Path;
  unsigned Line = 0;
  std::string Message;
};

/// Reads the baseline text \p Text of file \p Path. Returns false with
/// \p Error ("PATH:LINE:COL: what is wrong") for anything but a well-formed
/// baseline.
bool parseBaseline(llvm::StringRef Text, llvm::StringRef Path,
                   std::vector<BaselineEntry> &Entries, std::string &Error);

/// The baseline document for \p Diags (fingerprints assigned), paths
/// relative to \p Root.
std::string baselineText(llvm::ArrayRef<Diagnostic> Diags,
                         const SourceManager &SM, llvm::StringRef Root);

/// Removes from \p Diags the findings \p Entries hold; sets \p Baselined to
/// how many were removed and \p Gone to the entries no finding matched.
void applyBaseline(std::vector<Diagnostic> &Diags,
                   llvm::ArrayRef<BaselineEntry> Entries, unsigned &Baselined,
                   unsigned &Gone);

} // namespace nosqlint::driver

#endif
