//===- LambdaEnvironmentTest.cpp - Tables templates bind to functions -----===//
#include "nosqlint/Schema/LambdaEnvironment.h"

#include <gtest/gtest.h>

using namespace nosqlint;

namespace {

const char *Template = R"(Globals:
  Function:
    Environment:
      Variables:
        TABLE: !Ref Orders
Resources:
  Orders:
    Type: AWS::DynamoDB::Table
    Properties: {TableName: orders-prod}
  A:
    Type: AWS::Serverless::Function
    Properties: {CodeUri: a/, Handler: app.handler}
  B:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: b/
      Handler: com.example.Handler::handleRequest
      Environment:
        Variables: {TABLE: literal-table, OTHER: !Sub "${AWS::StackName}-x"}
  C:
    Type: AWS::Lambda::Function
    Properties:
      Code: {S3Bucket: x}
      Handler: index.handler
      Environment: {Variables: {TABLE: !Ref NotATable}}
)";

TEST(LambdaEnvironment, BindingsPerFunction) {
  auto B = readLambdaEnvironment(FileId{1}, Template, "proj");
  auto AllA = bindingsFor(B, "proj/a/app.py", "TABLE");
  ASSERT_EQ(AllA.size(), 1u);
  const EnvironmentBinding *A = AllA[0];
  ASSERT_NE(A, nullptr);
  EXPECT_EQ(A->Table, "orders-prod");
  EXPECT_EQ(A->Function, "A");
  // A function's own value overrides Globals; a Java handler names a class.
  auto Bj = bindingsFor(B, "proj/b/src/main/java/com/example/Handler.java",
                        "TABLE");
  ASSERT_EQ(Bj.size(), 1u);
  EXPECT_EQ(Bj[0]->Table, "literal-table");
  // Computed at deploy time, or not a table: no binding.
  EXPECT_TRUE(bindingsFor(B, "proj/b/x.py", "OTHER").empty());
  // Code outside every function's folder: none.
  EXPECT_TRUE(bindingsFor(B, "other/app.py", "TABLE").empty());
}

TEST(LambdaEnvironment, FunctionsThatDisagreeBindNothing) {
  const char *Two = R"(Resources:
  T1:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: one
  T2:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: two
  F1:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: src/
      Handler: f1.handler
      Environment:
        Variables:
          T: !Ref T1
  F2:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: src/
      Handler: f2.handler
      Environment:
        Variables:
          T: !Ref T2
)";
  auto B = readLambdaEnvironment(FileId{1}, Two, "");
  // The handler's own file: its function's binding.
  auto F2 = bindingsFor(B, "src/f2.py", "T");
  ASSERT_EQ(F2.size(), 1u);
  EXPECT_EQ(F2[0]->Table, "two");
  // A helper both functions share: one binding per table, both checked.
  auto Common = bindingsFor(B, "src/common.py", "T");
  ASSERT_EQ(Common.size(), 2u);
  EXPECT_EQ(Common[0]->Table, "one");
  EXPECT_EQ(Common[1]->Table, "two");
}

TEST(LambdaEnvironment, NoTemplateNoBindings) {
  EXPECT_TRUE(readLambdaEnvironment(FileId{1}, "{\"a\": 1}", "").empty());
  EXPECT_TRUE(readLambdaEnvironment(FileId{1}, "Resources: [unterminated", "").empty());
}

} // namespace
