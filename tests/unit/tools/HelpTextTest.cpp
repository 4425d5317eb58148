//===- HelpTextTest.cpp - Reading back the help CLI11 prints --------------===//
#include "HelpText.h"

#include <gtest/gtest.h>

using namespace nosqlint::tool;

namespace {

// The layout CLI11 2.1 prints, with each case the parser must handle: a
// positional, a short and long name, a repeatable option, names that reach
// the column (description on the next line), a single space of padding,
// and a footer of item and prose sections.
const char *const Help = R"(nosqlint: a static analyzer
Usage: nosqlint check [OPTIONS] [inputs...]

Positionals:
  inputs <file|dir>... ...        Files to analyze

Options:
  -h,--help                       Print this help message and exit


Output:
  --format <format> ...           Output format: full, json
  -j,--jobs <N>                   Worker threads (default: all cores)
  --strict-allow-filtering <on|warn|off>
                                  What a slice read gets
  --quiet                         Print the findings only
  --exactly-thirty-one-chars-long Description after one space


COMMANDS:
  nosqlint [check] [options] <file|dir>...   analyze queries (the default)
  nosqlint queries [options] <file|dir>...   list every query found: location,
                                             operation, table
  nosqlint Rules                             not a command word
  nosqlint explain <rule-id>                 print a rule's documentation

CONFIGURATION:
  The nearest nosqlint.toml above each input governs it;
  flags override it.

EXIT CODES:
  0  no finding
  2  usage error
)";

TEST(HelpTextTest, ReadsDescriptionUsageAndGroups) {
  CommandHelp H = parseHelp(Help);
  EXPECT_EQ(H.Description, "nosqlint: a static analyzer");
  EXPECT_EQ(H.Usage, "nosqlint check [OPTIONS] [inputs...]");
  ASSERT_EQ(H.Groups.size(), 3u);
  EXPECT_TRUE(H.Groups[0].Positional);
  EXPECT_EQ(H.Groups[1].Title, "Options");
  EXPECT_EQ(H.Groups[2].Title, "Output");
  EXPECT_EQ(H.Footer.size(), 3u);
}

TEST(HelpTextTest, ReadsEachEntry) {
  CommandHelp H = parseHelp(Help);
  std::vector<const HelpEntry *> P = H.positionals();
  ASSERT_EQ(P.size(), 1u);
  EXPECT_EQ(P[0]->Names, std::vector<std::string>{"inputs"});
  EXPECT_EQ(P[0]->Value, "<file|dir>");
  EXPECT_TRUE(P[0]->Repeatable);

  std::vector<const HelpEntry *> O = H.options();
  ASSERT_EQ(O.size(), 6u);
  EXPECT_EQ(O[0]->primaryName(), "help");
  EXPECT_TRUE(O[0]->Value.empty());
  EXPECT_EQ(O[1]->Value, "<format>");
  EXPECT_TRUE(O[1]->Repeatable);
  EXPECT_EQ(O[1]->Description, "Output format: full, json");
  EXPECT_EQ(O[2]->Names, (std::vector<std::string>{"-j", "--jobs"}));
  EXPECT_EQ(O[2]->Value, "<N>");
  EXPECT_FALSE(O[2]->Repeatable);
  EXPECT_EQ(O[3]->Value, "<on|warn|off>");
  EXPECT_EQ(O[3]->Description, "What a slice read gets");
  EXPECT_TRUE(O[4]->Value.empty());
  EXPECT_EQ(O[5]->primaryName(), "exactly-thirty-one-chars-long");
  EXPECT_EQ(O[5]->Description, "Description after one space");
}

TEST(HelpTextTest, ReadsTheFooter) {
  CommandHelp H = parseHelp(Help);
  const FooterSection *Config = H.footerSection("configuration");
  ASSERT_NE(Config, nullptr);
  ASSERT_EQ(Config->Blocks.size(), 1u);
  EXPECT_TRUE(Config->Blocks[0].Term.empty());
  EXPECT_EQ(Config->Blocks[0].Text,
            "The nearest nosqlint.toml above each input governs it; flags "
            "override it.");
  const FooterSection *Exit = H.footerSection("EXIT CODES");
  ASSERT_NE(Exit, nullptr);
  ASSERT_EQ(Exit->Blocks.size(), 2u);
  EXPECT_EQ(Exit->Blocks[1].Term, "2");
  EXPECT_EQ(Exit->Blocks[1].Text, "usage error");
}

TEST(HelpTextTest, ListsTheCommandWords) {
  std::vector<CommandSummary> C = listedCommands(parseHelp(Help));
  ASSERT_EQ(C.size(), 3u);
  EXPECT_EQ(C[0].Name, "check");
  EXPECT_TRUE(C[0].Default);
  EXPECT_EQ(C[1].Name, "queries");
  EXPECT_FALSE(C[1].Default);
  EXPECT_EQ(C[1].Summary,
            "list every query found: location, operation, table");
  EXPECT_EQ(C[2].Name, "explain");
  EXPECT_EQ(C[2].Synopsis, "nosqlint explain <rule-id>");
}

TEST(HelpTextTest, EmptyOrForeignTextGivesNothing) {
  CommandHelp Empty = parseHelp("");
  EXPECT_TRUE(Empty.Groups.empty());
  EXPECT_TRUE(listedCommands(Empty).empty());
  CommandHelp Foreign = parseHelp("not a help\n  at all:\n-x\n");
  EXPECT_TRUE(Foreign.options().empty());
}

} // namespace
