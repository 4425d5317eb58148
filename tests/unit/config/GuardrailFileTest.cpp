//===- GuardrailFileTest.cpp - --guardrails settings files ----------------===//
//
// The reader of cassandra.yaml / scylla.yaml guardrail settings: the kinds
// of settings, which server a file is, and hostile input (bad YAML, wrong
// types, unknown levels, out-of-range numbers, deep nesting, aliases): one
// precise error each, the other settings kept, no crash.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Config/GuardrailFile.h"

#include <gtest/gtest.h>

#include <string>

using namespace nosqlint;
using namespace nosqlint::config;
using check::GuardrailServer;

namespace {

GuardrailRead read(llvm::StringRef Text, llvm::StringRef Path = "cassandra.yaml",
                   std::optional<GuardrailServer> Forced = std::nullopt) {
  return readGuardrails(Text, Path, FileId{1}, Forced);
}

TEST(GuardrailFile, ReadsEachKindOfSetting) {
  GuardrailRead R = read("cluster_name: 'x'\n"
                         "allow_filtering_enabled: false\n"
                         "page_size_fail_threshold: 5000\n"
                         "read_consistency_levels_disallowed: [ALL, any]\n"
                         "write_consistency_levels_warned:\n  - ONE\n"
                         "seed_provider:\n  - class_name: x\n");
  ASSERT_TRUE(R.Errors.empty());
  EXPECT_EQ(R.Settings.Server, GuardrailServer::Cassandra);
  ASSERT_TRUE(R.Settings.disabled("allow_filtering_enabled"));
  EXPECT_EQ(R.Settings.find("allow_filtering_enabled")->Line, 2u);
  EXPECT_EQ(R.Settings.threshold("page_size_fail_threshold")->Number, 5000);
  EXPECT_EQ(R.Settings.find("read_consistency_levels_disallowed")->Levels,
            (std::vector<std::string>{"ALL", "ANY"}));
  EXPECT_EQ(R.Settings.find("write_consistency_levels_warned")->Levels,
            (std::vector<std::string>{"ONE"}));
  EXPECT_EQ(R.Settings.find("cluster_name"), nullptr); // not a guardrail
}

TEST(GuardrailFile, DisabledThresholdsAreOff) {
  GuardrailRead R = read("tables_fail_threshold: -1\ntables_warn_threshold: 0\n");
  ASSERT_TRUE(R.Errors.empty());
  EXPECT_EQ(R.Settings.threshold("tables_fail_threshold"), nullptr);
  EXPECT_EQ(R.Settings.threshold("tables_warn_threshold"), nullptr);
}

TEST(GuardrailFile, TellsTheServerApart) {
  EXPECT_EQ(read("strict_allow_filtering: warn\n").Settings.Server,
            GuardrailServer::ScyllaDb);
  EXPECT_EQ(read("cluster_name: x\n", "conf/scylla.yaml").Settings.Server,
            GuardrailServer::ScyllaDb);
  EXPECT_EQ(read("developer_mode: true\n", "x.yaml", GuardrailServer::Cassandra)
                .Settings.Server,
            GuardrailServer::Cassandra);
  GuardrailSpec S = parseGuardrailSpec("scylla:/etc/s.yaml");
  EXPECT_EQ(S.Server, GuardrailServer::ScyllaDb);
  EXPECT_EQ(S.Path, "/etc/s.yaml");
  EXPECT_EQ(parseGuardrailSpec("astra").Profile, "astra");
  EXPECT_TRUE(builtinGuardrailProfile("astra"));
  EXPECT_FALSE(builtinGuardrailProfile("nope"));
}

TEST(GuardrailFileHostile, BadYamlIsOneErrorWithItsPlace) {
  GuardrailRead R = read("allow_filtering_enabled: false\nx: [1, 2\n");
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_NE(R.Errors[0].Message.find("not valid YAML"), std::string::npos);
  EXPECT_GT(R.Errors[0].Offset, 0u);
}

TEST(GuardrailFileHostile, AWrongValueLosesOnlyItsSetting) {
  GuardrailRead R = read("allow_filtering_enabled: maybe\n"
                         "group_by_enabled: false\n"
                         "tables_fail_threshold: lots\n"
                         "page_size_fail_threshold: 99999999999999\n"
                         "read_consistency_levels_warned: [ALL, MOST]\n"
                         "write_consistency_levels_warned: ONE\n"
                         "strict_allow_filtering: sometimes\n");
  ASSERT_EQ(R.Errors.size(), 6u);
  EXPECT_EQ(R.Errors[0].Message,
            "allow_filtering_enabled must be true or false, not 'maybe'");
  EXPECT_NE(R.Errors[1].Message.find("tables_fail_threshold must be an integer"),
            std::string::npos);
  EXPECT_NE(R.Errors[2].Message.find("page_size_fail_threshold"), std::string::npos);
  EXPECT_EQ(R.Errors[3].Message,
            "read_consistency_levels_warned: 'MOST' is not a consistency level");
  EXPECT_EQ(R.Errors[4].Message,
            "write_consistency_levels_warned must be a list of consistency levels");
  EXPECT_NE(R.Errors[5].Message.find("true, false or warn"), std::string::npos);
  EXPECT_TRUE(R.Settings.disabled("group_by_enabled")); // kept
  EXPECT_EQ(R.Settings.find("allow_filtering_enabled"), nullptr);
}

TEST(GuardrailFileHostile, NotAMappingAndEmptyFiles) {
  EXPECT_EQ(read("- a\n- b\n").Errors.size(), 1u);
  EXPECT_TRUE(read("").Errors.empty());
  EXPECT_TRUE(read("# only a comment\n").Errors.empty());
}

TEST(GuardrailFileHostile, DeepNestingIsRefusedAtOnce) {
  std::string Deep = "x: " + std::string(100000, '[') + "\n";
  GuardrailRead R = read(Deep);
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_NE(R.Errors[0].Message.find("nested too deeply"), std::string::npos);
}

TEST(GuardrailFileHostile, AliasesAndTagsAreNoValues) {
  GuardrailRead R = read("base: &b false\n"
                         "allow_filtering_enabled: *b\n"
                         "group_by_enabled: !!bool false\n");
  // An alias is not a scalar of the setting: one error, the tag's value read.
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_NE(R.Errors[0].Message.find("allow_filtering_enabled"), std::string::npos);
  EXPECT_TRUE(R.Settings.disabled("group_by_enabled"));
}

TEST(GuardrailFileHostile, ManySettingsReadInOnePass) {
  std::string Big;
  for (int I = 0; I < 20000; ++I)
    Big += "key_" + std::to_string(I) + ": " + std::to_string(I) + "\n";
  Big += "tables_fail_threshold: 10\n";
  GuardrailRead R = read(Big);
  EXPECT_TRUE(R.Errors.empty());
  EXPECT_EQ(R.Settings.threshold("tables_fail_threshold")->Number, 10);
}

TEST(GuardrailFile, EveryCoveredSettingIsOnARulePage) {
  // The pages list the settings they cover (docs/rules/guardrail-*.md).
  EXPECT_GT(coveredGuardrails().size(), 30u);
}

} // namespace

namespace {

TEST(GuardrailFile, ScyllaStrategyLists) {
  GuardrailRead R = read("replication_strategy_fail_list: [SimpleStrategy]\n"
                         "replication_strategy_warn_list:\n"
                         "  - NetworkTopologyStrategy\n"
                         "  - EverywhereStrategy\n",
                         "scylla.yaml");
  ASSERT_TRUE(R.Errors.empty());
  EXPECT_EQ(R.Settings.Server, GuardrailServer::ScyllaDb);
  EXPECT_EQ(R.Settings.find("replication_strategy_fail_list")->Levels,
            (std::vector<std::string>{"SimpleStrategy"}));
  EXPECT_EQ(R.Settings.find("replication_strategy_warn_list")->Value,
            "[NetworkTopologyStrategy, EverywhereStrategy]");
  EXPECT_EQ(read("replication_strategy_warn_list: []\n").Settings
                .find("replication_strategy_warn_list")->Value,
            "[]");
  // A name ScyllaDB does not know, a scalar: one error each, nothing kept.
  GuardrailRead Bad = read("replication_strategy_fail_list: [Simple]\n"
                           "replication_strategy_warn_list: SimpleStrategy\n");
  ASSERT_EQ(Bad.Errors.size(), 2u);
  EXPECT_NE(Bad.Errors[0].Message.find("'Simple' is not SimpleStrategy"),
            std::string::npos);
  EXPECT_FALSE(Bad.Settings.find("replication_strategy_fail_list"));
  EXPECT_FALSE(Bad.Settings.find("replication_strategy_warn_list"));
}

} // namespace
