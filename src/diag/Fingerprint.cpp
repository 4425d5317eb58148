//===- Fingerprint.cpp - Stable identities of findings --------------------===//
//
// SHA-256 over the rule id, the subject and the relative path, each ended by
// a NUL byte, then the occurrence index; the first 16 bytes in hex. The
// subject of a finding without one is the text of its range: a syntax error
// keeps its fingerprint as long as the offending text and file stay.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Diag/Fingerprint.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Basic/Whitespace.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <map>
#include <tuple>

namespace nosqlint {

namespace {

std::string subjectOf(const Diagnostic &D, const SourceManager &SM) {
  if (!D.Subject.empty())
    return D.Subject;
  if (!D.Range.isValid())
    return D.Message;
  llvm::StringRef Text = SM.text(D.Range.File);
  uint32_t Begin = std::min<uint32_t>(D.Range.Begin, Text.size());
  uint32_t End = std::min<uint32_t>(std::max(D.Range.End, D.Range.Begin),
                                    Text.size());
  std::string S = collapseWhitespace(Text.slice(Begin, End), 512);
  // An empty range (an insertion point, the end of a file) says nothing of
  // itself: the message does.
  return S.empty() ? D.Message : S;
}

} // namespace

std::string pathRelativeToRoot(llvm::StringRef Path, llvm::StringRef Root) {
  if (Path.empty())
    return std::string();
  // A relative path is relative to the current directory, the run's root.
  llvm::SmallString<256> P(Path), Base(Root);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_dots(Base, /*remove_dot_dot=*/true);
  llvm::StringRef Rel = P;
  if (llvm::sys::path::is_absolute(Rel) && !Base.empty() &&
      Rel.startswith(Base) &&
      (Rel.size() == Base.size() ||
       llvm::sys::path::is_separator(Rel[Base.size()]))) {
    Rel = Rel.drop_front(Base.size());
    while (!Rel.empty() && llvm::sys::path::is_separator(Rel.front()))
      Rel = Rel.drop_front();
  }
  return llvm::sys::path::convert_to_slash(Rel);
}

std::string fingerprintOf(llvm::StringRef RuleName, llvm::StringRef Subject,
                          llvm::StringRef RelativePath, unsigned Occurrence) {
  llvm::SHA256 H;
  H.update(RuleName);
  H.update(llvm::StringRef("\0", 1));
  H.update(Subject);
  H.update(llvm::StringRef("\0", 1));
  H.update(RelativePath);
  H.update(llvm::StringRef("\0", 1));
  H.update(std::to_string(Occurrence));
  llvm::StringRef Digest = H.final();
  return llvm::toHex(Digest.take_front(16), /*LowerCase=*/true);
}

void assignFingerprints(llvm::MutableArrayRef<Diagnostic> Diags,
                        const SourceManager &SM, llvm::StringRef Root) {
  std::map<std::tuple<std::string, std::string, std::string>, unsigned> Seen;
  // A file's relative path, worked out once.
  llvm::DenseMap<uint32_t, std::string> Paths;
  for (Diagnostic &D : Diags) {
    std::string Rule = ruleInfo(D.Rule).Name.str();
    std::string Path;
    if (D.Range.isValid()) {
      auto [It, New] = Paths.try_emplace(D.Range.File.Value);
      if (New)
        It->second = pathRelativeToRoot(SM.path(D.Range.File), Root);
      Path = It->second;
    }
    std::string Subject = subjectOf(D, SM);
    unsigned &N = Seen[{Rule, Subject, Path}];
    D.Fingerprint = fingerprintOf(Rule, Subject, Path, N++);
  }
}

} // namespace nosqlint
