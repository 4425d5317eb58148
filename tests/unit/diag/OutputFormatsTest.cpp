//===- OutputFormatsTest.cpp - github, gitlab, junit, json-lines ----------===//
//
// What the golden files cannot say: GitHub's escaping, the fields GitLab's
// Code Quality report requires, JUnit's required attributes and the
// well-formedness of its XML (by a small checker here; CTest runs xmllint
// on the golden file too when it is installed), one JSON object per line.
//
//===----------------------------------------------------------------------===//
#include "EmitterScenario.h"

#include "rapidjson/document.h"
#include "gtest/gtest.h"

#include <regex>
#include <set>

namespace nosqlint::test {
namespace {

TEST(GithubEscapeTest, MessageData) {
  EXPECT_EQ(githubEscapeData("100% done\r\nnext: a,b"),
            "100%25 done%0D%0Anext: a,b");
  EXPECT_EQ(githubEscapeData("%0A"), "%250A");
}

TEST(GithubEscapeTest, PropertyValues) {
  EXPECT_EQ(githubEscapeProperty("dir:a,b/100%\n"), "dir%3Aa%2Cb/100%25%0A");
}

TEST(GithubEmitterTest, OneCommandPerLineWithProperties) {
  EmitterScenario S;
  std::string Out = render(emitGithub, S);
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  llvm::StringRef(Out).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  ASSERT_FALSE(Lines.empty());
  static const std::regex Command(
      "::(error|warning|notice) "
      "(file=[^,:]+,line=[0-9]+,col=[0-9]+,endLine=[0-9]+,endColumn=[0-9]+,)?"
      "title=[a-z-]+::[^\r\n]*");
  for (llvm::StringRef L : Lines)
    EXPECT_TRUE(std::regex_match(L.str(), Command)) << L.str();
}

TEST(GitlabEmitterTest, EveryIssueHasTheRequiredFields) {
  EmitterScenario S;
  std::string Out = render(emitGitlab, S);
  rapidjson::Document Doc;
  Doc.Parse(Out.c_str(), Out.size());
  ASSERT_FALSE(Doc.HasParseError()) << Out;
  ASSERT_TRUE(Doc.IsArray());
  const std::set<std::string> Severities = {"info", "minor", "major",
                                            "critical", "blocker"};
  std::set<std::string> Fingerprints;
  unsigned Located = 0;
  for (const Diagnostic &D : S.Diags)
    Located += D.Range.isValid();
  EXPECT_EQ(Doc.Size(), Located);
  for (const auto &I : Doc.GetArray()) {
    ASSERT_TRUE(I.IsObject());
    for (const char *Key : {"description", "check_name", "fingerprint",
                            "severity"}) {
      ASSERT_TRUE(I.HasMember(Key) && I[Key].IsString()) << Key;
      EXPECT_GT(I[Key].GetStringLength(), 0u) << Key;
    }
    EXPECT_TRUE(Severities.count(I["severity"].GetString()));
    EXPECT_TRUE(Fingerprints.insert(I["fingerprint"].GetString()).second)
        << "fingerprints must be unique";
    ASSERT_TRUE(I.HasMember("location") && I["location"].IsObject());
    const auto &L = I["location"];
    ASSERT_TRUE(L.HasMember("path") && L["path"].IsString());
    ASSERT_TRUE(L.HasMember("lines") && L["lines"].IsObject());
    ASSERT_TRUE(L["lines"].HasMember("begin") && L["lines"]["begin"].IsUint());
    EXPECT_GE(L["lines"]["begin"].GetUint(), 1u);
  }
}

/// A minimal XML well-formedness check: tags balance, attributes are
/// quoted, every '&' starts a known entity. Returns the element names with
/// their attribute names, in document order.
struct Element {
  std::string Name;
  std::set<std::string> Attributes;
};

bool checkXml(const std::string &X, std::vector<Element> &Elements,
              std::string &Error) {
  std::vector<std::string> Open;
  size_t I = 0;
  if (X.rfind("<?xml ", 0) == 0)
    I = X.find("?>") + 2;
  static const std::regex Entity("&(amp|lt|gt|quot|apos);");
  while (I < X.size()) {
    size_t Lt = X.find('<', I);
    std::string Text = X.substr(I, Lt == std::string::npos ? X.npos : Lt - I);
    for (size_t A = Text.find('&'); A != std::string::npos;
         A = Text.find('&', A + 1))
      if (!std::regex_search(Text.substr(A, 6), Entity,
                             std::regex_constants::match_continuous)) {
        Error = "bad entity in text: " + Text.substr(A, 10);
        return false;
      }
    if (Lt == std::string::npos)
      break;
    size_t Gt = X.find('>', Lt);
    if (Gt == std::string::npos) {
      Error = "unclosed tag";
      return false;
    }
    std::string Tag = X.substr(Lt + 1, Gt - Lt - 1);
    I = Gt + 1;
    if (!Tag.empty() && Tag[0] == '/') {
      if (Open.empty() || Open.back() != Tag.substr(1)) {
        Error = "mismatched </" + Tag.substr(1) + ">";
        return false;
      }
      Open.pop_back();
      continue;
    }
    bool SelfClosing = !Tag.empty() && Tag.back() == '/';
    if (SelfClosing)
      Tag.pop_back();
    static const std::regex Head("^([A-Za-z_][A-Za-z0-9_.-]*)");
    std::smatch M;
    if (!std::regex_search(Tag, M, Head)) {
      Error = "bad tag <" + Tag + ">";
      return false;
    }
    Element E{M[1], {}};
    std::string Rest = M.suffix();
    static const std::regex Attr("^\\s+([A-Za-z_][A-Za-z0-9_.-]*)=\"([^\"<]*)\"");
    std::smatch A;
    while (std::regex_search(Rest, A, Attr)) {
      if (!E.Attributes.insert(A[1]).second) {
        Error = "duplicate attribute " + A[1].str();
        return false;
      }
      Rest = A.suffix();
    }
    if (Rest.find_first_not_of(" \t\n") != std::string::npos) {
      Error = "bad attributes in <" + Tag + ">";
      return false;
    }
    Elements.push_back(E);
    if (!SelfClosing)
      Open.push_back(E.Name);
  }
  if (!Open.empty()) {
    Error = "unclosed <" + Open.back() + ">";
    return false;
  }
  return true;
}

TEST(JunitEmitterTest, WellFormedWithTheRequiredAttributes) {
  EmitterScenario S;
  std::string Out = render(emitJunit, S);
  std::vector<Element> Elements;
  std::string Error;
  ASSERT_TRUE(checkXml(Out, Elements, Error)) << Error << "\n" << Out;
  ASSERT_FALSE(Elements.empty());
  EXPECT_EQ(Elements.front().Name, "testsuites");
  unsigned Cases = 0;
  for (const Element &E : Elements) {
    auto Has = [&](const char *A) { return E.Attributes.count(A) == 1; };
    if (E.Name == "testsuite") {
      for (const char *A : {"name", "tests", "failures", "errors", "time"})
        EXPECT_TRUE(Has(A)) << "testsuite lacks " << A;
    } else if (E.Name == "testcase") {
      ++Cases;
      for (const char *A : {"name", "classname", "time"})
        EXPECT_TRUE(Has(A)) << "testcase lacks " << A;
    } else if (E.Name == "failure") {
      EXPECT_TRUE(Has("type") && Has("message"));
    } else {
      EXPECT_EQ(E.Name, "testsuites");
    }
  }
  EXPECT_EQ(Cases, S.Diags.size());
}

TEST(JunitEmitterTest, EscapesMarkupAndControlCharacters) {
  EmitterScenario S;
  S.Diags.resize(1);
  S.Diags[0].Message = "a < b && c > \"d\" 'e'\x01";
  std::string Out = render(emitJunit, S);
  std::vector<Element> Elements;
  std::string Error;
  EXPECT_TRUE(checkXml(Out, Elements, Error)) << Error << "\n" << Out;
  EXPECT_NE(Out.find("a &lt; b &amp;&amp; c &gt; &quot;d&quot; &apos;e&apos;"
                     "\xEF\xBF\xBD"),
            std::string::npos)
      << Out;
}

TEST(JsonLinesEmitterTest, OneObjectPerFinding) {
  EmitterScenario S;
  std::string Out = render(emitJsonLines, S);
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  llvm::StringRef(Out).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  ASSERT_EQ(Lines.size(), S.Diags.size());
  for (llvm::StringRef L : Lines) {
    rapidjson::Document D;
    D.Parse(L.data(), L.size());
    ASSERT_FALSE(D.HasParseError()) << L.str();
    EXPECT_TRUE(D.IsObject() && D.HasMember("rule") &&
                D.HasMember("fingerprint"));
  }
}

} // namespace
} // namespace nosqlint::test
