//===- ShellScriptTest.cpp - The shell-word reader and cqlsh calls --------===//
#include "nosqlint/Extract/ShellScripts.h"

#include "../../../src/extract/ShellWords.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::extract;

namespace {

ShellExtraction read(llvm::StringRef Text) {
  return extractShellScript(FileId{1}, Text);
}

/// The file offset of text byte \p I of snippet \p S.
uint32_t at(const CqlSnippet &S, uint32_t I) { return S.Origin.toFileOffset(I); }

TEST(ShellWords, QuotingRules) {
  std::vector<ShellCommand> C =
      readShellCommands("a 'b c'\"d\\\"e\\$f\\x\" g\\ h # i j\nk;l");
  ASSERT_EQ(C.size(), 3u);
  ASSERT_EQ(C[0].Words.size(), 3u);
  EXPECT_EQ(C[0].Words[1].literalText(), "b cd\"e$f\\x");
  EXPECT_EQ(C[0].Words[2].literalText(), "g h");
  EXPECT_EQ(C[1].Words[0].literalText(), "k");
  EXPECT_EQ(C[2].Words[0].literalText(), "l");
}

TEST(ShellWords, ExpansionsAreNotLiteral) {
  for (llvm::StringRef S : {"$A", "${A:-x}", "$(date)", "`date`", "$1",
                            "\"x$(echo \")\")y\"", "$((1+2))"}) {
    // (A command substitution's own commands follow the script's.)
    std::vector<ShellCommand> C = readShellCommands(S);
    ASSERT_GE(C.size(), 1u) << S.str();
    ASSERT_EQ(C[0].Words.size(), 1u) << S.str();
    EXPECT_FALSE(C[0].Words[0].isLiteral()) << S.str();
  }
}

TEST(ShellWords, HereDocumentsAndPipes) {
  std::vector<ShellCommand> C =
      readShellCommands("cat <<-EOF | cqlsh\n\tone $X\n\tEOF\necho two");
  ASSERT_EQ(C.size(), 3u);
  ASSERT_EQ(C[0].Redirects.size(), 1u);
  EXPECT_EQ(C[0].Redirects[0].Kind, ShellRedirect::HereDoc);
  EXPECT_FALSE(C[0].Redirects[0].Target.Broken);
  EXPECT_TRUE(C[1].PipedFromPrevious);
  EXPECT_FALSE(C[2].PipedFromPrevious);
}

TEST(ShellScripts, ExecutePositionsThroughEscapes) {
  llvm::StringRef Src = "cqlsh -e \"SELECT \\\"a\\\" FROM ks.t\"";
  ShellExtraction X = read(Src);
  ASSERT_EQ(X.Snippets.size(), 1u);
  const CqlSnippet &S = X.Snippets[0];
  EXPECT_EQ(S.Text, "SELECT \"a\" FROM ks.t");
  EXPECT_EQ(S.Source, SnippetSource::Shell);
  // `F` of FROM: after the two escapes, still on its own byte.
  EXPECT_EQ(at(S, 11), Src.find("FROM"));
}

TEST(ShellScripts, OptionForms) {
  for (llvm::StringRef Src :
       {"cqlsh -e 'SELECT a FROM ks.t'", "cqlsh --execute 'SELECT a FROM ks.t'",
        "cqlsh --execute='SELECT a FROM ks.t'", "cqlsh -e'SELECT a FROM ks.t'",
        "cqlsh -u u -p p host 9042 -e 'SELECT a FROM ks.t'",
        "/opt/cassandra/bin/cqlsh -C -e 'SELECT a FROM ks.t'",
        "sudo docker exec -it c cqlsh -e 'SELECT a FROM ks.t'",
        "kubectl exec pod -- cqlsh -e 'SELECT a FROM ks.t'",
        "x=$(cqlsh -e 'SELECT a FROM ks.t')",
        "RUN cqlsh -e 'SELECT a FROM ks.t'"}) {
    ShellExtraction X = read(Src);
    ASSERT_EQ(X.Snippets.size(), 1u) << Src.str();
    EXPECT_EQ(X.Snippets[0].Text, "SELECT a FROM ks.t") << Src.str();
    EXPECT_EQ(at(X.Snippets[0], 0), Src.find("SELECT")) << Src.str();
  }
}

TEST(ShellScripts, OnlyCqlsh) {
  for (llvm::StringRef Src :
       {"mysql -e 'SELECT a FROM t'", "psql -c 'SELECT a FROM t'",
        "echo cqlsh -e 'SELECT a FROM t'", "pip install cqlsh",
        "cqlshx -e 'SELECT a FROM t'", "# cqlsh -e 'SELECT a FROM t'",
        "echo 'SELECT a FROM t' | mysql", "mycqlsh -e 'SELECT a FROM t'"})
    EXPECT_TRUE(read(Src).Snippets.empty()) << Src.str();
}

TEST(ShellScripts, RunTimeValuesAreHoles) {
  ShellExtraction X = read("cqlsh -e \"SELECT a FROM ks.t WHERE k = $K\"");
  ASSERT_EQ(X.Snippets.size(), 1u);
  EXPECT_EQ(X.Snippets[0].Text, "SELECT a FROM ks.t WHERE k = ?");
  EXPECT_EQ(X.Snippets[0].Holes, 1u);
  EXPECT_TRUE(read("cqlsh -e \"$Q\"").Snippets.empty());
  EXPECT_TRUE(read("cqlsh -e $Q").Snippets.empty());
  ShellExtraction T = read("cqlsh -e \"SELECT a FROM $T\"");
  ASSERT_EQ(T.Snippets.size(), 1u);
  EXPECT_NE(T.Snippets[0].Trust, SnippetTrust::Full);
}

TEST(ShellScripts, VariablesAssignedOnce) {
  llvm::StringRef Src = "Q=\"SELECT a FROM ks.t\"\ncqlsh -e \"$Q\"";
  ShellExtraction X = read(Src);
  ASSERT_EQ(X.Snippets.size(), 1u);
  EXPECT_EQ(X.Snippets[0].Text, "SELECT a FROM ks.t");
  EXPECT_EQ(at(X.Snippets[0], 0), Src.find("SELECT")); // at the assignment
  EXPECT_TRUE(read("Q='SELECT a FROM ks.t'\nQ=x\ncqlsh -e \"$Q\"").Snippets.empty());
  EXPECT_TRUE(read("read Q\ncqlsh -e \"$Q\"").Snippets.empty());
  EXPECT_TRUE(read("Q='SELECT a FROM ks.t' f\ncqlsh -e \"$Q\"").Snippets.empty());
  // Unquoted, `*` may become file names.
  EXPECT_TRUE(read("Q='SELECT * FROM ks.t'\necho $Q | cqlsh").Snippets.empty());
  EXPECT_EQ(read("Q='SELECT * FROM ks.t'\necho \"$Q\" | cqlsh").Snippets.size(), 1u);
}

TEST(ShellScripts, StandardInput) {
  EXPECT_EQ(read("cqlsh <<EOF\nSELECT a FROM ks.t;\nEOF\n").Snippets.size(), 1u);
  EXPECT_EQ(read("cqlsh <<< 'SELECT a FROM ks.t'").Snippets.size(), 1u);
  EXPECT_EQ(read("cat <<'X' | cqlsh\nSELECT a FROM ks.t;\nX\n").Snippets.size(), 1u);
  // -e wins over standard input; -f too.
  EXPECT_EQ(read("cqlsh -e 'SELECT a FROM ks.t' <<EOF\nSELECT b FROM ks.t;\nEOF\n")
                .Snippets[0].Text,
            "SELECT a FROM ks.t");
  ShellExtraction F = read("cqlsh -f a.cql <<EOF\nSELECT b FROM ks.t;\nEOF\ncqlsh < b.cql\ncqlsh --file=c.cql");
  EXPECT_TRUE(F.Snippets.empty());
  ASSERT_EQ(F.Files.size(), 3u);
  EXPECT_EQ(F.Files[0].Path, "a.cql");
  EXPECT_EQ(F.Files[1].Path, "b.cql");
  EXPECT_EQ(F.Files[2].Path, "c.cql");
  EXPECT_TRUE(read("cqlsh -f \"$DIR/a.cql\"").Files.empty());
}

TEST(ShellScripts, CqlshCommandsAreBlanked) {
  ShellExtraction X = read("cqlsh -e 'SHOW VERSION; SELECT a FROM ks.t'");
  ASSERT_EQ(X.Snippets.size(), 1u);
  EXPECT_EQ(llvm::StringRef(X.Snippets[0].Text).trim(), "SELECT a FROM ks.t");
  EXPECT_TRUE(read("cqlsh -e 'CONSISTENCY QUORUM'").Snippets.empty());
}

TEST(ShellScripts, FunctionsThatRunCqlsh) {
  llvm::StringRef Src = "run() {\n  docker exec c cqlsh -e \"$1\" $HOST\n}\n"
                        "cql() { cqlsh \"$@\" 127.0.0.1; }\n"
                        "run 'SELECT a FROM ks.t'\n"
                        "cql -e 'SELECT b FROM ks.t'\n"
                        "other 'SELECT c FROM ks.t'\n";
  ShellExtraction X = read(Src);
  ASSERT_EQ(X.Snippets.size(), 2u);
  EXPECT_EQ(X.Snippets[0].Text, "SELECT a FROM ks.t");
  EXPECT_EQ(at(X.Snippets[0], 0), Src.find("SELECT a"));
  EXPECT_EQ(X.Snippets[1].Text, "SELECT b FROM ks.t");
}

TEST(ShellScripts, ShellCommandStrings) {
  // Two levels of quotes: the positions go back through both.
  llvm::StringRef Src =
      "docker exec c bash -c \"cqlsh -e \\\"SELECT a FROM ks.t\\\"\"";
  ShellExtraction X = read(Src);
  ASSERT_EQ(X.Snippets.size(), 1u);
  EXPECT_EQ(X.Snippets[0].Text, "SELECT a FROM ks.t");
  EXPECT_EQ(at(X.Snippets[0], 0), Src.find("SELECT"));
  EXPECT_EQ(at(X.Snippets[0], 9), Src.find("FROM"));
  EXPECT_TRUE(read("bash -c \"cqlsh -e '$Q'\"").Snippets.empty());
  EXPECT_TRUE(read("bash -c \"mysql -e 'SELECT a FROM t'\"").Snippets.empty());
}

TEST(ShellScripts, Shebangs) {
  EXPECT_TRUE(hasShellShebang("#!/bin/sh\n"));
  EXPECT_TRUE(hasShellShebang("#!/usr/bin/env bash\n"));
  EXPECT_TRUE(hasShellShebang("#! /bin/bash -e\n"));
  EXPECT_FALSE(hasShellShebang("#!/usr/bin/env python3\n"));
  EXPECT_FALSE(hasShellShebang("echo\n"));
  EXPECT_TRUE(isShellScriptPath("a/b/init.sh"));
  EXPECT_TRUE(isShellScriptPath("docker/Dockerfile"));
  EXPECT_TRUE(isShellScriptPath("Dockerfile.dev"));
  EXPECT_FALSE(isShellScriptPath("a/shell.py"));
}

// Hostile inputs: no crash, nothing read from what is broken, every text
// mapped inside the file.
void checkMapped(llvm::StringRef Src) {
  ShellExtraction X = read(Src);
  for (const CqlSnippet &S : X.Snippets)
    for (uint32_t I = 0; I <= S.Text.size(); ++I)
      ASSERT_LE(at(S, I), Src.size());
}

TEST(ShellScripts, HostileInputs) {
  EXPECT_TRUE(read("cqlsh -e \"SELECT a FROM ks.t").Snippets.empty());
  EXPECT_TRUE(read("cqlsh -e 'SELECT a FROM ks.t").Snippets.empty());
  EXPECT_TRUE(read("cqlsh -e \"SELECT a FROM ks.t $(date").Snippets.empty());
  EXPECT_TRUE(read("cqlsh <<EOF\nSELECT a FROM ks.t;\n").Snippets.empty());
  std::string Long = "cqlsh -e \"SELECT a FROM ks.t WHERE k IN (";
  Long.append(1 << 20, '(');
  Long += "\"\n";
  checkMapped(Long);
  std::string Nested = "cqlsh -e \"";
  for (int I = 0; I < 100000; ++I)
    Nested += "$(";
  checkMapped(Nested);
  std::string Nul("cqlsh -e 'SELECT a\0 FROM ks.t'\n", 31);
  checkMapped(Nul);
  checkMapped(std::string(1 << 20, '\\'));
  checkMapped(std::string(1 << 20, '<') + "cqlsh");
  for (const char *S : {"cqlsh -e", "cqlsh -", "cqlsh --execute=", "cqlsh <<",
                        "cqlsh <<<", "| cqlsh", "cqlsh -e $'\\", "cqlsh <<-"})
    checkMapped(S);
}

} // namespace
