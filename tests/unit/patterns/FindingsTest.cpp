//===- FindingsTest.cpp - computeFindings on reports built by hand --------===//
#include "ReportFixture.h"

#include <gtest/gtest.h>

namespace nosqlint::patterns {
namespace {

using namespace test;

PatternReport books() {
  PatternReport R;
  R.Objects.push_back(table("lib.books_by_author", {"author"}, {"book_id"},
                            {"author", "book_id", "title"}));
  R.Objects.push_back(table("lib.books_by_genre", {"genre"}, {"book_id"},
                            {"genre", "book_id", "title"}));
  R.Objects.push_back(table("lib.loans", {"member"}, {"loan_id"},
                            {"member", "loan_id", "due"}));
  R.Reads.push_back(read("lib.books_by_author", 10));
  R.Reads.push_back(read("lib.books_by_genre", 11));
  R.Reads.push_back(read("lib.loans", 12));
  return R;
}

TEST(FindingsTest, ObjectsNothingReadsAreUnread) {
  PatternReport R = books();
  R.Objects.push_back(table("lib.audit", {"day"}, {}, {"day"}));
  R.Objects.push_back(
      index("lib.loans", "loans_due_idx", ObjectKind::SaiIndex, "due"));
  R.Writes.push_back(write("lib.audit", 20, "u1"));
  computeFindings(R);
  std::vector<const Finding *> U = findingsOf(R, FindingKind::Unread);
  ASSERT_EQ(U.size(), 2u);
  EXPECT_EQ(U[0]->Objects, std::vector<std::string>{"lib.audit"});
  EXPECT_NE(U[0]->Message.find("its 1 write"), std::string::npos);
  EXPECT_EQ(U[1]->Objects,
            std::vector<std::string>{"lib.loans.loans_due_idx"});
}

TEST(FindingsTest, AnIndexAReadMayUseIsNotUnread) {
  PatternReport R = books();
  R.Objects.push_back(
      index("lib.loans", "loans_due_idx", ObjectKind::SaiIndex, "due"));
  R.PartlyKnownTables.push_back("lib.loans"); // a hole in a WHERE clause
  computeFindings(R);
  EXPECT_TRUE(findingsOf(R, FindingKind::Unread).empty());
}

TEST(FindingsTest, AGsiNoQueryNamesIsTheExpensiveCase) {
  PatternReport R;
  R.Objects.push_back(table("orders", {"pk"}, {"sk"}, {"pk", "sk"}, "dynamodb"));
  R.Objects.push_back(index("orders", "byCustomer", ObjectKind::Gsi, "customer"));
  R.Reads.push_back(read("orders", 3, Served::Partition, "", "dynamodb"));
  computeFindings(R);
  std::vector<const Finding *> U = findingsOf(R, FindingKind::Unread);
  ASSERT_EQ(U.size(), 1u);
  EXPECT_NE(U[0]->Message.find("no Query or Scan names GSI byCustomer"),
            std::string::npos);
}

TEST(FindingsTest, AReadOfATableNamedAtRunTimeMayReadAnyTable) {
  PatternReport R = books();
  R.Objects.push_back(table("lib.audit", {"day"}, {}, {"day"}));
  R.UnresolvedReads["cql"] = 1;
  R.Writes.push_back(write("lib.loans", 30, "u1"));
  R.UnresolvedWrites["cql"] = 1;
  computeFindings(R);
  EXPECT_TRUE(findingsOf(R, FindingKind::Unread).empty());
  EXPECT_TRUE(findingsOf(R, FindingKind::Unwritten).empty());
}

TEST(FindingsTest, ATableWrittenBesideAPartlyKnownReadMayBeRead) {
  PatternReport R = books();
  R.Objects.push_back(table("lib.audit", {"day"}, {}, {"day"}));
  Write W = write("lib.audit", 20, "u1");
  W.At.Path = "Dao.java";
  R.Writes.push_back(W);
  R.PartlyKnownReadFiles.push_back("Dao.java");
  computeFindings(R);
  EXPECT_TRUE(findingsOf(R, FindingKind::Unread).empty());
}

TEST(FindingsTest, NoReadAtAllMakesNoUnreadFinding) {
  PatternReport R;
  R.Objects.push_back(table("lib.t", {"k"}, {}, {"k"}));
  R.Writes.push_back(write("lib.t", 1, "u"));
  computeFindings(R);
  EXPECT_TRUE(R.Findings.empty());
}

TEST(FindingsTest, ReadButNeverWritten) {
  PatternReport R = books();
  R.Writes.push_back(write("lib.loans", 30, "u1"));
  computeFindings(R);
  std::vector<const Finding *> U = findingsOf(R, FindingKind::Unwritten);
  ASSERT_EQ(U.size(), 2u);
  EXPECT_EQ(U[0]->Objects[0], "lib.books_by_author");
  EXPECT_EQ(U[1]->Objects[0], "lib.books_by_genre");
}

TEST(FindingsTest, CodeThatWritesNothingIsAReader) {
  PatternReport R = books();
  computeFindings(R);
  EXPECT_TRUE(findingsOf(R, FindingKind::Unwritten).empty());
}

TEST(FindingsTest, CopiesByNameStemAndByKeys) {
  PatternReport R = books();
  R.Objects.push_back(table("lib.users", {"user_id"}, {},
                            {"user_id", "email", "name"}));
  R.Objects.push_back(table("lib.user_emails", {"email"}, {},
                            {"email", "user_id"}));
  std::vector<CopyGroup> G = copyGroups(R);
  ASSERT_EQ(G.size(), 2u);
  EXPECT_EQ(G[0].Tables, (std::vector<std::string>{"lib.books_by_author",
                                                   "lib.books_by_genre"}));
  EXPECT_NE(G[0].Reason.find("stem 'books'"), std::string::npos);
  EXPECT_EQ(G[1].Tables,
            (std::vector<std::string>{"lib.user_emails", "lib.users"}));
  EXPECT_NE(G[1].Reason.find("primary key"), std::string::npos);
}

TEST(FindingsTest, ChildTablesAreNoCopies) {
  PatternReport R;
  R.Objects.push_back(table("ks.messages", {"channel"}, {"sent_at"},
                            {"channel", "sent_at", "body"}));
  R.Objects.push_back(table("ks.reactions", {"channel", "sent_at"}, {"user"},
                            {"channel", "sent_at", "user", "emoji"}));
  EXPECT_TRUE(copyGroups(R).empty());
}

TEST(FindingsTest, AWriteOfOneCopyAloneDrifts) {
  PatternReport R = books();
  R.Writes.push_back(write("lib.books_by_author", 40, "batch@40"));
  R.Writes.push_back(write("lib.books_by_genre", 41, "batch@40"));
  R.Writes.push_back(write("lib.books_by_author", 50, "function@50",
                           {"author", "book_id", "title"}));
  computeFindings(R);
  std::vector<const Finding *> D = findingsOf(R, FindingKind::Drift);
  ASSERT_EQ(D.size(), 1u);
  ASSERT_EQ(D[0]->Sites.size(), 1u);
  EXPECT_EQ(D[0]->Sites[0].Line, 50u);
}

TEST(FindingsTest, WritesTogetherDoNotDrift) {
  PatternReport R = books();
  R.Writes.push_back(write("lib.books_by_author", 40, "f"));
  R.Writes.push_back(write("lib.books_by_genre", 41, "f"));
  computeFindings(R);
  EXPECT_TRUE(findingsOf(R, FindingKind::Drift).empty());
}

TEST(FindingsTest, AnUpdateOfAColumnNoOtherCopyHoldsDoesNotDrift) {
  PatternReport R = books();
  R.Objects[0].Columns.push_back("author_bio");
  R.Writes.push_back(write("lib.books_by_author", 40, "f"));
  R.Writes.push_back(write("lib.books_by_genre", 41, "f"));
  R.Writes.push_back(
      write("lib.books_by_author", 50, "g", {"author_bio"}, "UPDATE"));
  computeFindings(R);
  EXPECT_TRUE(findingsOf(R, FindingKind::Drift).empty());
}

TEST(FindingsTest, AWriteOfAnUnknownTableMayBeTheOtherCopy) {
  PatternReport R = books();
  R.Writes.push_back(write("lib.books_by_genre", 41, "f"));
  R.Writes.push_back(write("lib.books_by_author", 50, "g"));
  R.Writes.push_back(write("?", 51, "g"));
  R.Writes.push_back(write("lib.books_by_author", 60, "h"));
  R.Writes.push_back(write("lib.books_by_genre", 61, "h"));
  computeFindings(R);
  // Only the genre copy's lone write at line 41 drifts.
  std::vector<const Finding *> D = findingsOf(R, FindingKind::Drift);
  ASSERT_EQ(D.size(), 1u);
  ASSERT_EQ(D[0]->Sites.size(), 1u);
  EXPECT_EQ(D[0]->Sites[0].Line, 41u);
}

TEST(FindingsTest, CopiesNeverWrittenTogetherSayNothing) {
  // One function per statement: which paths call both is not visible.
  PatternReport R = books();
  R.Writes.push_back(write("lib.books_by_author", 40, "f"));
  R.Writes.push_back(write("lib.books_by_genre", 41, "g"));
  computeFindings(R);
  EXPECT_TRUE(findingsOf(R, FindingKind::Drift).empty());
}

TEST(FindingsTest, OnlyOneCopyWrittenIsNoDrift) {
  PatternReport R = books();
  R.Writes.push_back(write("lib.books_by_author", 50, "g"));
  computeFindings(R);
  EXPECT_TRUE(findingsOf(R, FindingKind::Drift).empty());
}

TEST(FindingsTest, UnservedReadsCarryTheirProposal) {
  PatternReport R = books();
  Read X = read("lib.loans", 60, Served::FullScan);
  X.Problem = "no key or index serves the restriction on 'due'";
  X.Proposals = {"query-first: CREATE TABLE lib.loans_by_due (...)"};
  R.Reads.push_back(X);
  computeFindings(R);
  std::vector<const Finding *> U = findingsOf(R, FindingKind::Unserved);
  ASSERT_EQ(U.size(), 1u);
  EXPECT_EQ(U[0]->Message, X.Problem);
  EXPECT_EQ(U[0]->Notes, X.Proposals);
}

TEST(FindingsTest, ReadsOfAnIndexCountForItsTable) {
  PatternReport R = books();
  R.Objects.push_back(table("lib.members", {"id"}, {}, {"id", "city"}));
  R.Objects.push_back(
      index("lib.members", "members_city", ObjectKind::SecondaryIndex, "city"));
  R.Reads.push_back(read("lib.members", 70, Served::IndexCluster,
                         "lib.members.members_city"));
  computeFindings(R);
  EXPECT_TRUE(findingsOf(R, FindingKind::Unread).empty());
  const DataObject *I = R.object("lib.members.members_city");
  ASSERT_TRUE(I);
  EXPECT_EQ(R.readsOf(*I).size(), 1u);
  EXPECT_EQ(R.readsOf(*R.object("lib.members")).size(), 1u);
}

} // namespace
} // namespace nosqlint::patterns
