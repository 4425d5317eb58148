//===- Nesting.h - How deeply a text nests its brackets ---------*- C++ -*-===//
//
// tree-sitter 0.20.7 (Debian 12) corrupts its heap when it frees a tree
// nested 65,536 levels deep or more (seen with JavaScript and HCL: 66,000
// `[` abort in ts_subtree_release). Every front end that parses with it
// first measures the text's bracket nesting and refuses a text deeper than
// MaxParseNesting, far above anything real code writes.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_BASIC_NESTING_H
#define NOSQLINT_BASIC_NESTING_H

#include "llvm/ADT/StringRef.h"

namespace nosqlint {

constexpr unsigned MaxParseNesting = 10000;

/// True when \p Text opens more than \p Limit brackets ( [ { without closing
/// them. Brackets inside strings and comments count too: that can only make
/// a text look deeper than it is, never shallower. One pass over the bytes.
inline bool nestsDeeperThan(llvm::StringRef Text,
                            unsigned Limit = MaxParseNesting) {
  unsigned Depth = 0;
  for (char C : Text) {
    if (C == '(' || C == '[' || C == '{') {
      if (++Depth > Limit)
        return true;
    } else if ((C == ')' || C == ']' || C == '}') && Depth > 0) {
      --Depth;
    }
  }
  return false;
}

} // namespace nosqlint

#endif
