//===- UnknownValuesTest.cpp - Run-time values never cause a finding ------===//
//
// Requests built by host-language code hold values the analyzer cannot know
// (json::JsonValue::Unknown): a table name from the environment, a variable
// as an attribute value, a params object filled by a spread. Each test
// checks one rule family twice: with the value known the finding is there
// (so the test can fail), with it unknown it is not (or only the findings
// that do not depend on it remain).
//
// Requests are written as JSON; markUnknowns() then turns the markers into
// Unknown values: the string "<unknown>" is an Unknown of unknown kind,
// "<unknown-string>" / "<unknown-number>" / "<unknown-bool>" an Unknown of
// that kind, a member "...": true makes its object open (and is removed),
// an element "<more>" makes its array open (and is removed).
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Dynamo/AccessPatterns.h"
#include "nosqlint/Dynamo/Checker.h"
#include "nosqlint/Dynamo/Reader.h"
#include "nosqlint/Schema/DynamoSchema.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace nosqlint;
using namespace nosqlint::dynamo;
using json::JsonValue;

namespace {

const char *const OrdersSchema = R"({"TableName": "Orders",
  "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"},
    {"AttributeName": "email", "AttributeType": "S"}, {"AttributeName": "orderStatus", "AttributeType": "S"}],
  "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
  "GlobalSecondaryIndexes": [
    {"IndexName": "ByEmail", "KeySchema": [{"AttributeName": "email", "KeyType": "HASH"}], "Projection": {"ProjectionType": "KEYS_ONLY"}},
    {"IndexName": "ByStatus", "KeySchema": [{"AttributeName": "orderStatus", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
     "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["amount"]}}]})";

const char *const UsersSchema = R"({"TableName": "Users",
  "AttributeDefinitions": [{"AttributeName": "userId", "AttributeType": "S"}],
  "KeySchema": [{"AttributeName": "userId", "KeyType": "HASH"}]})";

/// Replaces the markers described at the top of the file.
void markUnknowns(JsonValue &V) {
  if (V.isString()) {
    llvm::StringRef S = V.Str;
    if (S == "<unknown>")
      V.K = JsonValue::Kind::Null;
    else if (S == "<unknown-number>")
      V.K = JsonValue::Kind::Number;
    else if (S == "<unknown-bool>")
      V.K = JsonValue::Kind::Bool;
    else if (S != "<unknown-string>")
      return;
    V.Str.clear();
    V.Unknown = true;
    return;
  }
  if (V.isObject()) {
    auto Open = std::remove_if(V.Members.begin(), V.Members.end(),
                               [](const json::JsonMember &M) { return M.Key == "..."; });
    V.Unknown |= Open != V.Members.end();
    V.Members.erase(Open, V.Members.end());
    for (json::JsonMember &M : V.Members)
      markUnknowns(M.Value);
    return;
  }
  if (V.isArray()) {
    auto Open = std::remove_if(V.Elements.begin(), V.Elements.end(), [](const JsonValue &E) {
      return E.isString() && E.Str == "<more>";
    });
    V.Unknown |= Open != V.Elements.end();
    V.Elements.erase(Open, V.Elements.end());
    for (JsonValue &E : V.Elements)
      markUnknowns(E);
  }
}

/// One request built from marked-up JSON parameters, as the host front end
/// builds it, checked against the test tables.
struct Host {
  SourceManager SM;
  DiagnosticEngine Diags;
  DynamoCatalog Catalog;
  RequestFile File;

  Host(llvm::StringRef Op, llvm::StringRef Params, bool WithSchema = true) {
    if (WithSchema)
      for (const char *Schema : {OrdersSchema, UsersSchema}) {
        FileId F = SM.addText(Schema, "schema.json");
        DiagnosticEngine SchemaDiags;
        EXPECT_TRUE(loadDynamoSchema(F, SM.text(F), Catalog, SchemaDiags));
      }
    File.File = SM.addText(Params, "host.txt");
    json::JsonError Err;
    std::optional<JsonValue> V = json::parseJson(SM.text(File.File), Err);
    EXPECT_TRUE(V) << Err.Message << " in " << Params.str();
    if (!V)
      return;
    markUnknowns(*V);
    File.Documents.push_back(std::make_unique<JsonValue>(std::move(*V)));
    std::optional<Operation> O = parseOperation(Op);
    EXPECT_TRUE(O) << Op.str();
    const JsonValue &P = *File.Documents.back();
    File.Requests.push_back(buildRequest(*O, P, File.File, P.range(File.File), Diags));
  }

  const Request &request() const { return File.Requests.front(); }

  std::vector<Diagnostic> check() {
    DynamoChecker(Catalog, Diags).checkFile(File);
    return Diags.sorted(SM);
  }
};

using V = std::vector<std::string>;

/// The rules reported for the request, sorted.
V check(llvm::StringRef Op, llvm::StringRef Params, bool WithSchema = true) {
  Host H(Op, Params, WithSchema);
  V Rules;
  for (const Diagnostic &D : H.check())
    Rules.push_back(ruleInfo(D.Rule).Name.str());
  std::sort(Rules.begin(), Rules.end());
  return Rules;
}

/// The messages reported for the request, one per line.
std::string messages(llvm::StringRef Op, llvm::StringRef Params) {
  Host H(Op, Params);
  std::string Out;
  for (const Diagnostic &D : H.check())
    Out += ruleInfo(D.Rule).Name.str() + ": " + D.Message + "\n";
  return Out;
}

/// {"PutRequest": ...} entries, Put actions, keys: \p N copies of \p Entry
/// (where "#" is replaced by the entry's index), comma-separated.
std::string repeat(llvm::StringRef Entry, unsigned N) {
  std::string Out;
  for (unsigned I = 0; I < N; ++I) {
    std::string E = Entry.str();
    for (size_t At = E.find('#'); At != std::string::npos; At = E.find('#'))
      E.replace(At, 1, std::to_string(I));
    Out += (I ? ", " : "") + E;
  }
  return Out;
}

} // namespace

TEST(DynamoUnknown, MarkersBecomeUnknownValues) {
  Host H("GetItem", R"({"TableName": "<unknown-string>", "Key": {"pk": "<unknown>", "sk": {"N": "<unknown-string>"}, "...": true}, "Limit": "<unknown-number>"})");
  const Request &R = H.request();
  EXPECT_TRUE(R.TableUnknown);
  EXPECT_TRUE(R.TableName.empty());
  const JsonValue *Key = R.param("Key");
  ASSERT_TRUE(Key);
  EXPECT_TRUE(Key->Unknown);
  ASSERT_EQ(Key->Members.size(), 2u);
  EXPECT_TRUE(Key->get("pk")->Unknown);
  EXPECT_TRUE(Key->get("pk")->isNull());
  EXPECT_TRUE(Key->get("sk")->get("N")->isString());
  EXPECT_TRUE(R.param("Limit")->isNumber());
  EXPECT_FALSE(R.paramsOpen());
}

TEST(DynamoUnknown, TableNameComputedAtRunTime) {
  // unknown-table and the table-name validation need the name.
  EXPECT_EQ(check("Query", R"({"TableName": "Nope", "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "a"}}})"),
            V{"unknown-table"});
  EXPECT_EQ(check("Query", R"({"TableName": "ab", "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "a"}}})"),
            V{"invalid-query"});
  EXPECT_EQ(check("Query", R"({"TableName": "<unknown-string>", "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "a"}}})"),
            V{});
  // Schema rules need the table: a condition on a non-key attribute.
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "color = :c", "ExpressionAttributeValues": {":c": {"S": "red"}}})"),
            (V{"invalid-query", "missing-index"}));
  EXPECT_EQ(check("Query", R"({"TableName": "<unknown>", "KeyConditionExpression": "color = :c", "ExpressionAttributeValues": {":c": {"S": "red"}}})"),
            V{});
  EXPECT_EQ(check("PutItem", R"({"TableName": "<unknown-string>", "Item": {"color": {"S": "red"}}})"), V{});
  // Schema-free rules still run.
  EXPECT_EQ(check("Scan", R"({"TableName": "<unknown-string>"})"), V{"full-scan"});
  EXPECT_EQ(check("Scan", R"({"TableName": "<unknown-string>", "Select": "COUNT"})"),
            (V{"count-all", "full-scan"}));
  EXPECT_EQ(check("Scan", R"({"TableName": "<unknown-string>", "Limit": 0, "FilterExpression": "status = :s", "ExpressionAttributeValues": {":s": {"S": "a"}, ":t": {"S": "b"}}})"),
            (V{"invalid-query", "reserved-word", "unused-placeholder"}));
  EXPECT_EQ(check("Query", R"({"TableName": "<unknown-string>", "KeyConditionExpression": "pk = :p AND", "ExpressionAttributeValues": {":p": {"S": "a"}}})"),
            V{"invalid-query"});
  EXPECT_EQ(check("Query", R"({"TableName": "<unknown-string>", "KeyConditions": {"pk": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "a"}]}}})"),
            V{"legacy-parameter"});
  // The message names no table, and the filter is folded into full-scan.
  std::string M = messages("Scan", R"({"TableName": "<unknown-string>", "FilterExpression": "color = :c", "ExpressionAttributeValues": {":c": {"S": "red"}}})");
  EXPECT_NE(M.find("full-scan: Scan reads every item of a table named at run time; its filter is applied"), std::string::npos) << M;
  EXPECT_EQ(M.find("missing-index"), std::string::npos) << M;
}

TEST(DynamoUnknown, NoSchemaNoteNeedsATableName) {
  EXPECT_EQ(check("Scan", R"({"TableName": "Orders"})", /*WithSchema=*/false),
            (V{"full-scan", "no-schema"}));
  EXPECT_EQ(check("Scan", R"({"TableName": "<unknown-string>"})", /*WithSchema=*/false),
            V{"full-scan"});
}

TEST(DynamoUnknown, IndexNameComputedAtRunTime) {
  const char *Email = R"({"TableName": "Orders", "IndexName": INDEX, "KeyConditionExpression": "email = :e", "ExpressionAttributeValues": {":e": {"S": "x"}} EXTRA})";
  auto With = [&](llvm::StringRef Index, llvm::StringRef Extra = "") {
    std::string S = Email;
    S.replace(S.find("INDEX"), 5, Index.str());
    S.replace(S.find(" EXTRA"), 6, Extra.str());
    return S;
  };
  EXPECT_EQ(check("Query", With(R"("Nope")")), V{"unknown-index"});
  EXPECT_EQ(check("Query", With(R"("<unknown-string>")")), V{});
  // Key-condition validity against the table's key.
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "email = :e", "ExpressionAttributeValues": {":e": {"S": "x"}}})"),
            V{"invalid-query"});
  // Projection and consistency against the index.
  EXPECT_EQ(check("Query", With(R"("ByEmail")", R"(, "ProjectionExpression": "amount")")), V{"invalid-query"});
  EXPECT_EQ(check("Query", With(R"("<unknown-string>")", R"(, "ProjectionExpression": "amount")")), V{});
  EXPECT_EQ(check("Query", With(R"("ByEmail")", R"(, "ConsistentRead": true)")), V{"invalid-query"});
  EXPECT_EQ(check("Query", With(R"("<unknown-string>")", R"(, "ConsistentRead": true)")), V{});
  EXPECT_EQ(check("Query", With(R"("ByEmail")", R"(, "Select": "ALL_ATTRIBUTES")")), V{"invalid-query"});
  EXPECT_EQ(check("Query", With(R"("<unknown-string>")", R"(, "Select": "ALL_ATTRIBUTES")")), V{});
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "Select": "ALL_PROJECTED_ATTRIBUTES", "KeyConditionExpression": "pk = :p AND sk > :s", "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "1"}}})"),
            V{"invalid-query"});
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "IndexName": "<unknown>", "Select": "ALL_PROJECTED_ATTRIBUTES", "KeyConditionExpression": "pk = :p AND sk > :s", "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "1"}}})"),
            V{});
  // unbounded-partition-read and hot-partition-key judge the key read.
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "IndexName": "ByStatus", "KeyConditionExpression": "orderStatus = :s", "ExpressionAttributeValues": {":s": {"S": "NEW"}}})"),
            (V{"hot-partition-key", "unbounded-partition-read"}));
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "IndexName": "<unknown-string>", "KeyConditionExpression": "orderStatus = :s", "ExpressionAttributeValues": {":s": {"S": "NEW"}}})"),
            V{});
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "IndexName": "<unknown-string>", "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "a"}}})"),
            V{});
  // A Query filter on a key of the index read.
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "IndexName": "ByStatus", "KeyConditionExpression": "orderStatus = :s", "FilterExpression": "sk = :k", "ExpressionAttributeValues": {":s": {"S": "NEW"}, ":k": {"N": "1"}}})"),
            (V{"filter-expression", "hot-partition-key", "invalid-query", "unbounded-partition-read"}));
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "IndexName": "<unknown-string>", "KeyConditionExpression": "orderStatus = :s", "FilterExpression": "sk = :k", "ExpressionAttributeValues": {":s": {"S": "NEW"}, ":k": {"N": "1"}}})"),
            V{"filter-expression"});
  // A key of nothing is a key of no index either: missing-index stays.
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "IndexName": "<unknown-string>", "KeyConditionExpression": "color = :c", "ExpressionAttributeValues": {":c": {"S": "red"}}})"),
            V{"missing-index"});
  // A Scan of an unknown index is still a full scan.
  EXPECT_EQ(check("Scan", R"({"TableName": "Orders", "IndexName": "<unknown-string>"})"), V{"full-scan"});
  EXPECT_NE(messages("Scan", R"({"TableName": "Orders", "IndexName": "<unknown-string>"})")
                .find("an index named at run time of table 'Orders'"),
            std::string::npos);
}

TEST(DynamoUnknown, ExpressionComputedAtRunTime) {
  // A Query needs a key condition: an unknown one is one.
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "ExpressionAttributeValues": {":p": {"S": "a"}}})"),
            (V{"invalid-query", "unused-placeholder"}));
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "<unknown-string>", "ExpressionAttributeValues": {":p": {"S": "a"}}})"),
            V{});
  // The entries an unknown expression may use are not unused.
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p AND sk > :s", "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "1"}, ":x": {"S": "b"}}, "ExpressionAttributeNames": {"#n": "color"}})"),
            (V{"unused-placeholder", "unused-placeholder"}));
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p AND sk > :s", "FilterExpression": "<unknown-string>", "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "1"}, ":x": {"S": "b"}}, "ExpressionAttributeNames": {"#n": "color"}})"),
            V{});
  EXPECT_EQ(check("UpdateItem", R"({"TableName": "Orders", "Key": {"pk": {"S": "a"}, "sk": {"N": "1"}}, "UpdateExpression": "<unknown-string>", "ExpressionAttributeValues": {":v": {"S": "b"}}})"),
            V{});
  // A Query filter computed at run time may be absent at run time.
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p AND sk > :s", "FilterExpression": "color = :c", "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "1"}, ":c": {"S": "red"}}})"),
            V{"filter-expression"});
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p AND sk > :s", "FilterExpression": "<unknown-string>", "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "1"}, ":c": {"S": "red"}}})"),
            V{});
  // A Scan stays a full scan; nothing is guessed about its filter.
  EXPECT_EQ(check("Scan", R"({"TableName": "Orders", "FilterExpression": "color = :c", "ExpressionAttributeValues": {":c": {"S": "red"}}})"),
            (V{"full-scan", "missing-index"}));
  EXPECT_EQ(check("Scan", R"({"TableName": "Orders", "FilterExpression": "<unknown-string>", "ExpressionAttributeValues": {":c": {"S": "red"}}})"),
            V{"full-scan"});
  // Mixed legacy and expression parameters need both surely set.
  EXPECT_EQ(check("Scan", R"({"TableName": "Orders", "FilterExpression": "color = :c", "ScanFilter": {}, "ExpressionAttributeValues": {":c": {"S": "red"}}})"),
            (V{"full-scan", "invalid-query", "legacy-parameter", "missing-index"}));
  EXPECT_EQ(check("Scan", R"({"TableName": "Orders", "FilterExpression": "<unknown-string>", "ScanFilter": {}, "ExpressionAttributeValues": {":c": {"S": "red"}}})"),
            (V{"full-scan", "legacy-parameter"}));
}

TEST(DynamoUnknown, AttributeNameComputedAtRunTime) {
  const char *KeyCond = R"({"TableName": "Orders", "KeyConditionExpression": "#k = :v", "ExpressionAttributeNames": {"#k": NAME}, "ExpressionAttributeValues": {":v": {"S": "x"}}})";
  auto With = [](const char *Text, llvm::StringRef Name) {
    std::string S = Text;
    S.replace(S.find("NAME"), 4, Name.str());
    return S;
  };
  EXPECT_EQ(check("Query", With(KeyCond, R"("color")")), (V{"invalid-query", "missing-index"}));
  EXPECT_EQ(check("Query", With(KeyCond, R"("<unknown-string>")")), V{});
  EXPECT_EQ(check("Query", With(KeyCond, R"("<unknown>")")), V{});
  // `pk = :p AND #k > :s`: #k may be the sort key; no unbounded read, no
  // missed key.
  const char *Partial = R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p AND #k > :s", "ExpressionAttributeNames": {"#k": NAME}, "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "1"}}})";
  EXPECT_EQ(check("Query", With(Partial, R"("color")")), (V{"invalid-query", "missing-index"}));
  EXPECT_EQ(check("Query", With(Partial, R"("<unknown-string>")")), V{});
  const char *PkOnly = R"({"TableName": "Orders", "KeyConditionExpression": "#k = :p", "ExpressionAttributeNames": {"#k": NAME}, "ExpressionAttributeValues": {":p": {"S": "a"}}})";
  EXPECT_EQ(check("Query", With(PkOnly, R"("pk")")), V{"unbounded-partition-read"});
  EXPECT_EQ(check("Query", With(PkOnly, R"("<unknown-string>")")), V{});
  // A closed names map that does not define #k: DynamoDB rejects the
  // request for the undefined name (and the unused #x); nothing is said of
  // the attribute #k stands for. An open names map may define any #name.
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "#k = :p AND sk > :s", "ExpressionAttributeNames": {"#x": "y"}, "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "1"}}})"),
            (V{"undefined-placeholder", "unused-placeholder"}));
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "#k = :p AND sk > :s", "ExpressionAttributeNames": {"...": true}, "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "1"}}})"),
            V{});
  // A listed entry that no expression uses stays unused in an open map.
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "#k = :p AND sk > :s", "ExpressionAttributeNames": {"#x": "y", "...": true}, "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "1"}}})"),
            V{"unused-placeholder"});
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "#k = :p AND sk > :s", "ExpressionAttributeNames": "<unknown>", "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "1"}}})"),
            V{});
  // Updates: two unknown names may be one attribute, or none a key.
  const char *Update = R"({"TableName": "Orders", "Key": {"pk": {"S": "a"}, "sk": {"N": "1"}}, "UpdateExpression": "SET #a = :x, #b = :y", "ExpressionAttributeNames": {"#a": A, "#b": B}, "ExpressionAttributeValues": {":x": {"S": "1"}, ":y": {"S": "2"}}})";
  auto Names = [&](llvm::StringRef A, llvm::StringRef B) {
    std::string S = Update;
    S.replace(S.find(" A,"), 3, " " + A.str() + ",");
    S.replace(S.find(" B}"), 3, " " + B.str() + "}");
    return S;
  };
  EXPECT_EQ(check("UpdateItem", Names(R"("color")", R"("color")")), V{"invalid-query"});
  EXPECT_EQ(check("UpdateItem", Names(R"("<unknown-string>")", R"("<unknown-string>")")), V{});
  EXPECT_EQ(check("UpdateItem", Names(R"("pk")", R"("color")")), V{"invalid-query"});
  EXPECT_EQ(check("UpdateItem", Names(R"("<unknown>")", R"("color")")), V{});
  EXPECT_EQ(check("UpdateItem", Names(R"("email")", R"("color")")).size(), 0u); // S into an S key
  EXPECT_EQ(check("UpdateItem", R"({"TableName": "Orders", "Key": {"pk": {"S": "a"}, "sk": {"N": "1"}}, "UpdateExpression": "SET #a = :x, #a.b = :y", "ExpressionAttributeNames": {"#a": "<unknown-string>"}, "ExpressionAttributeValues": {":x": {"S": "1"}, ":y": {"S": "2"}}})"),
            V{"invalid-query"}); // one placeholder is one attribute: overlap
  // A Scan filter holding an unknown name may be served by a key.
  const char *Scan = R"({"TableName": "Orders", "FilterExpression": "#n = :v AND color = :c", "ExpressionAttributeNames": {"#n": NAME}, "ExpressionAttributeValues": {":v": {"S": "x"}, ":c": {"S": "red"}}})";
  EXPECT_EQ(check("Scan", With(Scan, R"("size2")")), (V{"full-scan", "missing-index"}));
  EXPECT_EQ(check("Scan", With(Scan, R"("<unknown-string>")")), V{"full-scan"});
  // Projections of an index, Query filters on keys.
  const char *Proj = R"({"TableName": "Orders", "IndexName": "ByEmail", "KeyConditionExpression": "email = :e", "ProjectionExpression": "#n", "ExpressionAttributeNames": {"#n": NAME}, "ExpressionAttributeValues": {":e": {"S": "x"}}})";
  EXPECT_EQ(check("Query", With(Proj, R"("amount")")), V{"invalid-query"});
  EXPECT_EQ(check("Query", With(Proj, R"("<unknown-string>")")), V{});
  const char *Filter = R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p AND sk > :s", "FilterExpression": "#n = :v", "ExpressionAttributeNames": {"#n": NAME}, "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "1"}, ":v": {"N": "2"}}})";
  EXPECT_EQ(check("Query", With(Filter, R"("sk")")), (V{"filter-expression", "invalid-query"}));
  EXPECT_EQ(check("Query", With(Filter, R"("<unknown-string>")")), V{"filter-expression"});
}

TEST(DynamoUnknown, AttributeValueComputedAtRunTime) {
  const char *Sort = R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p AND sk > :s", "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": VALUE}})";
  auto With = [](const char *Text, llvm::StringRef Value) {
    std::string S = Text;
    S.replace(S.find("VALUE"), 5, Value.str());
    return S;
  };
  EXPECT_EQ(check("Query", With(Sort, R"({"S": "1"})")), V{"invalid-query"});
  EXPECT_EQ(check("Query", With(Sort, R"("<unknown>")")), V{});
  EXPECT_EQ(check("Query", With(Sort, R"({"N": "<unknown-string>"})")), V{});
  // The type of {"S": <unknown>} is known.
  EXPECT_EQ(check("Query", With(Sort, R"({"S": "<unknown-string>"})")), V{"invalid-query"});
  // An open AttributeValue map has no known type.
  EXPECT_EQ(check("Query", With(Sort, R"({"S": "1", "...": true})")), V{});
  // BETWEEN bounds.
  const char *Between = R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p AND sk BETWEEN :a AND :b", "ExpressionAttributeValues": {":p": {"S": "a"}, ":a": {"N": "5"}, ":b": VALUE}})";
  EXPECT_EQ(check("Query", With(Between, R"({"N": "1"})")), V{"invalid-query"});
  EXPECT_EQ(check("Query", With(Between, R"({"N": "<unknown-string>"})")), V{});
  // An open values map may define any :value.
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p AND sk > :s", "ExpressionAttributeValues": {":p": {"S": "a"}}})"),
            V{"undefined-placeholder"});
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p AND sk > :s", "ExpressionAttributeValues": {":p": {"S": "a"}, "...": true}})"),
            V{});
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p AND sk > :s", "ExpressionAttributeValues": "<unknown>"})"),
            V{});
  // An empty open map is not empty.
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p AND sk > :s", "ExpressionAttributeValues": {}})"),
            (V{"invalid-query", "undefined-placeholder", "undefined-placeholder"}));
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p AND sk > :s", "ExpressionAttributeValues": {"...": true}})"),
            V{});
  // Function operands and update operands.
  const char *Type = R"J({"TableName": "Orders", "FilterExpression": "attribute_type(color, :t)", "ExpressionAttributeValues": {":t": {"S": TYPE}}})J";
  auto WithType = [&](llvm::StringRef T) {
    std::string S = Type;
    S.replace(S.find("TYPE"), 4, T.str());
    return S;
  };
  EXPECT_EQ(check("Scan", WithType(R"("XX")")), (V{"full-scan", "invalid-query"}));
  EXPECT_EQ(check("Scan", WithType(R"("<unknown-string>")")), V{"full-scan"});
  const char *Add = R"({"TableName": "Orders", "Key": {"pk": {"S": "a"}, "sk": {"N": "1"}}, "UpdateExpression": "ADD tally :v", "ExpressionAttributeValues": {":v": VALUE}})";
  EXPECT_EQ(check("UpdateItem", With(Add, R"({"S": "a"})")), V{"invalid-query"});
  EXPECT_EQ(check("UpdateItem", With(Add, R"("<unknown>")")), V{});
  const char *Index = R"({"TableName": "Orders", "Key": {"pk": {"S": "a"}, "sk": {"N": "1"}}, "UpdateExpression": "SET email = :v", "ExpressionAttributeValues": {":v": VALUE}})";
  EXPECT_EQ(check("UpdateItem", With(Index, R"({"N": "1"})")), V{"invalid-query"});
  EXPECT_EQ(check("UpdateItem", With(Index, R"("<unknown>")")), V{});
  // Legacy conditions: operator and value types.
  const char *Legacy = R"({"TableName": "Orders", "KeyConditions": {"pk": {"ComparisonOperator": OP, "AttributeValueList": [{"S": "a"}]}, "sk": {"ComparisonOperator": "GT", "AttributeValueList": [VALUE]}}})";
  auto Both = [&](llvm::StringRef Op, llvm::StringRef Value) {
    std::string S = Legacy;
    S.replace(S.find("OP"), 2, Op.str());
    S.replace(S.find("VALUE"), 5, Value.str());
    return S;
  };
  EXPECT_EQ(check("Query", Both(R"("XX")", R"({"N": "1"})")), (V{"invalid-query", "legacy-parameter"}));
  EXPECT_EQ(check("Query", Both(R"("<unknown-string>")", R"({"N": "1"})")), V{"legacy-parameter"});
  EXPECT_EQ(check("Query", Both(R"("EQ")", R"({"L": []})")), (V{"invalid-query", "invalid-query", "legacy-parameter"}));
  EXPECT_EQ(check("Query", Both(R"("EQ")", R"("<unknown>")")), V{"legacy-parameter"});
  // A pk operator computed at run time may be EQ: no key-condition error.
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditions": {"pk": {"ComparisonOperator": "GT", "AttributeValueList": [{"S": "a"}]}}})"),
            (V{"invalid-query", "legacy-parameter"}));
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditions": {"pk": {"ComparisonOperator": "<unknown-string>", "AttributeValueList": [{"S": "a"}]}}})"),
            V{"legacy-parameter"});
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditions": {"pk": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "a"}]}, "...": true}})"),
            V{"legacy-parameter"});
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditions": "<unknown>"})"), V{"legacy-parameter"});
}

TEST(DynamoUnknown, ScalarParametersComputedAtRunTime) {
  const char *Unbounded = R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "a"}} EXTRA})";
  auto With = [](const char *Text, llvm::StringRef Extra) {
    std::string S = Text;
    S.replace(S.find(" EXTRA"), 6, Extra.str());
    return S;
  };
  EXPECT_EQ(check("Query", With(Unbounded, "")), V{"unbounded-partition-read"});
  EXPECT_EQ(check("Query", With(Unbounded, R"(, "Limit": "<unknown-number>")")), V{});
  EXPECT_EQ(check("Query", With(Unbounded, R"(, "Limit": "<unknown>")")), V{});
  // Limit < 1.
  EXPECT_EQ(check("Query", With(Unbounded, R"(, "Limit": 0)")), V{"invalid-query"});
  // Select COUNT: count-all only for a known COUNT; a bad Select.
  const char *Scan = R"({"TableName": "Orders" EXTRA})";
  EXPECT_EQ(check("Scan", With(Scan, R"(, "Select": "COUNT")")), (V{"count-all", "full-scan"}));
  EXPECT_EQ(check("Scan", With(Scan, R"(, "Select": "<unknown-string>")")), V{"full-scan"});
  EXPECT_EQ(check("Scan", With(Scan, R"(, "Select": "EVERYTHING")")), (V{"full-scan", "invalid-query"}));
  EXPECT_EQ(check("Scan", With(Scan, R"(, "Select": "SPECIFIC_ATTRIBUTES")")), (V{"full-scan", "invalid-query"}));
  EXPECT_EQ(check("Scan", With(Scan, R"(, "Select": "SPECIFIC_ATTRIBUTES", "ProjectionExpression": "<unknown-string>")")),
            V{"full-scan"});
  EXPECT_EQ(check("Scan", With(Scan, R"(, "Select": "COUNT", "ProjectionExpression": "amount")")),
            (V{"count-all", "full-scan", "invalid-query"}));
  EXPECT_EQ(check("Scan", With(Scan, R"(, "Select": "COUNT", "ProjectionExpression": "<unknown-string>")")),
            (V{"count-all", "full-scan"}));
  // Parallel scan segments.
  EXPECT_EQ(check("Scan", With(Scan, R"(, "Segment": 5, "TotalSegments": 2)")), (V{"full-scan", "invalid-query"}));
  EXPECT_EQ(check("Scan", With(Scan, R"(, "Segment": "<unknown-number>", "TotalSegments": 2)")), V{"full-scan"});
  EXPECT_EQ(check("Scan", With(Scan, R"(, "Segment": 1)")), (V{"full-scan", "invalid-query"}));
  EXPECT_EQ(check("Scan", With(Scan, R"(, "Segment": "<unknown>")")), V{"full-scan"});
  EXPECT_EQ(check("Scan", With(Scan, R"(, "TotalSegments": 0, "Segment": 0)")), (V{"full-scan", "invalid-query"}));
  EXPECT_EQ(check("Scan", With(Scan, R"(, "TotalSegments": "<unknown-number>", "Segment": 0)")), V{"full-scan"});
  EXPECT_EQ(messages("Scan", With(Scan, R"(, "TotalSegments": "<unknown-number>", "Segment": 0)")).find("segments"),
            std::string::npos);
  // ConsistentRead on a GSI.
  const char *Gsi = R"({"TableName": "Orders", "IndexName": "ByEmail", "KeyConditionExpression": "email = :e", "ExpressionAttributeValues": {":e": {"S": "x"}} EXTRA})";
  EXPECT_EQ(check("Query", With(Gsi, R"(, "ConsistentRead": true)")), V{"invalid-query"});
  EXPECT_EQ(check("Query", With(Gsi, R"(, "ConsistentRead": "<unknown-bool>")")), V{});
  // ReturnValues of PutItem.
  const char *Put = R"({"TableName": "Orders", "Item": {"pk": {"S": "a"}, "sk": {"N": "1"}} EXTRA})";
  EXPECT_EQ(check("PutItem", With(Put, R"(, "ReturnValues": "ALL_NEW")")), V{"invalid-query"});
  EXPECT_EQ(check("PutItem", With(Put, R"(, "ReturnValues": "<unknown-string>")")), V{});
  // AttributesToGet names.
  const char *Legacy = R"({"TableName": "Orders", "IndexName": "ByEmail", "KeyConditions": {"email": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "x"}]}} EXTRA})";
  EXPECT_EQ(check("Query", With(Legacy, R"(, "AttributesToGet": ["amount"])")),
            (V{"invalid-query", "legacy-parameter", "legacy-parameter"}));
  EXPECT_EQ(check("Query", With(Legacy, R"(, "AttributesToGet": ["<unknown-string>"])")),
            (V{"legacy-parameter", "legacy-parameter"}));
}

TEST(DynamoUnknown, OpenParametersHideParameters) {
  // Whatever fires because a parameter is absent.
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "a"}}, "...": true})"),
            V{});
  EXPECT_EQ(check("Query", R"({"TableName": "Orders"})"), V{"invalid-query"});
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "...": true})"), V{});
  EXPECT_EQ(check("GetItem", R"({"TableName": "Orders"})"), V{"invalid-query"});
  EXPECT_EQ(check("GetItem", R"({"TableName": "Orders", "...": true})"), V{});
  EXPECT_EQ(check("Scan", R"({"TableName": "Orders", "Segment": 1, "...": true})"), V{"full-scan"});
  EXPECT_EQ(check("Scan", R"({"TableName": "Orders", "Select": "SPECIFIC_ATTRIBUTES", "...": true})"), V{"full-scan"});
  EXPECT_EQ(check("BatchWriteItem", R"({})"), V{"invalid-query"});
  EXPECT_EQ(check("BatchWriteItem", R"({"...": true})"), V{});
  EXPECT_EQ(check("TransactWriteItems", R"({"...": true})"), V{});
  EXPECT_EQ(check("BatchExecuteStatement", R"({"...": true})"), V{});
  // Open parameters may hold an expression that uses every entry.
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p AND sk > :s", "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "1"}, ":x": {"S": "b"}}, "...": true})"),
            V{});
  EXPECT_EQ(check("GetItem", R"({"TableName": "Orders", "Key": {"pk": {"S": "a"}, "sk": {"N": "1"}}, "ExpressionAttributeValues": {":x": {"S": "b"}}})"),
            V{"unused-placeholder"});
  EXPECT_EQ(check("GetItem", R"({"TableName": "Orders", "Key": {"pk": {"S": "a"}, "sk": {"N": "1"}}, "ExpressionAttributeValues": {":x": {"S": "b"}}, "...": true})"),
            V{});
  // ... and an IndexName: the key condition may be an index's.
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "email = :e", "ExpressionAttributeValues": {":e": {"S": "x"}}, "...": true})"),
            V{});
  // A TableName: no table, no schema rule; still a full scan.
  EXPECT_EQ(check("Scan", R"({"FilterExpression": "color = :c", "ExpressionAttributeValues": {":c": {"S": "red"}}, "...": true})"),
            V{"full-scan"});
  // What is listed is still judged.
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p OR sk = :s", "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"N": "1"}}, "...": true})"),
            V{"invalid-query"});
  EXPECT_EQ(check("Query", R"({"TableName": "Orders", "IndexName": "ByStatus", "KeyConditionExpression": "orderStatus = :s AND sk > :k", "ExpressionAttributeValues": {":s": {"S": "NEW"}, ":k": {"N": "1"}}, "...": true})"),
            V{"hot-partition-key"});
}

TEST(DynamoUnknown, KeyAndItemMaps) {
  // A missing key attribute.
  EXPECT_EQ(check("GetItem", R"({"TableName": "Orders", "Key": {"pk": {"S": "a"}}})"), V{"invalid-query"});
  EXPECT_EQ(check("GetItem", R"({"TableName": "Orders", "Key": {"pk": {"S": "a"}, "...": true}})"), V{});
  // A listed non-key attribute stays wrong in an open Key.
  EXPECT_EQ(check("DeleteItem", R"({"TableName": "Orders", "Key": {"pk": "<unknown>", "color": {"S": "red"}, "...": true}})"),
            (V{"invalid-query", "missing-index"}));
  // Key values of unknown type or contents.
  EXPECT_EQ(check("GetItem", R"({"TableName": "Orders", "Key": {"pk": {"N": "1"}, "sk": {"N": "1"}}})"), V{"invalid-query"});
  EXPECT_EQ(check("GetItem", R"({"TableName": "Orders", "Key": {"pk": "<unknown>", "sk": "<unknown>"}})"), V{});
  EXPECT_EQ(check("GetItem", R"({"TableName": "Orders", "Key": {"pk": {"S": ""}, "sk": {"N": "1"}}})"), V{"invalid-query"});
  EXPECT_EQ(check("GetItem", R"({"TableName": "Orders", "Key": {"pk": {"S": "<unknown-string>"}, "sk": {"N": "<unknown-string>"}}})"), V{});
  EXPECT_EQ(check("GetItem", R"({"TableName": "Orders", "Key": "x"})"), V{"invalid-query"});
  EXPECT_EQ(check("GetItem", R"({"TableName": "Orders", "Key": "<unknown>"})"), V{});
  // PutItem's Item.
  EXPECT_EQ(check("PutItem", R"({"TableName": "Orders", "Item": {"pk": {"S": "a"}}})"), V{"invalid-query"});
  EXPECT_EQ(check("PutItem", R"({"TableName": "Orders", "Item": {"pk": {"S": "a"}, "...": true}})"), V{});
  EXPECT_EQ(check("PutItem", R"({"TableName": "Orders", "Item": {"pk": {"N": "1"}, "sk": {"N": "1"}}})"), V{"invalid-query"});
  EXPECT_EQ(check("PutItem", R"({"TableName": "Orders", "Item": {"pk": "<unknown>", "sk": {"N": "1"}}})"), V{});
  EXPECT_EQ(check("PutItem", R"({"TableName": "Orders", "Item": {"pk": {"S": "a"}, "sk": {"N": "1"}, "email": {"N": "1"}}})"), V{"invalid-query"});
  EXPECT_EQ(check("PutItem", R"({"TableName": "Orders", "Item": {"pk": {"S": "a"}, "sk": {"N": "1"}, "email": "<unknown>"}})"), V{});
  EXPECT_EQ(check("PutItem", R"({"TableName": "Orders", "Item": "<unknown>"})"), V{});
  // BatchGetItem keys.
  EXPECT_EQ(check("BatchGetItem", R"({"RequestItems": {"Orders": {"Keys": [{"pk": {"S": "a"}}]}}})"), V{"invalid-query"});
  EXPECT_EQ(check("BatchGetItem", R"({"RequestItems": {"Orders": {"Keys": ["<unknown>", {"pk": {"S": "a"}, "...": true}]}}})"), V{});
}

TEST(DynamoUnknown, BatchesAndTransactions) {
  std::string Put = R"({"PutRequest": {"Item": {"userId": {"S": "u#"}}}})";
  std::string Writes = R"({"RequestItems": {"Users": [)" + repeat(Put, 26) + "]}}";
  EXPECT_EQ(check("BatchWriteItem", Writes), V{"batch-limit"});
  // Closed lists of unknown entries still count.
  EXPECT_EQ(check("BatchWriteItem", R"({"RequestItems": {"Users": [)" + repeat(R"("<unknown>")", 26) + "]}}"),
            V{"batch-limit"});
  // Open lists and maps may hold more, never fewer: under the limit they
  // are not judged (nor empty), over it they are over whatever is added.
  EXPECT_EQ(check("BatchWriteItem", R"({"RequestItems": {"Users": [)" + repeat(Put, 20) + R"(, "<more>"]}})"), V{});
  EXPECT_EQ(check("BatchWriteItem", R"({"RequestItems": {"Users": [)" + repeat(Put, 20) + R"(], "...": true}})"), V{});
  EXPECT_EQ(check("BatchWriteItem", R"({"RequestItems": {"Users": [)" + repeat(Put, 26) + R"(, "<more>"]}})"), V{"batch-limit"});
  EXPECT_EQ(check("BatchWriteItem", R"({"RequestItems": {"Users": [)" + repeat(Put, 26) + R"(], "...": true}})"), V{"batch-limit"});
  EXPECT_EQ(check("BatchWriteItem", R"({"RequestItems": {"Users": []}})"), V{"invalid-query"});
  EXPECT_EQ(check("BatchWriteItem", R"({"RequestItems": {"Users": ["<more>"]}})"), V{});
  EXPECT_EQ(check("BatchWriteItem", R"({"RequestItems": {"Users": "<unknown>"}})"), V{});
  EXPECT_EQ(check("BatchWriteItem", R"({"RequestItems": {"Users": "x"}})"), V{"invalid-query"});
  EXPECT_EQ(check("BatchWriteItem", R"({"RequestItems": "<unknown>"})"), V{});
  EXPECT_EQ(check("BatchWriteItem", R"({"RequestItems": "x"})"), V{"invalid-query"});
  std::string Keys = repeat(R"({"userId": {"S": "u#"}})", 101);
  EXPECT_EQ(check("BatchGetItem", R"({"RequestItems": {"Users": {"Keys": [)" + Keys + "]}}}"), V{"batch-limit"});
  EXPECT_EQ(check("BatchGetItem", R"({"RequestItems": {"Users": {"Keys": [)" + Keys + R"(, "<more>"]}}})"), V{"batch-limit"});
  EXPECT_EQ(check("BatchGetItem", R"({"RequestItems": {"Users": {"...": true}}})"), V{});
  std::string Action = R"({"Put": {"TableName": "Users", "Item": {"userId": {"S": "u#"}}}})";
  EXPECT_EQ(check("TransactWriteItems", R"({"TransactItems": [)" + repeat(Action, 101) + "]}"), V{"batch-limit"});
  EXPECT_EQ(check("TransactWriteItems", R"({"TransactItems": [)" + repeat(Action, 101) + R"(, "<more>"]})"), V{"batch-limit"});
  EXPECT_EQ(check("TransactWriteItems", R"({"TransactItems": [)" + repeat(Action, 99) + R"(, "<more>"]})"), V{});
  EXPECT_EQ(check("TransactWriteItems", R"({"TransactItems": []})"), V{"invalid-query"});
  EXPECT_EQ(check("TransactWriteItems", R"({"TransactItems": ["<more>"]})"), V{});
  EXPECT_EQ(check("TransactWriteItems", R"({"TransactItems": "<unknown>"})"), V{});
  EXPECT_EQ(check("TransactWriteItems", R"({"TransactItems": ["x"]})"), V{"invalid-query"});
  EXPECT_EQ(check("TransactWriteItems", R"({"TransactItems": ["<unknown>", {"Put": "<unknown>"}, {"...": true}]})"), V{});
  EXPECT_EQ(check("BatchExecuteStatement", R"({"Statements": ["x"]})"), V{"invalid-query"});
  EXPECT_EQ(check("BatchExecuteStatement", R"({"Statements": ["<unknown>", {"...": true}]})"), V{});
  // Duplicates: an unknown key names an unknown item.
  const char *Twice = R"({"TransactItems": [{"Delete": {"TableName": TABLE, "Key": {"userId": A}}}, {"Delete": {"TableName": TABLE, "Key": {"userId": B}}}]})";
  auto Dup = [&](llvm::StringRef Table, llvm::StringRef A, llvm::StringRef B) {
    std::string S = Twice;
    for (size_t At = S.find("TABLE"); At != std::string::npos; At = S.find("TABLE"))
      S.replace(At, 5, Table.str());
    S.replace(S.find(" A}"), 3, " " + A.str() + "}");
    S.replace(S.find(" B}"), 3, " " + B.str() + "}");
    return S;
  };
  EXPECT_EQ(check("TransactWriteItems", Dup(R"("Users")", R"({"S": "u1"})", R"({"S": "u1"})")), V{"invalid-query"});
  EXPECT_EQ(check("TransactWriteItems", Dup(R"("Users")", R"("<unknown>")", R"("<unknown>")")), V{});
  EXPECT_EQ(check("TransactWriteItems", Dup(R"("Users")", R"({"S": "<unknown-string>"})", R"({"S": "<unknown-string>"})")), V{});
  EXPECT_EQ(check("TransactWriteItems", Dup(R"("<unknown-string>")", R"({"S": "u1"})", R"({"S": "u1"})")), V{});
  EXPECT_EQ(check("BatchGetItem", R"({"RequestItems": {"Users": {"Keys": [{"userId": {"S": "u1"}}, {"userId": {"S": "u1"}}]}}})"),
            V{"invalid-query"});
  EXPECT_EQ(check("BatchGetItem", R"({"RequestItems": {"Users": {"Keys": [{"userId": "<unknown>"}, {"userId": "<unknown>"}]}}})"),
            V{});
}

TEST(DynamoUnknown, StatementComputedAtRunTime) {
  EXPECT_EQ(check("ExecuteStatement", R"({"Statement": "SELECT * FROM \"Orders\" WHERE color = 'red'"})"),
            (V{"full-scan", "missing-index"}));
  EXPECT_EQ(check("ExecuteStatement", R"({"Statement": "<unknown-string>"})"), V{});
  EXPECT_EQ(check("ExecuteStatement", R"({"Statement": "SELEC"})"), V{"invalid-query"});
  EXPECT_EQ(check("ExecuteStatement", R"({"Statement": "<unknown-string>", "Parameters": ["<unknown>"]})"), V{});
  EXPECT_EQ(check("BatchExecuteStatement", R"({"Statements": [{"Statement": "SELECT * FROM \"Orders\" WHERE pk = 'a' AND sk = 1"}, {"Statement": "<unknown-string>"}]})"),
            V{});
  // A PartiQL read bounded by a Limit computed at run time.
  EXPECT_EQ(check("ExecuteStatement", R"({"Statement": "SELECT * FROM \"Orders\" WHERE pk = 'a'"})"),
            V{"unbounded-partition-read"});
  EXPECT_EQ(check("ExecuteStatement", R"({"Statement": "SELECT * FROM \"Orders\" WHERE pk = 'a'", "Limit": "<unknown-number>"})"),
            V{});
  EXPECT_EQ(check("ExecuteStatement", R"({"Statement": "SELECT * FROM \"Orders\" WHERE pk = 'a'", "...": true})"),
            V{});
  EXPECT_EQ(check("ExecuteStatement", R"({"Statement": "SELECT * FROM \"Orders\" WHERE pk = 'a'", "Limit": 0})"),
            (V{"invalid-query"}));
}

TEST(DynamoUnknown, AccessPatternsListUnknownsAsQuestionMarks) {
  {
    Host H("Query", R"({"TableName": "<unknown-string>", "KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "a"}}})");
    std::vector<AccessPattern> P = accessPatterns(H.File, H.Catalog);
    ASSERT_EQ(P.size(), 1u);
    EXPECT_EQ(P[0].Table, "?");
    EXPECT_FALSE(P[0].TableKnown);
    EXPECT_EQ(P[0].Other, V{"pk"});
  }
  {
    Host H("GetItem", R"({"TableName": "Orders", "Key": {"pk": "<unknown>", "sk": {"N": "<unknown-string>"}}})");
    std::vector<AccessPattern> P = accessPatterns(H.File, H.Catalog);
    ASSERT_EQ(P.size(), 1u);
    EXPECT_EQ(P[0].Table, "Orders");
    EXPECT_TRUE(P[0].TableKnown);
    EXPECT_EQ(P[0].PartitionKey, V{"pk"});
    EXPECT_EQ(P[0].SortKey, V{"sk"});
    EXPECT_TRUE(P[0].FullPartitionKey);
  }
  {
    Host H("Query", R"({"TableName": "Orders", "IndexName": "<unknown-string>", "KeyConditionExpression": "<unknown-string>"})");
    std::vector<AccessPattern> P = accessPatterns(H.File, H.Catalog);
    ASSERT_EQ(P.size(), 1u);
    EXPECT_EQ(P[0].Index, "?");
    EXPECT_EQ(P[0].Text, "?");
    EXPECT_TRUE(P[0].PartitionKey.empty());
  }
  {
    Host H("Query", R"({"TableName": "Orders", "KeyConditionExpression": "pk = :p AND #k > :s", "ExpressionAttributeNames": {"#k": "<unknown>"}})");
    std::vector<AccessPattern> P = accessPatterns(H.File, H.Catalog);
    ASSERT_EQ(P.size(), 1u);
    EXPECT_EQ(P[0].PartitionKey, V{"pk"});
    EXPECT_TRUE(P[0].SortKey.empty());
    EXPECT_TRUE(P[0].Other.empty());
  }
  {
    Host H("ExecuteStatement", R"({"Statement": "<unknown-string>"})");
    std::vector<AccessPattern> P = accessPatterns(H.File, H.Catalog);
    ASSERT_EQ(P.size(), 1u);
    EXPECT_EQ(P[0].Table, "?");
    EXPECT_EQ(P[0].Operation, "ExecuteStatement");
  }
}
