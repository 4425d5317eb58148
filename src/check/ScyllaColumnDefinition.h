//===- ScyllaColumnDefinition.h - How ScyllaDB prints a column ---*- C++ -*-===//
//
// Some ScyllaDB messages print a column through column_definition's
// formatter (schema/schema.cc), not by its name:
//   ColumnDefinition{name=a, type=org.apache.cassandra.db.marshal.Int32Type,
//   kind=PARTITION_KEY, componentIndex=0, droppedAt=-9223372036854775808}
// The only such message in the WHERE analysis is statement_restrictions'
// "Columns \"...\" cannot be restricted by both a normal relation and a
// token relation" (test/cql/lwt_test.result shows it).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CHECK_SCYLLACOLUMNDEFINITION_H
#define NOSQLINT_CHECK_SCYLLACOLUMNDEFINITION_H

#include "LiteralTypes.h"

#include "nosqlint/Schema/CqlSchema.h"

#include <optional>
#include <string>

namespace nosqlint::check {

/// abstract_type::name() of \p T: the Java marshal class names ScyllaDB
/// keeps (types/types.cc), e.g. "org.apache.cassandra.db.marshal.ListType(
/// org.apache.cassandra.db.marshal.Int32Type)". Nothing when the name is not
/// certain: a custom type, a UDT \p Scope does not know, or one with a
/// collection or UDT field not declared frozen.
std::optional<std::string> scyllaMarshalName(const cql::CqlType &T,
                                             const TypeScope &Scope);

/// fmt::formatter<column_definition> of a primary-key column of a base
/// table (no view_virtual, no computation, never dropped); nothing when
/// its type cannot be named or the column is not part of the primary key.
std::optional<std::string>
scyllaColumnDefinition(const schema::CqlColumn &C, const TypeScope &Scope);

} // namespace nosqlint::check

#endif
