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
