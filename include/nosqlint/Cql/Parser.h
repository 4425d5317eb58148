//===- Parser.h - The CQL front end's one entry point ----------*- C++ -*-===//
//
// Parses a text holding any number of `;`-separated CQL statements into IR.
// Syntax errors (and SQL habits such as JOIN) are reported to the engine with
// exact positions, and parsing resumes at the next statement. No ANTLR type
// crosses this interface.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CQL_PARSER_H
#define NOSQLINT_CQL_PARSER_H

#include "nosqlint/Basic/PredictionBudget.h"
#include "nosqlint/Basic/TextOrigin.h"
#include "nosqlint/IR/Cql.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace nosqlint {
class DiagnosticEngine;
}

namespace nosqlint::cql {

enum class CqlDialect { Cassandra, ScyllaDb };

struct ParseOptions {
  CqlDialect Dialect = CqlDialect::Cassandra;
  /// The text is a cqlsh script (a .cql file): cqlsh's own commands are
  /// dropped, and they and DESCRIBE end at the end of their line as cqlsh
  /// splits them (see nosqlint/Basic/CqlshCommands.h). Text a driver sends
  /// (a host string, a migration) is not: there they are errors.
  bool CqlshScript = false;
  /// The parser's work budget per statement, in tokens consumed (matched or
  /// looked ahead over), is PredictionBase + PredictionPerToken * tokens;
  /// a statement that needs more is reported as too complex. Hand-written
  /// statements use under 3 per token (see src/antlr/BudgetedTokenStream.h).
  size_t PredictionBase = PredictionBudgetBase;
  size_t PredictionPerToken = PredictionBudgetPerToken;
};

/// Parses \p Text. \p Origin maps text offsets to file offsets for every
/// range in the IR and in diagnostics.
Script parseScript(llvm::StringRef Text, const TextOrigin &Origin,
                   const ParseOptions &Options, DiagnosticEngine &Diags);

/// The byte ranges of the comments (`--`, `//`, `/* */`) of \p Text, as
/// the CQL lexer reads them: never a text inside a string literal.
std::vector<std::pair<uint32_t, uint32_t>> commentRanges(llvm::StringRef Text);

} // namespace nosqlint::cql

#endif
