//===- ConfigFileTest.cpp - nosqlint.toml text to settings ----------------===//
//
// Each key read into its ConfigFile field, and each kind of mistake reported
// once, at the key's or value's line and column, naming the key.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Config/ConfigFile.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::config;

namespace {

struct Parsed {
  std::optional<ConfigFile> File;
  std::vector<ConfigError> Errors;
};

Parsed parse(llvm::StringRef Text, bool Pyproject = false) {
  Parsed P;
  P.File = parseConfigText(Pyproject ? "/p/pyproject.toml" : "/p/nosqlint.toml",
                           Text, Pyproject, P.Errors);
  return P;
}

std::string onlyError(const Parsed &P) {
  EXPECT_FALSE(P.File);
  EXPECT_EQ(P.Errors.size(), 1u);
  return P.Errors.empty() ? "" : P.Errors.front().str();
}

TEST(ConfigFileTest, ReadsEveryKey) {
  Parsed P = parse(R"(
extend = "../base.toml"
select = ["ALL"]
extend-select = ["full-scan"]
ignore = ["no-schema", "count-all"]
exclude = ["vendor"]
extend-exclude = ["gen/*"]
force-exclude = true
schema = ["db/schema.cql", "/abs/tables.json"]
target = "cassandra-4.1"
strict-allow-filtering = "off"
max-file-size = 1000
format = "sarif"
fail-on = "never"
include-generated = true
report-unused-ignores = true
cache-dir = "../.cache/nosqlint"

[severity]
full-scan = "error"
allow-filtering = "note"

[per-file-ignores]
"tests/*" = ["ALL"]
"*_legacy.cql" = ["allow-filtering"]
)");
  ASSERT_TRUE(P.File) << (P.Errors.empty() ? "" : P.Errors[0].str());
  const ConfigFile &C = *P.File;
  EXPECT_EQ(C.Directory, "/p");
  EXPECT_EQ(C.Extend, "/base.toml");
  ASSERT_TRUE(C.Select);
  EXPECT_TRUE(C.Select->All);
  ASSERT_TRUE(C.ExtendSelect);
  EXPECT_EQ(C.ExtendSelect->Rules, std::vector<RuleId>{RuleId::FullScan});
  ASSERT_TRUE(C.Ignore);
  EXPECT_EQ(C.Ignore->Rules,
            (std::vector<RuleId>{RuleId::NoSchema, RuleId::CountAll}));
  EXPECT_EQ(C.Exclude, std::vector<std::string>{"vendor"});
  EXPECT_EQ(C.ExtendExclude, std::vector<std::string>{"gen/*"});
  EXPECT_EQ(C.ForceExclude, true);
  EXPECT_EQ(C.Schemas, (std::vector<std::string>{"/p/db/schema.cql",
                                                  "/abs/tables.json"}));
  ASSERT_TRUE(C.TargetDb);
  EXPECT_EQ(targetName(*C.TargetDb), "cassandra-4.1");
  EXPECT_EQ(C.StrictAllowFiltering, check::ScyllaStrictAllowFiltering::False);
  EXPECT_EQ(C.MaxFileSize, 1000u);
  EXPECT_EQ(C.Format, OutputFormat::Sarif);
  ASSERT_TRUE(C.FailOn);
  EXPECT_FALSE(*C.FailOn);
  EXPECT_EQ(C.IncludeGenerated, true);
  EXPECT_EQ(C.ReportUnusedIgnores, true);
  EXPECT_EQ(C.CacheDir, "/.cache/nosqlint");
  EXPECT_EQ(C.Severities.at(RuleId::FullScan), Severity::Error);
  EXPECT_EQ(C.Severities.at(RuleId::AllowFiltering), Severity::Note);
  ASSERT_TRUE(C.PerFileIgnores);
  ASSERT_EQ(C.PerFileIgnores->size(), 2u);
  // toml++ keeps a table's keys sorted.
  EXPECT_EQ((*C.PerFileIgnores)[0].Glob, "*_legacy.cql");
  EXPECT_TRUE((*C.PerFileIgnores)[0].Rules.contains(RuleId::AllowFiltering));
  EXPECT_FALSE((*C.PerFileIgnores)[0].Rules.contains(RuleId::FullScan));
  EXPECT_EQ((*C.PerFileIgnores)[1].Glob, "tests/*");
  EXPECT_TRUE((*C.PerFileIgnores)[1].Rules.All);
}

TEST(ConfigFileTest, UnsetKeysStayUnset) {
  Parsed P = parse("# nothing\n");
  ASSERT_TRUE(P.File);
  EXPECT_FALSE(P.File->Select);
  EXPECT_FALSE(P.File->CacheDir);
  EXPECT_FALSE(P.File->Format);
  EXPECT_FALSE(P.File->FailOn);
  EXPECT_FALSE(P.File->Schemas);
}

TEST(ConfigFileTest, UnknownKeyNamesItAndTheNearestKey) {
  EXPECT_EQ(onlyError(parse("\n\nselct = []\n")),
            "/p/nosqlint.toml:3:1: error: unknown key 'selct' (did you mean "
            "'select'?)");
  EXPECT_EQ(onlyError(parse("colour = true\n")),
            "/p/nosqlint.toml:1:1: error: unknown key 'colour'");
}

TEST(ConfigFileTest, WrongTypeNamesKeyAndType) {
  EXPECT_EQ(onlyError(parse("select = \"full-scan\"\n")),
            "/p/nosqlint.toml:1:10: error: 'select' must be an array of rule "
            "ids, not a string");
  EXPECT_EQ(onlyError(parse("max-file-size = \"2MB\"\n")),
            "/p/nosqlint.toml:1:17: error: 'max-file-size' must be a number "
            "of bytes, not a string");
  EXPECT_EQ(onlyError(parse("force-exclude = 1\n")),
            "/p/nosqlint.toml:1:17: error: 'force-exclude' must be true or "
            "false, not an integer");
  EXPECT_EQ(onlyError(parse("exclude = [\"a\", 2]\n")),
            "/p/nosqlint.toml:1:17: error: 'exclude' must be an array of "
            "strings; this element is an integer");
}

TEST(ConfigFileTest, UnknownRuleIdIsAnErrorWithASuggestion) {
  EXPECT_EQ(onlyError(parse("ignore = [\"full-scan\", \"ful-scan\"]\n")),
            "/p/nosqlint.toml:1:24: error: unknown rule 'ful-scan' in "
            "'ignore' (did you mean 'full-scan'?)");
  EXPECT_EQ(onlyError(parse("[severity]\nfullscan = \"error\"\n")),
            "/p/nosqlint.toml:2:1: error: unknown rule 'fullscan' in "
            "'severity' (did you mean 'full-scan'?)");
  EXPECT_EQ(onlyError(parse("[per-file-ignores]\n\"a/*\" = [\"nope-nope\"]\n")),
            "/p/nosqlint.toml:2:10: error: unknown rule 'nope-nope' in "
            "'per-file-ignores.\"a/*\"'");
}

TEST(ConfigFileTest, RuleIdsAreExact) {
  // Configuration names rules as the catalog spells them.
  EXPECT_FALSE(parse("select = [\"FULL-SCAN\"]\n").File);
  EXPECT_FALSE(parse("select = [\"all\"]\n").File);
}

TEST(ConfigFileTest, InvalidWordsListTheChoices) {
  EXPECT_EQ(onlyError(parse("format = \"xml\"\n")),
            "/p/nosqlint.toml:1:10: error: invalid format 'xml' (expected "
            "full (or text), concise, json, json-lines, sarif, github, gitlab "
            "or junit)");
  EXPECT_EQ(onlyError(parse("target = \"cassandra-3.11\"\n")),
            "/p/nosqlint.toml:1:10: error: invalid target 'cassandra-3.11' "
            "(expected cassandra-5.0, cassandra-4.1, cassandra-4.0, scylladb "
            "or dynamodb)");
  EXPECT_EQ(onlyError(parse("[severity]\nfull-scan = \"fatal\"\n")),
            "/p/nosqlint.toml:2:13: error: invalid severity 'fatal' for "
            "'severity.full-scan' (expected error, warning or note)");
  EXPECT_EQ(onlyError(parse("max-file-size = -1\n")),
            "/p/nosqlint.toml:1:17: error: 'max-file-size' must be a "
            "positive number of bytes");
}

TEST(ConfigFileTest, DialectAndTargetTogetherIsAnError) {
  std::string E = onlyError(parse("dialect = \"scylladb\"\ntarget = \"scylladb\"\n"));
  EXPECT_NE(E.find("keep one"), std::string::npos) << E;
  Parsed P = parse("dialect = \"scylladb\"\n");
  ASSERT_TRUE(P.File);
  EXPECT_EQ(P.File->TargetDb->Database, TargetDatabase::ScyllaDb);
}

TEST(ConfigFileTest, EveryMistakeIsReported) {
  Parsed P = parse("selct = []\nignore = [\"x-y-z\"]\nformat = 3\n");
  EXPECT_FALSE(P.File);
  EXPECT_EQ(P.Errors.size(), 3u);
}

TEST(ConfigFileTest, SyntaxErrorHasTomlPosition) {
  Parsed P = parse("select = [\"full-scan\"\nignore = []\n");
  EXPECT_FALSE(P.File);
  ASSERT_EQ(P.Errors.size(), 1u);
  EXPECT_EQ(P.Errors[0].Line, 2u);
  EXPECT_NE(P.Errors[0].Message.find("array"), std::string::npos)
      << P.Errors[0].Message;
}

TEST(ConfigFileTest, PyprojectReadsOnlyToolNosqlint) {
  Parsed None = parse("[project]\nname = \"x\"\n[tool.black]\nline = 1\n", true);
  EXPECT_FALSE(None.File);
  EXPECT_TRUE(None.Errors.empty());

  Parsed Ours = parse("[tool.black]\nselct = 1\n[tool.nosqlint]\n"
                      "ignore = [\"full-scan\"]\n",
                      true);
  ASSERT_TRUE(Ours.File);
  EXPECT_TRUE(Ours.File->Ignore->contains(RuleId::FullScan));

  EXPECT_EQ(onlyError(parse("[tool.nosqlint]\nselct = []\n", true)),
            "/p/pyproject.toml:2:1: error: unknown key 'selct' (did you mean "
            "'select'?)");
  EXPECT_EQ(onlyError(parse("[tool]\nnosqlint = 3\n", true)),
            "/p/pyproject.toml:2:12: error: 'tool.nosqlint' must be a table");
}

TEST(ConfigFileTest, DottedKeysAreTheSameAsTables) {
  Parsed P = parse("severity.full-scan = \"error\"\n");
  ASSERT_TRUE(P.File);
  EXPECT_EQ(P.File->Severities.at(RuleId::FullScan), Severity::Error);
}

} // namespace
