//===- ScyllaFunctions.cpp - Native functions ScyllaDB builds per call ----===//
//
// functions::get, in its order: toJson and fromJson take one argument
// (an invalid_request_exception); min, max and count take one argument
// (get_dynamic_aggregate's std::runtime_error, a server error) of a known
// type, and are aggregates, which prepare_expr.cc refuses as a value.
//
//===----------------------------------------------------------------------===//
#include "ScyllaFunctions.h"

#include "llvm/ADT/StringRef.h"

namespace nosqlint::check {

using namespace nosqlint::cql;

std::optional<std::string>
scyllaFunctionCallError(const std::string &Name,
                        const std::vector<FunctionArgument> &Args,
                        bool AsValue) {
  llvm::StringRef N(Name);
  N.consume_front("system.");
  if (N == "tojson" || N == "fromjson") {
    if (Args.size() != 1)
      return std::string(N == "tojson" ? "toJson() accepts 1 argument only"
                                       : "fromJson() accepts 1 argument only");
    return std::nullopt;
  }
  if (N != "min" && N != "max" && N != "count")
    return std::nullopt;
  if (Args.size() != 1) {
    std::string Message = N.str();
    Message += "() function requires only 1 argument";
    return Message;
  }
  // An argument whose type is not known before it is prepared (a
  // constant, a bind marker) is refused in words not modelled here; a
  // typed one (a cast, a call, a column) builds the aggregate.
  const FunctionArgument &A = Args[0];
  if (A.Kind == FunctionArgument::Unknown ||
      (A.Kind == FunctionArgument::Value &&
       (!A.Term || A.Term->isBindMarker() || A.Term->Kind == Term::Literal ||
        A.Term->isNull())))
    return std::nullopt;
  if (AsValue)
    return std::string(
        "Aggregation function are not supported in the where clause");
  return std::nullopt;
}

} // namespace nosqlint::check
