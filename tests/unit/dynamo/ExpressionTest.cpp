//===- ExpressionTest.cpp - Expressions, positions, placeholders ----------===//
#include "ReservedWords.h"
#include "TestSupport.h"

using namespace nosqlint;
using namespace nosqlint::dynamo;
using nosqlint::dynamo::test::Read;

namespace {

std::string scan(llvm::StringRef Filter, llvm::StringRef Extra = "") {
  return (R"({"operation": "Scan", "request": {"TableName": "T", "FilterExpression": ")" +
          Filter + "\"" + Extra + "}}")
      .str();
}

} // namespace

TEST(DynamoExpression, ConditionTreeAndPrecedence) {
  Read R(scan("NOT a = :a AND b < :b OR begins_with(c.d[2], :c)",
              R"(, "ExpressionAttributeValues": {":a": {"S": "1"}, ":b": {"N": "2"}, ":c": {"S": "x"}})"));
  const Expression *E = R.only().expression(ExprKind::Filter);
  ASSERT_TRUE(E && E->ok() && E->Cond);
  const Condition &Or = *E->Cond;
  ASSERT_EQ(Or.Kind, Condition::Or);
  ASSERT_EQ(Or.Children[0].Kind, Condition::And);
  EXPECT_EQ(Or.Children[0].Children[0].Kind, Condition::Not);
  const Condition &F = Or.Children[1];
  EXPECT_EQ(F.Kind, Condition::Function);
  EXPECT_EQ(F.FunctionName, "begins_with");
  EXPECT_EQ(F.Operands[0].P.display(), "c.d[2]");
  EXPECT_EQ(R.text(F.Operands[0].Range), "c.d[2]");
  EXPECT_EQ(F.Operands[1].valueType(), std::optional<std::string>("S"));
}

TEST(DynamoExpression, PositionsThroughEscapes) {
  // \u0020 is six bytes in the file, one in the expression.
  Read R(scan(R"(a\u0020= :v AND st\u0061tus = :v)",
              R"(, "ExpressionAttributeValues": {":v": {"S": "1"}})"));
  std::vector<Diagnostic> D = R.Diags.sorted(R.SM);
  const Expression *E = R.only().expression(ExprKind::Filter);
  ASSERT_TRUE(E && E->ok());
  ASSERT_EQ(E->BareNames.size(), 2u);
  EXPECT_EQ(R.text(E->BareNames[1].Range), R"(st\u0061tus)");
  EXPECT_EQ(E->BareNames[1].Written, "status");
}

TEST(DynamoExpression, PlaceholdersResolve) {
  Read R(R"({"operation": "UpdateItem", "request": {"TableName": "T", "Key": {}, "UpdateExpression": "SET #a.#b = :v REMOVE #c", "ExpressionAttributeNames": {"#a": "profile", "#b": "name", "#c": "old"}, "ExpressionAttributeValues": {":v": {"S": "x"}}}})");
  const Expression *E = R.only().expression(ExprKind::Update);
  ASSERT_TRUE(E && E->ok());
  ASSERT_EQ(E->Updates.size(), 2u);
  EXPECT_EQ(E->Updates[0].Path.display(), "profile.name");
  EXPECT_EQ(E->Updates[1].Kind, UpdateAction::Remove);
  EXPECT_EQ(E->Updates[1].Path.topName(), "old");
  EXPECT_TRUE(E->BareNames.empty());
}

TEST(DynamoExpression, SyntaxErrorPointsAtTheToken) {
  Read R(scan("a = :v AND AND b = :v", R"(, "ExpressionAttributeValues": {":v": {"S": "1"}})"));
  const Expression *E = R.only().expression(ExprKind::Filter);
  ASSERT_TRUE(E);
  ASSERT_FALSE(E->Problems.empty());
  EXPECT_EQ(R.text(E->Problems[0].Range), "AND");
  EXPECT_NE(E->Problems[0].Message.find("Invalid FilterExpression: Syntax error; token: \"AND\""),
            std::string::npos)
      << E->Problems[0].Message;
}

TEST(DynamoExpression, ParseTimeErrorsUseDynamoMessages) {
  struct Case {
    const char *Filter;
    const char *Message;
  } Cases[] = {
      {"starts_with(a, :v)", "Invalid function name; function: starts_with"},
      {"((a = :v))", "The expression has redundant parentheses;"},
      {"attribute_exists(a) = :v", "not allowed to be used this way"},
  };
  for (const Case &C : Cases) {
    Read R(scan(C.Filter, R"(, "ExpressionAttributeValues": {":v": {"S": "1"}})"));
    const Expression *E = R.only().expression(ExprKind::Filter);
    ASSERT_TRUE(E);
    ASSERT_FALSE(E->Problems.empty()) << C.Filter;
    EXPECT_NE(E->Problems[0].Message.find(C.Message), std::string::npos)
        << E->Problems[0].Message;
  }
}

TEST(DynamoExpression, OverlappingUpdatePaths) {
  Read R(R"({"operation": "UpdateItem", "request": {"TableName": "T", "Key": {}, "UpdateExpression": "SET address = :a, address.city = :c", "ExpressionAttributeValues": {":a": {"M": {}}, ":c": {"S": "x"}}}})");
  const Expression *E = R.only().expression(ExprKind::Update);
  ASSERT_TRUE(E);
  ASSERT_EQ(E->Problems.size(), 1u);
  EXPECT_NE(E->Problems[0].Message.find("path one: [address], path two: [address, city]"),
            std::string::npos)
      << E->Problems[0].Message;
}

TEST(DynamoReservedWords, CompleteListCaseInsensitive) {
  EXPECT_EQ(reservedWordCount(), 573u);
  for (const char *W : {"status", "Name", "DATE", "ttl", "views", "zone", "abort"})
    EXPECT_TRUE(isReservedWord(W)) << W;
  for (const char *W : {"email", "title", "priority", "description", "tags",
                        "statusCode", "username", "nickname"})
    EXPECT_FALSE(isReservedWord(W)) << W;
}

TEST(DynamoExpression, DeepNestingIsRefusedNotCrashed) {
  std::string Deep(100000, '(');
  Read R(scan(Deep));
  const Expression *E = R.only().expression(ExprKind::Filter);
  ASSERT_TRUE(E);
  ASSERT_EQ(E->Problems.size(), 1u);
  EXPECT_NE(E->Problems[0].Message.find("Expression size has exceeded"),
            std::string::npos);
  std::string Nested = std::string(300, '(') + "a = :v" + std::string(300, ')');
  Read N(scan(Nested));
  const Expression *F = N.only().expression(ExprKind::Filter);
  ASSERT_TRUE(F);
  ASSERT_EQ(F->Problems.size(), 1u);
  EXPECT_NE(F->Problems[0].Message.find("nests 300 levels"), std::string::npos)
      << F->Problems[0].Message;
}

TEST(DynamoExpression, SyntaxErrorNearIsTheTextAroundTheToken) {
  // DynamoDB's `near`: from the token before the offending one to the token
  // after it, as written (blanks kept).
  struct Case {
    const char *Filter;
    const char *Message;
  } Cases[] = {
      {"a = :v AND AND b = :v",
       "Invalid FilterExpression: Syntax error; token: \"AND\", near: \"AND AND b\""},
      {"a+:v<b", "Invalid FilterExpression: Syntax error; token: \"+\", near: \"a+:v\""},
      {"a  +  :v < b",
       "Invalid FilterExpression: Syntax error; token: \"+\", near: \"a  +  :v\""},
      {"a = ", "Invalid FilterExpression: Syntax error; token: \"<EOF>\", near: \"=\""},
  };
  for (const Case &C : Cases) {
    Read R(scan(C.Filter, R"(, "ExpressionAttributeValues": {":v": {"N": "1"}})"));
    const Expression *E = R.only().expression(ExprKind::Filter);
    ASSERT_TRUE(E && !E->Problems.empty()) << C.Filter;
    EXPECT_EQ(E->Problems[0].Message, C.Message) << C.Filter;
  }
}

TEST(DynamoExpression, UpdateArithmeticStopsAtTheFirstMisplacedOperator) {
  struct Case {
    const char *Update;
    const char *Message; // empty: accepted
  } Cases[] = {
      {"SET a = b + :v", ""},
      {"SET a = if_not_exists(b, :v) + :v", ""},
      {"SET a = b + :v - :v", "Invalid UpdateExpression: Syntax error; token: \"-\", near: \":v - :v\""},
      {"SET a = b + :v + :v + :v", "Invalid UpdateExpression: Syntax error; token: \"+\", near: \":v + :v\""},
      {"SET a = if_not_exists(b, :v+:v)", "Invalid UpdateExpression: Syntax error; token: \"+\", near: \":v+:v\""},
  };
  for (const Case &C : Cases) {
    Read R(std::string(R"({"operation": "UpdateItem", "request": {"TableName": "T", "Key": {}, "UpdateExpression": ")") +
           C.Update + R"(", "ExpressionAttributeValues": {":v": {"N": "1"}}}})");
    const Expression *E = R.only().expression(ExprKind::Update);
    ASSERT_TRUE(E) << C.Update;
    if (!*C.Message) {
      EXPECT_TRUE(E->Problems.empty()) << C.Update << ": " << E->Problems[0].Message;
      continue;
    }
    ASSERT_EQ(E->Problems.size(), 1u) << C.Update;
    EXPECT_EQ(E->Problems[0].Message, C.Message) << C.Update;
  }
}

TEST(DynamoExpression, PathLimits) {
  std::string Deep = "a"; // 32 levels, the attribute included
  for (int I = 0; I < 31; ++I)
    Deep += ".b";
  struct Case {
    std::string Projection;
    const char *Message; // empty: accepted
  } Cases[] = {
      {Deep, ""},
      {Deep + ".b", "Invalid ProjectionExpression: The document path has too many nesting levels; nesting levels: 33"},
      {"l[2147483647]", ""},
      {"l[2147483648]", "Invalid ProjectionExpression: List index is not within the allowable range; index: [2147483648]"},
  };
  for (const Case &C : Cases) {
    Read R(R"({"operation": "GetItem", "request": {"TableName": "T", "Key": {}, "ProjectionExpression": ")" +
           C.Projection + "\"}}");
    const Expression *E = R.only().expression(ExprKind::Projection);
    ASSERT_TRUE(E) << C.Projection;
    if (!*C.Message) {
      EXPECT_TRUE(E->Problems.empty()) << C.Projection;
      continue;
    }
    ASSERT_FALSE(E->Problems.empty()) << C.Projection;
    EXPECT_EQ(E->Problems[0].Message, C.Message) << C.Projection;
  }
}
