//===- IgnoreRules.cpp ----------------------------------------------------===//
#include "IgnoreRules.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace nosqlint {

size_t IgnoreRules::pushGitignore(const std::string &Dir) {
  llvm::SmallString<256> File(Dir);
  llvm::sys::path::append(File, ".gitignore");
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
    llvm::Expected<llvm::GlobPattern> P = llvm::GlobPattern::create(Line);
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
    if (llvm::Expected<llvm::GlobPattern> P = llvm::GlobPattern::create(S))
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
    llvm::StringRef P(Path);
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
