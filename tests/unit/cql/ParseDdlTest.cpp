//===- ParseDdlTest.cpp - Schema statements to IR -------------------------===//
#include "CqlTestSupport.h"

using namespace nosqlint;
using namespace nosqlint::cql;
using namespace nosqlint::cql::test;

TEST(CqlDdl, CreateTable) {
  std::unique_ptr<Parsed> P;
  auto *S = parseOne<CreateTableStatement>(
      P, "CREATE TABLE IF NOT EXISTS ks.events (\n"
         "  tenant text, day date, ts timeuuid, s int STATIC,\n"
         "  tags frozen<map<text, list<int>>>, emb vector<float, 3>,\n"
         "  email text MASKED WITH mask_inner(1, null),\n"
         "  \"Kind\" ks.addr,\n"
         "  PRIMARY KEY ((tenant, day), ts),\n"
         ") WITH CLUSTERING ORDER BY (ts DESC) AND default_time_to_live = 60 "
         "AND compaction = {'class': 'TimeWindowCompactionStrategy'}");
  ASSERT_NE(S, nullptr);
  EXPECT_TRUE(S->IfNotExists);
  ASSERT_EQ(S->Columns.size(), 8u);
  EXPECT_TRUE(S->Columns[3].Static);
  const CqlType &Tags = S->Columns[4].Type;
  EXPECT_EQ(Tags.Kind, CqlType::Map);
  EXPECT_TRUE(Tags.Frozen);
  EXPECT_EQ(Tags.Params[1].Kind, CqlType::List);
  EXPECT_EQ(S->Columns[5].Type.Kind, CqlType::Vector);
  EXPECT_EQ(S->Columns[5].Type.Dimension, 3);
  EXPECT_EQ(S->Columns[6].MaskFunction, "mask_inner");
  EXPECT_EQ(S->Columns[6].MaskArgs.size(), 2u);
  EXPECT_EQ(S->Columns[7].Name.Name, "Kind");
  EXPECT_EQ(S->Columns[7].Type.Kind, CqlType::Udt);
  EXPECT_EQ(S->Columns[7].Type.Keyspace, "ks");
  ASSERT_EQ(S->PartitionKey.size(), 2u);
  EXPECT_EQ(S->PartitionKey[1].Name, "day");
  ASSERT_EQ(S->Clustering.size(), 1u);
  EXPECT_EQ(P->textOf(S->PrimaryKeyRange), "PRIMARY KEY ((tenant, day), ts)");
  ASSERT_EQ(S->ClusteringOrders.size(), 1u);
  EXPECT_TRUE(S->ClusteringOrders[0].Descending);
  ASSERT_EQ(S->Options.size(), 2u);
  EXPECT_EQ(S->Options[0].Name, "default_time_to_live");
  EXPECT_EQ(S->Options[1].Value.Kind, Term::Map);
  EXPECT_EQ(P->textOf(S->Columns[6].Range),
            "email text MASKED WITH mask_inner(1, null)");
}

TEST(CqlDdl, InlinePrimaryKeyAndCompactStorage) {
  std::unique_ptr<Parsed> P;
  auto *S = parseOne<CreateTableStatement>(
      P, "CREATE TABLE t (id uuid PRIMARY KEY, v text) WITH COMPACT STORAGE");
  ASSERT_NE(S, nullptr);
  ASSERT_EQ(S->PartitionKey.size(), 1u);
  EXPECT_EQ(S->PartitionKey[0].Name, "id");
  EXPECT_TRUE(S->Columns[0].PrimaryKey);
  EXPECT_TRUE(S->CompactStorage);
}

TEST(CqlDdl, CreateTableLike) {
  std::unique_ptr<Parsed> P;
  auto *S = parseOne<CreateTableStatement>(
      P, "CREATE TABLE t2 LIKE ks.t WITH INDEXES AND cdc = true");
  ASSERT_NE(S, nullptr);
  ASSERT_TRUE(S->Like);
  EXPECT_EQ(S->Like->Name.Name, "t");
  EXPECT_TRUE(S->LikeIndexes);
  EXPECT_EQ(S->Options.size(), 1u);
}

TEST(CqlDdl, AlterTable) {
  std::unique_ptr<Parsed> P;
  auto *A = parseOne<AlterTableStatement>(P, "ALTER TABLE t ADD (a int, b text)");
  ASSERT_NE(A, nullptr);
  EXPECT_EQ(A->Action, AlterTableStatement::AddColumns);
  EXPECT_EQ(A->Added.size(), 2u);
  auto *D = parseOne<AlterTableStatement>(P, "ALTER TABLE t DROP (a, b)");
  ASSERT_NE(D, nullptr);
  EXPECT_EQ(D->Action, AlterTableStatement::DropColumns);
  EXPECT_EQ(D->Dropped.size(), 2u);
  auto *R = parseOne<AlterTableStatement>(
      P, "ALTER TABLE IF EXISTS t RENAME a TO b AND c TO d");
  ASSERT_NE(R, nullptr);
  EXPECT_TRUE(R->IfExists);
  ASSERT_EQ(R->Renamed.size(), 2u);
  EXPECT_EQ(R->Renamed[1].second.Name, "d");
  auto *W = parseOne<AlterTableStatement>(P, "ALTER TABLE t WITH comment = 'x'");
  ASSERT_NE(W, nullptr);
  EXPECT_EQ(W->Action, AlterTableStatement::SetOptions);
  auto *M = parseOne<AlterTableStatement>(P, "ALTER TABLE t ALTER c DROP MASKED");
  ASSERT_NE(M, nullptr);
  EXPECT_EQ(M->Action, AlterTableStatement::AlterMask);
  EXPECT_TRUE(M->DropMask);
}

TEST(CqlDdl, Indexes) {
  std::unique_ptr<Parsed> P;
  auto *S = parseOne<CreateIndexStatement>(
      P, "CREATE INDEX IF NOT EXISTS idx ON ks.t (KEYS(m))");
  ASSERT_NE(S, nullptr);
  EXPECT_EQ(S->Name->Name, "idx");
  ASSERT_EQ(S->Targets.size(), 1u);
  EXPECT_EQ(S->Targets[0].Kind, IndexTarget::Keys);
  EXPECT_EQ(P->textOf(S->Targets[0].Range), "KEYS(m)");
  auto *Sai = parseOne<CreateIndexStatement>(
      P, "CREATE INDEX ON t (v) USING 'sai' WITH OPTIONS = "
         "{'similarity_function': 'COSINE'}");
  ASSERT_NE(Sai, nullptr);
  EXPECT_FALSE(Sai->Name);
  EXPECT_EQ(Sai->Using, "sai");
  ASSERT_EQ(Sai->Options.size(), 1u);
  EXPECT_EQ(Sai->Options[0].Name, "options");
  auto *Custom = parseOne<CreateIndexStatement>(
      P, "CREATE CUSTOM INDEX i ON t (v) USING 'StorageAttachedIndex'");
  ASSERT_NE(Custom, nullptr);
  EXPECT_TRUE(Custom->Custom);
}

TEST(CqlDdl, MaterializedView) {
  std::unique_ptr<Parsed> P;
  auto *S = parseOne<CreateViewStatement>(
      P, "CREATE MATERIALIZED VIEW ks.by_age AS SELECT age, id FROM ks.users "
         "WHERE age IS NOT NULL AND id IS NOT NULL PRIMARY KEY (age, id) WITH "
         "CLUSTERING ORDER BY (id DESC)");
  ASSERT_NE(S, nullptr);
  EXPECT_EQ(S->View.Name.Name, "by_age");
  EXPECT_EQ(S->Base.Name.Name, "users");
  ASSERT_EQ(S->SelectedColumns.size(), 2u);
  ASSERT_EQ(S->PartitionKey.size(), 1u);
  EXPECT_EQ(S->PartitionKey[0].Name, "age");
  ASSERT_EQ(S->Clustering.size(), 1u);
  EXPECT_EQ(S->Clustering[0].Name, "id");
  EXPECT_EQ(S->Where.size(), 2u);
  EXPECT_EQ(S->ClusteringOrders.size(), 1u);
}

TEST(CqlDdl, TypesKeyspacesDropUse) {
  std::unique_ptr<Parsed> P;
  auto *T = parseOne<CreateTypeStatement>(
      P, "CREATE TYPE ks.addr (street text, zip int,)");
  ASSERT_NE(T, nullptr);
  EXPECT_EQ(T->Fields.size(), 2u);
  auto *K = parseOne<CreateKeyspaceStatement>(
      P, "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', "
         "'replication_factor': 1} AND durable_writes = false");
  ASSERT_NE(K, nullptr);
  EXPECT_EQ(K->Options.size(), 2u);
  EXPECT_EQ(K->Options[1].Value.LiteralKind, Term::Boolean);
  auto *D = parseOne<DropStatement>(P, "DROP FUNCTION IF EXISTS ks.f(int, text)");
  ASSERT_NE(D, nullptr);
  EXPECT_EQ(D->Object, DropStatement::Function);
  EXPECT_TRUE(D->IfExists);
  EXPECT_EQ(D->Signature.size(), 2u);
  auto *Tr = parseOne<DropStatement>(P, "DROP TRIGGER trg ON ks.t");
  ASSERT_NE(Tr, nullptr);
  EXPECT_EQ(Tr->On->Name.Name, "t");
  auto *U = parseOne<UseStatement>(P, "USE \"MyKs\"");
  ASSERT_NE(U, nullptr);
  EXPECT_EQ(U->Keyspace.Name, "MyKs");
}

TEST(CqlDdl, OtherStatements) {
  const char *Cases[][2] = {
      {"CREATE OR REPLACE FUNCTION f(a int) CALLED ON NULL INPUT RETURNS int "
       "LANGUAGE java AS 'return a;'",
       "CREATE FUNCTION"},
      {"CREATE AGGREGATE a(int) SFUNC s STYPE int INITCOND 0",
       "CREATE AGGREGATE"},
      {"CREATE TRIGGER tr ON t USING 'cls'", "CREATE TRIGGER"},
      {"CREATE ROLE r WITH PASSWORD = 'p' AND LOGIN = true", "CREATE ROLE"},
      {"ALTER USER u WITH PASSWORD 'p'", "ALTER USER"},
      {"GRANT SELECT ON ALL TABLES IN KEYSPACE ks TO r", "GRANT"},
      {"REVOKE ALTER ON ALL ROLES FROM r", "REVOKE"},
      {"GRANT r1 TO r2", "GRANT ROLE"},
      {"LIST ALL PERMISSIONS OF r", "LIST PERMISSIONS"},
      {"LIST ROLES", "LIST ROLES"},
      {"COMMENT ON TABLE ks.t IS 'x'", "COMMENT ON"},
      {"SECURITY LABEL ON COLUMN ks.t.c IS 'PII'", "SECURITY LABEL"},
      {"DESCRIBE TABLE ks.t", "DESCRIBE"},
      {"ADD IDENTITY IF NOT EXISTS 'spiffe://a/b' TO ROLE r", "ADD IDENTITY"},
      {"DROP IDENTITY 'spiffe://a/b'", "DROP IDENTITY"},
  };
  for (auto &C : Cases) {
    std::unique_ptr<Parsed> P;
    auto *S = parseOne<OtherStatement>(P, C[0]);
    ASSERT_NE(S, nullptr) << C[0];
    EXPECT_EQ(S->Keyword, C[1]);
  }
  std::unique_ptr<Parsed> P;
  auto *C = parseOne<OtherStatement>(P, "COMMENT ON TABLE ks.t IS 'x'");
  ASSERT_TRUE(C && C->Table);
  EXPECT_EQ(C->Table->Name.Name, "t");
}
