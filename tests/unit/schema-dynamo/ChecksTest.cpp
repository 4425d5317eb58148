//===- ChecksTest.cpp - Key checks on loaded DynamoDB tables --------------===//
#include "DynamoTestSupport.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::test;

namespace {

TEST(DynamoChecks, HotPartitionKeyOnTableAndGsi) {
  auto L = load(R"({"TableName": "Orders",
    "AttributeDefinitions": [{"AttributeName": "orderStatus", "AttributeType": "S"},
                             {"AttributeName": "orderId", "AttributeType": "S"},
                             {"AttributeName": "isGift", "AttributeType": "N"}],
    "KeySchema": [{"AttributeName": "orderStatus", "KeyType": "HASH"},
                  {"AttributeName": "orderId", "KeyType": "RANGE"}],
    "GlobalSecondaryIndexes": [{"IndexName": "ByGift",
      "KeySchema": [{"AttributeName": "isGift", "KeyType": "HASH"}],
      "Projection": {"ProjectionType": "KEYS_ONLY"}}]})");
  std::vector<Diagnostic> Hot = L->of(RuleId::HotPartitionKey);
  ASSERT_EQ(Hot.size(), 2u) << L->dump();
  EXPECT_EQ(L->Diags.size(), 2u) << L->dump();
  EXPECT_EQ(Hot[0].Level, Severity::Warning);
  EXPECT_EQ(L->at(Hot[0].Range), "\"orderStatus\"");
  EXPECT_EQ(Hot[0].Message.rfind("table 'Orders': partition key "
                                 "'orderStatus' is a status",
                                 0),
            0u)
      << Hot[0].Message;
  EXPECT_EQ(L->at(Hot[1].Range), "\"isGift\"");
  EXPECT_EQ(Hot[1].Message.rfind("global secondary index 'ByGift' of table "
                                 "'Orders': partition key 'isGift' is a "
                                 "yes/no flag",
                                 0),
            0u)
      << Hot[1].Message;
}

TEST(DynamoChecks, UnboundedPartitionWithNoteOnTheSortKey) {
  auto L = load(R"({"TableName": "Telemetry",
    "AttributeDefinitions": [{"AttributeName": "deviceId", "AttributeType": "S"},
                             {"AttributeName": "ts", "AttributeType": "N"}],
    "KeySchema": [{"AttributeName": "deviceId", "KeyType": "HASH"},
                  {"AttributeName": "ts", "KeyType": "RANGE"}]})");
  std::vector<Diagnostic> U = L->of(RuleId::UnboundedPartition);
  ASSERT_EQ(U.size(), 1u) << L->dump();
  EXPECT_EQ(L->Diags.size(), 1u) << L->dump();
  EXPECT_EQ(L->at(U[0].Range), "\"deviceId\"");
  ASSERT_EQ(U[0].Notes.size(), 1u);
  EXPECT_EQ(L->at(U[0].Notes[0].Range), "\"ts\"");
  EXPECT_NE(U[0].Message.find("((deviceId, bucket), ts)"), std::string::npos);
}

TEST(DynamoChecks, BucketedKeyIsClean) {
  auto L = load(R"({"TableName": "Telemetry",
    "AttributeDefinitions": [{"AttributeName": "deviceDay", "AttributeType": "S"},
                             {"AttributeName": "ts", "AttributeType": "N"}],
    "KeySchema": [{"AttributeName": "deviceDay", "KeyType": "HASH"},
                  {"AttributeName": "ts", "KeyType": "RANGE"}]})");
  // "deviceDay" reads as a composite "<device>#<day>" value: no finding.
  EXPECT_TRUE(L->Diags.empty()) << L->dump();

  auto Clean = load(R"({"TableName": "Telemetry",
    "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                             {"AttributeName": "SK", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                  {"AttributeName": "SK", "KeyType": "RANGE"}]})");
  EXPECT_TRUE(Clean->Diags.empty()) << Clean->dump();
}

TEST(DynamoChecks, ItemCollectionLimitPointsAtTheFirstLsi) {
  auto L = load(R"({"TableName": "Carts",
    "AttributeDefinitions": [{"AttributeName": "cartId", "AttributeType": "S"},
                             {"AttributeName": "sku", "AttributeType": "S"},
                             {"AttributeName": "price", "AttributeType": "N"}],
    "KeySchema": [{"AttributeName": "cartId", "KeyType": "HASH"},
                  {"AttributeName": "sku", "KeyType": "RANGE"}],
    "LocalSecondaryIndexes": [{"IndexName": "ByPrice",
      "KeySchema": [{"AttributeName": "cartId", "KeyType": "HASH"},
                    {"AttributeName": "price", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "ALL"}}]})");
  std::vector<Diagnostic> N = L->of(RuleId::ItemCollectionLimit);
  ASSERT_EQ(N.size(), 1u) << L->dump();
  EXPECT_EQ(L->Diags.size(), 1u) << L->dump();
  EXPECT_EQ(N[0].Level, Severity::Note);
  EXPECT_EQ(L->at(N[0].Range), "\"ByPrice\"");
  EXPECT_NE(N[0].Message.find("10 GB"), std::string::npos);
  ASSERT_EQ(N[0].Notes.size(), 1u);
  EXPECT_EQ(L->at(N[0].Notes[0].Range), "\"cartId\"");
}

TEST(DynamoChecks, LocalIndexOrderedByTimeIsUnbounded) {
  auto L = load(R"({"TableName": "Messages",
    "AttributeDefinitions": [{"AttributeName": "chatId", "AttributeType": "S"},
                             {"AttributeName": "messageId", "AttributeType": "S"},
                             {"AttributeName": "sentAt", "AttributeType": "N"}],
    "KeySchema": [{"AttributeName": "chatId", "KeyType": "HASH"},
                  {"AttributeName": "messageId", "KeyType": "RANGE"}],
    "LocalSecondaryIndexes": [{"IndexName": "BySentAt",
      "KeySchema": [{"AttributeName": "chatId", "KeyType": "HASH"},
                    {"AttributeName": "sentAt", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "KEYS_ONLY"}}]})");
  std::vector<Diagnostic> U = L->of(RuleId::UnboundedPartition);
  ASSERT_EQ(U.size(), 1u) << L->dump();
  EXPECT_EQ(U[0].Message.rfind("local secondary index 'BySentAt' of table "
                               "'Messages'",
                               0),
            0u);
  EXPECT_EQ(L->of(RuleId::ItemCollectionLimit).size(), 1u);
}

} // namespace
