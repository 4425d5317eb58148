//===- ReservedWordRule.cpp - reserved-word -------------------------------===//
//
// An attribute name written directly in an expression that is one of
// DynamoDB's reserved words (any component of a document path, any case).
// The finding points at the word; the note shows the placeholder to use.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"
#include "ReservedWords.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

void checkReservedWords(const RequestContext &C) {
  for (const Expression &E : C.R.Expressions) {
    if (!E.Problems.empty())
      continue;
    for (const PathElement &N : E.BareNames) {
      if (!isReservedWord(N.Written))
        continue;
      std::string Placeholder = "#" + N.Written;
      C.report(RuleId::ReservedWord, N.Range,
               fmt::format("Invalid {}: Attribute name is a reserved "
                           "keyword; reserved keyword: {}",
                           exprParamName(E.Kind), N.Written))
          .note(SourceRange(),
                fmt::format("write {} in the expression and add "
                            "\"ExpressionAttributeNames\": {{\"{}\": \"{}\"}}",
                            Placeholder, Placeholder, N.Written));
    }
  }
}

} // namespace nosqlint::dynamo
