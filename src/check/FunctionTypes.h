//===- FunctionTypes.h - Native function calls as Cassandra resolves them -*-
//C++ -*-===//
//
// Cassandra 5.0's FunctionResolver for the native functions whose
// signatures are fixed: the time functions (now(), current_*, to_date,
// to_timestamp, to_unix_timestamp, min/max_timeuuid and their legacy
// names), uuid(), the blob conversions (<type>asblob, blobas<type>), the
// math functions (abs, exp, log, log10, round) and the sum and avg
// aggregates; and the functions a FunctionFactory builds per call (count,
// min, max, to_json/tojson, map_keys, map_values, collection_*): their
// argument count and FunctionParameter's type test of a column argument.
// One candidate: the argument count and each argument's type
// (validateTypes); several: the candidates whose arguments and return type
// fit, none ("Invalid call to function ...") or several ("Ambiguous call
// ..."). Then, for a value, the result against its receiver
// (FunctionCall.Raw.prepare). Only what is certain is answered: an
// argument or a type whose assignability is not known leaves the call
// alone.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CHECK_FUNCTIONTYPES_H
#define NOSQLINT_CHECK_FUNCTIONTYPES_H

#include "nosqlint/IR/Cql.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::check {

/// One argument of a call, as far as its type is known.
struct FunctionArgument {
  enum KindType {
    Value,   // a term: Term
    Column,  // a column selector: Type is the column's
    Call,    // a nested call: Call
    Unknown, // anything else
  };
  KindType Kind = Unknown;
  const cql::Term *Term = nullptr;
  const cql::CqlType *Type = nullptr;
  /// For Call: the function's name and arguments.
  std::string CallName;
  std::vector<FunctionArgument> CallArgs;
  /// How Cassandra prints the argument in "Type error: ... cannot be passed".
  std::string Text;
};

/// The arguments of a function call term.
std::vector<FunctionArgument> termArguments(const cql::Term &Call);

/// Why Cassandra refuses the call of \p Name (lower-cased, as written) with
/// \p Args, whose result goes to \p Receiver (null for a selector) called
/// \p ReceiverName; nothing when it accepts it or when it is not known.
std::optional<std::string> functionCallError(
    const std::string &Name, const std::vector<FunctionArgument> &Args,
    const cql::CqlType *Receiver, const std::string &ReceiverName);

/// Whether \p Name is a native function this file knows the signatures of.
bool isModeledFunction(const std::string &Name);

} // namespace nosqlint::check

#endif
