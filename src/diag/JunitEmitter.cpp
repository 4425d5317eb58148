//===- JunitEmitter.cpp - `--format=junit` --------------------------------===//
//
// JUnit XML, as CI servers read test reports: one <testsuite> per file, one
// <testcase> per finding, each failing with the rule id as its type. The
// counts and a zero time are given on every suite and case (consumers that
// follow Ant's schema require them); no timestamp or host name, so the
// output is reproducible.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Diag/Emitters.h"

#include "nosqlint/Basic/SourceManager.h"

#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

namespace nosqlint {

namespace {

/// \p Raw escaped for XML text (or, with \p Attribute, an attribute value,
/// where tabs and line breaks become character references); invalid UTF-8
/// is repaired and the control characters XML 1.0 forbids become U+FFFD.
std::string xmlEscape(llvm::StringRef Raw, bool Attribute = false) {
  std::string Fixed =
      llvm::json::isUTF8(Raw) ? Raw.str() : llvm::json::fixUTF8(Raw);
  std::string Out;
  for (char C : Fixed) {
    unsigned char U = static_cast<unsigned char>(C);
    switch (C) {
    case '&':
      Out += "&amp;";
      continue;
    case '<':
      Out += "&lt;";
      continue;
    case '>':
      Out += "&gt;";
      continue;
    case '"':
      Out += "&quot;";
      continue;
    case '\'':
      Out += "&apos;";
      continue;
    default:
      break;
    }
    if (Attribute && (C == '\t' || C == '\n' || C == '\r')) {
      // A parser would turn them into spaces in an attribute value.
      Out += "&#" + std::to_string(U) + ";";
      continue;
    }
    if (U < 0x20 && C != '\t' && C != '\n' && C != '\r') {
      Out += "\xEF\xBF\xBD";
      continue;
    }
    Out += C;
  }
  return Out;
}

std::string location(const SourceManager &SM, SourceRange R) {
  if (!R.isValid())
    return std::string();
  LineColumn B = SM.lineColumn(R.File, R.Begin);
  return (SM.path(R.File) + ":" + llvm::Twine(B.Line) + ":" +
          llvm::Twine(B.Column))
      .str();
}

} // namespace

void emitJunit(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
               const RunSummary &, const EmitOptions &,
               llvm::raw_ostream &OS) {
  // Suites in first-use order of their file.
  std::vector<std::string> Names;
  std::map<std::string, std::vector<const Diagnostic *>> Suites;
  for (const Diagnostic &D : Diags) {
    std::string Name =
        D.Range.isValid() ? SM.path(D.Range.File).str() : std::string("nosqlint");
    auto [It, New] = Suites.try_emplace(Name);
    if (New)
      Names.push_back(Name);
    It->second.push_back(&D);
  }
  OS << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  OS << "<testsuites name=\"nosqlint\" tests=\"" << Diags.size()
     << "\" failures=\"" << Diags.size() << "\" errors=\"0\" time=\"0\">\n";
  for (const std::string &Name : Names) {
    const std::vector<const Diagnostic *> &Cases = Suites[Name];
    OS << "  <testsuite name=\"" << xmlEscape(Name, true) << "\" tests=\""
       << Cases.size() << "\" failures=\"" << Cases.size()
       << "\" errors=\"0\" skipped=\"0\" time=\"0\">\n";
    for (const Diagnostic *D : Cases) {
      llvm::StringRef Rule = ruleInfo(D->Rule).Name;
      std::string Where = location(SM, D->Range);
      std::string CaseName = Rule.str();
      if (D->Range.isValid()) {
        LineColumn B = SM.lineColumn(D->Range.File, D->Range.Begin);
        CaseName += " at " + std::to_string(B.Line) + ":" +
                    std::to_string(B.Column);
      }
      std::string Text = (Where.empty() ? "" : Where + ": ") +
                         severityName(D->Level).str() + ": " + D->Message +
                         " [" + Rule.str() + "]";
      for (const DiagnosticNote &N : D->Notes) {
        std::string NoteAt = location(SM, N.Range);
        Text += "\n" + (NoteAt.empty() ? "" : NoteAt + ": ") + "note: " +
                N.Message;
      }
      OS << "    <testcase name=\"" << xmlEscape(CaseName, true) << "\" classname=\""
         << xmlEscape(Name, true) << "\" time=\"0\">\n";
      OS << "      <failure type=\"" << xmlEscape(Rule, true) << "\" message=\""
         << xmlEscape(D->Message, /*Attribute=*/true) << "\">" << xmlEscape(Text)
         << "</failure>\n";
      OS << "    </testcase>\n";
    }
    OS << "  </testsuite>\n";
  }
  OS << "</testsuites>\n";
  OS.flush();
}

} // namespace nosqlint
