//===- ExpressionErrors.cpp - invalid-query for unparsable expressions ----===//
//
// Syntax errors and the errors DynamoDB finds while parsing an expression
// (unknown or misused functions, redundant parentheses, repeated update
// clauses, overlapping paths), at the exact characters inside the string.
// DynamoDB stops at the first error of an expression; so do we.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

namespace nosqlint::dynamo {

void checkExpressionErrors(const RequestContext &C) {
  for (const Expression &E : C.R.Expressions)
    if (!E.Problems.empty())
      C.report(RuleId::InvalidQuery, E.Problems.front().Range,
               E.Problems.front().Message);
}

} // namespace nosqlint::dynamo
