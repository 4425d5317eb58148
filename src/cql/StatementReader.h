//===- StatementReader.h - The lexer's tokens, one statement at a time -*- C++ -*-===//
//
// Splits the token stream into statements at top-level ';' (a BEGIN BATCH
// ... APPLY BATCH block is one statement) while lexing, and hands out each
// statement's tokens as their own token source. Only one statement's tokens
// (ANTLR's tokens cost about 130 bytes each) are alive at a time, so the
// memory a file takes no longer grows with its number of tokens.
//
// In a cqlsh script (a .cql file that `cqlsh -f` runs), cqlsh's own commands
// (SHOW, COPY, CONSISTENCY, TRACING, SOURCE, ...) never reach the database:
// the reader drops them. They and DESCRIBE end at the end of their line when
// no ';' comes first, as cqlsh splits them (cqlshlib's
// commands_end_with_newline; COPY is not one of them and runs to its ';').
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CQL_STATEMENTREADER_H
#define NOSQLINT_CQL_STATEMENTREADER_H

#include "antlr4-runtime.h"
#include "llvm/ADT/StringRef.h"

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
  /// A reader of a cqlsh script whose text is \p Text.
  StatementReader(antlr4::TokenSource &Lexer, llvm::StringRef Text)
      : Lexer(Lexer), CqlshText(Text), CqlshScript(true) {}

  /// The next non-empty statement, or null at the end of the input.
  std::unique_ptr<StatementTokenSource> next();

private:
  /// The next default-channel token (EOF at the end), lexed if need be;
  /// the hidden tokens before it wait in AheadHidden.
  antlr4::Token *peek();
  /// Moves the peeked token and the hidden tokens before it into \p S.
  antlr4::Token *take(StatementTokenSource &S);
  /// Whether a line ends between \p T and the next token.
  bool lineEndsAfter(const antlr4::Token *T);
  /// Takes the rest of the cqlsh command that \p First begins, through its
  /// ';' or to the end of its line.
  void takeCqlshCommand(StatementTokenSource &S, const antlr4::Token *First,
                        bool EndsAtNewline);

  antlr4::TokenSource &Lexer;
  std::unique_ptr<antlr4::Token> Ahead;
  std::vector<std::unique_ptr<antlr4::Token>> AheadHidden;
  llvm::StringRef CqlshText;
  bool CqlshScript = false;
};

} // namespace nosqlint::cql

#endif
