//===- CodeActions.h - What the editor offers on a finding ------*- C++ -*-===//
//
// For each finding of the document that meets the requested range:
//   - its fix-its, applied together as one edit (preferred when the finding
//     has exactly one);
//   - the query-first proposal of its notes (`CREATE INDEX ...`, `CREATE
//     TABLE ..._by_...`), inserted into the schema file after the table's
//     definition;
//   - a `nosqlint: ignore[rule]` comment on a line of its own above the
//     statement, in the document's comment syntax;
//   - the rule's page, opened through the nosqlint.openRulePage command.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_LSP_CODEACTIONS_H
#define NOSQLINT_LSP_CODEACTIONS_H

#include "DiagnosticConversion.h"

namespace nosqlint::lsp {

inline constexpr llvm::StringLiteral OpenRulePageCommand =
    "nosqlint.openRulePage";

/// The actions for the document's findings that overlap [Begin, End].
llvm::json::Array codeActions(const Document &Doc, const SourceManager &SM,
                              uint32_t Begin, uint32_t End);

/// The DDL a query-first note proposes, made a statement to insert: its
/// `...` (the columns the note leaves out) dropped, a `;` added. Nothing
/// when the note proposes none.
std::optional<std::string> proposedDdl(llvm::StringRef Note);

} // namespace nosqlint::lsp

#endif
