//===- ScyllaSelectorsTest.cpp - WRITETIME and TTL under ScyllaDB ---------===//
//
// src/check/ScyllaSelectors: prepare_column_mutation_attribute's refusals,
// for the shapes the dialect fixtures do not hold (key columns reached
// through a subscript or a field, list elements, unknown UDTs).
//
//===----------------------------------------------------------------------===//
#include "ScyllaSelectors.h"

#include "CqlBuilders.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::cql;
using namespace nosqlint::check;

namespace {

using namespace nosqlint::cql::test;

Selector column(const char *Name) {
  Selector S;
  S.Kind = Selector::ColumnName;
  S.Column.Name = Name;
  return S;
}

/// WRITETIME(Name[1]) or, with \p Field, WRITETIME(Name.Field).
Selector writetimeOf(const char *Name, const char *Field = nullptr) {
  Selector Access;
  Access.Args.push_back(column(Name));
  if (Field) {
    Access.Kind = Selector::FieldAccess;
    Identifier F;
    F.Name = Field;
    Access.Field = F;
  } else {
    Access.Kind = Selector::ElementAccess;
    Access.Element = literal(Term::Integer, "1");
  }
  Selector S;
  S.Kind = Selector::Function;
  S.Name = "writetime";
  S.Args.push_back(std::move(Access));
  return S;
}

schema::CqlColumn col(const char *Name, CqlType Type, schema::ColumnRole Role) {
  schema::CqlColumn C;
  C.Name = Name;
  C.Type = std::move(Type);
  C.Role = Role;
  return C;
}

TEST(ScyllaSelectors, KeyColumnsThroughSubscriptsAndFields) {
  schema::CqlKeyspace Ks =
      keyspaceWithType("ks", "pt", {{"x", nativeType("int")}});
  schema::CqlTable T;
  T.Keyspace = "ks";
  T.Name = "t";
  T.Columns = {
      col("pk", udt("pt", /*Frozen=*/true), schema::ColumnRole::PartitionKey),
      col("fm",
          type(CqlType::Map, {nativeType("int"), nativeType("int")}, true),
          schema::ColumnRole::Clustering),
      col("l", type(CqlType::List, {nativeType("int")}),
          schema::ColumnRole::Regular),
      col("u", udt("other"), schema::ColumnRole::Regular)};
  TypeScope Scope{&Ks};
  auto Error = [&](const Selector &S) {
    return scyllaMutationAttributeError(S, T, Scope).value_or("");
  };
  EXPECT_EQ(Error(writetimeOf("pk", "x")),
            "WRITETIME is not legal on primary key component pk");
  EXPECT_EQ(Error(writetimeOf("fm")),
            "WRITETIME is not legal on primary key component fm");
  EXPECT_EQ(Error(writetimeOf("l")),
            "WRITETIME on a subscript is only valid for non-frozen map or "
            "set columns");
  // A field of a UDT the schema does not declare, a field the UDT lacks:
  // what ScyllaDB says is not known.
  EXPECT_EQ(Error(writetimeOf("u", "x")), "");
  EXPECT_EQ(Error(writetimeOf("pk", "nope")), "");
}

} // namespace
