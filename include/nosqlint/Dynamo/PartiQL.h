//===- PartiQL.h - DynamoDB PartiQL statements as IR -----------*- C++ -*-===//
//
// The statements of ExecuteStatement, BatchExecuteStatement and
// ExecuteTransaction: SELECT, INSERT, UPDATE and DELETE, with the table (and
// index) they name and their WHERE clause as an expression tree. Names keep
// their case (PartiQL identifiers are case-sensitive in DynamoDB); positions
// are file ranges, mapped through the JSON string's escapes.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DYNAMO_PARTIQL_H
#define NOSQLINT_DYNAMO_PARTIQL_H

#include "nosqlint/Basic/SourceLocation.h"
#include "nosqlint/Basic/TextOrigin.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint {
class DiagnosticEngine;
}

namespace nosqlint::dynamo {

struct PqlExpr {
  enum KindType : uint8_t {
    And, Or, Not, Compare, Between, In, Is, Arithmetic, Function, Paren,
    Path, Literal, Parameter, Tuple, List, Bag,
  };
  KindType Kind = Literal;
  std::string Text; // Compare/Arithmetic: operator; Function: name; Path: the
                    // top-level attribute; Literal: as written; Is: MISSING
                    // or NULL
  bool Negated = false; // NOT BETWEEN, NOT IN, IS NOT
  std::vector<PqlExpr> Children;
  SourceRange Range;
};

struct Statement {
  enum KindType : uint8_t { Select, Insert, Update, Delete };
  KindType Kind = Select;
  SourceRange Range; // the statement text
  std::string Table;
  SourceRange TableRange;
  std::optional<std::string> Index;
  SourceRange IndexRange;
  std::optional<PqlExpr> Where;
  /// SELECT: the projected expressions (empty for *); INSERT: the value.
  std::vector<PqlExpr> Items;
  bool SelectStar = false;
  /// Number of `?` parameters.
  unsigned Parameters = 0;
  /// Syntax errors (already formatted), first first.
  std::vector<std::pair<std::string, SourceRange>> Errors;
};

/// Parses one PartiQL statement. \p Origin maps offsets of \p Text to file
/// offsets.
Statement parsePartiQL(llvm::StringRef Text, const TextOrigin &Origin);

} // namespace nosqlint::dynamo

#endif
