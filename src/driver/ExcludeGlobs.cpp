//===- ExcludeGlobs.cpp - --exclude matching ------------------------------===//
#include "ExcludeGlobs.h"

#include "llvm/Support/Path.h"

namespace nosqlint {

ExcludeGlobs::ExcludeGlobs(const std::vector<std::string> &Globs) {
  for (const std::string &G : Globs) {
    llvm::Expected<llvm::GlobPattern> P = llvm::GlobPattern::create(G);
    if (P)
      Patterns.emplace_back(G, std::move(*P));
    else
      llvm::consumeError(P.takeError());
  }
}

std::optional<std::string> ExcludeGlobs::match(llvm::StringRef Path,
                                               llvm::StringRef Root) const {
  llvm::StringRef Rel = Path;
  if (!Root.empty() && Rel.startswith(Root))
    Rel = Rel.drop_front(Root.size()).ltrim('/');
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  for (const auto &[Text, G] : Patterns) {
    if (G.match(Rel) || G.match(Name) || G.match(Path))
      return Text;
    for (auto It = llvm::sys::path::begin(Rel), End = llvm::sys::path::end(Rel);
         It != End; ++It)
      if (*It != "." && *It != ".." && G.match(*It))
        return Text;
  }
  return std::nullopt;
}

} // namespace nosqlint
