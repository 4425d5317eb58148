//===- ReaderTest.cpp - Request files into the request IR -----------------===//
#include "TestSupport.h"

using namespace nosqlint;
using namespace nosqlint::dynamo;
using nosqlint::dynamo::test::Read;

TEST(DynamoReader, WrapperGivesOperationAndRanges) {
  Read R(R"({"operation": "Query", "request": {"TableName": "Orders", "IndexName": "ByDate", "KeyConditionExpression": "pk = :v", "ExpressionAttributeValues": {":v": {"S": "x"}}}})");
  const Request &Q = R.only();
  EXPECT_EQ(Q.Op, Operation::Query);
  EXPECT_FALSE(Q.Inferred);
  EXPECT_EQ(R.text(Q.OperationRange), "Query");
  EXPECT_EQ(Q.TableName, "Orders");
  EXPECT_EQ(R.text(Q.TableRange), "Orders");
  ASSERT_TRUE(Q.IndexName);
  EXPECT_EQ(R.text(Q.IndexRange), "ByDate");
  ASSERT_EQ(Q.Values.size(), 1u);
  EXPECT_EQ(R.text(Q.Values[0].KeyRange), "\":v\"");
  ASSERT_NE(Q.expression(ExprKind::KeyCondition), nullptr);
  EXPECT_TRUE(R.Diags.sorted(R.SM).empty());
}

TEST(DynamoReader, InfersUnambiguousOperations) {
  struct Case {
    const char *Json;
    Operation Op;
  } Cases[] = {
      {R"({"TableName": "T", "KeyConditionExpression": "a = :a"})", Operation::Query},
      {R"({"TableName": "T", "FilterExpression": "a = :a"})", Operation::Scan},
      {R"({"TableName": "T", "Item": {}})", Operation::PutItem},
      {R"({"TableName": "T", "Key": {}, "UpdateExpression": "SET a = :a"})", Operation::UpdateItem},
      {R"({"TableName": "T", "Key": {}, "ProjectionExpression": "a"})", Operation::GetItem},
      {R"({"TableName": "T", "Key": {}, "ConditionExpression": "attribute_exists(a) "})", Operation::DeleteItem},
      {R"({"Statement": "SELECT * FROM T"})", Operation::ExecuteStatement},
      {R"({"Statements": []})", Operation::BatchExecuteStatement},
      {R"({"TransactStatements": []})", Operation::ExecuteTransaction},
      {R"({"TransactItems": [{"Get": {"TableName": "T", "Key": {}}}]})", Operation::TransactGetItems},
      {R"({"TransactItems": [{"ConditionCheck": {"TableName": "T", "Key": {}, "ConditionExpression": "attribute_exists(a) "}}]})", Operation::TransactWriteItems},
      {R"({"RequestItems": {"T": [{"PutRequest": {"Item": {}}}]}})", Operation::BatchWriteItem},
      {R"({"RequestItems": {"T": {"Keys": [{}]}}})", Operation::BatchGetItem},
  };
  for (const Case &C : Cases) {
    Read R(C.Json);
    ASSERT_TRUE(R.Requests) << C.Json;
    ASSERT_EQ(R.Requests->Requests.size(), 1u) << C.Json;
    EXPECT_EQ(R.Requests->Requests[0].Op, C.Op) << C.Json;
    EXPECT_TRUE(R.Requests->Requests[0].Inferred);
  }
}

TEST(DynamoReader, AmbiguousRequestShowsTheWrapper) {
  Read R(R"({"TableName": "T", "Key": {"id": {"S": "1"}}})");
  ASSERT_TRUE(R.Requests);
  EXPECT_TRUE(R.Requests->Requests.empty());
  std::vector<Diagnostic> D = R.Diags.sorted(R.SM);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Rule, RuleId::InputError);
  EXPECT_NE(D[0].Message.find("{\"operation\": \"GetItem\", \"request\": {...}}"),
            std::string::npos)
      << D[0].Message;
}

TEST(DynamoReader, UnknownOperationIsAnInputError) {
  Read R(R"({"operation": "Querry", "request": {"TableName": "T"}})");
  EXPECT_EQ(R.rules(), std::vector<std::string>{"input-error"});
}

TEST(DynamoReader, ArraysAndNdjson) {
  Read A("[\n{\"TableName\": \"T\"},\n{\"operation\": \"GetItem\", \"request\": {\"TableName\": \"T\", \"Key\": {}}}\n]\n");
  ASSERT_TRUE(A.Requests);
  EXPECT_EQ(A.Requests->Requests.size(), 2u);
  Read N("{\"TableName\": \"T\"}\n{\"TableName\": \"U\"}\n", "log.ndjson");
  ASSERT_TRUE(N.Requests);
  ASSERT_EQ(N.Requests->Requests.size(), 2u);
  EXPECT_EQ(N.Requests->Requests[1].TableName, "U");
  EXPECT_EQ(N.SM.lineColumn(N.File, N.Requests->Requests[1].TableRange.Begin).Line, 2u);
}

TEST(DynamoReader, NotRequestsIsNotRead) {
  Read P(R"({"name": "my-app", "version": "1.0.0", "scripts": {"test": "jest"}})");
  EXPECT_FALSE(P.Requests);
  EXPECT_TRUE(P.Diags.sorted(P.SM).empty());
}

TEST(DynamoReader, BatchAndTransactionMembers) {
  Read R(R"({"operation": "TransactWriteItems", "request": {"TransactItems": [
    {"Put": {"TableName": "A", "Item": {}}},
    {"Update": {"TableName": "B", "Key": {}, "UpdateExpression": "SET x = :x", "ExpressionAttributeValues": {":x": {"N": "1"}}}},
    {"ConditionCheck": {"TableName": "C", "Key": {}, "ConditionExpression": "attribute_exists(k) "}}]}})");
  const Request &T = R.only();
  ASSERT_EQ(T.Members.size(), 3u);
  EXPECT_EQ(T.Members[0].Op, Operation::PutItem);
  EXPECT_EQ(T.Members[1].Op, Operation::UpdateItem);
  EXPECT_EQ(T.Members[1].TableName, "B");
  EXPECT_EQ(T.Members[2].Op, Operation::ConditionCheck);
  EXPECT_TRUE(T.Members[2].IsMember);
  Read B(R"({"operation": "BatchWriteItem", "request": {"RequestItems": {"Users": [{"PutRequest": {"Item": {}}}, {"DeleteRequest": {"Key": {}}}]}}})");
  const Request &W = B.only();
  ASSERT_EQ(W.Members.size(), 2u);
  EXPECT_EQ(W.Members[1].Op, Operation::DeleteItem);
  EXPECT_EQ(B.text(W.Members[1].TableRange), "Users");
}
