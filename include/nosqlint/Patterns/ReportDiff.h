//===- ReportDiff.h - `patterns --against`: what a change adds --*- C++ -*-===//
//
// Compares a report with an earlier one (its JSON, as emitPatternsJson
// wrote it) by the identity of each access pattern (Read::shape(): table,
// serving object, operation, how it is served, the columns it pins; never a
// line number): the patterns that are new, the new ones no key or index
// serves, and the patterns that are gone.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_PATTERNS_REPORTDIFF_H
#define NOSQLINT_PATTERNS_REPORTDIFF_H

#include "nosqlint/Patterns/PatternReport.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace nosqlint::patterns {

/// The access patterns of an earlier report: each shape, and whether some
/// read of that shape was unserved.
struct BaseReport {
  std::vector<std::string> Shapes;
  std::vector<std::string> UnservedShapes;
};

/// Reads a report's JSON; false with \p Error ("line:column: ...", or what
/// is missing) for anything but a version-1 report.
bool readBaseReport(llvm::StringRef Json, BaseReport &Out, std::string &Error);

/// Sets R.Diff: the reads of \p R whose shape \p Base lacks (one per
/// shape), those of them that are unserved (also a shape that was served
/// before), and the shapes of \p Base that \p R lacks.
void diffAgainst(const BaseReport &Base, llvm::StringRef BasePath,
                 PatternReport &R);

} // namespace nosqlint::patterns

#endif
