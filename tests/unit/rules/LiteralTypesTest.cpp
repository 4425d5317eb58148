//===- LiteralTypesTest.cpp - Literals against their receivers ------------===//
//
// The assignment rules of src/check/LiteralTypes, term by term: which
// literal kinds a type takes, collection literals, durations, and what is
// never judged (bind markers, casts, tuples).
//
//===----------------------------------------------------------------------===//
#include "LiteralTypes.h"

#include "CqlBuilders.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::cql;
using namespace nosqlint::check;

namespace {

using namespace nosqlint::cql::test;

std::string error(const Term &V, const CqlType &T, const char *Name = "c") {
  return prepareError(V, T, Name).value_or("");
}

TEST(LiteralTypes, TypeNamesAreCassandras) {
  EXPECT_EQ(cassandraTypeName(nativeType("varchar")), "text");
  EXPECT_EQ(cassandraTypeName(type(CqlType::List, {nativeType("varchar")},
                                   /*Frozen=*/true)),
            "frozen<list<text>>");
  EXPECT_EQ(cassandraTypeName(
                type(CqlType::Map, {nativeType("int"), nativeType("text")})),
            "map<int, text>");
  CqlType Vec = type(CqlType::Vector, {nativeType("float")});
  Vec.Dimension = 3;
  EXPECT_EQ(cassandraTypeName(Vec), "vector<float, 3>");
}

TEST(LiteralTypes, ConstantKinds) {
  EXPECT_EQ(error(literal(Term::String, "'it''s'"), nativeType("int")),
            "Invalid STRING constant (it's) for \"c\" of type int");
  EXPECT_EQ(error(literal(Term::String, "$$x$$"), nativeType("uuid")),
            "Invalid STRING constant (x) for \"c\" of type uuid");
  EXPECT_EQ(error(literal(Term::Integer, "-3"), nativeType("ascii")),
            "Invalid INTEGER constant (-3) for \"c\" of type ascii");
  EXPECT_EQ(error(literal(Term::String, "'2024-01-01'"), nativeType("date")),
            "");
  EXPECT_EQ(error(literal(Term::String, "'10.0.0.1'"), nativeType("inet")), "");
  EXPECT_EQ(error(literal(Term::Integer, "5"), nativeType("timestamp")), "");
  EXPECT_EQ(error(literal(Term::Integer, "5"), nativeType("counter")), "");
  EXPECT_EQ(error(literal(Term::Hex, "0x01"), nativeType("tinyint")), "");
  EXPECT_EQ(error(literal(Term::Float, "1.5"), nativeType("int")),
            "Invalid FLOAT constant (1.5) for \"c\" of type int");
  // A constant is no collection; UDTs, tuples and vectors are not judged.
  EXPECT_EQ(error(literal(Term::Integer, "1"),
                  type(CqlType::List, {nativeType("int")})),
            "Invalid INTEGER constant (1) for \"c\" of type list<int>");
  EXPECT_EQ(error(literal(Term::Integer, "1"),
                  type(CqlType::Tuple, {nativeType("int")})),
            "");
}

TEST(LiteralTypes, UnknownValuesAreNeverJudged) {
  EXPECT_EQ(error(marker(), nativeType("int")), "");
  EXPECT_EQ(error(collection(Term::List, {marker(), marker()}),
                  type(CqlType::List, {nativeType("int")})),
            "");
  Term Cast;
  Cast.Kind = Term::TypeHint;
  Cast.Children.push_back(literal(Term::String, "'a'"));
  EXPECT_EQ(error(Cast, nativeType("int")), "");
  // An array literal for a column that is neither a list nor a vector: the
  // wording varies across versions, so nothing is said.
  EXPECT_EQ(error(collection(Term::List, {literal(Term::Integer, "1")}),
                  nativeType("int")),
            "");
}

TEST(LiteralTypes, CollectionLiterals) {
  CqlType SetOfText = type(CqlType::Set, {nativeType("text")});
  CqlType MapIntText =
      type(CqlType::Map, {nativeType("int"), nativeType("text")});
  EXPECT_EQ(error(collection(Term::Set, {literal(Term::Integer, "1")}),
                  SetOfText, "s"),
            "Invalid set literal for s: value 1 is not of type text");
  EXPECT_EQ(error(collection(Term::Map, {}), SetOfText), ""); // {} is a set
  EXPECT_EQ(error(collection(Term::Map, {}), MapIntText), "");
  EXPECT_EQ(error(collection(Term::Map, {literal(Term::String, "'a'"),
                                         literal(Term::String, "'b'")}),
                  MapIntText, "m"),
            "Invalid map literal for m: key 'a' is not of type int");
  EXPECT_EQ(error(collection(Term::Set, {literal(Term::String, "'a'")}),
                  MapIntText, "m"),
            "Invalid set literal for m of type map<int, text>");
  // Nested: the inner literal is prepared against value(l).
  CqlType ListOfSets =
      type(CqlType::List, {type(CqlType::Set, {nativeType("int")}, true)});
  EXPECT_EQ(
      error(collection(Term::List,
                       {collection(Term::Set, {literal(Term::Integer, "1")}),
                        collection(Term::Set, {literal(Term::String, "'x'")})}),
            ListOfSets, "l"),
      "Invalid list literal for l: value {'x'} is not of type "
      "frozen<set<int>>");
  EXPECT_EQ(
      bindError(collection(Term::List, {literal(Term::Integer, "1"), null()}),
                type(CqlType::List, {nativeType("int")}))
          .value_or(""),
      "null is not supported inside collections");
}

TEST(LiteralTypes, Durations) {
  CqlType D = nativeType("duration");
  EXPECT_EQ(error(literal(Term::Duration, "1h30m"), D), "");
  EXPECT_EQ(error(literal(Term::Duration, "-2d10h5ms"), D), "");
  EXPECT_EQ(error(literal(Term::Duration, "1mo2m"), D), "");
  EXPECT_EQ(error(literal(Term::Duration, "P1DT2H"), D), "");
  EXPECT_EQ(error(literal(Term::Duration, "30s2h"), D),
            "Invalid duration. The seconds should be after hours");
  EXPECT_EQ(error(literal(Term::Duration, "1ms2MS"), D),
            "Invalid duration. The milliseconds are specified multiple times");
  EXPECT_EQ(error(literal(Term::Duration, "1ns1us"), D),
            "Invalid duration. The nanoseconds should be after microseconds");
  EXPECT_EQ(error(literal(Term::Integer, "-5"), D),
            "Unable to convert '5' to a duration");
  EXPECT_TRUE(referencesDuration(type(CqlType::Tuple, {nativeType("int"), D})));
}

TEST(LiteralTypes, Functions) {
  Term Now;
  Now.Kind = Term::FunctionCall;
  Now.Text = "now";
  EXPECT_EQ(error(Now, nativeType("timeuuid")), "");
  EXPECT_EQ(error(Now, nativeType("timestamp")),
            "Type error: cannot assign result of function system.now (type "
            "timeuuid) to c (type timestamp)");
  Now.Children.push_back(literal(Term::Integer, "1"));
  EXPECT_EQ(error(Now, nativeType("timeuuid")),
            "Invalid number of arguments in call to function system.now: 0 "
            "required but 1 provided");
  Term Max;
  Max.Kind = Term::FunctionCall;
  Max.Text = "max";
  Max.Children.push_back(literal(Term::Integer, "1"));
  EXPECT_EQ(error(Max, nativeType("int")),
            "Aggregation function are not supported in the where clause");
  Max.Children[0] = marker(); // ambiguous: another error, not modelled
  EXPECT_EQ(error(Max, nativeType("int")), "");
}

} // namespace
