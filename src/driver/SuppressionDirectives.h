//===- SuppressionDirectives.h - nosqlint: directives in a comment -*- C++ -*-===//
//
// Reads the `nosqlint: <kind>[rule, ...]` directives written in one comment.
// The prefix and the kind are matched without regard to case, with any
// spaces around `:`, `[`, `,` and `]` (`NOSQLINT : Ignore [ a , b ]`). A
// directive of an unknown kind, or a rule list without its `]`, is kept as
// a malformed directive so that it can be reported; `nosqlint` without a
// `:` is prose and not read.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_SUPPRESSIONDIRECTIVES_H
#define NOSQLINT_DRIVER_SUPPRESSIONDIRECTIVES_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace nosqlint {

enum class DirectiveKind {
  Ignore,         // the statement of the comment's line, or the one below
  IgnoreNextLine, // the statement that starts on the next line of code
  IgnoreFile,     // the whole file
  Disable,        // from here to the matching enable (or the file's end)
  Enable,
  Unknown,        // `nosqlint: <word>` of no known kind
};

llvm::StringRef directiveKindName(DirectiveKind K);

/// One rule id of a directive's list, as written.
struct DirectiveRule {
  std::string Name;   // lower-cased
  uint32_t Offset;    // in the text the directive was read from
  uint32_t Length;
};

struct Directive {
  DirectiveKind Kind = DirectiveKind::Unknown;
  std::string Word;   // the kind as written (for an unknown one)
  uint32_t Offset = 0; // of `nosqlint`
  uint32_t Length = 0; // through the `]` of its list, if any
  std::vector<DirectiveRule> Rules; // empty: every rule
  bool UnclosedList = false;        // `[` without `]`
};

/// The directives of \p Comment (a comment's text, delimiters included);
/// offsets are relative to \p Base, the comment's offset in its file.
std::vector<Directive> readDirectives(llvm::StringRef Comment, uint32_t Base);

/// Whether \p Text mentions `nosqlint` in any case: the cheap test before
/// a file's comments are looked for.
bool mentionsNosqlint(llvm::StringRef Text);

} // namespace nosqlint

#endif
