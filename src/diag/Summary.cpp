//===- Summary.cpp - Counting findings for the summary line ---------------===//
//
// The summary line of the text formats (with the baseline's counts) and the
// per-rule statistics of --statistics.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Diag/Emitters.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
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
  std::string Line = counted(S.Errors, "error", "errors") + ", " +
                     counted(S.Warnings, "warning", "warnings") + ", " +
                     counted(S.Notes, "note", "notes") + " in " +
                     counted(S.Files, "file", "files");
  if (S.HasBaseline)
    Line += "; " + std::to_string(S.Baselined) + " baselined, " +
            counted(S.BaselineGone, "baseline entry", "baseline entries") +
            " fixed";
  if (S.HasFixes)
    Line += "; " + counted(S.Fixed, "finding", "findings") + " fixed";
  return Line;
}

std::vector<std::pair<RuleId, unsigned>>
ruleStatistics(llvm::ArrayRef<Diagnostic> Diags) {
  std::map<RuleId, unsigned> Counts;
  for (const Diagnostic &D : Diags)
    ++Counts[D.Rule];
  std::vector<std::pair<RuleId, unsigned>> Out(Counts.begin(), Counts.end());
  std::stable_sort(Out.begin(), Out.end(), [](const auto &A, const auto &B) {
    if (A.second != B.second)
      return A.second > B.second;
    return ruleInfo(A.first).Name < ruleInfo(B.first).Name;
  });
  return Out;
}

std::string statisticsTable(llvm::ArrayRef<Diagnostic> Diags) {
  std::string Out;
  for (const auto &[Rule, Count] : ruleStatistics(Diags)) {
    const RuleInfo &R = ruleInfo(Rule);
    Out += fmt::format("{:>6}  {:<26} {}\n", Count, R.Name.str(),
                       severityName(R.DefaultSeverity).str());
  }
  return Out;
}

} // namespace nosqlint
