//===- RelationsTest.cpp - DynamoDB predicates as CQL relations -----------===//
//
// Each predicate is lowered and printed as the WHERE clause of a CQL SELECT
// (the CQL printer), so the expectation reads as the CQL that means the
// same; ranges are checked to point into the request JSON.
//
//===----------------------------------------------------------------------===//
#include "TestSupport.h"

#include "nosqlint/Cql/Printer.h"
#include "nosqlint/Dynamo/AccessPatterns.h"
#include "nosqlint/Dynamo/Relations.h"
#include "nosqlint/Schema/DynamoSchema.h"

using namespace nosqlint;
using namespace nosqlint::dynamo;
using namespace nosqlint::dynamo::test;

namespace {

std::string asCql(const LoweredWhere &W) {
  cql::SelectStatement S;
  S.Table.Name.Name = "t";
  S.Where = W.Relations;
  std::string Text = cql::printStatement(S);
  llvm::StringRef Where(Text);
  size_t At = Where.find(" WHERE ");
  return At == llvm::StringRef::npos ? "" : Where.substr(At + 7).str();
}

std::string query(llvm::StringRef KeyCondition, llvm::StringRef Extra = "") {
  return (R"({"operation": "Query", "request": {"TableName": "T", )"
          R"("KeyConditionExpression": ")" +
          KeyCondition + "\"" + Extra + "}}")
      .str();
}

LoweredWhere keyCondition(Read &R) {
  const Expression *E = R.only().expression(ExprKind::KeyCondition);
  EXPECT_TRUE(E && E->ok() && E->Cond) << "the key condition must parse";
  if (!E || !E->Cond)
    return {};
  return lowerCondition(*E->Cond);
}

TEST(DynamoRelations, KeyConditionsBecomeCqlRelations) {
  struct Case {
    const char *KeyCondition;
    const char *Cql;
  } Cases[] = {
      {"pk = :p", "pk = :p"},
      {"pk = :p AND sk BETWEEN :a AND :b", "pk = :p AND sk >= :a AND sk <= :b"},
      {"pk = :p AND sk < :s", "pk = :p AND sk < :s"},
      {":p = pk AND :s <= sk", "pk = :p AND sk >= :s"},
      {"(pk = :p) AND begins_with(sk, :prefix)", "pk = :p AND sk LIKE :prefix"},
      {"#k = :p", "\"Status\" = :p"},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.KeyCondition);
    Read R(query(C.KeyCondition,
                 R"(, "ExpressionAttributeNames": {"#k": "Status"})"));
    LoweredWhere W = keyCondition(R);
    EXPECT_TRUE(W.Complete);
    EXPECT_EQ(asCql(W), C.Cql);
  }
}

TEST(DynamoRelations, FiltersLowerTheirAndedTermsAndSayWhatIsLeft) {
  Read R(R"({"operation": "Scan", "request": {"TableName": "T",
    "FilterExpression": "a IN (:x, :y) AND contains(tags, :t) AND attribute_exists(b) AND (c = :c OR d = :d) AND e.f = :e AND size(g) > :n"}})");
  const Expression *E = R.only().expression(ExprKind::Filter);
  ASSERT_TRUE(E && E->ok() && E->Cond);
  LoweredWhere W = lowerCondition(*E->Cond);
  EXPECT_FALSE(W.Complete); // OR, a nested path and size() have no relation
  EXPECT_EQ(asCql(W),
            "a IN (:x, :y) AND tags CONTAINS :t AND b IS NOT NULL");
  // Each relation spans its term in the file.
  ASSERT_EQ(W.Relations.size(), 3u);
  EXPECT_EQ(R.text(W.Relations[0].Range), "a IN (:x, :y)");
  EXPECT_EQ(R.text(W.Relations[1].Columns[0].Range), "tags");
  EXPECT_EQ(R.text(W.Relations[2].Range), "attribute_exists(b)");
}

TEST(DynamoRelations, PartiQLWhereClauses) {
  struct Case {
    const char *Statement;
    const char *Cql;
    bool Complete;
  } Cases[] = {
      {"SELECT * FROM T WHERE pk = ? AND sk > 5", "pk = ? AND sk > 5", true},
      {"SELECT * FROM T WHERE pk IN ['a', 'b']", "pk IN ('a', 'b')", true},
      {"SELECT * FROM T WHERE 'x' = pk AND sk BETWEEN 1 AND 2.5",
       "pk = 'x' AND sk >= 1 AND sk <= 2.5", true},
      {"SELECT * FROM T WHERE begins_with(sk, 'a') AND b IS NOT MISSING",
       "sk LIKE 'a' AND b IS NOT NULL", true},
      {"SELECT * FROM T WHERE pk = ? OR sk = ?", "", false},
  };
  for (const Case &C : Cases) {
    SCOPED_TRACE(C.Statement);
    Statement S = parsePartiQL(C.Statement, TextOrigin());
    ASSERT_TRUE(S.Errors.empty());
    ASSERT_TRUE(S.Where);
    LoweredWhere W = lowerPartiQLWhere(*S.Where);
    EXPECT_EQ(W.Complete, C.Complete);
    EXPECT_EQ(asCql(W), C.Cql);
  }
}

TEST(DynamoRelations, KeyMapsPinEachAttribute) {
  Read R(R"({"operation": "GetItem", "request": {"TableName": "T",
    "Key": {"pk": {"S": "user#1"}, "sk": {"N": "42"}, "flag": {"BOOL": true}}}})");
  const json::JsonValue *Key = R.only().param("Key");
  ASSERT_TRUE(Key);
  LoweredWhere W = lowerKeyMap(*Key, R.File);
  EXPECT_TRUE(W.Complete);
  EXPECT_EQ(asCql(W), "pk = 'user#1' AND sk = 42 AND flag = true");
  EXPECT_EQ(R.text(W.Relations[0].Columns[0].Range), "\"pk\"");
}

TEST(DynamoRelations, BothDialectsReadKeysTheSameWay) {
  // The inventory's view of a DynamoDB Query: the partition key pinned, the
  // sort key restricted by a range, a non-key attribute pinned.
  SourceManager SM;
  DiagnosticEngine Diags;
  DynamoCatalog Catalog;
  FileId Schema = SM.addText(R"({"TableName": "T",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                             {"AttributeName": "sk", "AttributeType": "N"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                  {"AttributeName": "sk", "KeyType": "RANGE"}]})",
                             "t.json");
  ASSERT_TRUE(loadDynamoSchema(Schema, SM.text(Schema), Catalog, Diags));
  FileId File = SM.addText(
      query("pk = :p AND sk > :s", R"(, "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "1"}})"),
      "q.json");
  auto Requests = readDynamoRequests(File, SM.text(File), Diags);
  ASSERT_TRUE(Requests);
  std::vector<AccessPattern> P = accessPatterns(*Requests, Catalog);
  ASSERT_EQ(P.size(), 1u);
  EXPECT_EQ(P[0].PartitionKey, std::vector<std::string>{"pk"});
  EXPECT_TRUE(P[0].FullPartitionKey);
  EXPECT_EQ(P[0].SortKey, std::vector<std::string>{"sk"});

  // The same shape from CQL relations, through the same function.
  KeyColumns Keys{{"pk"}, {"sk"}};
  AccessPattern Cql;
  std::vector<cql::Relation> Where(2);
  Where[0].Columns.push_back({"pk", false, {}});
  Where[1].Columns.push_back({"sk", false, {}});
  Where[1].Op = cql::RelationOp::Gt;
  describeKeyAccess(Where, &Keys, Cql);
  EXPECT_EQ(Cql.PartitionKey, P[0].PartitionKey);
  EXPECT_EQ(Cql.SortKey, P[0].SortKey);
  EXPECT_EQ(Cql.FullPartitionKey, P[0].FullPartitionKey);
}

} // namespace
