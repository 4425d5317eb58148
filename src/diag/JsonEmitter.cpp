//===- JsonEmitter.cpp - `--format=json` ----------------------------------===//
//
// One pretty-printed JSON document (schema in Emitters.h), or one compact
// object per line (json-lines). Written with
// llvm::json::OStream, which emits keys in the order they are written, so the
// output is deterministic and the key order is the documented one.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Diag/Emitters.h"

#include "nosqlint/Basic/SourceManager.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace nosqlint {
namespace {

/// JSON strings must be UTF-8; repair anything else rather than fail.
llvm::json::Value text(llvm::StringRef S) {
  if (llvm::json::isUTF8(S))
    return S.str();
  return llvm::json::fixUTF8(S);
}

class JsonWriter {
public:
  JsonWriter(const SourceManager &SM, llvm::raw_ostream &OS,
             unsigned IndentSize = 2)
      : SM(SM), J(OS, IndentSize) {}

  void document(llvm::ArrayRef<Diagnostic> Diags, const RunSummary &S,
                bool Statistics) {
    J.object([&] {
      J.attribute("version", 1);
      J.attributeArray("diagnostics", [&] {
        for (const Diagnostic &D : Diags)
          diagnostic(D);
      });
      J.attributeObject("summary", [&] {
        J.attribute("files", S.Files);
        J.attribute("statements", S.Statements);
        J.attribute("errors", S.Errors);
        J.attribute("warnings", S.Warnings);
        J.attribute("notes", S.Notes);
        if (S.HasBaseline) {
          J.attribute("baselined", S.Baselined);
          J.attribute("baseline_fixed", S.BaselineGone);
        }
      });
      if (Statistics)
        J.attributeArray("statistics", [&] {
          for (const auto &Entry : ruleStatistics(Diags))
            J.object([&] {
              J.attribute("rule", ruleInfo(Entry.first).Name);
              J.attribute("count", Entry.second);
            });
        });
    });
  }

  void diagnostic(const Diagnostic &D) {
    J.object([&] {
      J.attribute("rule", ruleInfo(D.Rule).Name);
      J.attribute("severity", severityName(D.Level));
      J.attribute("message", text(D.Message));
      position(D.Range, /*WithEnd=*/true);
      if (D.Lang == Dialect::None)
        J.attribute("dialect", nullptr);
      else
        J.attribute("dialect", dialectName(D.Lang));
      if (!D.Fingerprint.empty())
        J.attribute("fingerprint", D.Fingerprint);
      J.attributeArray("notes", [&] {
        for (const DiagnosticNote &N : D.Notes)
          J.object([&] {
            J.attribute("message", text(N.Message));
            position(N.Range, /*WithEnd=*/false);
          });
      });
      J.attributeArray("fixits", [&] {
        for (const FixIt &F : D.FixIts)
          J.object([&] {
            position(F.Range, /*WithEnd=*/true);
            J.attribute("replacement", text(F.Replacement));
            J.attribute("safety", fixSafetyName(F.Safety));
          });
      });
    });
  }

private:
  /// "file", "line", "column" and, with \p WithEnd, "end_line" and
  /// "end_column" (exclusive); all null for an invalid range.
  void position(SourceRange R, bool WithEnd) {
    if (!R.isValid()) {
      J.attribute("file", nullptr);
      J.attribute("line", nullptr);
      J.attribute("column", nullptr);
      if (WithEnd) {
        J.attribute("end_line", nullptr);
        J.attribute("end_column", nullptr);
      }
      return;
    }
    LineColumn B = SM.lineColumn(R.File, R.Begin);
    J.attribute("file", text(SM.path(R.File)));
    J.attribute("line", B.Line);
    J.attribute("column", B.Column);
    if (!WithEnd)
      return;
    LineColumn E = SM.lineColumn(R.File, R.End < R.Begin ? R.Begin : R.End);
    J.attribute("end_line", E.Line);
    J.attribute("end_column", E.Column);
  }

  const SourceManager &SM;
  llvm::json::OStream J;
};

} // namespace

void emitJson(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
              const RunSummary &Summary, const EmitOptions &Options,
              llvm::raw_ostream &OS) {
  JsonWriter(SM, OS).document(Diags, summarize(Diags, Summary),
                               Options.Statistics);
  OS << '\n';
  OS.flush();
}

void emitJsonLines(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
                   const RunSummary &, const EmitOptions &,
                   llvm::raw_ostream &OS) {
  for (const Diagnostic &D : Diags) {
    JsonWriter(SM, OS, /*IndentSize=*/0).diagnostic(D);
    OS << '\n';
  }
  OS.flush();
}

} // namespace nosqlint
