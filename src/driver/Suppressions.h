//===- Suppressions.h - nosqlint: suppression comments ----------*- C++ -*-===//
//
// Suppression directives are read only inside the real comments of a file,
// as its own front end finds them (tree-sitter comment nodes for host
// languages, the CQL lexer's comments, `#` comments of YAML): the same text
// in a string literal is not one. Each finding belongs to a statement: the
// host statement of the query (the whole call), the CQL statement of a .cql
// file, or else the finding's own range.
//
//   ignore[ids]            on a line of the statement, after code: that
//                          statement; on a line of its own (or before code
//                          on its line): the statement that starts on the
//                          next line of code (comment lines in between are
//                          passed over, a blank line ends the search), or
//                          the statement the comment is inside of
//   ignore-next-line[ids]  the statement that starts on the next line of code
//   ignore-file[ids]       every finding of the file
//   disable[ids] / enable[ids]  every finding from the disable to the enable
//                          that names the same id (or none), or the file's end
//
// No list means every rule. input-error and unused-ignore are never
// suppressed. A malformed directive or an unknown rule id is always an
// unused-ignore warning (with a did-you-mean); a directive or id that
// suppressed nothing is one only when asked (--report-unused-ignores), with
// a fix-it that removes it.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_SUPPRESSIONS_H
#define NOSQLINT_DRIVER_SUPPRESSIONS_H

#include "nosqlint/Diag/Diagnostic.h"

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace nosqlint {

class SourceManager;

/// What suppressions read of one file besides its text.
struct FileSyntax {
  /// The byte ranges of the file's comments, in source order.
  std::vector<std::pair<uint32_t, uint32_t>> Comments;
  /// The byte ranges of its statements (any order, may nest): a finding
  /// belongs to the innermost one that contains its start.
  std::vector<std::pair<uint32_t, uint32_t>> Statements;
};

/// By FileId value; a file without an entry has no comments.
using FileSyntaxMap = std::map<uint32_t, FileSyntax>;

/// Removes the suppressed diagnostics from \p Diags. With \p Problems, adds
/// to it the unused-ignore warnings: malformed directives and unknown rule
/// ids always, and with \p ReportUnused every directive or rule id that
/// suppressed nothing.
void applySuppressions(std::vector<Diagnostic> &Diags, const SourceManager &SM,
                       const FileSyntaxMap &Files,
                       std::vector<Diagnostic> *Problems = nullptr,
                       bool ReportUnused = false);

} // namespace nosqlint

#endif
