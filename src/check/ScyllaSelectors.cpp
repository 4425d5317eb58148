//===- ScyllaSelectors.cpp - WRITETIME and TTL as ScyllaDB takes them -----===//
//
// prepare_column_mutation_attribute, in its order: a subscript or a field
// selection names its column, which may not be a key column ("primary key
// component"), and must be a non-frozen map or set, or a non-frozen UDT; a
// plain column must be atomic, then not a key column ("partition key
// component", for clustering columns too). The attribute prints as
// WRITETIME or TTL (fmt::formatter<attribute_kind>).
//
//===----------------------------------------------------------------------===//
#include "ScyllaSelectors.h"

#include <fmt/format.h>

namespace nosqlint::check {

using namespace nosqlint::cql;
using schema::CqlColumn;

namespace {

/// WRITETIME or TTL, when \p Sel is one, with its one argument.
const char *attributeKind(const Selector &Sel) {
  if (Sel.Kind == Selector::WriteTime)
    return "WRITETIME";
  if (Sel.Kind == Selector::Ttl)
    return "TTL";
  if (Sel.Kind == Selector::Function && Sel.Args.size() == 1) {
    if (Sel.Name == "writetime")
      return "WRITETIME";
    if (Sel.Name == "ttl")
      return "TTL";
  }
  return nullptr;
}

bool multiCell(const CqlType &T) {
  return !T.Frozen && (T.isCollection() || T.Kind == CqlType::Udt);
}

/// A subscript or field selection directly on a column: the column.
const CqlColumn *innerColumn(const Selector &Access,
                             const schema::CqlTable &T) {
  if (Access.Args.size() != 1 || Access.Args[0].Kind != Selector::ColumnName)
    return nullptr;
  return T.column(Access.Args[0].Column.Name);
}

} // namespace

std::optional<std::string>
scyllaMutationAttributeError(const Selector &Sel, const schema::CqlTable &T,
                             const TypeScope &Scope) {
  const char *Kind = attributeKind(Sel);
  if (!Kind)
    return std::nullopt;
  if (Sel.Kind == Selector::WriteTime || Sel.Kind == Selector::Ttl) {
    const CqlColumn *C = T.column(Sel.Column.Name);
    if (!C)
      return std::nullopt;
    if (multiCell(C->Type))
      return fmt::format("{} expects an atomic column, but {} is a "
                         "non-frozen collection",
                         Kind, C->Name);
    if (C->isPrimaryKey())
      return fmt::format("{} is not legal on partition key component {}", Kind,
                         C->Name);
    return std::nullopt;
  }
  const Selector &Access = Sel.Args[0];
  bool Subscript = Access.Kind == Selector::ElementAccess && !Access.IsSlice;
  bool Field = Access.Kind == Selector::FieldAccess && Access.Field;
  if (!Subscript && !Field)
    return std::nullopt;
  const CqlColumn *C = innerColumn(Access, T);
  if (!C)
    return std::nullopt;
  const CqlType &Ty = C->Type;
  // What preparing the subscript or the field selection refuses first
  // (no collection, no such field) is not judged here.
  if (Subscript && !Ty.isCollection())
    return std::nullopt;
  if (Field) {
    const schema::CqlUserType *U = Scope.find(Ty);
    if (!U || !udtFieldType(*U, Access.Field->Name))
      return std::nullopt;
  }
  if (C->isPrimaryKey())
    return fmt::format("{} is not legal on primary key component {}", Kind,
                       C->Name);
  if (Subscript && (Ty.Kind == CqlType::List || Ty.Frozen))
    return fmt::format("{} on a subscript is only valid for non-frozen map "
                       "or set columns",
                       Kind);
  if (Field && Ty.Frozen)
    return fmt::format("{} on a field selection is only valid for non-frozen "
                       "UDT columns",
                       Kind);
  return std::nullopt;
}

} // namespace nosqlint::check
