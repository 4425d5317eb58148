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
  ASSERT_EQ(T.size(), 6u);
  EXPECT_EQ(T[0], "SELECT id, total FROM shop.orders WHERE customer = ? LIMIT ? "
                  "ALLOW FILTERING");
  EXPECT_EQ(T[1].substr(0, 22), "SELECT count(*) FROM n"); // a keyspace hole
  EXPECT_EQ(T[2], "INSERT INTO orders (id) VALUES (:id) IF NOT EXISTS USING TTL ?");
  EXPECT_EQ(T[3], "UPDATE orders SET total = ? WHERE id IN (?, ?) IF EXISTS");
  EXPECT_EQ(T[4], "DELETE note FROM orders WHERE id = ?");
  EXPECT_EQ(T[5], "SELECT * FROM orders WHERE token(id) > ?");
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

TEST(QueryBuilder, Driver4RelationsAssignmentsAndConditions) {
  std::string Src = R"(
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.*;
import static com.datastax.oss.driver.api.querybuilder.relation.Relation.column;
import static com.datastax.oss.driver.api.querybuilder.update.Assignment.*;
class D {
  void f() {
    s.execute(deleteFrom("t").usingTimestamp(bindMarker())
        .where(column("a").isEqualTo(bindMarker()), column("b").in(bindMarker()))
        .ifColumn("c").isEqualTo(bindMarker()).build());
    s.execute(update("t").usingTimestamp(1).usingTtl(bindMarker())
        .set(setColumn("c", bindMarker()), append("l", bindMarker()),
             prependListElement("l2", bindMarker()), removeMapEntry("m", bindMarker(), bindMarker()))
        .increment("n").decrement("k", bindMarker())
        .whereColumns("a", "b").isEqualTo(tuple(bindMarker(), bindMarker())).build());
    s.execute(selectFrom("t").writeTime("c").as("w").ttl("c").countAll()
        .whereColumn("a").isEqualTo(bindMarker("limit")).groupBy("a")
        .orderBy("b", ClusteringOrder.DESC).limit(5).perPartitionLimit(1).build());
    s.execute(truncate("ks", "t").build());
    s.execute(selectFrom("t").json().all().build());
  }
})";
  std::vector<std::string> T = texts(run(HostLanguage::Java, Src));
  ASSERT_EQ(T.size(), 4u);
  EXPECT_EQ(T[0], "DELETE FROM t USING TIMESTAMP ? WHERE a = ? AND b IN ? IF c = ?");
  EXPECT_EQ(T[1], "UPDATE t USING TIMESTAMP ? AND TTL ? SET c = ?, l = l + ?, "
                  "l2 = [?] + l2, m = m - {?: ?}, n = n + 1, k = k - ? "
                  "WHERE (a, b) = (?, ?)");
  // The driver writes LIMIT before PER PARTITION LIMIT; CQL reads them
  // the other way round. A reserved word as a marker name is quoted.
  EXPECT_EQ(T[2], "SELECT writetime(c) AS w, ttl(c), count(*) FROM t "
                  "WHERE a = :\"limit\" GROUP BY a ORDER BY b DESC "
                  "PER PARTITION LIMIT ? LIMIT ?");
  EXPECT_EQ(T[3], "TRUNCATE ks.t");
}

TEST(QueryBuilder, AChainHeldByAVariableAndContinued) {
  std::string Src = R"(
import static com.datastax.oss.driver.api.querybuilder.QueryBuilder.*;
class D {
  void f() {
    Insert insert = insertInto("t").value("a", bindMarker());
    s.execute(insert.ifNotExists().build());
    s.execute(insert.build());
  }
})";
  std::vector<std::string> T = texts(run(HostLanguage::Java, Src));
  ASSERT_EQ(T.size(), 2u);
  EXPECT_EQ(T[0], "INSERT INTO t (a) VALUES (?)");
  EXPECT_EQ(T[1], "INSERT INTO t (a) VALUES (?) IF NOT EXISTS");
}

TEST(QueryBuilder, SchemaBuilderChainsAreTheirDdl) {
  std::string Src = R"(
import static com.datastax.oss.driver.api.core.type.DataTypes.*;
import com.datastax.oss.driver.api.querybuilder.SchemaBuilder;
class D {
  void f(String ks) {
    s.execute(SchemaBuilder.createTable("ks", "t").ifNotExists()
        .withPartitionKey("a", TEXT).withPartitionKey("b", INT)
        .withClusteringColumn("c", TIMEUUID).withColumn("m", mapOf(TEXT, frozenListOf(INT)))
        .withStaticColumn("s", BIGINT).withClusteringOrder("c", ClusteringOrder.DESC)
        .withCompaction(SchemaBuilder.leveledCompactionStrategy()).build());
    s.execute(SchemaBuilder.createKeyspace("ks").withSimpleStrategy(3).build());
    s.execute(SchemaBuilder.createIndex().onTable("t").andColumnValues("m").build());
    s.execute(SchemaBuilder.createType("u").withField("f", TEXT).build());
    s.execute(SchemaBuilder.alterTable("t").dropColumn("x").build());
    s.execute(SchemaBuilder.dropKeyspace("old").ifExists().build());
    // A type the program looks up: the statement is opaque.
    s.execute(SchemaBuilder.createTable(ks, "u").withPartitionKey("a", types.lookup("x")).build());
  }
  Object m = def(statement -> statement.withPartitionKey("k", TEXT).withColumn("v", INT));
})";
  std::vector<CqlSnippet> S = run(HostLanguage::Java, Src);
  std::vector<std::string> T = texts(S);
  ASSERT_EQ(T.size(), 8u);
  EXPECT_EQ(T[0], "CREATE TABLE IF NOT EXISTS ks.t (a text, b int, c timeuuid, "
                  "m map<text, frozen<list<int>>>, s bigint STATIC, "
                  "PRIMARY KEY ((a, b), c)) WITH CLUSTERING ORDER BY (c DESC)");
  EXPECT_EQ(T[1], "CREATE KEYSPACE ks WITH replication = {'class': "
                  "'SimpleStrategy', 'replication_factor': 3}");
  EXPECT_EQ(T[2], "CREATE INDEX ON t (values(m))");
  EXPECT_EQ(T[3], "CREATE TYPE u (f text)");
  EXPECT_EQ(T[4], "ALTER TABLE t DROP x");
  EXPECT_EQ(T[5], "DROP KEYSPACE IF EXISTS old");
  unsigned Opaque = 0, TableUnknown = 0;
  for (const CqlSnippet &X : S) {
    Opaque += X.Trust == SnippetTrust::Opaque;
    TableUnknown += X.Trust == SnippetTrust::TableUnknown;
  }
  EXPECT_EQ(Opaque, 1u);       // the looked-up type
  EXPECT_EQ(TableUnknown, 1u); // the lambda's table
  EXPECT_EQ(T[7].substr(0, 13), "CREATE TABLE ");
}

TEST(QueryBuilder, WithoutTheBuilderImportNothingIsAChain) {
  std::string Src = R"(
class D {
  void f() { repo.selectFrom("orders").all().build(); update("orders"); }
})";
  EXPECT_TRUE(texts(run(HostLanguage::Java, Src)).empty());
  // The application's own SchemaBuilder, in a file that uses the driver.
  std::string Own = R"(
import com.datastax.oss.driver.api.core.CqlSession;
class D {
  void f() { SchemaBuilder.createTable("t").withPartitionKey("k", TEXT).build(); }
})";
  EXPECT_TRUE(texts(run(HostLanguage::Java, Own)).empty());
}

} // namespace
