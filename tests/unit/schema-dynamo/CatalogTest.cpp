//===- CatalogTest.cpp - DynamoCatalog: alternative definitions of a name -===//
#include "nosqlint/Schema/DynamoSchema.h"

#include <gtest/gtest.h>

using namespace nosqlint;

namespace {

/// A table named \p Name defined in a file of its own under \p Dir.
DynamoTable tableIn(llvm::StringRef Name, llvm::StringRef Dir, uint32_t File) {
  DynamoTable T;
  T.Name = Name.str();
  T.Directory = Dir.str();
  T.Range = SourceRange(FileId{File}, 0, 1);
  return T;
}

TEST(DynamoCatalog, AlternativesGoToTheClosestFolder) {
  DynamoCatalog C;
  ASSERT_EQ(C.add(tableIn("demo", "patterns/a/stacks", 1)), nullptr);
  ASSERT_EQ(C.add(tableIn("demo", "patterns/b/stacks", 2)), nullptr);
  ASSERT_EQ(C.add(tableIn("demo", "patterns/b", 3)), nullptr);
  // A CDK stack in a sibling folder of the code's: the code's project.
  EXPECT_EQ(C.table("demo", "patterns/a/lambda/handler")->Range.File.Value, 1u);
  // Among folders sharing as much, the ancestor (a template above).
  EXPECT_EQ(C.table("demo", "patterns/b/lambda")->Range.File.Value, 3u);
  // `./x` and `x` are one folder.
  EXPECT_EQ(C.table("demo", "./patterns/a/lambda")->Range.File.Value, 1u);
  // Nothing in common: the first.
  EXPECT_EQ(C.table("demo", "elsewhere")->Range.File.Value, 1u);
  EXPECT_EQ(C.table("demo")->Range.File.Value, 1u);
}

TEST(DynamoCatalog, OneFileDefinesANameOnce) {
  DynamoCatalog C;
  ASSERT_EQ(C.add(tableIn("t", "x", 1)), nullptr);
  const DynamoTable *First = C.add(tableIn("t", "x", 1));
  ASSERT_NE(First, nullptr);
  EXPECT_EQ(C.size(), 1u);
}

} // namespace
