//===- BaselineTest.cpp - Fingerprints, baselines and several outputs -----===//
//
// Runs the driver on files in a temporary directory: a finding keeps its
// fingerprint when lines are inserted above it and gets another when its
// statement changes; --write-baseline then --baseline reports only new
// findings and counts the baselined and the fixed ones; a malformed baseline
// is one error naming the file and the position; --format with -o writes
// several outputs in one run.
//
//===----------------------------------------------------------------------===//
#include "Baseline.h"
#include "DriverTestSupport.h"

#include "nosqlint/Driver/Outputs.h"

#include "llvm/Support/MemoryBuffer.h"

#include "rapidjson/document.h"

#include <set>

namespace nosqlint::test {
namespace {

constexpr const char *Schema =
    "CREATE TABLE ks.t (k int PRIMARY KEY, v int);\n";

std::string readFile(const std::string &Path) {
  auto B = llvm::MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : std::string();
}

/// The fingerprints of a JSON run, by rule.
std::multiset<std::string> fingerprints(const std::string &Json,
                                        const char *Rule) {
  rapidjson::Document Doc;
  Doc.Parse(Json.c_str(), Json.size());
  std::multiset<std::string> Out;
  if (Doc.HasParseError() || !Doc.IsObject())
    return Out;
  for (const auto &D : Doc["diagnostics"].GetArray())
    if (D["rule"] == Rule)
      Out.insert(D["fingerprint"].GetString());
  return Out;
}

DriverOptions jsonRun(const TempDir &Dir) {
  DriverOptions O;
  O.Inputs = {Dir.path("schema.cql"), Dir.path("q.cql")};
  O.Format = OutputFormat::Json;
  O.Jobs = 1;
  return O;
}

TEST(FingerprintTest, StableUnderUnrelatedEditsChangedWithTheStatement) {
  TempDir Dir;
  Dir.write("schema.cql", Schema);
  Dir.write("q.cql", "SELECT * FROM ks.t;\n");
  RunResult Before = runOn(jsonRun(Dir));
  std::multiset<std::string> Scan = fingerprints(Before.Out, "full-scan");
  ASSERT_EQ(Scan.size(), 1u) << Before.Out;

  Dir.write("q.cql", "-- a comment\n\n-- another\nSELECT   *\n  FROM ks.t;\n");
  RunResult Moved = runOn(jsonRun(Dir));
  EXPECT_EQ(fingerprints(Moved.Out, "full-scan"), Scan) << Moved.Out;

  Dir.write("q.cql", "SELECT v FROM ks.t;\n");
  RunResult Changed = runOn(jsonRun(Dir));
  std::multiset<std::string> Other = fingerprints(Changed.Out, "full-scan");
  ASSERT_EQ(Other.size(), 1u) << Changed.Out;
  EXPECT_NE(Other, Scan);
}

TEST(FingerprintTest, DynamoRequestsByOperationTableAndExpressions) {
  TempDir Dir;
  auto Scan = [&](llvm::StringRef Prefix, llvm::StringRef Filter) {
    Dir.write("r.json", (Prefix + "[{\"operation\": \"Scan\", \"request\": "
                         "{\"TableName\": \"Orders\", \"FilterExpression\": \"" +
                         Filter +
                         "\", \"ExpressionAttributeNames\": {\"#s\": "
                         "\"status\"}, \"ExpressionAttributeValues\": "
                         "{\":v\": {\"S\": \"x\"}}}}]\n")
                            .str());
    DriverOptions O;
    O.Inputs = {Dir.path("r.json")};
    O.Format = OutputFormat::Json;
    O.Jobs = 1;
    return fingerprints(runOn(O).Out, "full-scan");
  };
  std::multiset<std::string> First = Scan("", "#s = :v");
  ASSERT_EQ(First.size(), 1u);
  EXPECT_EQ(Scan("\n\n\n", "#s  =  :v"), First);
  EXPECT_NE(Scan("", "#s <> :v"), First);
}

TEST(FingerprintTest, IdenticalFindingsStayDistinct) {
  TempDir Dir;
  Dir.write("schema.cql", Schema);
  Dir.write("q.cql", "SELECT * FROM ks.t;\nSELECT * FROM ks.t;\n");
  RunResult R = runOn(jsonRun(Dir));
  std::multiset<std::string> Scan = fingerprints(R.Out, "full-scan");
  ASSERT_EQ(Scan.size(), 2u) << R.Out;
  EXPECT_EQ(std::set<std::string>(Scan.begin(), Scan.end()).size(), 2u);
}

TEST(BaselineTest, OnlyNewFindingsAreReported) {
  TempDir Dir;
  Dir.write("schema.cql", Schema);
  Dir.write("q.cql", "SELECT * FROM ks.t;\nSELECT v FROM ks.t;\n");
  DriverOptions Write = jsonRun(Dir);
  Write.WriteBaselinePath = Dir.path("baseline.json");
  RunResult First = runOn(Write);
  // Every finding is now in the baseline: none is new.
  EXPECT_EQ(First.Exit, ExitClean) << First.Err;
  std::string Baseline = readFile(Dir.path("baseline.json"));
  EXPECT_NE(Baseline.find("\"fingerprint\""), std::string::npos) << Baseline;
  EXPECT_NE(Baseline.find("\"rule\": \"full-scan\""), std::string::npos);

  // Same code: nothing new, exit 0.
  DriverOptions Use = jsonRun(Dir);
  Use.BaselinePath = Dir.path("baseline.json");
  RunResult Same = runOn(Use);
  EXPECT_EQ(Same.Exit, ExitClean) << Same.Out << Same.Err;
  EXPECT_TRUE(fingerprints(Same.Out, "full-scan").empty()) << Same.Out;
  EXPECT_NE(Same.Out.find("\"baselined\": 2"), std::string::npos) << Same.Out;
  EXPECT_NE(Same.Out.find("\"baseline_fixed\": 0"), std::string::npos);

  // One query fixed, one added: one new finding, one entry gone.
  Dir.write("q.cql", "\nSELECT * FROM ks.t;\nSELECT k FROM ks.t;\n");
  Use.Format = OutputFormat::Text;
  RunResult Next = runOn(Use);
  EXPECT_EQ(Next.Exit, ExitFindings);
  EXPECT_NE(Next.Out.find("SELECT k FROM ks.t"), std::string::npos) << Next.Out;
  EXPECT_EQ(Next.Out.find("SELECT * FROM"), std::string::npos) << Next.Out;
  EXPECT_NE(Next.Out.find("; 1 baselined, 1 baseline entry fixed"),
            std::string::npos)
      << Next.Out;
}

TEST(BaselineTest, MalformedBaselineIsOneErrorWithItsPosition) {
  TempDir Dir;
  Dir.write("schema.cql", Schema);
  Dir.write("q.cql", "SELECT * FROM ks.t;\n");
  struct Case {
    const char *Text;
    const char *Expected;
  } Cases[] = {
      {"{\"version\": 1,\n \"entries\": [\n  {\"fingerprint\": 3}]}",
       "baseline.json:3:19: malformed baseline: \"fingerprint\" must be a "
       "non-empty string"},
      {"{\"version\": 1, \"entries\": [", "baseline.json:1:"},
      {"{\"version\": 2, \"entries\": []}",
       "baseline.json:1:13: malformed baseline: unsupported \"version\""},
      {"[]", "baseline.json:1:1: malformed baseline: expected an object"},
  };
  for (const Case &C : Cases) {
    Dir.write("baseline.json", C.Text);
    DriverOptions O = jsonRun(Dir);
    O.BaselinePath = Dir.path("baseline.json");
    RunResult R = runOn(O);
    EXPECT_EQ(R.Exit, ExitUsageOrInput) << C.Text;
    EXPECT_NE(R.Err.find(C.Expected), std::string::npos) << R.Err;
    EXPECT_EQ(std::count(R.Err.begin(), R.Err.end(), '\n'), 1) << R.Err;
    EXPECT_TRUE(R.Out.empty()) << R.Out;
  }
  // Hostile files: each is one error with a position, nothing else.
  std::string Deep(5000, '[');
  for (const std::string &Text :
       {std::string(), std::string("\xff\xfe\x00\x01", 4), Deep,
        std::string("{\"version\": 1, \"entries\": [1]}"),
        std::string("{\"version\": 1e999, \"entries\": []}"),
        std::string("{\"version\": 1, \"entries\": [{\"fingerprint\": "
                    "\"a\", \"line\": \"x\"}]}"),
        std::string("{\"version\": 1, \"entries\": {}}")}) {
    Dir.write("baseline.json", Text);
    DriverOptions O = jsonRun(Dir);
    O.BaselinePath = Dir.path("baseline.json");
    RunResult R = runOn(O);
    EXPECT_EQ(R.Exit, ExitUsageOrInput) << Text.substr(0, 60);
    EXPECT_NE(R.Err.find("baseline.json:"), std::string::npos) << R.Err;
    EXPECT_EQ(std::count(R.Err.begin(), R.Err.end(), '\n'), 1) << R.Err;
  }
  DriverOptions Missing = jsonRun(Dir);
  Missing.BaselinePath = Dir.path("absent.json");
  RunResult R = runOn(Missing);
  EXPECT_EQ(R.Exit, ExitUsageOrInput);
  EXPECT_NE(R.Err.find("cannot read baseline"), std::string::npos) << R.Err;
}

TEST(OutputsTest, SeveralFormatsInOneRun) {
  TempDir Dir;
  Dir.write("schema.cql", Schema);
  Dir.write("q.cql", "SELECT * FROM ks.t;\n");
  DriverOptions O = jsonRun(Dir);
  O.Outputs = {{OutputFormat::Sarif, Dir.path("out.sarif")},
               {OutputFormat::Concise, ""},
               {OutputFormat::Junit, Dir.path("out.xml")}};
  RunResult R = runOn(O);
  EXPECT_EQ(R.Exit, ExitFindings);
  EXPECT_NE(R.Out.find(": warning: "), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("[full-scan]"), std::string::npos) << R.Out;
  EXPECT_NE(readFile(Dir.path("out.sarif")).find("\"nosqlint/v1\""),
            std::string::npos);
  EXPECT_NE(readFile(Dir.path("out.xml")).find("<testsuites"),
            std::string::npos);
}

TEST(OutputsTest, PairingFormatsWithFiles) {
  std::vector<OutputSpec> Out;
  std::string Error;
  using A = OutputArg;
  ASSERT_TRUE(pairOutputs({{A::Format, "sarif"}, {A::File, "x.sarif"},
                           {A::Format, "concise"}},
                          Out, Error));
  ASSERT_EQ(Out.size(), 2u);
  EXPECT_EQ(Out[0].Format, OutputFormat::Sarif);
  EXPECT_EQ(Out[0].Path, "x.sarif");
  EXPECT_EQ(Out[1].Format, OutputFormat::Concise);
  EXPECT_EQ(Out[1].Path, "");

  ASSERT_TRUE(pairOutputs({{A::File, "all.txt"}}, Out, Error));
  EXPECT_EQ(Out[0].Format, OutputFormat::Text);
  ASSERT_TRUE(pairOutputs({{A::Format, "text"}}, Out, Error));
  EXPECT_EQ(Out[0].Format, OutputFormat::Text);

  EXPECT_FALSE(pairOutputs({{A::Format, "json"}, {A::Format, "sarif"}}, Out,
                           Error));
  EXPECT_NE(Error.find("stdout"), std::string::npos);
  EXPECT_FALSE(pairOutputs({{A::Format, "json"}, {A::File, "a"},
                            {A::File, "b"}},
                           Out, Error));
  EXPECT_FALSE(pairOutputs({{A::Format, "xml"}}, Out, Error));
  EXPECT_NE(Error.find("unknown --format 'xml'"), std::string::npos);
}

} // namespace
} // namespace nosqlint::test
