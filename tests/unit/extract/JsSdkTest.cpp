//===- JsSdkTest.cpp - DynamoDB requests made with the AWS SDK for JS -----===//
//
// The requests the extractor finds in JavaScript and TypeScript code: the
// operation and SDK, the wire-format parameters (printed compactly: `?` an
// unknown value, `?str` a string of unknown contents, `...` an open object
// or list), the host ranges of the operation, the request and the values,
// and what is not a request.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Driver/Driver.h"
#include "nosqlint/Extract/Extract.h"

#include "QueriesJson.h"
#include "SdkTestSupport.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

using namespace nosqlint;
using namespace nosqlint::extract;
using json::JsonValue;
using nosqlint::extract::test::show;

namespace {

std::vector<DynamoCall> run(const std::string &Src,
                            HostLanguage Lang = HostLanguage::JavaScript) {
  return extractFile(Lang, FileId{1}, Src).DynamoCalls;
}

std::string text(const std::string &Src, SourceRange R) {
  return Src.substr(R.Begin, R.End - R.Begin);
}

std::string text(const std::string &Src, uint32_t Begin, uint32_t End) {
  return Src.substr(Begin, End - Begin);
}

const JsonValue &param(const DynamoCall &C, llvm::StringRef Key) {
  static const JsonValue Missing;
  const JsonValue *V = C.Params->get(Key);
  return V ? *V : Missing;
}

TEST(JsSdkTest, V3ClientCommandKeepsAttributeValues) {
  std::string Src = R"js(
import { DynamoDBClient, QueryCommand } from "@aws-sdk/client-dynamodb";
const client = new DynamoDBClient({});
export async function f(id) {
  return client.send(new QueryCommand({
    TableName: "Orders",
    KeyConditionExpression: "customerId = :c",
    ExpressionAttributeValues: { ":c": { S: id }, ":n": { N: "5" } },
    Limit: 10,
  }));
}
)js";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 1u);
  EXPECT_EQ(Calls[0].Operation, "Query");
  EXPECT_EQ(Calls[0].Sdk, "aws-sdk-js-v3");
  EXPECT_EQ(show(*Calls[0].Params),
            "{TableName:'Orders',KeyConditionExpression:'customerId = :c',"
            "ExpressionAttributeValues:{:c:{S:?str},:n:{N:'5'}},Limit:10}");
  EXPECT_EQ(text(Src, Calls[0].OperationRange), "QueryCommand");
  EXPECT_EQ(text(Src, Calls[0].Range).substr(0, 18), "new QueryCommand({");
  // Keys span the host key, values the host expression.
  const json::JsonMember *M = Calls[0].Params->member("TableName");
  ASSERT_TRUE(M);
  EXPECT_EQ(text(Src, M->KeyBegin, M->KeyEnd), "TableName");
  EXPECT_EQ(text(Src, M->Value.ContentBegin, M->Value.ContentEnd), "Orders");
}

TEST(JsSdkTest, LibDynamoDbMarshalsNativeValues) {
  std::string Src = R"js(
const { PutCommand: Put } = require("@aws-sdk/lib-dynamodb");
async function f(doc, v) {
  await doc.send(new Put({
    TableName: "Users",
    Item: { a: "x", n: 5, b: true, z: null, l: [1, "s"], m: { k: -2 },
            s: new Set(["a", "b"]), ns: new Set([1, 2]), v, w: v.id },
  }));
}
)js";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 1u);
  EXPECT_EQ(Calls[0].Operation, "PutItem");
  EXPECT_EQ(text(Src, Calls[0].OperationRange), "Put");
  EXPECT_EQ(show(param(Calls[0], "Item")),
            "{a:{S:'x'},n:{N:'5'},b:{BOOL:true},z:{NULL:true},"
            "l:{L:[{N:'1'},{S:'s'}]},m:{M:{k:{N:'-2'}}},s:{SS:['a','b']},"
            "ns:{NS:['1','2']},v:?,w:?}");
  // A marshalled number spans its literal.
  const JsonValue *N = param(Calls[0], "Item").get("n");
  ASSERT_TRUE(N);
  EXPECT_EQ(text(Src, N->Begin, N->End), "5");
}

TEST(JsSdkTest, DeclaredParamsSpreadsAndShorthand) {
  std::string Src = R"js(
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
const TableName = "AppTable";
export async function f(doc, opts) {
  const base = { TableName, IndexName: "GSI1" };
  const params = { ...base, KeyConditionExpression: "GSI1PK = :g",
                   ExpressionAttributeValues: { ":g": "ORG#1" } };
  await doc.send(new QueryCommand(params));
  await doc.send(new QueryCommand({ ...opts, TableName: "Orders" }));
  await doc.send(new QueryCommand({ [opts.key]: 1, TableName: "Orders" }));
}
)js";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 3u);
  EXPECT_EQ(show(*Calls[0].Params),
            "{TableName:'AppTable',IndexName:'GSI1',"
            "KeyConditionExpression:'GSI1PK = :g',"
            "ExpressionAttributeValues:{:g:{S:'ORG#1'}}}");
  // The shorthand's value is the constant, mapped to the shorthand.
  const JsonValue &T = param(Calls[0], "TableName");
  EXPECT_EQ(text(Src, T.ContentBegin, T.ContentEnd), "TableName");
  // An unknown spread, a computed key: open.
  EXPECT_EQ(show(*Calls[1].Params), "{TableName:'Orders',...}");
  EXPECT_EQ(show(*Calls[2].Params), "{TableName:'Orders',...}");
}

TEST(JsSdkTest, ParamsChangedAfterTheirDeclarationAreOpen) {
  std::string Src = R"js(
import { ScanCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
export async function f(client, filter) {
  const params = { TableName: "Users" };
  if (filter) params.FilterExpression = filter;
  await client.send(new ScanCommand(params));
}
export async function g(client, extra) {
  const params = { TableName: "Users" };
  Object.assign(params, extra);
  await client.send(new ScanCommand(params));
}
export async function h(client) {
  const params = { TableName: "Users" };
  console.log(params.TableName);
  await client.send(new ScanCommand(params));
}
export async function k(client, s) {
  const params = { TableName: "Users", FilterExpression: "a = :a AND b = :s",
                   ExpressionAttributeValues: { ":a": { S: "x" } } };
  params.ExpressionAttributeValues[":s"] = { S: s };
  await client.send(new ScanCommand(params));
}
export async function m(client, extra) {
  const item = { id: { S: "a" } };
  const put = { TableName: "Users", Item: item };
  await client.send(new PutItemCommand(put));
  const item2 = { id: { S: "b" } };
  const put2 = { TableName: "Users", Item: item2 };
  Object.assign(put2, extra);
  await client.send(new PutItemCommand(put2));
}
)js";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 6u);
  EXPECT_EQ(show(*Calls[0].Params), "{TableName:'Users',...}");
  EXPECT_EQ(show(*Calls[1].Params), "{TableName:'Users',...}");
  EXPECT_EQ(show(*Calls[2].Params), "{TableName:'Users'}");
  // Part of another declared object: known while that one is unchanged.
  EXPECT_EQ(show(param(Calls[4], "Item")), "{id:{S:'a'}}");
  EXPECT_EQ(show(param(Calls[5], "Item")), "{id:{S:'b'},...}");
  // Changed deeper down: every map is open, the AttributeValues are not.
  EXPECT_EQ(show(param(Calls[3], "ExpressionAttributeValues")),
            "{:a:{S:'x'},...}");
}

TEST(JsSdkTest, NamesResolveInTheirScope) {
  std::string Src = R"js(
import { PutCommand } from "@aws-sdk/lib-dynamodb";
const item = { id: "top" };
export async function f(doc, items) {
  for (const item of items) await doc.send(new PutCommand({ TableName: "T", Item: item }));
  await doc.send(new PutCommand({ TableName: "T", Item: item }));
  {
    const item = { id: "inner" };
    await doc.send(new PutCommand({ TableName: "T", Item: item }));
  }
  try { } catch (item) { await doc.send(new PutCommand({ TableName: "T", Item: item })); }
  await doc.send(new PutCommand({ TableName: "T", Item: later }));
  const later = { id: "later" };
}
export const g = (doc, item) => doc.send(new PutCommand({ TableName: "T", Item: item }));
)js";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 6u);
  EXPECT_EQ(show(param(Calls[0], "Item")), "{...}"); // the loop variable
  EXPECT_EQ(show(param(Calls[1], "Item")), "{id:{S:'top'}}");
  EXPECT_EQ(show(param(Calls[2], "Item")), "{id:{S:'inner'}}");
  EXPECT_EQ(show(param(Calls[3], "Item")), "{...}"); // the caught error
  EXPECT_EQ(show(param(Calls[4], "Item")), "{...}"); // used before declared
  EXPECT_EQ(show(param(Calls[5], "Item")), "{...}"); // a parameter
}

TEST(JsSdkTest, ShadowedAndReassignedNamesAreUnknown) {
  std::string Src = R"js(
import { GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
const tableName = "Users";
let stage = "Orders";
if (process.env.X) stage = "Other";
export const f = (doc, tableName) => doc.send(new GetCommand({ TableName: tableName, Key: {} }));
export const g = (doc) => doc.send(new GetCommand({ TableName: tableName, Key: {} }));
export const h = (doc) => doc.send(new GetCommand({ TableName: stage, Key: {} }));
export const k = (doc, names) => names.map((TableName) => doc.send(new GetCommand({ TableName, Key: {} })));
const Limit = 25;
export const q = (doc) => doc.send(new QueryCommand({ TableName: "T", Limit }));
export const r = (doc, Limit) => doc.send(new QueryCommand({ TableName: "T", Limit }));
export const s = (doc, n) => doc.send(new QueryCommand({ TableName: "T", Limit: Limit + n }));
)js";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 7u);
  EXPECT_EQ(show(param(Calls[4], "Limit")), "25");
  EXPECT_EQ(show(param(Calls[5], "Limit")), "?num");
  EXPECT_EQ(show(param(Calls[6], "Limit")), "?num");
  EXPECT_EQ(show(param(Calls[0], "TableName")), "?str");
  EXPECT_EQ(show(param(Calls[1], "TableName")), "'Users'");
  EXPECT_EQ(show(param(Calls[2], "TableName")), "?str");
  EXPECT_EQ(show(param(Calls[3], "TableName")), "?str");
}

TEST(JsSdkTest, V2ClientsAndTheirMethods) {
  std::string Src = R"js(
const AWS = require("aws-sdk");
const docClient = new AWS.DynamoDB.DocumentClient();
const dynamodb = new AWS.DynamoDB();
exports.f = async () => {
  const params = { TableName: "Users", Key: { userId: "u1" } };
  await docClient.get(params).promise();
  await dynamodb.getItem({ TableName: "Users", Key: { userId: { S: "u1" } } }).promise();
  docClient.batchWrite({ RequestItems: { Users: [{ DeleteRequest: { Key: { userId: "u2" } } }] } }, () => {});
  await dynamodb.putItem({ TableName: "Users", Item: AWS.DynamoDB.Converter.marshall({ userId: "u3" }) }).promise();
};
)js";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 4u);
  EXPECT_EQ(Calls[0].Operation, "GetItem");
  EXPECT_EQ(Calls[0].Sdk, "aws-sdk-js-v2");
  EXPECT_EQ(text(Src, Calls[0].OperationRange), "get");
  EXPECT_EQ(text(Src, Calls[0].Range), "docClient.get(params)");
  EXPECT_EQ(show(*Calls[0].Params),
            "{TableName:'Users',Key:{userId:{S:'u1'}}}");
  EXPECT_EQ(Calls[1].Operation, "GetItem");
  EXPECT_EQ(show(param(Calls[1], "Key")), "{userId:{S:'u1'}}");
  EXPECT_EQ(Calls[2].Operation, "BatchWriteItem");
  EXPECT_EQ(show(*Calls[2].Params),
            "{RequestItems:{Users:[{DeleteRequest:{Key:{userId:{S:'u2'}}}}]}}");
  // The low-level client with the SDK's own marshaller.
  EXPECT_EQ(Calls[3].Operation, "PutItem");
  EXPECT_EQ(show(param(Calls[3], "Item")), "{userId:{S:'u3'}}");
}

TEST(JsSdkTest, AggregatedClientsPaginatorsAndNamespaces) {
  std::string Src = R"js(
import * as ddb from "@aws-sdk/client-dynamodb";
import { DynamoDBDocument, paginateQuery } from "@aws-sdk/lib-dynamodb";
const low = new ddb.DynamoDB({});
const doc = DynamoDBDocument.from(low);
export async function f() {
  await low.scan({ TableName: "Orders" });
  await doc.transactGet({ TransactItems: [{ Get: { TableName: "Users", Key: { userId: "u" } } }] });
  await low.send(new ddb.ExecuteStatementCommand({ Statement: "SELECT * FROM Users", Parameters: [{ S: "x" }] }));
  for await (const p of paginateQuery({ client: doc }, { TableName: "Orders" })) {}
}
)js";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 4u);
  EXPECT_EQ(Calls[0].Operation, "Scan");
  EXPECT_EQ(text(Src, Calls[0].OperationRange), "scan");
  EXPECT_EQ(Calls[1].Operation, "TransactGetItems");
  EXPECT_EQ(show(*Calls[1].Params),
            "{TransactItems:[{Get:{TableName:'Users',Key:{userId:{S:'u'}}}}]}");
  EXPECT_EQ(Calls[2].Operation, "ExecuteStatement");
  EXPECT_EQ(text(Src, Calls[2].OperationRange), "ExecuteStatementCommand");
  EXPECT_EQ(show(param(Calls[2], "Parameters")), "[{S:'x'}]");
  EXPECT_EQ(Calls[3].Operation, "Query");
  EXPECT_EQ(text(Src, Calls[3].OperationRange), "paginateQuery");
}

TEST(JsSdkTest, StringsThroughTemplatesEscapesAndConstants) {
  std::string Src = R"js(
const { GetItemCommand, QueryCommand, BatchGetItemCommand } = require("@aws-sdk/client-dynamodb");
const TABLE = "AppTable";
async function f(c, id) {
  await c.send(new QueryCommand({ TableName: `${TABLE}`, KeyConditionExpression: "\u0050K = :pk" }));
  await c.send(new QueryCommand({ TableName: `${process.env.STAGE}-app`, KeyConditionExpression: `PK = ${id}` }));
  await c.send(new GetItemCommand({ TableName: process.env.TABLE, Key: {} }));
  await c.send(new BatchGetItemCommand({ RequestItems: { [TABLE]: { Keys: [] } } }));
}
)js";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 4u);
  EXPECT_EQ(show(param(Calls[0], "TableName")), "'AppTable'");
  const JsonValue &K = param(Calls[0], "KeyConditionExpression");
  ASSERT_TRUE(K.isString() && K.Origin);
  EXPECT_EQ(K.Str, "PK = :pk");
  // 'K' comes right after the six characters of the escape.
  uint32_t KAt = K.Origin->toFileOffset(1);
  EXPECT_EQ(text(Src, KAt - 6, KAt + 1), "\\u0050K");
  EXPECT_EQ(show(param(Calls[1], "TableName")), "?str");
  EXPECT_EQ(show(param(Calls[1], "KeyConditionExpression")), "?str");
  EXPECT_EQ(show(param(Calls[2], "TableName")), "?str");
  EXPECT_EQ(show(*Calls[3].Params), "{RequestItems:{AppTable:{Keys:[]}}}");
}

TEST(JsSdkTest, TypeScriptWrappersAreLookedThrough) {
  std::string Src = R"ts(
import { QueryCommand, ScanCommand, type ScanCommandInput } from "@aws-sdk/lib-dynamodb";
import type { DynamoDBDocument } from "@aws-sdk/lib-dynamodb";
const TABLE = "AppTable" as const;
export class Repo {
  constructor(private readonly doc: DynamoDBDocument) {}
  async f(pk: string) {
    const input = { TableName: TABLE!, Limit: 5 } satisfies ScanCommandInput;
    await this.doc.send(new ScanCommand(input));
    await this.doc.send(new QueryCommand<any>(<any>{
      TableName: TABLE, KeyConditionExpression: "PK = :pk",
      ExpressionAttributeValues: { ":pk": pk as string } as const,
    }));
    return this.doc.get({ TableName: TABLE, Key: { PK: pk!, SK: "A" } });
  }
}
const shared: DynamoDBDocument = makeDocumentClient();
export const g = () => shared.scan({ TableName: TABLE });
)ts";
  auto Calls = run(Src, HostLanguage::TypeScript);
  ASSERT_EQ(Calls.size(), 4u);
  EXPECT_EQ(show(*Calls[0].Params), "{TableName:'AppTable',Limit:5}");
  EXPECT_EQ(Calls[1].Operation, "Query");
  EXPECT_EQ(show(*Calls[1].Params),
            "{TableName:'AppTable',KeyConditionExpression:'PK = :pk',"
            "ExpressionAttributeValues:{:pk:?}}");
  EXPECT_EQ(Calls[2].Operation, "GetItem");
  EXPECT_EQ(text(Src, Calls[2].OperationRange), "get");
  EXPECT_EQ(show(param(Calls[2], "Key")), "{PK:?,SK:{S:'A'}}");
  // Typed by its declaration, whatever builds it.
  EXPECT_EQ(Calls[3].Operation, "Scan");
}

TEST(JsSdkTest, OnlyTheSdkMakesRequests) {
  // No SDK in the file: nothing, whatever the calls look like.
  EXPECT_TRUE(run(R"js(
const docClient = makeClient();
docClient.query({ TableName: "Users", KeyConditionExpression: "a = :a" });
new QueryCommand({ TableName: "Users" });
)js").empty());
  // The SDK is there, but these calls are not DynamoDB requests.
  std::string Src = R"js(
const AWS = require("aws-sdk");
const { GetObjectCommand } = require("@aws-sdk/client-s3");
const { QueryCommand } = require("@aws-sdk/client-timestream-query");
const s3 = new AWS.S3();
async function f(db, map, Model, docClient) {
  await fetch("https://x/query");
  await axios.get("/users", { params: { TableName: "Users" } });
  await db.query("SELECT * FROM users", []);
  map.get("k");
  await Model.find({ TableName: "Users" });
  await s3.getObject({ Bucket: "b", Key: "k" }).promise();
  await new GetObjectCommand({ Bucket: "b", Key: "k" });
  await new QueryCommand({ QueryString: "SELECT 1" });
  await docClient.query({ TableName: "Users" });
}
)js";
  EXPECT_TRUE(run(Src).empty());
  // A field of another class is another field.
  EXPECT_TRUE(run(R"js(
const AWS = require("aws-sdk");
class Repo { constructor() { this.client = new AWS.DynamoDB.DocumentClient(); } }
class Api extends Base { list() { return this.client.get({ url: "/users" }); } }
)js").empty());
  // A name bound to a client and to something else is no client.
  EXPECT_TRUE(run(R"js(
const AWS = require("aws-sdk");
let db = new AWS.DynamoDB.DocumentClient();
function other() { const db = require("pg").pool(); return db.query({ text: "x" }); }
)js").empty());
}

TEST(JsSdkTest, OddArgumentsGiveOpenParams) {
  std::string Src = R"js(
import { GetCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
new GetCommand();
new ScanCommand(...args);
new ScanCommand({ ...{ TableName: "Users" }, Limit: 1 });
const a = { ...b }; const b = { ...a };
new ScanCommand(a);
new ScanCommand({ TableName: "Users", Item: { get x() { return 1; } } });
new ScanCommand({ TableName: "Users" ;
)js";
  auto Calls = run(Src);
  ASSERT_GE(Calls.size(), 5u);
  EXPECT_EQ(show(*Calls[0].Params), "{...}");
  EXPECT_EQ(show(*Calls[1].Params), "{...}");
  EXPECT_EQ(show(*Calls[2].Params), "{TableName:'Users',Limit:1}");
  EXPECT_EQ(show(*Calls[3].Params), "{...}");
  EXPECT_EQ(show(*Calls[4].Params), "{TableName:'Users',Item:{...}}");
}

TEST(JsSdkTest, LongChainsOfVariablesStayBounded) {
  // Each variable is a member of the next one's object: whether the first
  // one changes is not followed 20,000 levels deep (that overflowed the
  // stack); past a few levels it is taken as changed.
  std::string Src = "const { PutCommand } = require(\"@aws-sdk/lib-dynamodb\");\n"
                    "const a0 = { id: \"x\" };\n";
  for (int I = 1; I < 20000; ++I)
    Src += "const a" + std::to_string(I) + " = { x: a" + std::to_string(I - 1) +
           " };\n";
  Src += "new PutCommand({ TableName: \"T\", Item: a0 });\n";
  auto Calls = run(Src);
  ASSERT_EQ(Calls.size(), 1u);
  EXPECT_EQ(show(param(Calls[0], "Item")), "{id:{S:'x'},...}");
}

TEST(JsSdkTest, PartiQLConstantsAreNotTakenForCql) {
  std::string Src = R"js(
const { ExecuteStatementCommand } = require("@aws-sdk/lib-dynamodb");
const STATEMENT = "SELECT * FROM Users WHERE userId = ?";
async function f(doc) {
  await doc.send(new ExecuteStatementCommand({ Statement: STATEMENT, Parameters: ["u1"] }));
}
)js";
  FileExtraction X = extractFile(HostLanguage::JavaScript, FileId{1}, Src);
  ASSERT_EQ(X.DynamoCalls.size(), 1u);
  EXPECT_EQ(show(*X.DynamoCalls[0].Params),
            "{Statement:'SELECT * FROM Users WHERE userId = ?',"
            "Parameters:[{S:'u1'}]}");
  EXPECT_TRUE(X.Snippets.empty());
  // A statement for a client the recognizer does not know is not CQL either.
  std::string Other = R"js(
const { ExecuteStatementCommand } = require("@aws-sdk/client-dynamodb");
async function f(wrapper) {
  return wrapper.run({ Statement: "SELECT * FROM \"Users\" WHERE userId = 'a'" });
}
)js";
  FileExtraction Y = extractFile(HostLanguage::JavaScript, FileId{1}, Other);
  EXPECT_TRUE(Y.DynamoCalls.empty());
  EXPECT_TRUE(Y.Snippets.empty());
}

TEST(JsSdkTest, QueriesCommandListsTheRequests) {
  const std::string Fixtures = NOSQLINT_SOURCE_DIR "/tests/fixtures";
  llvm::json::Value V =
      test::queriesJson({Fixtures + "/host-dynamo/javascript/v3-lib.js"},
                        {Fixtures + "/dynamo/schema"});
  const llvm::json::Array *Qs = test::queryList(V);
  ASSERT_NE(Qs, nullptr);
  EXPECT_EQ(Qs->size(), 20u);
  const llvm::json::Object *First = (*Qs)[0].getAsObject();
  ASSERT_NE(First, nullptr);
  EXPECT_EQ(First->getString("source"), llvm::StringRef("sdk"));
  EXPECT_EQ(First->getString("dialect"), llvm::StringRef("dynamodb"));
  EXPECT_EQ(First->getString("operation"), llvm::StringRef("Query"));
  EXPECT_EQ(First->getString("table"), llvm::StringRef("AppTable"));
  EXPECT_EQ(First->getInteger("line").getValueOr(0), 27);
  EXPECT_EQ(First->getInteger("column").getValueOr(0), 28); // `Query` of `new Query(`
}

} // namespace
