//===- ScanTest.cpp - Walking source trees --------------------------------===//
//
// .gitignore, --exclude, symbolic links out of the tree, the size limit, and
// a generated tree of 10,000 host-language files that must scan without an
// input error, with the same output on one thread and on two.
//
//===----------------------------------------------------------------------===//
#include "../../../benchmarks/scan/TreeGenerator.h"

#include "nosqlint/Driver/Driver.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <cstdlib>

namespace fs = std::filesystem;
using namespace nosqlint;

namespace {

struct Result {
  int Exit;
  std::string Out;
  std::string Err;
};

Result run(DriverOptions O) {
  Result R;
  llvm::raw_string_ostream Out(R.Out), Err(R.Err);
  R.Exit = runDriver(O, Out, Err);
  Out.flush();
  Err.flush();
  return R;
}

class TempDir {
public:
  TempDir() {
    std::random_device Rd;
    Path = fs::temp_directory_path() /
           ("nosqlint-scan-" + std::to_string(Rd()) + std::to_string(Rd()));
    fs::create_directories(Path);
  }
  ~TempDir() {
    std::error_code EC;
    fs::remove_all(Path, EC);
  }
  fs::path Path;
};

void write(const fs::path &P, const std::string &Text) {
  fs::create_directories(P.parent_path());
  std::ofstream(P) << Text;
}

const char *const FullScanPy = "session.execute('SELECT * FROM ks.t')\n";

/// Makes \p Dir a git work tree whose rules are only its own (the
/// machine's global excludes file is not read).
void gitInit(const fs::path &Dir) {
  fs::create_directories(Dir);
  std::string Q = "'" + Dir.string() + "'";
  ASSERT_EQ(std::system(("git init -q " + Q + " && git -C " + Q +
                         " config core.excludesFile /dev/null")
                            .c_str()),
            0);
}

DriverOptions queriesOf(const fs::path &Dir) {
  DriverOptions O;
  O.Inputs = {Dir.string()};
  O.ListQueries = true;
  return O;
}

TEST(Scan, GitignoreIsHonoured) {
  TempDir T;
  gitInit(T.Path);
  write(T.Path / ".gitignore", "# generated code\ngen/\n*.tmp.py\n/top.py\n!keep.tmp.py\n");
  write(T.Path / "app.py", FullScanPy);
  write(T.Path / "top.py", FullScanPy);          // anchored: ignored
  write(T.Path / "sub" / "top.py", FullScanPy);  // not the anchored one
  write(T.Path / "gen" / "x.py", FullScanPy);    // ignored directory
  write(T.Path / "a" / "b.tmp.py", FullScanPy);  // ignored pattern
  write(T.Path / "a" / "keep.tmp.py", FullScanPy); // re-included
  write(T.Path / "a" / ".gitignore", "local.py\n");
  write(T.Path / "a" / "local.py", FullScanPy);  // nested .gitignore
  write(T.Path / "b" / "local.py", FullScanPy);  // outside its scope
  Result R = run(queriesOf(T.Path));
  EXPECT_EQ(R.Exit, ExitClean) << R.Err;
  EXPECT_NE(R.Out.find("app.py:1:18"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("sub/top.py"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("keep.tmp.py"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("b/local.py"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("gen/x.py"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("b.tmp.py"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("a/local.py"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find((T.Path / "top.py").string()), std::string::npos)
      << R.Out;
  EXPECT_NE(R.Out.find("\n4 queries"), std::string::npos) << R.Out;
}

TEST(Scan, GitignoreAboveTheWalkedDirectoryCounts) {
  TempDir T;
  gitInit(T.Path);
  write(T.Path / ".gitignore", "generated/\n/src/legacy.py\n");
  write(T.Path / "src" / "app.py", FullScanPy);
  write(T.Path / "src" / "legacy.py", FullScanPy);
  write(T.Path / "src" / "generated" / "x.py", FullScanPy);
  for (std::string Root : {(T.Path / "src").string(), (T.Path / "src").string() + "/"}) {
    SCOPED_TRACE(Root);
    Result R = run(queriesOf(Root));
    EXPECT_NE(R.Out.find("app.py"), std::string::npos) << R.Out;
    EXPECT_EQ(R.Out.find("legacy.py"), std::string::npos) << R.Out;
    EXPECT_EQ(R.Out.find("x.py"), std::string::npos) << R.Out;
  }
}

TEST(Scan, GitInfoExcludeCountsBelowGitignore) {
  TempDir T;
  gitInit(T.Path);
  fs::create_directories(T.Path / ".git" / "info");
  write(T.Path / ".git" / "info" / "exclude", "scratch/\n*.local.py\n");
  // .gitignore takes precedence over info/exclude: it re-includes one file.
  write(T.Path / ".gitignore", "!kept.local.py\n");
  write(T.Path / "app.py", FullScanPy);
  write(T.Path / "scratch" / "try.py", FullScanPy);
  write(T.Path / "mine.local.py", FullScanPy);
  write(T.Path / "kept.local.py", FullScanPy);
  {
    Result R = run(queriesOf(T.Path));
    EXPECT_NE(R.Out.find("app.py"), std::string::npos) << R.Out;
    EXPECT_NE(R.Out.find("kept.local.py"), std::string::npos) << R.Out;
    EXPECT_EQ(R.Out.find("try.py"), std::string::npos) << R.Out;
    EXPECT_EQ(R.Out.find("mine.local.py"), std::string::npos) << R.Out;
  }
  // Walking a subdirectory of the work tree, the root's exclude file still
  // applies (as git does).
  write(T.Path / "src" / "main.py", FullScanPy);
  write(T.Path / "src" / "old.local.py", FullScanPy);
  Result R = run(queriesOf((T.Path / "src").string()));
  EXPECT_NE(R.Out.find("main.py"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("old.local.py"), std::string::npos) << R.Out;
}

TEST(Scan, NegationCannotReincludeInsideAnExcludedDirectory) {
  // git: "It is not possible to re-include a file if a parent directory of
  // that file is excluded." `dir/*` excludes the contents, not the
  // directory, so a negation works there.
  TempDir T;
  gitInit(T.Path);
  write(T.Path / ".gitignore",
        "build/\n!build/keep.py\nout/*\n!out/keep.py\n");
  write(T.Path / "build" / "keep.py", FullScanPy);
  write(T.Path / "out" / "keep.py", FullScanPy);
  write(T.Path / "out" / "drop.py", FullScanPy);
  Result R = run(queriesOf(T.Path));
  EXPECT_EQ(R.Out.find("build/keep.py"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("out/keep.py"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("out/drop.py"), std::string::npos) << R.Out;
}

TEST(Scan, OutsideAGitWorkTreeGitignoreIsNotRead) {
  // As git and ripgrep: .gitignore files mean something in a work tree.
  TempDir T;
  write(T.Path / ".gitignore", "gen/\n");
  write(T.Path / "gen" / "x.py", FullScanPy);
  Result R = run(queriesOf(T.Path));
  EXPECT_NE(R.Out.find("gen/x.py"), std::string::npos) << R.Out;
}

TEST(Scan, BuildFoldersAreSkippedOnlyAtTheWalkedRoot) {
  TempDir T;
  write(T.Path / "build" / "out.py", FullScanPy);
  write(T.Path / "vendor" / "lib.py", FullScanPy);
  write(T.Path / "com" / "acme" / "build" / "Q.py", FullScanPy);
  write(T.Path / "svc" / "target" / "T.py", FullScanPy);
  write(T.Path / "svc" / "node_modules" / "m.py", FullScanPy);
  // A Go module's vendored dependencies, committed below the root.
  write(T.Path / "gosvc" / "go.mod", "module x\n");
  write(T.Path / "gosvc" / "vendor" / "dep" / "d.py", FullScanPy);
  write(T.Path / "lib" / "vendor" / "own.py", FullScanPy);
  DriverOptions O = queriesOf(T.Path);
  O.Verbose = true;
  Result R = run(O);
  EXPECT_EQ(R.Out.find("build/out.py"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("vendor/lib.py"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("m.py"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("com/acme/build/Q.py"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("svc/target/T.py"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("dep/d.py"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("lib/vendor/own.py"), std::string::npos) << R.Out;
  EXPECT_NE(R.Err.find("vendor/': vendored code of the Go module beside it"),
            std::string::npos)
      << R.Err;
  EXPECT_NE(R.Err.find("build/': build output at the walked root"),
            std::string::npos)
      << R.Err;
  EXPECT_NE(R.Err.find("node_modules/': dependencies"), std::string::npos)
      << R.Err;
}

TEST(Scan, ARepositoryInsideTheTreeFollowsItsOwnRules) {
  TempDir T; // a folder of clones, itself no repository
  gitInit(T.Path / "one");
  write(T.Path / "one" / ".gitignore", "gen/\n");
  write(T.Path / "one" / "gen" / "x.py", FullScanPy);
  write(T.Path / "one" / "app.py", FullScanPy);
  write(T.Path / "two" / "gen" / "y.py", FullScanPy);
  Result R = run(queriesOf(T.Path));
  EXPECT_EQ(R.Out.find("gen/x.py"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("one/app.py"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("two/gen/y.py"), std::string::npos) << R.Out;
}

TEST(Scan, ForceExcludeAppliesToNamedFiles) {
  TempDir T;
  write(T.Path / "gen" / "x.py", FullScanPy);
  DriverOptions O = queriesOf(T.Path / "gen" / "x.py");
  O.Excludes = {"gen"};
  EXPECT_NE(run(O).Out.find("x.py"), std::string::npos);
  O.ForceExclude = true;
  O.AllowEmpty = true;
  Result R = run(O);
  EXPECT_EQ(R.Out.find("x.py"), std::string::npos) << R.Out;
}

TEST(Scan, NothingToAnalyzeExitsTwoUnlessAllowed) {
  TempDir T;
  write(T.Path / "README.md", "no queries here\n");
  DriverOptions O = queriesOf(T.Path);
  Result R = run(O);
  EXPECT_EQ(R.Exit, ExitUsageOrInput);
  EXPECT_NE(R.Err.find("no file to analyze"), std::string::npos) << R.Err;
  O.AllowEmpty = true;
  R = run(O);
  EXPECT_EQ(R.Exit, ExitClean) << R.Err;
  EXPECT_NE(R.Err.find("no file to analyze"), std::string::npos) << R.Err;
}

TEST(Scan, ExcludeGlobs) {
  TempDir T;
  write(T.Path / "app" / "main.py", FullScanPy);
  write(T.Path / "app" / "fixtures" / "data.py", FullScanPy);
  write(T.Path / "tools" / "gen_test.py", FullScanPy);
  DriverOptions O = queriesOf(T.Path);
  O.Excludes = {"fixtures", "*_test.py"};
  Result R = run(O);
  EXPECT_NE(R.Out.find("main.py"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("data.py"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("gen_test.py"), std::string::npos) << R.Out;
}

TEST(Scan, SymlinksOutOfTheTreeAreNotFollowed) {
  TempDir Outside, T;
  write(Outside.Path / "secret.py", FullScanPy);
  write(T.Path / "in.py", FullScanPy);
  fs::create_directory_symlink(Outside.Path, T.Path / "escape");
  fs::create_symlink(Outside.Path / "secret.py", T.Path / "alias.py");
  // A link to a file inside the tree is followed (here into a folder the
  // walk skips); one to a file the walk reads anyway is that file, once.
  write(T.Path / "node_modules" / "vendored.py", FullScanPy);
  fs::create_symlink(T.Path / "node_modules" / "vendored.py",
                     T.Path / "inside-link.py");
  fs::create_symlink(T.Path / "in.py", T.Path / "same-file.py");
  Result R = run(queriesOf(T.Path));
  EXPECT_EQ(R.Exit, ExitClean) << R.Err;
  EXPECT_EQ(R.Out.find("secret.py"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("alias.py"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("inside-link.py"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("in.py"), std::string::npos) << R.Out;
  EXPECT_EQ(R.Out.find("same-file.py"), std::string::npos) << R.Out;
}

TEST(Scan, LargeFilesAreSkippedWithANote) {
  TempDir T;
  write(T.Path / "small.py", FullScanPy);
  write(T.Path / "huge.py", std::string(5000, '#') + "\n" + FullScanPy);
  DriverOptions O = queriesOf(T.Path);
  O.MaxFileBytes = 1000;
  Result R = run(O);
  EXPECT_EQ(R.Exit, ExitClean);
  EXPECT_NE(R.Err.find("note: skipped"), std::string::npos) << R.Err;
  EXPECT_NE(R.Err.find("huge.py"), std::string::npos) << R.Err;
  EXPECT_EQ(R.Out.find("huge.py"), std::string::npos) << R.Out;
  EXPECT_NE(R.Out.find("small.py"), std::string::npos) << R.Out;
}

TEST(Scan, BinaryAndForeignEncodedSourcesFoundByAWalkAreSkipped) {
  TempDir T;
  write(T.Path / "ok.py", FullScanPy);
  write(T.Path / "blob.py", std::string("\0\1\2", 3));
  write(T.Path / "latin1.py", "x = '\xe9'\n");
  Result R = run(queriesOf(T.Path));
  EXPECT_EQ(R.Exit, ExitClean) << R.Err;
  EXPECT_NE(R.Out.find("1 query"), std::string::npos) << R.Out;
}

TEST(Scan, TenThousandFilesScanWithStableOutput) {
  TempDir T;
  bench::writeTree(T.Path, 10000);
  DriverOptions O;
  O.Schemas = {(T.Path / "schema.cql").string(),
               (T.Path / "sessions.json").string()};
  O.Inputs = {(T.Path / "src").string()};
  O.Jobs = 2;
  Result Two = run(O);
  EXPECT_EQ(Two.Exit, ExitFindings) << Two.Err.substr(0, 2000);
  EXPECT_EQ(Two.Out.find("input-error"), std::string::npos);
  EXPECT_EQ(Two.Out.find("syntax-error"), std::string::npos);
  EXPECT_NE(Two.Out.find("in 10002 files"), std::string::npos)
      << Two.Out.substr(Two.Out.size() - 200);
  // Every Python file makes one unbounded boto3 Query (1,250 of them); the
  // TypeScript files' v3 queries are bounded and clean.
  size_t Unbounded = 0;
  for (size_t At = 0;
       (At = Two.Out.find("Query pins the partition key of table 'Sessions'",
                          At)) != std::string::npos;
       ++At)
    ++Unbounded;
  EXPECT_EQ(Unbounded, 1250u);
  O.Jobs = 1;
  Result One = run(O);
  EXPECT_TRUE(One.Out == Two.Out) << "output differs between -j 1 and -j 2";
}

} // namespace
