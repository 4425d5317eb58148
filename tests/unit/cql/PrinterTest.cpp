//===- PrinterTest.cpp - Canonical printing and round trips ---------------===//
#include "CqlTestSupport.h"

#include "nosqlint/Basic/CqlNames.h"

using namespace nosqlint;
using namespace nosqlint::cql;
using namespace nosqlint::cql::test;

namespace {

/// parse -> print -> parse -> print must be stable.
void expectStable(const std::string &Text,
                  CqlDialect Dialect = CqlDialect::Cassandra) {
  std::string Once = roundTrip(Text, Dialect);
  ASSERT_FALSE(Once.empty()) << "does not parse: " << Text << "\n"
                             << parse(Text, Dialect)->describeDiagnostics();
  std::string Twice = roundTrip(Once, Dialect);
  EXPECT_EQ(Once, Twice) << "from: " << Text;
}

} // namespace

TEST(CqlPrinter, CanonicalSamples) {
  const char *Cases[][2] = {
      {"select json a as \"X\", writetime(b) from KS.T where k=? and (c1,c2)>=(1,2) "
       "order by c1 desc limit 10 allow filtering",
       "SELECT JSON a AS \"X\", WRITETIME(b) FROM ks.t WHERE k = ? AND (c1, c2) "
       ">= (1, 2) ORDER BY c1 DESC LIMIT 10 ALLOW FILTERING"},
      {"update t set c += 1, l = [0] + l where k in (1,2) if exists",
       "UPDATE t SET c = c + 1, l = [0] + l WHERE k IN (1, 2) IF EXISTS"},
      {"insert into t(a,b) values(-1, {'x':[1,2]}) using ttl 5",
       "INSERT INTO t (a, b) VALUES (-1, {'x': [1, 2]}) USING TTL 5"},
      {"create table t (id uuid primary key, v text static) with comment='c'",
       "CREATE TABLE t (id uuid, v text STATIC, PRIMARY KEY (id)) WITH comment "
       "= 'c'"},
      {"delete m['k'] from t where k = 1 if v = 2",
       "DELETE m['k'] FROM t WHERE k = 1 IF v = 2"},
      {"select \"select\", \"Mixed\", \"lower\" from t",
       "SELECT \"select\", \"Mixed\", lower FROM t"},
      {"begin unlogged batch insert into t (a) values (1); delete from t where "
       "k = 1 apply batch",
       "BEGIN UNLOGGED BATCH INSERT INTO t (a) VALUES (1); DELETE FROM t WHERE "
       "k = 1; APPLY BATCH"},
      {"select a - (b - c), (a - b) - c, a * (b + 1) from t",
       "SELECT a - (b - c), a - b - c, a * (b + 1) FROM t"},
      {"create role r with password = 'p' and login = true",
       "CREATE ROLE r WITH PASSWORD = 'p' AND LOGIN = TRUE"},
  };
  for (auto &C : Cases)
    EXPECT_EQ(roundTrip(C[0]), C[1]) << C[0];
}

TEST(CqlPrinter, RoundTripsAreStable) {
  const char *Statements[] = {
      "SELECT JSON DISTINCT k FROM ks.t WHERE k IN ?",
      "SELECT a AS x, ttl(c), maxwritetime(d), CAST(e AS text), count(*), "
      "max(f) + 1, -g, m['k'], u.f, l[1..3], now(), (int) ?, [1, a], {1: b} "
      "FROM t",
      "SELECT * FROM t WHERE m CONTAINS KEY 'x' AND s CONTAINS 3 AND n LIKE "
      "'a%' AND v IS NOT NULL ALLOW FILTERING",
      "SELECT * FROM t WHERE (c1, c2) IN ((1, 2), (3, 4)) AND token(k) > "
      "token(?) AND m['k'] = 'v' AND expr(i, 'q')",
      "SELECT k, floor(ts, 1h) FROM t WHERE k = 1 GROUP BY k, floor(ts, 1h) "
      "PER PARTITION LIMIT 2 LIMIT :lim",
      "SELECT * FROM t ORDER BY v ANN OF [0.1, -0.2] LIMIT 10",
      "SELECT * FROM t WHERE a = 1h30m AND b = -NaN AND c = Infinity AND d = "
      "0xCAFE AND e = 123e4567-e89b-12d3-a456-426614174000 AND f = {x: 1, "
      "\"Y\": 2} AND g = {} AND h = (1, 'a') AND i = current_date() - 2d AND "
      "j = - (1 + 2) AND k = 'it''s' AND l = $$dollar$$",
      "INSERT INTO t JSON '{\"a\": 1}' DEFAULT NULL IF NOT EXISTS",
      "UPDATE t USING TIMESTAMP 1 AND TTL 2 SET a = 1, s = s - {1}, m['k'] = "
      "'v', u.f = 3 WHERE k = 1 IF a = 1 AND m['k'] != 'x' AND u.f IN (1, 2)",
      "DELETE a, l[0], u.f FROM ks.t USING TIMESTAMP 123 WHERE k = 1 IF EXISTS",
      "BEGIN COUNTER BATCH UPDATE t SET c = c + 1 WHERE k = 1; APPLY BATCH",
      "CREATE KEYSPACE IF NOT EXISTS ks WITH replication = {'class': "
      "'SimpleStrategy', 'replication_factor': 1} AND durable_writes = false",
      "ALTER KEYSPACE IF EXISTS ks WITH durable_writes = true",
      "CREATE TABLE IF NOT EXISTS ks.t (k int, c timeuuid, v frozen<map<text, "
      "list<int>>>, w vector<float, 3>, x tuple<int, ks.addr>, e text MASKED "
      "WITH mask_inner(1, null), d date MASKED WITH DEFAULT, y "
      "'org.Custom', PRIMARY KEY ((k, c), d)) WITH CLUSTERING ORDER BY (d DESC) "
      "AND COMPACT STORAGE AND speculative_retry = '99p'",
      "CREATE TABLE t2 LIKE t WITH INDEXES",
      "ALTER TABLE t ADD IF NOT EXISTS (a int, b text)",
      "ALTER TABLE t DROP (a, b) USING TIMESTAMP 5",
      "ALTER TABLE t RENAME IF EXISTS a TO b AND c TO d",
      "ALTER TABLE t ALTER c TYPE blob",
      "ALTER TABLE t ALTER c MASKED WITH mask_null()",
      "ALTER TABLE t DROP COMPACT STORAGE",
      "ALTER TABLE t WITH gc_grace_seconds = 10 AND caching = {'keys': 'ALL'}",
      "CREATE CUSTOM INDEX IF NOT EXISTS i ON ks.t (ENTRIES(m)) USING 'sai' "
      "WITH OPTIONS = {'a': 'b'}",
      "CREATE MATERIALIZED VIEW v AS SELECT * FROM t WHERE a IS NOT NULL AND k "
      "IS NOT NULL PRIMARY KEY ((a, k)) WITH comment = 'x'",
      "ALTER MATERIALIZED VIEW ks.v WITH comment = 'y'",
      "CREATE TYPE IF NOT EXISTS ks.addr (street text, zip int)",
      "ALTER TYPE addr ADD IF NOT EXISTS c text",
      "ALTER TYPE addr RENAME a TO b AND c TO d",
      "DROP FUNCTION IF EXISTS ks.f(int, frozen<list<text>>)",
      "DROP TRIGGER trg ON ks.t",
      "DROP USER 'bob'",
      "DROP MATERIALIZED VIEW IF EXISTS v",
      "USE \"MyKs\"",
      "CREATE FUNCTION ks.f(a map<text, int>) RETURNS NULL ON NULL INPUT "
      "RETURNS int LANGUAGE java AS 'return 1;'",
      "GRANT SELECT, MODIFY ON KEYSPACE ks TO r",
      "LIST ROLES OF r NORECURSIVE",
  };
  for (const char *S : Statements)
    expectStable(S);
  expectStable("SELECT * FROM t WHERE k = 1 BYPASS CACHE USING TIMEOUT 1s",
               CqlDialect::ScyllaDb);
  expectStable("CREATE INDEX ON t ((a, b), c)", CqlDialect::ScyllaDb);
}

TEST(CqlPrinter, CorpusRoundTrips) {
  // Every statement of a few realistic corpus-style files round-trips.
  auto P = parse("CREATE TABLE cycling.cyclist_name (id UUID PRIMARY KEY, "
                 "lastname text, firstname text);\n"
                 "SELECT * FROM cycling.cyclist_name WHERE id IN (a0e7e6b2-"
                 "1d4d-4f21-9b43-1c0b4b2a6d2c);");
  ASSERT_EQ(P->Result.Statements.size(), 2u);
  for (const auto &S : P->Result.Statements)
    expectStable(printStatement(*S));
}

namespace {

TEST(CqlNames, QuotedOnlyWhereCassandraNeedsIt) {
  // Stored names: quoted unless Cassandra would fold them to themselves.
  EXPECT_EQ(nosqlint::quoteCqlName("orders"), "orders");
  EXPECT_EQ(nosqlint::quoteCqlName("order"), "\"order\"");
  EXPECT_EQ(nosqlint::quoteCqlName("userId"), "\"userId\"");
  EXPECT_EQ(nosqlint::quoteCqlName("a\"b"), "\"a\"\"b\"");
  // Names written in CQL syntax (a mapper's): folded by Cassandra, so only
  // a reserved word needs quotes, in its folded form.
  EXPECT_EQ(nosqlint::spellUnquotedCqlName("userId"), "userId");
  EXPECT_EQ(nosqlint::spellUnquotedCqlName("Order"), "\"order\"");
  EXPECT_EQ(nosqlint::spellUnquotedCqlName("from"), "\"from\"");
  EXPECT_TRUE(nosqlint::isReservedCqlWord("where"));
  EXPECT_FALSE(nosqlint::isReservedCqlWord("key"));
}

} // namespace
