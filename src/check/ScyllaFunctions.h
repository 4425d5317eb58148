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
/// \p Args; \p AsValue: the call stands where a value is wanted (a WHERE
/// term, an inserted or assigned value), where no aggregate may.
std::optional<std::string>
scyllaFunctionCallError(const std::string &Name,
                        const std::vector<FunctionArgument> &Args,
                        bool AsValue);

} // namespace nosqlint::check

#endif
