//===- ReportDiffTest.cpp - `patterns --against` --------------------------===//
#include "ReportFixture.h"

#include "nosqlint/Patterns/Emitters.h"
#include "nosqlint/Patterns/ReportDiff.h"

#include <gtest/gtest.h>

namespace nosqlint::patterns {
namespace {

using namespace test;

BaseReport baseOf(const PatternReport &R) {
  std::string J;
  llvm::raw_string_ostream OS(J);
  emitPatternsJson(R, OS);
  BaseReport B;
  std::string Error;
  EXPECT_TRUE(readBaseReport(OS.str(), B, Error)) << Error;
  return B;
}

PatternReport before() {
  PatternReport R;
  R.Objects.push_back(table("ks.t", {"k"}, {}, {"k", "v"}));
  Read X = read("ks.t", 3);
  X.PartitionKey = {"k"};
  R.Reads.push_back(X);
  computeFindings(R);
  return R;
}

TEST(ReportDiffTest, AReportAgainstItselfAddsNothing) {
  PatternReport R = before();
  diffAgainst(baseOf(R), "base.json", R);
  ASSERT_TRUE(R.Diff);
  EXPECT_TRUE(R.Diff->NewPatterns.empty());
  EXPECT_TRUE(R.Diff->NewUnserved.empty());
  EXPECT_TRUE(R.Diff->Gone.empty());
}

TEST(ReportDiffTest, LinesDoNotMatterShapesDo) {
  BaseReport B = baseOf(before());
  PatternReport R = before();
  R.Reads[0].At.Line = 300; // the same query, moved
  R.Reads[0].At.Path = "elsewhere.cql";
  Read Scan = read("ks.t", 9, Served::FullScan);
  R.Reads.push_back(Scan);
  R.Reads.push_back(Scan); // the same pattern twice: listed once
  computeFindings(R);
  diffAgainst(B, "base.json", R);
  ASSERT_EQ(R.Diff->NewPatterns.size(), 1u);
  ASSERT_EQ(R.Diff->NewUnserved.size(), 1u);
  EXPECT_EQ(R.Diff->NewUnserved[0].How, Served::FullScan);
}

TEST(ReportDiffTest, AServedPatternThatBecomesUnservedIsNewUnserved) {
  PatternReport Base = before();
  BaseReport B = baseOf(Base);
  PatternReport R = before();
  R.Reads[0].Unserved = true;
  diffAgainst(B, "base.json", R);
  EXPECT_TRUE(R.Diff->NewPatterns.empty());
  EXPECT_EQ(R.Diff->NewUnserved.size(), 1u);
}

TEST(ReportDiffTest, GonePatterns) {
  BaseReport B = baseOf(before());
  PatternReport R;
  computeFindings(R);
  diffAgainst(B, "base.json", R);
  ASSERT_EQ(R.Diff->Gone.size(), 1u);
  EXPECT_EQ(R.Diff->Gone[0], before().Reads[0].shape());
}

TEST(ReportDiffTest, ABadBaseIsOneError) {
  BaseReport B;
  std::string Error;
  EXPECT_FALSE(readBaseReport("{\"version\": 2, \"reads\": []}", B, Error));
  EXPECT_NE(Error.find("version 1"), std::string::npos);
  EXPECT_FALSE(readBaseReport("[1,", B, Error));
  EXPECT_FALSE(Error.empty());
  EXPECT_FALSE(readBaseReport("{\"version\": 1}", B, Error));
  EXPECT_NE(Error.find("reads"), std::string::npos);
  EXPECT_FALSE(
      readBaseReport("{\"version\": 1, \"reads\": [{\"x\": 1}]}", B, Error));
  EXPECT_NE(Error.find("reads[0]"), std::string::npos);
}

TEST(ReportDiffTest, HostileBasesAreOneErrorEach) {
  for (std::string Text :
       {std::string(), std::string(200000, '['), std::string("\xff\xfe{"),
        std::string("{\"version\": 1, \"reads\": [") + std::string(100000, '{'),
        std::string("{\"version\": 1, \"reads\": {}}"),
        std::string("{\"version\": \"1\", \"reads\": []}")}) {
    BaseReport B;
    std::string Error;
    EXPECT_FALSE(readBaseReport(Text, B, Error));
    EXPECT_FALSE(Error.empty());
    EXPECT_EQ(Error.find('\n'), std::string::npos);
  }
}

TEST(ReportDiffTest, ErrorsSayWhere) {
  BaseReport B;
  std::string Error;
  EXPECT_FALSE(readBaseReport("{\"version\": 1,\n \"reads\": [3]}", B, Error));
  EXPECT_EQ(Error.rfind("2:12: reads[0]", 0), 0u) << Error;
}

} // namespace
} // namespace nosqlint::patterns
