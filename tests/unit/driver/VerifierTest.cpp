//===- VerifierTest.cpp - The fixture mode can fail -----------------------===//
#include "DriverTestSupport.h"

using namespace nosqlint;
using namespace nosqlint::test;

namespace {

RunResult verify(const std::string &File) {
  DriverOptions O;
  O.Inputs = {File};
  O.Verify = true;
  return runOn(O);
}

TEST(Verify, MatchingExpectationsPass) {
  TempDir D;
  RunResult R = verify(D.write(
      "ok.cql", "CREATE TABLE ks.t (k int PRIMARY KEY, v int);\n"
                "SELECT * FROM ks.t; -- expect-warning:15 full-scan {{no WHERE}}\n"
                "-- expect-warning@+1 full-scan\n"
                "SELECT * FROM ks.t;\n"));
  EXPECT_EQ(R.Exit, ExitClean) << R.Err;
  EXPECT_NE(R.Out.find("verified 2 expected diagnostics"), std::string::npos);
}

TEST(Verify, UnexpectedDiagnosticFails) {
  TempDir D;
  RunResult R = verify(D.write("x.cql", "CREATE TABLE ks.t (k int PRIMARY KEY, v int);\n"
                                        "SELECT * FROM ks.t;\n"));
  EXPECT_EQ(R.Exit, ExitFindings);
  EXPECT_NE(R.Err.find("seen but not expected"), std::string::npos) << R.Err;
}

TEST(Verify, MissingDiagnosticFails) {
  TempDir D;
  RunResult R = verify(D.write("x.cql", "CREATE TABLE ks.t (k int PRIMARY KEY, v int);\n"
                                        "SELECT * FROM ks.t WHERE k = 1; -- expect-warning full-scan\n"));
  EXPECT_EQ(R.Exit, ExitFindings);
  EXPECT_NE(R.Err.find("expected but not seen"), std::string::npos) << R.Err;
}

TEST(Verify, WrongColumnOrMessageFails) {
  TempDir D;
  EXPECT_EQ(verify(D.write("c.cql", "CREATE TABLE ks.t (k int PRIMARY KEY);\n"
                                    "SELECT * FROM ks.t; -- expect-warning:3 full-scan\n"))
                .Exit,
            ExitFindings);
  EXPECT_EQ(verify(D.write("m.cql", "CREATE TABLE ks.t (k int PRIMARY KEY);\n"
                                    "SELECT * FROM ks.t; -- expect-warning full-scan {{nope}}\n"))
                .Exit,
            ExitFindings);
}

TEST(Verify, MalformedExpectationFails) {
  TempDir D;
  RunResult R = verify(D.write("bad.cql", "SELECT 1; -- expect-warning@x full-scan\n"));
  EXPECT_EQ(R.Exit, ExitFindings);
  EXPECT_NE(R.Err.find("malformed expectation"), std::string::npos) << R.Err;
}

} // namespace
