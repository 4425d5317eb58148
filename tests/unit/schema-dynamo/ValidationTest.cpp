//===- ValidationTest.cpp - schema-error: DynamoDB's CreateTable rules ----===//
#include "DynamoTestSupport.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::test;

namespace {

/// Loads \p Text and expects exactly one schema-error; returns it.
Diagnostic oneError(const Loaded &L) {
  std::vector<Diagnostic> Errors = L.of(RuleId::SchemaError);
  EXPECT_EQ(Errors.size(), 1u) << L.dump();
  if (Errors.empty())
    return {};
  EXPECT_EQ(Errors[0].Level, Severity::Error);
  EXPECT_EQ(Errors[0].Lang, Dialect::DynamoDb);
  return Errors[0];
}

TEST(DynamoValidation, KeyAttributeNotDefined) {
  auto L = load(R"({"TableName": "Table1",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                  {"AttributeName": "sk", "KeyType": "RANGE"}]})");
  Diagnostic D = oneError(*L);
  EXPECT_EQ(D.Message, "One or more parameter values were invalid: Some index "
                       "key attributes are not defined in "
                       "AttributeDefinitions. Keys: [pk, sk], "
                       "AttributeDefinitions: [pk]");
  EXPECT_EQ(L->at(D.Range), "\"sk\"");
}

TEST(DynamoValidation, UnusedAttributeDefinition) {
  auto L = load(R"({"TableName": "Table1",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                             {"AttributeName": "extra", "AttributeType": "N"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]})");
  Diagnostic D = oneError(*L);
  EXPECT_EQ(D.Message, "One or more parameter values were invalid: Number of "
                       "attributes in KeySchema does not exactly match number "
                       "of attributes defined in AttributeDefinitions");
  EXPECT_EQ(L->at(D.Range),
            R"({"AttributeName": "extra", "AttributeType": "N"})");

  auto WithIndex = load(R"({"TableName": "Table1",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                             {"AttributeName": "gk", "AttributeType": "S"},
                             {"AttributeName": "extra", "AttributeType": "N"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
    "GlobalSecondaryIndexes": [{"IndexName": "Gsi1",
      "KeySchema": [{"AttributeName": "gk", "KeyType": "HASH"}],
      "Projection": {"ProjectionType": "ALL"}}]})");
  EXPECT_EQ(oneError(*WithIndex).Message,
            "One or more parameter values were invalid: Some "
            "AttributeDefinitions are not used. AttributeDefinitions: [pk, gk, "
            "extra], keys used: [pk, gk]");
}

TEST(DynamoValidation, InvalidKeyTypeAndAttributeType) {
  auto L = load(R"({"TableName": "Table1",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "STRING"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "PARTITION"}]})");
  std::vector<Diagnostic> Errors = L->of(RuleId::SchemaError);
  ASSERT_EQ(Errors.size(), 2u) << L->dump();
  EXPECT_EQ(Errors[0].Message,
            "1 validation error detected: Value 'STRING' at "
            "'attributeDefinitions.1.member.attributeType' failed to satisfy "
            "constraint: Member must satisfy enum value set: [B, N, S]");
  EXPECT_EQ(L->at(Errors[0].Range), "\"STRING\"");
  EXPECT_EQ(Errors[1].Message,
            "1 validation error detected: Value 'PARTITION' at "
            "'keySchema.1.member.keyType' failed to satisfy constraint: Member "
            "must satisfy enum value set: [HASH, RANGE]");
  EXPECT_EQ(L->at(Errors[1].Range), "\"PARTITION\"");
}

TEST(DynamoValidation, KeySchemaOrder) {
  auto L = load(R"({"TableName": "Table1",
    "AttributeDefinitions": [{"AttributeName": "a", "AttributeType": "S"},
                             {"AttributeName": "b", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "a", "KeyType": "RANGE"},
                  {"AttributeName": "b", "KeyType": "HASH"}]})");
  std::vector<Diagnostic> Errors = L->of(RuleId::SchemaError);
  ASSERT_EQ(Errors.size(), 2u) << L->dump();
  EXPECT_EQ(Errors[0].Message, "Invalid KeySchema: The first KeySchemaElement "
                               "is not a HASH key type");
  EXPECT_EQ(Errors[1].Message, "Invalid KeySchema: The second "
                               "KeySchemaElement is not a RANGE key type");
}

TEST(DynamoValidation, TableKeyWithThreeElements) {
  auto L = load(R"({"TableName": "Table1",
    "AttributeDefinitions": [{"AttributeName": "a", "AttributeType": "S"},
                             {"AttributeName": "b", "AttributeType": "S"},
                             {"AttributeName": "c", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "a", "KeyType": "HASH"},
                  {"AttributeName": "b", "KeyType": "RANGE"},
                  {"AttributeName": "c", "KeyType": "RANGE"}]})");
  Diagnostic D = oneError(*L);
  EXPECT_EQ(D.Message,
            "1 validation error detected: Value "
            "'[KeySchemaElement(attributeName=a, keyType=HASH), "
            "KeySchemaElement(attributeName=b, keyType=RANGE), "
            "KeySchemaElement(attributeName=c, keyType=RANGE)]' at 'keySchema' "
            "failed to satisfy constraint: Member must have length less than "
            "or equal to 2");
  EXPECT_EQ(L->at(D.Range), R"({"AttributeName": "c", "KeyType": "RANGE"})");
}

TEST(DynamoValidation, LocalIndexWithOtherPartitionKey) {
  auto L = load(R"({"TableName": "Table1",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                             {"AttributeName": "sk", "AttributeType": "S"},
                             {"AttributeName": "other", "AttributeType": "S"},
                             {"AttributeName": "rank", "AttributeType": "N"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                  {"AttributeName": "sk", "KeyType": "RANGE"}],
    "LocalSecondaryIndexes": [{"IndexName": "Lsi1",
      "KeySchema": [{"AttributeName": "other", "KeyType": "HASH"},
                    {"AttributeName": "rank", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "ALL"}}]})");
  Diagnostic D = oneError(*L);
  EXPECT_EQ(D.Message, "One or more parameter values were invalid: Index "
                       "KeySchema does not have the same leading hash key as "
                       "table KeySchema for index: Lsi1. index hash key: other, "
                       "table hash key: pk");
  EXPECT_EQ(L->at(D.Range), "\"other\"");
  ASSERT_EQ(D.Notes.size(), 1u);
  EXPECT_EQ(L->at(D.Notes[0].Range), "\"pk\"");
}

TEST(DynamoValidation, LocalIndexOnHashOnlyTable) {
  auto L = load(R"({"TableName": "Table1",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                             {"AttributeName": "rank", "AttributeType": "N"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
    "LocalSecondaryIndexes": [{"IndexName": "Lsi1",
      "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                    {"AttributeName": "rank", "KeyType": "RANGE"}],
      "Projection": {"ProjectionType": "ALL"}}]})");
  Diagnostic D = oneError(*L);
  EXPECT_EQ(D.Message, "One or more parameter values were invalid: Table "
                       "KeySchema does not have a range key, which is required "
                       "when specifying a LocalSecondaryIndex");
  EXPECT_EQ(L->at(D.Range), "\"Lsi1\"");
}

std::string manyIndexes(const char *Member, int Count, bool Local) {
  std::string S = R"({"TableName": "Table1", "AttributeDefinitions": [
    {"AttributeName": "pk", "AttributeType": "S"},
    {"AttributeName": "sk", "AttributeType": "S"},
    {"AttributeName": "x", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                  {"AttributeName": "sk", "KeyType": "RANGE"}], ")";
  S += Member;
  S += "\": [";
  for (int I = 0; I < Count; ++I) {
    if (I)
      S += ",\n";
    S += "{\"IndexName\": \"idx" + std::to_string(I) + "\", \"KeySchema\": [";
    S += Local ? R"({"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "x", "KeyType": "RANGE"})"
               : R"({"AttributeName": "x", "KeyType": "HASH"})";
    S += R"(], "Projection": {"ProjectionType": "KEYS_ONLY"}})";
  }
  return S + "]}";
}

TEST(DynamoValidation, TooManyIndexes) {
  auto Five = load(manyIndexes("LocalSecondaryIndexes", 5, true));
  EXPECT_TRUE(Five->of(RuleId::SchemaError).empty()) << Five->dump();
  auto Six = load(manyIndexes("LocalSecondaryIndexes", 6, true));
  Diagnostic D = oneError(*Six);
  EXPECT_EQ(D.Message, "One or more parameter values were invalid: Number of "
                       "LocalSecondaryIndexes exceeds per-table limit of 5");
  EXPECT_EQ(Six->at(D.Range), "\"idx5\"");

  auto Twenty = load(manyIndexes("GlobalSecondaryIndexes", 20, false));
  EXPECT_TRUE(Twenty->of(RuleId::SchemaError).empty()) << Twenty->dump();
  auto TwentyOne = load(manyIndexes("GlobalSecondaryIndexes", 21, false));
  D = oneError(*TwentyOne);
  EXPECT_EQ(D.Message, "One or more parameter values were invalid: "
                       "GlobalSecondaryIndex count exceeds the per-table limit "
                       "of 20");
  EXPECT_EQ(TwentyOne->at(D.Range), "\"idx20\"");
}

TEST(DynamoValidation, DuplicateIndexName) {
  auto L = load(R"({"TableName": "Table1",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                             {"AttributeName": "g", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
    "GlobalSecondaryIndexes": [
      {"IndexName": "ByG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
       "Projection": {"ProjectionType": "ALL"}},
      {"IndexName": "ByG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
       "Projection": {"ProjectionType": "ALL"}}]})");
  Diagnostic D = oneError(*L);
  EXPECT_EQ(D.Message, "One or more parameter values were invalid: Duplicate "
                       "index name: ByG");
  ASSERT_EQ(D.Notes.size(), 1u);
  EXPECT_LT(D.Notes[0].Range.Begin, D.Range.Begin);
  EXPECT_EQ(L->at(D.Notes[0].Range), "\"ByG\"");
}

TEST(DynamoValidation, IncludeProjectionWithoutNonKeyAttributes) {
  auto L = load(R"({"TableName": "Table1",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                             {"AttributeName": "g", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
    "GlobalSecondaryIndexes": [
      {"IndexName": "ByG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
       "Projection": {"ProjectionType": "INCLUDE"}}]})");
  Diagnostic D = oneError(*L);
  EXPECT_EQ(D.Message, "One or more parameter values were invalid: "
                       "ProjectionType is INCLUDE, but NonKeyAttributes is not "
                       "specified");
  EXPECT_EQ(L->at(D.Range), "\"INCLUDE\"");

  auto Keys = load(R"({"TableName": "Table1",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                             {"AttributeName": "g", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
    "GlobalSecondaryIndexes": [
      {"IndexName": "ByG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
       "Projection": {"ProjectionType": "KEYS_ONLY", "NonKeyAttributes": ["a"]}}]})");
  EXPECT_EQ(oneError(*Keys).Message,
            "One or more parameter values were invalid: ProjectionType is "
            "KEYS_ONLY, but NonKeyAttributes is specified");
}

TEST(DynamoValidation, GsiWithFiveHashAttributes) {
  std::string Defs, Keys;
  for (int I = 1; I <= 6; ++I) {
    std::string N = "a";
    N += std::to_string(I);
    Defs += R"(, {"AttributeName": ")";
    Defs += N;
    Defs += R"(", "AttributeType": "S"})";
    if (I > 5)
      continue;
    if (I > 1)
      Keys += ", ";
    Keys += R"({"AttributeName": ")";
    Keys += N;
    Keys += R"(", "KeyType": "HASH"})";
  }
  Keys += R"(, {"AttributeName": "a6", "KeyType": "RANGE"})";
  std::string Text = R"({"TableName": "Table1", "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"})" +
                     Defs +
                     R"(], "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
    "GlobalSecondaryIndexes": [{"IndexName": "Wide", "KeySchema": [)" +
                     Keys + R"(], "Projection": {"ProjectionType": "ALL"}}]})";
  auto L = load(Text);
  Diagnostic D = oneError(*L);
  EXPECT_EQ(D.Message, "One or more parameter values were invalid: Index "
                       "KeySchema for index: Wide has more than 4 HASH key "
                       "attributes; a global secondary index key has at most 4 "
                       "HASH and 4 RANGE attributes");
  EXPECT_EQ(L->at(D.Range), R"({"AttributeName": "a5", "KeyType": "HASH"})");
}

TEST(DynamoValidation, GsiHashAfterRange) {
  auto L = load(R"({"TableName": "Table1",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                             {"AttributeName": "a", "AttributeType": "S"},
                             {"AttributeName": "b", "AttributeType": "S"},
                             {"AttributeName": "c", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
    "GlobalSecondaryIndexes": [{"IndexName": "Mixed", "KeySchema": [
        {"AttributeName": "a", "KeyType": "HASH"},
        {"AttributeName": "b", "KeyType": "RANGE"},
        {"AttributeName": "c", "KeyType": "HASH"}],
      "Projection": {"ProjectionType": "ALL"}}]})");
  Diagnostic D = oneError(*L);
  EXPECT_EQ(D.Message, "One or more parameter values were invalid: Index "
                       "KeySchema: HASH key attributes must come before RANGE "
                       "key attributes for index: Mixed");
}

TEST(DynamoValidation, DuplicateTablesPointAtTheFirst) {
  auto L = load(R"([
    {"TableName": "Twice", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
     "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]},
    {"TableName": "Twice", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
     "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]}])");
  Diagnostic D = oneError(*L);
  EXPECT_EQ(D.Message, "Table already exists: Twice");
  ASSERT_EQ(D.Notes.size(), 1u);
  EXPECT_LT(D.Notes[0].Range.Begin, D.Range.Begin);
  EXPECT_EQ(L->Catalog.size(), 1u);
}

TEST(DynamoValidation, DuplicateAttributeDefinition) {
  auto L = load(R"({"TableName": "Table1",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                             {"AttributeName": "pk", "AttributeType": "N"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]})");
  Diagnostic D = oneError(*L);
  EXPECT_EQ(D.Message, "Cannot have two attributes with the same name");
}

TEST(DynamoValidation, MissingMembersAndBadNames) {
  auto L = load(R"({"TableName": "my table", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]})");
  std::vector<Diagnostic> Errors = L->of(RuleId::SchemaError);
  ASSERT_EQ(Errors.size(), 3u) << L->dump();
  EXPECT_EQ(Errors[0].Message,
            "1 validation error detected: Value null at 'attributeDefinitions' "
            "failed to satisfy constraint: Member must not be null");
  EXPECT_EQ(Errors[1].Message,
            "1 validation error detected: Value 'my table' at 'tableName' "
            "failed to satisfy constraint: Member must satisfy regular "
            "expression pattern: [a-zA-Z0-9_.-]+");
  EXPECT_EQ(L->at(Errors[1].Range), "\"my table\"");
  EXPECT_NE(Errors[2].Message.find("Some index key attributes are not defined"),
            std::string::npos);
}

TEST(DynamoValidation, CloudFormationErrorsPointIntoTheYaml) {
  const char *Text = R"(Resources:
  Orders:
    Type: AWS::DynamoDB::Table
    Properties:
      AttributeDefinitions:
        - AttributeName: pk
          AttributeType: S
      KeySchema:
        - AttributeName: pk
          KeyType: HASH
        - AttributeName: sk
          KeyType: RANGE
)";
  auto L = load(Text, "t.yaml");
  Diagnostic D = oneError(*L);
  EXPECT_EQ(L->at(D.Range), "sk");
  EXPECT_EQ(D.Range.Begin, std::string(Text).find("sk"));
}

} // namespace
