//===- ExtractPythonTest.cpp - CQL strings in Python sources --------------===//
#include "ExtractTestSupport.h"

using namespace nosqlint;
using namespace nosqlint::extract;
using namespace nosqlint::extract::test;

namespace {

TEST(ExtractPython, ImplicitConcatenationAndEscapes) {
  std::string Src = "session.execute(\"SELECT a FROM ks.t\\n\"\n"
                    "                \" WHERE k = %s\", (1,))\n";
  auto S = run(HostLanguage::Python, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "SELECT a FROM ks.t\n WHERE k = ?");
  EXPECT_EQ(mapped(S[0], Src, "\n"), "\\n");
  EXPECT_EQ(mapped(S[0], Src, "?"), "%s");
  EXPECT_EQ(mapped(S[0], Src, "WHERE"), "WHERE");
}

TEST(ExtractPython, FStringHolesAndDoubledBraces) {
  std::string Src = "T = 'ks.t'\n"
                    "q = f\"SELECT m['{{x}}'] FROM {T} WHERE k = {key!r}\"\n";
  auto S = run(HostLanguage::Python, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "SELECT m['{x}'] FROM ks.t WHERE k = ?");
  EXPECT_EQ(mapped(S[0], Src, "ks.t"), "{T}");
  EXPECT_EQ(mapped(S[0], Src, "?"), "{key!r}");
}

TEST(ExtractPython, FormatMethodAndPercentOperator) {
  std::string Src = "T = 'ks.t'\n"
                    "a = 'SELECT * FROM {} WHERE k = {k}'.format(T, k=v)\n"
                    "b = 'SELECT * FROM %s WHERE k = %%s' % T\n";
  auto S = run(HostLanguage::Python, Src);
  ASSERT_EQ(S.size(), 2u);
  EXPECT_EQ(S[0].Text, "SELECT * FROM ks.t WHERE k = ?");
  EXPECT_EQ(S[1].Text, "SELECT * FROM ks.t WHERE k = ?");
  EXPECT_EQ(mapped(S[1], Src, "?"), "%%s");
}

TEST(ExtractPython, TripleQuotedAndRawStrings) {
  std::string Src = "q = '''\n  SELECT a\n  FROM ks.t\n'''\n"
                    "r = r\"SELECT a FROM ks.t WHERE k = '\\d'\"\n";
  auto S = run(HostLanguage::Python, Src);
  ASSERT_EQ(S.size(), 2u);
  EXPECT_EQ(S[0].Text, "\n  SELECT a\n  FROM ks.t\n");
  EXPECT_EQ(S[1].Text, "SELECT a FROM ks.t WHERE k = '\\d'");
}

TEST(ExtractPython, NamedDriverPlaceholders) {
  std::string Src = "session.execute('SELECT a FROM ks.t WHERE k = %(key)s', {'key': 1})\n";
  auto S = run(HostLanguage::Python, Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "SELECT a FROM ks.t WHERE k = :key");
}

} // namespace
