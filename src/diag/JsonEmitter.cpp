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

#include "ReportChunks.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <string>
#include <vector>

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

  /// \p Rendered, when given: the text of diagnostic I as an element of
  /// the "diagnostics" array would be written (see renderedDiagnostics).
  void document(llvm::ArrayRef<Diagnostic> Diags, const RunSummary &S,
                bool Statistics,
                llvm::function_ref<llvm::StringRef(size_t)> Rendered = {}) {
    J.object([&] {
      J.attribute("version", 1);
      J.attributeArray("diagnostics", [&] {
        for (size_t I = 0; I < Diags.size(); ++I)
          if (Rendered)
            J.rawValue([&](llvm::raw_ostream &OS) { OS << Rendered(I); });
          else
            diagnostic(Diags[I]);
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

/// Every diagnostic of \p Diags rendered as JsonWriter::diagnostic() writes
/// it at \p Depth levels of nesting (two spaces each), on \p Jobs threads:
/// one buffer per chunk and where each diagnostic ends in it.
class RenderedDiagnostics {
public:
  RenderedDiagnostics(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
                      unsigned IndentSize, unsigned Depth, unsigned Jobs)
      : Bounds(chunkBounds(Diags.size(), Jobs)), Parts(Bounds.size() - 1),
        Ends(Diags.size()) {
    std::string Indent = "\n" + std::string(IndentSize * Depth, ' ');
    forEachChunk(Bounds, Jobs, [&](size_t C) {
      std::string &Part = Parts[C];
      std::string One;
      for (size_t I = Bounds[C]; I < Bounds[C + 1]; ++I) {
        One.clear();
        {
          llvm::raw_string_ostream OS(One);
          JsonWriter(SM, OS, IndentSize).diagnostic(Diags[I]);
        }
        // Strings are escaped: every newline is the writer's own.
        llvm::StringRef Rest = One;
        for (size_t Line = Rest.find('\n'); Line != llvm::StringRef::npos;
             Line = Rest.find('\n')) {
          Part.append(Rest.data(), Line);
          Part += Indent;
          Rest = Rest.drop_front(Line + 1);
        }
        Part.append(Rest.data(), Rest.size());
        Ends[I] = Part.size();
      }
    });
  }

  llvm::StringRef operator()(size_t I) const {
    size_t C = std::upper_bound(Bounds.begin() + 1, Bounds.end(), I) -
               Bounds.begin() - 1;
    size_t Begin = I == Bounds[C] ? 0 : Ends[I - 1];
    return llvm::StringRef(Parts[C]).slice(Begin, Ends[I]);
  }

private:
  std::vector<size_t> Bounds;
  std::vector<std::string> Parts;
  std::vector<size_t> Ends;
};

} // namespace

void emitJson(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
              const RunSummary &Summary, const EmitOptions &Options,
              llvm::raw_ostream &OS) {
  RunSummary S = summarize(Diags, Summary);
  if (Options.Jobs <= 1) {
    JsonWriter(SM, OS).document(Diags, S, Options.Statistics);
  } else {
    // The elements of "diagnostics" sit two levels deep.
    RenderedDiagnostics Rendered(Diags, SM, 2, 2, Options.Jobs);
    JsonWriter(SM, OS).document(Diags, S, Options.Statistics,
                                [&](size_t I) { return Rendered(I); });
  }
  OS << '\n';
  OS.flush();
}

void emitJsonLines(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
                   const RunSummary &, const EmitOptions &Options,
                   llvm::raw_ostream &OS) {
  std::vector<size_t> Bounds = chunkBounds(Diags.size(), Options.Jobs);
  std::vector<std::string> Parts(Bounds.size() - 1);
  forEachChunk(Bounds, Options.Jobs, [&](size_t C) {
    llvm::raw_string_ostream Part(Parts[C]);
    for (size_t I = Bounds[C]; I < Bounds[C + 1]; ++I) {
      JsonWriter(SM, Part, /*IndentSize=*/0).diagnostic(Diags[I]);
      Part << '\n';
    }
  });
  for (std::string &Part : Parts) {
    OS << Part;
    std::string().swap(Part);
  }
  OS.flush();
}

} // namespace nosqlint
