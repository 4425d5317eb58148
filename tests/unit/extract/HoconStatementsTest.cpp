//===- HoconStatementsTest.cpp - CQL statements in HOCON configuration ----===//
#include "nosqlint/Extract/HoconStatements.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::extract;

namespace {

std::vector<CqlSnippet> read(llvm::StringRef Text) {
  return extractHoconStatements(FileId{1}, Text);
}

TEST(HoconStatements, OnlyCassandraSections) {
  EXPECT_EQ(read("cassandra {\n q = \"SELECT a FROM ks.t\"\n}\n").size(), 1u);
  EXPECT_EQ(read("akka.persistence.cassandra.q = \"SELECT a FROM ks.t\"").size(), 1u);
  EXPECT_EQ(read("datastax-java-driver {\n a {\n q: \"SELECT a FROM ks.t\"\n }\n}").size(), 1u);
  EXPECT_TRUE(read("db {\n q = \"SELECT a FROM t\"\n}\ncassandra.host = x").empty());
  EXPECT_TRUE(read("cassandra {\n}\nq = \"SELECT a FROM t\"").empty());
  EXPECT_TRUE(read("cassandra.q = \"select-all\"").empty());
  EXPECT_TRUE(read("cassandra.q = SELECT a FROM t").empty()); // unquoted
  EXPECT_TRUE(read("cassandra.q = \"SELECT a FROM \"${t}").empty());
}

TEST(HoconStatements, PositionsThroughEscapes) {
  llvm::StringRef Src = "cassandra.q = \"SELECT\\ta FROM ks.t\"";
  std::vector<CqlSnippet> S = read(Src);
  ASSERT_EQ(S.size(), 1u);
  EXPECT_EQ(S[0].Text, "SELECT\ta FROM ks.t");
  EXPECT_EQ(S[0].Source, SnippetSource::Config);
  EXPECT_EQ(S[0].Origin.toFileOffset(9), Src.find("FROM"));
}

TEST(HoconStatements, HostileInputs) {
  for (llvm::StringRef S :
       {"cassandra.q = \"SELECT a", "cassandra.q = \"\"\"SELECT a",
        "cassandra.q = \"SELECT \\", "cassandra.q = \"SELECT \\u0041\"",
        "}}}}\ncassandra.q = \"SELECT a FROM t\"", "\"cassandra", "cassandra {"})
    for (const CqlSnippet &X : read(S))
      for (uint32_t I = 0; I <= X.Text.size(); ++I)
        ASSERT_LE(X.Origin.toFileOffset(I), S.size()) << S.str();
  std::string Deep;
  for (int I = 0; I < 100000; ++I)
    Deep += "cassandra {\n";
  Deep += std::string(1 << 20, 'x');
  Deep.push_back('\0');
  Deep += "\nq = \"SELECT a FROM t\"\n";
  EXPECT_EQ(read(Deep).size(), 1u);
}

} // namespace
