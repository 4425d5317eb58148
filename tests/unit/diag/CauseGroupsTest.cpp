//===- CauseGroupsTest.cpp - One text finding per cause -------------------===//
#include "nosqlint/Diag/CauseGroups.h"

#include "gtest/gtest.h"

namespace nosqlint::test {
namespace {

Diagnostic finding(RuleId Rule, Severity Level, llvm::StringRef Message,
                   uint32_t Begin) {
  Diagnostic D;
  D.Rule = Rule;
  D.Level = Level;
  D.Lang = Dialect::Cql;
  D.Message = Message.str();
  D.Range = {FileId{1}, Begin, Begin + 4};
  D.Subject = "SELECT * FROM ks.t WHERE v = 1";
  D.SubjectRange = {FileId{1}, 0, 40};
  D.Notes.push_back({"table 'ks.t' declared here", {FileId{2}, 0, 10}});
  return D;
}

TEST(CauseGroupsTest, TheErrorIsTheHeadlineAndTheRestAreNotes) {
  std::vector<Diagnostic> In = {
      finding(RuleId::FullScan, Severity::Warning,
              "reads every partition. Add a key", 0),
      finding(RuleId::FilteringRequired, Severity::Error,
              "needs ALLOW FILTERING. The column v is not indexed", 25),
      finding(RuleId::MissingIndex, Severity::Warning, "no index serves v", 25),
  };
  std::vector<Diagnostic> Out = groupByCause(In);
  ASSERT_EQ(Out.size(), 1u);
  const Diagnostic &H = Out[0];
  EXPECT_EQ(H.Rule, RuleId::FilteringRequired);
  EXPECT_EQ(H.Message, "needs ALLOW FILTERING");
  ASSERT_EQ(H.Notes.size(), 4u);
  EXPECT_EQ(H.Notes[0].Message, "The column v is not indexed");
  EXPECT_FALSE(H.Notes[0].Range.isValid());
  EXPECT_EQ(H.Notes[1].Message, "table 'ks.t' declared here"); // once
  EXPECT_EQ(H.Notes[2].Message, "reads every partition [full-scan]");
  EXPECT_EQ(H.Notes[3].Message, "no index serves v [missing-index]");
}

TEST(CauseGroupsTest, WithoutAnErrorFullScanLeads) {
  std::vector<Diagnostic> In = {
      finding(RuleId::MissingIndex, Severity::Warning, "no index serves v", 25),
      finding(RuleId::FullScan, Severity::Warning, "reads every partition", 0),
  };
  std::vector<Diagnostic> Out = groupByCause(In);
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Rule, RuleId::FullScan);
}

TEST(CauseGroupsTest, OtherCausesStayApartButShareTheDeclaredHereNote) {
  std::vector<Diagnostic> In = {
      finding(RuleId::UnknownColumn, Severity::Error, "no column 'w'", 10),
      finding(RuleId::FullScan, Severity::Warning, "reads every partition", 0),
  };
  std::vector<Diagnostic> Out = groupByCause(In);
  ASSERT_EQ(Out.size(), 2u);
  EXPECT_EQ(Out[0].Notes.size(), 1u);
  EXPECT_TRUE(Out[1].Notes.empty()) << "the table note was printed already";
}

TEST(CauseGroupsTest, OtherStatementsAreOtherGroups) {
  Diagnostic A = finding(RuleId::FullScan, Severity::Warning, "scan", 0);
  Diagnostic B = finding(RuleId::MissingIndex, Severity::Warning, "index", 50);
  B.SubjectRange = {FileId{1}, 45, 80};
  EXPECT_EQ(groupByCause({A, B}).size(), 2u);
}

TEST(SplitFirstSentenceTest, Sentences) {
  using P = std::pair<std::string, std::string>;
  EXPECT_EQ(splitFirstSentence("One. Two. Three."), P("One", "Two. Three."));
  EXPECT_EQ(splitFirstSentence("Only one."), P("Only one.", ""));
  EXPECT_EQ(splitFirstSentence("Use a key, e.g. the id. Then"),
            P("Use a key, e.g. the id", "Then"));
  EXPECT_EQ(splitFirstSentence("Column 'a. b' is odd. Rename it"),
            P("Column 'a. b' is odd", "Rename it"));
  EXPECT_EQ(splitFirstSentence("Reads all (see docs. too) rows. More"),
            P("Reads all (see docs. too) rows", "More"));
  EXPECT_EQ(splitFirstSentence("The table's key isn't set. Set it"),
            P("The table's key isn't set", "Set it"));
  EXPECT_EQ(splitFirstSentence("a clause; another"), P("a clause", "another"));
  EXPECT_EQ(splitFirstSentence("short: no cut"), P("short: no cut", ""));
  std::string Long = "table 't': partition key 'k' alone with rows by 'ts': "
                     "each k appends to one partition that grows without "
                     "bound, and wide partitions slow reads; bucket it";
  EXPECT_EQ(splitFirstSentence(Long),
            P("table 't': partition key 'k' alone with rows by 'ts'",
              "each k appends to one partition that grows without bound, and "
              "wide partitions slow reads; bucket it"));
}

} // namespace
} // namespace nosqlint::test
