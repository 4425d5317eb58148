//===- Boto3Test.cpp - DynamoDB requests made with boto3 ------------------===//
//
// The requests the extractor finds in Python code: the operation, the
// wire-format parameters (printed compactly, `?` for an unknown value, `...`
// for an open object), and the host ranges of the operation and of the
// parts of a synthesized condition expression.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/Extract.h"

#include "SdkTestSupport.h"

#include <gtest/gtest.h>

#include <string>

using namespace nosqlint;
using namespace nosqlint::extract;
using json::JsonValue;
using nosqlint::extract::test::show;

namespace {

std::vector<DynamoCall> run(const std::string &Src) {
  return extractFile(HostLanguage::Python, FileId{1}, Src).DynamoCalls;
}

std::string slice(const std::string &Src, SourceRange R) {
  return Src.substr(R.Begin, R.End - R.Begin);
}

/// The host text that the expression text \p Part of string value \p V
/// maps to.
std::string mapped(const std::string &Src, const JsonValue &V,
                   const std::string &Part) {
  size_t Pos = V.Str.find(Part);
  if (Pos == std::string::npos || !V.Origin)
    return "<not in text>";
  SourceRange R = V.Origin->toFileRange(static_cast<uint32_t>(Pos),
                                        static_cast<uint32_t>(Pos + Part.size()));
  return slice(Src, R);
}

TEST(Boto3, ClientCallsAreWireFormat) {
  std::string Src = "import boto3\n"
                    "client = boto3.client('dynamodb', region_name='eu-west-1')\n"
                    "def get(user_id):\n"
                    "    return client.get_item(TableName='Users',\n"
                    "        Key={'userId': {'S': user_id}}, ConsistentRead=True)\n";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 1u);
  EXPECT_EQ(Calls[0].Operation, "GetItem");
  EXPECT_EQ(Calls[0].Sdk, "boto3");
  EXPECT_EQ(show(*Calls[0].Params),
            "{TableName:'Users',Key:{userId:{S:?str}},ConsistentRead:true}");
  EXPECT_EQ(slice(Src, Calls[0].OperationRange), "get_item");
  EXPECT_EQ(slice(Src, Calls[0].Range).substr(0, 16), "client.get_item(");
}

TEST(Boto3, ResourceTableMarshalsNativeValues) {
  std::string Src =
      "import boto3, os\n"
      "from decimal import Decimal\n"
      "table = boto3.resource('dynamodb').Table('Orders')\n"
      "other = boto3.resource('dynamodb').Table(os.environ['T'])\n"
      "table.put_item(Item={'customerId': 'c1', 'n': 5, 'd': Decimal('1.5'),\n"
      "    'ok': True, 'none': None, 'l': [1, 'a'], 'm': {'x': x}, 's': {'a', 'b'}})\n"
      "other.delete_item(Key={'k': k})\n";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 2u);
  EXPECT_EQ(Calls[0].Operation, "PutItem");
  EXPECT_EQ(show(*Calls[0].Params),
            "{TableName:'Orders',Item:{customerId:{S:'c1'},n:{N:'5'},"
            "d:{N:'1.5'},ok:{BOOL:true},none:{NULL:true},"
            "l:{L:[{N:'1'},{S:'a'}]},m:{M:{x:?}},s:{SS:['a','b']}}}");
  EXPECT_EQ(Calls[1].Operation, "DeleteItem");
  EXPECT_EQ(show(*Calls[1].Params), "{TableName:?str,Key:{k:?}}");
}

TEST(Boto3, ConditionsBecomeExpressions) {
  std::string Src =
      "from boto3.dynamodb.conditions import Key, Attr\n"
      "import boto3\n"
      "table = boto3.resource('dynamodb').Table('AppTable')\n"
      "table.query(\n"
      "    FilterExpression=Attr('status').eq('open') | ~Attr('a.b[1]').exists(),\n"
      "    KeyConditionExpression=Key('PK').eq(pk) & Key('SK').between('a', 'z'))\n";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 1u);
  const JsonValue &P = *Calls[0].Params;
  // The filter is built first, then the key condition (boto3's order).
  EXPECT_EQ(show(P),
            "{TableName:'AppTable',"
            "FilterExpression:'(#n0 = :v0 OR (NOT attribute_exists(#n1.#n2[1])))',"
            "KeyConditionExpression:'(#n3 = :v1 AND #n4 BETWEEN :v2 AND :v3)',"
            "ExpressionAttributeNames:{#n0:'status',#n1:'a',#n2:'b',#n3:'PK',#n4:'SK'},"
            "ExpressionAttributeValues:{:v0:{S:'open'},:v1:?,:v2:{S:'a'},:v3:{S:'z'}}}");
  const JsonValue *Key = P.get("KeyConditionExpression");
  ASSERT_TRUE(Key);
  EXPECT_EQ(mapped(Src, *Key, "#n3"), "Key('PK')");
  EXPECT_EQ(mapped(Src, *Key, ":v1"), "pk");
  EXPECT_EQ(mapped(Src, *Key, " AND "), "&");
  EXPECT_EQ(mapped(Src, *Key, " BETWEEN "), "between");
  const JsonValue *Filter = P.get("FilterExpression");
  ASSERT_TRUE(Filter);
  EXPECT_EQ(mapped(Src, *Filter, "NOT "), "~");
  EXPECT_EQ(mapped(Src, *Filter, "attribute_exists("), "exists");
  EXPECT_EQ(mapped(Src, *Filter, "#n2"), "Attr('a.b[1]')");
  // The generated name keeps its place inside the host string.
  const JsonValue *Names = P.get("ExpressionAttributeNames");
  ASSERT_TRUE(Names);
  const JsonValue *B = Names->get("#n2");
  ASSERT_TRUE(B);
  EXPECT_EQ(slice(Src, SourceRange(FileId{1}, B->ContentBegin, B->ContentEnd)),
            "b");
}

TEST(Boto3, ConditionHeldInAVariableAndUnknownNames) {
  std::string Src = "import boto3\n"
                    "from boto3.dynamodb.conditions import Key, Attr\n"
                    "t = boto3.resource('dynamodb').Table('Users')\n"
                    "def f(name, cond):\n"
                    "    kc = Key('userId').eq('u1')\n"
                    "    t.query(KeyConditionExpression=kc)\n"
                    "    t.scan(FilterExpression=Attr(name).eq(1))\n"
                    "    t.scan(FilterExpression=cond)\n";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 3u);
  EXPECT_EQ(show(*Calls[0].Params),
            "{TableName:'Users',KeyConditionExpression:'#n0 = :v0',"
            "ExpressionAttributeNames:{#n0:'userId'},"
            "ExpressionAttributeValues:{:v0:{S:'u1'}}}");
  EXPECT_EQ(show(*Calls[1].Params), "{TableName:'Users',FilterExpression:?str}");
  EXPECT_EQ(show(*Calls[2].Params), "{TableName:'Users',FilterExpression:?str}");
}

TEST(Boto3, BatchWriterPaginatorAndSplats) {
  std::string Src =
      "import boto3\n"
      "ddb = boto3.resource('dynamodb')\n"
      "client = boto3.client('dynamodb')\n"
      "class Repo:\n"
      "    def __init__(self):\n"
      "        self.table = ddb.Table('Products')\n"
      "    def save(self, items):\n"
      "        with self.table.batch_writer() as batch:\n"
      "            batch.put_item(Item={'productId': 'p1'})\n"
      "            batch.delete_item(Key={'productId': pid})\n"
      "def pages(extra):\n"
      "    params = {'TableName': 'Products', 'Limit': 10}\n"
      "    client.get_paginator('scan').paginate(**params,\n"
      "        PaginationConfig={'PageSize': 25})\n"
      "    client.scan(**extra)\n"
      "    ddb.meta.client.get_item(TableName='Products', Key={'productId': 'p'})\n";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 5u);
  EXPECT_EQ(Calls[0].Operation, "BatchWriteItem");
  EXPECT_EQ(show(*Calls[0].Params),
            "{RequestItems:{Products:[{PutRequest:{Item:{productId:{S:'p1'}}}}]}}");
  EXPECT_EQ(show(*Calls[1].Params),
            "{RequestItems:{Products:[{DeleteRequest:{Key:{productId:?}}}]}}");
  EXPECT_EQ(slice(Src, Calls[1].OperationRange), "delete_item");
  EXPECT_EQ(Calls[2].Operation, "Scan");
  EXPECT_EQ(show(*Calls[2].Params), "{TableName:'Products',Limit:25}");
  EXPECT_EQ(show(*Calls[3].Params), "{...}");
  EXPECT_EQ(show(*Calls[4].Params),
            "{TableName:'Products',Key:{productId:{S:'p'}}}");
}

TEST(Boto3, ConditionObjectsInsideTransactionsStayUnknown) {
  // boto3 puts the generated placeholders at the top of the request, which
  // TransactWriteItems rejects before sending (boto/boto3#4053).
  std::string Src = "import boto3\n"
                    "from boto3.dynamodb.conditions import Attr\n"
                    "c = boto3.resource('dynamodb').meta.client\n"
                    "c.transact_write_items(TransactItems=[{'Put': {\n"
                    "    'TableName': 'T', 'Item': {'k': 'v'},\n"
                    "    'ConditionExpression': Attr('k').not_exists()}}])\n";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 1u);
  EXPECT_EQ(show(*Calls[0].Params),
            "{TransactItems:[{Put:{TableName:'T',Item:{k:{S:'v'}},"
            "ConditionExpression:?str}}]}");
}

TEST(Boto3, LookAlikesAreNotRequests) {
  std::string Src =
      "import boto3\n"
      "from sqlalchemy.orm import Session\n"
      "session.query(User).filter(User.id == 1)\n"
      "db.query('SELECT 1')\n"
      "requests.get('http://x')\n"
      "cache.get_item('k')\n"
      "repo.scan(prefix='x')\n"
      "s3 = boto3.client('s3')\n"
      "s3.get_item(Bucket='b')\n";
  EXPECT_TRUE(run(Src).empty());
}

TEST(Boto3, UnknownReceiverWithDynamoParameters) {
  std::string Src = "import boto3\n"
                    "def f(table, dynamo):\n"
                    "    table.get_item(Key={'userId': 'u'})\n"
                    "    dynamo.query(TableName='Users', KeyConditionExpression='userId = :u',\n"
                    "        ExpressionAttributeValues={':u': {'S': 'x'}})\n";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 2u);
  EXPECT_EQ(show(*Calls[0].Params), "{TableName:?str,Key:{userId:{S:'u'}}}");
  EXPECT_EQ(show(*Calls[1].Params),
            "{TableName:'Users',KeyConditionExpression:'userId = :u',"
            "ExpressionAttributeValues:{:u:{S:'x'}}}");
}

TEST(Boto3, ReceiversFromAnnotationsScopesAndWith) {
  std::string Src =
      "import boto3\n"
      "from mypy_boto3_dynamodb import DynamoDBClient\n"
      "from mypy_boto3_dynamodb.service_resource import Table\n"
      "table = boto3.resource('dynamodb').Table('Users')\n"
      "def typed(client: DynamoDBClient, t: Table):\n"
      "    client.scan(TableName='Users')\n"
      "    t.scan()\n"
      "def shadowed(table):\n"
      "    table.scan()\n"                  // a parameter: not the module's
      "def reassigned(flag):\n"
      "    t = boto3.resource('dynamodb').Table('Users')\n"
      "    if flag:\n"
      "        t = boto3.resource('dynamodb').Table('Orders')\n"
      "    t.scan()\n"                      // two tables: which is unknown
      "def optional(c: Optional[DynamoDBClient]):\n"
      "    c.scan(Select='COUNT')\n"
      "async def aio(session):\n"
      "    async with session.client('dynamodb') as c:\n"
      "        await c.get_item(TableName='Users', Key={'userId': {'S': 'u'}})\n";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 5u);
  EXPECT_EQ(show(*Calls[0].Params), "{TableName:'Users'}");
  EXPECT_EQ(show(*Calls[1].Params), "{TableName:?str}");
  EXPECT_EQ(show(*Calls[2].Params), "{TableName:?str}");
  EXPECT_EQ(slice(Src, Calls[2].Range), "t.scan()");
  EXPECT_EQ(show(*Calls[3].Params), "{Select:'COUNT'}");
  EXPECT_EQ(show(*Calls[4].Params),
            "{TableName:'Users',Key:{userId:{S:'u'}}}");
}

TEST(Boto3, SelfLiteralsThatContainThemselvesAndDeepNesting) {
  std::string Deep = "[" + std::string(3000, '[') + std::string(3000, ']') + "]";
  std::string Src = "import boto3\n"
                    "c = boto3.client('dynamodb')\n"
                    "d = {'k': d}\n"
                    "c.put_item(TableName='T', Item={'a': {'M': d}})\n"
                    "c.put_item(TableName='T', Item={'a': {'L': " + Deep + "}})\n"
                    "r = boto3.resource('dynamodb').Table('T')\n"
                    "r.put_item(Item={'a': " + Deep + "})\n";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 3u); // and no stack overflow
}

TEST(Boto3, FilesThatNeverMentionDynamoDbAreNotWalked) {
  // Key= alone on an unknown receiver would count, but the file names
  // neither the service nor a parameter only DynamoDB has.
  std::string Src = "def get(x):\n    return x.get_item(Key={'id': 1})\n";
  EXPECT_TRUE(run(Src).empty());
  EXPECT_EQ(run("# dynamodb\n" + Src).size(), 1u);
}

} // namespace
