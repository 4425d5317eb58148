//===- ScyllaValues.h - Values as ScyllaDB prepares them -------*- C++ -*-===//
//
// ScyllaDB's own preparation of values against their receivers
// (cql3/expr/prepare_expr.cc: untyped_constant_test_assignment, the list,
// set, map, vector, tuple and user-type literals) and of SET operations
// (cql3/operation.cc, cql3/statements/update_statement.cc), kept apart
// from Cassandra's (LiteralTypes.h). Where the two agree the messages are
// the same words; ScyllaDB differs in which constants a type takes (no
// integer for time or duration, a hex constant only for blob), in how it
// names an IN list ("in(c)"), in vector literals, in printing maps and
// in arithmetic on regular columns. Nothing is said of what is not known
// (bind markers, function calls, casts, unknown UDTs): never a finding.
// The literal walk is LiteralWalk.h's; ScyllaDB's rules and words are its
// own LiteralDialect, in ScyllaValues.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CHECK_SCYLLAVALUES_H
#define NOSQLINT_CHECK_SCYLLAVALUES_H

#include "LiteralTypes.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::check {

/// A term as ScyllaDB's expression printer writes it (strings quoted, maps
/// as {k:v}).
std::string scyllaTermText(const cql::Term &T);

/// The clause a value stands in, which ScyllaDB names when it refuses an
/// aggregate there (expr::verify_no_aggregate_functions: "Aggregation
/// functions are not supported in the WHERE clause"). INSERT values, SET
/// operations and deleted elements are all the SET clause (operation.cc).
enum class ScyllaClause { Where, Set, If };

/// Why ScyllaDB refuses to prepare \p Value for the receiver \p Receiver of
/// type \p Type (prepare_expression) in \p Clause, if it does.
std::optional<std::string> scyllaPrepareError(const cql::Term &Value,
                                              const cql::CqlType &Type,
                                              const std::string &Receiver,
                                              const TypeScope &Scope,
                                              ScyllaClause Clause);

/// Why ScyllaDB refuses \p Value when it evaluates it: a null inside a set
/// or map literal ("null is not supported inside collections") or a vector
/// ("... inside vectors"). A null inside a list is not refused there.
std::optional<std::string> scyllaEvaluationError(const cql::Term &Value,
                                                 const cql::CqlType &Type);

/// The values of an IN or NOT IN list on a column of type \p Type: ScyllaDB
/// prepares them as a list literal for list<Type> named "in(col)" or
/// "not in(col)" (get_rhs_receiver).
std::optional<std::string>
scyllaInListError(const std::vector<cql::Term> &Values,
                  const cql::CqlType &Type, const std::string &Column,
                  bool NotIn, const TypeScope &Scope, ScyllaClause Clause);

/// ScyllaDB's refusal of a SET assignment: its message, and the value
/// refused or the whole assignment.
struct AssignmentRefusal {
  std::string Message;
  SourceRange Range;
};

/// operation.cc's prepare of one SET assignment on the column \p Col.
/// \p Conditional: the UPDATE has an IF clause (ScyllaDB runs
/// `SET a = a + 1` on a numeric regular column only under LWT).
std::optional<AssignmentRefusal>
scyllaAssignmentError(const cql::Assignment &A, const schema::CqlColumn &Col,
                      const TypeScope &Scope, bool Conditional);

/// update_statement.cc: two assignments to one column that do not combine
/// (a column set whole and anything else, a field set twice). ScyllaDB
/// refuses them when it prepares the statement (Cassandra's parser does).
/// Returns the refused assignment and ScyllaDB's message.
std::optional<std::pair<const cql::Assignment *, std::string>>
scyllaIncompatibleAssignment(const std::vector<cql::Assignment> &Assignments);

} // namespace nosqlint::check

#endif
