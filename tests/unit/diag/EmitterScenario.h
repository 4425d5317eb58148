//===- EmitterScenario.h - A fixed set of files and findings ---*- C++ -*-===//
//
// The input of the emitter golden tests: a few in-memory files (a .cql file, a
// schema file for cross-file notes, a file with a tab and UTF-8 under a path
// that needs percent-encoding, an empty file) and diagnostics with notes and
// fix-its covering the cases the emitters must handle.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_TESTS_UNIT_DIAG_EMITTERSCENARIO_H
#define NOSQLINT_TESTS_UNIT_DIAG_EMITTERSCENARIO_H

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Diag/Emitters.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace nosqlint::test {

struct EmitterScenario {
  SourceManager SM;
  std::vector<Diagnostic> Diags; // sorted, as emitters receive them
  RunSummary Summary;            // Files and Statements only
  EmitOptions Options;

  EmitterScenario();

  /// The byte range of the \p Nth occurrence (0-based) of \p Needle in \p File.
  SourceRange find(FileId File, llvm::StringRef Needle, unsigned Nth = 0) const;
};

/// Runs an emitter into a string.
template <typename Fn> std::string render(Fn Emit, const EmitterScenario &S) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  Emit(S.Diags, S.SM, S.Summary, S.Options, OS);
  OS.flush();
  return Out;
}

/// Compares \p Actual with tests/golden/<Name>, or rewrites that file when
/// the environment has NOSQLINT_UPDATE_GOLDEN=1. Returns a failure message,
/// or an empty string.
std::string checkGolden(llvm::StringRef Name, llvm::StringRef Actual);

} // namespace nosqlint::test

#endif
