//===- ExitCodeTest.cpp - --fail-on, formats, stable order ----------------===//
#include "DriverTestSupport.h"

#include <rapidjson/document.h>

using namespace nosqlint;
using namespace nosqlint::test;

namespace {

DriverOptions optionsFor(std::vector<std::string> Inputs) {
  DriverOptions O;
  O.Inputs = std::move(Inputs);
  return O;
}

TEST(ExitCode, CleanIsZero) {
  TempDir D;
  RunResult R = runOn(optionsFor({D.write("clean.cql", CleanFile)}));
  EXPECT_EQ(R.Exit, ExitClean) << R.Out;
  EXPECT_NE(R.Out.find("0 errors, 0 warnings, 0 notes in 1 file"),
            std::string::npos)
      << R.Out;
}

TEST(ExitCode, WarningFailsByDefault) {
  TempDir D;
  RunResult R = runOn(optionsFor({D.write("scan.cql", ScanFile)}));
  EXPECT_EQ(R.Exit, ExitFindings);
}

TEST(ExitCode, FailOnErrorIgnoresWarnings) {
  TempDir D;
  DriverOptions O = optionsFor({D.write("scan.cql", ScanFile)});
  O.FailOn = Severity::Error;
  EXPECT_EQ(runOn(O).Exit, ExitClean);
  O.FailOn = std::nullopt; // --fail-on=never
  EXPECT_EQ(runOn(O).Exit, ExitClean);
  O.FailOn = Severity::Note;
  EXPECT_EQ(runOn(O).Exit, ExitFindings);
}

TEST(ExitCode, ErrorFailsAtEveryThresholdButNever) {
  TempDir D;
  DriverOptions O = optionsFor({D.write("bad.cql", "SELEC 1;\n")});
  O.FailOn = Severity::Error;
  EXPECT_EQ(runOn(O).Exit, ExitFindings);
}

TEST(ExitCode, QuietDropsTheSummary) {
  TempDir D;
  DriverOptions O = optionsFor({D.write("scan.cql", ScanFile)});
  O.Quiet = true;
  RunResult R = runOn(O);
  EXPECT_EQ(R.Out.find(" in 1 file"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("[full-scan]"), std::string::npos) << R.Out;
}

TEST(Output, JsonDocumentCountsFilesAndStatements) {
  TempDir D;
  DriverOptions O = optionsFor({D.write("scan.cql", ScanFile),
                                D.write("clean.cql", CleanFile)});
  O.Format = OutputFormat::Json;
  RunResult R = runOn(O);
  rapidjson::Document Doc;
  Doc.Parse(R.Out.c_str());
  ASSERT_FALSE(Doc.HasParseError()) << R.Out;
  EXPECT_EQ(Doc["summary"]["files"].GetInt(), 2);
  EXPECT_EQ(Doc["summary"]["statements"].GetInt(), 4);
  EXPECT_EQ(Doc["summary"]["warnings"].GetInt(), 1);
  ASSERT_EQ(Doc["diagnostics"].Size(), 1u);
  EXPECT_STREQ(Doc["diagnostics"][0]["rule"].GetString(), "full-scan");
  EXPECT_EQ(Doc["diagnostics"][0]["line"].GetInt(), 2);
  EXPECT_EQ(Doc["diagnostics"][0]["column"].GetInt(), 15);
}

TEST(Output, OrderDoesNotDependOnThreads) {
  TempDir D;
  std::vector<std::string> Files;
  for (int I = 0; I < 40; ++I)
  {
    std::string N = std::to_string(I);
    std::string Name = std::string("f") + N + ".cql";
    std::string Text = std::string("CREATE TABLE ks.t") + N +
                       " (k int PRIMARY KEY, v int);\nSELECT * FROM ks.t" + N +
                       " WHERE v = 1;\n";
    Files.push_back(D.write(Name, Text));
  }
  DriverOptions O = optionsFor(Files);
  O.Jobs = 1;
  std::string One = runOn(O).Out;
  O.Jobs = 2;
  for (int Run = 0; Run < 3; ++Run)
    EXPECT_EQ(runOn(O).Out, One);
}

TEST(Output, SuppressionComments) {
  TempDir D;
  std::string F = D.write("s.cql",
                          "CREATE TABLE ks.t (k int PRIMARY KEY, v int);\n"
                          "SELECT * FROM ks.t; -- nosqlint: ignore[full-scan]\n"
                          "-- nosqlint: ignore[full-scan]\n"
                          "SELECT * FROM ks.t;\n"
                          "SELECT * FROM ks.t; -- nosqlint: ignore[count-all]\n");
  RunResult R = runOn(optionsFor({F}));
  EXPECT_EQ(R.Out.find(":2:"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find(":4:"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find(":5:15: warning:"), std::string::npos) << R.Out;
  std::string G = D.write("g.cql", "-- nosqlint: ignore-file\n"
                                   "CREATE TABLE ks.u (k int PRIMARY KEY, v int);\n"
                                   "SELECT * FROM ks.u;\n");
  EXPECT_EQ(runOn(optionsFor({G})).Exit, ExitClean);
}

} // namespace
