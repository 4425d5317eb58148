//===- ParseStatementsTest.cpp - SELECT/INSERT/UPDATE/DELETE/BATCH to IR --===//
#include "CqlTestSupport.h"

using namespace nosqlint;
using namespace nosqlint::cql;
using namespace nosqlint::cql::test;

TEST(CqlSelect, ClausesAndRanges) {
  std::unique_ptr<Parsed> P;
  const std::string Text =
      "SELECT JSON DISTINCT k, v AS \"Val\" FROM Ks.Tbl WHERE k = ? AND c >= 2 "
      "GROUP BY k ORDER BY c DESC PER PARTITION LIMIT 2 LIMIT :lim ALLOW "
      "FILTERING";
  auto *S = parseOne<SelectStatement>(P, Text);
  ASSERT_NE(S, nullptr);
  EXPECT_TRUE(S->Json);
  EXPECT_TRUE(S->Distinct);
  EXPECT_FALSE(S->Star);
  ASSERT_EQ(S->Selectors.size(), 2u);
  EXPECT_EQ(S->Selectors[0].Kind, Selector::ColumnName);
  EXPECT_EQ(S->Selectors[0].Column.Name, "k");
  ASSERT_TRUE(S->Selectors[1].Alias);
  EXPECT_EQ(S->Selectors[1].Alias->Name, "Val");
  EXPECT_TRUE(S->Selectors[1].Alias->Quoted);
  EXPECT_EQ(P->textOf(S->Selectors[1].Range), "v AS \"Val\"");
  // Unquoted names fold to lower case; ranges point at the source.
  ASSERT_TRUE(S->Table.Keyspace);
  EXPECT_EQ(S->Table.Keyspace->Name, "ks");
  EXPECT_EQ(S->Table.Name.Name, "tbl");
  EXPECT_EQ(P->textOf(S->Table.Range), "Ks.Tbl");
  ASSERT_EQ(S->Where.size(), 2u);
  EXPECT_EQ(S->Where[0].Op, RelationOp::Eq);
  EXPECT_TRUE(S->Where[0].Values[0].isBindMarker());
  EXPECT_EQ(P->textOf(S->Where[0].Range), "k = ?");
  EXPECT_EQ(S->Where[1].Op, RelationOp::Ge);
  EXPECT_EQ(P->textOf(S->Where[1].OpRange), ">=");
  EXPECT_EQ(P->textOf(S->WhereRange), "WHERE k = ? AND c >= 2");
  ASSERT_EQ(S->GroupBy.size(), 1u);
  ASSERT_EQ(S->OrderBy.size(), 1u);
  EXPECT_TRUE(S->OrderBy[0].Descending);
  ASSERT_TRUE(S->PerPartitionLimit);
  EXPECT_EQ(S->PerPartitionLimit->Text, "2");
  ASSERT_TRUE(S->Limit);
  EXPECT_EQ(S->Limit->Kind, Term::BindMarker);
  EXPECT_EQ(S->Limit->Text, "lim");
  EXPECT_EQ(P->textOf(S->LimitRange), "LIMIT :lim");
  EXPECT_TRUE(S->AllowFiltering);
  EXPECT_EQ(P->textOf(S->AllowFilteringRange), "ALLOW FILTERING");
  EXPECT_EQ(P->textOf(S->Range), Text);
}

TEST(CqlSelect, SelectorForms) {
  std::unique_ptr<Parsed> P;
  auto *S = parseOne<SelectStatement>(
      P, "SELECT writetime(a), maxwritetime(b), ttl(c), CAST(d AS text), "
         "count(*), avg(e) + 1, m['k'], u.f, l[1..3], -g FROM t");
  ASSERT_NE(S, nullptr);
  ASSERT_EQ(S->Selectors.size(), 10u);
  EXPECT_EQ(S->Selectors[0].Kind, Selector::WriteTime);
  EXPECT_EQ(S->Selectors[0].Column.Name, "a");
  EXPECT_EQ(S->Selectors[1].Kind, Selector::MaxWriteTime);
  EXPECT_EQ(S->Selectors[2].Kind, Selector::Ttl);
  EXPECT_EQ(S->Selectors[3].Kind, Selector::Cast);
  EXPECT_EQ(S->Selectors[3].Type->Name, "text");
  EXPECT_EQ(S->Selectors[4].Kind, Selector::CountStar);
  EXPECT_EQ(S->Selectors[5].Kind, Selector::Arithmetic);
  EXPECT_EQ(S->Selectors[5].Name, "+");
  EXPECT_EQ(S->Selectors[5].Args[0].Kind, Selector::Function);
  EXPECT_EQ(S->Selectors[5].Args[0].Name, "avg");
  EXPECT_EQ(S->Selectors[6].Kind, Selector::ElementAccess);
  EXPECT_EQ(S->Selectors[6].Element->Text, "'k'");
  EXPECT_EQ(S->Selectors[7].Kind, Selector::FieldAccess);
  EXPECT_EQ(S->Selectors[7].Field->Name, "f");
  EXPECT_TRUE(S->Selectors[8].IsSlice);
  EXPECT_EQ(S->Selectors[9].Kind, Selector::Negation);
  EXPECT_EQ(P->textOf(S->Selectors[3].Range), "CAST(d AS text)");
}

TEST(CqlSelect, Relations) {
  std::unique_ptr<Parsed> P;
  auto *S = parseOne<SelectStatement>(
      P, "SELECT * FROM t WHERE k IN (1, 2) AND c IN ? AND (c1, c2) > (1, 2) "
         "AND token(k) > token(?) AND m['x'] = 3 AND s CONTAINS 4 AND m "
         "CONTAINS KEY 'y' AND n LIKE 'a%' AND v IS NOT NULL AND (q) IN ((1), "
         "(2)) AND expr(idx, 'text')");
  ASSERT_NE(S, nullptr);
  EXPECT_TRUE(S->Star);
  ASSERT_EQ(S->Where.size(), 11u);
  EXPECT_EQ(S->Where[0].Op, RelationOp::In);
  EXPECT_EQ(S->Where[0].Values.size(), 2u);
  EXPECT_FALSE(S->Where[0].InMarker);
  EXPECT_TRUE(S->Where[1].InMarker);
  EXPECT_EQ(S->Where[2].Target, Relation::ColumnTuple);
  EXPECT_EQ(S->Where[2].Columns.size(), 2u);
  EXPECT_EQ(S->Where[2].Values[0].Kind, Term::Tuple);
  EXPECT_EQ(S->Where[3].Target, Relation::Token);
  EXPECT_EQ(S->Where[3].Values[0].Kind, Term::FunctionCall);
  EXPECT_EQ(S->Where[4].Target, Relation::MapElement);
  EXPECT_EQ(S->Where[4].Key->Text, "'x'");
  EXPECT_EQ(S->Where[5].Op, RelationOp::Contains);
  EXPECT_EQ(S->Where[6].Op, RelationOp::ContainsKey);
  EXPECT_EQ(P->textOf(S->Where[6].OpRange), "CONTAINS KEY");
  EXPECT_EQ(S->Where[7].Op, RelationOp::Like);
  EXPECT_EQ(S->Where[8].Op, RelationOp::IsNotNull);
  EXPECT_EQ(S->Where[9].Target, Relation::ColumnTuple);
  EXPECT_EQ(S->Where[9].Op, RelationOp::In);
  EXPECT_EQ(S->Where[10].Target, Relation::CustomIndex);
  EXPECT_EQ(S->Where[10].Columns[0].Name, "idx");
}

TEST(CqlSelect, GroupByFloorAndAnn) {
  std::unique_ptr<Parsed> P;
  auto *S = parseOne<SelectStatement>(
      P, "SELECT k, floor(ts, 1h) FROM t WHERE k = 1 GROUP BY k, floor(ts, 1h)");
  ASSERT_NE(S, nullptr);
  ASSERT_EQ(S->GroupBy.size(), 2u);
  EXPECT_EQ(S->GroupBy[1].Function, "floor");
  EXPECT_EQ(S->GroupBy[1].Column.Name, "ts");
  ASSERT_EQ(S->GroupBy[1].FunctionArgs.size(), 1u);
  EXPECT_EQ(S->GroupBy[1].FunctionArgs[0].LiteralKind, Term::Duration);
  std::unique_ptr<Parsed> Q;
  auto *A = parseOne<SelectStatement>(
      Q, "SELECT * FROM t ORDER BY v ANN OF [0.1, 0.2] LIMIT 3");
  ASSERT_NE(A, nullptr);
  ASSERT_TRUE(A->OrderBy[0].AnnOf);
  EXPECT_EQ(A->OrderBy[0].AnnOf->Kind, Term::List);
}

TEST(CqlTerms, Literals) {
  std::unique_ptr<Parsed> P;
  auto *S = parseOne<InsertStatement>(
      P, "INSERT INTO t (a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p) "
         "VALUES ('it''s', -12, 1.5e3, true, 123e4567-e89b-12d3-a456-"
         "426614174000, 0xcafe, 1h30m, P1DT2H, NaN, -Infinity, null, ?, "
         ":name, {'a': 1}, {street: 'x'}, (int) 3)");
  ASSERT_NE(S, nullptr);
  ASSERT_EQ(S->Values.size(), 16u);
  const std::vector<Term> &V = S->Values;
  EXPECT_EQ(V[0].LiteralKind, Term::String);
  EXPECT_EQ(V[0].Text, "'it''s'");
  EXPECT_EQ(V[1].LiteralKind, Term::Integer);
  EXPECT_EQ(V[1].Text, "-12");
  EXPECT_EQ(P->textOf(V[1].Range), "-12");
  EXPECT_EQ(V[2].LiteralKind, Term::Float);
  EXPECT_EQ(V[3].LiteralKind, Term::Boolean);
  EXPECT_EQ(V[4].LiteralKind, Term::Uuid);
  EXPECT_EQ(V[5].LiteralKind, Term::Hex);
  EXPECT_EQ(V[6].LiteralKind, Term::Duration);
  EXPECT_EQ(V[7].LiteralKind, Term::Duration);
  EXPECT_EQ(V[8].LiteralKind, Term::NaN);
  EXPECT_EQ(V[9].LiteralKind, Term::Infinity);
  EXPECT_TRUE(V[10].isNull());
  EXPECT_TRUE(V[11].isBindMarker());
  EXPECT_EQ(V[12].Text, "name");
  EXPECT_EQ(V[13].Kind, Term::Map);
  EXPECT_EQ(V[13].Children.size(), 2u);
  EXPECT_EQ(V[14].Kind, Term::Udt);
  EXPECT_EQ(V[14].FieldNames[0], "street");
  EXPECT_EQ(V[15].Kind, Term::TypeHint);
  EXPECT_EQ(V[15].Type->Name, "int");
}

TEST(CqlInsert, ValuesJsonUsing) {
  std::unique_ptr<Parsed> P;
  auto *S = parseOne<InsertStatement>(
      P, "INSERT INTO ks.t (a, \"B\") VALUES (1, 'x') IF NOT EXISTS USING TTL "
         "86400 AND TIMESTAMP 123");
  ASSERT_NE(S, nullptr);
  EXPECT_EQ(S->Columns[1].Name, "B");
  EXPECT_TRUE(S->IfNotExists);
  ASSERT_TRUE(S->Using.Ttl);
  EXPECT_EQ(S->Using.Ttl->Text, "86400");
  EXPECT_EQ(S->Using.Timestamp->Text, "123");
  EXPECT_EQ(P->textOf(S->Using.Range), "USING TTL 86400 AND TIMESTAMP 123");

  std::unique_ptr<Parsed> Q;
  auto *J = parseOne<InsertStatement>(
      Q, "INSERT INTO t JSON '{\"a\": 1}' DEFAULT UNSET");
  ASSERT_NE(J, nullptr);
  EXPECT_TRUE(J->Json);
  EXPECT_EQ(J->JsonDefault, InsertStatement::DefaultUnset);
}

TEST(CqlUpdate, Assignments) {
  std::unique_ptr<Parsed> P;
  auto *S = parseOne<UpdateStatement>(
      P, "UPDATE t USING TTL 5 SET a = 1, l = l + [1], l = [0] + l, s = s - "
         "{2}, m['k'] = 'v', u.f = 3, c += 1, c -= 2 WHERE k = 1 IF a = 1 AND "
         "m['k'] != 'x' AND u.f > 2");
  ASSERT_NE(S, nullptr);
  ASSERT_EQ(S->Assignments.size(), 8u);
  EXPECT_EQ(S->Assignments[0].Kind, Assignment::Set);
  EXPECT_EQ(S->Assignments[1].Kind, Assignment::Add);
  EXPECT_EQ(S->Assignments[2].Kind, Assignment::Prepend);
  EXPECT_EQ(S->Assignments[3].Kind, Assignment::Subtract);
  EXPECT_EQ(S->Assignments[4].Kind, Assignment::SetElement);
  EXPECT_EQ(S->Assignments[5].Kind, Assignment::SetField);
  EXPECT_EQ(S->Assignments[6].Kind, Assignment::Add);
  EXPECT_EQ(S->Assignments[7].Kind, Assignment::Subtract);
  EXPECT_EQ(P->textOf(S->Assignments[6].Range), "c += 1");
  ASSERT_EQ(S->Conditions.size(), 3u);
  EXPECT_TRUE(S->Conditions[1].Element);
  EXPECT_EQ(S->Conditions[1].Op, RelationOp::Neq);
  EXPECT_TRUE(S->Conditions[2].Field);
  EXPECT_FALSE(S->IfExists);
}

TEST(CqlDelete, TargetsAndConditions) {
  std::unique_ptr<Parsed> P;
  auto *S = parseOne<DeleteStatement>(
      P, "DELETE a, m['k'], u.f FROM t USING TIMESTAMP 9 WHERE k = 1 AND c > 2 "
         "IF EXISTS");
  ASSERT_NE(S, nullptr);
  ASSERT_EQ(S->Targets.size(), 3u);
  EXPECT_TRUE(S->Targets[1].Element);
  EXPECT_TRUE(S->Targets[2].Field);
  EXPECT_EQ(S->Using.Timestamp->Text, "9");
  EXPECT_EQ(S->Where.size(), 2u);
  EXPECT_TRUE(S->IfExists);
}

TEST(CqlBatch, Children) {
  std::unique_ptr<Parsed> P;
  auto *S = parseOne<BatchStatement>(
      P, "BEGIN UNLOGGED BATCH USING TIMESTAMP 1\n"
         "  INSERT INTO t (a) VALUES (1);\n"
         "  UPDATE t SET a = 2 WHERE k = 1;\n"
         "  DELETE FROM t WHERE k = 3;\n"
         "APPLY BATCH;");
  ASSERT_NE(S, nullptr);
  EXPECT_EQ(S->BatchKind, BatchStatement::Unlogged);
  ASSERT_EQ(S->Children.size(), 3u);
  EXPECT_TRUE(llvm::isa<InsertStatement>(S->Children[0].get()));
  EXPECT_TRUE(llvm::isa<UpdateStatement>(S->Children[1].get()));
  EXPECT_TRUE(llvm::isa<DeleteStatement>(S->Children[2].get()));
  EXPECT_EQ(P->textOf(S->Children[1]->Range), "UPDATE t SET a = 2 WHERE k = 1");
}

TEST(CqlScript, ManyStatementsAndComments) {
  auto P = parse("-- a comment\nUSE ks; // another\n/* block ; with ; semis */ "
                 "SELECT * FROM t;;\nTRUNCATE t");
  EXPECT_EQ(P->Diags.count(), 0u) << P->describeDiagnostics();
  ASSERT_EQ(P->Result.Statements.size(), 3u);
  EXPECT_EQ(P->Result.StatementsSeen, 3u);
  EXPECT_EQ(P->textOf(P->Result.Statements[0]->Range), "USE ks");
  EXPECT_TRUE(llvm::isa<OtherStatement>(P->Result.Statements[2].get()));
  EXPECT_EQ(llvm::cast<OtherStatement>(*P->Result.Statements[2]).Keyword,
            "TRUNCATE");
}

TEST(CqlNames, UnreservedKeywordsAsIdentifiers) {
  std::unique_ptr<Parsed> P;
  auto *S = parseOne<SelectStatement>(
      P, "SELECT key, value, type, ttl, json, count, list, map FROM t WHERE "
         "key = 1");
  ASSERT_NE(S, nullptr);
  EXPECT_EQ(S->Selectors.size(), 8u);
  EXPECT_EQ(S->Selectors[3].Kind, Selector::ColumnName);
  EXPECT_EQ(S->Selectors[3].Column.Name, "ttl");
}
