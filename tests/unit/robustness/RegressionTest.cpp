//===- RegressionTest.cpp - In-process regressions for hostile inputs -----===//
//
// Each test pins a bug the robustness work found (tests/unit/robustness/
// README.md lists them): the input that found it, and an assertion on the
// size of what comes out, never on time.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Cql/Parser.h"
#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Diag/Emitters.h"

#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <string>

namespace nosqlint {
namespace {

// The text emitter printed the whole source line under every diagnostic: a
// 1 MB single-line file with a diagnostic per statement wrote 54 GB.
TEST(Robustness, DiagnosticsOnAHugeLineDoNotRepeatIt) {
  std::string Line;
  for (int I = 0; I < 20000; ++I)
    Line += "SELECT * FROM t WHERE v = 1; ";
  SourceManager SM;
  FileId F = SM.addText(Line + "\n", "line.cql");
  std::vector<Diagnostic> Diags;
  for (uint32_t At = 0; At < 20000 * 29; At += 29) {
    Diagnostic D;
    D.Message = "bad";
    D.Range = {F, At, At + 6};
    D.FixIts.push_back({{F, At, At + 6}, "select"});
    Diags.push_back(D);
  }
  EmitOptions Options;
  Options.Quiet = true;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  emitText(Diags, SM, RunSummary(), Options, OS);
  OS.flush();
  // A header and a parseable fix-it line per diagnostic, no source line.
  EXPECT_LT(Out.size(), 20000u * 200);
  EXPECT_NE(Out.find("line.cql:1:30: error: bad [syntax-error]\n"),
            std::string::npos);
  EXPECT_EQ(Out.find("SELECT * FROM t WHERE v = 1; SELECT"), std::string::npos);
}

// A short line is still shown with its caret.
TEST(Robustness, ShortLinesAreStillShown) {
  SourceManager SM;
  FileId F = SM.addText("SELECT * FROM t JOIN u;\n", "q.cql");
  Diagnostic D;
  D.Message = "bad";
  D.Range = {F, 16, 22};
  EmitOptions Options;
  Options.Quiet = true;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  emitText({D}, SM, RunSummary(), Options, OS);
  EXPECT_EQ(OS.str(), "q.cql:1:17: error: bad [syntax-error]\n"
                      "SELECT * FROM t JOIN u;\n"
                      "                ^~~~~~\n");
}

// A statement of 290,000 select items (2 MB, under the file size limit)
// took 2.6 GB of parse tree: over 100,000 tokens a statement is refused as
// too complex, and the statements around it still parse.
TEST(Robustness, OverlongStatementIsTooComplex) {
  std::string Text = "SELECT v FROM t WHERE k = 1;\nSELECT ";
  for (int I = 0; I < 20000; ++I)
    Text += "f(a,b),";
  Text += "v FROM t;\nSELECT v FROM t WHERE k = 2;\n";
  SourceManager SM;
  FileId F = SM.addText(Text, "long.cql");
  DiagnosticEngine Diags;
  cql::Script S = cql::parseScript(SM.text(F), TextOrigin::identity(F),
                                   cql::ParseOptions(), Diags);
  EXPECT_EQ(S.Statements.size(), 2u);
  auto All = Diags.sorted(SM);
  ASSERT_EQ(All.size(), 1u);
  EXPECT_NE(All[0].Message.find("too complex"), std::string::npos)
      << All[0].Message;
  EXPECT_EQ(SM.lineColumn(F, All[0].Range.Begin).Line, 2u);
}

// Just under the bound a long statement still parses.
TEST(Robustness, LongButBoundedStatementParses) {
  std::string Text = "SELECT * FROM t WHERE k IN (";
  for (int I = 0; I < 40000; ++I)
    Text += "1,";
  Text += "2);\n";
  SourceManager SM;
  FileId F = SM.addText(Text, "in.cql");
  DiagnosticEngine Diags;
  cql::Script S = cql::parseScript(SM.text(F), TextOrigin::identity(F),
                                   cql::ParseOptions(), Diags);
  EXPECT_EQ(S.Statements.size(), 1u);
  EXPECT_EQ(Diags.count(), 0u);
}

// fuzz-cql-statement: bytes that decode past U+10FFFF or to a surrogate made
// ANTLR's lexer error path throw std::range_error (the process aborted).
TEST(Robustness, CodePointsThatAreNotCharactersLexAsErrors) {
  for (llvm::StringRef Bad : {"\xf5\xb3\xb6\xaa", "\xed\xa0\x80", "\xf4\x90\x80\x80"}) {
    std::string Text = "SELECT * FROM t WHERE k = " + Bad.str() + ";\nSELECT v FROM t;\n";
    SourceManager SM;
    FileId F = SM.addText(Text, "bad.cql");
    DiagnosticEngine Diags;
    cql::Script S = cql::parseScript(SM.text(F), TextOrigin::identity(F),
                                     cql::ParseOptions(), Diags);
    EXPECT_EQ(S.Statements.size(), 1u);
    auto All = Diags.sorted(SM);
    ASSERT_EQ(All.size(), 1u);
    EXPECT_NE(All[0].Message.find("unexpected character"), std::string::npos);
    EXPECT_EQ(All[0].Range.Begin, 26u);
  }
}

} // namespace
} // namespace nosqlint
