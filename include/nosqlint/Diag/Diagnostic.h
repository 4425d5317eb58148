//===- Diagnostic.h - One finding, its notes and fix-its -------*- C++ -*-===//
#ifndef NOSQLINT_DIAG_DIAGNOSTIC_H
#define NOSQLINT_DIAG_DIAGNOSTIC_H

#include "nosqlint/Basic/SourceLocation.h"
#include "nosqlint/Diag/Rule.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace nosqlint {

/// A note attached to a diagnostic. It may point into another file (the
/// CREATE TABLE that explains a finding) or nowhere (Range invalid).
struct DiagnosticNote {
  std::string Message;
  SourceRange Range;
};

/// How sure a fix is to keep the query's meaning (ruff's applicability).
/// `--fix` applies the safe ones, `--unsafe-fixes` the unsafe ones too.
enum class FixSafety : uint8_t {
  /// The fixed text means what the user meant and the database accepts it
  /// (an unnecessary ALLOW FILTERING removed, a #name placeholder).
  Safe,
  /// A guess that may change what the query does: a misspelled name
  /// corrected to the nearest name of the schema.
  Unsafe,
};

/// "safe" or "unsafe", as JSON and SARIF write it.
llvm::StringRef fixSafetyName(FixSafety S);

/// Replace the bytes of Range with Replacement (empty to delete; an empty
/// Range inserts). Range is in the bytes of the file on disk.
///
/// The FixIts of one Diagnostic are one change, as in clang: they are
/// applied together or not at all (a #name placeholder and the
/// ExpressionAttributeNames entry that defines it), never overlap, and the
/// change is as safe as its least safe FixIt. A client offering them (an
/// editor's code action) offers the whole list as one action.
///
/// A front end only proposes a FixIt whose range is the user's own text
/// byte for byte; the driver still drops, before reporting, every FixIt
/// whose range does not map one to one onto an analyzed text (an escape,
/// a concatenation, a constant used by name, a hole: src/driver/FixRanges.h)
/// and the other FixIts of its Diagnostic with it.
struct FixIt {
  SourceRange Range;
  std::string Replacement;
  FixSafety Safety = FixSafety::Safe;
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
