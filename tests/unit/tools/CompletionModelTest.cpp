//===- CompletionModelTest.cpp - What the completions offer ---------------===//
#include "CompletionModel.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace nosqlint::tool;

namespace {

HelpEntry option(std::string Name, std::string Value) {
  HelpEntry E;
  E.Names = {std::move(Name)};
  E.Value = std::move(Value);
  return E;
}

bool offers(const ValueCompletion &V, const std::string &Word) {
  return std::find(V.Choices.begin(), V.Choices.end(), Word) != V.Choices.end();
}

TEST(OptionValuesTest, NamedPlaceholdersTakeTheParsersWords) {
  ValueCompletion Format = valueCompletion(option("--format", "<format>"));
  EXPECT_EQ(Format.Kind, ValueCompletion::Words);
  EXPECT_TRUE(offers(Format, "sarif"));
  EXPECT_TRUE(offers(Format, "json-lines"));
  EXPECT_TRUE(offers(valueCompletion(option("--fail-on", "<level>")), "never"));
  EXPECT_TRUE(
      offers(valueCompletion(option("--target", "<database>")), "dynamodb"));
  ValueCompletion Color = valueCompletion(option("--color", "<when>"));
  EXPECT_EQ(Color.Choices,
            (std::vector<std::string>{"auto", "always", "never"}));
}

TEST(OptionValuesTest, LiteralChoicesAreOfferedAsWritten) {
  ValueCompletion V = valueCompletion(option("--x", "<on|warn|off>"));
  EXPECT_EQ(V.Kind, ValueCompletion::Words);
  EXPECT_EQ(V.Choices, (std::vector<std::string>{"on", "warn", "off"}));
}

TEST(OptionValuesTest, RuleIdsAndPaths) {
  ValueCompletion Select = valueCompletion(option("--select", "<ids>"));
  EXPECT_EQ(Select.Kind, ValueCompletion::RuleIds);
  EXPECT_TRUE(Select.CommaList);
  EXPECT_EQ(Select.Choices, std::vector<std::string>{"ALL"});
  // A positional's name says more than CLI11's TEXT.
  ValueCompletion Explain = valueCompletion(option("rule-id", "TEXT"));
  EXPECT_EQ(Explain.Kind, ValueCompletion::RuleIds);
  EXPECT_FALSE(Explain.CommaList);
  EXPECT_EQ(valueCompletion(option("--schema", "<file|dir>")).Kind,
            ValueCompletion::Files);
  EXPECT_EQ(valueCompletion(option("--x", "<FILE[:LINE]>")).Kind,
            ValueCompletion::Files);
  EXPECT_EQ(valueCompletion(option("--cache-dir", "<dir>")).Kind,
            ValueCompletion::Directories);
  EXPECT_EQ(valueCompletion(option("-j", "<N>")).Kind,
            ValueCompletion::Nothing);
  EXPECT_EQ(valueCompletion(option("--x", "<a|b c>")).Kind,
            ValueCompletion::Nothing);
  EXPECT_FALSE(ruleIds().empty());
}

TEST(CompletionModelTest, ShortDescriptionsStopAtTheFirstPhrase) {
  EXPECT_EQ(shortDescription("Output format: full (clang style), json"),
            "Output format");
  EXPECT_EQ(shortDescription("Worker threads (default: all cores)"),
            "Worker threads");
  EXPECT_EQ(shortDescription("Read no configuration file"),
            "Read no configuration file");
  std::string Long(100, 'a');
  EXPECT_EQ(shortDescription("word " + Long).size(), 4u);
}

CommandDoc command(std::string Name, bool Default,
                   std::vector<HelpEntry> Options) {
  CommandDoc D;
  D.Listed.Name = Name;
  D.Listed.Default = Default;
  D.Listed.Synopsis = "nosqlint " + Name;
  D.Help.Groups.push_back({"Options", false, std::move(Options)});
  return D;
}

TEST(CompletionModelTest, CommandsWithTheSameTableShareIt) {
  CommandCatalog Catalog;
  std::vector<HelpEntry> Check = {option("--format", "<format>"),
                                  option("--quiet", "")};
  Catalog.Commands.push_back(command("check", true, Check));
  Catalog.Commands.push_back(command("queries", false, Check));
  Catalog.Commands.push_back(
      command("rules", false, {option("--format", "<text|json>")}));
  CompletionModel M = buildCompletionModel(Catalog);
  ASSERT_EQ(M.Commands.size(), 3u);
  EXPECT_EQ(M.defaultCommand().Name, "check");
  EXPECT_EQ(M.Commands[0].SharedBy,
            (std::vector<std::string>{"check", "queries"}));
  EXPECT_TRUE(M.Commands[1].SharedBy.empty());
  EXPECT_EQ(M.Commands[1].SameAs, "check");
  EXPECT_EQ(M.Commands[2].SharedBy, std::vector<std::string>{"rules"});
  EXPECT_FALSE(M.Commands[0].Options[1].TakesValue);
  EXPECT_EQ(M.Commands[2].Options[0].ValueName, "text|json");
}

TEST(CompletionModelTest, WithoutADefaultCommandTheTopLevelHelpServes) {
  CommandCatalog Catalog;
  Catalog.TopLevel.Groups.push_back({"Options", false, {option("--x", "")}});
  Catalog.Commands.push_back(command("rules", false, {}));
  CompletionModel M = buildCompletionModel(Catalog);
  ASSERT_EQ(M.Commands.size(), 2u);
  EXPECT_EQ(M.defaultCommand().Name, "");
  ASSERT_EQ(M.defaultCommand().Options.size(), 1u);
}

} // namespace
