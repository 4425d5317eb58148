//===- ScyllaValuesTest.cpp - Values and SET operations as ScyllaDB prepares them ===//
//
// src/check/ScyllaValues: where ScyllaDB's preparation differs from
// Cassandra's (constant kinds, IN lists, vectors, printing) and the SET
// operations of operation.cc.
//
//===----------------------------------------------------------------------===//
#include "ScyllaValues.h"

#include "CqlBuilders.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::cql;
using namespace nosqlint::check;

namespace {

using namespace nosqlint::cql::test;

std::string error(const Term &V, const CqlType &T, const char *Name = "c") {
  return scyllaPrepareError(V, T, Name, TypeScope(), ScyllaClause::Where)
      .value_or("");
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
  EXPECT_EQ(error(marker(), nativeType("int")), "");
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
                              TypeScope(), ScyllaClause::Where)
                .value_or(""),
            "Invalid list literal for in(k): value 'a' is not of type int");
  EXPECT_EQ(scyllaInListError({literal(Term::String, "'a'")}, nativeType("int"),
                              "k", /*NotIn=*/true, TypeScope(),
                              ScyllaClause::If)
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

Term typeHint(const char *Type, Term Value) {
  Term T;
  T.Kind = Term::TypeHint;
  T.Type = nativeType(Type);
  T.Children.push_back(std::move(Value));
  return T;
}

// expr::verify_no_aggregate_functions names the clause the value is in.
TEST(ScyllaValues, AggregateNamesItsClause) {
  Term Max = call("max", {typeHint("int", literal(Term::Integer, "1"))});
  for (auto [Clause, Words] :
       {std::pair{ScyllaClause::Where, "WHERE clause"},
        std::pair{ScyllaClause::Set, "SET clause"},
        std::pair{ScyllaClause::If, "IF clause"}})
    EXPECT_EQ(scyllaPrepareError(Max, nativeType("int"), "k", TypeScope(),
                                 Clause)
                  .value_or(""),
              std::string("Aggregation functions are not supported in the ") +
                  Words);
}

// get_dynamic_aggregate: a bind marker has no type, a constant its
// default one (then only the number of arguments is wrong).
TEST(ScyllaValues, UntypedAggregateArguments) {
  EXPECT_EQ(scyllaPrepareError(call("count", {marker()}), nativeType("bigint"),
                               "k", TypeScope(), ScyllaClause::Where)
                .value_or(""),
            "count() function is only valid when argument types are known");
  EXPECT_EQ(scyllaPrepareError(call("max", {literal(Term::Integer, "1"),
                                            literal(Term::Integer, "2")}),
                               nativeType("int"), "k", TypeScope(),
                               ScyllaClause::Set)
                .value_or(""),
            "max() function requires only 1 argument");
}

} // namespace
