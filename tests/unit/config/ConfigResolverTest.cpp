//===- ConfigResolverTest.cpp - Discovery, extend and layering ------------===//
//
// Which configuration governs which file, how `extend` layers files, how
// the command line layers over them, and how per-file-ignores match.
//
//===----------------------------------------------------------------------===//
#include "ConfigTestSupport.h"

#include "nosqlint/Config/ConfigResolver.h"

using namespace nosqlint;
using namespace nosqlint::config;
using nosqlint::test::ConfigTree;

namespace {

ConfigResolver discover(CommandLineRules Cli = {}) {
  return ConfigResolver(ConfigMode::Discover, "", std::move(Cli));
}

TEST(ConfigResolverTest, NearestConfigGoverns) {
  ConfigTree T;
  T.write("nosqlint.toml", "ignore = [\"full-scan\"]\n");
  T.write("sub/nosqlint.toml", "ignore = [\"count-all\"]\n");
  std::string Top = T.write("a.cql", "");
  std::string Deep = T.write("sub/deeper/b.cql", "");
  ConfigResolver R = discover();
  const ResolvedSettings *S = R.settingsFor(Top);
  ASSERT_TRUE(S);
  EXPECT_FALSE(S->enabled(RuleId::FullScan));
  EXPECT_TRUE(S->enabled(RuleId::CountAll));
  const ResolvedSettings *D = R.settingsFor(Deep);
  ASSERT_TRUE(D);
  // The nested configuration replaces the parent's: full-scan is back.
  EXPECT_TRUE(D->enabled(RuleId::FullScan));
  EXPECT_FALSE(D->enabled(RuleId::CountAll));
  EXPECT_EQ(D->Chain, std::vector<std::string>{T.path("sub/nosqlint.toml")});
}

TEST(ConfigResolverTest, FileNamesInOrder) {
  ConfigTree T;
  T.write(".nosqlint.toml", "ignore = [\"join\"]\n");
  T.write("nosqlint.toml", "ignore = [\"full-scan\"]\n");
  ConfigResolver R = discover();
  const ResolvedSettings *S = R.settingsFor(T.write("x.cql", ""));
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Chain, std::vector<std::string>{T.path("nosqlint.toml")});
}

TEST(ConfigResolverTest, PyprojectWithoutOurTableDoesNotCount) {
  ConfigTree T;
  T.write("nosqlint.toml", "ignore = [\"full-scan\"]\n");
  T.write("py/pyproject.toml", "[project]\nname = \"x\"\n");
  // Broken TOML that never mentions us is not ours to judge.
  T.write("py2/pyproject.toml", "[project\n");
  T.write("tool/pyproject.toml", "[tool.nosqlint]\nignore = [\"join\"]\n");
  ConfigResolver R = discover();
  const ResolvedSettings *Py = R.settingsFor(T.write("py/a.cql", ""));
  ASSERT_TRUE(Py);
  EXPECT_EQ(Py->Chain, std::vector<std::string>{T.path("nosqlint.toml")});
  const ResolvedSettings *Py2 = R.settingsFor(T.write("py2/a.cql", ""));
  ASSERT_TRUE(Py2);
  EXPECT_EQ(Py2->Chain, std::vector<std::string>{T.path("nosqlint.toml")});
  const ResolvedSettings *Tool = R.settingsFor(T.write("tool/a.cql", ""));
  ASSERT_TRUE(Tool);
  EXPECT_EQ(Tool->Chain, std::vector<std::string>{T.path("tool/pyproject.toml")});
  EXPECT_TRUE(Tool->enabled(RuleId::FullScan));
  EXPECT_FALSE(Tool->enabled(RuleId::Join));
  EXPECT_TRUE(R.errors().empty());
}

TEST(ConfigResolverTest, ExtendLayersKeyByKey) {
  ConfigTree T;
  T.write("nosqlint.toml", "select = [\"full-scan\", \"count-all\"]\n"
                           "fail-on = \"error\"\nformat = \"json\"\n"
                           "[severity]\nfull-scan = \"error\"\n");
  T.write("sub/nosqlint.toml", "extend = \"../nosqlint.toml\"\n"
                               "ignore = [\"count-all\"]\nformat = \"sarif\"\n");
  ConfigResolver R = discover();
  const ResolvedSettings *S = R.settingsFor(T.write("sub/a.cql", ""));
  ASSERT_TRUE(S);
  EXPECT_TRUE(S->enabled(RuleId::FullScan));
  EXPECT_FALSE(S->enabled(RuleId::CountAll));
  EXPECT_FALSE(S->enabled(RuleId::Join));
  EXPECT_EQ(S->severity(RuleId::FullScan, Severity::Warning), Severity::Error);
  EXPECT_EQ(S->Merged.Format, OutputFormat::Sarif);
  ASSERT_TRUE(S->Merged.FailOn);
  EXPECT_EQ(*S->Merged.FailOn, Severity::Error);
  EXPECT_EQ(S->Chain, (std::vector<std::string>{T.path("sub/nosqlint.toml"),
                                                T.path("nosqlint.toml")}));
}

TEST(ConfigResolverTest, ExtendCycleAndMissingFileAreErrors) {
  ConfigTree T;
  T.write("a/nosqlint.toml", "extend = \"../b/nosqlint.toml\"\n");
  T.write("b/nosqlint.toml", "extend = \"../a/nosqlint.toml\"\n");
  T.write("c/nosqlint.toml", "extend = \"missing.toml\"\n");
  ConfigResolver R = discover();
  EXPECT_FALSE(R.settingsFor(T.write("a/x.cql", "")));
  ASSERT_EQ(R.errors().size(), 1u);
  EXPECT_NE(R.errors()[0].Message.find("cycle"), std::string::npos);
  EXPECT_FALSE(R.settingsFor(T.write("c/x.cql", "")));
  ASSERT_EQ(R.errors().size(), 2u);
  EXPECT_NE(R.errors()[1].Message.find("not a file"), std::string::npos);
}

TEST(ConfigResolverTest, NamedPyprojectNeedsOurTable) {
  ConfigTree T;
  std::string Py = T.write("pyproject.toml", "[project]\nname = \"x\"\n");
  T.write("sub/nosqlint.toml", "extend = \"../pyproject.toml\"\n");
  ConfigResolver Explicit(ConfigMode::Explicit, Py, {});
  EXPECT_FALSE(Explicit.settingsFor(T.write("a.cql", "")));
  ASSERT_EQ(Explicit.errors().size(), 1u);
  EXPECT_EQ(Explicit.errors()[0].Message, "no [tool.nosqlint] table");
  ConfigResolver Extend = discover();
  EXPECT_FALSE(Extend.settingsFor(T.write("sub/a.cql", "")));
  EXPECT_EQ(Extend.errors().size(), 1u);
}

TEST(ConfigResolverTest, BrokenConfigIsReportedOnce) {
  ConfigTree T;
  T.write("nosqlint.toml", "selct = []\n");
  ConfigResolver R = discover();
  EXPECT_FALSE(R.settingsFor(T.write("a.cql", "")));
  EXPECT_FALSE(R.settingsFor(T.write("b.cql", "")));
  ASSERT_EQ(R.errors().size(), 1u);
  EXPECT_EQ(R.errors()[0].Line, 1u);
}

TEST(ConfigResolverTest, ExplicitAndIsolated) {
  ConfigTree T;
  T.write("nosqlint.toml", "ignore = [\"full-scan\"]\n");
  std::string Other = T.write("elsewhere/other.toml", "ignore = [\"join\"]\n");
  std::string File = T.write("a.cql", "");
  ConfigResolver Explicit(ConfigMode::Explicit, Other, {});
  const ResolvedSettings *E = Explicit.settingsFor(File);
  ASSERT_TRUE(E);
  EXPECT_TRUE(E->enabled(RuleId::FullScan));
  EXPECT_FALSE(E->enabled(RuleId::Join));
  ConfigResolver Isolated(ConfigMode::Isolated, "", {});
  const ResolvedSettings *I = Isolated.settingsFor(File);
  ASSERT_TRUE(I);
  EXPECT_TRUE(I->enabled(RuleId::FullScan));
  EXPECT_TRUE(I->Chain.empty());
  ConfigResolver Missing(ConfigMode::Explicit, T.path("nope.toml"), {});
  EXPECT_FALSE(Missing.settingsFor(File));
  EXPECT_EQ(Missing.errors().size(), 1u);
}

TEST(ConfigResolverTest, CommandLineLayersLast) {
  ConfigTree T;
  T.write("nosqlint.toml", "ignore = [\"full-scan\"]\n");
  std::string File = T.write("a.cql", "");
  CommandLineRules Cli;
  Cli.ExtendSelect.Rules = {RuleId::FullScan};
  Cli.Ignore.Rules = {RuleId::Join};
  ConfigResolver R = discover(Cli);
  const ResolvedSettings *S = R.settingsFor(File);
  ASSERT_TRUE(S);
  EXPECT_TRUE(S->enabled(RuleId::FullScan));
  EXPECT_FALSE(S->enabled(RuleId::Join));

  CommandLineRules Only;
  Only.Select = RuleList{false, {RuleId::Join}};
  ConfigResolver R2 = discover(Only);
  const ResolvedSettings *S2 = R2.settingsFor(File);
  ASSERT_TRUE(S2);
  EXPECT_TRUE(S2->enabled(RuleId::Join));
  EXPECT_FALSE(S2->enabled(RuleId::CountAll));
  // An unreadable input always reports.
  EXPECT_TRUE(S2->enabled(RuleId::InputError));
}

TEST(ConfigResolverTest, PerFileIgnoresMatchRelativeToTheConfig) {
  ConfigTree T;
  T.write("nosqlint.toml", "[per-file-ignores]\n"
                           "\"legacy/*\" = [\"full-scan\"]\n"
                           "\"*_test.cql\" = [\"ALL\"]\n");
  ConfigResolver R = discover();
  const ResolvedSettings *S = R.settingsFor(T.write("legacy/a.cql", ""));
  ASSERT_TRUE(S);
  EXPECT_TRUE(S->ignoredIn(RuleId::FullScan, T.path("legacy/a.cql")));
  EXPECT_TRUE(S->ignoredIn(RuleId::FullScan, T.path("legacy/deep/a.cql")));
  EXPECT_FALSE(S->ignoredIn(RuleId::CountAll, T.path("legacy/a.cql")));
  EXPECT_FALSE(S->ignoredIn(RuleId::FullScan, T.path("app/legacy.cql")));
  EXPECT_TRUE(S->ignoredIn(RuleId::Join, T.path("app/x_test.cql")));
  EXPECT_FALSE(S->ignoredIn(RuleId::Join, "/elsewhere/legacy/a.cql"));
}

} // namespace
