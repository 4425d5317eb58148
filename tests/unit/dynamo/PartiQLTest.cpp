//===- PartiQLTest.cpp - PartiQL statements into the IR -------------------===//
#include "nosqlint/Dynamo/PartiQL.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::dynamo;

namespace {

Statement parse(llvm::StringRef Text) {
  return parsePartiQL(Text, TextOrigin::identity(FileId{1}));
}

} // namespace

TEST(DynamoPartiQL, SelectFromIndexWithWhere) {
  Statement S = parse("SELECT a, b.c FROM \"Orders\".\"ByDate\" WHERE pk = ? AND sk > 3");
  ASSERT_TRUE(S.Errors.empty());
  EXPECT_EQ(S.Kind, Statement::Select);
  EXPECT_EQ(S.Table, "Orders");
  EXPECT_EQ(S.Index, std::optional<std::string>("ByDate"));
  EXPECT_EQ(S.TableRange.Begin, 19u);
  EXPECT_EQ(S.TableRange.End, 27u);
  ASSERT_TRUE(S.Where);
  // Comparisons bind tighter than AND.
  EXPECT_EQ(S.Where->Kind, PqlExpr::And);
  EXPECT_EQ(S.Where->Children[0].Kind, PqlExpr::Compare);
  EXPECT_EQ(S.Where->Children[0].Children[0].Text, "pk");
  EXPECT_EQ(S.Parameters, 1u);
  EXPECT_EQ(S.Items.size(), 2u);
}

TEST(DynamoPartiQL, WritesAndFunctions) {
  Statement I = parse("INSERT INTO \"Users\" VALUE {'userId': 'u1', 'n': 2}");
  ASSERT_TRUE(I.Errors.empty());
  EXPECT_EQ(I.Kind, Statement::Insert);
  ASSERT_EQ(I.Items.size(), 1u);
  EXPECT_EQ(I.Items[0].Kind, PqlExpr::Tuple);
  EXPECT_EQ(I.Items[0].Children[0].Text, "userId");
  Statement U = parse("UPDATE Users SET a = 1 REMOVE b WHERE userId = 'x' RETURNING ALL NEW *");
  ASSERT_TRUE(U.Errors.empty());
  EXPECT_EQ(U.Kind, Statement::Update);
  Statement D = parse("DELETE FROM Users WHERE userId IN ['a', 'b'] AND attribute_type(x, 'S')");
  ASSERT_TRUE(D.Errors.empty());
  EXPECT_EQ(D.Where->Children[0].Kind, PqlExpr::In);
  Statement C = parse("SELECT COUNT(*) FROM Users");
  EXPECT_TRUE(C.Errors.empty());
}

TEST(DynamoPartiQL, SyntaxError) {
  Statement S = parse("SELECT * FORM Users");
  ASSERT_EQ(S.Errors.size(), 1u);
  EXPECT_NE(S.Errors[0].first.find("token: \"FORM\""), std::string::npos)
      << S.Errors[0].first;
  EXPECT_EQ(S.Errors[0].second.Begin, 9u);
}

TEST(DynamoPartiQL, DeepNestingIsRefusedNotCrashed) {
  Statement S = parse("SELECT * FROM T WHERE " + std::string(5000, '['));
  ASSERT_EQ(S.Errors.size(), 1u);
  EXPECT_NE(S.Errors[0].first.find("levels deep"), std::string::npos);
  Statement L = parse("SELECT * FROM T WHERE a = '" + std::string(9000, 'x') + "'");
  ASSERT_EQ(L.Errors.size(), 1u);
  EXPECT_NE(L.Errors[0].first.find("8192"), std::string::npos);
}
