//===- StatementReader.h - The lexer's tokens, one statement at a time -*- C++ -*-===//
//
// Splits the token stream into statements at top-level ';' (a BEGIN BATCH
// ... APPLY BATCH block is one statement) while lexing, and hands out each
// statement's tokens as their own token source. Only one statement's tokens
// (ANTLR's tokens cost about 130 bytes each) are alive at a time, so the
// memory a file takes no longer grows with its number of tokens.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CQL_STATEMENTREADER_H
#define NOSQLINT_CQL_STATEMENTREADER_H

#include "antlr4-runtime.h"

#include <memory>
#include <vector>

namespace nosqlint::cql {

/// One statement's tokens, in every channel, ending with an EOF token; a
/// token source for a token stream that parses the statement alone.
class StatementTokenSource : public antlr4::TokenSource {
public:
  /// The default-channel tokens of the statement, without the ';'.
  const std::vector<antlr4::Token *> &tokens() const { return Default; }
  /// The ';' that ends the statement, or null at the end of the input.
  antlr4::Token *semicolon() const { return Semicolon; }

  std::unique_ptr<antlr4::Token> nextToken() override;
  size_t getLine() const override;
  size_t getCharPositionInLine() override;
  antlr4::CharStream *getInputStream() override { return Input; }
  std::string getSourceName() override { return "statement"; }
  antlr4::TokenFactory<antlr4::CommonToken> *getTokenFactory() override {
    return antlr4::CommonTokenFactory::DEFAULT.get();
  }

private:
  friend class StatementReader;

  antlr4::CharStream *Input = nullptr;
  std::vector<std::unique_ptr<antlr4::Token>> All; // every channel, + EOF
  size_t Next = 0;
  std::vector<antlr4::Token *> Default;
  antlr4::Token *Semicolon = nullptr;
};

class StatementReader {
public:
  explicit StatementReader(antlr4::TokenSource &Lexer) : Lexer(Lexer) {}

  /// The next non-empty statement, or null at the end of the input.
  std::unique_ptr<StatementTokenSource> next();

private:
  /// The next default-channel token (EOF at the end), lexed if need be;
  /// the hidden tokens before it wait in AheadHidden.
  antlr4::Token *peek();
  /// Moves the peeked token and the hidden tokens before it into \p S.
  antlr4::Token *take(StatementTokenSource &S);

  antlr4::TokenSource &Lexer;
  std::unique_ptr<antlr4::Token> Ahead;
  std::vector<std::unique_ptr<antlr4::Token>> AheadHidden;
};

} // namespace nosqlint::cql

#endif
