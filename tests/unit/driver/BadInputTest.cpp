//===- BadInputTest.cpp - One clear error per bad input, the rest analyzed ===//
#include "DriverTestSupport.h"

#include <sys/stat.h>
#include <unistd.h>

using namespace nosqlint;
using namespace nosqlint::test;

namespace {

DriverOptions optionsFor(std::vector<std::string> Inputs) {
  DriverOptions O;
  O.Inputs = std::move(Inputs);
  O.Color = false;
  O.Jobs = 2;
  return O;
}

/// Every bad-input test also gives a good file and checks its finding is
/// still reported: bad input loses nothing else.
void expectGoodFileAnalyzed(const RunResult &R) {
  EXPECT_NE(R.Out.find("[full-scan]"), std::string::npos) << R.Out;
}

TEST(BadInput, MissingPath) {
  TempDir D;
  std::string Good = D.write("good.cql", ScanFile);
  RunResult R = runOn(optionsFor({D.path("missing.cql"), Good}));
  EXPECT_EQ(R.Exit, ExitUsageOrInput);
  EXPECT_NE(R.Out.find("cannot read '" + D.path("missing.cql") +
                       "': No such file or directory [input-error]"),
            std::string::npos)
      << R.Out;
  expectGoodFileAnalyzed(R);
}

TEST(BadInput, NotUtf8) {
  TempDir D;
  std::string Bad = D.write("latin1.cql", "SELECT * FROM t WHERE k = '\xe9t\xe9';\n");
  std::string Good = D.write("good.cql", ScanFile);
  RunResult R = runOn(optionsFor({Bad, Good}));
  EXPECT_EQ(R.Exit, ExitUsageOrInput);
  EXPECT_NE(R.Out.find("'" + Bad + "': not valid UTF-8 (first invalid byte at "
                                   "line 1, offset 27)"),
            std::string::npos)
      << R.Out;
  expectGoodFileAnalyzed(R);
}

TEST(BadInput, BinaryFile) {
  TempDir D;
  std::string Bad = D.write("blob.cql", llvm::StringRef("SELECT\0\1\2", 9));
  std::string Good = D.write("good.cql", ScanFile);
  RunResult R = runOn(optionsFor({Bad, Good}));
  EXPECT_EQ(R.Exit, ExitUsageOrInput);
  EXPECT_NE(R.Out.find("binary file (NUL byte at offset 6)"), std::string::npos)
      << R.Out;
  expectGoodFileAnalyzed(R);
}

TEST(BadInput, UnsupportedExplicitFile) {
  TempDir D;
  std::string Bad = D.write("notes.txt", "SELECT * FROM t;\n");
  std::string Good = D.write("good.cql", ScanFile);
  RunResult R = runOn(optionsFor({Bad, Good}));
  EXPECT_EQ(R.Exit, ExitUsageOrInput);
  EXPECT_NE(R.Out.find("unsupported file type"), std::string::npos) << R.Out;
  expectGoodFileAnalyzed(R);
}

TEST(BadInput, NotARegularFile) {
  TempDir D;
  std::string Fifo = D.path("pipe.cql");
  ASSERT_EQ(mkfifo(Fifo.c_str(), 0600), 0);
  std::string Good = D.write("good.cql", ScanFile);
  RunResult R = runOn(optionsFor({Fifo, Good}));
  EXPECT_EQ(R.Exit, ExitUsageOrInput);
  EXPECT_NE(R.Out.find("not a regular file"), std::string::npos) << R.Out;
  expectGoodFileAnalyzed(R);
  // Neither TempDir nor llvm::sys::fs::remove deletes a FIFO.
  ::unlink(Fifo.c_str());
}

TEST(BadInput, DirectoryLoop) {
  TempDir D;
  D.write("tree/good.cql", ScanFile);
  std::string Link = D.path("tree/sub/back");
  llvm::sys::fs::create_directories(D.path("tree/sub"));
  ASSERT_EQ(symlink(D.path("tree").c_str(), Link.c_str()), 0);
  RunResult R = runOn(optionsFor({D.path("tree")}));
  EXPECT_EQ(R.Exit, ExitUsageOrInput);
  EXPECT_NE(R.Out.find("directory loop: '" + Link + "'"), std::string::npos)
      << R.Out;
  expectGoodFileAnalyzed(R);
  // The loop is reported once, and the good file analyzed once.
  EXPECT_EQ(R.Out.find("[full-scan]"), R.Out.rfind("[full-scan]")) << R.Out;
}

TEST(BadInput, WalkSkipsOtherFilesAndVendoredTrees) {
  TempDir D;
  D.write("app/good.cql", ScanFile);
  D.write("app/README.md", "SELECT * FROM t;\n");
  D.write("app/node_modules/dep/x.cql", "SELECT FROM;\n");
  D.write("app/build/gen.cql", "SELECT FROM;\n");
  RunResult R = runOn(optionsFor({D.path("app")}));
  EXPECT_EQ(R.Exit, ExitFindings);
  expectGoodFileAnalyzed(R);
  EXPECT_EQ(R.Out.find("syntax-error"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("in 1 file"), std::string::npos) << R.Out;
}

TEST(BadInput, SyntaxErrorLosesNoOtherStatement) {
  TempDir D;
  std::string F = D.write("mixed.cql", "CREATE TABLE ks.t (k int PRIMARY KEY, v int);\n"
                                       "SELEC * FROM ks.t;\n"
                                       "SELECT * FROM ks.t;\n");
  RunResult R = runOn(optionsFor({F}));
  EXPECT_EQ(R.Exit, ExitFindings);
  EXPECT_NE(R.Out.find(":2:1: error:"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find(":3:15: warning:"), std::string::npos) << R.Out;
}

TEST(BadInput, ByteOrderMarkIsSkipped) {
  TempDir D;
  std::string F = D.write("bom.cql", "\xEF\xBB\xBF" "CREATE TABLE ks.t (k int PRIMARY KEY, v int);\n"
                                     "SELECT * FROM ks.t;\n");
  RunResult R = runOn(optionsFor({F}));
  EXPECT_EQ(R.Exit, ExitFindings);
  EXPECT_EQ(R.Out.find("syntax-error"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find(":2:15: warning:"), std::string::npos) << R.Out;
}

} // namespace
