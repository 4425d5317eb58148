//===- GithubEmitter.cpp - `--format=github` ------------------------------===//
//
// GitHub Actions workflow commands (::error, ::warning, ::notice), which the
// runner turns into annotations on the pull request's diff. One command per
// cause (CauseGroups.h); the notes follow the message on lines of their own.
// The runner reads '%', CR and LF escaped in the message, and ':' and ','
// too in property values.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Diag/Emitters.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Diag/CauseGroups.h"
#include "nosqlint/Diag/Fingerprint.h"

#include "llvm/Support/raw_ostream.h"

namespace nosqlint {

std::string githubEscapeData(llvm::StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '%')
      Out += "%25";
    else if (C == '\r')
      Out += "%0D";
    else if (C == '\n')
      Out += "%0A";
    else
      Out += C;
  }
  return Out;
}

std::string githubEscapeProperty(llvm::StringRef S) {
  std::string Out;
  for (char C : githubEscapeData(S)) {
    if (C == ':')
      Out += "%3A";
    else if (C == ',')
      Out += "%2C";
    else
      Out += C;
  }
  return Out;
}

static llvm::StringRef commandFor(Severity Level) {
  switch (Level) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "notice";
  }
  return "error";
}

void emitGithub(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
                const RunSummary &, const EmitOptions &Options,
                llvm::raw_ostream &OS) {
  auto Where = [&](SourceRange R) {
    return pathRelativeToRoot(SM.path(R.File), Options.WorkingDirectory);
  };
  for (const Diagnostic &D : groupByCause(Diags)) {
    OS << "::" << commandFor(D.Level) << ' ';
    if (D.Range.isValid()) {
      LineColumn B = SM.lineColumn(D.Range.File, D.Range.Begin);
      LineColumn E = SM.lineColumn(
          D.Range.File, D.Range.End < D.Range.Begin ? D.Range.Begin : D.Range.End);
      OS << "file=" << githubEscapeProperty(Where(D.Range))
         << ",line=" << B.Line << ",col=" << B.Column << ",endLine=" << E.Line
         << ",endColumn=" << E.Column << ',';
    }
    OS << "title=" << githubEscapeProperty(ruleInfo(D.Rule).Name) << "::";
    std::string Message = D.Message;
    for (const DiagnosticNote &N : D.Notes) {
      Message += '\n';
      if (N.Range.isValid()) {
        LineColumn B = SM.lineColumn(N.Range.File, N.Range.Begin);
        Message += Where(N.Range) + ":" + std::to_string(B.Line) + ": ";
      }
      Message += "note: " + N.Message;
    }
    OS << githubEscapeData(Message) << '\n';
  }
  OS.flush();
}

} // namespace nosqlint
