//===- ExtractOtherTest.cpp - Go, JS/TS, C#, Kotlin, Scala ----------------===//
#include "ExtractTestSupport.h"

using namespace nosqlint;
using namespace nosqlint::extract;
using namespace nosqlint::extract::test;

namespace {

TEST(ExtractGo, RawStringConstantsAndSprintf) {
  std::string Src = "package m\n"
                    "const table = `ks.t`\n"
                    "const base = `SELECT a FROM ` + table\n"
                    "func f() {\n"
                    "  s.Query(base + \" WHERE k = ?\", k)\n"
                    "  s.Query(fmt.Sprintf(\"SELECT a FROM %s WHERE k = %d\", table, k))\n"
                    "}\n";
  auto S = run(HostLanguage::Go, Src);
  ASSERT_EQ(S.size(), 2u);
  EXPECT_EQ(S[0].Text, "SELECT a FROM ks.t WHERE k = ?");
  EXPECT_EQ(mapped(S[0], Src, "ks.t"), "base");
  EXPECT_EQ(S[1].Text, "SELECT a FROM ks.t WHERE k = ?");
}

TEST(ExtractJs, TemplateLiteral) {
  std::string Src = "const T = 'ks.t';\n"
                    "client.execute(`SELECT a FROM ${T} WHERE k = ${id}`, []);\n";
  auto S = run(HostLanguage::JavaScript, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "SELECT a FROM ks.t WHERE k = ?");
  EXPECT_EQ(mapped(S[0], Src, "ks.t"), "${T}");
  EXPECT_EQ(mapped(S[0], Src, "?"), "${id}");
}

TEST(ExtractTs, TypedConstants) {
  std::string Src = "const T: string = \"ks.t\";\n"
                    "await client.execute(\"SELECT a FROM \" + T + \" WHERE k = ?\", [k]);\n";
  auto S = run(HostLanguage::TypeScript, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "SELECT a FROM ks.t WHERE k = ?");
}

TEST(ExtractCSharp, InterpolatedAndVerbatim) {
  std::string Src = "class A { const string T = \"ks.t\";\n"
                    "  void F() {\n"
                    "    session.Execute($\"SELECT a FROM {T} WHERE k = {k}\");\n"
                    "    session.Execute(@\"SELECT \"\"A\"\" FROM ks.t\");\n"
                    "  } }\n";
  auto S = run(HostLanguage::CSharp, Src);
  ASSERT_EQ(S.size(), 2u);
  EXPECT_EQ(S[0].Text, "SELECT a FROM ks.t WHERE k = ?");
  EXPECT_EQ(mapped(S[0], Src, "ks.t"), "{T}");
  EXPECT_EQ(S[1].Text, "SELECT \"A\" FROM ks.t");
  EXPECT_EQ(mapped(S[1], Src, "\"A\""), "\"\"A\"\"");
}

TEST(ExtractKotlin, StringTemplates) {
  std::string Src = "const val T = \"ks.t\"\n"
                    "fun f() { session.execute(\"SELECT a FROM $T WHERE k = ${k.id}\") }\n";
  auto S = run(HostLanguage::Kotlin, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "SELECT a FROM ks.t WHERE k = ?");
  EXPECT_EQ(mapped(S[0], Src, "ks.t"), "$T");
  EXPECT_EQ(mapped(S[0], Src, "?"), "${k.id}");
}

TEST(ExtractScala, Interpolators) {
  std::string Src = "object A { val T = \"ks.t\"\n"
                    "  def f() = session.execute(s\"\"\"SELECT a FROM $T WHERE k = ${k}\"\"\") }\n";
  auto S = run(HostLanguage::Scala, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "SELECT a FROM ks.t WHERE k = ?");
  EXPECT_EQ(mapped(S[0], Src, "ks.t"), "$T");
  EXPECT_EQ(mapped(S[0], Src, "?"), "${k}");
}

} // namespace

namespace {

TEST(ExtractPackage, ConstantsFlowBetweenFilesOfAPackage) {
  std::string Tables = "package m\nconst usersTable = \"ks.users\"\nconst limit = 10\n"
                       "const prefix = \"SELECT a FROM \" + usersTable\n";
  FileExtraction A = extractFile(HostLanguage::Go, FileId{1}, Tables);
  std::vector<std::pair<std::string, std::string>> Expected = {
      {"limit", "10"}, {"prefix", "SELECT a FROM ks.users"},
      {"usersTable", "ks.users"}};
  EXPECT_EQ(A.Constants, Expected);
  // The prefix alone has the shape of a query; as a declared constant it is
  // reported where it is declared.
  ASSERT_EQ(A.Snippets.size(), 1u);

  std::string Src = "package m\nfunc f() { s.Query(\"SELECT * FROM \" + usersTable).Exec() }\n";
  FileExtraction B = extractFile(HostLanguage::Go, FileId{2}, Src);
  ASSERT_EQ(B.Snippets.size(), 1u);
  EXPECT_EQ(B.Snippets[0].Trust, SnippetTrust::TableUnknown);
  EXPECT_EQ(B.UnresolvedNames, std::vector<std::string>{"usersTable"});

  PackageConstants P;
  for (auto &[K, V] : A.Constants)
    P[K] = V;
  FileExtraction C = extractFile(HostLanguage::Go, FileId{2}, Src, &P);
  ASSERT_EQ(C.Snippets.size(), 1u);
  EXPECT_EQ(C.Snippets[0].Text, "SELECT * FROM ks.users");
  EXPECT_EQ(C.Snippets[0].Trust, SnippetTrust::Full);
  EXPECT_EQ(mapped(C.Snippets[0], Src, "ks.users"), "usersTable");
}

} // namespace

namespace {

TEST(ExtractScopes, ALocalOfAnotherFunctionIsAnotherVariable) {
  std::string Src = "package m\n"
                    "func a() { table := \"ks.t\"; use(table) }\n"
                    "func b(table string) { s.Query(\"SELECT * FROM \" + table).Exec() }\n";
  auto S = run(HostLanguage::Go, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Trust, SnippetTrust::TableUnknown);
}

TEST(ExtractScopes, ObjectFieldsAreUnknownClassConstantsAreNot) {
  std::string Src = "class A {\n"
                    "  static final String table = \"ks.t\";\n"
                    "  void f(W w) {\n"
                    "    s.execute(\"SELECT * FROM \" + w.table);\n"
                    "    s.execute(\"SELECT * FROM \" + A.table);\n"
                    "  }\n}\n";
  auto S = run(HostLanguage::Java, Src);
  ASSERT_EQ(S.size(), 2u);
  EXPECT_EQ(S[0].Trust, SnippetTrust::TableUnknown);
  EXPECT_EQ(S[1].Text, "SELECT * FROM ks.t");
}

TEST(ExtractMessages, LogAndErrorMessagesAreNotQueries) {
  std::string Src = "package m\n"
                    "func f(t *testing.T) {\n"
                    "  t.Fatalf(\"insert into users failed: %v\", err)\n"
                    "  log.Printf(\"select from users where id = %d failed\", 1)\n"
                    "  panic(\"delete from users where k = 1 failed\")\n"
                    "}\n";
  EXPECT_TRUE(run(HostLanguage::Go, Src).empty());
  std::string Py = "raise ValueError('SELECT * FROM t WHERE k = ? failed')\n";
  EXPECT_TRUE(run(HostLanguage::Python, Py).empty());
}

} // namespace

namespace {

TEST(ExtractTrim, TrimmingCallsAreTransparent) {
  std::string Kt = "const val T = \"ks.t\"\n"
                   "fun f() = session.execute(\"\"\"\n    SELECT a FROM $T\n    \"\"\".trimIndent())\n";
  auto K = run(HostLanguage::Kotlin, Kt);
  ASSERT_EQ(K.size(), 1u);
  EXPECT_EQ(K[0].Source, SnippetSource::DriverCall);
  EXPECT_NE(K[0].Text.find("SELECT a FROM ks.t"), std::string::npos);
  std::string Py = "import textwrap\nQ = textwrap.dedent('''\n    SELECT a FROM ks.t\n''')\n";
  auto P = run(HostLanguage::Python, Py);
  ASSERT_EQ(P.size(), 1u);
  EXPECT_EQ(mapped(P[0], Py, "ks.t"), "ks.t");
}

} // namespace

namespace {

TEST(ExtractBuiltLater, AStartExtendedInABranchIsPartial) {
  // Extended in a branch: the statement ends with one unknown piece, so it
  // is listed and never checked (no full scan of ks.t).
  std::string Go = "package m\nfunc f(k string) {\n"
                   "  q := \"SELECT * FROM ks.t\"\n"
                   "  if k != \"\" { q += \" WHERE k = ?\" }\n"
                   "  s.Query(q, k)\n}\n";
  auto G = run(HostLanguage::Go, Go);
  ASSERT_EQ(G.size(), 1u);
  EXPECT_EQ(G[0].Trust, SnippetTrust::Opaque);
  std::string Py = "q = 'SELECT * FROM ks.t'\nif k:\n    q = q + ' WHERE k = %s'\n";
  auto P = run(HostLanguage::Python, Py);
  for (const CqlSnippet &S : P)
    EXPECT_NE(S.Trust, SnippetTrust::Full) << S.Text;
  // Extended by the statements after it: the whole statement.
  std::string Java = "class A { void f() {\n"
                     "  StringBuilder sb = new StringBuilder(\"SELECT * FROM ks.t\");\n"
                     "  sb.append(\" WHERE k = ?\");\n"
                     "  String q; q = \"SELECT a FROM ks.t\"; q += \" LIMIT 1\";\n"
                     "  String ok = \"SELECT b FROM ks.t\"; s.execute(ok);\n} }";
  auto S = run(HostLanguage::Java, Java);
  ASSERT_EQ(S.size(), 3u);
  EXPECT_EQ(S[0].Text, "SELECT * FROM ks.t WHERE k = ?");
  EXPECT_EQ(mapped(S[0], Java, "WHERE"), "WHERE");
  EXPECT_EQ(S[1].Text, "SELECT a FROM ks.t LIMIT 1");
  EXPECT_EQ(S[2].Text, "SELECT b FROM ks.t");
}

} // namespace

namespace {

TEST(ExtractScala, FormatInterpolator) {
  std::string Src = "object A { def f(k: Int) = session.execute(f\"SELECT a FROM ks.t WHERE k = $k%05d LIMIT 10\") }\n";
  auto S = run(HostLanguage::Scala, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "SELECT a FROM ks.t WHERE k = ? LIMIT 10");
  EXPECT_EQ(mapped(S[0], Src, "?"), "$k%05d");
}

} // namespace

namespace {

TEST(TestSources, NamedByTheirFileNames) {
  using nosqlint::extract::isTestSourcePath;
  for (const char *P :
       {"pkg/qb/select_test.go", "src/test/java/a/MapperTest.java",
        "a/DaoTests.java", "a/StoreIT.java", "tests/test_store.py",
        "store_test.py", "src/repo.test.ts", "src/repo.spec.js",
        "src/Repo.test.tsx", "a/RepoSpec.scala", "a/RepoTest.kt",
        "Store.Tests/StoreTests.cs"})
    EXPECT_TRUE(isTestSourcePath(P)) << P;
  for (const char *P :
       {"pkg/qb/select.go", "src/main/java/a/Testing.java",
        "a/TestData.java", "attest.py", "contest_results.py",
        "src/latest.ts", "src/inspect.js", "a/Spectrum.scala",
        "tests/fixtures/host/go/styles.go"})
    EXPECT_FALSE(isTestSourcePath(P)) << P;
}

} // namespace
