//===- DiagnosticConversion.cpp - Findings as LSP diagnostics -------------===//
#include "DiagnosticConversion.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Config/ConfigResolver.h"
#include "nosqlint/Diag/Emitters.h"

namespace nosqlint::lsp {

std::string ruleDocUrl(llvm::StringRef RuleName) {
  return (ToolInformationUri + "/blob/main/docs/rules/" + RuleName + ".md")
      .str();
}

std::string LocationConverter::uriOf(FileId File) const {
  if (File == Doc.Report.File)
    return Doc.Uri;
  return uriFromPath(config::absolutePath(SM.path(File)));
}

const LineTable &LocationConverter::lines(FileId File) {
  if (File == Doc.Report.File)
    return *Doc.Lines;
  std::unique_ptr<LineTable> &T = Tables[File.Value];
  if (!T)
    T = std::make_unique<LineTable>(SM.text(File), Doc.Encoding);
  return *T;
}

bool LocationConverter::hasLocation(SourceRange R) const {
  return R.isValid() && R.File.Value <= SM.fileCount();
}

static void writePosition(llvm::json::OStream &J, Position P) {
  J.object([&] {
    J.attribute("line", static_cast<int64_t>(P.Line));
    J.attribute("character", static_cast<int64_t>(P.Character));
  });
}

static void writeRange(llvm::json::OStream &J, const LineTable &Lines,
                       SourceRange R) {
  J.object([&] {
    J.attributeBegin("start");
    writePosition(J, Lines.position(R.Begin));
    J.attributeEnd();
    J.attributeBegin("end");
    writePosition(J, Lines.position(std::max(R.Begin, R.End)));
    J.attributeEnd();
  });
}

/// LSP's DiagnosticSeverity: 1 error, 2 warning, 3 information, 4 hint.
static int64_t lspSeverity(Severity S) {
  switch (S) {
  case Severity::Error:
    return 1;
  case Severity::Warning:
    return 2;
  case Severity::Note:
    return 3;
  }
  return 3;
}

/// LSP's DiagnosticTag: 1 Unnecessary, 2 Deprecated.
static std::vector<int64_t> tagsOf(const Diagnostic &D) {
  std::vector<int64_t> Tags;
  bool RemovesItself =
      !D.FixIts.empty() && llvm::all_of(D.FixIts, [&](const FixIt &F) {
        return F.Replacement.empty();
      });
  if (RemovesItself &&
      (D.Rule == RuleId::AllowFiltering ||
       D.Rule == RuleId::UnusedPlaceholder || D.Rule == RuleId::UnusedIgnore))
    Tags.push_back(1);
  if (D.Rule == RuleId::LegacyParameter)
    Tags.push_back(2);
  return Tags;
}

std::string lspDiagnosticJson(const Diagnostic &D, LocationConverter &Loc) {
  llvm::StringRef Rule = ruleInfo(D.Rule).Name;
  // Notes with a place are related information, the others part of the
  // message (as clangd does).
  std::string Message = D.Message;
  std::vector<const DiagnosticNote *> Related;
  for (const DiagnosticNote &N : D.Notes) {
    if (Loc.hasLocation(N.Range))
      Related.push_back(&N);
    else
      Message += "\n\n" + N.Message;
  }
  std::vector<int64_t> Tags = tagsOf(D);
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  llvm::json::OStream J(OS);
  J.object([&] {
    J.attributeBegin("range");
    writeRange(J, Loc.lines(D.Range.File), D.Range);
    J.attributeEnd();
    J.attribute("severity", lspSeverity(D.Level));
    J.attribute("code", Rule);
    J.attributeObject("codeDescription",
                      [&] { J.attribute("href", ruleDocUrl(Rule)); });
    J.attribute("source", "nosqlint");
    J.attribute("message", Message);
    if (!Related.empty())
      J.attributeArray("relatedInformation", [&] {
        for (const DiagnosticNote *N : Related)
          J.object([&] {
            J.attributeObject("location", [&] {
              J.attribute("uri", Loc.uriOf(N->Range.File));
              J.attributeBegin("range");
              writeRange(J, Loc.lines(N->Range.File), N->Range);
              J.attributeEnd();
            });
            J.attribute("message", N->Message);
          });
      });
    if (!Tags.empty())
      J.attributeArray("tags", [&] {
        for (int64_t T : Tags)
          J.value(T);
      });
  });
  return OS.str();
}

} // namespace nosqlint::lsp
