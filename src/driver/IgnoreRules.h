//===- IgnoreRules.h - .gitignore and --exclude matching -------*- C++ -*-===//
//
// The walk keeps a stack of ignore rules: the patterns of every .gitignore
// from the walk root down to the current directory, then the --exclude
// globs. A .gitignore pattern without a slash matches a name at any depth
// below its directory; with a slash it is anchored there; a trailing slash
// matches directories only; `!` re-includes; the last matching rule wins.
// An --exclude glob matches the path relative to the walk root, or any of
// its names.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_IGNORERULES_H
#define NOSQLINT_DRIVER_IGNORERULES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/StringSaver.h"

#include <string>
#include <vector>

namespace nosqlint {

class IgnoreRules {
public:
  /// Adds the patterns of the .gitignore in \p Dir (if any) and, when \p Dir
  /// is the root of a git work tree, those of its .git/info/exclude first
  /// (git gives them the lower precedence); returns how many rules were
  /// added (to pop them when leaving the directory).
  size_t pushGitignore(const std::string &Dir);
  /// Adds the .gitignore files of the directories above the walk root, up to
  /// the root of its git work tree (the directory holding .git), outermost
  /// first. \p RootReal is the walk root's real path.
  void pushAncestorGitignores(const std::string &RootReal);
  void pop(size_t Count) { Rules.resize(Rules.size() - Count); }

  /// Sets the --exclude globs (matched relative to \p Root).
  void setExcludes(const std::vector<std::string> &Globs);
  void setRoot(const std::string &Root, const std::string &RootReal) {
    this->Root = Root;
    this->RootReal = RootReal;
  }

  bool isIgnored(const std::string &Path, bool IsDir) const;

private:
  struct Rule {
    std::string Base; // the directory of the .gitignore, with a trailing '/'
    llvm::GlobPattern Pattern;
    bool Negate = false;
    bool DirOnly = false;
    bool Anchored = false;
    bool Absolute = false; // Base is a real path above the walk root
  };
  size_t addRules(const std::string &Dir, bool Absolute);
  size_t addRulesFrom(const std::string &File, const std::string &Dir,
                      bool Absolute);
  std::vector<Rule> Rules;
  std::vector<llvm::GlobPattern> Excludes;
  std::string Root;
  std::string RootReal;
  /// The pattern texts: a GlobPattern points into its text.
  llvm::BumpPtrAllocator Alloc;
  llvm::StringSaver Saver{Alloc};
};

} // namespace nosqlint

#endif
