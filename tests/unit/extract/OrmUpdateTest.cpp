//===- OrmUpdateTest.cpp - ORM and builder requests, as sent --------------===//
//
// The exact text of what guregu/dynamo, the Go expression builder,
// PynamoDB and ElectroDB send: update expressions, key conditions, and the
// join of guregu/dynamo DB fields across the files of a Go package.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/Extract.h"
#include "nosqlint/Extract/ModelTables.h"

#include <gtest/gtest.h>

#include <string>

using namespace nosqlint;
using namespace nosqlint::extract;

namespace {

FileExtraction extract(HostLanguage Lang, const std::string &Src) {
  return extractFile(Lang, FileId{1}, Src);
}

/// The string parameter \p Key of the request with operation \p Op, or
/// "<unknown>" / "<none>".
std::string param(const FileExtraction &X, llvm::StringRef Op,
                  llvm::StringRef Key) {
  for (const DynamoCall &C : X.DynamoCalls) {
    if (C.Operation != Op || !C.Params)
      continue;
    const json::JsonValue *V = C.Params->get(Key);
    if (!V)
      return "<none>";
    return V->Unknown ? "<unknown>" : V->Str;
  }
  return "<no request>";
}

TEST(GureguUpdate, ClausesInTheLibrarysOrder) {
  FileExtraction X = extract(HostLanguage::Go, R"(package p
import "github.com/guregu/dynamo"
func f(db *dynamo.DB, id string, tags []string) error {
	return db.Table("Users").Update("userId", id).Remove("temp").Set("name", "Ann").
		Add("logins", 1).SetIfNotExists("visits", 0).DeleteFromSet("tags", tags).
		Set("gone", "").Prepend("history", tags).Run()
}
)");
  // Set("gone", "") is a REMOVE. The placeholders are numbered in the
  // order they are written (guregu numbers them in call order: only the
  // names differ).
  EXPECT_EQ(param(X, "UpdateItem", "UpdateExpression"),
            "SET #s0 = :v0, #s1 = if_not_exists(#s2, :v1), "
            "#s3 = list_append(:v2, #s4) ADD #s5 :v3 DELETE #s6 :v4 "
            "REMOVE #s7, #s8");
}

TEST(GureguUpdate, RunTimeNamesAndOpenChainsAreUnknown) {
  FileExtraction X = extract(HostLanguage::Go, R"(package p
import "github.com/guregu/dynamo"
func f(db *dynamo.DB, id, attr string) error {
	return db.Table("Users").Update("userId", id).Set(attr, 1).Run()
}
)");
  EXPECT_EQ(param(X, "UpdateItem", "UpdateExpression"), "<unknown>");
  FileExtraction Y = extract(HostLanguage::Go, R"(package p
import "github.com/guregu/dynamo"
func f(db *dynamo.DB, id string) *dynamo.Update {
	return db.Table("Users").Update("userId", id).Set("n", 1)
}
)");
  EXPECT_EQ(param(Y, "UpdateItem", "UpdateExpression"), "<unknown>");
}

TEST(GureguScan, LimitIsSentOnlyWithoutFilter) {
  FileExtraction X = extract(HostLanguage::Go, R"(package p
import "github.com/guregu/dynamo"
func f(db *dynamo.DB, out *[]int) error {
	return db.Table("Users").Scan().Filter("'a' = ?", 1).Limit(1).All(out)
}
)");
  EXPECT_EQ(param(X, "Scan", "Limit"), "<none>");
  FileExtraction Y = extract(HostLanguage::Go, R"(package p
import "github.com/guregu/dynamo"
func f(db *dynamo.DB, out *[]int) error {
	return db.Table("Users").Scan().Limit(1).All(out)
}
)");
  EXPECT_EQ(param(Y, "Scan", "Limit"), "1");
}

TEST(GureguFields, KeptWhenThePackageDeclaresTheField) {
  FileExtraction Decl = extract(HostLanguage::Go, R"(package p
import "github.com/guregu/dynamo"
type provider struct{ db *dynamo.DB }
)");
  const char *Use = R"(package p
func (p *provider) all(out *[]int) error { return p.db.Table("Users").Scan().All(out) }
)";
  FileExtraction Same = extract(HostLanguage::Go, Use);
  FileExtraction Other = extract(HostLanguage::Go, Use);
  ASSERT_EQ(param(Same, "Scan", "TableName"), "Users");
  std::vector<ModelRequestFile> Files = {{&Decl.DynamoCalls, "a/p"},
                                         {&Same.DynamoCalls, "a/p"},
                                         {&Other.DynamoCalls, "a/q"}};
  resolveMapperRequests(Files);
  EXPECT_EQ(param(Same, "Scan", "TableName"), "Users");
  EXPECT_EQ(param(Other, "Scan", "TableName"), "<no request>");
  for (const DynamoCall &C : Decl.DynamoCalls)
    EXPECT_FALSE(C.Params) << C.Operation; // the facts are no requests
}

TEST(GoExpressionUpdate, SortedModesAliasesRunningOn) {
  FileExtraction X = extract(HostLanguage::Go, R"(package p
import (
	"context"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)
func f(ctx context.Context, c *dynamodb.Client, n int) {
	u := expression.Set(expression.Name("a"), expression.Name("a").Plus(expression.Value(n))).
		Remove(expression.Name("b")).Add(expression.Name("c"), expression.Value(1))
	cond := expression.AttributeExists(expression.Name("a"))
	e, _ := expression.NewBuilder().WithCondition(cond).WithUpdate(u).Build()
	c.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String("T"), UpdateExpression: e.Update(),
		ConditionExpression: e.Condition(),
		ExpressionAttributeNames: e.Names(), ExpressionAttributeValues: e.Values(),
	})
}
)");
  EXPECT_EQ(param(X, "UpdateItem", "ConditionExpression"),
            "attribute_exists (#0)");
  EXPECT_EQ(param(X, "UpdateItem", "UpdateExpression"),
            "ADD #1 :0\nREMOVE #2\nSET #0 = #0 + :1\n");
}

TEST(PynamoUpdate, ActionsBecomeTheUpdateExpression) {
  FileExtraction X = extract(HostLanguage::Python, R"(
from pynamodb.attributes import NumberAttribute, UnicodeAttribute
from pynamodb.models import Model
class T(Model):
    class Meta:
        table_name = "t"
    k = UnicodeAttribute(hash_key=True)
    n = NumberAttribute()
    s = UnicodeAttribute()
def f(k):
    t = T.get(k)
    t.update(actions=[T.s.remove(), T.n.set(T.n + 1), T.s.set(T.s | "x")])
)");
  EXPECT_EQ(param(X, "UpdateItem", "UpdateExpression"),
            "SET #1 = #2 + :0, #3 = if_not_exists (#4, :1) REMOVE #0");
}

TEST(ElectroDb, QueryOfAnAccessPattern) {
  FileExtraction X = extract(HostLanguage::TypeScript, R"(
import { Entity } from "electrodb";
const E = new Entity({ model: {}, attributes: {}, indexes: {
  main: { pk: { field: "pk", composite: ["a"] }, sk: { field: "sk", composite: [] } },
  other: { index: "gsi1", pk: { field: "gsi1pk", composite: ["b"] } } } },
  { table: "app" });
E.query.other({ b: "x" }).go();
E.get({ a: "x" }).go();
)");
  EXPECT_EQ(param(X, "Query", "KeyConditionExpression"), "#pk = :pk");
  EXPECT_EQ(param(X, "Query", "IndexName"), "gsi1");
  EXPECT_EQ(param(X, "Query", "TableName"), "app");
  EXPECT_EQ(param(X, "GetItem", "TableName"), "app");
  // A class named Entity from elsewhere: no request.
  FileExtraction Y = extract(HostLanguage::TypeScript, R"(
import { Entity } from "./mine";
const E = new Entity({ indexes: { main: { pk: { field: "pk", composite: [] } } } }, { table: "app" });
E.query.main({}).go();
)");
  EXPECT_TRUE(Y.DynamoCalls.empty());
}

} // namespace
