//===- GitWorkTree.cpp - What git leaves out of a work tree ---------------===//
#include "GitWorkTree.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <git2.h>

#include <mutex>

namespace nosqlint {

static void initLibgit2() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    git_libgit2_init();
    // libgit2 only reads ignore files here and runs nothing a repository's
    // config names: a checkout owned by another user (a CI container's)
    // is safe to read. The git program refuses one (safe.directory), and
    // is not told otherwise, since its config may name programs to run.
    git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, 0);
  });
}

std::unique_ptr<GitWorkTree> GitWorkTree::open(git_repository *Repo,
                                               const std::string &DirReal) {
  const char *Workdir = Repo ? git_repository_workdir(Repo) : nullptr;
  if (!Workdir) {
    git_repository_free(Repo);
    return nullptr;
  }
  git_index *Index = nullptr;
  if (git_repository_index(&Index, Repo) != 0)
    Index = nullptr;
  std::string Root(Workdir);
  if (Root.empty() || Root.back() != '/')
    Root += '/';
  std::unique_ptr<GitWorkTree> W(new GitWorkTree(Repo, Index, Root));
  W->listFiles(DirReal);
  return W;
}

bool GitWorkTree::listFiles(const std::string &DirReal) {
  llvm::ErrorOr<std::string> Git = llvm::sys::findProgramByName("git");
  if (!Git)
    return false;
  std::string Dir = DirReal + "/";
  if (Dir.compare(0, Root.size(), Root) != 0)
    return false;
  llvm::SmallString<128> Listing;
  if (llvm::sys::fs::createTemporaryFile("nosqlint-git-ls-files", "txt",
                                         Listing))
    return false;
  llvm::FileRemover Remove(Listing.str());
  // No file-system monitor the repository's config may name is started.
  llvm::StringRef Args[] = {*Git,     "-c",       "core.fsmonitor=false",
                            "-C",     DirReal,    "ls-files",
                            "-z",     "--cached", "--others",
                            "--exclude-standard"};
  llvm::Optional<llvm::StringRef> Redirects[] = {
      llvm::StringRef(""), llvm::StringRef(Listing), llvm::StringRef("")};
  if (llvm::sys::ExecuteAndWait(*Git, Args, llvm::None, Redirects) != 0)
    return false;
  auto Buffer = llvm::MemoryBuffer::getFile(Listing);
  if (!Buffer)
    return false;
  ListedBelow = Dir.substr(Root.size());
  Kept.emplace();
  llvm::StringRef Rest = (*Buffer)->getBuffer();
  while (!Rest.empty()) {
    auto [Path, Tail] = Rest.split('\0');
    Rest = Tail;
    if (Path.empty())
      continue;
    std::string Rel = ListedBelow + Path.rtrim('/').str();
    Kept->insert(Rel);
    for (size_t Slash = Rel.rfind('/'); Slash != std::string::npos && Slash;
         Slash = Rel.rfind('/', Slash - 1)) {
      if (!KeptFolders.insert(Rel.substr(0, Slash)).second)
        break; // its folders are in already
    }
  }
  return true;
}

std::unique_ptr<GitWorkTree> GitWorkTree::discover(const std::string &DirReal) {
  initLibgit2();
  git_repository *Repo = nullptr;
  if (git_repository_open_ext(&Repo, DirReal.c_str(), 0, nullptr) != 0)
    return nullptr;
  return open(Repo, DirReal);
}

std::unique_ptr<GitWorkTree> GitWorkTree::openAt(const std::string &DirReal) {
  initLibgit2();
  git_repository *Repo = nullptr;
  if (git_repository_open_ext(&Repo, DirReal.c_str(),
                              GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr) != 0)
    return nullptr;
  return open(Repo, DirReal);
}

GitWorkTree::~GitWorkTree() {
  git_index_free(Index);
  git_repository_free(Repo);
}

bool GitWorkTree::leavesOut(llvm::StringRef Real, bool IsDir) const {
  if (!Real.startswith(Root))
    return false;
  std::string Rel = Real.drop_front(Root.size()).rtrim('/').str();
  if (Rel.empty())
    return false;
  if (Kept && llvm::StringRef(Rel + "/").startswith(ListedBelow))
    return IsDir ? !KeptFolders.contains(Rel) && !Kept->contains(Rel)
                 : !Kept->contains(Rel);
  return libgit2LeavesOut(Rel, IsDir);
}

bool GitWorkTree::ignoresFolder(llvm::StringRef Real) const {
  if (!Real.startswith(Root))
    return false;
  std::string Rel = Real.drop_front(Root.size()).rtrim('/').str();
  return !Rel.empty() && libgit2LeavesOut(Rel, /*IsDir=*/true);
}

bool GitWorkTree::libgit2LeavesOut(const std::string &Rel, bool IsDir) const {
  int Ignored = 0;
  if (git_ignore_path_is_ignored(&Ignored, Repo, Rel.c_str()) != 0 ||
      !Ignored)
    return false;
  if (!Index)
    return true;
  if (!IsDir)
    return git_index_get_bypath(Index, Rel.c_str(), 0) == nullptr;
  size_t At = 0;
  return git_index_find_prefix(&At, Index, (Rel + "/").c_str()) != 0;
}

} // namespace nosqlint
