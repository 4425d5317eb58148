//===- IgnoreRules.cpp ----------------------------------------------------===//
#include "IgnoreRules.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace nosqlint {

size_t IgnoreRules::pushGitignore(const std::string &Dir) {
  return addRules(Dir, /*Absolute=*/false);
}

void IgnoreRules::pushAncestorGitignores(const std::string &RootReal) {
  // The work tree's root: the nearest directory at or above RootReal that
  // holds .git. Without one, no ancestor rules apply.
  std::vector<std::string> Chain; // RootReal's parents, innermost first
  llvm::StringRef Dir = llvm::sys::path::parent_path(RootReal);
  bool FoundGit = llvm::sys::fs::exists(RootReal + "/.git");
  while (!FoundGit && !Dir.empty()) {
    Chain.push_back(Dir.str());
    if (llvm::sys::fs::exists(Dir + "/.git"))
      FoundGit = true;
    llvm::StringRef Up = llvm::sys::path::parent_path(Dir);
    if (Up == Dir)
      break;
    Dir = Up;
  }
  if (!FoundGit)
    return;
  for (auto It = Chain.rbegin(); It != Chain.rend(); ++It)
    addRules(*It, /*Absolute=*/true);
}

size_t IgnoreRules::addRules(const std::string &Dir, bool Absolute) {
  size_t Added = 0;
  llvm::SmallString<256> Git(Dir);
  llvm::sys::path::append(Git, ".git");
  if (llvm::sys::fs::is_directory(Git)) {
    llvm::sys::path::append(Git, "info", "exclude");
    Added += addRulesFrom(std::string(Git), Dir, Absolute);
  }
  llvm::SmallString<256> File(Dir);
  llvm::sys::path::append(File, ".gitignore");
  return Added + addRulesFrom(std::string(File), Dir, Absolute);
}

size_t IgnoreRules::addRulesFrom(const std::string &File,
                                 const std::string &Dir, bool Absolute) {
  auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
  if (!Buf)
    return 0;
  size_t Added = 0;
  llvm::StringRef Text = (*Buf)->getBuffer();
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    Line = Line.rtrim("\r").rtrim(" \t");
    if (Line.empty() || Line.startswith("#"))
      continue;
    Rule R;
    R.Base = Dir;
    R.Absolute = Absolute;
    if (!R.Base.empty() && R.Base.back() != '/')
      R.Base += '/';
    if (Line.consume_front("!"))
      R.Negate = true;
    if (Line.consume_back("/"))
      R.DirOnly = true;
    if (Line.consume_front("/"))
      R.Anchored = true;
    if (Line.contains('/'))
      R.Anchored = true;
    if (Line.consume_front("**/"))
      R.Anchored = false; // `**/x` is x at any depth
    if (Line.empty())
      continue;
    // GlobPattern keeps pointers into its text: it must outlive the rule.
    llvm::Expected<llvm::GlobPattern> P =
        llvm::GlobPattern::create(Saver.save(Line));
    if (!P) {
      llvm::consumeError(P.takeError());
      continue;
    }
    R.Pattern = std::move(*P);
    Rules.push_back(std::move(R));
    ++Added;
  }
  return Added;
}

void IgnoreRules::setExcludes(const std::vector<std::string> &Globs) {
  for (const std::string &G : Globs) {
    llvm::StringRef S(G);
    S.consume_front("./");
    S.consume_back("/");
    if (llvm::Expected<llvm::GlobPattern> P =
            llvm::GlobPattern::create(Saver.save(S)))
      Excludes.push_back(std::move(*P));
    else
      llvm::consumeError(P.takeError());
  }
}

bool IgnoreRules::isIgnored(const std::string &Path, bool IsDir) const {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  if (!Excludes.empty()) {
    llvm::StringRef Rel(Path);
    if (!Root.empty() && Rel.startswith(Root)) {
      Rel = Rel.drop_front(Root.size());
      Rel = Rel.ltrim('/');
    }
    for (const llvm::GlobPattern &G : Excludes) {
      if (G.match(Rel) || G.match(Name) || G.match(Path))
        return true;
      // Any directory on the way: `--exclude generated` skips a/generated/x.
      for (auto It = llvm::sys::path::begin(Rel),
                End = llvm::sys::path::end(Rel);
           It != End; ++It)
        if (G.match(*It))
          return true;
    }
  }
  bool Ignored = false;
  for (const Rule &R : Rules) {
    if (R.DirOnly && !IsDir)
      continue;
    if (Ignored == !R.Negate)
      continue; // cannot change the outcome
    // Rules from above the walk root see the path as a real path.
    std::string Abs;
    llvm::StringRef P(Path);
    if (R.Absolute) {
      if (!P.startswith(Root))
        continue;
      Abs = RootReal + "/" + P.drop_front(Root.size()).ltrim('/').str();
      P = Abs;
    }
    if (!P.startswith(R.Base))
      continue;
    llvm::StringRef Rel = P.drop_front(R.Base.size());
    bool Match = R.Anchored ? R.Pattern.match(Rel) : R.Pattern.match(Name);
    if (Match)
      Ignored = !R.Negate;
  }
  return Ignored;
}

} // namespace nosqlint
