//===- ScyllaSelectors.h - WRITETIME and TTL as ScyllaDB takes them -*- C++
//-*-===//
//
// ScyllaDB prepares WRITETIME(...) and TTL(...) selectors in
// prepare_column_mutation_attribute (cql3/expr/prepare_expr.cc), in words
// and with limits of its own: only an atomic column (not a non-frozen
// collection or UDT, which Cassandra 5.0 answers with a list), an element
// of a non-frozen map or set, a field of a non-frozen UDT; never a key
// column. Cassandra's rule is SelectClauses.cpp's "Cannot use selection
// function writetime on PRIMARY KEY part".
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CHECK_SCYLLASELECTORS_H
#define NOSQLINT_CHECK_SCYLLASELECTORS_H

#include "LiteralTypes.h"

#include "nosqlint/IR/Cql.h"
#include "nosqlint/Schema/CqlSchema.h"

#include <optional>
#include <string>

namespace nosqlint::check {

/// Why ScyllaDB refuses the selector \p Sel, when it is a WRITETIME or TTL
/// of a column, of an element of one or of a UDT field, if it does.
/// Nothing for what is not known: an unknown column, field or UDT.
std::optional<std::string>
scyllaMutationAttributeError(const cql::Selector &Sel,
                             const schema::CqlTable &T, const TypeScope &Scope);

} // namespace nosqlint::check

#endif
