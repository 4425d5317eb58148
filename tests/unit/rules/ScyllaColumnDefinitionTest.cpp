//===- ScyllaColumnDefinitionTest.cpp - ScyllaDB's column formatter -------===//
//
// src/check/ScyllaColumnDefinition: the marshal class names of
// types/types.cc, one row per type, and column_definition's formatter.
//
//===----------------------------------------------------------------------===//
#include "ScyllaColumnDefinition.h"

#include "CqlBuilders.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::cql;
using namespace nosqlint::check;

namespace {

using namespace nosqlint::cql::test;

std::string name(const CqlType &T) {
  return scyllaMarshalName(T, TypeScope()).value_or("(none)");
}

const std::string M = "org.apache.cassandra.db.marshal.";

TEST(ScyllaColumnDefinition, NativeTypes) {
  const std::pair<const char *, const char *> Rows[] = {
      {"ascii", "AsciiType"},       {"bigint", "LongType"},
      {"blob", "BytesType"},        {"boolean", "BooleanType"},
      {"counter", "CounterColumnType"},
      {"date", "SimpleDateType"},   {"decimal", "DecimalType"},
      {"double", "DoubleType"},     {"duration", "DurationType"},
      {"float", "FloatType"},       {"inet", "InetAddressType"},
      {"int", "Int32Type"},         {"smallint", "ShortType"},
      {"text", "UTF8Type"},         {"varchar", "UTF8Type"},
      {"time", "TimeType"},         {"timestamp", "TimestampType"},
      {"timeuuid", "TimeUUIDType"}, {"tinyint", "ByteType"},
      {"uuid", "UUIDType"},         {"varint", "IntegerType"},
  };
  for (const auto &[Cql, Marshal] : Rows)
    EXPECT_EQ(name(nativeType(Cql)), M + Marshal) << Cql;
}

TEST(ScyllaColumnDefinition, CompositeTypes) {
  CqlType Int = nativeType("int"), Text = nativeType("text");
  EXPECT_EQ(name(type(CqlType::List, {Int}, true)),
            M + "FrozenType(" + M + "ListType(" + M + "Int32Type))");
  EXPECT_EQ(name(type(CqlType::Set, {Text})), M + "SetType(" + M + "UTF8Type)");
  // Freezing a collection freezes what it holds.
  EXPECT_EQ(name(type(CqlType::Map, {Text, type(CqlType::List, {Int})}, true)),
            M + "FrozenType(" + M + "MapType(" + M + "UTF8Type," + M +
                "FrozenType(" + M + "ListType(" + M + "Int32Type))))");
  // A tuple is never wrapped in FrozenType (ScyllaDB #4087).
  EXPECT_EQ(name(type(CqlType::Tuple, {Int, Text}, true)),
            M + "TupleType(" + M + "Int32Type, " + M + "UTF8Type)");
  CqlType Vec = type(CqlType::Vector, {nativeType("float")});
  Vec.Dimension = 3;
  EXPECT_EQ(name(Vec), M + "VectorType(" + M + "FloatType, 3)");
  EXPECT_EQ(name(udt("pt")), "(none)"); // not in the scope: not named
}

TEST(ScyllaColumnDefinition, UserTypes) {
  schema::CqlKeyspace Ks = keyspaceWithType(
      "ks", "pt", {{"x", nativeType("int")}, {"y", nativeType("text")}});
  CqlType Udt = udt("pt", /*Frozen=*/true);
  EXPECT_EQ(scyllaMarshalName(Udt, TypeScope{&Ks}).value_or(""),
            M + "FrozenType(" + M + "UserType(ks,7074,78:" + M +
                "Int32Type,79:" + M + "UTF8Type))");
  // A collection field not declared frozen: not named for certain.
  Ks.Types["pt"].Fields.push_back({"l", type(CqlType::List, {Udt})});
  EXPECT_FALSE(scyllaMarshalName(Udt, TypeScope{&Ks}));
}

TEST(ScyllaColumnDefinition, Formatter) {
  schema::CqlColumn K;
  K.Name = "a";
  K.Type = nativeType("int");
  K.Role = schema::ColumnRole::PartitionKey;
  // test/cql/lwt_test.result
  EXPECT_EQ(scyllaColumnDefinition(K, TypeScope()).value_or(""),
            "ColumnDefinition{name=a, type=org.apache.cassandra.db.marshal."
            "Int32Type, kind=PARTITION_KEY, componentIndex=0, "
            "droppedAt=-9223372036854775808}");
  K.Role = schema::ColumnRole::Clustering;
  K.Position = 1;
  EXPECT_EQ(scyllaColumnDefinition(K, TypeScope()).value_or(""),
            "ColumnDefinition{name=a, type=org.apache.cassandra.db.marshal."
            "Int32Type, kind=CLUSTERING_COLUMN, componentIndex=1, "
            "droppedAt=-9223372036854775808}");
  K.Role = schema::ColumnRole::Regular;
  EXPECT_FALSE(scyllaColumnDefinition(K, TypeScope()));
}

} // namespace
