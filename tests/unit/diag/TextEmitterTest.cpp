//===- TextEmitterTest.cpp - clang-style text output ----------------------===//
#include "EmitterScenario.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Diag/Emitters.h"

#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

namespace nosqlint::test {
namespace {

/// One file, one diagnostic over [Begin, End), printed without a summary.
std::string printOne(llvm::StringRef Text, uint32_t Begin, uint32_t End,
                     std::vector<FixIt> FixIts = {},
                     std::vector<DiagnosticNote> Notes = {}) {
  SourceManager SM;
  FileId F = SM.addText(Text, "q.cql");
  Diagnostic D;
  D.Rule = RuleId::SyntaxError;
  D.Level = Severity::Error;
  D.Message = "bad";
  D.Range = {F, Begin, End};
  for (FixIt &Fix : FixIts)
    Fix.Range.File = F;
  D.FixIts = std::move(FixIts);
  D.Notes = std::move(Notes);
  EmitOptions Options;
  Options.Quiet = true;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  emitText({D}, SM, RunSummary(), Options, OS);
  return OS.str();
}

TEST(TextEmitterTest, CaretAndRange) {
  EXPECT_EQ(printOne("SELECT * FROM t JOIN u;\n", 16, 22),
            "q.cql:1:17: error: bad [syntax-error]\n"
            "SELECT * FROM t JOIN u;\n"
            "                ^~~~~~\n");
}

TEST(TextEmitterTest, OneByteRangeIsJustACaret) {
  EXPECT_EQ(printOne("a b\n", 2, 3), "q.cql:1:3: error: bad [syntax-error]\n"
                                     "a b\n"
                                     "  ^\n");
}

TEST(TextEmitterTest, RangePastEndOfLineUnderlinesOnlyTheFirstLine) {
  EXPECT_EQ(printOne("x = 'abc\ndef';\n", 4, 15),
            "q.cql:1:5: error: bad [syntax-error]\n"
            "x = 'abc\n"
            "    ^~~~\n");
}

TEST(TextEmitterTest, RangePastEndOfFileIsClamped) {
  EXPECT_EQ(printOne("ab", 1, 99), "q.cql:1:2: error: bad [syntax-error]\n"
                                   "ab\n"
                                   " ^\n");
}

TEST(TextEmitterTest, TabsExpandInSourceAndCaretLines) {
  EXPECT_EQ(printOne("\tSELECT\tx;\n", 8, 9),
            "q.cql:1:9: error: bad [syntax-error]\n"
            "        SELECT  x;\n"
            "                ^\n");
}

TEST(TextEmitterTest, MultiByteCharactersKeepTheCaretAligned) {
  // "é" is two bytes but one column; "日本" is six bytes, four columns.
  EXPECT_EQ(printOne("'\xC3\xA9' OR x\n", 5, 7),
            "q.cql:1:6: error: bad [syntax-error]\n"
            "'\xC3\xA9' OR x\n"
            "    ^~\n");
  EXPECT_EQ(printOne("'\xE6\x97\xA5\xE6\x9C\xAC' OR x\n", 9, 11),
            "q.cql:1:10: error: bad [syntax-error]\n"
            "'\xE6\x97\xA5\xE6\x9C\xAC' OR x\n"
            "       ^~\n");
}

TEST(TextEmitterTest, TabAfterMultiByteCharacterFollowsTheSourceLine) {
  // LLVM expands the tab counting bytes: after "é" (2 bytes) it pads to
  // byte column 8, which is 7 display columns.
  EXPECT_EQ(printOne("\xC3\xA9\tx\n", 3, 4),
            "q.cql:1:4: error: bad [syntax-error]\n"
            "\xC3\xA9      x\n"
            "       ^\n");
}

TEST(TextEmitterTest, FixItOnNonAsciiLine) {
  EXPECT_EQ(printOne("'\xC3\xA9' x\n", 5, 6, {{{FileId(), 5, 6}, "y"}}),
            "q.cql:1:6: error: bad [syntax-error]\n"
            "'\xC3\xA9' x\n"
            "    ^\n"
            "    y\n");
}

TEST(TextEmitterTest, LocationInTheLineTerminator) {
  EXPECT_EQ(printOne("ab\r\ncd\n", 2, 4),
            "q.cql:1:3: error: bad [syntax-error]\n"
            "ab\n"
            "  ^\n");
  EXPECT_EQ(printOne("ab\r\ncd\n", 3, 4),
            "q.cql:1:4: error: bad [syntax-error]\n"
            "ab\n"
            "  ^\n");
}

TEST(TextEmitterTest, InvalidUtf8CountsOneColumnPerByte) {
  EXPECT_EQ(printOne("\xFF\xFE x\n", 3, 4),
            "q.cql:1:4: error: bad [syntax-error]\n"
            "\xFF\xFE x\n"
            "   ^\n");
}

TEST(TextEmitterTest, EmptyFilePrintsTheHeaderOnly) {
  EXPECT_EQ(printOne("", 0, 0), "q.cql:1:1: error: bad [syntax-error]\n");
}

TEST(TextEmitterTest, EndOfFileAfterFinalNewline) {
  // Nothing to point at on the empty last line...
  EXPECT_EQ(printOne("a;\n", 3, 3), "q.cql:2:1: error: bad [syntax-error]\n");
  // ...unless a fix-it inserts something there.
  EXPECT_EQ(printOne("a;\n", 3, 3, {{{FileId(), 3, 3}, "b;"}}),
            "q.cql:2:1: error: bad [syntax-error]\n"
            "\n"
            "^\n"
            "b;\n");
}

TEST(TextEmitterTest, EndOfFileWithoutFinalNewline) {
  EXPECT_EQ(printOne("SELECT a FROM t", 15, 15, {{{FileId(), 15, 15}, ";"}}),
            "q.cql:1:16: error: bad [syntax-error]\n"
            "SELECT a FROM t\n"
            "               ^\n"
            "               ;\n");
}

TEST(TextEmitterTest, FixItReplacementUnderTheCaretLine) {
  EXPECT_EQ(printOne("SELEC a FROM t;\n", 0, 5, {{{FileId(), 0, 5}, "SELECT"}}),
            "q.cql:1:1: error: bad [syntax-error]\n"
            "SELEC a FROM t;\n"
            "^~~~~\n"
            "SELECT\n");
}

TEST(TextEmitterTest, FixItOnAnotherLineIsPrintedParseably) {
  EXPECT_EQ(printOne("a\nb\n", 0, 1, {{{FileId(), 2, 3}, "c\"d"}}),
            "q.cql:1:1: error: bad [syntax-error]\n"
            "a\n"
            "^\n"
            "fix-it:\"q.cql\":{2:1-2:2}:\"c\\\"d\"\n");
}

TEST(TextEmitterTest, NotesWithAndWithoutLocation) {
  SourceManager SM;
  FileId F = SM.addText("SELECT * FROM a, b;\n", "q.cql");
  FileId Schema = SM.addText("CREATE TABLE a (k int PRIMARY KEY);\n", "s.cql");
  Diagnostic D;
  D.Rule = RuleId::Join;
  D.Range = {F, 15, 18};
  D.Message = "two tables";
  D.Notes = {{"declared here", {Schema, 13, 14}}, {"one table per query", {}}};
  EmitOptions Options;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  RunSummary Summary;
  Summary.Files = 1;
  emitText({D}, SM, Summary, Options, OS);
  EXPECT_EQ(OS.str(), "q.cql:1:16: error: two tables [join]\n"
                      "SELECT * FROM a, b;\n"
                      "               ^~~\n"
                      "s.cql:1:14: note: declared here\n"
                      "CREATE TABLE a (k int PRIMARY KEY);\n"
                      "             ^\n"
                      "note: one table per query\n"
                      "1 error, 0 warnings, 0 notes in 1 file\n");
}

TEST(TextEmitterTest, FixItWithoutLocationIsIgnored) {
  SourceManager SM;
  FileId F = SM.addText("a\n", "q.cql");
  Diagnostic D;
  D.Message = "bad";
  D.Range = {F, 0, 1};
  D.FixIts = {{SourceRange(), "x"}};
  EmitOptions Options;
  Options.Quiet = true;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  emitText({D}, SM, RunSummary(), Options, OS);
  EXPECT_EQ(OS.str(), "q.cql:1:1: error: bad [syntax-error]\n"
                      "a\n"
                      "^\n");
}

TEST(TextEmitterTest, DiagnosticWithoutLocation) {
  SourceManager SM;
  Diagnostic D;
  D.Rule = RuleId::InputError;
  D.Message = "cannot read 'x.cql'";
  EmitOptions Options;
  Options.Quiet = true;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  emitText({D}, SM, RunSummary(), Options, OS);
  EXPECT_EQ(OS.str(), "error: cannot read 'x.cql' [input-error]\n");
}

TEST(TextEmitterTest, SummaryLinePlurals) {
  auto Line = [](unsigned E, unsigned W, unsigned N, unsigned F) {
    RunSummary S;
    S.Errors = E;
    S.Warnings = W;
    S.Notes = N;
    S.Files = F;
    return summaryLine(S);
  };
  EXPECT_EQ(Line(1, 0, 2, 1), "1 error, 0 warnings, 2 notes in 1 file");
  EXPECT_EQ(Line(0, 1, 1, 0), "0 errors, 1 warning, 1 note in 0 files");
  EXPECT_EQ(Line(2, 11, 0, 3), "2 errors, 11 warnings, 0 notes in 3 files");
}

TEST(TextEmitterTest, SummarizeCountsFindingsBySeverity) {
  std::vector<Diagnostic> Diags(4);
  Diags[0].Level = Severity::Error;
  Diags[1].Level = Severity::Warning;
  Diags[2].Level = Severity::Note;
  Diags[3].Level = Severity::Error;
  Diags[3].Notes = {{"attached", {}}, {"attached", {}}}; // not counted
  RunSummary Base;
  Base.Files = 7;
  Base.Statements = 9;
  Base.Errors = 100; // recomputed
  RunSummary S = summarize(Diags, Base);
  EXPECT_EQ(S.Errors, 2u);
  EXPECT_EQ(S.Warnings, 1u);
  EXPECT_EQ(S.Notes, 1u);
  EXPECT_EQ(S.Files, 7u);
  EXPECT_EQ(S.Statements, 9u);
}

TEST(TextEmitterTest, QuietPrintsNoSummary) {
  EmitterScenario S;
  S.Options.Quiet = false;
  std::string Loud = render(emitText, S);
  S.Options.Quiet = true;
  std::string Quiet = render(emitText, S);
  const std::string Summary = "7 errors, 1 warning, 1 note in 5 files\n";
  ASSERT_GE(Loud.size(), Summary.size());
  EXPECT_EQ(Loud.substr(Loud.size() - Summary.size()), Summary);
  EXPECT_EQ(Quiet, Loud.substr(0, Loud.size() - Summary.size()));

  SourceManager SM;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  EmitOptions Options;
  Options.Quiet = true;
  emitText({}, SM, RunSummary(), Options, OS);
  EXPECT_EQ(OS.str(), "");
}

std::string stripEscapes(llvm::StringRef S) {
  std::string Out;
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] != '\x1b') {
      Out += S[I];
      continue;
    }
    I = S.find('m', I); // ESC [ ... m
    if (I == llvm::StringRef::npos)
      break;
  }
  return Out;
}

TEST(TextEmitterTest, ColorAddsOnlyEscapeCodes) {
  EmitterScenario S;
  std::string Plain = render(emitText, S);
  EXPECT_EQ(Plain.find('\x1b'), std::string::npos);
  S.Options.Color = true;
  std::string Colored = render(emitText, S);
  EXPECT_NE(Colored, Plain);
  EXPECT_EQ(stripEscapes(Colored), Plain);
}

TEST(TextEmitterTest, ColorsFollowClang) {
  SourceManager SM;
  FileId F = SM.addText("a b\n", "q.cql");
  std::vector<Diagnostic> Diags(3);
  Diags[0].Level = Severity::Error;
  Diags[1].Level = Severity::Warning;
  Diags[2].Level = Severity::Note;
  for (Diagnostic &D : Diags) {
    D.Message = "m";
    D.Range = {F, 2, 3};
  }
  EmitOptions Options;
  Options.Color = true;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  emitText(Diags, SM, RunSummary(), Options, OS);
  const std::string Bold = "\x1b[1m", Reset = "\x1b[0m";
  // Location in bold, the label in its color (bold), caret line green.
  EXPECT_NE(Out.find(Bold + "q.cql:1:3: " + Reset), std::string::npos) << Out;
  EXPECT_NE(Out.find("\x1b[0;1;31merror: " + Reset), std::string::npos) << Out;
  EXPECT_NE(Out.find("\x1b[0;1;35mwarning: " + Reset), std::string::npos)
      << Out;
  EXPECT_NE(Out.find("\x1b[0;1;30mnote: " + Reset), std::string::npos) << Out;
  EXPECT_NE(Out.find("\x1b[0;1;32m  ^\n" + Reset), std::string::npos) << Out;
}

} // namespace
} // namespace nosqlint::test
