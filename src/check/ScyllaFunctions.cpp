//===- ScyllaFunctions.cpp - Native functions ScyllaDB builds per call ----===//
//
// functions::get, in its order: toJson and fromJson take one argument
// (an invalid_request_exception), toJson's of a known type; min, max and
// count take arguments of known types, checked one by one before their
// number (get_dynamic_aggregate's get_arguments), then exactly one (a
// std::runtime_error, a server error), and are aggregates, which
// prepare_expr.cc refuses as a value. A constant is given its default type
// when it has none (prepare_function_args_for_type_inference: 1 an int,
// 'a' a text); a bind marker or null has no type there.
//
//===----------------------------------------------------------------------===//
#include "ScyllaFunctions.h"

#include "llvm/ADT/StringRef.h"

namespace nosqlint::check {

using namespace nosqlint::cql;

/// An argument ScyllaDB cannot type without a receiver: a bind marker or
/// null (a constant gets its default type).
static bool hasNoType(const FunctionArgument &A) {
  return A.Kind == FunctionArgument::Value && A.Term &&
         (A.Term->isBindMarker() || A.Term->isNull());
}

std::optional<std::string>
scyllaFunctionCallError(const std::string &Name,
                        const std::vector<FunctionArgument> &Args,
                        const char *ValueClause) {
  llvm::StringRef N(Name);
  N.consume_front("system.");
  if (N == "tojson" || N == "fromjson") {
    if (Args.size() != 1)
      return std::string(N == "tojson" ? "toJson() accepts 1 argument only"
                                       : "fromJson() accepts 1 argument only");
    if (N == "tojson" && hasNoType(Args[0]))
      return std::string(
          "toJson() is only valid when its argument type is known");
    return std::nullopt;
  }
  if (N != "min" && N != "max" && N != "count")
    return std::nullopt;
  for (const FunctionArgument &A : Args) {
    // Not known to us either, or an empty collection literal (whose
    // element type nothing gives).
    if (A.Kind == FunctionArgument::Unknown ||
        (A.Kind == FunctionArgument::Value && A.Term &&
         (A.Term->Kind == Term::List || A.Term->Kind == Term::Set ||
          A.Term->Kind == Term::Map) &&
         A.Term->Children.empty()))
      return std::nullopt;
    if (hasNoType(A))
      return N.str() + "() function is only valid when argument types are "
                       "known";
  }
  if (Args.size() != 1) {
    std::string Message = N.str();
    Message += "() function requires only 1 argument";
    return Message;
  }
  if (ValueClause)
    return scyllaAggregateInValueError(ValueClause);
  return std::nullopt;
}

std::string scyllaAggregateInValueError(const char *Clause) {
  return std::string("Aggregation functions are not supported in the ") +
         Clause;
}

} // namespace nosqlint::check
