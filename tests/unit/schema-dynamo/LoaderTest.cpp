//===- LoaderTest.cpp - Every DynamoDB schema format loads ----------------===//
#include "DynamoTestSupport.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::test;

namespace {

const char *OrdersCreateTable = R"({
  "TableName": "Orders",
  "AttributeDefinitions": [
    {"AttributeName": "customerId", "AttributeType": "S"},
    {"AttributeName": "orderId", "AttributeType": "S"},
    {"AttributeName": "sku", "AttributeType": "S"},
    {"AttributeName": "orderTotal", "AttributeType": "N"}
  ],
  "KeySchema": [
    {"AttributeName": "customerId", "KeyType": "HASH"},
    {"AttributeName": "orderId", "KeyType": "RANGE"}
  ],
  "GlobalSecondaryIndexes": [{
    "IndexName": "BySku",
    "KeySchema": [{"AttributeName": "sku", "KeyType": "HASH"}],
    "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["qty"]}
  }],
  "LocalSecondaryIndexes": [{
    "IndexName": "ByTotal",
    "KeySchema": [{"AttributeName": "customerId", "KeyType": "HASH"},
                  {"AttributeName": "orderTotal", "KeyType": "RANGE"}],
    "Projection": {"ProjectionType": "KEYS_ONLY"}
  }],
  "BillingMode": "PAY_PER_REQUEST",
  "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_IMAGE"}
})";

TEST(DynamoLoader, CreateTableRequest) {
  auto L = load(OrdersCreateTable);
  ASSERT_TRUE(L->Recognized);
  // Only the item-collection-limit note on the LSI.
  ASSERT_EQ(L->Diags.size(), 1u) << L->dump();
  EXPECT_EQ(L->Diags[0].Rule, RuleId::ItemCollectionLimit);
  EXPECT_EQ(L->at(L->Diags[0].Range), "\"ByTotal\"");

  const DynamoTable *T = L->Catalog.table("Orders");
  ASSERT_NE(T, nullptr);
  EXPECT_EQ(L->at(T->NameRange), "\"Orders\"");
  EXPECT_EQ(T->Format, DynamoSchemaFormat::CreateTable);
  ASSERT_EQ(T->Keys.Hash.size(), 1u);
  EXPECT_EQ(T->Keys.Hash[0].Name, "customerId");
  EXPECT_EQ(T->Keys.Hash[0].Type, DynamoScalarType::S);
  EXPECT_EQ(L->at(T->Keys.Hash[0].Range), "\"customerId\"");
  ASSERT_EQ(T->Keys.Range.size(), 1u);
  EXPECT_EQ(T->Keys.Range[0].Name, "orderId");
  EXPECT_EQ(T->Billing, DynamoBillingMode::PayPerRequest);
  EXPECT_EQ(T->StreamViewType, std::optional<std::string>("NEW_IMAGE"));

  const DynamoIndex *Gsi = L->Catalog.index("Orders", "BySku");
  ASSERT_NE(Gsi, nullptr);
  EXPECT_TRUE(Gsi->isGlobal());
  EXPECT_EQ(Gsi->Projection.Type, DynamoProjectionType::Include);
  EXPECT_EQ(Gsi->Projection.NonKeyAttributes,
            std::vector<std::string>{"qty"});
  EXPECT_FALSE(Gsi->Keys.hasSortKey());
  const DynamoIndex *Lsi = T->index("ByTotal");
  ASSERT_NE(Lsi, nullptr);
  EXPECT_TRUE(Lsi->isLocal());
  EXPECT_EQ(Lsi->Keys.sortKey()->Type, DynamoScalarType::N);
  EXPECT_EQ(T->keysFor("ByTotal"), &Lsi->Keys);
  EXPECT_EQ(T->keysFor(""), &T->Keys);
  EXPECT_EQ(T->keysFor("Nope"), nullptr);
  EXPECT_EQ(L->Catalog.table("orders"), nullptr); // case-sensitive
}

TEST(DynamoLoader, ArrayAndNdjsonOfCreateTables) {
  const char *Array = R"([
    {"TableName": "Users", "KeySchema": [{"AttributeName": "userId", "KeyType": "HASH"}],
     "AttributeDefinitions": [{"AttributeName": "userId", "AttributeType": "S"}]},
    {"TableName": "Carts", "KeySchema": [{"AttributeName": "cartId", "KeyType": "HASH"}],
     "AttributeDefinitions": [{"AttributeName": "cartId", "AttributeType": "S"}]}
  ])";
  auto A = load(Array);
  EXPECT_TRUE(A->Recognized);
  EXPECT_TRUE(A->Diags.empty()) << A->dump();
  EXPECT_EQ(A->Catalog.size(), 2u);
  EXPECT_NE(A->Catalog.table("Carts"), nullptr);

  const char *Ndjson =
      R"({"TableName": "Users", "KeySchema": [{"AttributeName": "userId", "KeyType": "HASH"}], "AttributeDefinitions": [{"AttributeName": "userId", "AttributeType": "S"}]})"
      "\n"
      R"({"TableName": "Carts", "KeySchema": [{"AttributeName": "cartId", "KeyType": "HASH"}], "AttributeDefinitions": [{"AttributeName": "cartId", "AttributeType": "B"}]})"
      "\n";
  auto N = load(Ndjson, "tables.ndjson");
  EXPECT_TRUE(N->Recognized);
  EXPECT_TRUE(N->Diags.empty()) << N->dump();
  ASSERT_NE(N->Catalog.table("Carts"), nullptr);
  EXPECT_EQ(N->Catalog.table("Carts")->Keys.Hash[0].Type, DynamoScalarType::B);
  // The second line's positions are file positions.
  EXPECT_EQ(N->at(N->Catalog.table("Carts")->NameRange), "\"Carts\"");
}

TEST(DynamoLoader, DescribeTableOutput) {
  const char *Describe = R"({
    "Table": {
      "AttributeDefinitions": [
        {"AttributeName": "deviceId", "AttributeType": "S"},
        {"AttributeName": "readingId", "AttributeType": "S"},
        {"AttributeName": "site", "AttributeType": "S"}
      ],
      "TableName": "Readings",
      "KeySchema": [
        {"AttributeName": "deviceId", "KeyType": "HASH"},
        {"AttributeName": "readingId", "KeyType": "RANGE"}
      ],
      "TableStatus": "ACTIVE",
      "CreationDateTime": "2025-01-02T10:00:00.000000+00:00",
      "ProvisionedThroughput": {"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 0, "WriteCapacityUnits": 0},
      "TableSizeBytes": 123456,
      "ItemCount": 42,
      "TableArn": "arn:aws:dynamodb:eu-west-1:111122223333:table/Readings",
      "TableId": "0f6c0a52-5d7b-4b5e-9a55-2a1b3c4d5e6f",
      "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST", "LastUpdateToPayPerRequestDateTime": "2025-01-02T10:00:00+00:00"},
      "GlobalSecondaryIndexes": [{
        "IndexName": "BySite",
        "KeySchema": [{"AttributeName": "site", "KeyType": "HASH"},
                      {"AttributeName": "readingId", "KeyType": "RANGE"}],
        "Projection": {"ProjectionType": "ALL"},
        "IndexStatus": "ACTIVE",
        "ProvisionedThroughput": {"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 0, "WriteCapacityUnits": 0},
        "IndexSizeBytes": 0, "ItemCount": 0,
        "IndexArn": "arn:aws:dynamodb:eu-west-1:111122223333:table/Readings/index/BySite"
      }],
      "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"},
      "LatestStreamLabel": "2025-01-02T10:00:00.000",
      "DeletionProtectionEnabled": false
    }
  })";
  auto L = load(Describe);
  ASSERT_TRUE(L->Recognized);
  EXPECT_TRUE(L->Diags.empty()) << L->dump();
  const DynamoTable *T = L->Catalog.table("Readings");
  ASSERT_NE(T, nullptr);
  EXPECT_EQ(T->Format, DynamoSchemaFormat::DescribeTable);
  EXPECT_EQ(T->Billing, DynamoBillingMode::PayPerRequest);
  EXPECT_EQ(T->StreamViewType,
            std::optional<std::string>("NEW_AND_OLD_IMAGES"));
  ASSERT_NE(T->index("BySite"), nullptr);
  EXPECT_EQ(T->index("BySite")->Keys.sortKey()->Name, "readingId");
}

TEST(DynamoLoader, MultiAttributeGsiKeysAreAccepted) {
  const char *Text = R"({
    "TableName": "Matches",
    "AttributeDefinitions": [
      {"AttributeName": "matchId", "AttributeType": "S"},
      {"AttributeName": "tournamentId", "AttributeType": "S"},
      {"AttributeName": "region", "AttributeType": "S"},
      {"AttributeName": "season", "AttributeType": "N"},
      {"AttributeName": "league", "AttributeType": "S"},
      {"AttributeName": "round", "AttributeType": "N"},
      {"AttributeName": "bracket", "AttributeType": "S"},
      {"AttributeName": "court", "AttributeType": "S"},
      {"AttributeName": "playerId", "AttributeType": "S"}
    ],
    "KeySchema": [{"AttributeName": "matchId", "KeyType": "HASH"}],
    "GlobalSecondaryIndexes": [{
      "IndexName": "TournamentRegion",
      "KeySchema": [
        {"AttributeName": "tournamentId", "KeyType": "HASH"},
        {"AttributeName": "region", "KeyType": "HASH"},
        {"AttributeName": "season", "KeyType": "HASH"},
        {"AttributeName": "league", "KeyType": "HASH"},
        {"AttributeName": "round", "KeyType": "RANGE"},
        {"AttributeName": "bracket", "KeyType": "RANGE"},
        {"AttributeName": "court", "KeyType": "RANGE"},
        {"AttributeName": "playerId", "KeyType": "RANGE"}
      ],
      "Projection": {"ProjectionType": "ALL"}
    }],
    "BillingMode": "PAY_PER_REQUEST"
  })";
  auto L = load(Text);
  EXPECT_TRUE(L->Diags.empty()) << L->dump();
  const DynamoIndex *I = L->Catalog.index("Matches", "TournamentRegion");
  ASSERT_NE(I, nullptr);
  ASSERT_EQ(I->Keys.Hash.size(), 4u);
  ASSERT_EQ(I->Keys.Range.size(), 4u);
  EXPECT_EQ(I->Keys.Hash[1].Name, "region");
  EXPECT_EQ(I->Keys.Hash[2].Type, DynamoScalarType::N);
  EXPECT_EQ(I->Keys.Range[3].Name, "playerId");
}

const char *CfnYaml = R"(AWSTemplateFormatVersion: "2010-09-09"
Transform: AWS::Serverless-2016-10-31
Parameters:
  Env:
    Type: String
    Default: prod
  Unset:
    Type: String
Resources:
  OrdersTable:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: !Sub "orders-${Env}"
      BillingMode: PAY_PER_REQUEST
      AttributeDefinitions:
        - AttributeName: customerId   # the customer
          AttributeType: S
        - AttributeName: orderId
          AttributeType: S
      KeySchema:
        - AttributeName: customerId
          KeyType: HASH
        - AttributeName: orderId
          KeyType: RANGE
      TimeToLiveSpecification:
        AttributeName: expiresAt
        Enabled: true
      StreamSpecification:
        StreamViewType: NEW_AND_OLD_IMAGES
  StackNamed:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: !Sub "${AWS::StackName}-sessions"
      AttributeDefinitions: [{AttributeName: sessionId, AttributeType: S}]
      KeySchema: [{AttributeName: sessionId, KeyType: HASH}]
  Joined:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: !Join ["-", [carts, !Ref Env]]
      AttributeDefinitions: [{AttributeName: cartId, AttributeType: S}]
      KeySchema: [{AttributeName: cartId, KeyType: HASH}]
  Referenced:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: !Ref Env
      AttributeDefinitions: [{AttributeName: pk, AttributeType: S}]
      KeySchema: [{AttributeName: pk, KeyType: HASH}]
  UnsetRef:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: !Ref Unset
      AttributeDefinitions: [{AttributeName: pk, AttributeType: S}]
      KeySchema: [{AttributeName: pk, KeyType: HASH}]
  NoName:
    Type: AWS::DynamoDB::GlobalTable
    Properties:
      AttributeDefinitions: [{AttributeName: pk, AttributeType: S}]
      KeySchema: [{AttributeName: pk, KeyType: HASH}]
      Replicas: [{Region: eu-west-1}]
  Simple:
    Type: AWS::Serverless::SimpleTable
    Properties:
      PrimaryKey: {Name: sku, Type: String}
  Bucket:
    Type: AWS::S3::Bucket
Outputs:
  Arn:
    Value: !GetAtt OrdersTable.Arn
)";

TEST(DynamoLoader, CloudFormationYamlWithIntrinsics) {
  auto L = load(CfnYaml, "template.yaml");
  ASSERT_TRUE(L->Recognized);
  EXPECT_TRUE(L->Diags.empty()) << L->dump();
  const DynamoTable *Orders = L->Catalog.table("orders-prod");
  ASSERT_NE(Orders, nullptr);
  EXPECT_EQ(Orders->Format, DynamoSchemaFormat::CloudFormation);
  EXPECT_EQ(Orders->LogicalId, "OrdersTable");
  EXPECT_EQ(L->at(Orders->NameRange), "\"orders-${Env}\"");
  EXPECT_EQ(L->at(Orders->Keys.Hash[0].Range), "customerId");
  EXPECT_EQ(L->at(Orders->AttributeDefinitions[0].NameRange), "customerId");
  EXPECT_EQ(Orders->TtlAttribute, std::optional<std::string>("expiresAt"));
  EXPECT_EQ(Orders->StreamViewType,
            std::optional<std::string>("NEW_AND_OLD_IMAGES"));
  EXPECT_EQ(Orders->Billing, DynamoBillingMode::PayPerRequest);

  // Pseudo parameters cannot be resolved: the logical id names the table.
  const DynamoTable *Stack = L->Catalog.table("StackNamed");
  ASSERT_NE(Stack, nullptr);
  EXPECT_EQ(L->at(Stack->NameRange), "StackNamed");
  EXPECT_NE(L->Catalog.table("carts-prod"), nullptr);
  EXPECT_NE(L->Catalog.table("prod"), nullptr);
  EXPECT_NE(L->Catalog.table("UnsetRef"), nullptr);
  EXPECT_NE(L->Catalog.table("NoName"), nullptr);
  const DynamoTable *Simple = L->Catalog.table("Simple");
  ASSERT_NE(Simple, nullptr);
  EXPECT_EQ(Simple->Keys.Hash[0].Name, "sku");
  EXPECT_EQ(Simple->Keys.Hash[0].Type, DynamoScalarType::S);
  EXPECT_EQ(L->Catalog.size(), 7u);
}

TEST(DynamoLoader, CloudFormationJsonLongForms) {
  const char *Text = R"({
  "Parameters": {"Stage": {"Type": "String", "Default": "dev"}},
  "Resources": {
    "Events": {
      "Type": "AWS::DynamoDB::Table",
      "Properties": {
        "TableName": {"Fn::Sub": ["events-${S}-${Stage}", {"S": "eu"}]},
        "AttributeDefinitions": [{"AttributeName": "eventId", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "eventId", "KeyType": "HASH"}]
      }
    },
    "Audit": {
      "Type": "AWS::DynamoDB::Table",
      "Properties": {
        "TableName": {"Fn::Join": ["_", ["audit", {"Ref": "Stage"}]]},
        "AttributeDefinitions": [{"AttributeName": "auditId", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "auditId", "KeyType": "HASH"}]
      }
    },
    "Region": {
      "Type": "AWS::DynamoDB::Table",
      "Properties": {
        "TableName": {"Fn::Sub": "r-${AWS::Region}"},
        "AttributeDefinitions": [{"AttributeName": "rid", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "rid", "KeyType": "HASH"}]
      }
    }
  }
})";
  auto L = load(Text, "template.json");
  ASSERT_TRUE(L->Recognized);
  EXPECT_TRUE(L->Diags.empty()) << L->dump();
  EXPECT_NE(L->Catalog.table("events-eu-dev"), nullptr);
  EXPECT_NE(L->Catalog.table("audit_dev"), nullptr);
  EXPECT_NE(L->Catalog.table("Region"), nullptr);
}

TEST(DynamoLoader, WorkbenchExport) {
  const char *Text = R"({
  "ModelName": "Catalog",
  "ModelMetadata": {"Author": "t", "Version": "3.0", "AWSService": "Amazon DynamoDB"},
  "DataModel": [{
    "TableName": "ProductCatalog",
    "KeyAttributes": {
      "PartitionKey": {"AttributeName": "PK", "AttributeType": "S"},
      "SortKey": {"AttributeName": "SK", "AttributeType": "S"}
    },
    "NonKeyAttributes": [
      {"AttributeName": "name", "AttributeType": "S"},
      {"AttributeName": "stock", "AttributeType": "N"},
      {"AttributeName": "GSI1PK", "AttributeType": "S"},
      {"AttributeName": "GSI1SK", "AttributeType": "S"}
    ],
    "GlobalSecondaryIndexes": [{
      "IndexName": "GSI1",
      "KeyAttributes": {
        "PartitionKey": {"AttributeName": "GSI1PK", "AttributeType": "S"},
        "SortKey": {"AttributeName": "GSI1SK", "AttributeType": "S"}
      },
      "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["name"]}
    }],
    "TableData": [{"PK": {"S": "P#1"}, "SK": {"S": "METADATA"}}],
    "DataAccess": {"MySql": {}},
    "BillingMode": "PROVISIONED"
  }]
})";
  auto L = load(Text);
  ASSERT_TRUE(L->Recognized);
  EXPECT_TRUE(L->Diags.empty()) << L->dump();
  const DynamoTable *T = L->Catalog.table("ProductCatalog");
  ASSERT_NE(T, nullptr);
  EXPECT_EQ(T->Format, DynamoSchemaFormat::Workbench);
  EXPECT_EQ(T->Keys.Hash[0].Name, "PK");
  EXPECT_EQ(T->Keys.Range[0].Name, "SK");
  EXPECT_EQ(T->Billing, DynamoBillingMode::Provisioned);
  const DynamoIndex *G = T->index("GSI1");
  ASSERT_NE(G, nullptr);
  EXPECT_EQ(G->Projection.Type, DynamoProjectionType::Include);
  EXPECT_EQ(L->at(G->Keys.Hash[0].Range), "\"GSI1PK\"");
}

TEST(DynamoLoader, NotASchemaIsSkippedSilently) {
  for (const char *Text :
       {R"({"name": "web", "version": "1.0.0", "dependencies": {}})",
        "[1, 2, 3]", "{\"broken\": ", "name: web\nversion: 1\n",
        "Resources:\n  B:\n    Type: AWS::S3::Bucket\n", "key: [unclosed\n",
        ""}) {
    auto L = load(Text);
    EXPECT_FALSE(L->Recognized) << Text;
    EXPECT_TRUE(L->Diags.empty()) << Text << "\n" << L->dump();
    EXPECT_TRUE(L->Catalog.empty());
  }
}

TEST(DynamoLoader, BrokenSchemaFileIsReported) {
  auto J = load(R"({"TableName": "T", "KeySchema": [}])");
  EXPECT_TRUE(J->Recognized);
  ASSERT_EQ(J->Diags.size(), 1u);
  EXPECT_EQ(J->Diags[0].Rule, RuleId::SchemaError);
  EXPECT_EQ(J->Diags[0].Message, "invalid JSON: Invalid value.");
  EXPECT_EQ(J->Diags[0].Range.Begin, 33u);

  auto Y = load("Resources:\n  T:\n    Type: AWS::DynamoDB::Table\n    "
                "Properties: [a, b\n",
                "t.yaml");
  EXPECT_TRUE(Y->Recognized);
  ASSERT_EQ(Y->Diags.size(), 1u);
  EXPECT_EQ(Y->Diags[0].Message.rfind("invalid YAML: ", 0), 0u)
      << Y->Diags[0].Message;
}

TEST(DynamoLoader, DeepYamlIsRefused) {
  std::string Deep = "Resources: " + std::string(100000, '[') + "\n";
  Deep += "# AWS::DynamoDB::Table\n";
  auto L = load(Deep, "deep.yaml");
  ASSERT_EQ(L->Diags.size(), 1u);
  EXPECT_EQ(L->Diags[0].Message,
            "invalid YAML: YAML nested deeper than 512 levels");
}

TEST(DynamoLoader, YamlAliasesAreExpandedWithinBudget) {
  const char *Text = R"(Resources:
  A:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: aliased
      AttributeDefinitions: &defs
        - {AttributeName: pk, AttributeType: S}
      KeySchema:
        - {AttributeName: pk, KeyType: HASH}
  B:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: aliased2
      AttributeDefinitions: *defs
      KeySchema:
        - {AttributeName: pk, KeyType: HASH}
)";
  auto L = load(Text, "a.yaml");
  EXPECT_TRUE(L->Diags.empty()) << L->dump();
  const DynamoTable *B = L->Catalog.table("aliased2");
  ASSERT_NE(B, nullptr);
  ASSERT_EQ(B->AttributeDefinitions.size(), 1u);
  EXPECT_EQ(B->Keys.Hash[0].Type, DynamoScalarType::S);
}

} // namespace
