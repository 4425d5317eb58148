//===- GitlabEmitter.cpp - `--format=gitlab` ------------------------------===//
//
// GitLab's Code Quality report: a JSON array of issues, each with the fields
// GitLab requires (description, check_name, fingerprint, severity and
// location.path with location.lines.begin). One issue per finding, so the
// fingerprints GitLab compares between branches are the stable ones of
// Fingerprint.h.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Diag/Emitters.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Diag/Fingerprint.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace nosqlint {

static llvm::StringRef gitlabSeverity(Severity Level) {
  switch (Level) {
  case Severity::Error:
    return "critical";
  case Severity::Warning:
    return "major";
  case Severity::Note:
    return "info";
  }
  return "major";
}

static llvm::json::Value utf8(llvm::StringRef S) {
  if (llvm::json::isUTF8(S))
    return S.str();
  return llvm::json::fixUTF8(S);
}

void emitGitlab(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
                const RunSummary &, const EmitOptions &Options,
                llvm::raw_ostream &OS) {
  {
    llvm::json::OStream J(OS, /*IndentSize=*/2);
    J.array([&] {
      for (const Diagnostic &D : Diags) {
        if (!D.Range.isValid())
          continue;
        J.object([&] {
          J.attribute("description", utf8(D.Message));
          J.attribute("check_name", ruleInfo(D.Rule).Name);
          J.attribute("fingerprint", D.Fingerprint);
          J.attribute("severity", gitlabSeverity(D.Level));
          J.attributeObject("location", [&] {
            J.attribute("path",
                        utf8(pathRelativeToRoot(SM.path(D.Range.File),
                                                Options.WorkingDirectory)));
            J.attributeObject("lines", [&] {
              J.attribute("begin",
                          SM.lineColumn(D.Range.File, D.Range.Begin).Line);
            });
          });
        });
      }
    });
  }
  OS << '\n';
  OS.flush();
}

} // namespace nosqlint
