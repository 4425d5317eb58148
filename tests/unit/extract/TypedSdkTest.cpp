//===- TypedSdkTest.cpp - DynamoDB requests of the Java, Go and .NET SDKs -===//
//
// The requests the extractor finds in code written with the typed SDKs: the
// operation, the wire-format parameters (printed compactly: `?` an unknown
// value, `...` an open map, list or structure), and the host ranges of the
// request, its operation and its parameters.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Driver/Driver.h"
#include "nosqlint/Extract/Extract.h"
#include "nosqlint/Extract/ModelTables.h"

#include "QueriesJson.h"
#include "SdkTestSupport.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace nosqlint;
using namespace nosqlint::extract;
using json::JsonValue;
using nosqlint::extract::test::show;

namespace {

struct Found {
  std::string Src;
  FileExtraction X;
  std::string text(SourceRange R) const {
    return Src.substr(R.Begin, R.End - R.Begin);
  }
  std::string member(size_t Call, const std::string &Key) const {
    const json::JsonMember *M = X.DynamoCalls[Call].Params->member(Key);
    return M ? Src.substr(M->KeyBegin, M->KeyEnd - M->KeyBegin) : "<none>";
  }
  std::string value(size_t Call, const std::string &Key) const {
    const JsonValue *V = X.DynamoCalls[Call].Params->get(Key);
    return V ? Src.substr(V->Begin, V->End - V->Begin) : "<none>";
  }
};

Found run(HostLanguage Lang, std::string Src) {
  Found F;
  F.Src = std::move(Src);
  F.X = extractFile(Lang, FileId{1}, F.Src);
  return F;
}

//===----------------------------------------------------------------------===//
// Java v2
//===----------------------------------------------------------------------===//

const char *JavaHeader =
    "import software.amazon.awssdk.services.dynamodb.DynamoDbClient;\n"
    "import software.amazon.awssdk.services.dynamodb.model.*;\n"
    "class A {\n"
    "  static final String T = \"Orders\";\n";

TEST(JavaSdk, BuilderChainBecomesWireParams) {
  Found F = run(HostLanguage::Java,
                std::string(JavaHeader) +
                    "  void f(DynamoDbClient c, String id) {\n"
                    "    c.query(QueryRequest.builder().tableName(T)\n"
                    "      .keyConditionExpression(\"customerId = :c\")\n"
                    "      .expressionAttributeNames(Map.of(\"#s\", \"status\"))\n"
                    "      .expressionAttributeValues(Map.of(\":c\", "
                    "AttributeValue.builder().s(id).build(),\n"
                    "          \":n\", AttributeValue.fromN(\"5\")))\n"
                    "      .select(Select.COUNT).limit(10).build());\n"
                    "  }\n}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 1u);
  const DynamoCall &Q = F.X.DynamoCalls[0];
  EXPECT_EQ(Q.Operation, "Query");
  EXPECT_EQ(Q.Sdk, "aws-sdk-java-v2");
  EXPECT_EQ(show(*Q.Params),
            "{TableName:'Orders',KeyConditionExpression:'customerId = :c',"
            "ExpressionAttributeNames:{#s:'status'},"
            "ExpressionAttributeValues:{:c:{S:?str},:n:{N:'5'}},"
            "Select:'COUNT',Limit:10}");
  EXPECT_EQ(F.text(Q.OperationRange), "QueryRequest");
  EXPECT_EQ(F.text(Q.Range).substr(0, 22), "QueryRequest.builder()");
  EXPECT_EQ(F.text(Q.Range).substr(F.text(Q.Range).size() - 8), ".build()");
  EXPECT_EQ(F.member(0, "TableName"), "tableName");
  EXPECT_EQ(F.value(0, "TableName"), "T");
  EXPECT_EQ(F.value(0, "Limit"), "10");
}

TEST(JavaSdk, ConsumerBuilderOnClient) {
  Found F = run(HostLanguage::Java,
                std::string(JavaHeader) +
                    "  private final DynamoDbClient ddb;\n"
                    "  void f(Other o) {\n"
                    "    ddb.scan(b -> b.tableName(T).segment(1).totalSegments(4));\n"
                    "    o.scan(b -> b.tableName(T));\n"
                    "  }\n}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 1u);
  EXPECT_EQ(F.X.DynamoCalls[0].Operation, "Scan");
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params),
            "{TableName:'Orders',Segment:1,TotalSegments:4}");
  EXPECT_EQ(F.text(F.X.DynamoCalls[0].OperationRange), "scan");
}

TEST(JavaSdk, NestedStructuresListsAndMaps) {
  Found F = run(
      HostLanguage::Java,
      std::string(JavaHeader) +
          "  void f(DynamoDbClient c, Put put) {\n"
          "    c.batchWriteItem(BatchWriteItemRequest.builder().requestItems(\n"
          "      Map.of(\"Users\", List.of(WriteRequest.builder().putRequest(\n"
          "        p -> p.item(Map.of(\"userId\", AttributeValue.fromS(\"u\")))).build(),\n"
          "        WriteRequest.builder().deleteRequest(DeleteRequest.builder()\n"
          "          .key(Map.ofEntries(Map.entry(\"userId\", AttributeValue.fromS(\"v\")))).build()).build())))\n"
          "      .build());\n"
          "    c.transactWriteItems(TransactWriteItemsRequest.builder()\n"
          "      .transactItems(TransactWriteItem.builder().put(put).build(),\n"
          "        TransactWriteItem.builder().conditionCheck(k -> k.tableName(T)\n"
          "          .conditionExpression(\"attribute_exists(a)\")).build()).build());\n"
          "    c.batchGetItem(BatchGetItemRequest.builder().requestItems(\n"
          "      Collections.singletonMap(T, KeysAndAttributes.builder()\n"
          "        .keys(Map.of(\"customerId\", AttributeValue.fromS(\"c\"))).build())).build());\n"
          "  }\n}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 3u);
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params),
            "{RequestItems:{Users:[{PutRequest:{Item:{userId:{S:'u'}}}},"
            "{DeleteRequest:{Key:{userId:{S:'v'}}}}]}}");
  // The Put of a parameter is unknown: the list is open without it.
  EXPECT_EQ(show(*F.X.DynamoCalls[1].Params),
            "{TransactItems:[{ConditionCheck:{TableName:'Orders',"
            "ConditionExpression:'attribute_exists(a)'}},...]}");
  EXPECT_EQ(show(*F.X.DynamoCalls[2].Params),
            "{RequestItems:{Orders:{Keys:[{customerId:{S:'c'}}]}}}");
}

TEST(JavaSdk, RunTimeValuesAreUnknownOrOpen) {
  Found F = run(
      HostLanguage::Java,
      std::string(JavaHeader) +
          "  void f(DynamoDbClient c, Map<String, AttributeValue> vals) {\n"
          "    Map<String, AttributeValue> m = new HashMap<>();\n"
          "    c.query(QueryRequest.builder().tableName(System.getenv(\"T\"))\n"
          "      .expressionAttributeValues(vals).build());\n"
          "    c.query(QueryRequest.builder().tableName(T)\n"
          "      .expressionAttributeValues(m).build());\n"
          "    QueryRequest.Builder b = QueryRequest.builder().tableName(T);\n"
          "    c.executeStatement(ExecuteStatementRequest.builder()\n"
          "      .statement(\"SELECT * FROM \\\"Users\\\" WHERE userId = ?\")\n"
          "      .parameters(AttributeValue.fromS(\"u\"), AttributeValue.fromBool(true)).build());\n"
          "  }\n}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 4u);
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params),
            "{TableName:?str,ExpressionAttributeValues:{...}}");
  EXPECT_EQ(show(*F.X.DynamoCalls[1].Params),
            "{TableName:'Orders',ExpressionAttributeValues:{...}}");
  EXPECT_EQ(show(*F.X.DynamoCalls[2].Params), "{TableName:'Orders',...}");
  EXPECT_EQ(show(*F.X.DynamoCalls[3].Params),
            "{Statement:'SELECT * FROM \"Users\" WHERE userId = ?',"
            "Parameters:[{S:'u'},{BOOL:true}]}");
}

TEST(JavaSdk, StaticallyImportedFactories) {
  Found F = run(HostLanguage::Java,
                "import static software.amazon.awssdk.services.dynamodb.model."
                "AttributeValue.fromS;\n"
                "import software.amazon.awssdk.services.dynamodb.model.*;\n"
                "class A { void f() {\n"
                "  GetItemRequest.builder().tableName(\"Users\")\n"
                "    .key(Map.of(\"userId\", fromS(\"u\"), \"n\", fromN(\"1\"))).build();\n"
                "} }\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 1u);
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params),
            "{TableName:'Users',Key:{userId:{S:'u'},n:?}}");
}

TEST(JavaSdk, OtherPackagesAndFilesWithoutTheSdk) {
  // A request class imported from elsewhere, and a file that never
  // mentions the SDK.
  Found F = run(HostLanguage::Java,
                "import com.acme.QueryRequest;\n"
                "import software.amazon.awssdk.services.dynamodb.model.*;\n"
                "class A { void f() {\n"
                "  QueryRequest.builder().tableName(\"Orders\").build();\n"
                "  ScanRequest.builder().tableName(\"Orders\").build();\n"
                "} }\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 1u);
  EXPECT_EQ(F.X.DynamoCalls[0].Operation, "Scan");
  Found G = run(HostLanguage::Java,
                "class A { void f() {\n"
                "  ScanRequest.builder().tableName(\"Orders\").build();\n"
                "} }\n");
  EXPECT_TRUE(G.X.DynamoCalls.empty());
}

TEST(JavaSdk, EnhancedTableScan) {
  Found F = run(HostLanguage::Java,
                "import software.amazon.awssdk.enhanced.dynamodb.*;\n"
                "class A { void f(DynamoDbEnhancedClient e, DynamoDbTable<O> o) {\n"
                "  DynamoDbTable<U> t = e.table(\"Users\", TableSchema.fromBean(U.class));\n"
                "  t.scan();\n"
                "  o.scan(r -> r.limit(5));\n"
                "  t.query(k);\n"
                "} }\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 4u);
  // The table(..) call names the table of bean U (a fact for the join).
  EXPECT_EQ(F.X.DynamoCalls[0].Operation, "CreateTable");
  EXPECT_EQ(F.X.DynamoCalls[0].ModelClass, "U");
  EXPECT_EQ(F.X.DynamoCalls[1].Operation, "Scan");
  EXPECT_EQ(show(*F.X.DynamoCalls[1].Params), "{TableName:'Users'}");
  EXPECT_EQ(F.text(F.X.DynamoCalls[1].OperationRange), "scan");
  EXPECT_EQ(show(*F.X.DynamoCalls[2].Params), "{TableName:?str,Limit:5}");
  // A QueryConditional computed elsewhere: the key condition is unknown.
  EXPECT_EQ(F.X.DynamoCalls[3].Operation, "Query");
  EXPECT_EQ(show(*F.X.DynamoCalls[3].Params),
            "{TableName:'Users',KeyConditionExpression:?str}");
}

TEST(JavaSdk, CreateTableIsATableDefinition) {
  Found F = run(
      HostLanguage::Java,
      std::string(JavaHeader) +
          "  void f(DynamoDbClient c, String name) {\n"
          "    c.createTable(CreateTableRequest.builder().tableName(T)\n"
          "      .keySchema(KeySchemaElement.builder().attributeName(\"pk\")"
          ".keyType(KeyType.HASH).build(),\n"
          "        KeySchemaElement.builder().attributeName(\"sk\")"
          ".keyType(\"RANGE\").build())\n"
          "      .attributeDefinitions(AttributeDefinition.builder()"
          ".attributeName(\"pk\").attributeType(ScalarAttributeType.S).build())\n"
          "      .globalSecondaryIndexes(GlobalSecondaryIndex.builder()"
          ".indexName(\"g\")\n"
          "        .keySchema(k -> k.attributeName(\"x\").keyType(KeyType.HASH))\n"
          "        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))"
          ".build())\n"
          "      .billingMode(BillingMode.PAY_PER_REQUEST).build());\n"
          "    c.createTable(b -> b.tableName(name)\n"
          "      .keySchema(k -> k.attributeName(\"id\").keyType(KeyType.HASH)));\n"
          "  }\n}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 2u);
  EXPECT_EQ(F.X.DynamoCalls[0].Operation, "CreateTable");
  EXPECT_EQ(F.text(F.X.DynamoCalls[0].OperationRange), "CreateTableRequest");
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params),
            "{TableName:'Orders',KeySchema:[{AttributeName:'pk',KeyType:'HASH'},"
            "{AttributeName:'sk',KeyType:'RANGE'}],"
            "AttributeDefinitions:[{AttributeName:'pk',AttributeType:'S'}],"
            "GlobalSecondaryIndexes:[{IndexName:'g',KeySchema:[{AttributeName:'x',"
            "KeyType:'HASH'}],Projection:{ProjectionType:'KEYS_ONLY'}}],"
            "BillingMode:'PAY_PER_REQUEST'}");
  // The consumer builder on the client; a name from a parameter is unknown.
  EXPECT_EQ(F.text(F.X.DynamoCalls[1].OperationRange), "createTable");
  EXPECT_EQ(show(*F.X.DynamoCalls[1].Params),
            "{TableName:?str,KeySchema:[{AttributeName:'id',KeyType:'HASH'}]}");
}

TEST(JavaSdk, EnhancedBeanKeysAndTableNamesAreFacts) {
  Found F = run(
      HostLanguage::Java,
      "package shop;\n"
      "import software.amazon.awssdk.enhanced.dynamodb.*;\n"
      "import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.*;\n"
      "import other.Item;\n"
      "class A {\n"
      "  @DynamoDbBean public static class Order {\n"
      "    @DynamoDbPartitionKey @DynamoDbAttribute(\"customerId\")\n"
      "    public String getCustomer() { return null; }\n"
      "    @DynamoDbSortKey public long getOrderId() { return 0; }\n"
      "    @DynamoDbSecondaryPartitionKey(indexNames = {\"g\"})\n"
      "    public byte[] getBlob() { return null; }\n"
      "    @DynamoDbSecondarySortKey(indexNames = {\"g\", \"l\"})\n"
      "    public Integer getRank() { return 0; }\n"
      "    public java.util.List<String> getTags() { return null; }\n"
      "  }\n"
      "  @DynamoDbBean public static class Odd {\n"
      "    @DynamoDbPartitionKey public java.time.Instant getAt() { return null; }\n"
      "  }\n"
      "  @DynamoDbBean public static class OnField {\n"
      "    @DynamoDbPartitionKey private String id;\n"
      "  }\n"
      "  @DynamoDbBean public static class Fluent {\n"
      "    @DynamoDbPartitionKey public String getId() { return null; }\n"
      "    @DynamoDbSortKey public String sort() { return null; }\n"
      "  }\n"
      "  static final TableSchema<Order> S = TableSchema.fromBean(Order.class);\n"
      "  void f(DynamoDbEnhancedClient e, String n) {\n"
      "    e.table(\"orders\", S);\n"
      "    e.table(\"items\", TableSchema.fromBean(Item.class));\n"
      "    e.table(\"users\", TableSchema.fromBean(User.class));\n"
      "    e.table(n, TableSchema.fromBean(Order.class));\n"
      "  }\n}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 4u);
  const DynamoCall &Bean = F.X.DynamoCalls[0];
  EXPECT_EQ(Bean.Operation, "CreateTable");
  EXPECT_EQ(Bean.ModelClass, "shop.A.Order");
  EXPECT_EQ(F.text(Bean.OperationRange), "Order");
  EXPECT_EQ(show(*Bean.Params),
            "{KeySchema:[{AttributeName:'customerId',KeyType:'HASH'},"
            "{AttributeName:'orderId',KeyType:'RANGE'}],"
            "AttributeDefinitions:[{AttributeName:'customerId',AttributeType:'S'},"
            "{AttributeName:'orderId',AttributeType:'N'},"
            "{AttributeName:'blob',AttributeType:'B'},"
            "{AttributeName:'rank',AttributeType:'N'}],"
            "GlobalSecondaryIndexes:[{IndexName:'g',KeySchema:["
            "{AttributeName:'blob',KeyType:'HASH'},{AttributeName:'rank',"
            "KeyType:'RANGE'}],Projection:{ProjectionType:'ALL'}}],"
            "LocalSecondaryIndexes:[{IndexName:'l',KeySchema:["
            "{AttributeName:'customerId',KeyType:'HASH'},{AttributeName:'rank',"
            "KeyType:'RANGE'}],Projection:{ProjectionType:'ALL'}}]}");
  // The uses: the class resolved through the file, its imports or its
  // package; a computed name names nothing.
  std::vector<std::string> Uses;
  for (size_t I = 1; I < F.X.DynamoCalls.size(); ++I)
    Uses.push_back(show(*F.X.DynamoCalls[I].Params) + " " +
                   F.X.DynamoCalls[I].ModelClass);
  EXPECT_EQ(Uses, (std::vector<std::string>{"{TableName:'orders'} shop.A.Order",
                                            "{TableName:'items'} other.Item",
                                            "{TableName:'users'} shop.User"}));
}

TEST(JavaSdk, BeanKeysJoinTheTableNameOfAnotherFile) {
  std::string Bean =
      "package shop.model;\n"
      "import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.*;\n"
      "@DynamoDbBean public class Order {\n"
      "  @DynamoDbPartitionKey public String getId() { return null; }\n"
      "}\n";
  std::string Use =
      "package shop;\n"
      "import shop.model.Order;\n"
      "import software.amazon.awssdk.enhanced.dynamodb.*;\n"
      "class R { void f(DynamoDbEnhancedClient e) {\n"
      "  e.table(\"orders\", TableSchema.fromBean(Order.class));\n"
      "  e.table(\"orders\", TableSchema.fromBean(Order.class));\n"
      "  e.table(\"archive\", TableSchema.fromBean(Order.class));\n"
      "} }\n";
  FileExtraction B = extractFile(HostLanguage::Java, FileId{1}, Bean);
  FileExtraction U = extractFile(HostLanguage::Java, FileId{2}, Use);
  ASSERT_EQ(B.DynamoCalls.size(), 1u);
  ASSERT_EQ(U.DynamoCalls.size(), 3u);
  std::vector<ModelTablePart> Parts{{&B.DynamoCalls[0], FileId{1}, "m"}};
  for (const DynamoCall &C : U.DynamoCalls)
    Parts.push_back({&C, FileId{2}, "r"});
  std::vector<JoinedModelTable> T = joinModelTables(Parts);
  ASSERT_EQ(T.size(), 2u); // the same name twice is one table
  EXPECT_EQ(show(T[0].Params),
            "{TableName:'orders',KeySchema:[{AttributeName:'id',KeyType:'HASH'}],"
            "AttributeDefinitions:[{AttributeName:'id',AttributeType:'S'}]}");
  EXPECT_EQ(show(T[1].Params.Members[0].Value), "'archive'");
  // In the bean's file, at the bean's name.
  EXPECT_EQ(T[0].File, FileId{1});
  EXPECT_EQ(T[0].Directory, "m");
  const JsonValue &Name = T[0].Params.Members[0].Value;
  EXPECT_EQ(Bean.substr(Name.Begin, Name.End - Name.Begin), "Order");

  // Two sub-projects with a shop.model.Order each: the use's own.
  FileExtraction Other = extractFile(HostLanguage::Java, FileId{3}, Bean);
  Parts = {{&Other.DynamoCalls[0], FileId{3}, "app/svc2/model"},
           {&B.DynamoCalls[0], FileId{1}, "app/svc1/model"},
           {&U.DynamoCalls[0], FileId{2}, "app/svc1/utils"}};
  T = joinModelTables(Parts);
  ASSERT_EQ(T.size(), 1u);
  EXPECT_EQ(T[0].File, FileId{1});
  // Equally near: neither.
  Parts[2].Directory = "app";
  EXPECT_TRUE(joinModelTables(Parts).empty());
}

//===----------------------------------------------------------------------===//
// Go v2 and v1
//===----------------------------------------------------------------------===//

const char *GoHeader =
    "package p\n"
    "import (\n"
    "  \"github.com/aws/aws-sdk-go-v2/aws\"\n"
    "  db \"github.com/aws/aws-sdk-go-v2/service/dynamodb\"\n"
    "  t \"github.com/aws/aws-sdk-go-v2/service/dynamodb/types\"\n"
    ")\n"
    "const table = \"Orders\"\n";

TEST(GoSdk, InputStructBecomesWireParams) {
  Found F = run(HostLanguage::Go,
                std::string(GoHeader) +
                    "func f(id string) {\n"
                    "  c.Query(ctx, &db.QueryInput{TableName: aws.String(table),\n"
                    "    KeyConditionExpression: aws.String(`customerId = :c`),\n"
                    "    ExpressionAttributeValues: map[string]t.AttributeValue{\n"
                    "      \":c\": &t.AttributeValueMemberS{Value: id},\n"
                    "      \":l\": &t.AttributeValueMemberL{Value: []t.AttributeValue{\n"
                    "        &t.AttributeValueMemberBOOL{Value: true}}}},\n"
                    "    Select: t.SelectCount, ConsistentRead: aws.Bool(false),\n"
                    "    Limit: aws.Int32(10)})\n"
                    "}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 1u);
  const DynamoCall &Q = F.X.DynamoCalls[0];
  EXPECT_EQ(Q.Operation, "Query");
  EXPECT_EQ(Q.Sdk, "aws-sdk-go-v2");
  EXPECT_EQ(show(*Q.Params),
            "{TableName:'Orders',KeyConditionExpression:'customerId = :c',"
            "ExpressionAttributeValues:{:c:{S:?str},:l:{L:[{BOOL:true}]}},"
            "Select:'COUNT',ConsistentRead:false,Limit:10}");
  EXPECT_EQ(F.text(Q.OperationRange), "QueryInput");
  EXPECT_EQ(F.text(Q.Range).substr(0, 15), "&db.QueryInput{");
  EXPECT_EQ(F.member(0, "TableName"), "TableName");
  EXPECT_EQ(F.value(0, "TableName"), "aws.String(table)");
}

TEST(GoSdk, ElidedTypesInSlicesAndMaps) {
  Found F = run(
      HostLanguage::Go,
      std::string(GoHeader) +
          "func f(p *t.Put) {\n"
          "  _ = &db.BatchWriteItemInput{RequestItems: map[string][]t.WriteRequest{\n"
          "    \"Users\": {{PutRequest: &t.PutRequest{Item: map[string]t.AttributeValue{\n"
          "      \"userId\": &t.AttributeValueMemberS{Value: \"u\"}}}}}}}\n"
          "  _ = db.TransactWriteItemsInput{TransactItems: []t.TransactWriteItem{\n"
          "    {Put: p}, {Delete: &t.Delete{TableName: aws.String(table)}}}}\n"
          "  _ = &db.BatchGetItemInput{RequestItems: map[string]t.KeysAndAttributes{\n"
          "    table: {Keys: []map[string]t.AttributeValue{{\"customerId\": "
          "&t.AttributeValueMemberS{Value: \"c\"}}}}}}\n"
          "}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 3u);
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params),
            "{RequestItems:{Users:[{PutRequest:{Item:{userId:{S:'u'}}}}]}}");
  EXPECT_EQ(show(*F.X.DynamoCalls[1].Params),
            "{TransactItems:[{Delete:{TableName:'Orders'}},...]}");
  EXPECT_EQ(show(*F.X.DynamoCalls[2].Params),
            "{RequestItems:{Orders:{Keys:[{customerId:{S:'c'}}]}}}");
}

TEST(GoSdk, RunTimeValuesAreUnknownOrOpen) {
  Found F = run(
      HostLanguage::Go,
      std::string(GoHeader) +
          "func f(order any) {\n"
          "  item, _ := attributevalue.MarshalMap(order)\n"
          "  _ = &db.PutItemInput{TableName: aws.String(os.Getenv(\"T\")), Item: item}\n"
          "  vals := map[string]t.AttributeValue{\":a\": &t.AttributeValueMemberN{Value: \"1\"}}\n"
          "  vals[\":b\"] = &t.AttributeValueMemberN{Value: \"2\"}\n"
          "  in := &db.UpdateItemInput{TableName: aws.String(table),\n"
          "    UpdateExpression: expr.Update(), ExpressionAttributeValues: vals}\n"
          "  in.ConditionExpression = aws.String(\"attribute_exists(a)\")\n"
          "}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 2u);
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params), "{TableName:?str,Item:{...}}");
  EXPECT_EQ(show(*F.X.DynamoCalls[1].Params),
            "{TableName:'Orders',UpdateExpression:?str,"
            "ExpressionAttributeValues:{:a:{N:'1'},...},...}");
}

TEST(GoSdk, V1AndOtherPackages) {
  Found F = run(HostLanguage::Go,
                "package p\n"
                "import (\n"
                "  \"github.com/aws/aws-sdk-go/aws\"\n"
                "  \"github.com/aws/aws-sdk-go/service/dynamodb\"\n"
                "  \"example.com/search\"\n"
                ")\n"
                "func f() {\n"
                "  _ = &dynamodb.GetItemInput{TableName: aws.String(\"Users\"),\n"
                "    Key: map[string]*dynamodb.AttributeValue{\"userId\": {S: aws.String(\"u\")}}}\n"
                "  _ = &search.ScanInput{TableName: aws.String(\"Users\")}\n"
                "}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 1u);
  EXPECT_EQ(F.X.DynamoCalls[0].Sdk, "aws-sdk-go");
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params),
            "{TableName:'Users',Key:{userId:{S:'u'}}}");
  Found G = run(HostLanguage::Go,
                "package p\nfunc f() { _ = &dynamodb.ScanInput{TableName: "
                "aws.String(\"Users\")} }\n");
  EXPECT_TRUE(G.X.DynamoCalls.empty());
}

TEST(GoSdk, CreateTableInputIsATableDefinition) {
  Found F = run(
      HostLanguage::Go,
      std::string(GoHeader) +
          "func f(key string) {\n"
          "  c.CreateTable(ctx, &db.CreateTableInput{TableName: aws.String(table),\n"
          "    KeySchema: []t.KeySchemaElement{{AttributeName: aws.String(\"pk\"),"
          " KeyType: t.KeyTypeHash}},\n"
          "    AttributeDefinitions: []t.AttributeDefinition{{AttributeName: "
          "aws.String(\"pk\"), AttributeType: t.ScalarAttributeTypeN}},\n"
          "    LocalSecondaryIndexes: []t.LocalSecondaryIndex{{IndexName: "
          "aws.String(\"l\"), Projection: &t.Projection{ProjectionType: "
          "t.ProjectionTypeInclude, NonKeyAttributes: []string{\"a\"}}}},\n"
          "    ProvisionedThroughput: &t.ProvisionedThroughput{ReadCapacityUnits: "
          "aws.Int64(5)}})\n"
          "  _ = &db.CreateTableInput{TableName: aws.String(\"x\"),\n"
          "    KeySchema: []t.KeySchemaElement{{AttributeName: aws.String(key),"
          " KeyType: \"HASH\"}}}\n"
          "}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 2u);
  EXPECT_EQ(F.X.DynamoCalls[0].Operation, "CreateTable");
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params),
            "{TableName:'Orders',KeySchema:[{AttributeName:'pk',KeyType:'HASH'}],"
            "AttributeDefinitions:[{AttributeName:'pk',AttributeType:'N'}],"
            "LocalSecondaryIndexes:[{IndexName:'l',Projection:{ProjectionType:"
            "'INCLUDE',NonKeyAttributes:['a']}}],"
            "ProvisionedThroughput:{ReadCapacityUnits:5}}");
  EXPECT_EQ(show(*F.X.DynamoCalls[1].Params),
            "{TableName:'x',KeySchema:[{AttributeName:?str,KeyType:'HASH'}]}");
}

TEST(GoSdk, CreateTableChangedLaterDeclaresNothing) {
  Found F = run(
      HostLanguage::Go,
      std::string(GoHeader) +
          "func f() {\n"
          "  a := &db.CreateTableInput{TableName: aws.String(\"a\"),\n"
          "    KeySchema: []t.KeySchemaElement{{AttributeName: aws.String(\"pk\"),"
          " KeyType: \"HASH\"}}}\n"
          "  a.ProvisionedThroughput = &t.ProvisionedThroughput{}\n"
          "  c.CreateTable(ctx, a)\n"
          "  b := &db.CreateTableInput{TableName: aws.String(\"b\"),\n"
          "    KeySchema: []t.KeySchemaElement{{AttributeName: aws.String(\"pk\"),"
          " KeyType: \"HASH\"}}}\n"
          "  b.KeySchema = append(b.KeySchema, t.KeySchemaElement{})\n"
          "  c.CreateTable(ctx, b)\n"
          "}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 2u);
  // A setting that is not the schema leaves the table; one that is, not.
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params),
            "{TableName:'a',KeySchema:[{AttributeName:'pk',KeyType:'HASH'}],...}");
  EXPECT_EQ(show(*F.X.DynamoCalls[1].Params),
            "{TableName:?str,KeySchema:[{AttributeName:'pk',KeyType:'HASH'}],...}");
}

//===----------------------------------------------------------------------===//
// .NET
//===----------------------------------------------------------------------===//

const char *CsHeader = "using Amazon.DynamoDBv2;\n"
                       "using Amazon.DynamoDBv2.Model;\n"
                       "class A {\n"
                       "  const string T = \"Orders\";\n";

TEST(DotNetSdk, ObjectInitializerBecomesWireParams) {
  Found F = run(HostLanguage::CSharp,
                std::string(CsHeader) +
                    "  void F(string id) {\n"
                    "    var r = new QueryRequest { TableName = T,\n"
                    "      KeyConditionExpression = \"customerId = :c\",\n"
                    "      ExpressionAttributeValues = new Dictionary<string, AttributeValue> {\n"
                    "        { \":c\", new AttributeValue { S = id } },\n"
                    "        [\":n\"] = new AttributeValue { N = \"5\" },\n"
                    "        [\":s\"] = new AttributeValue(\"x\") },\n"
                    "      Select = Select.COUNT, Limit = 10 };\n"
                    "  }\n}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 1u);
  const DynamoCall &Q = F.X.DynamoCalls[0];
  EXPECT_EQ(Q.Operation, "Query");
  EXPECT_EQ(Q.Sdk, "aws-sdk-net");
  EXPECT_EQ(show(*Q.Params),
            "{TableName:'Orders',KeyConditionExpression:'customerId = :c',"
            "ExpressionAttributeValues:{:c:{S:?str},:n:{N:'5'},:s:{S:'x'}},"
            "Select:'COUNT',Limit:10}");
  EXPECT_EQ(F.text(Q.OperationRange), "QueryRequest");
  EXPECT_EQ(F.text(Q.Range).substr(0, 18), "new QueryRequest {");
  EXPECT_EQ(F.member(0, "Limit"), "Limit");
  EXPECT_EQ(F.value(0, "Limit"), "10");
}

TEST(DotNetSdk, ConstructorsAndTargetTypedNew) {
  Found F = run(
      HostLanguage::CSharp,
      std::string(CsHeader) +
          "  void F(Dictionary<string, AttributeValue> key) {\n"
          "    var s = new ScanRequest(\"Users\") { Limit = 5 };\n"
          "    var g = new GetItemRequest(T, new Dictionary<string, AttributeValue> {\n"
          "      [\"customerId\"] = new AttributeValue(\"c\") }, true);\n"
          "    QueryRequest q = new() { TableName = T, ExpressionAttributeValues = new() {\n"
          "      [\":c\"] = new() { S = \"c\" } } };\n"
          "    var w = new BatchWriteItemRequest(new Dictionary<string, List<WriteRequest>> {\n"
          "      [\"Users\"] = new List<WriteRequest> { new WriteRequest(new DeleteRequest(key)),\n"
          "        new WriteRequest(new PutRequest { Item = new Dictionary<string, AttributeValue> {\n"
          "          [\"userId\"] = new AttributeValue { BOOL = true } } }) } });\n"
          "  }\n}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 4u);
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params), "{TableName:'Users',Limit:5}");
  EXPECT_EQ(show(*F.X.DynamoCalls[1].Params),
            "{TableName:'Orders',Key:{customerId:{S:'c'}},ConsistentRead:true}");
  EXPECT_EQ(show(*F.X.DynamoCalls[2].Params),
            "{TableName:'Orders',ExpressionAttributeValues:{:c:{S:'c'}}}");
  EXPECT_EQ(F.text(F.X.DynamoCalls[2].OperationRange), "QueryRequest");
  EXPECT_EQ(show(*F.X.DynamoCalls[3].Params),
            "{RequestItems:{Users:[{DeleteRequest:{Key:{...}}},"
            "{PutRequest:{Item:{userId:{BOOL:true}}}}]}}");
}

TEST(DotNetSdk, RunTimeValuesAndOtherNamespaces) {
  Found F = run(
      HostLanguage::CSharp,
      std::string(CsHeader) +
          "  void F(string t) {\n"
          "    var vals = new Dictionary<string, AttributeValue>();\n"
          "    var req = new QueryRequest { TableName = t, ExpressionAttributeValues = vals };\n"
          "    req.Limit = 5;\n"
          "    var other = new Nest.ScanRequest(\"Users\");\n"
          "  }\n}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 1u);
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params),
            "{TableName:?str,ExpressionAttributeValues:{...},...}");
  Found G = run(HostLanguage::CSharp,
                "using Nest;\nclass A { void F() { var s = new "
                "ScanRequest(\"Users\"); } }\n");
  EXPECT_TRUE(G.X.DynamoCalls.empty());
}

TEST(DotNetSdk, ClientOverloads) {
  Found F = run(
      HostLanguage::CSharp,
      std::string(CsHeader) +
          "  IAmazonDynamoDB _ddb;\n"
          "  async Task F(Dictionary<string, AttributeValue> key, CancellationToken ct) {\n"
          "    await _ddb.QueryAsync(new() { TableName = T, Limit = 5 }, ct);\n"
          "    await _ddb.GetItemAsync(\"Users\", key, true, ct);\n"
          "    await _ddb.ScanAsync(T, new List<string> { \"a\" });\n"
          "    await _ddb.QueryAsync(request);\n"
          "    await search.GetItemAsync(\"Users\", key);\n"
          "  }\n}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 3u);
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params), "{TableName:'Orders',Limit:5}");
  EXPECT_EQ(F.text(F.X.DynamoCalls[0].OperationRange), "QueryAsync");
  EXPECT_EQ(F.X.DynamoCalls[1].Operation, "GetItem");
  EXPECT_EQ(show(*F.X.DynamoCalls[1].Params),
            "{TableName:'Users',Key:{...},ConsistentRead:true}");
  EXPECT_EQ(show(*F.X.DynamoCalls[2].Params),
            "{TableName:'Orders',AttributesToGet:['a']}");
}

TEST(DotNetSdk, CreateTableRequestIsATableDefinition) {
  Found F = run(
      HostLanguage::CSharp,
      "using Amazon.DynamoDBv2.Model;\n"
      "class A { async Task F(IAmazonDynamoDB c, string n) {\n"
      "  await c.CreateTableAsync(new CreateTableRequest {\n"
      "    TableName = \"Orders\",\n"
      "    KeySchema = new List<KeySchemaElement> {\n"
      "      new KeySchemaElement(\"pk\", KeyType.HASH),\n"
      "      new KeySchemaElement { AttributeName = \"sk\", KeyType = \"RANGE\" } },\n"
      "    AttributeDefinitions = new List<AttributeDefinition> {\n"
      "      new AttributeDefinition(\"pk\", ScalarAttributeType.S) },\n"
      "    ProvisionedThroughput = new ProvisionedThroughput(5, 10),\n"
      "    BillingMode = BillingMode.PROVISIONED });\n"
      "  await c.CreateTableAsync(new CreateTableRequest(n, new "
      "List<KeySchemaElement> { new KeySchemaElement(\"id\", KeyType.HASH) }));\n"
      "} }\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 2u);
  EXPECT_EQ(F.X.DynamoCalls[0].Operation, "CreateTable");
  EXPECT_EQ(F.text(F.X.DynamoCalls[0].OperationRange), "CreateTableRequest");
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params),
            "{TableName:'Orders',KeySchema:[{AttributeName:'pk',KeyType:'HASH'},"
            "{AttributeName:'sk',KeyType:'RANGE'}],"
            "AttributeDefinitions:[{AttributeName:'pk',AttributeType:'S'}],"
            "ProvisionedThroughput:{ReadCapacityUnits:5,WriteCapacityUnits:10},"
            "BillingMode:'PROVISIONED'}");
  EXPECT_EQ(show(*F.X.DynamoCalls[1].Params),
            "{TableName:?str,KeySchema:[{AttributeName:'id',KeyType:'HASH'}]}");
}

TEST(DotNetSdk, CreateTableChangedLaterDeclaresNothing) {
  Found F = run(HostLanguage::CSharp,
                "using Amazon.DynamoDBv2.Model;\n"
                "class A { void F(IAmazonDynamoDB c) {\n"
                "  var r = new CreateTableRequest(\"Products\", new "
                "List<KeySchemaElement> { new KeySchemaElement(\"id\", "
                "KeyType.HASH) });\n"
                "  r.AttributeDefinitions = new List<AttributeDefinition> {\n"
                "    new AttributeDefinition(\"id\", ScalarAttributeType.S) };\n"
                "  c.CreateTableAsync(r);\n"
                "} }\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 1u);
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params),
            "{TableName:?str,KeySchema:[{AttributeName:'id',KeyType:'HASH'}],...}");
}

TEST(TypedSdk, VariablesAssignedAgainAreNotFollowed) {
  Found J = run(HostLanguage::Java,
                std::string(JavaHeader) +
                    "  void f(DynamoDbClient c, boolean b) {\n"
                    "    Map<String, AttributeValue> k = Map.of(\"a\", AttributeValue.fromS(\"1\"));\n"
                    "    if (b) k = Map.of(\"b\", AttributeValue.fromS(\"2\"));\n"
                    "    c.getItem(GetItemRequest.builder().tableName(T).key(k).build());\n"
                    "  }\n}\n");
  ASSERT_EQ(J.X.DynamoCalls.size(), 1u);
  EXPECT_EQ(show(*J.X.DynamoCalls[0].Params), "{TableName:'Orders',Key:{...}}");
  Found G = run(HostLanguage::Go,
                std::string(GoHeader) +
                    "func f(b bool) {\n"
                    "  k := map[string]t.AttributeValue{\"a\": &t.AttributeValueMemberS{Value: \"1\"}}\n"
                    "  if b { k = nil }\n"
                    "  _ = &db.GetItemInput{TableName: aws.String(table), Key: k}\n"
                    "}\n");
  ASSERT_EQ(G.X.DynamoCalls.size(), 1u);
  EXPECT_EQ(show(*G.X.DynamoCalls[0].Params), "{TableName:'Orders',Key:{...}}");
  Found N = run(HostLanguage::CSharp,
                std::string(CsHeader) +
                    "  void F(bool b) {\n"
                    "    var name = \"Users\";\n"
                    "    if (b) name = \"Archive\";\n"
                    "    var s = new ScanRequest(name);\n"
                    "  }\n}\n");
  ASSERT_EQ(N.X.DynamoCalls.size(), 1u);
  EXPECT_EQ(show(*N.X.DynamoCalls[0].Params), "{TableName:?str}");
}

TEST(TypedSdk, RequestsThatMayChangeLaterAreOpen) {
  Found G = run(HostLanguage::Go,
                std::string(GoHeader) +
                    "func build() *db.QueryInput {\n"
                    "  return &db.QueryInput{TableName: aws.String(table)}\n"
                    "}\n"
                    "func f() {\n"
                    "  in := &db.QueryInput{TableName: aws.String(table)}\n"
                    "  addPaging(in)\n"
                    "  c.Query(ctx, in)\n"
                    "  one := &db.ScanInput{TableName: aws.String(table)}\n"
                    "  c.Scan(ctx, one)\n"
                    "}\n");
  ASSERT_EQ(G.X.DynamoCalls.size(), 3u);
  EXPECT_EQ(show(*G.X.DynamoCalls[0].Params), "{TableName:'Orders',...}");
  EXPECT_EQ(show(*G.X.DynamoCalls[1].Params), "{TableName:'Orders',...}");
  EXPECT_EQ(show(*G.X.DynamoCalls[2].Params), "{TableName:'Orders'}");
  Found N = run(HostLanguage::CSharp,
                std::string(CsHeader) +
                    "  QueryRequest Build() { return new QueryRequest { TableName = T }; }\n"
                    "  void F() {\n"
                    "    var r = new ScanRequest { TableName = T };\n"
                    "    Customize(r);\n"
                    "    client.Scan(r);\n"
                    "  }\n}\n");
  ASSERT_EQ(N.X.DynamoCalls.size(), 2u);
  EXPECT_EQ(show(*N.X.DynamoCalls[0].Params), "{TableName:'Orders',...}");
  EXPECT_EQ(show(*N.X.DynamoCalls[1].Params), "{TableName:'Orders',...}");
}

//===----------------------------------------------------------------------===//
// Hostile inputs: cycles, deep nesting, truncated code
//===----------------------------------------------------------------------===//

std::string repeat(const std::string &S, int N) {
  std::string R;
  for (int I = 0; I < N; ++I)
    R += S;
  return R;
}

TEST(TypedSdk, CyclesDeepNestingAndTruncationFinish) {
  // Variables that refer to each other; a value nested 300 levels deep.
  Found J = run(HostLanguage::Java,
                std::string(JavaHeader) +
                    "  void f(DynamoDbClient c) {\n"
                    "    Map<String, AttributeValue> a = b;\n"
                    "    Map<String, AttributeValue> b = a;\n"
                    "    c.putItem(PutItemRequest.builder().tableName(T).item(a)\n"
                    "      .expressionAttributeValues(Map.of(\":v\", " +
                    repeat("AttributeValue.fromL(List.of(", 300) + "x" +
                    repeat("))", 300) + ")).build());\n"
                    "    c.query(QueryRequest.builder().tableName(T).keyConditionExpression(\n");
  ASSERT_EQ(J.X.DynamoCalls.size(), 2u);
  EXPECT_EQ(show(*J.X.DynamoCalls[0].Params).substr(0, 40),
            "{TableName:'Orders',Item:{...},Expressio");
  Found G = run(HostLanguage::Go,
                std::string(GoHeader) +
                    "func f() {\n"
                    "  x := y\n  y := x\n"
                    "  _ = &db.PutItemInput{Item: x, ExpressionAttributeValues: "
                    "map[string]t.AttributeValue{\":v\": " +
                    repeat("&t.AttributeValueMemberL{Value: []t.AttributeValue{", 300) +
                    repeat("}}", 300) + "}}\n"
                    "  _ = &db.QueryInput{TableName: aws.String(\n");
  ASSERT_GE(G.X.DynamoCalls.size(), 1u);
  EXPECT_EQ(G.X.DynamoCalls[0].Operation, "PutItem");
  Found N = run(HostLanguage::CSharp,
                std::string(CsHeader) +
                    "  void F() {\n"
                    "    var a = b; var b = a;\n"
                    "    var r = new PutItemRequest { Item = a, ExpressionAttributeValues = "
                    "new Dictionary<string, AttributeValue> { [\":v\"] = " +
                    repeat("new AttributeValue { L = new List<AttributeValue> { ", 300) +
                    repeat("} }", 300) + " } };\n"
                    "    var q = new QueryRequest { TableName = \n");
  ASSERT_GE(N.X.DynamoCalls.size(), 1u);
  EXPECT_EQ(N.X.DynamoCalls[0].Operation, "PutItem");
}

//===----------------------------------------------------------------------===//
// nosqlint queries
//===----------------------------------------------------------------------===//

TEST(TypedSdk, QueriesCommandListsTheRequests) {
  const std::string Fixtures = NOSQLINT_SOURCE_DIR "/tests/fixtures";
  llvm::json::Value V = test::queriesJson(
      {Fixtures + "/host-dynamo/go/v1.go",
       Fixtures + "/host-dynamo/java/Enhanced.java"},
      {Fixtures + "/dynamo/schema"});
  const llvm::json::Array *Qs = test::queryList(V);
  ASSERT_NE(Qs, nullptr);
  std::vector<std::string> Seen;
  for (const llvm::json::Value &Q : *Qs) {
    const llvm::json::Object *J = Q.getAsObject();
    ASSERT_NE(J, nullptr);
    EXPECT_EQ(J->getString("dialect").getValueOr(""), "dynamodb");
    std::string File = J->getString("file").getValueOr("").str();
    // The enhanced client is a source of its own.
    EXPECT_EQ(J->getString("source").getValueOr(""),
              llvm::StringRef(File).endswith(".java") ? "enhanced-client"
                                                      : "sdk");
    Seen.push_back(File.substr(File.rfind('/') + 1) + ":" +
                   std::to_string(J->getInteger("line").getValueOr(0)) + ":" +
                   std::to_string(J->getInteger("column").getValueOr(0)) + " " +
                   J->getString("operation").getValueOr("").str() + " " +
                   J->getString("table").getValueOr("?").str());
  }
  std::sort(Seen.begin(), Seen.end());
  EXPECT_EQ(Seen, (std::vector<std::string>{
                      "Enhanced.java:17:12 Scan Users",
                      "Enhanced.java:18:12 Scan ?",
                      "Enhanced.java:20:13 Scan OrderArchive",
                      "Enhanced.java:21:11 GetItem Users",
                      "v1.go:11:22 Query Orders",
                      "v1.go:20:21 Scan Users",
                      "v1.go:21:24 GetItem Users"}));
}

//===----------------------------------------------------------------------===//
// Java v1: model classes, the Document API, DynamoDBMapper
//===----------------------------------------------------------------------===//

TEST(JavaSdkV1, SettersOnAVariableJoinTheRequest) {
  Found F = run(HostLanguage::Java,
                "import com.amazonaws.services.dynamodbv2.model.*;\n"
                "class A {\n"
                "  void f(com.amazonaws.services.dynamodbv2.AmazonDynamoDB c) {\n"
                "    QueryRequest q = new QueryRequest(\"Orders\");\n"
                "    q.setKeyConditionExpression(\"customerId = :c\");\n"
                "    q.withLimit(5).addExpressionAttributeValuesEntry(\":c\", "
                "new AttributeValue(\"c1\"));\n"
                "    c.query(q);\n"
                "  }\n}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 1u);
  const DynamoCall &Q = F.X.DynamoCalls[0];
  EXPECT_EQ(Q.Sdk, "aws-sdk-java-v1");
  EXPECT_EQ(Q.Operation, "Query");
  EXPECT_EQ(show(*Q.Params),
            "{TableName:'Orders',KeyConditionExpression:'customerId = :c',"
            "Limit:5,ExpressionAttributeValues:{:c:{S:'c1'}}}");
  EXPECT_EQ(F.text(Q.OperationRange), "QueryRequest");
  EXPECT_EQ(F.value(0, "KeyConditionExpression"), "\"customerId = :c\"");
}

TEST(JavaSdkV1, AVariableUsedOtherwiseIsOpen) {
  Found F = run(HostLanguage::Java,
                "import com.amazonaws.services.dynamodbv2.model.*;\n"
                "class A {\n"
                "  void f(com.amazonaws.services.dynamodbv2.AmazonDynamoDB c, boolean b) {\n"
                "    ScanRequest s = new ScanRequest().withTableName(\"T\");\n"
                "    if (b) s.setLimit(5);\n"
                "    c.scan(s);\n"
                "  }\n}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 1u);
  // The setter called under the condition may set Limit, to a value not
  // known here.
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params), "{TableName:'T',Limit:?,...}");
}

TEST(JavaSdkV1, AClassOfAnotherPackageIsNotTheSdks) {
  Found F = run(HostLanguage::Java,
                "import com.amazonaws.services.dynamodbv2.model.AttributeValue;\n"
                "import com.acme.QueryRequest;\n"
                "class A { void f() { new QueryRequest().withTableName(\"T\"); } }\n");
  EXPECT_TRUE(F.X.DynamoCalls.empty());
}

TEST(JavaSdkV1, DocumentApiKeyFormsBecomeAKeyCondition) {
  Found F = run(HostLanguage::Java,
                "import com.amazonaws.services.dynamodbv2.document.*;\n"
                "class A {\n"
                "  void f(DynamoDB d, String id) {\n"
                "    Table t = d.getTable(\"Orders\");\n"
                "    t.query(\"customerId\", id, new RangeKeyCondition(\"orderId\")"
                ".between(1, 9));\n"
                "  }\n}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 1u);
  const DynamoCall &Q = F.X.DynamoCalls[0];
  EXPECT_EQ(Q.Sdk, "aws-sdk-java-v1-document");
  EXPECT_EQ(show(*Q.Params),
            "{TableName:'Orders',ExpressionAttributeNames:{#k0:'customerId',"
            "#k1:'orderId'},ExpressionAttributeValues:{:k0_0:?,"
            ":k1_0:{N:1},:k1_1:{N:9}},KeyConditionExpression:"
            "'#k0 = :k0_0 AND #k1 BETWEEN :k1_0 AND :k1_1'}");
}

/// The calls of a mapper file after resolveMapperRequests, with the
/// classes of \p Models (each in its folder).
std::vector<DynamoCall> resolved(const std::string &Src,
                                 llvm::ArrayRef<std::pair<std::string, std::string>> Models) {
  std::vector<FileExtraction> Xs;
  Xs.push_back(extractFile(HostLanguage::Java, FileId{1}, Src));
  unsigned Id = 2;
  for (const auto &M : Models)
    Xs.push_back(extractFile(HostLanguage::Java, FileId{Id++}, M.second));
  std::vector<ModelRequestFile> Files;
  Files.push_back({&Xs[0].DynamoCalls, "app/src/shop"});
  for (size_t I = 0; I < Models.size(); ++I)
    Files.push_back({&Xs[I + 1].DynamoCalls, Models[I].first});
  resolveMapperRequests(Files);
  return std::move(Xs[0].DynamoCalls);
}

const char *MapperUse =
    "import com.amazonaws.services.dynamodbv2.datamodeling.*;\n"
    "import shop.model.Order;\n"
    "class Dao {\n"
    "  DynamoDBMapper m;\n"
    "  Object f(String id, Order key) {\n"
    "    m.load(Order.class, id);\n"
    "    return m.query(Order.class, new DynamoDBQueryExpression<Order>()"
    ".withIndexName(\"by-sku\").withHashKeyValues(key));\n"
    "  }\n}\n";

std::string orderModel(const char *Table) {
  return std::string("package shop.model;\n"
                     "import com.amazonaws.services.dynamodbv2.datamodeling.*;\n"
                     "@DynamoDBTable(tableName = \"") +
         Table +
         "\")\n"
         "class Order {\n"
         "  @DynamoDBHashKey(attributeName = \"customerId\") String getC() { return null; }\n"
         "  @DynamoDBRangeKey Long getOrderId() { return 0L; }\n"
         "  @DynamoDBIndexHashKey(globalSecondaryIndexName = \"by-sku\") String getSku() { return null; }\n"
         "}\n";
}

TEST(JavaMapper, CallsTakeTheTableAndKeysOfTheirClass) {
  std::vector<DynamoCall> Calls =
      resolved(MapperUse, {{"app/src/shop/model", orderModel("orders")}});
  ASSERT_EQ(Calls.size(), 2u);
  EXPECT_EQ(Calls[0].Sdk, "aws-sdk-java-v1-mapper");
  EXPECT_EQ(Calls[0].ModelClass, "shop.model.Order");
  EXPECT_EQ(show(*Calls[0].Params), "{TableName:'orders',Key:{customerId:?}}");
  // The hash key of the index queried.
  EXPECT_EQ(show(*Calls[1].Params),
            "{TableName:'orders',IndexName:'by-sku',ExpressionAttributeNames:"
            "{#k0:'sku'},ExpressionAttributeValues:{:k0_0:?},"
            "KeyConditionExpression:'#k0 = :k0_0'}");
}

TEST(JavaMapper, AClassDeclaredTwiceAlikeFarNamesNothing) {
  // Two sub-projects declare shop.model.Order with other tables, neither
  // nearer the use: the table stays unknown, the key open.
  std::vector<DynamoCall> Calls =
      resolved(MapperUse, {{"a/model", orderModel("orders")},
                           {"b/model", orderModel("orders_v2")}});
  ASSERT_EQ(Calls.size(), 2u);
  EXPECT_EQ(show(*Calls[0].Params), "{TableName:?str,Key:{...}}");
}

//===----------------------------------------------------------------------===//
// Mapped classes of the enhanced client and the .NET DataModel; Kotlin
//===----------------------------------------------------------------------===//

/// The calls of \p Src (in folder app/src) after resolveMapperRequests,
/// with the model files \p Models (folder, text), all in \p Lang.
std::vector<DynamoCall>
resolvedIn(HostLanguage Lang, const std::string &Src,
           llvm::ArrayRef<std::pair<std::string, std::string>> Models) {
  std::vector<FileExtraction> Xs;
  Xs.push_back(extractFile(Lang, FileId{1}, Src));
  unsigned Id = 2;
  for (const auto &M : Models)
    Xs.push_back(extractFile(Lang, FileId{Id++}, M.second));
  std::vector<ModelRequestFile> Files;
  Files.push_back({&Xs[0].DynamoCalls, "app/src"});
  for (size_t I = 0; I < Models.size(); ++I)
    Files.push_back({&Xs[I + 1].DynamoCalls, Models[I].first});
  resolveMapperRequests(Files);
  return std::move(Xs[0].DynamoCalls);
}

const char *EnhancedBean =
    "package shop.model;\n"
    "import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.*;\n"
    "@DynamoDbBean\n"
    "public class Order {\n"
    "  @DynamoDbPartitionKey @DynamoDbAttribute(\"customerId\")\n"
    "  public String getCustomer() { return null; }\n"
    "  @DynamoDbSortKey public Long getOrderId() { return 0L; }\n"
    "  @DynamoDbSecondaryPartitionKey(indexNames = \"by-status\")\n"
    "  public String getStatus() { return null; }\n"
    "  @DynamoDbSecondarySortKey(indexNames = \"by-status\")\n"
    "  public String getPlacedAt() { return null; }\n"
    "}\n";

TEST(JavaEnhanced, RequestsTakeTheKeysOfTheirBean) {
  std::string Use =
      "import shop.model.Order;\n"
      "import software.amazon.awssdk.enhanced.dynamodb.*;\n"
      "import software.amazon.awssdk.enhanced.dynamodb.model.*;\n"
      "class Repo {\n"
      "  private final DynamoDbTable<Order> t;\n"
      "  Repo(DynamoDbEnhancedClient e) { this.t = e.table(\"orders\", "
      "TableSchema.fromBean(Order.class)); }\n"
      "  void f(String id) {\n"
      "    t.query(QueryConditional.sortBeginsWith(Key.builder()"
      ".partitionValue(id).sortValue(\"2024\").build()));\n"
      "    t.index(\"by-status\").query(r -> { r.queryConditional("
      "QueryConditional.keyEqualTo(k -> k.partitionValue(\"open\"))); "
      "r.limit(5); });\n"
      "    t.getItem(Key.builder().partitionValue(id).sortValue(7).build());\n"
      "    t.putItem(new Order());\n"
      "  }\n}\n";
  std::vector<DynamoCall> Calls = resolvedIn(
      HostLanguage::Java, Use, {{"app/src/shop/model", EnhancedBean}});
  std::vector<const DynamoCall *> Requests;
  for (const DynamoCall &C : Calls)
    if (C.Operation != "CreateTable")
      Requests.push_back(&C);
  ASSERT_EQ(Requests.size(), 4u);
  EXPECT_EQ(Requests[0]->Sdk, "aws-sdk-java-v2-enhanced");
  EXPECT_EQ(Requests[0]->ModelClass, "shop.model.Order");
  EXPECT_EQ(show(*Requests[0]->Params),
            "{TableName:'orders',ExpressionAttributeNames:{#k0:'customerId',"
            "#k1:'orderId'},ExpressionAttributeValues:{:k0_0:?,:k1_0:{S:'2024'}},"
            "KeyConditionExpression:'#k0 = :k0_0 AND begins_with(#k1, :k1_0)'}");
  // The index's keys; a block lambda's statements are its setters.
  EXPECT_EQ(show(*Requests[1]->Params),
            "{TableName:'orders',IndexName:'by-status',Limit:5,"
            "ExpressionAttributeNames:{#k0:'status'},ExpressionAttributeValues:"
            "{:k0_0:{S:'open'}},KeyConditionExpression:'#k0 = :k0_0'}");
  EXPECT_EQ(show(*Requests[2]->Params),
            "{TableName:'orders',Key:{customerId:?,orderId:{N:7}}}");
  EXPECT_EQ(show(*Requests[3]->Params), "{TableName:'orders',Item:{...}}");
}

TEST(JavaEnhanced, AnUnknownBeanLeavesTheKeysUnknown) {
  std::string Use =
      "import software.amazon.awssdk.enhanced.dynamodb.*;\n"
      "import software.amazon.awssdk.enhanced.dynamodb.model.*;\n"
      "class Repo {\n"
      "  void f(DynamoDbTable<Missing> t, String id) {\n"
      "    t.query(QueryConditional.keyEqualTo(Key.builder().partitionValue(id)"
      ".build()));\n"
      "    t.getItem(Key.builder().partitionValue(id).build());\n"
      "  }\n}\n";
  std::vector<DynamoCall> Calls = resolvedIn(HostLanguage::Java, Use, {});
  ASSERT_EQ(Calls.size(), 2u);
  EXPECT_EQ(show(*Calls[0].Params),
            "{TableName:?str,ExpressionAttributeNames:{#k0:?str},"
            "ExpressionAttributeValues:{:k0_0:?},KeyConditionExpression:"
            "'#k0 = :k0_0'}");
  EXPECT_EQ(show(*Calls[1].Params), "{TableName:?str,Key:{...}}");
}

const char *DataModelClass =
    "using Amazon.DynamoDBv2.DataModel;\n"
    "namespace Shop.Models {\n"
    "  [DynamoDBTable(\"Orders\")]\n"
    "  public class Order {\n"
    "    [DynamoDBHashKey(\"customer_id\")] public string CustomerId { get; set; }\n"
    "    [DynamoDBRangeKey] public long OrderId { get; set; }\n"
    "  }\n}\n";

TEST(DotNetDataModel, CallsTakeTheClassOfTheNamespacesTheFileOpens) {
  std::string Use =
      "using Amazon.DynamoDBv2.DataModel;\n"
      "using Amazon.DynamoDBv2.DocumentModel;\n"
      "using Shop.Models;\n"
      "namespace Shop.Api {\n"
      "  class Store {\n"
      "    async Task F(IDynamoDBContext ctx, string id) {\n"
      "      await ctx.QueryAsync<Order>(id, QueryOperator.GreaterThan, 5)"
      ".GetRemainingAsync();\n"
      "      await ctx.LoadAsync<Order>(id, 3L);\n"
      "    }\n  }\n}\n";
  std::vector<DynamoCall> Calls = resolvedIn(
      HostLanguage::CSharp, Use, {{"app/src/Models", DataModelClass}});
  ASSERT_EQ(Calls.size(), 2u);
  EXPECT_EQ(Calls[0].Sdk, "aws-sdk-net-datamodel");
  EXPECT_EQ(show(*Calls[0].Params),
            "{TableName:'Orders',ExpressionAttributeNames:{#k0:'customer_id',"
            "#k1:'OrderId'},ExpressionAttributeValues:{:k0_0:?,:k1_0:{N:5}},"
            "KeyConditionExpression:'#k0 = :k0_0 AND #k1 > :k1_0'}");
  EXPECT_EQ(show(*Calls[1].Params),
            "{TableName:'Orders',Key:{customer_id:?,OrderId:{N:3}}}");
  // The same class name, in a namespace the file does not open.
  std::string Other = Use;
  Other.replace(Other.find("using Shop.Models;"), 18, "using Other.Models;");
  Calls = resolvedIn(HostLanguage::CSharp, Other,
                     {{"app/src/Models", DataModelClass}});
  ASSERT_EQ(Calls.size(), 2u);
  EXPECT_EQ(show(*Calls[1].Params), "{TableName:?str,Key:{...}}");
}

TEST(DotNetDataModel, AContextOfTheApplicationsOwnIsNotTheSdks) {
  Found F = run(HostLanguage::CSharp,
                "using Amazon.DynamoDBv2.DataModel;\n"
                "class IDynamoDBContext { public object LoadAsync<T>(object k) => null; }\n"
                "class A { object F(IDynamoDBContext c) { return c.LoadAsync<A>(\"k\"); } }\n");
  EXPECT_TRUE(F.X.DynamoCalls.empty());
}

TEST(KotlinSdk, RequestDslBecomesWireParams) {
  Found F = run(HostLanguage::Kotlin,
                "import aws.sdk.kotlin.services.dynamodb.DynamoDbClient\n"
                "import aws.sdk.kotlin.services.dynamodb.model.*\n"
                "suspend fun f(c: DynamoDbClient, id: String) {\n"
                "  val r = QueryRequest {\n"
                "    tableName = \"Orders\"\n"
                "    keyConditionExpression = \"pk = :v\"\n"
                "    expressionAttributeValues = mapOf(\":v\" to AttributeValue.S(id),"
                " \":n\" to AttributeValue.N(\"5\"))\n"
                "    select = Select.Count\n"
                "  }\n"
                "  c.query(r)\n"
                "  c.getItem { tableName = \"Users\"; key = mapOf(\"id\" to AttributeValue.S(\"u\")) }\n"
                "}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 2u);
  EXPECT_EQ(F.X.DynamoCalls[0].Sdk, "aws-sdk-kotlin");
  EXPECT_EQ(F.X.DynamoCalls[0].Operation, "Query");
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params),
            "{TableName:'Orders',KeyConditionExpression:'pk = :v',"
            "ExpressionAttributeValues:{:v:{S:?str},:n:{N:'5'}},Select:'COUNT'}");
  EXPECT_EQ(F.text(F.X.DynamoCalls[0].OperationRange), "QueryRequest");
  EXPECT_EQ(F.X.DynamoCalls[1].Operation, "GetItem");
  EXPECT_EQ(F.text(F.X.DynamoCalls[1].OperationRange), "getItem");
  EXPECT_EQ(show(*F.X.DynamoCalls[1].Params),
            "{TableName:'Users',Key:{id:{S:'u'}}}");
}

TEST(KotlinSdk, LookAlikesAreNotRequests) {
  Found F = run(HostLanguage::Kotlin,
                "import aws.sdk.kotlin.services.dynamodb.DynamoDbClient\n"
                "class QueryRequest(val b: QueryRequest.() -> Unit) { var tableName = \"\" }\n"
                "class Search { fun query(b: Search.() -> Unit) {}; var tableName = \"\" }\n"
                "fun f(s: Search) {\n"
                "  QueryRequest { tableName = \"Orders\" }\n"
                "  s.query { tableName = \"Orders\" }\n"
                "}\n");
  EXPECT_TRUE(F.X.DynamoCalls.empty());
}

TEST(KotlinSdk, JavaSdksCalledFromKotlin) {
  Found F = run(HostLanguage::Kotlin,
                "import software.amazon.awssdk.services.dynamodb.DynamoDbClient\n"
                "import software.amazon.awssdk.services.dynamodb.model.AttributeValue\n"
                "import software.amazon.awssdk.services.dynamodb.model.QueryRequest\n"
                "import com.amazonaws.services.dynamodbv2.model.ScanRequest as V1Scan\n"
                "fun f(c: DynamoDbClient, id: String) {\n"
                "  QueryRequest.builder().tableName(\"Orders\").keyConditionExpression(\"pk = :v\")"
                ".expressionAttributeValues(mapOf(\":v\" to AttributeValue.fromS(id))).build()\n"
                "  c.query { it.tableName(\"Orders\").limit(5) }\n"
                "  V1Scan(\"Users\").withLimit(10)\n"
                "}\n");
  ASSERT_EQ(F.X.DynamoCalls.size(), 3u);
  EXPECT_EQ(show(*F.X.DynamoCalls[0].Params),
            "{TableName:'Orders',KeyConditionExpression:'pk = :v',"
            "ExpressionAttributeValues:{:v:{S:?str}}}");
  EXPECT_EQ(show(*F.X.DynamoCalls[1].Params), "{TableName:'Orders',Limit:5}");
  EXPECT_EQ(F.X.DynamoCalls[2].Sdk, "aws-sdk-java-v1");
  EXPECT_EQ(show(*F.X.DynamoCalls[2].Params), "{TableName:'Users',Limit:10}");
}

} // namespace
