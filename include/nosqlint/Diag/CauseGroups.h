//===- CauseGroups.h - One text finding per cause ---------------*- C++ -*-===//
//
// A query that no key confines often draws several findings that all come
// from that one fact: filtering-required, full-scan, missing-index,
// multi-partition-read. The text formats (full, concise, github) print them
// as one diagnostic: the one that ranks first is the headline and the others
// follow as notes ("<first sentence> [rule-id]", one line each, without a
// source excerpt: the headline shows the statement) with their own notes. The
// rank is the severity first (an error outranks a warning), then this
// order, most telling first:
//
//   filtering-required, full-scan, missing-index, multi-partition-read,
//   allow-filtering, count-all, unbounded-partition-read, filter-expression
//
// Every other rule is a cause of its own. Findings share a statement when
// they have the same Diagnostic::SubjectRange and Subject. Across all
// findings of one statement each note (same message, same place) is printed
// once, so the schema's "table declared here" appears once per statement.
// Long messages are cut after their first sentence; the rest follows as a
// note without a location (splitFirstSentence). Input errors (a path and
// what is wrong with it) are never cut. JSON, JSON lines, SARIF, GitLab and
// JUnit keep every finding as it is.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DIAG_CAUSEGROUPS_H
#define NOSQLINT_DIAG_CAUSEGROUPS_H

#include "nosqlint/Diag/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace nosqlint {

/// The rank of a rule in the "not confined to a partition" cause (lower
/// ranks first), or nullopt for a rule that is a cause of its own.
std::optional<unsigned> accessPathRank(RuleId Rule);

/// The diagnostics as the text formats print them, in the order of the first
/// finding of each group.
std::vector<Diagnostic> groupByCause(llvm::ArrayRef<Diagnostic> Diags);

/// Where \p Diags (sorted) can be cut into chunks that groupByCause() can
/// take one at a time, on \p Jobs threads: no statement's findings span a
/// cut, so the groups of the chunks, concatenated in order, are the groups
/// of the whole. Boundaries as chunkBounds() gives them (src/diag).
std::vector<size_t> causeGroupBounds(llvm::ArrayRef<Diagnostic> Diags,
                                     unsigned Jobs);

/// Splits \p Message after its first sentence: at the first ". " or "; "
/// outside quotes, parentheses and brackets (a period ending e.g., i.e.,
/// etc. does not count). A first sentence still over 100 bytes is cut at a
/// ": " (what follows a colon explains what precedes it): the last one within
/// 130 bytes, else the first. Returns the
/// headline without the punctuation and the rest (empty when the message is
/// one sentence).
std::pair<std::string, std::string> splitFirstSentence(llvm::StringRef Message);

} // namespace nosqlint

#endif
