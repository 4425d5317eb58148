//===- DiagnosticEngine.cpp -----------------------------------------------===//
#include "nosqlint/Diag/DiagnosticEngine.h"

#include "nosqlint/Basic/SourceManager.h"

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

std::vector<Diagnostic> DiagnosticEngine::sorted(const SourceManager &SM) const {
  std::vector<Diagnostic> Result;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Result = Diagnostics;
  }
  auto Key = [&SM](const Diagnostic &D) {
    llvm::StringRef Path = D.Range.isValid() ? SM.path(D.Range.File) : "";
    return std::make_tuple(Path, D.Range.Begin, D.Range.End,
                           static_cast<unsigned>(D.Rule),
                           llvm::StringRef(D.Message));
  };
  std::stable_sort(Result.begin(), Result.end(),
                   [&](const Diagnostic &A, const Diagnostic &B) {
                     return Key(A) < Key(B);
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
