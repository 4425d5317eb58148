//===- SyntaxErrors.h - ANTLR errors turned into clang-style messages -*- C++ -*-===//
//
// The listener installed for the full-LL pass: it keeps the first error of a
// statement (the rest are consequences), words it from the offending token
// and the set of tokens the grammar expected there, and then stops the parse
// by throwing ParseCancellationException:
//   expected ')' or ',' near 'FROM'
//   unexpected 'JOIN'
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CQL_SYNTAXERRORS_H
#define NOSQLINT_CQL_SYNTAXERRORS_H

#include "ParseInput.h"

#include "antlr4-runtime.h"

#include <string>

namespace nosqlint::cql {

struct SyntaxErrorInfo {
  bool Seen = false;
  antlr4::Token *Offending = nullptr;
  std::string Message;
  /// What the grammar expected there (when known), to reword the message
  /// if the offending token lies past the statement.
  bool ExpectedKnown = false;
  antlr4::misc::IntervalSet Expected;
  antlr4::Parser *Parser = nullptr;
};

/// The message for an error at the end of a statement (the parser wanted
/// more, and the next token belongs to the next statement).
std::string describeEndOfStatement(const ParseInput &Input,
                                   const SyntaxErrorInfo &Error);

class FirstErrorListener : public antlr4::BaseErrorListener {
public:
  explicit FirstErrorListener(const ParseInput &Input) : Input(Input) {}

  void syntaxError(antlr4::Recognizer *Recognizer,
                   antlr4::Token *OffendingSymbol, size_t Line,
                   size_t CharPositionInLine, const std::string &Msg,
                   std::exception_ptr E) override;

  const SyntaxErrorInfo &error() const { return Error; }
  void clear() { Error = SyntaxErrorInfo(); }

private:
  const ParseInput &Input;
  SyntaxErrorInfo Error;
};

/// How a token is shown in a message: 'text' (shortened), or "end of input".
std::string quoteToken(const ParseInput &Input, const antlr4::Token *T);

/// "expected X, Y or Z near 'tok'" or "unexpected 'tok'".
std::string describeSyntaxError(const ParseInput &Input,
                                const antlr4::Token *Offending,
                                const antlr4::misc::IntervalSet &Expected,
                                const antlr4::dfa::Vocabulary &Vocab,
                                const antlr4::misc::IntervalSet *Identifiers);

} // namespace nosqlint::cql

#endif
