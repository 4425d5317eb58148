//===- ScyllaColumnDefinition.cpp - How ScyllaDB prints a column ----------===//
//
// The type names follow types/types.cc: native types by their marshal
// class; a frozen collection or UDT wrapped in FrozenType(...); tuples and
// vectors never wrapped (kept as Cassandra names them, ScyllaDB #4087);
// freezing a collection freezes what it holds (cql3_type::raw::freeze).
// A UDT is UserType(keyspace,hex(name),hex(field):type,...).
//
//===----------------------------------------------------------------------===//
#include "ScyllaColumnDefinition.h"

#include <fmt/format.h>

#include <map>

namespace nosqlint::check {

using cql::CqlType;
using schema::ColumnRole;

namespace {

const char *const Marshal = "org.apache.cassandra.db.marshal.";

std::optional<std::string> nativeMarshalName(const std::string &Name) {
  static const std::map<std::string, std::string> Names = {
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
  auto It = Names.find(Name);
  if (It == Names.end())
    return std::nullopt;
  return Marshal + It->second;
}

std::string hex(const std::string &S) {
  std::string Out;
  for (unsigned char Ch : S)
    Out += fmt::format("{:02x}", Ch);
  return Out;
}

std::string frozen(std::string Inner, bool Frozen) {
  if (!Frozen)
    return Inner;
  return fmt::format("{}FrozenType({})", Marshal, Inner);
}

/// \p InFrozen: \p T sits inside a frozen type, which freezes it too.
std::optional<std::string> name(const CqlType &T, const TypeScope &Scope,
                                bool InFrozen) {
  bool Frozen = T.Frozen || InFrozen;
  switch (T.Kind) {
  case CqlType::Native:
    return nativeMarshalName(T.Name);
  case CqlType::List:
  case CqlType::Set: {
    if (T.Params.size() != 1)
      return std::nullopt;
    std::optional<std::string> E = name(T.Params[0], Scope, Frozen);
    if (!E)
      return std::nullopt;
    return frozen(fmt::format("{}{}({})", Marshal,
                              T.Kind == CqlType::List ? "ListType" : "SetType",
                              *E),
                  Frozen);
  }
  case CqlType::Map: {
    if (T.Params.size() != 2)
      return std::nullopt;
    std::optional<std::string> K = name(T.Params[0], Scope, Frozen);
    std::optional<std::string> V = name(T.Params[1], Scope, Frozen);
    if (!K || !V)
      return std::nullopt;
    return frozen(fmt::format("{}MapType({},{})", Marshal, *K, *V), Frozen);
  }
  case CqlType::Tuple: {
    std::string S;
    for (const CqlType &P : T.Params) {
      std::optional<std::string> E = name(P, Scope, true);
      if (!E)
        return std::nullopt;
      S += (S.empty() ? "" : ", ") + *E;
    }
    return fmt::format("{}TupleType({})", Marshal, S);
  }
  case CqlType::Vector: {
    if (T.Params.size() != 1)
      return std::nullopt;
    std::optional<std::string> E = name(T.Params[0], Scope, true);
    if (!E)
      return std::nullopt;
    return fmt::format("{}VectorType({}, {})", Marshal, *E, T.Dimension);
  }
  case CqlType::Udt: {
    const schema::CqlUserType *U = Scope.find(T);
    if (!U)
      return std::nullopt;
    std::string S = fmt::format("{}UserType({},{}", Marshal, U->Keyspace,
                                hex(U->Name));
    for (const auto &[Field, FieldType] : U->Fields) {
      // A field's type is the one CREATE TYPE stored; whether ScyllaDB
      // froze an undeclared-frozen collection there is not modelled.
      bool Nested = FieldType.isCollection() || FieldType.Kind == CqlType::Udt;
      if (Nested && !FieldType.Frozen)
        return std::nullopt;
      std::optional<std::string> E = name(FieldType, Scope, false);
      if (!E)
        return std::nullopt;
      S += fmt::format(",{}:{}", hex(Field), *E);
    }
    S += ")";
    return frozen(S, Frozen);
  }
  case CqlType::Custom:
    return std::nullopt;
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string> scyllaMarshalName(const CqlType &T,
                                             const TypeScope &Scope) {
  return name(T, Scope, false);
}

std::optional<std::string>
scyllaColumnDefinition(const schema::CqlColumn &C, const TypeScope &Scope) {
  if (!C.isPrimaryKey())
    return std::nullopt;
  std::optional<std::string> Type = scyllaMarshalName(C.Type, Scope);
  if (!Type)
    return std::nullopt;
  // api::missing_timestamp: the column was never dropped.
  return fmt::format("ColumnDefinition{{name={}, type={}, kind={}, "
                     "componentIndex={}, droppedAt=-9223372036854775808}}",
                     C.Name, *Type,
                     C.Role == ColumnRole::PartitionKey ? "PARTITION_KEY"
                                                        : "CLUSTERING_COLUMN",
                     C.Position);
}

} // namespace nosqlint::check
