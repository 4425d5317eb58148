//===- FixesTest.cpp - Choosing, placing and printing fixes ---------------===//
//
// FixPlan (first change wins, identical edits are one, unsafe changes only
// when asked), FixRanges (edits only where a text is the file byte for
// byte), TextOrigin's verbatim runs, and the unified diff of --diff, which
// must read back to the fixed text.
//
//===----------------------------------------------------------------------===//
#include "FixPlan.h"
#include "FixRanges.h"
#include "UnifiedDiff.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Basic/TextOrigin.h"

#include <gtest/gtest.h>

#include <random>

using namespace nosqlint;

namespace {

Diagnostic withFix(FileId F, std::vector<FixIt> Fixes) {
  Diagnostic D;
  D.Range = {F, 0, 1};
  for (FixIt &X : Fixes)
    X.Range.File = F;
  D.FixIts = std::move(Fixes);
  return D;
}

TEST(FixPlan, FirstChangeWinsAndIdenticalEditsAreOne) {
  SourceManager SM;
  FileId F = SM.addText("SELECT a FROM t ALLOW FILTERING;", "q.cql");
  std::vector<Diagnostic> Ds = {
      withFix(F, {{{F, 15, 31}, ""}}),
      withFix(F, {{{F, 15, 31}, ""}}),  // the same edit: also fixed
      withFix(F, {{{F, 16, 21}, "x"}}), // overlaps: waits
      withFix(F,
              {{{F, 7, 8}, "b"}, {{F, 31, 31}, " LIMIT 1"}}), // clashes at 31
      withFix(F, {{{F, 7, 8}, "c"}}),
  };
  FixPlan P = chooseFixes(Ds, SM, /*Unsafe=*/false);
  ASSERT_EQ(P.Files.size(), 1u);
  EXPECT_EQ(P.Fixed, 3u);
  EXPECT_EQ(P.Files[0].After, "SELECT c FROM t;");
}

TEST(FixPlan, UnsafeChangesOnlyWhenAsked) {
  SourceManager SM;
  FileId F = SM.addText("SELECT totl FROM t;", "q.cql");
  std::vector<Diagnostic> Ds = {
      withFix(F, {{{F, 7, 11}, "total", FixSafety::Unsafe}})};
  EXPECT_TRUE(chooseFixes(Ds, SM, false).Files.empty());
  FixPlan P = chooseFixes(Ds, SM, true);
  ASSERT_EQ(P.Files.size(), 1u);
  EXPECT_EQ(P.Files[0].After, "SELECT total FROM t;");
}

TEST(FixPlan, EditsOutsideTheTextAreNotMade) {
  SourceManager SM;
  FileId F = SM.addText("abc", "q.cql");
  std::vector<Diagnostic> Ds = {withFix(F, {{{F, 2, 9}, ""}}),
                                withFix(F, {{{F, 2, 1}, ""}})};
  EXPECT_TRUE(chooseFixes(Ds, SM, true).Files.empty());
}

TEST(TextOrigin, VerbatimRunsSkipEscapesAndHoles) {
  // "ab\tc" + x + "de": text `ab<TAB>c?de`, the tab an escape of two bytes.
  TextOrigin O(FileId{1});
  O.addSegment(0, 2, 10, 2); // ab
  O.addSegment(2, 1, 12, 2); // \t
  O.addSegment(3, 1, 14, 1); // c
  O.addSegment(4, 1, 20, 1); // the hole x
  O.addSegment(5, 2, 30, 2); // de
  std::vector<std::pair<uint32_t, uint32_t>> Runs = O.verbatimFileRuns(7);
  std::vector<std::pair<uint32_t, uint32_t>> Expected = {
      {10, 12}, {14, 15}, {20, 21}, {30, 32}};
  EXPECT_EQ(Runs, Expected);
  EXPECT_EQ(TextOrigin::identity(FileId{1}, 3).verbatimFileRuns(4),
            (std::vector<std::pair<uint32_t, uint32_t>>{{3, 7}}));
}

TEST(FixRanges, LiteralsTakePlainEditsInsideOneRun) {
  FileId F{1};
  TextOrigin O(F);
  O.addSegment(0, 10, 100, 10); // one literal
  O.addSegment(10, 5, 115, 5);  // the next one, after `" + "`
  FixRanges R;
  R.addLiteral(O, 15);
  R.finish();
  EXPECT_TRUE(R.allows({{F, 102, 108}, ""}));
  EXPECT_TRUE(R.allows({{F, 110, 110}, " x"}));     // at a literal's end
  EXPECT_FALSE(R.allows({{F, 108, 116}, ""}));      // across the concatenation
  EXPECT_FALSE(R.allows({{F, 102, 104}, "\"x\""})); // needs escaping
  EXPECT_FALSE(R.allows({{F, 102, 104}, "%s"}));    // a format directive
  EXPECT_FALSE(R.allows({{FileId{2}, 0, 1}, ""}));  // no text there
}

TEST(FixRanges, WholeFilesTakeAnyEditButNotIntoAnEscape) {
  FileId F{3};
  FixRanges R;
  R.addWholeFile(F, 50);
  R.exclude(F, 20, 26); // \u0041
  R.finish();
  EXPECT_TRUE(R.allows({{F, 0, 20}, "{\"a\": 1}"}));
  EXPECT_FALSE(R.allows({{F, 18, 22}, ""}));
  EXPECT_FALSE(R.allows({{F, 22, 22}, "x"}));
  EXPECT_TRUE(R.allows({{F, 26, 26}, "x"}));
  EXPECT_FALSE(R.allows({{F, 40, 51}, ""}));
}

TEST(FixRanges, ADiagnosticLosesAllItsFixItsOrNone) {
  FileId F{1};
  FixRanges R;
  R.addWholeFile(F, 10);
  R.finish();
  std::vector<Diagnostic> Ds = {withFix(F, {{{F, 0, 1}, ""}, {{F, 5, 20}, ""}}),
                                withFix(F, {{{F, 0, 1}, ""}})};
  dropUnmappableFixes(Ds, R);
  EXPECT_TRUE(Ds[0].FixIts.empty());
  EXPECT_EQ(Ds[1].FixIts.size(), 1u);
}

TEST(UnifiedDiff, HunksWithContext) {
  std::string Before, After;
  for (int I = 1; I <= 20; ++I) {
    Before += "line " + std::to_string(I) + "\n";
    After += I == 2    ? "line two\n"
             : I == 18 ? ""
                       : "line " + std::to_string(I) + "\n";
  }
  EXPECT_EQ(unifiedDiff("q.cql", Before, After),
            "--- a/q.cql\n+++ b/q.cql\n"
            "@@ -1,5 +1,5 @@\n line 1\n-line 2\n+line two\n line 3\n line 4\n "
            "line 5\n"
            "@@ -15,6 +15,5 @@\n line 15\n line 16\n line 17\n-line 18\n line "
            "19\n line 20\n");
  EXPECT_EQ(unifiedDiff("q.cql", Before, Before), "");
}

TEST(UnifiedDiff, MissingNewlineAtTheEnd) {
  EXPECT_EQ(unifiedDiff("q.cql", "a\nb", "a\nc"),
            "--- a/q.cql\n+++ b/q.cql\n@@ -1,2 +1,2 @@\n a\n-b\n"
            "\\ No newline at end of file\n+c\n\\ No newline at end of file\n");
  EXPECT_EQ(unifiedDiff("q.cql", "", "x\n"),
            "--- a/q.cql\n+++ b/q.cql\n@@ -0,0 +1 @@\n+x\n");
}

TEST(UnifiedDiff, ReadsBackToTheFixedText) {
  std::mt19937 Rng(21);
  const char *Words[] = {"a\n", "b\n", "c\n", "", "d", "\n", "a"};
  for (int Round = 0; Round < 500; ++Round) {
    std::string Before, After;
    for (int I = Rng() % 30; I > 0; --I) {
      std::string W = Words[Rng() % std::size(Words)];
      Before += W;
      After += Rng() % 4 ? W : std::string(Words[Rng() % std::size(Words)]);
    }
    SCOPED_TRACE(Before + "|" + After);
    std::string Diff = unifiedDiff("f", Before, After);
    std::optional<std::string> Back = applyUnifiedDiff(Before, Diff);
    ASSERT_TRUE(Back.has_value()) << Diff;
    EXPECT_EQ(*Back, After) << Diff;
  }
}

} // namespace
