//===- HoleTest.cpp - Placeholder choice for interpolation holes ----------===//
#include "../../../src/extract/Rebuilt.h"

#include <gtest/gtest.h>

using namespace nosqlint::extract;

namespace {

TEST(HoleKind, Values) {
  EXPECT_EQ(classifyHole("SELECT * FROM t WHERE k = "), HoleKind::Value);
  EXPECT_EQ(classifyHole("SELECT * FROM t WHERE k >= "), HoleKind::Value);
  EXPECT_EQ(classifyHole("SELECT * FROM t LIMIT "), HoleKind::Value);
  EXPECT_EQ(classifyHole("INSERT INTO t (a, b) VALUES ("), HoleKind::Value);
  EXPECT_EQ(classifyHole("INSERT INTO t (a, b) VALUES (?, "), HoleKind::Value);
  EXPECT_EQ(classifyHole("SELECT * FROM t WHERE k IN ("), HoleKind::Value);
  EXPECT_EQ(classifyHole("UPDATE t USING TTL "), HoleKind::Value);
}

TEST(HoleKind, Tables) {
  EXPECT_EQ(classifyHole("SELECT * FROM "), HoleKind::Table);
  EXPECT_EQ(classifyHole("INSERT INTO "), HoleKind::Table);
  EXPECT_EQ(classifyHole("UPDATE "), HoleKind::Table);
  EXPECT_EQ(classifyHole("SELECT * FROM ks."), HoleKind::Table);
  EXPECT_EQ(classifyHole("CREATE TABLE IF NOT EXISTS "), HoleKind::Table);
}

TEST(HoleKind, InsideAString) {
  EXPECT_EQ(classifyHole("SELECT * FROM t WHERE k = '"), HoleKind::InString);
  EXPECT_EQ(classifyHole("SELECT * FROM t WHERE k = 'it''s "), HoleKind::InString);
}

TEST(HoleKind, Structure) {
  EXPECT_EQ(classifyHole(""), HoleKind::Structure);
  EXPECT_EQ(classifyHole("SELECT "), HoleKind::Structure);
  EXPECT_EQ(classifyHole("SELECT a, "), HoleKind::Structure);
  EXPECT_EQ(classifyHole("INSERT INTO t ("), HoleKind::Structure);
  EXPECT_EQ(classifyHole("SELECT * FROM t WHERE a = 1 AND "), HoleKind::Structure);
  EXPECT_EQ(classifyHole("SELECT * FROM t "), HoleKind::Structure);
}

TEST(Rebuilt, PlaceholdersKeepWordsApart) {
  Rebuilt R;
  R.appendVerbatim("SELECT * FROM", 0);
  R.appendHole(20, 5);
  EXPECT_EQ(R.text(), "SELECT * FROM nosqlint_hole");
  EXPECT_EQ(R.trust(), nosqlint::extract::SnippetTrust::TableUnknown);
}

} // namespace

namespace {
TEST(HoleKind, TypeArgumentsAreNotComparisons) {
  EXPECT_EQ(classifyHole("CREATE TABLE t (k int PRIMARY KEY, v frozen<"),
            HoleKind::Structure);
  EXPECT_EQ(classifyHole("SELECT * FROM t WHERE k <"), HoleKind::Value);
}
} // namespace
