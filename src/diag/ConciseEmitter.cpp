//===- ConciseEmitter.cpp - `--format=concise` ----------------------------===//
//
// One line per cause: "path:line:col: severity: message [rule-id]", the
// findings grouped as in the full text (CauseGroups.h), no source lines and
// no notes.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Diag/Emitters.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Diag/CauseGroups.h"

#include "llvm/Support/raw_ostream.h"

namespace nosqlint {

void emitConcise(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
                 const RunSummary &Summary, const EmitOptions &Options,
                 llvm::raw_ostream &OS) {
  for (const Diagnostic &D : groupByCause(Diags)) {
    if (D.Range.isValid()) {
      LineColumn B = SM.lineColumn(D.Range.File, D.Range.Begin);
      OS << SM.path(D.Range.File) << ':' << B.Line << ':' << B.Column << ": ";
    }
    std::string Message = D.Message;
    for (char &C : Message)
      if (C == '\n' || C == '\r')
        C = ' ';
    OS << severityName(D.Level) << ": " << Message << " ["
       << ruleInfo(D.Rule).Name << "]\n";
  }
  if (!Options.Quiet) {
    if (Options.Statistics)
      OS << statisticsTable(Diags);
    OS << summaryLine(summarize(Diags, Summary)) << '\n';
  }
  OS.flush();
}

} // namespace nosqlint
