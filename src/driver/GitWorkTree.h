//===- GitWorkTree.h - What git leaves out of a work tree ------*- C++ -*-===//
//
// A directory walk inside a git work tree keeps what git itself would list
// (`git ls-files --cached --others --exclude-standard`): a path is left out
// when git's ignore rules ignore it (every .gitignore on its way,
// .git/info/exclude, core.excludesFile) and it is not tracked; a directory
// when it is ignored and nothing below it is tracked. The rules are git's
// own, not a reading of them: the list `git ls-files` prints when the git
// program is there and reads the repository (one run per work tree), else
// libgit2's answer per path (no git installed; a checkout owned by another
// user, which git refuses and libgit2 is allowed to read).
// libgit2 1.5 differs from git in one case, which the list avoids: it drops
// a negation (`!keep.py`) that negates no pattern of its own file, so a
// negation in a nested .gitignore of a pattern in a parent's is lost.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_GITWORKTREE_H
#define NOSQLINT_DRIVER_GITWORKTREE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <memory>
#include <optional>
#include <string>

struct git_repository;
struct git_index;

namespace nosqlint {

class GitWorkTree {
public:
  /// The work tree that holds the directory \p DirReal (a real path),
  /// found upward from it; null outside any (or in a bare repository).
  static std::unique_ptr<GitWorkTree> discover(const std::string &DirReal);
  /// The work tree whose root is exactly \p DirReal (it holds `.git`).
  static std::unique_ptr<GitWorkTree> openAt(const std::string &DirReal);
  ~GitWorkTree();

  /// The work tree's root: a real path ending in '/'.
  const std::string &root() const { return Root; }

  /// Whether git leaves out \p Real, a real path inside the work tree.
  bool leavesOut(llvm::StringRef Real, bool IsDir) const;
  /// Whether git ignores the folder \p Real itself (and tracks nothing in
  /// it): the test for a walked root, whose own list would be empty.
  bool ignoresFolder(llvm::StringRef Real) const;

private:
  GitWorkTree(git_repository *Repo, git_index *Index, std::string Root)
      : Repo(Repo), Index(Index), Root(std::move(Root)) {}
  static std::unique_ptr<GitWorkTree> open(git_repository *Repo,
                                           const std::string &DirReal);
  /// Runs `git ls-files` in \p DirReal; false when git cannot be run.
  bool listFiles(const std::string &DirReal);
  bool libgit2LeavesOut(const std::string &Rel, bool IsDir) const;

  git_repository *Repo;
  git_index *Index; // may be null: nothing is tracked
  std::string Root;
  /// What git lists below the walked folder (paths relative to Root), and
  /// every folder on the way to one of them.
  std::optional<llvm::StringSet<>> Kept;
  llvm::StringSet<> KeptFolders;
  std::string ListedBelow; // the walked folder, relative to Root
};

} // namespace nosqlint

#endif
