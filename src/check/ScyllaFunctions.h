//===- ScyllaFunctions.h - Native functions ScyllaDB builds per call -*- C++
//-*-===//
//
// ScyllaDB's functions::get (cql3/functions/functions.cc) builds some
// native functions for the call at hand before it looks at the declared
// ones: toJson and fromJson, and min, max and count of any type
// (get_dynamic_aggregate). Their argument rules and words are ScyllaDB's
// own; Cassandra's are FunctionTypes.h's. Everything else is left alone.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CHECK_SCYLLAFUNCTIONS_H
#define NOSQLINT_CHECK_SCYLLAFUNCTIONS_H

#include "FunctionTypes.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::check {

/// Why ScyllaDB refuses the call of \p Name (lower-cased, as written) with
/// \p Args; \p ValueClause: where the call stands as a value ("WHERE
/// clause", "SET clause", "IF clause"), where no aggregate may; null for a
/// selector.
std::optional<std::string>
scyllaFunctionCallError(const std::string &Name,
                        const std::vector<FunctionArgument> &Args,
                        const char *ValueClause);

/// expr::verify_no_aggregate_functions' words for an aggregate used as a
/// value in \p Clause (since ScyllaDB commit 453bbc1115, June 2023; before
/// it, Cassandra's "Aggregation function are not supported in the where
/// clause" everywhere).
std::string scyllaAggregateInValueError(const char *Clause);

} // namespace nosqlint::check

#endif
