//===- SqlHabits.h - Explaining SQL that is not CQL --------------*- C++ -*-===//
//
// When a statement fails to parse, the front end first looks for a habit
// carried over from SQL (JOIN, OR, HAVING, OFFSET, BETWEEN, subqueries, table
// aliases...) or a known CQL restriction (clause order, `*` with selectors,
// UPDATE without WHERE...), and reports that with a hint naming the CQL way
// instead of a bare "unexpected token".
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CQL_SQLHABITS_H
#define NOSQLINT_CQL_SQLHABITS_H

#include "ParseInput.h"

#include "nosqlint/Diag/Rule.h"

#include "antlr4-runtime.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::cql {

struct Habit {
  RuleId Rule = RuleId::SyntaxError;
  size_t First = 0; // index into the statement's tokens
  size_t Last = 0;  // inclusive
  std::string Message;
};

/// \p Tokens are the statement's default-channel tokens (without its ';');
/// \p ErrorAt is the index of the token the parser failed on (Tokens.size()
/// for the end). Only habits at or before the failure are considered.
std::optional<Habit> findSqlHabit(const std::vector<antlr4::Token *> &Tokens,
                                  size_t ErrorAt, const ParseInput &Input);

} // namespace nosqlint::cql

#endif
