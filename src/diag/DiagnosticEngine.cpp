//===- DiagnosticEngine.cpp -----------------------------------------------===//
#include "nosqlint/Diag/DiagnosticEngine.h"

#include "nosqlint/Basic/SourceManager.h"

#include "ReportChunks.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <tuple>

namespace nosqlint {

llvm::StringRef fixSafetyName(FixSafety S) {
  switch (S) {
  case FixSafety::Safe:
    return "safe";
  case FixSafety::Unsafe:
    return "unsafe";
  }
  return "unsafe";
}

DiagnosticBuilder::~DiagnosticBuilder() {
  if (Engine)
    Engine->add(std::move(D));
}

DiagnosticBuilder DiagnosticEngine::report(RuleId Rule, Dialect Lang,
                                           SourceRange Range,
                                           std::string Message) {
  Diagnostic D;
  D.Rule = Rule;
  D.Level = ruleInfo(Rule).DefaultSeverity;
  D.Lang = Lang;
  D.Range = Range;
  D.Message = std::move(Message);
  return DiagnosticBuilder(*this, std::move(D));
}

void DiagnosticEngine::add(Diagnostic D) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Diagnostics.push_back(std::move(D));
}

unsigned DiagnosticEngine::count() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return static_cast<unsigned>(Diagnostics.size());
}

bool DiagnosticEngine::hasInputErrors() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return std::any_of(Diagnostics.begin(), Diagnostics.end(),
                     [](const Diagnostic &D) {
                       return D.Rule == RuleId::InputError;
                     });
}

std::vector<Diagnostic> DiagnosticEngine::sorted(const SourceManager &SM,
                                                 unsigned Jobs) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  const std::vector<Diagnostic> &All = Diagnostics;
  // By path, offsets, rule, then message; stable. A file's place in path
  // order is computed once (files that share a path share a place, and a
  // diagnostic without a range sorts as the empty path does, first).
  std::vector<uint32_t> Files;
  for (const Diagnostic &D : All)
    if (D.Range.isValid())
      Files.push_back(D.Range.File.Value);
  llvm::sort(Files);
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  std::vector<std::pair<llvm::StringRef, uint32_t>> ByPath;
  ByPath.reserve(Files.size());
  for (uint32_t F : Files)
    ByPath.emplace_back(SM.path(FileId{F}), F);
  llvm::sort(ByPath);
  llvm::DenseMap<uint32_t, unsigned> Place;
  unsigned Next = 0;
  for (size_t I = 0; I < ByPath.size(); ++I) {
    bool Empty = ByPath[I].first.empty();
    if (I > 0 && ByPath[I].first != ByPath[I - 1].first)
      ++Next;
    Place[ByPath[I].second] = Empty ? 0 : Next + 1;
  }
  struct Keyed {
    unsigned Place;
    uint32_t Begin, End;
    unsigned Rule;
    uint32_t Index;
  };
  std::vector<Keyed> Keys;
  Keys.reserve(All.size());
  for (uint32_t I = 0; I < All.size(); ++I) {
    const Diagnostic &D = All[I];
    Keys.push_back({D.Range.isValid() ? Place[D.Range.File.Value] : 0,
                    D.Range.Begin, D.Range.End,
                    static_cast<unsigned>(D.Rule), I});
  }
  std::stable_sort(Keys.begin(), Keys.end(),
                   [&](const Keyed &A, const Keyed &B) {
                     if (A.Place != B.Place)
                       return A.Place < B.Place;
                     if (A.Begin != B.Begin)
                       return A.Begin < B.Begin;
                     if (A.End != B.End)
                       return A.End < B.End;
                     if (A.Rule != B.Rule)
                       return A.Rule < B.Rule;
                     return llvm::StringRef(All[A.Index].Message) <
                            llvm::StringRef(All[B.Index].Message);
                   });
  // The copies (strings, notes, fix-its) are most of the cost: on all
  // threads, straight into their sorted places.
  std::vector<Diagnostic> Result(All.size());
  std::vector<size_t> Bounds = chunkBounds(All.size(), Jobs);
  forEachChunk(Bounds, Jobs, [&](size_t C) {
    for (size_t I = Bounds[C]; I < Bounds[C + 1]; ++I)
      Result[I] = All[Keys[I].Index];
  });
  return Result;
}

void DiagnosticEngine::clear() {
  std::lock_guard<std::mutex> Lock(Mutex);
  Diagnostics.clear();
}

std::vector<Diagnostic> DiagnosticEngine::take() {
  std::lock_guard<std::mutex> Lock(Mutex);
  std::vector<Diagnostic> Out = std::move(Diagnostics);
  Diagnostics.clear();
  return Out;
}

} // namespace nosqlint
