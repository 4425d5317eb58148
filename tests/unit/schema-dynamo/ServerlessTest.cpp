//===- ServerlessTest.cpp - Tables of Serverless Framework files ----------===//
#include "DynamoTestSupport.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::test;

namespace {

/// A table resource keyed by \p Key, named by \p Name, in YAML indented
/// by \p Indent (4: under `resources: Resources:`).
std::string table(const std::string &LogicalId, const std::string &Name,
                  const std::string &Key = "id", unsigned Indent = 4) {
  std::string In(Indent, ' ');
  std::string S = In + LogicalId + ":\n";
  S += In + "  Type: AWS::DynamoDB::Table\n";
  S += In + "  Properties:\n";
  if (!Name.empty())
    S += In + "    TableName: " + Name + "\n";
  S += In + "    BillingMode: PAY_PER_REQUEST\n";
  S += In + "    AttributeDefinitions:\n";
  S += In + "      - AttributeName: " + Key + "\n";
  S += In + "        AttributeType: S\n";
  S += In + "    KeySchema:\n";
  S += In + "      - AttributeName: " + Key + "\n";
  S += In + "        KeyType: HASH\n";
  return S;
}

std::string service(const std::string &Head, const std::string &Tables) {
  return Head + "resources:\n  Resources:\n" + Tables;
}

/// The names of the catalog's tables, in order.
std::vector<std::string> names(const Loaded &L) {
  std::vector<std::string> Names;
  for (const DynamoTable &T : L.Catalog.tables())
    Names.push_back(T.Name);
  return Names;
}

TEST(DynamoServerless, PlainResources) {
  std::string Text = service("service: shop\nprovider:\n  name: aws\n",
                             table("OrdersTable", "orders", "orderId") +
                                 table("Unnamed", ""));
  Text += "    Bucket:\n      Type: AWS::S3::Bucket\n";
  auto L = load(Text, "serverless.yml");
  ASSERT_TRUE(L->Recognized);
  EXPECT_TRUE(L->Diags.empty()) << L->dump();
  EXPECT_EQ(names(*L), (std::vector<std::string>{"orders", "Unnamed"}));
  const DynamoTable *T = L->Catalog.table("orders");
  ASSERT_NE(T, nullptr);
  EXPECT_EQ(T->Format, DynamoSchemaFormat::CloudFormation);
  EXPECT_EQ(T->LogicalId, "OrdersTable");
  EXPECT_EQ(L->at(T->NameRange), "orders");
  EXPECT_EQ(T->Keys.Hash[0].Name, "orderId");
  EXPECT_EQ(L->at(T->Keys.Hash[0].Range), "orderId");
  EXPECT_EQ(T->Billing, DynamoBillingMode::PayPerRequest);
}

TEST(DynamoServerless, ResourcesList) {
  std::string Text = "service: shop\n"
                     "provider: {name: aws, stage: prod}\n"
                     "resources:\n"
                     "  - ${file(resources/s3.yml)}\n"
                     "  - Resources:\n" +
                     table("Orders", "orders-${sls:stage}", "id", 6) +
                     "  - Outputs: {}\n"
                     "  - Resources:\n" +
                     table("Users", "users", "id", 6) +
                     // A later element redefines a resource: Serverless
                     // merges the list, the last definition wins.
                     table("Orders", "orders-v2-${sls:stage}", "id", 6);
  auto L = load(Text, "serverless.yml");
  ASSERT_TRUE(L->Recognized);
  EXPECT_TRUE(L->Diags.empty()) << L->dump();
  EXPECT_EQ(names(*L), (std::vector<std::string>{"orders-v2-prod", "users"}));
}

TEST(DynamoServerless, SelfCustomTableName) {
  std::string Text = service("service: shop\n"
                             "custom:\n"
                             "  tableName: shop-orders\n"
                             "  keys: {partition: customerId}\n"
                             "provider:\n  name: aws\n",
                             table("Orders", "${self:custom.tableName}",
                                   "${self:custom.keys.partition}"));
  auto L = load(Text, "serverless.yml");
  ASSERT_TRUE(L->Recognized);
  EXPECT_TRUE(L->Diags.empty()) << L->dump();
  const DynamoTable *T = L->Catalog.table("shop-orders");
  ASSERT_NE(T, nullptr);
  // Positions are those of the use, not of the value in custom.
  EXPECT_EQ(L->at(T->NameRange), "${self:custom.tableName}");
  EXPECT_EQ(T->Keys.Hash[0].Name, "customerId");
  EXPECT_EQ(T->Keys.Hash[0].Type, DynamoScalarType::S);
  EXPECT_EQ(L->at(T->Keys.Hash[0].Range), "${self:custom.keys.partition}");
}

TEST(DynamoServerless, ServiceAndStage) {
  std::string Tables = table("Orders", "${self:service}-${sls:stage}-orders") +
                       table("Carts", "${self:service}-${self:provider.stage}-carts");
  // provider.stage a literal.
  auto Literal = load(service("service: shop\nprovider:\n  stage: prod\n", Tables),
                      "serverless.yml");
  EXPECT_TRUE(Literal->Diags.empty()) << Literal->dump();
  EXPECT_EQ(names(*Literal),
            (std::vector<std::string>{"shop-prod-orders", "shop-prod-carts"}));
  // provider.stage from the command line with a default.
  auto Option = load(service("service: shop\nprovider:\n"
                             "  stage: ${opt:stage, 'dev'}\n",
                             Tables),
                     "serverless.yml");
  EXPECT_TRUE(Option->Diags.empty()) << Option->dump();
  EXPECT_EQ(names(*Option),
            (std::vector<std::string>{"shop-dev-orders", "shop-dev-carts"}));
  // No stage the file fixes: unknown, the tables keep their logical ids.
  auto None = load(service("service: shop\nprovider:\n  name: aws\n", Tables),
                   "serverless.yml");
  EXPECT_TRUE(None->Diags.empty()) << None->dump();
  EXPECT_EQ(names(*None), (std::vector<std::string>{"Orders", "Carts"}));
  // The v1 form of service.
  auto V1 = load(service("service:\n  name: legacy\nprovider: {stage: qa}\n",
                         table("Orders", "${self:service}-${sls:stage}")),
                 "serverless.yml");
  EXPECT_EQ(names(*V1), (std::vector<std::string>{"legacy-qa"}));
}

TEST(DynamoServerless, OptStageWithDefault) {
  std::string Tables = table("Users", "users-${opt:stage, 'dev'}") +
                       table("Events", "\"events-${opt:stage, \\\"qa\\\"}\"") +
                       table("Bare", "bare-${opt:stage}");
  auto L = load(service("service: shop\nprovider: {name: aws}\n", Tables),
                "serverless.yml");
  ASSERT_TRUE(L->Recognized);
  EXPECT_TRUE(L->Diags.empty()) << L->dump();
  // ${opt:stage} without a default and no literal provider.stage: unknown.
  EXPECT_EQ(names(*L),
            (std::vector<std::string>{"users-dev", "events-qa", "Bare"}));
  // A literal provider.stage is the stage, over the default.
  auto Prod = load(service("service: shop\nprovider: {stage: prod}\n", Tables),
                   "serverless.yml");
  EXPECT_EQ(names(*Prod),
            (std::vector<std::string>{"users-prod", "events-prod", "bare-prod"}));
}

TEST(DynamoServerless, UnknownSourcesNameNoTable) {
  std::string Tables = table("Secret", "${env:SECRET_TABLE}") +
                       table("Partial", "orders-${env:STAGE}") +
                       table("FromSsm", "${ssm:/shop/table}") +
                       table("FromStack", "${cf:other-stack.TableName}") +
                       table("FromFile", "${file(./names.yml):orders}") +
                       table("Region", "r-${opt:region}") +
                       table("EnvDefault", "${env:TABLE, 'fallback'}");
  auto L = load(service("service: shop\nprovider: {stage: prod}\n", Tables),
                "serverless.yml");
  ASSERT_TRUE(L->Recognized);
  // No schema-error about names that are variables: they are not names.
  EXPECT_TRUE(L->Diags.empty()) << L->dump();
  // Named after their logical ids, as CloudFormation tables without a
  // literal TableName are; no partial name ("orders-") is made up.
  EXPECT_EQ(names(*L),
            (std::vector<std::string>{"Secret", "Partial", "FromSsm",
                                      "FromStack", "FromFile", "Region",
                                      "EnvDefault"}));
  const DynamoTable *T = L->Catalog.table("Partial");
  ASSERT_NE(T, nullptr);
  EXPECT_EQ(L->at(T->NameRange), "Partial");
  EXPECT_EQ(T->Keys.Hash[0].Name, "id"); // the definition is kept
  EXPECT_EQ(L->Catalog.table("orders-"), nullptr);
  EXPECT_EQ(L->Catalog.table("fallback"), nullptr);
}

TEST(DynamoServerless, NestedVariablesAndFallbacks) {
  std::string Head = "service: shop\n"
                     "custom:\n"
                     "  defaultStage: staging\n"
                     "  tables:\n"
                     "    staging: orders-staging\n"
                     "    prod: orders-prod\n"
                     "  prefix: ${self:service}\n"
                     "provider:\n"
                     "  stage: ${opt:stage, self:custom.defaultStage}\n";
  std::string Tables =
      table("Nested", "${self:custom.tables.${sls:stage}}") +
      table("Fallback", "${self:custom.missing, 'fallback-name'}") +
      table("Chain", "${self:custom.missing, self:custom.prefix}-chain") +
      table("NestedFallback", "${self:custom.nope, ${self:custom.prefix}}-nf") +
      table("Number", "${self:custom.missing, 42}-n") +
      // A value that is one variable is resolved again.
      table("Literal", "\"${self:custom.missing, '${self:service}-lit'}\"");
  auto L = load(service(Head, Tables), "serverless.yml");
  ASSERT_TRUE(L->Recognized);
  EXPECT_TRUE(L->Diags.empty()) << L->dump();
  EXPECT_EQ(names(*L),
            (std::vector<std::string>{"orders-staging", "fallback-name",
                                      "shop-chain", "shop-nf", "42-n",
                                      "shop-lit"}));
}

TEST(DynamoServerless, CycleIsUnknown) {
  std::string Head = "service: shop\n"
                     "custom:\n"
                     "  self: ${self:custom.self}\n"
                     "  a: x-${self:custom.b}\n"
                     "  b: ${self:custom.a}\n"
                     "  outer: ${self:custom.wrapped}\n"
                     "  wrapped:\n"
                     "    inner: ${file(./inner.yml)}\n"
                     "provider:\n"
                     "  stage: ${sls:stage}\n";
  std::string Tables = table("SelfRef", "${self:custom.self}") +
                       // Unknown inside a resolved value is not absent.
                       table("Inner", "${self:custom.outer.inner.x, 'guess'}") +
                       table("Loop", "${self:custom.a}") +
                       table("StageLoop", "t-${sls:stage}") +
                       table("Rescued", "${self:custom.self, 'rescued'}");
  auto L = load(service(Head, Tables), "serverless.yml");
  ASSERT_TRUE(L->Recognized);
  EXPECT_TRUE(L->Diags.empty()) << L->dump();
  // A cycle is not absent: a fallback after it does not apply.
  EXPECT_EQ(names(*L),
            (std::vector<std::string>{"SelfRef", "Inner", "Loop", "StageLoop",
                                      "Rescued"}));
}

TEST(DynamoServerless, IntrinsicsAroundVariables) {
  std::string Head = "service: shop\n"
                     "custom:\n"
                     "  param: !Ref Env\n"
                     "provider: {stage: prod}\n"
                     "resources:\n"
                     "  Parameters:\n"
                     "    Env: {Type: String, Default: europe}\n"
                     "  Resources:\n";
  std::string Tables =
      table("Joined", "!Join ['-', ['${self:service}', '${sls:stage}', joined]]") +
      table("Subbed", "!Sub '${self:service}-${Env}'") +
      table("Pseudo", "!Sub '${self:service}-${AWS::Region}'") +
      table("Referenced", "${self:custom.param}");
  auto L = load(Head + Tables, "serverless.yml");
  ASSERT_TRUE(L->Recognized);
  EXPECT_TRUE(L->Diags.empty()) << L->dump();
  EXPECT_EQ(names(*L),
            (std::vector<std::string>{"shop-prod-joined", "shop-europe",
                                      "Pseudo", "europe"}));
}

TEST(DynamoServerless, VariablesOutsideNames) {
  std::string Text = "service: shop\n"
                     "custom:\n"
                     "  billing: PAY_PER_REQUEST\n"
                     "  ttl: {AttributeName: expiresAt, Enabled: true}\n"
                     "  gsi:\n"
                     "    - IndexName: byEmail\n"
                     "      KeySchema: [{AttributeName: email, KeyType: HASH}]\n"
                     "      Projection: {ProjectionType: ALL}\n"
                     "provider: {stage: prod}\n"
                     "resources:\n"
                     "  Resources:\n"
                     "    Users:\n"
                     "      Type: AWS::DynamoDB::Table\n"
                     "      Properties:\n"
                     "        TableName: users\n"
                     "        BillingMode: ${self:custom.billing}\n"
                     "        TimeToLiveSpecification: ${self:custom.ttl}\n"
                     "        GlobalSecondaryIndexes: ${self:custom.gsi}\n"
                     "        AttributeDefinitions:\n"
                     "          - {AttributeName: userId, AttributeType: S}\n"
                     "          - {AttributeName: email, AttributeType: S}\n"
                     "        KeySchema: [{AttributeName: userId, KeyType: HASH}]\n"
                     "    Sessions:\n"
                     "      Type: AWS::DynamoDB::Table\n"
                     "      Properties:\n"
                     "        TableName: sessions\n"
                     "        BillingMode: ${env:BILLING}\n"
                     "        AttributeDefinitions: [{AttributeName: sid, AttributeType: S}]\n"
                     "        KeySchema: [{AttributeName: sid, KeyType: HASH}]\n"
                     "    Included:\n"
                     "      Type: AWS::DynamoDB::Table\n"
                     "      Properties: ${file(./tables/included.yml)}\n";
  auto L = load(Text, "serverless.yml");
  ASSERT_TRUE(L->Recognized);
  EXPECT_TRUE(L->Diags.empty()) << L->dump();
  // Properties given by a file cannot be read: no table.
  EXPECT_EQ(names(*L), (std::vector<std::string>{"users", "sessions"}));
  const DynamoTable *Users = L->Catalog.table("users");
  ASSERT_NE(Users, nullptr);
  EXPECT_EQ(Users->Billing, DynamoBillingMode::PayPerRequest);
  EXPECT_EQ(Users->TtlAttribute, std::optional<std::string>("expiresAt"));
  const DynamoIndex *Gsi = Users->index("byEmail");
  ASSERT_NE(Gsi, nullptr);
  EXPECT_EQ(Gsi->Keys.Hash[0].Name, "email");
  // An unknown billing mode is not a bad one.
  EXPECT_EQ(L->Catalog.table("sessions")->Billing,
            DynamoBillingMode::Unspecified);
}

TEST(DynamoServerless, ResolvedNamesAreValidated) {
  std::string Text = service("service: my shop\nprovider: {stage: prod}\n",
                             table("Orders", "${self:service}-orders"));
  auto L = load(Text, "serverless.yml");
  ASSERT_TRUE(L->Recognized);
  ASSERT_EQ(L->Diags.size(), 1u) << L->dump();
  EXPECT_EQ(L->Diags[0].Rule, RuleId::SchemaError);
  EXPECT_NE(L->Diags[0].Message.find("Value 'my shop-orders' at 'tableName'"),
            std::string::npos)
      << L->Diags[0].Message;
  EXPECT_EQ(L->at(L->Diags[0].Range), "${self:service}-orders");
}

TEST(DynamoServerless, JsonServiceFile) {
  const char *Text = R"({
  "service": "shop",
  "provider": {"name": "aws", "stage": "prod"},
  "resources": {"Resources": {"Orders": {
    "Type": "AWS::DynamoDB::Table",
    "Properties": {
      "TableName": "${self:service}-${sls:stage}",
      "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
      "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]
    }}}}
})";
  auto L = load(Text, "serverless.json");
  ASSERT_TRUE(L->Recognized);
  EXPECT_TRUE(L->Diags.empty()) << L->dump();
  const DynamoTable *T = L->Catalog.table("shop-prod");
  ASSERT_NE(T, nullptr);
  EXPECT_EQ(L->at(T->NameRange), "\"${self:service}-${sls:stage}\"");
}

TEST(DynamoServerless, WithoutTablesIsNotRecognized) {
  for (const char *Text : {
           "service: shop\nprovider: {name: aws}\nfunctions:\n"
           "  hello: {handler: handler.hello}\n",
           "service: shop\nprovider: {name: aws}\nresources:\n"
           "  - ${file(resources/dynamodb.yml)}\n",
           "service: shop\nresources: ${file(resources.yml)}\n",
           "service: shop\nprovider: {name: aws}\nresources:\n  Resources:\n"
           "    Bucket: {Type: AWS::S3::Bucket}\n"
           "    Included: ${file(./table.yml)}\n",
       }) {
    auto L = load(Text, "serverless.yml");
    EXPECT_FALSE(L->Recognized) << Text;
    EXPECT_TRUE(L->Diags.empty()) << L->dump();
    EXPECT_TRUE(L->Catalog.empty()) << Text;
  }
}

TEST(DynamoServerless, IncludedTemplateKeepsLogicalIds) {
  // resources/dynamodb.yml of a service: CloudFormation whose names are the
  // including file's variables.
  const char *Fragment = R"(Resources:
  UsersTable:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: ${self:custom.usersTable}
      BillingMode: PAY_PER_REQUEST
      AttributeDefinitions: [{AttributeName: userId, AttributeType: S}]
      KeySchema: [{AttributeName: userId, KeyType: HASH}]
  Literal:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: audit-${opt:stage, 'dev'}
      AttributeDefinitions: [{AttributeName: id, AttributeType: S}]
      KeySchema: [{AttributeName: id, KeyType: HASH}]
)";
  auto L = load(Fragment, "resources/dynamodb.yml");
  ASSERT_TRUE(L->Recognized);
  EXPECT_TRUE(L->Diags.empty()) << L->dump();
  // opt:stage falls back to provider.stage, which another file holds.
  EXPECT_EQ(names(*L), (std::vector<std::string>{"UsersTable", "Literal"}));

  // A plain template is read as before: an invalid name stays an error,
  // IAM policy variables are not Serverless variables.
  const char *Plain = R"(Resources:
  Bad:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: "orders ${aws:username}"
      AttributeDefinitions: [{AttributeName: id, AttributeType: S}]
      KeySchema: [{AttributeName: id, KeyType: HASH}]
)";
  auto P = load(Plain, "template.yaml");
  ASSERT_TRUE(P->Recognized);
  ASSERT_EQ(P->of(RuleId::SchemaError).size(), 1u) << P->dump();
  EXPECT_NE(P->Catalog.table("orders ${aws:username}"), nullptr);
}

// Hostile inputs: every one ends, quickly, resolved or unknown (the time
// bounds are tests/unit/robustness/hostile.sh serverless-variables).
TEST(DynamoServerless, HostileVariablesEnd) {
  // A chain of 10,000 self references, each to the next.
  std::string Chain = "service: shop\ncustom:\n";
  for (int I = 0; I < 10000; ++I) {
    std::string N = std::to_string(I);
    Chain += std::string("  v") + N + ": ${self:custom.v" +
             std::to_string(I + 1) + "}\n";
  }
  Chain += "  v10000: end\n  short: ${self:custom.v9990}\n";
  auto C = load(service(Chain, table("Deep", "${self:custom.v0}") +
                                   table("Short", "${self:custom.short}")),
                "serverless.yml");
  EXPECT_TRUE(C->Diags.empty()) << C->dump();
  // Past 32 references the value is unknown; a short chain still resolves.
  EXPECT_EQ(names(*C), (std::vector<std::string>{"Deep", "end"}));

  // 10,000 variables in one string, and a string that doubles at each of
  // 40 levels (past 64 KiB: unknown).
  std::string Many = "service: shop\ncustom:\n  x: ab\n  d0: xy\n";
  for (int I = 1; I <= 40; ++I) {
    std::string Prev = std::string("${self:custom.d") + std::to_string(I - 1) +
                       "}";
    Many += std::string("  d") + std::to_string(I) + ": " + Prev + Prev + "\n";
  }
  std::string Long;
  for (int I = 0; I < 10000; ++I)
    Long += "${self:custom.x}";
  auto M = load(service(Many, table("Long", Long) +
                                  table("Doubled", "${self:custom.d40}") +
                                  table("Small", "${self:custom.d3}")),
                "serverless.yml");
  ASSERT_TRUE(M->Recognized);
  ASSERT_EQ(M->Catalog.size(), 3u);
  // 20,000 characters: resolved, and too long a name.
  EXPECT_EQ(M->Catalog.tables()[0].Name.size(), 20000u);
  EXPECT_EQ(M->Catalog.tables()[1].Name, "Doubled");
  EXPECT_EQ(M->Catalog.tables()[2].Name, "xyxyxyxyxyxyxyxy");

  // Variables nested 10,000 deep in the text, and unterminated.
  std::string Nested;
  for (int I = 0; I < 10000; ++I)
    Nested += "${self:";
  Nested += "x";
  std::string Open = Nested;
  for (int I = 0; I < 10000; ++I)
    Nested += "}";
  auto N = load(service("service: shop\ncustom: {x: y}\n",
                        table("Nested", "'" + Nested + "'") +
                            table("Open", "'" + Open + "'")),
                "serverless.yml");
  EXPECT_TRUE(N->Diags.empty()) << N->dump();
  EXPECT_EQ(names(*N), (std::vector<std::string>{"Nested", "Open"}));
}

} // namespace
