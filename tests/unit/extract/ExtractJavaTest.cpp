//===- ExtractJavaTest.cpp - CQL strings in Java sources ------------------===//
#include "ExtractTestSupport.h"

using namespace nosqlint;
using namespace nosqlint::extract;
using namespace nosqlint::extract::test;

namespace {

TEST(ExtractJava, PlainLiteralInDriverCall) {
  std::string Src = "class A { void f() { session.execute(\"select * from ks.t\"); } }";
  auto S = run(HostLanguage::Java, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "select * from ks.t");
  EXPECT_EQ(S[0].Source, SnippetSource::DriverCall);
  EXPECT_EQ(S[0].Trust, SnippetTrust::Full);
  EXPECT_EQ(mapped(S[0], Src, "ks.t"), "ks.t");
}

TEST(ExtractJava, EscapesMapToTheWholeEscape) {
  std::string Src =
      "class A { String q = \"SELECT a\\tFROM \\\"T\\\" WHERE k = \\u0031\"; }";
  auto S = run(HostLanguage::Java, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "SELECT a\tFROM \"T\" WHERE k = 1");
  EXPECT_EQ(mapped(S[0], Src, "\t"), "\\t");
  EXPECT_EQ(mapped(S[0], Src, "\"T\""), "\\\"T\\\"");
  EXPECT_EQ(mapped(S[0], Src, "1"), "\\u0031");
  EXPECT_EQ(mapped(S[0], Src, "WHERE"), "WHERE");
}

TEST(ExtractJava, ConcatenationResolvesConstants) {
  std::string Src = "class A {\n"
                    "  static final String T = \"ks.users\";\n"
                    "  void f() { s.execute(\"SELECT * FROM \" + T + \" WHERE id = \" + id); }\n"
                    "}\n";
  auto S = run(HostLanguage::Java, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "SELECT * FROM ks.users WHERE id = ?");
  EXPECT_EQ(S[0].Trust, SnippetTrust::Full);
  // The constant's text stands for the name that was written.
  EXPECT_EQ(mapped(S[0], Src, "ks.users"), "T");
  EXPECT_EQ(mapped(S[0], Src, "?"), "id");
  EXPECT_EQ(mapped(S[0], Src, "WHERE"), "WHERE");
}

TEST(ExtractJava, UnknownTableIsMarked) {
  std::string Src = "class A { void f(String t) { s.execute(\"SELECT * FROM \" + t); } }";
  auto S = run(HostLanguage::Java, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "SELECT * FROM nosqlint_hole");
  EXPECT_EQ(S[0].Trust, SnippetTrust::TableUnknown);
  EXPECT_EQ(S[0].Holes, 1u);
}

TEST(ExtractJava, StructureHoleIsOpaque) {
  std::string Src = "class A { void f(String w) { s.execute(\"SELECT * FROM ks.t \" + w); } }";
  auto S = run(HostLanguage::Java, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Trust, SnippetTrust::Opaque);
}

TEST(ExtractJava, TextBlockKeepsLinesAndColumns) {
  std::string Src = "class A { String q = \"\"\"\n    SELECT a\n    FROM ks.t\n    \"\"\"; }";
  auto S = run(HostLanguage::Java, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_NE(S[0].Text.find("FROM ks.t"), std::string::npos);
  size_t Pos = S[0].Text.find("ks.t");
  EXPECT_EQ(S[0].Origin.toFileOffset(static_cast<uint32_t>(Pos)),
            Src.find("ks.t"));
}

TEST(ExtractJava, StringFormatFillsConstantsAndMarksValues) {
  std::string Src =
      "class A { static final String T = \"ks.t\"; static final int N = 10;\n"
      "  void f() { s.execute(String.format(\"SELECT * FROM %s WHERE k = '%s' LIMIT %d\", T, k, N)); } }";
  auto S = run(HostLanguage::Java, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "SELECT * FROM ks.t WHERE k = 'x' LIMIT 10");
  EXPECT_EQ(mapped(S[0], Src, "ks.t"), "%s");
  EXPECT_EQ(mapped(S[0], Src, "10"), "%d");
}

TEST(ExtractJava, SpringDataQueryAnnotation) {
  std::string Src = "interface R { @Query(\"select * from ks.t where k = ?0\") List<T> f(); }";
  auto S = run(HostLanguage::Java, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Source, SnippetSource::DriverCall);
}

TEST(ExtractJava, ProseAndSqlAreNotCql) {
  std::string Src = "class A {\n"
                    "  String a = \"Select a user from the list\";\n"
                    "  String b = \"update the record\";\n"
                    "  String c = \"SELECT * FROM a JOIN b ON a.id = b.id\";\n"
                    "  String d = \"DELETE\";\n"
                    "}\n";
  EXPECT_TRUE(run(HostLanguage::Java, Src).empty());
}

TEST(ExtractJava, SqlOnlyFileTakesOnlyDriverCalls) {
  std::string Src = "import java.sql.Connection;\n"
                    "class A { String q = \"SELECT * FROM users\"; }\n";
  EXPECT_TRUE(run(HostLanguage::Java, Src).empty());
}

TEST(ExtractJava, PrefixConstantIsNotAQueryOfItsOwn) {
  std::string Src = "class A {\n"
                    "  static final String BASE = \"SELECT * FROM ks.t\";\n"
                    "  void f() { s.execute(BASE + \" WHERE k = ?\"); }\n"
                    "}\n";
  auto S = run(HostLanguage::Java, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "SELECT * FROM ks.t WHERE k = ?");
}

TEST(ExtractJava, LongConcatenationChainDoesNotRecurseDeeply) {
  std::string Src = "class A { String q = \"SELECT a FROM ks.t WHERE k = ?\"";
  for (int I = 0; I < 5000; ++I)
    Src += " + \" \"";
  Src += "; }";
  auto S = run(HostLanguage::Java, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text.rfind("SELECT a FROM ks.t WHERE k = ?", 0), 0u);
}

} // namespace

namespace {

TEST(ExtractJava, StringBuilderChains) {
  std::string Src =
      "class A { static final String T = \"ks.t\";\n"
      "  void f(String k) {\n"
      "    s.execute(new StringBuilder(\"SELECT a FROM \").append(T)\n"
      "        .append(\" WHERE k = \").append(k).toString());\n"
      "    StringBuilder sized = new StringBuilder(64).append(\"SELECT b FROM ks.t\");\n"
      "  } }";
  auto S = run(HostLanguage::Java, Src);
  ASSERT_EQ(S.size(), 2u);
  EXPECT_EQ(S[0].Text, "SELECT a FROM ks.t WHERE k = ?");
  EXPECT_EQ(mapped(S[0], Src, "ks.t"), "T");
  EXPECT_EQ(mapped(S[0], Src, "?"), "k");
  EXPECT_EQ(S[1].Text, "SELECT b FROM ks.t");
}

} // namespace

namespace {

TEST(ExtractJava, MapperPlaceholdersAreHoles) {
  std::string Src = "@Dao interface D {\n"
                    "  @Query(\"SELECT * FROM ${qualifiedTableId} WHERE id = :id\")\n"
                    "  Product byId(int id);\n}\n";
  auto S = run(HostLanguage::Java, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "SELECT * FROM nosqlint_hole WHERE id = :id");
  EXPECT_EQ(S[0].Trust, SnippetTrust::TableUnknown);
  EXPECT_EQ(mapped(S[0], Src, "nosqlint_hole"), "${qualifiedTableId}");
}

} // namespace

namespace {

TEST(ExtractJava, MessageFormat) {
  std::string Src = "class A { static final String T = \"ks.t\";\n"
                    "  void f(int k) { s.execute(MessageFormat.format(\"SELECT a FROM {0} WHERE k = {1}\", T, k)); } }";
  auto S = run(HostLanguage::Java, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "SELECT a FROM ks.t WHERE k = ?");
  EXPECT_EQ(mapped(S[0], Src, "ks.t"), "{0}");
}

} // namespace
