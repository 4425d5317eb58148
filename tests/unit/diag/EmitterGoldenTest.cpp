//===- EmitterGoldenTest.cpp - The three formats, byte for byte -----------===//
//
// Renders EmitterScenario in each format and compares the output with
// tests/golden/emitters.{txt,json,sarif,concise,jsonl,github,gitlab.json,
// junit.xml}. NOSQLINT_UPDATE_GOLDEN=1 rewrites
// the golden files instead (see tests/golden/README.md).
//
//===----------------------------------------------------------------------===//
#include "EmitterScenario.h"

#include "gtest/gtest.h"

#include <regex>

namespace nosqlint::test {
namespace {

/// The rules array lists every rule with its whole documentation page, so it
/// changes whenever any rule or page does; SarifEmitterTest checks it against
/// the catalog. The golden file shows it elided.
std::string elideSarifRules(const std::string &Sarif) {
  const std::string Key = "\"rules\": [";
  size_t KeyAt = Sarif.find(Key);
  if (KeyAt == std::string::npos)
    return Sarif;
  size_t LineStart = Sarif.rfind('\n', KeyAt) + 1;
  std::string Indent = Sarif.substr(LineStart, KeyAt - LineStart);
  size_t Open = KeyAt + Key.size();
  size_t Close = Sarif.find("\n" + Indent + "]", Open);
  if (Close == std::string::npos)
    return Sarif;
  return Sarif.substr(0, Open) + "\n" + Indent +
         "  \"(elided: one entry per rule of allRules(), checked by "
         "SarifEmitterTest)\"" +
         Sarif.substr(Close);
}

/// Rule indexes follow the catalog order, which changes whenever a rule is
/// added; SarifEmitterTest checks each index against its rule id.
std::string elideRuleIndexes(const std::string &Sarif) {
  static const std::regex Index("\"(ruleIndex|index)\": [0-9]+");
  return std::regex_replace(Sarif, Index, "\"$1\": \"(elided)\"");
}

TEST(EmitterGoldenTest, Text) {
  EmitterScenario S;
  std::string Error = checkGolden("emitters.txt", render(emitText, S));
  EXPECT_TRUE(Error.empty()) << Error;
}

TEST(EmitterGoldenTest, Json) {
  EmitterScenario S;
  std::string Error = checkGolden("emitters.json", render(emitJson, S));
  EXPECT_TRUE(Error.empty()) << Error;
}

TEST(EmitterGoldenTest, Sarif) {
  EmitterScenario S;
  std::string Error =
      checkGolden("emitters.sarif",
                  elideRuleIndexes(elideSarifRules(render(emitSarif, S))));
  EXPECT_TRUE(Error.empty()) << Error;
}

TEST(EmitterGoldenTest, Concise) {
  EmitterScenario S;
  std::string Error = checkGolden("emitters.concise", render(emitConcise, S));
  EXPECT_TRUE(Error.empty()) << Error;
}

TEST(EmitterGoldenTest, JsonLines) {
  EmitterScenario S;
  std::string Error =
      checkGolden("emitters.jsonl", render(emitJsonLines, S));
  EXPECT_TRUE(Error.empty()) << Error;
}

TEST(EmitterGoldenTest, Github) {
  EmitterScenario S;
  std::string Error = checkGolden("emitters.github", render(emitGithub, S));
  EXPECT_TRUE(Error.empty()) << Error;
}

TEST(EmitterGoldenTest, Gitlab) {
  EmitterScenario S;
  std::string Error =
      checkGolden("emitters.gitlab.json", render(emitGitlab, S));
  EXPECT_TRUE(Error.empty()) << Error;
}

TEST(EmitterGoldenTest, Junit) {
  EmitterScenario S;
  std::string Error = checkGolden("emitters.junit.xml", render(emitJunit, S));
  EXPECT_TRUE(Error.empty()) << Error;
}

} // namespace
} // namespace nosqlint::test
