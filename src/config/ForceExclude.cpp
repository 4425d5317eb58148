//===- ForceExclude.cpp - Excludes applied to named files -----------------===//
//
// Matches a named file against the exclude globs the way the walk matches a
// file below the walked folder: the whole path, then each name in it.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Config/ForceExclude.h"

#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/Path.h"

namespace nosqlint::config {

bool matchesExclude(llvm::StringRef Path, llvm::ArrayRef<std::string> Globs) {
  llvm::StringRef Trimmed = Path;
  while (Trimmed.consume_front("./"))
    ;
  for (const std::string &G : Globs) {
    llvm::StringRef S(G);
    S.consume_front("./");
    S.consume_back("/");
    auto Pattern = llvm::GlobPattern::create(S);
    if (!Pattern) {
      llvm::consumeError(Pattern.takeError());
      continue;
    }
    if (Pattern->match(Trimmed))
      return true;
    for (auto It = llvm::sys::path::begin(Trimmed),
              End = llvm::sys::path::end(Trimmed);
         It != End; ++It)
      if (Pattern->match(*It))
        return true;
  }
  return false;
}

} // namespace nosqlint::config
