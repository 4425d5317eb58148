//===- HostileConfigTest.cpp - Configuration files built to break us ------===//
//
// Deep nesting, huge arrays, invalid UTF-8, NUL bytes, a huge file: each is
// at most a few precise errors (or a valid configuration), never a crash, a
// hang or an error per element.
//
//===----------------------------------------------------------------------===//
#include "ConfigTestSupport.h"

#include "nosqlint/Config/ConfigResolver.h"

using namespace nosqlint;
using namespace nosqlint::config;

namespace {

std::vector<ConfigError> errorsOf(llvm::StringRef Text) {
  std::vector<ConfigError> Errors;
  std::optional<ConfigFile> C =
      parseConfigText("/p/nosqlint.toml", Text, false, Errors);
  EXPECT_EQ(C.has_value(), Errors.empty());
  return Errors;
}

TEST(HostileConfigTest, DeeplyNestedArrays) {
  std::string Text = "select = " + std::string(100000, '[') +
                     std::string(100000, ']') + "\n";
  std::vector<ConfigError> E = errorsOf(Text);
  ASSERT_EQ(E.size(), 1u);
  EXPECT_EQ(E[0].Line, 1u);
}

TEST(HostileConfigTest, DeeplyNestedInlineTables) {
  std::string Text = "severity = ";
  for (int I = 0; I < 50000; ++I)
    Text += "{a=";
  Text += "1";
  Text += std::string(50000, '}');
  EXPECT_EQ(errorsOf(Text).size(), 1u);
}

TEST(HostileConfigTest, DeeplyNestedTableHeaders) {
  std::string Header = "[per-file-ignores";
  for (int I = 0; I < 20000; ++I)
    Header += ".a";
  Header += "]\nx = 1\n";
  std::vector<ConfigError> E = errorsOf(Header);
  EXPECT_LE(E.size(), 1u);
}

TEST(HostileConfigTest, HugeArrayOfRules) {
  std::string Text = "ignore = [";
  for (int I = 0; I < 200000; ++I)
    Text += "\"full-scan\",";
  Text += "]\n";
  EXPECT_TRUE(errorsOf(Text).empty());
}

TEST(HostileConfigTest, HugeArrayOfWrongElementsIsBounded) {
  // One error per wrong element would flood the terminal: the first one.
  std::string Text = "ignore = [";
  for (int I = 0; I < 1000; ++I)
    Text += "1,";
  Text += "]\n";
  EXPECT_EQ(errorsOf(Text).size(), 1u);
}

TEST(HostileConfigTest, InvalidUtf8) {
  std::vector<ConfigError> E = errorsOf("select = [\"\xff\xfe\"]\n");
  ASSERT_EQ(E.size(), 1u);
  EXPECT_EQ(E[0].Line, 1u);
  EXPECT_EQ(errorsOf("\xc3(= 1\n").size(), 1u);
}

TEST(HostileConfigTest, NulBytes) {
  std::string Text("select = [\"full-scan\"]\n\0\0ignore = []\n", 38);
  EXPECT_EQ(errorsOf(Text).size(), 1u);
  std::string InString("format = \"te\0xt\"\n", 17);
  EXPECT_EQ(errorsOf(InString).size(), 1u);
}

TEST(HostileConfigTest, LongKeyIsOneErrorWithoutSuggestion) {
  std::string Key(100000, 'k');
  std::vector<ConfigError> E = errorsOf(Key + " = 1\n");
  ASSERT_EQ(E.size(), 1u);
  EXPECT_EQ(E[0].Message.find("did you mean"), std::string::npos);
}

TEST(HostileConfigTest, InvalidGlobMatchesNothing) {
  test::ConfigTree T;
  T.write("nosqlint.toml", "[per-file-ignores]\n\"[\" = [\"ALL\"]\n");
  ConfigResolver R(ConfigMode::Discover, "", {});
  const ResolvedSettings *S = R.settingsFor(T.write("a.cql", ""));
  ASSERT_TRUE(S);
  EXPECT_FALSE(S->ignoredIn(RuleId::FullScan, T.path("a.cql")));
}

TEST(HostileConfigTest, HugeFileIsOneErrorUnread) {
  test::ConfigTree T;
  T.write("nosqlint.toml",
          "# " + std::string(MaxConfigFileBytes + 10, 'x') + "\n");
  ConfigResolver R(ConfigMode::Discover, "", {});
  EXPECT_FALSE(R.settingsFor(T.write("a.cql", "")));
  ASSERT_EQ(R.errors().size(), 1u);
  EXPECT_NE(R.errors()[0].Message.find("over the limit"), std::string::npos);
}

TEST(HostileConfigTest, ConfigThatIsADirectoryIsSkipped) {
  test::ConfigTree T;
  llvm::sys::fs::create_directories(T.path("nosqlint.toml"));
  ConfigResolver R(ConfigMode::Discover, "", {});
  EXPECT_TRUE(R.settingsFor(T.write("a.cql", "")));
}

} // namespace
