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

/// Calls \p Visit on every named node below and including \p Root, in
/// pre-order, with a cursor (no recursion: trees can be deep).
template <typename Fn> void forEachNamedNode(TSNode Root, Fn &&Visit) {
  TSTreeCursor C = ts_tree_cursor_new(Root);
  bool Done = false;
  while (!Done) {
    TSNode N = ts_tree_cursor_current_node(&C);
    if (ts_node_is_named(N))
      Visit(N);
    if (ts_tree_cursor_goto_first_child(&C))
      continue;
    while (!ts_tree_cursor_goto_next_sibling(&C)) {
      if (!ts_tree_cursor_goto_parent(&C)) {
        Done = true;
        break;
      }
    }
  }
  ts_tree_cursor_delete(&C);
}

/// forEachNamedNode, with each node's parent as ts_node_parent gives it
/// (the nearest node above it that a cursor visits; null for \p Root),
/// kept on a stack as the cursor walks: ts_node_parent searches down from
/// the root on every call.
template <typename Fn>
void forEachNamedNodeWithParent(TSNode Root, Fn &&Visit) {
  TSTreeCursor C = ts_tree_cursor_new(Root);
  llvm::SmallVector<TSNode, 64> Ancestors; // those of the cursor's node
  bool Done = false;
  while (!Done) {
    TSNode N = ts_tree_cursor_current_node(&C);
    if (ts_node_is_named(N))
      Visit(N, Ancestors.empty() ? TSNode{} : Ancestors.back());
    if (ts_tree_cursor_goto_first_child(&C)) {
      Ancestors.push_back(N);
      continue;
    }
    while (!ts_tree_cursor_goto_next_sibling(&C)) {
      if (!ts_tree_cursor_goto_parent(&C)) {
        Done = true;
        break;
      }
      Ancestors.pop_back();
    }
  }
  ts_tree_cursor_delete(&C);
}

} // namespace nosqlint::extract

#endif
