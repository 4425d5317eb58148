//===- LiteralTypes.h - Literals against their receivers -----*- C++ -*-===//
//
// Cassandra prepares every term against a "receiver": a column, a part of a
// collection column (key(m), value(m), idx(l)), or a statement parameter
// ([ttl], [timestamp], [limit], [per_partition_limit]). A literal whose kind
// the receiver's type does not take is refused when the statement is
// prepared (Constants, Lists, Sets, Maps, Vectors .Literal.prepare); a few
// values are refused only when they are bound (a null inside a collection
// literal). These functions answer with Cassandra's message, or nothing
// when the value is acceptable or not known (bind markers, function calls,
// casts, UDTs whose definition is not known, custom types: never a finding).
// The walk itself is LiteralWalk.h's, shared with ScyllaDB's ScyllaValues.h;
// Cassandra's rules and words are its LiteralDialect, in LiteralTypes.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CHECK_LITERALTYPES_H
#define NOSQLINT_CHECK_LITERALTYPES_H

#include "nosqlint/IR/Cql.h"
#include "nosqlint/Schema/CqlSchema.h"

#include <optional>
#include <string>

namespace nosqlint::check {

/// A type as Cassandra's asCQL3Type() prints it: varchar is text.
std::string cassandraTypeName(const cql::CqlType &T);

/// A term as Cassandra's Term.Raw.getText() prints it: strings quoted,
/// collections as [a, b], {a, b}, {k: v}.
std::string cassandraTermText(const cql::Term &T);

/// A constant's kind as both databases name it in their messages
/// ("STRING", "INTEGER", "FLOAT", "BOOLEAN", "UUID", "HEX", "DURATION"), or
/// null for NaN, Infinity and non-literals.
const char *literalKindName(const cql::Term &T);

/// A constant's text as the lexer leaves it (strings without their quotes,
/// '' unescaped): what "Invalid ... constant (...)" prints.
std::string literalText(const cql::Term &T);

/// The receiver of the keys and values of a collection column, as Cassandra
/// names them: "key(m)", "value(m)", "idx(l)".
std::string keyReceiverName(const std::string &Column);
std::string valueReceiverName(const std::string &Column);
std::string indexReceiverName(const std::string &Column);

/// The user-defined types a statement's values can be of: those of its
/// table's keyspace. Without one, a UDT is not known (never a finding).
struct TypeScope {
  const schema::CqlKeyspace *Keyspace = nullptr;
  /// The definition of the UDT \p T names, or null.
  const schema::CqlUserType *find(const cql::CqlType &T) const;
};

/// The type of the field \p Name of \p Udt, or null.
const cql::CqlType *udtFieldType(const schema::CqlUserType &Udt,
                                 const std::string &Name);

/// Why Cassandra refuses to prepare \p Value for a receiver called
/// \p Receiver of type \p Type (Term.Raw.prepare), if it does. Tuple
/// literals are checked against tuple types (Tuples.Literal), UDT literals
/// against the UDTs \p Scope knows (UserTypes.Literal).
std::optional<std::string> prepareError(const cql::Term &Value,
                                        const cql::CqlType &Type,
                                        const std::string &Receiver,
                                        const TypeScope &Scope = TypeScope());

/// Why Cassandra refuses \p Value once it binds it (a null inside a
/// collection literal for a collection \p Type), if it does. Only
/// meaningful after prepareError.
std::optional<std::string> bindError(const cql::Term &Value,
                                     const cql::CqlType &Type);

/// A native type by name ("int", "bigint"...), for the statement parameters.
cql::CqlType nativeType(const char *Name);

/// The element type of a collection (the value type of a map), or null.
const cql::CqlType *elementType(const cql::CqlType &T);
/// The key type of a map, or null.
const cql::CqlType *mapKeyType(const cql::CqlType &T);

/// The type references a duration (itself, or one of its parameters).
bool referencesDuration(const cql::CqlType &T);

} // namespace nosqlint::check

#endif
