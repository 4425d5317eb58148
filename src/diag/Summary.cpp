//===- Summary.cpp - Counting findings for the summary line ---------------===//
#include "nosqlint/Diag/Emitters.h"

#include <string>

namespace nosqlint {

RunSummary summarize(llvm::ArrayRef<Diagnostic> Diags, RunSummary Base) {
  Base.Errors = Base.Warnings = Base.Notes = 0;
  for (const Diagnostic &D : Diags) {
    switch (D.Level) {
    case Severity::Error:
      ++Base.Errors;
      break;
    case Severity::Warning:
      ++Base.Warnings;
      break;
    case Severity::Note:
      ++Base.Notes;
      break;
    }
  }
  return Base;
}

static std::string counted(unsigned N, const char *Singular,
                           const char *Plural) {
  return std::to_string(N) + ' ' + (N == 1 ? Singular : Plural);
}

std::string summaryLine(const RunSummary &S) {
  return counted(S.Errors, "error", "errors") + ", " +
         counted(S.Warnings, "warning", "warnings") + ", " +
         counted(S.Notes, "note", "notes") + " in " +
         counted(S.Files, "file", "files");
}

} // namespace nosqlint
