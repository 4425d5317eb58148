//===- KeyHeuristicsTest.cpp - Name tokens and key verdicts ---------------===//
#include "nosqlint/Schema/KeyHeuristics.h"

#include <gtest/gtest.h>

using namespace nosqlint;

namespace {

KeyShape key(std::vector<KeyPart> Partition, std::vector<KeyPart> Sort = {}) {
  return {std::move(Partition), std::move(Sort)};
}

bool hot(std::vector<KeyPart> Partition, Dialect D = Dialect::Cql) {
  return judgeHotPartitionKey(key(std::move(Partition)), D).has_value();
}

bool unbounded(std::vector<KeyPart> Partition, std::vector<KeyPart> Sort,
               Dialect D = Dialect::Cql) {
  return judgeUnboundedPartition(key(std::move(Partition), std::move(Sort)), D)
      .has_value();
}

TEST(KeyHeuristics, SplitsNameTokens) {
  using V = std::vector<std::string>;
  EXPECT_EQ(splitNameTokens("order_status"), (V{"order", "status"}));
  EXPECT_EQ(splitNameTokens("orderStatus"), (V{"order", "status"}));
  EXPECT_EQ(splitNameTokens("OrderStatus"), (V{"order", "status"}));
  EXPECT_EQ(splitNameTokens("HTTPStatusCode"), (V{"http", "status", "code"}));
  EXPECT_EQ(splitNameTokens("day-of-week"), (V{"day", "of", "week"}));
  EXPECT_EQ(splitNameTokens("GSI1PK"), (V{"gsi", "1", "pk"}));
  EXPECT_EQ(splitNameTokens("isActive"), (V{"is", "active"}));
  EXPECT_EQ(splitNameTokens("__x__"), (V{"x"}));
  EXPECT_TRUE(splitNameTokens("").empty());
}

TEST(KeyHeuristics, LowCardinalityNames) {
  EXPECT_TRUE(hot({{"status", "text"}}));
  EXPECT_TRUE(hot({{"order_status", "text"}}));
  EXPECT_TRUE(hot({{"orderStatus", "S"}}, Dialect::DynamoDb));
  EXPECT_TRUE(hot({{"country_code", "text"}}));
  EXPECT_TRUE(hot({{"gender", "text"}}));
  EXPECT_TRUE(hot({{"category", "text"}}));
  EXPECT_TRUE(hot({{"day_of_week", "int"}}));
  EXPECT_TRUE(hot({{"is_active", "int"}}));
  EXPECT_TRUE(hot({{"hasChildren", "S"}}));
  EXPECT_TRUE(hot({{"statusId", "int"}}));
  // The head noun decides: these are identifiers, not categories.
  EXPECT_FALSE(hot({{"statusMessageId", "text"}}));
  EXPECT_FALSE(hot({{"state_machine_arn", "text"}}));
  EXPECT_FALSE(hot({{"user_id", "uuid"}}));
  EXPECT_FALSE(hot({{"isbn", "text"}}));
  EXPECT_FALSE(hot({{"typeahead_query", "text"}}));
  EXPECT_FALSE(hot({{"PK", "S"}}));
}

TEST(KeyHeuristics, BooleansAndBuckets) {
  EXPECT_TRUE(hot({{"flagged", "boolean"}}));
  EXPECT_TRUE(hot({{"event_date", "text"}}));
  EXPECT_TRUE(hot({{"d", "date"}}));
  EXPECT_TRUE(hot({{"hour", "int"}}));
  EXPECT_TRUE(hot({{"time_bucket", "text"}}));
  EXPECT_TRUE(hot({{"order_date", "text"}}));
  EXPECT_TRUE(hot({{"createdDay", "S"}}, Dialect::DynamoDb));
  // A bucket combined with an entity reads as a composite value.
  EXPECT_FALSE(hot({{"device_day", "text"}}));
  EXPECT_FALSE(hot({{"created_at", "timestamp"}}));
}

TEST(KeyHeuristics, CompositePartitionKeys) {
  // One strong part spreads the key.
  EXPECT_FALSE(hot({{"sensor_id", "uuid"}, {"day", "date"}}));
  EXPECT_FALSE(hot({{"status", "text"}, {"customer_id", "uuid"}}));
  // All weak parts do not.
  std::optional<KeyVerdict> V = judgeHotPartitionKey(
      key({{"status", "text"}, {"day", "date"}}), Dialect::Cql);
  ASSERT_TRUE(V.has_value());
  EXPECT_NE(V->Reason.find("(status, day) combines only low-cardinality"),
            std::string::npos)
      << V->Reason;
}

TEST(KeyHeuristics, HotVerdictTexts) {
  std::optional<KeyVerdict> Cql =
      judgeHotPartitionKey(key({{"is_active", "boolean"}}), Dialect::Cql);
  ASSERT_TRUE(Cql.has_value());
  EXPECT_EQ(Cql->Reason, "partition key 'is_active' is a boolean: with only "
                         "two values, all traffic goes to at most two "
                         "partitions");
  EXPECT_NE(Cql->Suggestion.find("((is_active, customer_id))"),
            std::string::npos);
  std::optional<KeyVerdict> Ddb =
      judgeHotPartitionKey(key({{"orderStatus", "S"}}), Dialect::DynamoDb);
  ASSERT_TRUE(Ddb.has_value());
  EXPECT_NE(Ddb->Reason.find("every item with the same value lands in one "
                             "partition"),
            std::string::npos);
  EXPECT_NE(Ddb->Suggestion.find("write sharding (\"orderStatus#N\""),
            std::string::npos);
  EXPECT_EQ(Ddb->message(), Ddb->Reason + "; " + Ddb->Suggestion);
  std::optional<KeyVerdict> Bucket =
      judgeHotPartitionKey(key({{"event_date", "text"}}), Dialect::Cql);
  ASSERT_TRUE(Bucket.has_value());
  EXPECT_NE(Bucket->Reason.find("time bucket alone"), std::string::npos);
}

TEST(KeyHeuristics, UnboundedPartitions) {
  EXPECT_TRUE(unbounded({{"device_id", "uuid"}}, {{"ts", "timestamp"}}));
  EXPECT_TRUE(unbounded({{"deviceId", "S"}}, {{"createdAt", "N"}},
                        Dialect::DynamoDb));
  EXPECT_TRUE(unbounded({{"id", "uuid"}}, {{"event_time", "timeuuid"}}));
  EXPECT_TRUE(unbounded({{"user_id", "text"}}, {{"when", "timeuuid"}}));
  EXPECT_TRUE(unbounded({{"tenant_id", "uuid"}, {"user_id", "uuid"}},
                        {{"created", "timestamp"}}));
  // A bucket in the partition key bounds it.
  EXPECT_FALSE(unbounded({{"device_id", "uuid"}, {"day", "date"}},
                         {{"ts", "timestamp"}}));
  // Not time-ordered, or not an entity id.
  EXPECT_FALSE(unbounded({{"device_id", "uuid"}}, {{"sensor_name", "text"}}));
  EXPECT_FALSE(unbounded({{"status_id", "int"}}, {{"ts", "timestamp"}}));
  EXPECT_FALSE(unbounded({{"device_id", "uuid"}}, {}));
  EXPECT_FALSE(unbounded({{"PK", "S"}}, {{"SK", "S"}}, Dialect::DynamoDb));
}

TEST(KeyHeuristics, UnboundedVerdictTexts) {
  std::optional<KeyVerdict> Cql = judgeUnboundedPartition(
      key({{"device_id", "uuid"}}, {{"ts", "timestamp"}}), Dialect::Cql);
  ASSERT_TRUE(Cql.has_value());
  EXPECT_NE(Cql->Suggestion.find("PRIMARY KEY ((device_id, bucket), ts)"),
            std::string::npos)
      << Cql->Suggestion;
  std::optional<KeyVerdict> Ddb = judgeUnboundedPartition(
      key({{"deviceId", "S"}}, {{"ts", "N"}}), Dialect::DynamoDb);
  ASSERT_TRUE(Ddb.has_value());
  EXPECT_NE(Ddb->Reason.find("1,000 write units"), std::string::npos);
  EXPECT_NE(Ddb->Suggestion.find("((deviceId, bucket), ts)"),
            std::string::npos);
  EXPECT_EQ(Ddb->PartIndex, 0u);
}

} // namespace
