//===- SyntaxTree.h - Small tree-sitter helpers the extractors share -*- C++ -*-===//
#ifndef NOSQLINT_EXTRACT_SYNTAXTREE_H
#define NOSQLINT_EXTRACT_SYNTAXTREE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <tree_sitter/api.h>

#include <optional>

namespace nosqlint::extract {

/// The child of \p N in field \p Name (`name`, `value`, `left`...), if any.
std::optional<TSNode> childByField(TSNode N, const char *Name);

/// Whether a node type is a comment in one of the host grammars.
bool isCommentType(llvm::StringRef Type);

/// The named children of \p N, comments left out, in order. One cursor walk:
/// linear in the number of children.
llvm::SmallVector<TSNode, 8> namedChildren(TSNode N);

} // namespace nosqlint::extract

#endif
