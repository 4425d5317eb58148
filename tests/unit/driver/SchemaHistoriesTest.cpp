//===- SchemaHistoriesTest.cpp - Migration sets and their order ------------===//
#include "SchemaHistories.h"

#include <gtest/gtest.h>

using namespace nosqlint;

namespace {

std::vector<uint64_t> versionOf(const char *Path) {
  auto M = migrationVersion(Path);
  return M ? M->Version : std::vector<uint64_t>{};
}

TEST(SchemaHistories, VersionsOfEachLayout) {
  EXPECT_EQ(versionOf("s/versioned/v0.39/x.cql"), (std::vector<uint64_t>{0, 39}));
  EXPECT_EQ(versionOf("s/1.10/x.cql"), (std::vector<uint64_t>{1, 10}));
  EXPECT_EQ(versionOf("db/V7__add_x.cql"), (std::vector<uint64_t>{7}));
  EXPECT_EQ(versionOf("db/V1_2__add_x.cql"), (std::vector<uint64_t>{1, 2}));
  EXPECT_EQ(versionOf("db/0007_add_x.up.cql"), (std::vector<uint64_t>{7}));
  EXPECT_EQ(versionOf("db/20230101120000_x.cql"),
            (std::vector<uint64_t>{20230101120000ull}));
  EXPECT_EQ(versionOf("db/v2/001_x.cql"), (std::vector<uint64_t>{2, 1}));
  EXPECT_FALSE(migrationVersion("db/schema.cql"));
  EXPECT_FALSE(migrationVersion("db/keyspace.cql"));
  EXPECT_TRUE(migrationVersion("db/0007_add_x.down.cql")->Down);
  EXPECT_EQ(migrationVersion("s/versioned/v0.1/x.cql")->Root, "s/versioned");
  EXPECT_EQ(migrationVersion("db/V7__x.cql")->Root, "db");
  // A squashed range is a set of its own.
  EXPECT_EQ(migrationVersion("s/versioned/s0.0-0.23/x.cql")->Root,
            "s/versioned/s0.0-0.23");
}

TEST(SchemaHistories, SetsApplyInVersionOrderNotByteOrder) {
  std::vector<std::string> Paths = {
      "ks/schema.cql",        "ks/versioned/v1.1/a.cql",
      "ks/versioned/v1.10/a.cql", "ks/versioned/v1.10/b.down.cql",
      "ks/versioned/v1.2/a.cql",  "ks/versioned/v1.9/a.cql",
      "other/V10__c.cql",     "other/V2__b.cql"};
  auto H = groupSchemaHistories(Paths);
  ASSERT_EQ(H.size(), 3u);
  EXPECT_TRUE(H[0].Root.empty());
  EXPECT_EQ(H[0].Files, (std::vector<size_t>{0}));
  EXPECT_EQ(H[1].Root, "ks/versioned");
  EXPECT_EQ(H[1].Files, (std::vector<size_t>{1, 4, 5, 2})); // no .down.cql
  EXPECT_EQ(H[2].Root, "other");
  EXPECT_EQ(H[2].Files, (std::vector<size_t>{7, 6}));
}

TEST(SchemaHistories, AFolderThatChangedSchemesKeepsItsOrder) {
  // scylla-manager: 001-... to 019-..., then v2.0.0 ... v3.x.
  std::vector<std::string> Paths = {"s/001-init.cql", "s/019-x.cql",
                                    "s/v2.0.0.cql", "s/v10.1.0.cql",
                                    "s/v3.0.0.cql"};
  auto H = groupSchemaHistories(Paths);
  ASSERT_EQ(H.size(), 2u);
  EXPECT_EQ(H[1].Files, (std::vector<size_t>{0, 1, 2, 4, 3}));
}

} // namespace
