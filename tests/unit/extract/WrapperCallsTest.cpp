//===- WrapperCallsTest.cpp - Requests made through the application's wrappers -===//
//
// The summaries a file gives of its wrappers (the requests they build, with
// holes for their parameters), their instantiation at the calls of another
// file, and `nosqlint queries` listing those requests with source
// `wrapper`.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Driver/Driver.h"
#include "nosqlint/Extract/Extract.h"
#include "nosqlint/Extract/WrapperCalls.h"

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
using nosqlint::extract::test::show;

namespace {

const char *GoOps =
    "package store\n"
    "import (\n"
    "  \"github.com/aws/aws-sdk-go-v2/aws\"\n"
    "  ddb \"github.com/aws/aws-sdk-go-v2/service/dynamodb\"\n"
    ")\n"
    "type store struct{ c *ddb.Client }\n"
    "func (s *store) queryIndex(ctx context.Context, table, index, attr string, n int32) {\n"
    "  s.c.Query(ctx, &ddb.QueryInput{TableName: aws.String(table),\n"
    "    IndexName: aws.String(index), KeyConditionExpression: aws.String(\"#a = :v\"),\n"
    "    ExpressionAttributeNames: map[string]string{\"#a\": attr}, Limit: aws.Int32(n)})\n"
    "}\n"
    "func (s *store) guarded(ctx context.Context, table string, all bool) {\n"
    "  if all {\n"
    "    s.c.Scan(ctx, &ddb.ScanInput{TableName: aws.String(table)})\n"
    "  }\n"
    "}\n"
    "func (s *store) changed(ctx context.Context, table string) {\n"
    "  table = \"x-\" + table\n"
    "  s.c.Scan(ctx, &ddb.ScanInput{TableName: aws.String(table)})\n"
    "}\n"
    "func scanAll(ctx context.Context, c *ddb.Client, table string) {\n"
    "  c.Scan(ctx, &ddb.ScanInput{TableName: aws.String(table)})\n"
    "}\n";

std::string holes(const WrapperFunction::Template &T) {
  std::string S;
  for (const WrapperHole &H : T.Holes) {
    std::string P;
    for (const JsonStep &St : H.Path)
      P += (P.empty() ? "" : ".") +
           (St.Index >= 0 ? std::to_string(St.Index) : St.Key);
    S += (S.empty() ? "" : " ") + P + "=" + std::to_string(H.Param);
  }
  return S;
}

TEST(WrapperSummaries, GoParametersThatReachTheRequestAreHoles) {
  FileExtraction X = extractFile(HostLanguage::Go, FileId{1}, GoOps);
  ASSERT_EQ(X.Wrappers.size(), 2u);
  const WrapperFunction &Q = X.Wrappers[0];
  EXPECT_EQ(Q.Name, "queryIndex");
  EXPECT_EQ(Q.Owner, "store");
  EXPECT_EQ(Q.Package, "store");
  EXPECT_EQ(Q.Params, (std::vector<std::string>{"ctx", "table", "index",
                                                "attr", "n"}));
  ASSERT_EQ(Q.Requests.size(), 1u);
  EXPECT_EQ(Q.Requests[0].Call.Operation, "Query");
  EXPECT_EQ(holes(Q.Requests[0]),
            "TableName=1 IndexName=2 ExpressionAttributeNames.#a=3 Limit=4");
  // A request under a condition on a parameter, or built from a parameter
  // the function changes, is no template.
  const WrapperFunction &S = X.Wrappers[1];
  EXPECT_EQ(S.Name, "scanAll");
  EXPECT_EQ(S.Owner, "");
  EXPECT_EQ(holes(S.Requests[0]), "TableName=2");
}

TEST(WrapperCalls, CallsOfAnotherFileBecomeRequestsAtTheCall) {
  FileExtraction Ops = extractFile(HostLanguage::Go, FileId{1}, GoOps);
  std::string Users =
      "package store\n"
      "const usersTable = \"Users\"\n"
      "func (s *store) byEmail(ctx context.Context, n int32) {\n"
      "  s.queryIndex(ctx, usersTable, \"ByEmail\", \"email\", n)\n"
      "  scanAll(ctx, s.c, \"Users\")\n"
      "}\n"
      "func (o *other) byEmail(ctx context.Context) {\n"
      "  o.queryIndex(ctx, \"Users\", \"ByEmail\", \"email\", 1)\n"
      "}\n";
  FileExtraction U = extractFile(HostLanguage::Go, FileId{2}, Users);
  std::vector<WrapperUnit> Units = {
      {HostLanguage::Go, FileId{1}, GoOps, "app/ops.go", "app", nullptr,
       &Ops.Wrappers, &Ops.DynamoCalls},
      {HostLanguage::Go, FileId{2}, Users, "app/users.go", "app", nullptr,
       &U.Wrappers, &U.DynamoCalls}};
  EXPECT_EQ(joinWrapperCalls(Units), 2u);
  ASSERT_EQ(U.DynamoCalls.size(), 2u);
  const DynamoCall &Q = U.DynamoCalls[0];
  EXPECT_EQ(Q.Sdk, WrapperSdk);
  EXPECT_EQ(Q.Operation, "Query");
  EXPECT_EQ(show(*Q.Params),
            "{TableName:'Users',IndexName:'ByEmail',KeyConditionExpression:"
            "'#a = :v',ExpressionAttributeNames:{#a:'email'},Limit:?num}");
  auto Text = [&](uint32_t B, uint32_t E) { return Users.substr(B, E - B); };
  EXPECT_EQ(Text(Q.OperationRange.Begin, Q.OperationRange.End), "queryIndex");
  EXPECT_EQ(Q.Range.File.Value, 2u);
  // An argument's value spans the argument; what the wrapper writes itself
  // spans the callee.
  const json::JsonValue *T = Q.Params->get("TableName");
  EXPECT_EQ(Text(T->Begin, T->End), "usersTable");
  const json::JsonValue *K = Q.Params->get("KeyConditionExpression");
  EXPECT_EQ(Text(K->Begin, K->End), "queryIndex");
  SourceRange KR = K->Origin->toFileRange(0, 1);
  EXPECT_EQ(KR.File.Value, 2u);
  EXPECT_EQ(Text(KR.Begin, KR.End), "queryIndex");
  EXPECT_EQ(U.DynamoCalls[1].Operation, "Scan");
  EXPECT_EQ(show(*U.DynamoCalls[1].Params), "{TableName:'Users'}");
}

TEST(WrapperCalls, AnotherPackageOrFolderDoesNotSeeTheWrapper) {
  FileExtraction Ops = extractFile(HostLanguage::Go, FileId{1}, GoOps);
  std::string Other = "package other\n"
                      "func f(ctx context.Context) { scanAll(ctx, nil, \"Users\") }\n";
  for (const char *Folder : {"app", "lib"}) {
    FileExtraction O = extractFile(HostLanguage::Go, FileId{2}, Other);
    std::vector<WrapperUnit> Units = {
        {HostLanguage::Go, FileId{1}, GoOps, "app/ops.go", "app", nullptr,
         &Ops.Wrappers, &Ops.DynamoCalls},
        {HostLanguage::Go, FileId{2}, Other, std::string(Folder) + "/x.go",
         Folder, nullptr, &O.Wrappers, &O.DynamoCalls}};
    EXPECT_EQ(joinWrapperCalls(Units), 0u) << Folder;
  }
}

TEST(WrapperCalls, QueriesListsThemWithSourceWrapper) {
  llvm::json::Value V = test::queriesJson(
      {NOSQLINT_SOURCE_DIR "/tests/fixtures/host-dynamo/wrapper-go"},
      {NOSQLINT_SOURCE_DIR "/tests/fixtures/dynamo/schema"});
  const llvm::json::Array *Qs = test::queryList(V);
  ASSERT_NE(Qs, nullptr);
  std::vector<std::string> Seen;
  for (const llvm::json::Value &Q : *Qs) {
    const llvm::json::Object *J = Q.getAsObject();
    std::string File = J->getString("file").getValueOr("").str();
    std::string Source = J->getString("source").getValueOr("").str();
    EXPECT_EQ(Source, llvm::StringRef(File).endswith("users.go") ? "wrapper"
                                                                 : "sdk")
        << File;
    if (Source == "wrapper")
      Seen.push_back(std::to_string(J->getInteger("line").getValueOr(0)) +
                     ":" +
                     std::to_string(J->getInteger("column").getValueOr(0)) +
                     " " + J->getString("operation").getValueOr("").str() +
                     " " + J->getString("table").getValueOr("?").str());
  }
  EXPECT_EQ(Seen, (std::vector<std::string>{
                      "9:11 Scan Users", "13:11 Query Users",
                      "17:11 Query Users", "21:9 GetItem Customers",
                      "25:9 GetItem Users", "30:11 Query Users"}));
}

} // namespace
