//===- SettingValuesTest.cpp - Setting words and suggestions --------------===//
//
// The words the command line and the configuration share, and when a
// misspelling gets a "did you mean".
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Config/SettingValues.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::config;

namespace {

TEST(SettingValuesTest, NearestNameSuggestsCloseWordsOnly) {
  std::vector<llvm::StringRef> Flags = {"--select", "--ignore", "--verbose"};
  EXPECT_EQ(nearestName("--selct", Flags), "--select");
  EXPECT_EQ(nearestName("--IGNORE", Flags), "--ignore");
  EXPECT_EQ(nearestName("--ignor", Flags), "--ignore");
  EXPECT_EQ(nearestName("--help-hidden", Flags), "");
  EXPECT_EQ(nearestName("x", Flags), "");
  EXPECT_EQ(nearestName("--select", {}), "");
}

TEST(SettingValuesTest, RulesInAnyCaseAndNearest) {
  EXPECT_EQ(findRuleAnyCase("ALLOW-FILTERING"), RuleId::AllowFiltering);
  EXPECT_EQ(findRuleAnyCase("Full-Scan"), RuleId::FullScan);
  EXPECT_FALSE(findRuleAnyCase("full_scan"));
  EXPECT_EQ(nearestRuleName("full_scan"), "full-scan");
  EXPECT_EQ(nearestRuleName("allow-filter"), "allow-filtering");
  EXPECT_EQ(nearestRuleName("completely-different"), "");
}

TEST(SettingValuesTest, Targets) {
  for (llvm::StringRef Name : targetNames()) {
    std::optional<Target> T = parseTarget(Name);
    ASSERT_TRUE(T) << Name.str();
    EXPECT_EQ(targetName(*T), Name);
  }
  EXPECT_EQ(targetName(*parseTarget("cassandra")), "cassandra-5.0");
  EXPECT_EQ(cqlDialectOf(*parseTarget("scylladb")), cql::CqlDialect::ScyllaDb);
  EXPECT_EQ(cqlDialectOf(*parseTarget("cassandra-4.0")),
            cql::CqlDialect::Cassandra);
  EXPECT_EQ(cqlDialectOf(*parseTarget("dynamodb")), cql::CqlDialect::Cassandra);
  EXPECT_FALSE(parseTarget("cassandra-3.11"));
  EXPECT_FALSE(parseTarget("ScyllaDB"));
}

TEST(SettingValuesTest, WordsRoundTrip) {
  for (OutputFormat F : {OutputFormat::Text, OutputFormat::Json,
                         OutputFormat::Sarif})
    EXPECT_EQ(parseOutputFormat(outputFormatName(F)), F);
  EXPECT_EQ(*parseFailOn("never"), std::nullopt);
  EXPECT_EQ(*parseFailOn("note"), Severity::Note);
  EXPECT_FALSE(parseFailOn("fatal"));
  using S = check::ScyllaStrictAllowFiltering;
  EXPECT_EQ(parseStrictAllowFiltering("true"), S::True);
  EXPECT_EQ(parseStrictAllowFiltering("off"), S::False);
  EXPECT_EQ(strictAllowFilteringName(S::Warn), "warn");
}

} // namespace
