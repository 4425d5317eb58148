//===- AttributeValuesTest.cpp - Numbers and AttributeValue checks --------===//
#include "AttributeValues.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::dynamo;

namespace {

std::optional<std::string> problemOf(llvm::StringRef Json) {
  json::JsonError Err;
  std::optional<json::JsonValue> V = json::parseJson(Json, Err);
  EXPECT_TRUE(V.has_value()) << Err.Message;
  return V ? attributeValueProblem(*V) : std::nullopt;
}

} // namespace

TEST(DynamoNumbers, SyntaxDynamoDBAccepts) {
  for (const char *N : {"0", "-0", "+5", ".5", "5.", "1.e5", "1E-130", "007",
                        "-12.500e+3"})
    EXPECT_EQ(numberProblem(N), std::nullopt) << N;
  for (const char *N : {"1+2", "1.2.3", "+e2", "1e", " 1", "1 ", "abc", "--1"})
    EXPECT_NE(numberProblem(N), std::nullopt) << N;
  EXPECT_EQ(numberProblem(""),
            "The parameter cannot be converted to a numeric value");
}

TEST(DynamoNumbers, PrecisionAndMagnitude) {
  EXPECT_EQ(numberProblem(std::string(38, '9')), std::nullopt);
  EXPECT_EQ(numberProblem(std::string(39, '9')),
            "Attempting to store more than 38 significant digits in a Number");
  // Trailing zeros are not significant: 1 followed by 100 zeros is 1E+100.
  EXPECT_EQ(numberProblem("1" + std::string(100, '0')), std::nullopt);
  EXPECT_EQ(numberProblem("9.9999999999999999999999999999999999999E+125"),
            std::nullopt);
  EXPECT_NE(numberProblem("1E+126"), std::nullopt);
  EXPECT_NE(numberProblem("0.9E-130"), std::nullopt);
  EXPECT_EQ(numberProblem("0E-999"), std::nullopt); // zero has no magnitude
}

TEST(DynamoNumbers, CompareAndCanonical) {
  auto D = [](const char *S) { return *parseDecimal(S); };
  EXPECT_EQ(compareDecimals(D("1000"), D("1e3")), 0);
  EXPECT_EQ(compareDecimals(D("-2"), D("1")), -1);
  EXPECT_EQ(compareDecimals(D("-2"), D("-10")), 1);
  EXPECT_EQ(compareDecimals(D("0.01"), D("0.1")), -1);
  EXPECT_EQ(compareDecimals(D("0"), D("-0.0")), 0);
  EXPECT_EQ(canonicalNumber("1000"), canonicalNumber("1e3"));
  EXPECT_EQ(canonicalNumber("1000.0"), canonicalNumber("+1E+3"));
  EXPECT_NE(canonicalNumber("1000"), canonicalNumber("100"));
}

TEST(DynamoAttributeValues, Shapes) {
  EXPECT_EQ(problemOf(R"({"S": "x"})"), std::nullopt);
  EXPECT_EQ(problemOf(R"({"SS": ["", "a"]})"), std::nullopt);
  EXPECT_EQ(problemOf(R"({"dog": "cat"})"),
            "Supplied AttributeValue is empty, must contain exactly one of the "
            "supported datatypes");
  EXPECT_EQ(problemOf(R"({"S": "x", "N": "1"})"),
            "Supplied AttributeValue has more than one datatypes set, must "
            "contain exactly one of the supported datatypes");
  EXPECT_EQ(problemOf(R"({"NS": ["1", "1.0"]})"),
            "Input collection contains duplicates");
  EXPECT_EQ(problemOf(R"({"NS": [""]})"),
            "The parameter cannot be converted to a numeric value");
  EXPECT_EQ(problemOf(R"({"BS": []})"),
            "One or more parameter values were invalid: Binary sets should "
            "not be empty");
  EXPECT_EQ(problemOf(R"({"L": [{"M": {"a": {"N": "x1"}}}]})"),
            "The parameter cannot be converted to a numeric value: x1");
}
