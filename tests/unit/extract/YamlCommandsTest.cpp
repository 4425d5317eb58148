//===- YamlCommandsTest.cpp - YAML scalars, YAML commands, Makefiles ------===//
#include "nosqlint/Extract/MakefileRecipes.h"
#include "nosqlint/Extract/YamlCommands.h"
#include "nosqlint/Json/PositionedYaml.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::extract;

namespace {

ShellExtraction yaml(llvm::StringRef Text) {
  return extractYamlFile(FileId{1}, Text);
}
ShellExtraction make(llvm::StringRef Text) {
  return extractMakefile(FileId{1}, Text);
}

/// The file offset of the first byte of \p Needle in snippet \p S's text.
uint32_t fileOffsetOf(const CqlSnippet &S, llvm::StringRef Needle) {
  size_t At = S.Text.find(Needle.str());
  EXPECT_NE(At, std::string::npos) << S.Text << " lacks " << Needle.str();
  return S.Origin.toFileOffset(static_cast<uint32_t>(At));
}

/// The scalar that is the value of the only key of \p Text.
std::optional<json::YamlScalarText> scalar(llvm::StringRef Text) {
  std::vector<json::JsonValue> Docs;
  uint32_t Offset = 0;
  std::string Message;
  if (!json::parseYamlDocuments(Text, Docs, Offset, Message) || Docs.empty() ||
      Docs[0].Members.empty())
    return std::nullopt;
  const json::JsonValue &V = Docs[0].Members[0].Value;
  return json::decodeYamlScalar(Text, V.Begin, V.End);
}

uint32_t fileOffset(const json::YamlScalarText &S, uint32_t I) {
  TextOrigin O(FileId{1});
  for (const TextOrigin::Segment &G : S.Segments)
    O.addSegment(G.TextBegin, G.Length, G.FileBegin, G.FileLength);
  return O.toFileOffset(I);
}

TEST(YamlScalars, FlowScalarsFoldAndUnescape) {
  auto P = scalar("k: a b\n  c\n\n  d\n");
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Text, "a b c\nd");
  EXPECT_EQ(fileOffset(*P, 4), 9u); // c
  auto S = scalar("k: 'it''s\n   x'");
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Text, "it's x");
  EXPECT_EQ(fileOffset(*S, 5), 13u); // x
  auto D = scalar("k: \"a\\tb\\\"c\\u00e9\\\n   d\"");
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Text, "a\tb\"c\xc3\xa9" "d");
  EXPECT_EQ(fileOffset(*D, 2), 7u);  // b after \t
  EXPECT_EQ(fileOffset(*D, 7), 22u); // d after the escaped line break
  EXPECT_FALSE(scalar("k: \"bad \\q escape\""));
}

TEST(YamlScalars, BlockScalars) {
  auto L = scalar("k: |\n  one\n    two\n\n  three\n\n\nz: 1\n");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Text, "one\n  two\n\nthree\n");
  EXPECT_EQ(fileOffset(*L, L->Text.find("three")), 22u);
  auto F = scalar("k: >-\n  a\n  b\n\n  c\n");
  ASSERT_TRUE(F);
  EXPECT_EQ(F->Text, "a b\nc");
  auto K = scalar("k: |+\n  a\n\n");
  ASSERT_TRUE(K);
  EXPECT_EQ(K->Text, "a\n\n");
  EXPECT_FALSE(scalar("k: |2\n   a\n"));
}

TEST(YamlCommands, KubernetesExecFormThroughShC) {
  llvm::StringRef Src = "apiVersion: batch/v1\nkind: Job\nspec:\n"
                        "  template:\n    spec:\n      containers:\n"
                        "        - name: init\n"
                        "          command: [\"/bin/sh\", \"-c\"]\n"
                        "          args:\n"
                        "            - |\n"
                        "              cqlsh cassandra -e \"SELECT a FROM ks.t WHERE b = 1\"\n";
  ShellExtraction X = yaml(Src);
  ASSERT_EQ(X.Snippets.size(), 1u);
  const CqlSnippet &S = X.Snippets[0];
  EXPECT_EQ(S.Text, "SELECT a FROM ks.t WHERE b = 1");
  EXPECT_EQ(S.Source, SnippetSource::Shell);
  EXPECT_EQ(fileOffsetOf(S, "WHERE"), Src.find("WHERE"));
}

TEST(YamlCommands, KubernetesExpandsEnvironmentInCommands) {
  // `$(KS)` is the container's environment variable, filled in by the
  // kubelet before cqlsh runs; `$$` is `$`.
  llvm::StringRef Src = "apiVersion: v1\nkind: Pod\nspec:\n  containers:\n"
                        "    - command: [cqlsh, -e, \"SELECT a FROM $(KS).t WHERE b = '$$'\"]\n";
  ShellExtraction X = yaml(Src);
  ASSERT_EQ(X.Snippets.size(), 1u);
  EXPECT_EQ(X.Snippets[0].Holes, 1u);
  EXPECT_NE(X.Snippets[0].Text.find("WHERE b = '$'"), std::string::npos);
  EXPECT_EQ(fileOffsetOf(X.Snippets[0], "WHERE"), Src.find("WHERE"));
}

TEST(YamlCommands, ExecWordsAreNotSplit) {
  // `-e describe keyspaces` is one argument: -e with its value attached.
  llvm::StringRef Src = "services:\n  db:\n    healthcheck:\n"
                        "      test: [\"CMD\", \"cqlsh\", \"-u cassandra\", "
                        "\"-e SELECT now() FROM system.local\"]\n";
  ShellExtraction X = yaml(Src);
  ASSERT_EQ(X.Snippets.size(), 1u);
  EXPECT_EQ(X.Snippets[0].Text, " SELECT now() FROM system.local");
  EXPECT_EQ(fileOffsetOf(X.Snippets[0], "FROM"), Src.find("FROM"));
  // DESCRIBE is CQL (Cassandra 4 runs it); cqlsh's own commands are not.
  ShellExtraction D = yaml("services:\n  db:\n    healthcheck:\n      test: [\"CMD-SHELL\", "
                           "\"cqlsh -e 'describe keyspaces' || exit 1\"]\n");
  ASSERT_EQ(D.Snippets.size(), 1u);
  EXPECT_EQ(D.Snippets[0].Text, "describe keyspaces");
  EXPECT_TRUE(yaml("services:\n  db:\n    healthcheck:\n      test: [\"CMD-SHELL\", "
                   "\"cqlsh -e 'SHOW VERSION' || exit 1\"]\n")
                  .Snippets.empty());
}

TEST(YamlCommands, ComposeInterpolationAndShellStrings) {
  llvm::StringRef Src =
      "services:\n  load:\n    image: cassandra\n"
      "    command: /bin/bash -c \"cqlsh ${HOST} -e 'SELECT a FROM ks.t WHERE k = $$1'\"\n";
  ShellExtraction X = yaml(Src);
  ASSERT_EQ(X.Snippets.size(), 1u);
  // `$$` is compose's `$`; inside the shell's single quotes it stays.
  EXPECT_EQ(X.Snippets[0].Text, "SELECT a FROM ks.t WHERE k = $1");
  EXPECT_EQ(fileOffsetOf(X.Snippets[0], "WHERE"), Src.find("WHERE"));
  ShellExtraction F = yaml("services:\n  load:\n    command: cqlsh db -f ./schema.cql\n");
  ASSERT_EQ(F.Files.size(), 1u);
  EXPECT_EQ(F.Files[0].Path, "./schema.cql");
}

TEST(YamlCommands, WorkflowStepsAndTemplates) {
  llvm::StringRef Src =
      "jobs:\n  test:\n    steps:\n      - name: schema\n        run: |\n"
      "          docker exec db cqlsh -e \"SELECT a FROM ${{ env.KS }}.t\"\n"
      "          psql -c \"SELECT a FROM t\"\n";
  ShellExtraction X = yaml(Src);
  ASSERT_EQ(X.Snippets.size(), 1u);
  EXPECT_EQ(X.Snippets[0].Holes, 1u);
  EXPECT_NE(X.Snippets[0].Trust, SnippetTrust::Full);
  EXPECT_EQ(fileOffsetOf(X.Snippets[0], "FROM"), Src.find("FROM"));
  // GitLab CI: a list of shell lines.
  ShellExtraction G = yaml("test:\n  script:\n    - cqlsh -e \"TRUNCATE ks.t\"\n"
                           "    - mysql -e \"TRUNCATE t\"\n");
  ASSERT_EQ(G.Snippets.size(), 1u);
  EXPECT_EQ(G.Snippets[0].Text, "TRUNCATE ks.t");
}

TEST(YamlCommands, HelmTemplateLines) {
  llvm::StringRef Src = "{{- if .Values.init }}\napiVersion: batch/v1\nkind: Job\n"
                        "spec:\n  containers:\n    - command:\n"
                        "        - cqlsh\n        - -e\n"
                        "        - \"SELECT a FROM {{ .Values.ks }}.t\"\n{{- end }}\n";
  ShellExtraction X = yaml(Src);
  ASSERT_EQ(X.Snippets.size(), 1u);
  EXPECT_EQ(X.Snippets[0].Holes, 1u);
  EXPECT_EQ(fileOffsetOf(X.Snippets[0], "FROM"), Src.find("FROM"));
}

TEST(YamlCommands, ConfigurationValuesAndCqlFiles) {
  llvm::StringRef Src = "apiVersion: v1\nkind: ConfigMap\ndata:\n  init.cql: |\n"
                        "    // comment\n    CREATE TABLE ks.t (k int PRIMARY KEY);\n"
                        "  setup.sh: |\n    cqlsh -e \"TRUNCATE ks.t\"\n";
  ShellExtraction X = yaml(Src);
  ASSERT_EQ(X.Snippets.size(), 2u);
  EXPECT_EQ(fileOffsetOf(X.Snippets[0], "CREATE"), Src.find("CREATE"));
  EXPECT_EQ(X.Snippets[1].Text, "TRUNCATE ks.t");
  ShellExtraction C = yaml("app:\n  cassandra:\n    health-check: SELECT now() FROM system.local\n"
                           "  db:\n    query: SELECT a FROM t\n");
  ASSERT_EQ(C.Snippets.size(), 1u);
  EXPECT_EQ(C.Snippets[0].Source, SnippetSource::Config);
}

TEST(YamlCommands, OnlyCqlsh) {
  EXPECT_TRUE(yaml("steps:\n  - run: echo cqlsh -e \"SELECT a FROM t\"\n").Snippets.empty());
  EXPECT_TRUE(yaml("steps:\n  - run: pip install cqlsh\n").Snippets.empty());
  EXPECT_TRUE(yaml("x:\n  cmd: psql -c \"SELECT a FROM t\"\n").Snippets.empty());
  EXPECT_TRUE(yaml("note: cqlsh -e \"SELECT a FROM t\"\n").Snippets.empty());
}

TEST(YamlCommands, HostileInputs) {
  for (llvm::StringRef S :
       {"run: \"cqlsh -e 'SELECT", "run: |\n  cqlsh -e \"SELECT a\n",
        "command: [cqlsh, -e, \"\\x\"]", "[[[[[[[[[[[[[[[[cqlsh", "run: >\n",
        "run: {{ cqlsh }}", "run: \"{{\"cqlsh", "a: &x [cqlsh]\nb: *x\nc: *x",
        "command: !Tag cqlsh -e 'SELECT a FROM t'", "run: |-\n\n\n",
        "\t run: cqlsh", "run: cqlsh -e \"$(\"", "init.cql: |\n  SELECT"}) {
    ShellExtraction X = yaml(S);
    for (const CqlSnippet &Sn : X.Snippets)
      for (uint32_t I = 0; I <= Sn.Text.size(); ++I)
        EXPECT_LE(Sn.Origin.toFileOffset(I), S.size()) << S.str();
  }
}

TEST(MakefileRecipes, RecipeLinesAfterMake) {
  llvm::StringRef Src = "KS := shop\nCQLSH = docker exec db cqlsh\n"
                        "# cqlsh -e \"SELECT a FROM t\"\n"
                        "init:\n\t@Q=x; $(CQLSH) -e \"SELECT a FROM $(KS).t \\\n"
                        "\tWHERE b = '$$Q'\"\n\techo cqlsh\n"
                        "other: ; cqlsh -e \"SELECT a FROM t\"\n";
  ShellExtraction X = make(Src);
  ASSERT_EQ(X.Snippets.size(), 1u);
  const CqlSnippet &S = X.Snippets[0];
  // `$$Q` is the shell's `$Q`, which the recipe's shell sets to x.
  EXPECT_EQ(S.Text, "SELECT a FROM shop.t WHERE b = 'x'");
  EXPECT_EQ(fileOffsetOf(S, "shop"), Src.find("shop")); // the assignment
  EXPECT_EQ(fileOffsetOf(S, "WHERE"), Src.find("WHERE"));
  EXPECT_EQ(S.Trust, SnippetTrust::Full);
}

TEST(MakefileRecipes, UnknownVariablesAreHoles) {
  ShellExtraction X = make("KS ?= a\nKS += b\nt:\n\tcqlsh -e \"SELECT a FROM $(KS).t\"\n"
                           "u:\n\tcqlsh -f $@.cql\n");
  ASSERT_EQ(X.Snippets.size(), 1u);
  EXPECT_EQ(X.Snippets[0].Holes, 1u);
  EXPECT_TRUE(X.Files.empty()); // `$@.cql` is not known here
  EXPECT_TRUE(isMakefilePath("a/Makefile"));
  EXPECT_TRUE(isMakefilePath("rules.mk"));
  EXPECT_FALSE(isMakefilePath("Makefile.am"));
}

TEST(MakefileRecipes, HostileInputs) {
  for (llvm::StringRef S : {"t:\n\tcqlsh -e \"$(", "t:\n\tcqlsh -e \\", "\tcqlsh -e 'x'",
                            "define x\nt:\n\tcqlsh -e 'SELECT a FROM t'\n",
                            "t:\n\tcqlsh -e '$", "A=$(A)\nt:\n\tcqlsh -e '$(A)'"}) {
    ShellExtraction X = make(S);
    for (const CqlSnippet &Sn : X.Snippets)
      for (uint32_t I = 0; I <= Sn.Text.size(); ++I)
        EXPECT_LE(Sn.Origin.toFileOffset(I), S.size()) << S.str();
  }
}

} // namespace
