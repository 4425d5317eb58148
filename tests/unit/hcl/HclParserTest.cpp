//===- HclParserTest.cpp - parseHcl: blocks, attributes, expressions ------===//
#include "nosqlint/Hcl/Hcl.h"

#include <gtest/gtest.h>

#include <string>

namespace nosqlint::hcl {
namespace {

using Kind = Expression::Kind;

TEST(HclParser, ResourceBlockWithLabelsAttributesAndNestedBlocks) {
  const char *Text = R"(resource "aws_dynamodb_table" "orders" {
  name     = "orders"
  hash_key = "pk"
  attribute {
    name = "pk"
    type = "S"
  }
}
)";
  File F = parseHcl(Text);
  ASSERT_FALSE(F.Error) << F.Error->Message;
  ASSERT_EQ(F.Root.Blocks.size(), 1u);
  const Block &B = F.Root.Blocks[0];
  EXPECT_EQ(B.Type, "resource");
  ASSERT_EQ(B.Labels.size(), 2u);
  EXPECT_EQ(B.Labels[0], "aws_dynamodb_table");
  EXPECT_EQ(B.Labels[1], "orders");
  const Attribute *Name = B.Content.attribute("name");
  ASSERT_TRUE(Name);
  EXPECT_EQ(Name->Value.K, Kind::String);
  EXPECT_EQ(Name->Value.Text, "orders");
  EXPECT_EQ(std::string(Text).substr(Name->Value.Begin,
                                     Name->Value.End - Name->Value.Begin),
            "\"orders\"");
  auto Attrs = B.Content.blocks("attribute");
  ASSERT_EQ(Attrs.size(), 1u);
  EXPECT_EQ(Attrs[0]->Content.attribute("type")->Value.Text, "S");
}

TEST(HclParser, TraversalsTemplatesAndCalls) {
  File F = parseHcl(R"(
a = var.table_name
b = aws_dynamodb_table.orders.name
c = "${var.prefix}-orders"
d = format("%s-x", local.p)
e = local.tables["orders"]
f = var.x ? "a" : "b"
g = "line\n\"q\" $${literal}"
)");
  ASSERT_FALSE(F.Error) << F.Error->Message;
  const Body &R = F.Root;
  EXPECT_EQ(R.attribute("a")->Value.dottedName(), "var.table_name");
  EXPECT_EQ(R.attribute("b")->Value.dottedName(),
            "aws_dynamodb_table.orders.name");
  const Expression &C = R.attribute("c")->Value;
  ASSERT_EQ(C.K, Kind::Template);
  ASSERT_EQ(C.Parts.size(), 2u);
  EXPECT_EQ(C.Parts[0].Interpolation[0].dottedName(), "var.prefix");
  EXPECT_EQ(C.Parts[1].Literal, "-orders");
  const Expression &D = R.attribute("d")->Value;
  EXPECT_EQ(D.K, Kind::Call);
  EXPECT_EQ(D.Root, "format");
  EXPECT_EQ(D.Elements.size(), 2u);
  const Expression &E = R.attribute("e")->Value;
  ASSERT_EQ(E.K, Kind::Traversal);
  ASSERT_EQ(E.Steps.size(), 2u);
  EXPECT_EQ(E.Steps[1].LiteralKey, "orders");
  EXPECT_EQ(R.attribute("f")->Value.K, Kind::Other);
  EXPECT_EQ(R.attribute("g")->Value.Text, "line\n\"q\" ${literal}");
}

TEST(HclParser, TuplesObjectsAndHeredocs) {
  File F = parseHcl(R"(
attributes = [{ name = "pk", type = "S" }, { "name" : "sk", type = "N" }]
doc = <<EOT
hello
EOT
n = 5
t = true
)");
  ASSERT_FALSE(F.Error) << F.Error->Message;
  const Expression &A = F.Root.attribute("attributes")->Value;
  ASSERT_EQ(A.K, Kind::Tuple);
  ASSERT_EQ(A.Elements.size(), 2u);
  EXPECT_EQ(A.Elements[0].member("name")->Text, "pk");
  EXPECT_EQ(A.Elements[1].member("name")->Text, "sk");
  EXPECT_EQ(A.Elements[1].member("type")->Text, "N");
  EXPECT_EQ(F.Root.attribute("doc")->Value.Text, "hello\n");
  EXPECT_EQ(F.Root.attribute("n")->Value.K, Kind::Number);
  EXPECT_TRUE(F.Root.attribute("t")->Value.BoolValue);
}

TEST(HclParser, SyntaxErrorIsReportedAndTheRestIsRead) {
  File F = parseHcl(R"(
resource "aws_dynamodb_table" "bad" {
  name = = "x"
}
resource "aws_dynamodb_table" "good" {
  name = "good"
}
)");
  ASSERT_TRUE(F.Error);
  bool Good = false;
  for (const Block &B : F.Root.Blocks)
    Good |= B.Labels.size() == 2 && B.Labels[1] == "good";
  EXPECT_TRUE(Good);
}

TEST(HclParser, HostileInputsNeitherCrashNorHang) {
  std::string Deep(100000, '[');
  File A = parseHcl("x = " + Deep);
  EXPECT_TRUE(A.Error);
  std::string Nested;
  for (int I = 0; I < 2000; ++I)
    Nested += "b {\n";
  File B = parseHcl(Nested);
  EXPECT_TRUE(B.Error);
  File C = parseHcl(std::string("x = \"\\u") + "\xff\xfe\"");
  (void)C;
  File D = parseHcl("");
  EXPECT_FALSE(D.Error);
  EXPECT_TRUE(D.Root.Blocks.empty());
}

} // namespace
} // namespace nosqlint::hcl
