//===- Hover.h - What a hover shows -----------------------------*- C++ -*-===//
//
// On a table name: the table's definition as the schema wrote it and where
// (file:line). On a query: its access pattern, as `nosqlint queries`
// reports it: the table or index that serves it, the key columns it pins,
// and its cost class.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_LSP_HOVER_H
#define NOSQLINT_LSP_HOVER_H

#include "DocumentStore.h"

namespace nosqlint::lsp {

/// The cost class of a query: how much of the cluster (or table) it reads.
std::string costClass(const DocumentQuery &Q);

/// The hover at \p Offset of \p Doc, or nothing there.
std::optional<llvm::json::Value> hoverAt(const Document &Doc, uint32_t Offset);

} // namespace nosqlint::lsp

#endif
