//===- HeapOptionalTest.cpp - The IR's heap-held optional parts -----------===//
#include "nosqlint/IR/Cql.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::cql;

namespace {
Term termWithText(std::string Text) {
  Term T;
  T.Text = std::move(Text);
  return T;
}
} // namespace

TEST(HeapOptional, AbsentCostsOnePointer) {
  EXPECT_EQ(sizeof(HeapOptional<Term>), sizeof(void *));
  // The selector of one column was 1.5 KB with std::optional parts.
  EXPECT_LT(sizeof(Selector), 512u);
  EXPECT_LT(sizeof(Term), 256u);
}

TEST(HeapOptional, BehavesLikeStdOptional) {
  HeapOptional<Term> A;
  EXPECT_FALSE(A);
  EXPECT_FALSE(A.has_value());
  Term T = termWithText("42");
  A = T;
  ASSERT_TRUE(A);
  EXPECT_EQ(A->Text, "42");
  A = std::nullopt;
  EXPECT_FALSE(A);
  A = std::optional<Term>(T);
  EXPECT_EQ((*A).Text, "42");
  A = std::optional<Term>();
  EXPECT_FALSE(A);
  A.emplace(termWithText("7"));
  EXPECT_EQ(A.value().Text, "7");
  A.reset();
  EXPECT_EQ(A.get(), nullptr);
}

TEST(HeapOptional, CopiesAreDeep) {
  Selector S;
  S.Value = termWithText("a");
  Selector Copy = S;
  *Copy.Value = termWithText("b");
  EXPECT_EQ(S.Value->Text, "a");
  EXPECT_EQ(Copy.Value->Text, "b");
  Selector Moved = std::move(Copy);
  EXPECT_EQ(Moved.Value->Text, "b");
  Selector Empty;
  Moved = Empty;
  EXPECT_FALSE(Moved.Value);
}
