//===- LexerDifferentialTest.cpp - CqlTokenizer against the generated lexer ===//
//
// grammar/CqlLexer.g4 is the specification of the CQL tokens: the
// hand-written tokenizer the parser reads must give the very token stream
// (type, channel, byte range, line, column) the lexer ANTLR generates from
// it gives, on every file of the shared corpus and the test fixtures, on
// the corner cases of each rule below, and on seeded random texts over the
// characters the rules care about. fuzz/CqlLexerFuzzer.cpp does the same
// with arbitrary input.
//
//===----------------------------------------------------------------------===//
#include "CqlTokenizer.h"
#include "LexerComparison.h"

#include "CqlLexer.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <random>
#include <string>
#include <vector>

using namespace nosqlint::cql;

namespace {

using L = nosqlint_cql_gen::CqlLexer;

/// Every .cql file under \p Root (recursively).
std::vector<std::string> cqlFiles(const std::string &Root) {
  std::vector<std::string> Out;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End;
       It != End && !EC; It.increment(EC))
    if (llvm::sys::path::extension(It->path()) == ".cql")
      Out.push_back(It->path());
  std::sort(Out.begin(), Out.end());
  return Out;
}

void expectSameTokensInFiles(const std::string &Root, size_t AtLeast) {
  std::vector<std::string> Files = cqlFiles(Root);
  EXPECT_GE(Files.size(), AtLeast) << Root;
  for (const std::string &Path : Files) {
    auto Buffer = llvm::MemoryBuffer::getFile(Path);
    ASSERT_TRUE(static_cast<bool>(Buffer)) << Path;
    EXPECT_EQ(firstLexerDifference((*Buffer)->getBuffer()), "") << Path;
  }
}

TEST(LexerDifferential, SharedCorpus) {
  expectSameTokensInFiles(std::string(NOSQLINT_SHARED_DIR) + "/corpus/cql",
                          200);
}

TEST(LexerDifferential, TestFixturesAndExamples) {
  std::string Source = NOSQLINT_SOURCE_DIR;
  expectSameTokensInFiles(Source + "/tests", 100);
  expectSameTokensInFiles(Source + "/corpus", 1);
  expectSameTokensInFiles(Source + "/schemas", 1);
}

// The corner cases of each rule: longest match, the earlier rule on a tie,
// the first terminator of a non-greedy rule, and what an unterminated or
// unknown piece of text becomes.
const char *const Cases[] = {
    "", " ", "\t\r\n\f x", "a\nb\r\nc\rd",
    "-- c\nx", "// c\r\nx", "--", "//", "-", "-=", "--=", "-1", "a-b",
    "/**/", "/* a */ b", "/* a", "/*/", "/* ** */", "/*/ */", "/*", "*/",
    "/", "/=", "a/b", "a//b\nc", "/* a\n b */ c",
    ";", ",", ".", "..", "...", ":", "?", "()", "[]", "{}", "=", "!=", "!",
    "<", "<=", ">", ">=", "+=", "+", "*", "%", "<>", "==", "=>", "::",
    "'x'", "''", "''''", "'it''s'", "'a''b", "'a", "'", "'''", "'a\nb'",
    "'é'", "'\xff'",
    "$$x$$", "$$$$", "$$$", "$$", "$", "$$a$$$", "$$a$b$$", "$$ $ $$ $$",
    "\"x\"", "\"\"", "\"\"\"\"", "\"a\"\"b\"", "\"a\"\"", "\"\"\"", "\"",
    "\"a", "\"\"x", "\"a\nb\"",
    "123e4567-e89b-12d3-a456-426614174000",
    "123E4567-E89B-12D3-A456-426614174000x",
    "123e4567-e89b-12d3-a456-42661417400", "deadbeef-dead-beef-dead-beefdeadbeef",
    "deadbeef-", "12345678-1234-1234-1234-1234567890ab1",
    "1d2d3d4d-1d2d-1d2d-1d2d-1d2d3d4d5d6d",
    "0x", "0x0", "0xdeadBEEF", "0X1", "0xg", "00x1", "0x-1",
    "1y", "1mo", "1w", "1d", "1h", "1m", "1s", "1ms", "1us", "1\xC2\xB5s",
    "1\xC2\xB5", "1ns", "1u", "1n", "12h30m", "1h30", "1mos", "1Y2MO3W",
    "1MS", "1\xC2\xB5S", "3h2", "1dx", "1e", "1e5", "1E+5", "1e-5", "1e+",
    "1.5", "1.5e3", "1.5e", "1.", "1..2", ".5", "1.5.5", "1.e5", "0.0",
    "P1Y", "P1Y2M3D", "P1Y2M3DT4H5M6S", "P1DT", "PT1H", "PT1H30M", "PT", "P",
    "P1W", "P1Y2", "P1Yx", "P1YT", "PT1", "p1y2m", "pt1h",
    "P2024-01-01T00:00:00", "P2024-01-01T00:00:0", "P2024-01-01",
    "P1W2", "P12W",
    "NaN", "nan", "-NaN", "Infinity", "-infinity", "NaNx", "Infinity1",
    "SELECT", "select", "SeLeCt", "SELECTx", "SELECT_MASKED", "select_masked",
    "SELECT_MASKEDx", "K_SELECT", "_x", "x_", "a1", "A_1_b",
    "columnfamily", "materialized", "nosuperuser", "abcdefghijklmnopqrstuvwxyz",
    "#", "@", "&", "|", "^", "~", "`", "\\", "\x01", std::string(1, '\0').c_str(),
    "é", "\xC3", "\xC3(", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\xED\xA0\x80",
    "\xF4\x90\x80\x80", "\xC0\xAB", "\xE0\x80\xAB", "\xF0\x80\x80\xAB", "\xF8\x88\x80\x80\x80", "\x80", "\xC2\xB5",
    "x\xC2\xB5s", "SELECT * FROM t WHERE k = 'é' AND v = \"ü\"; -- ü\n",
};

TEST(LexerDifferential, CornerCasesOfEveryRule) {
  for (const char *Case : Cases)
    EXPECT_EQ(firstLexerDifference(Case), "") << "input: " << Case;
  // A NUL byte in the middle of the text is one bad character.
  std::string WithNul("a\0b", 3);
  EXPECT_EQ(firstLexerDifference(WithNul), "");
}

TEST(LexerDifferential, SeededRandomTexts) {
  // Fragments that start, end or break a token of some rule.
  const char *const Pieces[] = {
      " ", "\n", "\r", "\t", "-", "-", "/", "/", "*", "'", "'", "\"", "\"",
      "$", "$", ".", "e", "E", "+", "0", "1", "9", "x", "X", "a", "f", "p",
      "P", "t", "T", "y", "m", "o", "s", "u", "n", "w", "d", "h", "_", ":",
      "=", "!", "<", ">", ";", "(", ")", "\xC2\xB5", "\xC3\xA9", "\xff",
      "NaN", "select", "SELECT_MASKED", "P1Y", "PT1H", "1h", "1e5", "0x",
      "123e4567-e89b-12d3-a456-426614174000", "2024-01-01T00:00:00",
      "12345678-", "--", "//", "/*", "*/", "$$", "''", "\"\"",
  };
  std::mt19937 Rng(20261202);
  for (unsigned Round = 0; Round < 20000; ++Round) {
    std::string Text;
    unsigned Length = 1 + Rng() % 12;
    for (unsigned I = 0; I < Length; ++I)
      Text += Pieces[Rng() % (sizeof(Pieces) / sizeof(*Pieces))];
    std::string Difference = firstLexerDifference(Text);
    ASSERT_EQ(Difference, "") << "input: '" << Text << "'";
  }
}

TEST(LexerDifferential, KeywordsComeFromTheVocabulary) {
  EXPECT_EQ(keywordOrIdent("select"), static_cast<size_t>(L::K_SELECT));
  EXPECT_EQ(keywordOrIdent("SELECT_MASKED"),
            static_cast<size_t>(L::K_SELECT_MASKED));
  EXPECT_EQ(keywordOrIdent("WITH"), static_cast<size_t>(L::K_WITH));
  EXPECT_EQ(keywordOrIdent("selected"), static_cast<size_t>(L::IDENT));
  EXPECT_EQ(keywordOrIdent("a1"), static_cast<size_t>(L::IDENT));
}

} // namespace
