//===- CqlTypeRules.h - Column and field types both databases refuse -*- C++
//-*-===//
//
// A type is checked when a CREATE TABLE, ALTER TABLE ADD, CREATE TYPE or
// ALTER TYPE ADD prepares it: Cassandra's CQL3Type.Raw.RawCollection and
// RawTuple .prepare, ScyllaDB's cql3_type::raw_collection and raw_tuple
// ::prepare_internal. Both refuse a collection or UDT inside a collection
// that is not frozen, counters inside collections and tuples, durations in
// sets and as map keys; each in its own order and words, and each printing
// the type as its raw type prints itself.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_SCHEMA_CQLTYPERULES_H
#define NOSQLINT_SCHEMA_CQLTYPERULES_H

#include "nosqlint/IR/Cql.h"
#include "nosqlint/Schema/CqlSchemaBuilder.h"

#include <optional>
#include <string>

namespace nosqlint::schema {

/// Why \p Flavor refuses \p T as the type of a column or UDT field, if it
/// does and its message is known (a type whose printing is not known, such
/// as a vector, or a UDT under ScyllaDB, is never reported).
std::optional<std::string> columnTypeError(const cql::CqlType &T,
                                           CqlFlavor Flavor);

} // namespace nosqlint::schema

#endif
