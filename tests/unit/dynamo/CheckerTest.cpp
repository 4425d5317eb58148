//===- CheckerTest.cpp - DynamoDB rules against an in-memory schema -------===//
#include "nosqlint/Dynamo/Checker.h"
#include "nosqlint/Schema/DynamoSchema.h"

#include "TestSupport.h"

#include <algorithm>

using namespace nosqlint;
using namespace nosqlint::dynamo;

namespace {

const char *const Schema = R"({"TableName": "Orders",
  "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"}, {"AttributeName": "email", "AttributeType": "S"}],
  "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
  "GlobalSecondaryIndexes": [{"IndexName": "ByEmail", "KeySchema": [{"AttributeName": "email", "KeyType": "HASH"}], "Projection": {"ProjectionType": "KEYS_ONLY"}}]})";

/// The rules reported for \p Request, sorted.
std::vector<std::string> check(llvm::StringRef Request) {
  test::Read R(Request);
  DynamoCatalog Catalog;
  FileId SchemaFile = R.SM.addText(Schema, "schema.json");
  DiagnosticEngine SchemaDiags;
  EXPECT_TRUE(loadDynamoSchema(SchemaFile, R.SM.text(SchemaFile), Catalog, SchemaDiags));
  EXPECT_TRUE(R.Requests);
  DynamoChecker(Catalog, R.Diags).checkFile(*R.Requests);
  std::vector<std::string> Rules = R.rules();
  std::sort(Rules.begin(), Rules.end());
  return Rules;
}

using V = std::vector<std::string>;

} // namespace

TEST(DynamoChecker, CleanQuery) {
  EXPECT_EQ(check(R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p AND sk > :s", "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "1"}}})"), V{});
}

TEST(DynamoChecker, UnboundedAndTypes) {
  EXPECT_EQ(check(R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "a"}}})"),
            V{"unbounded-partition-read"});
  EXPECT_EQ(check(R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p AND sk > :s", "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"S": "1"}}})"),
            V{"invalid-query"});
}

TEST(DynamoChecker, ScanRules) {
  EXPECT_EQ(check(R"({"TableName": "Orders", "FilterExpression": "color = :c", "ExpressionAttributeValues": {":c": {"S": "red"}}})"),
            (V{"full-scan", "missing-index"}));
  EXPECT_EQ(check(R"({"TableName": "Orders", "FilterExpression": "email = :c", "ExpressionAttributeValues": {":c": {"S": "x"}}})"),
            V{"full-scan"});
  EXPECT_EQ(check(R"({"operation": "Scan", "request": {"TableName": "Orders", "Select": "COUNT"}})"),
            (V{"count-all", "full-scan"}));
}

TEST(DynamoChecker, IndexProjectionAndConsistency) {
  EXPECT_EQ(check(R"({"TableName": "Orders", "IndexName": "ByEmail", "KeyConditionExpression": "email = :e", "ProjectionExpression": "amount", "ExpressionAttributeValues": {":e": {"S": "x"}}})"),
            V{"invalid-query"});
  EXPECT_EQ(check(R"({"TableName": "Orders", "IndexName": "ByEmail", "ConsistentRead": true, "KeyConditionExpression": "email = :e", "ExpressionAttributeValues": {":e": {"S": "x"}}})"),
            V{"invalid-query"});
  EXPECT_EQ(check(R"({"TableName": "Orders", "IndexName": "Nope", "KeyConditionExpression": "email = :e", "ExpressionAttributeValues": {":e": {"S": "x"}}})"),
            V{"unknown-index"});
}

TEST(DynamoChecker, ExpressionRulesBeforeTableLookup) {
  EXPECT_EQ(check(R"({"TableName": "Missing", "KeyConditionExpression": "status = :s", "ExpressionAttributeValues": {":s": {"S": "x"}, ":t": {"S": "y"}}})"),
            (V{"reserved-word", "unknown-table", "unused-placeholder"}));
}

TEST(DynamoChecker, KeysOfItemOperations) {
  EXPECT_EQ(check(R"({"operation": "GetItem", "request": {"TableName": "Orders", "Key": {"pk": {"S": "a"}}}})"),
            V{"invalid-query"});
  EXPECT_EQ(check(R"({"operation": "DeleteItem", "request": {"TableName": "Orders", "Key": {"pk": {"S": "a"}, "sk": {"N": "1"}}}})"),
            V{});
  EXPECT_EQ(check(R"({"TableName": "Orders", "Key": {"pk": {"S": "a"}, "sk": {"N": "1"}}, "UpdateExpression": "SET sk = :v", "ExpressionAttributeValues": {":v": {"N": "2"}}})"),
            V{"invalid-query"});
}

TEST(DynamoChecker, PartiQL) {
  EXPECT_EQ(check(R"({"Statement": "SELECT * FROM \"Orders\" WHERE pk = 'a' AND sk > 3"})"), V{});
  EXPECT_EQ(check(R"({"Statement": "SELECT * FROM \"Orders\" WHERE color = 'red'"})"),
            (V{"full-scan", "missing-index"}));
  EXPECT_EQ(check(R"({"Statement": "SELECT * FROM \"Orders\" WHERE pk = 'a'"})"),
            V{"unbounded-partition-read"});
  EXPECT_EQ(check(R"({"Statement": "DELETE FROM \"Orders\" WHERE pk = 'a'"})"),
            V{"invalid-query"});
}
