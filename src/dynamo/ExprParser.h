//===- ExprParser.h - DynamoDB expression strings into the IR -*- C++ -*-===//
#ifndef NOSQLINT_SRC_DYNAMO_EXPRPARSER_H
#define NOSQLINT_SRC_DYNAMO_EXPRPARSER_H

#include "nosqlint/Dynamo/Request.h"

namespace nosqlint::dynamo {

/// Parses the expression held by the JSON string \p Str (parameter kind
/// \p Kind) and resolves its #names and :values against \p Names and
/// \p Values. Syntax errors and the semantic errors DynamoDB reports while
/// parsing (unknown function, misused function, redundant parentheses,
/// repeated update clause, overlapping or conflicting paths of an update or
/// projection, paths nested too deep, operand types of functions and of
/// `+`/`-` where a :value's type is known, one path on both sides of an
/// operator, BETWEEN bounds, names starting with `_`) land in Problems. With
/// \p NamesOpen (host source: the names map may hold unlisted entries), an
/// unlisted #name is NameUnknown rather than undefined.
Expression parseExpression(ExprKind Kind, const json::JsonValue &Str,
                           FileId File, const std::vector<PlaceholderDef> &Names,
                           const std::vector<PlaceholderDef> &Values,
                           bool NamesOpen = false);

} // namespace nosqlint::dynamo

#endif
