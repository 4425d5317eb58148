//===- FixPlan.cpp --------------------------------------------------------===//
#include "FixPlan.h"

#include "nosqlint/Basic/SourceManager.h"

#include "llvm/ADT/STLExtras.h"

#include <map>

namespace nosqlint {

namespace {

bool sameEdit(const TextEdit &A, const TextEdit &B) {
  return A.Begin == B.Begin && A.End == B.End && A.Replacement == B.Replacement;
}

/// Whether two different edits cannot both be made in a known order: they
/// overlap, or one inserts inside or at an edge of the other.
bool clash(const TextEdit &A, const TextEdit &B) {
  if (A.Begin == A.End || B.Begin == B.End)
    return A.Begin <= B.End && B.Begin <= A.End;
  return A.Begin < B.End && B.Begin < A.End;
}

} // namespace

std::string applyEdits(llvm::StringRef Text, llvm::ArrayRef<TextEdit> Edits) {
  std::string Out;
  Out.reserve(Text.size());
  uint32_t At = 0;
  for (const TextEdit &E : Edits) {
    Out.append(Text.data() + At, E.Begin - At);
    Out += E.Replacement;
    At = E.End;
  }
  Out.append(Text.data() + At, Text.size() - At);
  return Out;
}

FixPlan chooseFixes(llvm::ArrayRef<Diagnostic> Findings,
                    const SourceManager &SM, bool Unsafe) {
  std::map<uint32_t, std::vector<TextEdit>> Accepted; // by file
  FixPlan Plan;
  for (const Diagnostic &D : Findings) {
    if (D.FixIts.empty())
      continue;
    bool Allowed = llvm::all_of(D.FixIts, [&](const FixIt &F) {
      return F.Range.isValid() && F.Range.Begin <= F.Range.End &&
             F.Range.End <= SM.text(F.Range.File).size() &&
             (Unsafe || F.Safety == FixSafety::Safe);
    });
    if (!Allowed)
      continue;
    // The change's own edits must not clash with each other either.
    std::vector<std::pair<uint32_t, TextEdit>> New;
    bool Clashes = false;
    for (const FixIt &F : D.FixIts) {
      TextEdit E{F.Range.Begin, F.Range.End, F.Replacement};
      const std::vector<TextEdit> &Old = Accepted[F.Range.File.Value];
      if (llvm::any_of(Old, [&](const TextEdit &O) { return sameEdit(O, E); }))
        continue;
      Clashes |=
          llvm::any_of(Old, [&](const TextEdit &O) { return clash(O, E); });
      bool Repeated = false;
      for (const auto &[File, Other] : New) {
        if (File != F.Range.File.Value)
          continue;
        Repeated |= sameEdit(Other, E);
        Clashes |= !sameEdit(Other, E) && clash(Other, E);
      }
      if (!Repeated)
        New.push_back({F.Range.File.Value, std::move(E)});
    }
    if (Clashes)
      continue;
    for (auto &[File, E] : New)
      Accepted[File].push_back(std::move(E));
    ++Plan.Fixed;
  }
  for (auto &[FileValue, Edits] : Accepted) {
    if (Edits.empty())
      continue;
    llvm::sort(Edits, [](const TextEdit &A, const TextEdit &B) {
      return std::make_pair(A.Begin, A.End) < std::make_pair(B.Begin, B.End);
    });
    FileId File{FileValue};
    FileFix F;
    F.Path = SM.path(File).str();
    F.Before = SM.text(File).str();
    F.After = applyEdits(F.Before, Edits);
    F.Edits = std::move(Edits);
    if (F.After != F.Before)
      Plan.Files.push_back(std::move(F));
  }
  llvm::sort(Plan.Files, [](const FileFix &A, const FileFix &B) {
    return A.Path < B.Path;
  });
  return Plan;
}

} // namespace nosqlint
