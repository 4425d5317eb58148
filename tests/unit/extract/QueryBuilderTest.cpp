//===- QueryBuilderTest.cpp - Builder chains as the statements they build -===//
#include "ExtractTestSupport.h"

using namespace nosqlint;
using namespace nosqlint::extract;
using namespace nosqlint::extract::test;

namespace {

std::vector<std::string> texts(const std::vector<CqlSnippet> &S) {
  std::vector<std::string> Out;
  for (const CqlSnippet &X : S)
    if (X.Source == SnippetSource::Builder)
      Out.push_back(X.Text);
  return Out;
}

TEST(QueryBuilder, Driver4ChainsBuildTheirStatements) {
  std::string Src = R"(
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.*;
class D {
  void f(String ks) {
    s.execute(selectFrom("shop", "orders").columns("id", "total")
        .whereColumn("customer").isEqualTo(bindMarker()).limit(10)
        .allowFiltering().build());
    s.execute(selectFrom(ks, "orders").countAll().build());
    s.execute(insertInto("orders").value("id", bindMarker("id"))
        .ifNotExists().usingTtl(60).build());
    s.execute(update("orders").setColumn("total", literal(1))
        .whereColumn("id").in(bindMarker(), bindMarker()).ifExists().build());
    s.execute(deleteFrom("orders").column("note")
        .whereColumn("id").isEqualTo(bindMarker()).build());
    s.execute(selectFrom("orders").all().whereToken("id")
        .isGreaterThan(bindMarker()).build());
  }
})";
  auto S = run(HostLanguage::Java, Src);
  std::vector<std::string> T = texts(S);
  ASSERT_EQ(T.size(), 5u);
  EXPECT_EQ(T[0], "SELECT id, total FROM shop.orders WHERE customer = ? LIMIT ? "
                  "ALLOW FILTERING");
  EXPECT_EQ(T[1].substr(0, 22), "SELECT count(*) FROM n"); // a keyspace hole
  EXPECT_EQ(T[2], "INSERT INTO orders (id) VALUES (:id) IF NOT EXISTS USING TTL ?");
  EXPECT_EQ(T[3], "UPDATE orders SET total = ? WHERE id IN (?, ?) IF EXISTS");
  EXPECT_EQ(T[4], "DELETE note FROM orders WHERE id = ?");
  // Findings land on the calls.
  for (const CqlSnippet &X : S)
    if (X.Text == T[0]) {
      EXPECT_EQ(mapped(X, Src, "customer"), "customer");
      EXPECT_EQ(mapped(X, Src, "ALLOW FILTERING"), "allowFiltering");
    }
}

TEST(QueryBuilder, Driver3ChainsBuildTheirStatements) {
  std::string Src = R"(
import com.datastax.driver.core.querybuilder.QueryBuilder;
import static com.datastax.driver.core.querybuilder.QueryBuilder.*;
class D {
  static final String T = "orders";
  String a() { return QueryBuilder.select("total").from("shop", T)
      .where(eq("id", bindMarker())).and(gt("placed", bindMarker())).getQueryString(); }
  String b() { return QueryBuilder.update(T).using(QueryBuilder.ttl(bindMarker()))
      .with(set("total", bindMarker())).and(set("note", bindMarker()))
      .where(eq("id", bindMarker())).getQueryString(); }
  String c() { return QueryBuilder.delete().from(T).where(eq("id", bindMarker())).getQueryString(); }
  String d() { return QueryBuilder.select().all().from(T).getQueryString(); }
  String e() { return QueryBuilder.select().from(T).where(QueryBuilder.token("id")).getQueryString(); }
})";
  std::vector<std::string> T = texts(run(HostLanguage::Java, Src));
  ASSERT_EQ(T.size(), 4u);
  EXPECT_EQ(T[0], "SELECT total FROM shop.orders WHERE id = ? AND placed > ?");
  EXPECT_EQ(T[1], "UPDATE orders USING TTL ? SET total = ?, note = ? WHERE id = ?");
  EXPECT_EQ(T[2], "DELETE FROM orders WHERE id = ?");
  EXPECT_EQ(T[3], "SELECT * FROM orders");
}

TEST(QueryBuilder, WithoutTheBuilderImportNothingIsAChain) {
  std::string Src = R"(
class D {
  void f() { repo.selectFrom("orders").all().build(); update("orders"); }
})";
  EXPECT_TRUE(texts(run(HostLanguage::Java, Src)).empty());
}

} // namespace
