//===- ScyllaValuesTest.cpp - Values and SET operations as ScyllaDB prepares them ===//
//
// src/check/ScyllaValues: where ScyllaDB's preparation differs from
// Cassandra's (constant kinds, IN lists, vectors, printing) and the SET
// operations of operation.cc.
//
//===----------------------------------------------------------------------===//
#include "ScyllaValues.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::cql;
using namespace nosqlint::check;

namespace {

Term literal(Term::LiteralKindType Kind, std::string Text) {
  Term T;
  T.Kind = Term::Literal;
  T.LiteralKind = Kind;
  T.Text = std::move(Text);
  return T;
}

Term collection(Term::KindType Kind, std::vector<Term> Children) {
  Term T;
  T.Kind = Kind;
  T.Children = std::move(Children);
  return T;
}

CqlType type(CqlType::KindType Kind, std::vector<CqlType> Params) {
  CqlType T;
  T.Kind = Kind;
  T.Params = std::move(Params);
  return T;
}

std::string error(const Term &V, const CqlType &T, const char *Name = "c") {
  return scyllaPrepareError(V, T, Name, TypeScope()).value_or("");
}

TEST(ScyllaValues, ConstantKinds) {
  EXPECT_EQ(error(literal(Term::Integer, "3600"), nativeType("time")),
            "Invalid INTEGER constant (3600) for \"c\" of type time");
  EXPECT_EQ(error(literal(Term::Hex, "0x01"), nativeType("tinyint")),
            "Invalid HEX constant (0x01) for \"c\" of type tinyint");
  EXPECT_EQ(error(literal(Term::String, "'it''s'"), nativeType("int")),
            "Invalid STRING constant (it's) for \"c\" of type int");
  EXPECT_EQ(error(literal(Term::String, "'12:00:00'"), nativeType("time")), "");
  EXPECT_EQ(error(literal(Term::Integer, "5"), nativeType("varchar")),
            "Invalid INTEGER constant (5) for \"c\" of type text");
  Term Marker;
  Marker.Kind = Term::BindMarker;
  EXPECT_EQ(error(Marker, nativeType("int")), "");
}

TEST(ScyllaValues, Collections) {
  CqlType Vec = type(CqlType::Vector, {nativeType("float")});
  Vec.Dimension = 2;
  EXPECT_EQ(error(collection(Term::List, {literal(Term::Float, "1.0")}), Vec),
            "Invalid vector literal for c: type vector<float, 2> expects 2 "
            "elements but got 1");
  CqlType Map = type(CqlType::Map, {nativeType("int"), nativeType("text")});
  EXPECT_EQ(error(collection(Term::Map, {literal(Term::String, "'a'"),
                                         literal(Term::String, "'b'")}),
                  Map),
            "Invalid map literal for c: key 'a' is not of type int");
  EXPECT_EQ(scyllaTermText(collection(Term::Map, {literal(Term::Integer, "1"),
                                                  literal(Term::String,
                                                          "'b'")})),
            "{1:'b'}");
  EXPECT_EQ(scyllaInListError({literal(Term::Integer, "1"),
                               literal(Term::String, "'a'")},
                              nativeType("int"), "k", /*NotIn=*/false,
                              TypeScope())
                .value_or(""),
            "Invalid list literal for in(k): value 'a' is not of type int");
  EXPECT_EQ(scyllaInListError({literal(Term::String, "'a'")}, nativeType("int"),
                              "k", /*NotIn=*/true, TypeScope())
                .value_or(""),
            "Invalid list literal for not in(k): value 'a' is not of type int");
}

TEST(ScyllaValues, Operations) {
  schema::CqlColumn V;
  V.Name = "v";
  V.Type = nativeType("int");
  Assignment Add;
  Add.Kind = Assignment::Add;
  Add.Column.Name = "v";
  Add.Value = literal(Term::Integer, "1");
  EXPECT_EQ(scyllaAssignmentError(Add, V, TypeScope(), /*Conditional=*/false)
                .value_or(AssignmentRefusal())
                .Message,
            "SET with a column expression (e.g. col = col + 1) requires an "
            "LWT condition (e.g., IF col != NULL or IF EXISTS) to ensure "
            "atomic read-before-write");
  EXPECT_FALSE(scyllaAssignmentError(Add, V, TypeScope(), /*Conditional=*/true));
  Assignment Set = Add, Again = Add;
  Set.Kind = Assignment::Set;
  auto Clash = scyllaIncompatibleAssignment({Set, Again});
  ASSERT_TRUE(Clash);
  EXPECT_EQ(Clash->second, "Multiple incompatible setting of column v");
  EXPECT_FALSE(scyllaIncompatibleAssignment({Add, Again}));
}

} // namespace
