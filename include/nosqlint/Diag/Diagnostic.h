//===- Diagnostic.h - One finding, its notes and fix-its -------*- C++ -*-===//
#ifndef NOSQLINT_DIAG_DIAGNOSTIC_H
#define NOSQLINT_DIAG_DIAGNOSTIC_H

#include "nosqlint/Basic/SourceLocation.h"
#include "nosqlint/Diag/Rule.h"

#include <string>
#include <vector>

namespace nosqlint {

/// A note attached to a diagnostic. It may point into another file (the
/// CREATE TABLE that explains a finding) or nowhere (Range invalid).
struct DiagnosticNote {
  std::string Message;
  SourceRange Range;
};

/// Replace the bytes of Range with Replacement (empty to delete).
struct FixIt {
  SourceRange Range;
  std::string Replacement;
};

struct Diagnostic {
  RuleId Rule = RuleId::SyntaxError;
  Severity Level = Severity::Error;
  Dialect Lang = Dialect::None;
  std::string Message;
  SourceRange Range;
  std::vector<DiagnosticNote> Notes;
  std::vector<FixIt> FixIts;
  /// What the finding is about, for its fingerprint and for grouping the
  /// findings of one statement in the text output: the statement printed
  /// normalized (CQL) or the request's operation, table, index and
  /// expressions (DynamoDB). Empty: the finding is about its own range.
  std::string Subject;
  /// Where that statement or request is (invalid when Subject is empty).
  SourceRange SubjectRange;
  /// Stable across unrelated edits; set by assignFingerprints().
  std::string Fingerprint;
};

} // namespace nosqlint

#endif
