//===- FixRanges.cpp ------------------------------------------------------===//
#include "FixRanges.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>

namespace nosqlint {

namespace {

/// Text a string literal of every host language holds as it is: no quote,
/// backslash, interpolation (`$`, `{`), format (`%`) or line break.
bool plainLiteralText(llvm::StringRef S) {
  return llvm::all_of(S, [](char C) {
    return llvm::isAlnum(C) || llvm::StringRef(" _#:.,()=<>*-+").contains(C);
  });
}

bool overlaps(const std::vector<std::pair<uint32_t, uint32_t>> &Spans,
              uint32_t Begin, uint32_t End) {
  return llvm::any_of(Spans, [&](const auto &S) {
    // An insertion (Begin == End) strictly inside a span touches it.
    return Begin == End ? S.first < Begin && Begin < S.second
                        : S.first < End && Begin < S.second;
  });
}

} // namespace

void FixRanges::addWholeFile(FileId File, uint32_t Size) {
  FileRuns &R = Files[File.Value];
  R.Whole = true;
  R.Runs.assign(1, {0, Size});
}

void FixRanges::exclude(FileId File, uint32_t Begin, uint32_t End) {
  Files[File.Value].Excluded.push_back({Begin, End});
}

void FixRanges::addLiteral(const TextOrigin &Origin, uint32_t TextLength) {
  FileRuns &R = Files[Origin.file().Value];
  if (R.Whole)
    return;
  for (const auto &Run : Origin.verbatimFileRuns(TextLength))
    R.Runs.push_back(Run);
}

void FixRanges::finish() {
  for (auto &[File, R] : Files) {
    llvm::sort(R.Runs);
    // Join overlapping and adjacent runs (one literal seen by two texts).
    std::vector<std::pair<uint32_t, uint32_t>> Joined;
    for (const auto &Run : R.Runs) {
      if (!Joined.empty() && Run.first <= Joined.back().second)
        Joined.back().second = std::max(Joined.back().second, Run.second);
      else
        Joined.push_back(Run);
    }
    R.Runs = std::move(Joined);
  }
}

bool FixRanges::allows(const FixIt &F) const {
  if (!F.Range.isValid() || F.Range.End < F.Range.Begin)
    return false;
  auto It = Files.find(F.Range.File.Value);
  if (It == Files.end())
    return false;
  const FileRuns &R = It->second;
  uint32_t Begin = F.Range.Begin, End = F.Range.End;
  bool Inside = llvm::any_of(R.Runs, [&](const auto &Run) {
    return Run.first <= Begin && End <= Run.second;
  });
  if (!Inside || overlaps(R.Excluded, Begin, End))
    return false;
  return R.Whole || plainLiteralText(F.Replacement);
}

void dropUnmappableFixes(std::vector<Diagnostic> &Diags,
                         const FixRanges &Ranges) {
  for (Diagnostic &D : Diags)
    // A suppression comment's removal edits the comment as the file holds
    // it (Suppressions.cpp), not an analyzed text.
    if (D.Rule != RuleId::UnusedIgnore &&
        !llvm::all_of(D.FixIts,
                      [&](const FixIt &F) { return Ranges.allows(F); }))
      D.FixIts.clear();
}

} // namespace nosqlint
