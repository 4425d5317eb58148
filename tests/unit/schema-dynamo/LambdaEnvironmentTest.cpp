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
  const EnvironmentBinding *A = bindingFor(B, "proj/a/app.py", "TABLE");
  ASSERT_NE(A, nullptr);
  EXPECT_EQ(A->Table, "orders-prod");
  EXPECT_EQ(A->Function, "A");
  // A function's own value overrides Globals; a Java handler names a class.
  const EnvironmentBinding *Bj =
      bindingFor(B, "proj/b/src/main/java/com/example/Handler.java", "TABLE");
  ASSERT_NE(Bj, nullptr);
  EXPECT_EQ(Bj->Table, "literal-table");
  // Computed at deploy time, or not a table: no binding.
  EXPECT_EQ(bindingFor(B, "proj/b/x.py", "OTHER"), nullptr);
  // Code outside every function's folder: none.
  EXPECT_EQ(bindingFor(B, "other/app.py", "TABLE"), nullptr);
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
  ASSERT_NE(bindingFor(B, "src/f2.py", "T"), nullptr);
  EXPECT_EQ(bindingFor(B, "src/f2.py", "T")->Table, "two");
  // A helper both functions share: they disagree.
  EXPECT_EQ(bindingFor(B, "src/common.py", "T"), nullptr);
}

TEST(LambdaEnvironment, NoTemplateNoBindings) {
  EXPECT_TRUE(readLambdaEnvironment(FileId{1}, "{\"a\": 1}", "").empty());
  EXPECT_TRUE(readLambdaEnvironment(FileId{1}, "Resources: [unterminated", "").empty());
}

} // namespace
