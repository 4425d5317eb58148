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

#include "ReportChunks.h"

#include "llvm/Support/raw_ostream.h"

namespace nosqlint {

static void printConcise(llvm::ArrayRef<Diagnostic> Diags,
                         const SourceManager &SM, llvm::raw_ostream &OS) {
  for (const Diagnostic &D : groupByCause(Diags)) {
    if (D.Range.isValid()) {
      LineColumn B = SM.lineColumn(D.Range.File, D.Range.Begin);
      OS << SM.path(D.Range.File) << ':' << B.Line << ':' << B.Column << ": ";
    }
    OS << severityName(D.Level) << ": ";
    llvm::StringRef Message = D.Message;
    for (size_t Line = Message.find_first_of("\r\n");
         Line != llvm::StringRef::npos; Line = Message.find_first_of("\r\n")) {
      OS << Message.take_front(Line) << ' ';
      Message = Message.drop_front(Line + 1);
    }
    OS << Message << " [" << ruleInfo(D.Rule).Name << "]\n";
  }
}

void emitConcise(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
                 const RunSummary &Summary, const EmitOptions &Options,
                 llvm::raw_ostream &OS) {
  std::vector<size_t> Bounds = causeGroupBounds(Diags, Options.Jobs);
  std::vector<std::string> Parts(Bounds.size() - 1);
  forEachChunk(Bounds, Options.Jobs, [&](size_t C) {
    llvm::raw_string_ostream Part(Parts[C]);
    printConcise(Diags.slice(Bounds[C], Bounds[C + 1] - Bounds[C]), SM, Part);
  });
  for (std::string &Part : Parts) {
    OS << Part;
    std::string().swap(Part);
  }
  if (!Options.Quiet) {
    if (Options.Statistics)
      OS << statisticsTable(Diags);
    OS << summaryLine(summarize(Diags, Summary)) << '\n';
  }
  OS.flush();
}

} // namespace nosqlint
