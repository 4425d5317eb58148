//===- Verifier.h - The fixture test mode (--verify) -----------*- C++ -*-===//
//
// Like clang's -verify: the expected diagnostics are written in the input
// itself (`expect-warning@+1:8 full-scan {{message part}}`, syntax in
// tests/fixtures/README.md). The verifier matches them one to one with the
// diagnostics reported and lists every difference.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_VERIFIER_H
#define NOSQLINT_DRIVER_VERIFIER_H

#include "nosqlint/Basic/SourceLocation.h"
#include "nosqlint/Diag/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace nosqlint {

class SourceManager;

struct Expectation {
  FileId File;
  unsigned AnnotationLine = 0; // where the expectation is written
  Severity Level = Severity::Error;
  unsigned Line = 0;
  unsigned Column = 0; // 0: any column
  std::string Rule;
  std::string MessagePart;
};

/// Parses the expectations written in \p Text (file \p File). Malformed
/// annotations are reported in \p Problems.
std::vector<Expectation> parseExpectations(FileId File, llvm::StringRef Text,
                                           bool AbsoluteLinesOnly,
                                           std::vector<std::string> &Problems);

/// Matches \p Diags against \p Expected; prints the differences to \p Err.
/// Returns true when every diagnostic was expected and every expectation met.
bool verifyDiagnostics(llvm::ArrayRef<Diagnostic> Diags,
                       llvm::ArrayRef<Expectation> Expected,
                       const SourceManager &SM, llvm::raw_ostream &Err);

} // namespace nosqlint

#endif
