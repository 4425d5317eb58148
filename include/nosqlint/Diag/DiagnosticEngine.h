//===- DiagnosticEngine.h - Where every front end reports ------*- C++ -*-===//
//
// The one diagnostics engine. Front ends, schema loaders and checks report
// here (thread-safe); emitters read the sorted result. A DiagnosticBuilder
// lets a caller add notes and fix-its fluently:
//
//   Diags.report(RuleId::FullScan, Dialect::Cql, Range, "reads every partition")
//       .note(TableRange, "table declared here")
//       .fixIt(Range, "");
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DIAG_DIAGNOSTICENGINE_H
#define NOSQLINT_DIAG_DIAGNOSTICENGINE_H

#include "nosqlint/Diag/Diagnostic.h"

#include <mutex>
#include <string>
#include <vector>

namespace nosqlint {

class SourceManager;
class DiagnosticEngine;

/// Collects one diagnostic; hands it to the engine when destroyed.
class DiagnosticBuilder {
public:
  DiagnosticBuilder(DiagnosticEngine &Engine, Diagnostic D)
      : Engine(&Engine), D(std::move(D)) {}
  DiagnosticBuilder(DiagnosticBuilder &&Other) noexcept
      : Engine(Other.Engine), D(std::move(Other.D)) {
    Other.Engine = nullptr;
  }
  DiagnosticBuilder(const DiagnosticBuilder &) = delete;
  DiagnosticBuilder &operator=(const DiagnosticBuilder &) = delete;
  ~DiagnosticBuilder();

  DiagnosticBuilder &note(SourceRange Range, std::string Message) {
    D.Notes.push_back({std::move(Message), Range});
    return *this;
  }
  DiagnosticBuilder &fixIt(SourceRange Range, std::string Replacement,
                           FixSafety Safety = FixSafety::Safe) {
    D.FixIts.push_back({Range, std::move(Replacement), Safety});
    return *this;
  }
  /// The statement or request the finding is about (Diagnostic::Subject).
  DiagnosticBuilder &subject(SourceRange Range, std::string Text) {
    D.SubjectRange = Range;
    D.Subject = std::move(Text);
    return *this;
  }
  DiagnosticBuilder &severity(Severity Level) {
    D.Level = Level;
    return *this;
  }

private:
  DiagnosticEngine *Engine;
  Diagnostic D;
};

/// Counts for the summary line and the JSON summary.
struct RunSummary {
  unsigned Files = 0;
  unsigned Statements = 0;
  unsigned Errors = 0;
  unsigned Warnings = 0;
  unsigned Notes = 0;
  /// --baseline: findings the baseline holds (not reported), and baseline
  /// entries no finding matches any more (fixed). HasBaseline says whether
  /// these are printed at all.
  bool HasBaseline = false;
  unsigned Baselined = 0;
  unsigned BaselineGone = 0;
  /// --fix / --unsafe-fixes: the findings whose fix was applied (they are
  /// not among the findings reported). HasFixes says whether this is
  /// printed at all.
  bool HasFixes = false;
  unsigned Fixed = 0;
};

class DiagnosticEngine {
public:
  /// Starts a diagnostic at the rule's default severity.
  DiagnosticBuilder report(RuleId Rule, Dialect Lang, SourceRange Range,
                           std::string Message);

  /// Adds a finished diagnostic.
  void add(Diagnostic D);

  /// All diagnostics so far, sorted by file path, line, column, then rule;
  /// copied on up to \p Jobs threads (the result does not depend on it).
  std::vector<Diagnostic> sorted(const SourceManager &SM,
                                 unsigned Jobs = 1) const;

  unsigned count() const;
  bool hasInputErrors() const;

  /// Forgets every diagnostic (a language server's next check).
  void clear();

  /// Moves every diagnostic out, in the order reported (an engine local to
  /// a worker, merged into the run's in a fixed order).
  std::vector<Diagnostic> take();

private:
  mutable std::mutex Mutex;
  std::vector<Diagnostic> Diagnostics;
};

} // namespace nosqlint

#endif
