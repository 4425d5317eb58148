//===- GoBindings.h - What a Go name is bound to where it is used -*- C++ -*-===//
//
// The Go readers of builder chains, table models and struct fields follow
// names through the file: the last declaration of a name before its use in
// the enclosing functions (parameters, `:=`, `var`, `=`, `range`), then the
// file's package-level `var`, `const` and `func` declarations.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_GOBINDINGS_H
#define NOSQLINT_EXTRACT_GOBINDINGS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <tree_sitter/api.h>

#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace nosqlint::extract {

struct GoBinding {
  bool Found = false;              // declared in the file
  std::optional<TSNode> Value;     // the expression bound, when there is one
  std::optional<TSNode> Function;  // a function declaration of that name
  std::optional<TSNode> Declaration; // the declaring node (a parameter, ...)
};

bool isGoFunctionNode(llvm::StringRef Type);

/// The identifiers declaration node \p D binds, each with its value (the
/// matching right-hand expression; none for a multi-value call, a
/// parameter or a range variable).
void goBindingsOf(
    TSNode D, llvm::StringRef Src,
    llvm::SmallVectorImpl<std::pair<TSNode, std::optional<TSNode>>> &Out);

/// One lookup without a kept index (it indexes the enclosing functions for
/// this call only): for a reader that asks once or twice.
GoBinding goLookup(llvm::StringRef Src, llvm::StringRef Name, TSNode Use);

/// The bindings of one file, each function's declarations indexed the
/// first time a name is looked up in it (each function is walked once).
class GoScopes {
public:
  explicit GoScopes(llvm::StringRef Src);

  /// The binding of \p Name as seen at \p Use.
  GoBinding lookup(llvm::StringRef Name, TSNode Use);

  /// The identifiers named \p Name in \p F (a function or the file),
  /// nested functions included, in source order; each function's are
  /// gathered once.
  const std::vector<TSNode> &uses(TSNode F, llvm::StringRef Name);

private:
  struct Entry {
    uint32_t At; // the identifier
    std::optional<TSNode> Value;
    TSNode Declaration;
  };
  struct Index {
    llvm::StringMap<std::vector<Entry>> Names; // in source order
    llvm::StringMap<TSNode> Functions;         // the file's only
  };
  const Index &indexOf(TSNode F);
  llvm::StringRef text(TSNode N) const;

  llvm::StringRef Src;
  std::map<uint32_t, Index> Indexes; // by the function's first byte
  std::map<uint32_t, llvm::StringMap<std::vector<TSNode>>> Uses;
  const std::vector<TSNode> NoUses;
};

} // namespace nosqlint::extract

#endif
