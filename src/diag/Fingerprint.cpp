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

#include "ReportChunks.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <unordered_map>
#include <vector>

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
                        const SourceManager &SM, llvm::StringRef Root,
                        unsigned Jobs) {
  // A file's relative path, worked out once; files that share one share a
  // slot (slot 0: no path, for findings without a range).
  std::vector<std::string> Paths{std::string()};
  llvm::StringMap<unsigned> SlotOfPath;
  SlotOfPath[""] = 0;
  llvm::DenseMap<uint32_t, unsigned> SlotOfFile;
  std::vector<unsigned> Slot(Diags.size(), 0);
  for (size_t I = 0; I < Diags.size(); ++I) {
    const Diagnostic &D = Diags[I];
    if (!D.Range.isValid())
      continue;
    auto [It, New] = SlotOfFile.try_emplace(D.Range.File.Value, 0);
    if (New) {
      std::string Path = pathRelativeToRoot(SM.path(D.Range.File), Root);
      auto [P, NewPath] = SlotOfPath.try_emplace(Path, Paths.size());
      if (NewPath)
        Paths.push_back(std::move(Path));
      It->second = P->second;
    }
    Slot[I] = It->second;
  }

  // The subjects (the costly part: a finding's text, whitespace collapsed),
  // on all threads.
  std::vector<std::string> Subjects(Diags.size());
  std::vector<size_t> Bounds = chunkBounds(Diags.size(), Jobs);
  forEachChunk(Bounds, Jobs, [&](size_t C) {
    for (size_t I = Bounds[C]; I < Bounds[C + 1]; ++I)
      if (Diags[I].Subject.empty())
        Subjects[I] = subjectOf(Diags[I], SM);
  });
  auto SubjectOf = [&](size_t I) -> llvm::StringRef {
    return Diags[I].Subject.empty() ? llvm::StringRef(Subjects[I])
                                    : llvm::StringRef(Diags[I].Subject);
  };

  // The occurrence index of each (rule, subject, path), in order.
  struct Key {
    unsigned Rule;
    unsigned Slot;
    llvm::StringRef Subject;
    bool operator==(const Key &O) const {
      return Rule == O.Rule && Slot == O.Slot && Subject == O.Subject;
    }
  };
  struct KeyHash {
    size_t operator()(const Key &K) const {
      return llvm::hash_combine(K.Rule, K.Slot, K.Subject);
    }
  };
  std::unordered_map<Key, unsigned, KeyHash> Seen;
  Seen.reserve(Diags.size());
  std::vector<unsigned> Occurrence(Diags.size());
  for (size_t I = 0; I < Diags.size(); ++I)
    Occurrence[I] =
        Seen[{static_cast<unsigned>(Diags[I].Rule), Slot[I], SubjectOf(I)}]++;

  forEachChunk(Bounds, Jobs, [&](size_t C) {
    for (size_t I = Bounds[C]; I < Bounds[C + 1]; ++I)
      Diags[I].Fingerprint = fingerprintOf(ruleInfo(Diags[I].Rule).Name,
                                           SubjectOf(I), Paths[Slot[I]],
                                           Occurrence[I]);
  });
}

} // namespace nosqlint
