//===- CqlBuilders.h - Terms and types for the value-rule tests -*- C++ -*-===//
//
// The literals, calls, markers and types the tests of LiteralTypes,
// FunctionTypes, ScyllaValues and ScyllaColumnDefinition build by hand.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_TESTS_UNIT_RULES_CQLBUILDERS_H
#define NOSQLINT_TESTS_UNIT_RULES_CQLBUILDERS_H

#include "nosqlint/IR/Cql.h"
#include "nosqlint/Schema/CqlSchema.h"

#include <string>
#include <utility>
#include <vector>

namespace nosqlint::cql::test {

inline Term literal(Term::LiteralKindType Kind, std::string Text) {
  Term T;
  T.Kind = Term::Literal;
  T.LiteralKind = Kind;
  T.Text = std::move(Text);
  return T;
}

inline Term collection(Term::KindType Kind, std::vector<Term> Children) {
  Term T;
  T.Kind = Kind;
  T.Children = std::move(Children);
  return T;
}

inline Term call(std::string Name, std::vector<Term> Args) {
  Term T;
  T.Kind = Term::FunctionCall;
  T.Text = std::move(Name);
  T.Children = std::move(Args);
  return T;
}

inline Term marker() {
  Term T;
  T.Kind = Term::BindMarker;
  return T;
}

inline Term null() {
  Term T;
  T.Kind = Term::Null;
  return T;
}

inline CqlType type(CqlType::KindType Kind, std::vector<CqlType> Params,
                    bool Frozen = false) {
  CqlType T;
  T.Kind = Kind;
  T.Params = std::move(Params);
  T.Frozen = Frozen;
  return T;
}

/// A use of the UDT \p Name.
inline CqlType udt(std::string Name, bool Frozen = false) {
  CqlType T;
  T.Kind = CqlType::Udt;
  T.Name = std::move(Name);
  T.Frozen = Frozen;
  return T;
}

/// The keyspace \p Ks declaring one UDT \p Name with \p Fields.
inline schema::CqlKeyspace
keyspaceWithType(std::string Ks, std::string Name,
                 std::vector<std::pair<std::string, CqlType>> Fields) {
  schema::CqlKeyspace K;
  K.Name = Ks;
  schema::CqlUserType U;
  U.Keyspace = std::move(Ks);
  U.Name = Name;
  U.Fields = std::move(Fields);
  K.Types[Name] = std::move(U);
  return K;
}

} // namespace nosqlint::cql::test

#endif
