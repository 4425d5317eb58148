//===- SyntaxTree.cpp -----------------------------------------------------===//
#include "SyntaxTree.h"

#include <cstring>

namespace nosqlint::extract {

std::optional<TSNode> childByField(TSNode N, const char *Name) {
  TSNode C = ts_node_child_by_field_name(N, Name,
                                         static_cast<uint32_t>(strlen(Name)));
  if (ts_node_is_null(C))
    return std::nullopt;
  return C;
}

bool isCommentType(llvm::StringRef T) {
  return T == "comment" || T == "line_comment" || T == "block_comment" ||
         T == "multiline_comment";
}

llvm::SmallVector<TSNode, 8> namedChildren(TSNode N) {
  llvm::SmallVector<TSNode, 8> R;
  TSTreeCursor Cur = ts_tree_cursor_new(N);
  if (ts_tree_cursor_goto_first_child(&Cur)) {
    do {
      TSNode K = ts_tree_cursor_current_node(&Cur);
      if (ts_node_is_named(K) && !isCommentType(ts_node_type(K)))
        R.push_back(K);
    } while (ts_tree_cursor_goto_next_sibling(&Cur));
  }
  ts_tree_cursor_delete(&Cur);
  return R;
}

} // namespace nosqlint::extract
