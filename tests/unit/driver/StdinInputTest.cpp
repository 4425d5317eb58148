//===- StdinInputTest.cpp - A text given in place of a file ---------------===//
//
// What `-` under --stdin-filename becomes in the driver: an overlay for a
// path that need not exist. Bad bytes get one precise input-error, and
// --fix on it changes nothing on disk.
//
//===----------------------------------------------------------------------===//
#include "DriverTestSupport.h"

using namespace nosqlint;
using namespace nosqlint::test;

namespace {

DriverOptions stdinAs(const std::string &Path, std::string Text) {
  DriverOptions O;
  O.Inputs = {Path};
  O.StdinPath = Path;
  O.Overlays = {{Path, std::move(Text)}};
  O.Format = OutputFormat::Concise;
  O.Jobs = 1;
  return O;
}

TEST(StdinInput, ReportedUnderItsNameInItsLanguage) {
  RunResult R = runOn(stdinAs(
      "no/such/dir/Q.java",
      "class Q { void f(com.datastax.oss.driver.api.core.CqlSession s) {\n"
      "  s.execute(\"SELECT * FROM ks.t ALLOW FILTERING\"); } }\n"));
  EXPECT_EQ(R.Exit, ExitFindings) << R.Err;
  EXPECT_NE(
      R.Out.find("no/such/dir/Q.java:2:28: warning: reads every partition"),
      std::string::npos)
      << R.Out;
}

TEST(StdinInput, CqlWithoutAName) {
  DriverOptions O = stdinAs("<stdin>", ScanFile);
  O.StdinAsCql = "<stdin>";
  RunResult R = runOn(O);
  EXPECT_EQ(R.Exit, ExitFindings) << R.Err;
  EXPECT_NE(R.Out.find("<stdin>:2:15: warning: reads every partition"),
            std::string::npos)
      << R.Out;
}

TEST(StdinInput, BadBytesAreOneInputError) {
  for (const auto &[Text, Why] :
       {std::pair<std::string, std::string>{
            std::string("SELECT\0 1", 9), "binary file (NUL byte at offset 6)"},
        {"SELECT '\xff';", "not valid UTF-8 (first invalid byte at line 1"}}) {
    RunResult R = runOn(stdinAs("q.cql", Text));
    EXPECT_EQ(R.Exit, ExitUsageOrInput);
    EXPECT_NE(R.Out.find("q.cql:1:1: error: cannot read 'q.cql': " + Why),
              std::string::npos)
        << R.Out;
  }
}

TEST(StdinInput, FixPrintsTheFixedTextAndWritesNothing) {
  TempDir Dir;
  std::string Path = Dir.path("q.cql");
  DriverOptions O =
      stdinAs(Path, "CREATE TABLE ks.t (k int PRIMARY KEY, v int);\n"
                    "SELECT v FROM ks.t WHERE k = 1 ALLOW FILTERING;\n");
  O.Fix = true;
  RunResult R = runOn(O);
  EXPECT_EQ(R.Exit, ExitClean) << R.Err;
  EXPECT_EQ(R.Out, "CREATE TABLE ks.t (k int PRIMARY KEY, v int);\n"
                   "SELECT v FROM ks.t WHERE k = 1;\n");
  EXPECT_NE(R.Err.find("1 finding fixed"), std::string::npos) << R.Err;
  EXPECT_FALSE(llvm::sys::fs::exists(Path));
}

} // namespace
