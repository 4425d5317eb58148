//===- StatementReader.cpp - The lexer's tokens, one statement at a time ---===//
#include "StatementReader.h"

#include "CqlLexer.h"

#include "nosqlint/Basic/CqlshCommands.h"

namespace nosqlint::cql {

namespace {

using L = nosqlint_cql_gen::CqlLexer;

bool startsNonBatchStatement(size_t Type) {
  switch (Type) {
  case L::K_CREATE: case L::K_ALTER: case L::K_DROP: case L::K_USE:
  case L::K_TRUNCATE: case L::K_GRANT: case L::K_REVOKE: case L::K_LIST:
  case L::K_BEGIN: case L::K_DESCRIBE: case L::K_DESC: case L::K_COMMENT:
  case L::K_SECURITY:
    return true;
  default:
    return false;
  }
}

bool startsBatchBody(size_t Type) {
  return Type == L::K_BATCH || Type == L::K_UNLOGGED || Type == L::K_COUNTER;
}

} // namespace

std::unique_ptr<antlr4::Token> StatementTokenSource::nextToken() {
  if (Next < All.size())
    return std::move(All[Next++]);
  // Past the EOF (token streams stop asking there): another EOF.
  return std::make_unique<antlr4::CommonToken>(antlr4::Token::EOF);
}

size_t StatementTokenSource::getLine() const { return 0; }
size_t StatementTokenSource::getCharPositionInLine() { return 0; }

antlr4::Token *StatementReader::peek() {
  while (!Ahead) {
    std::unique_ptr<antlr4::Token> T = Lexer.nextToken();
    if (T->getChannel() == antlr4::Token::DEFAULT_CHANNEL ||
        T->getType() == antlr4::Token::EOF)
      Ahead = std::move(T);
    else
      AheadHidden.push_back(std::move(T));
  }
  return Ahead.get();
}

antlr4::Token *StatementReader::take(StatementTokenSource &S) {
  antlr4::Token *T = peek();
  for (auto &H : AheadHidden)
    S.All.push_back(std::move(H));
  AheadHidden.clear();
  S.All.push_back(std::move(Ahead));
  return T;
}

bool StatementReader::lineEndsAfter(const antlr4::Token *T) {
  size_t Begin = T->getStopIndex() + 1;
  antlr4::Token *N = peek();
  size_t End = N->getType() == antlr4::Token::EOF ? CqlshText.size()
                                                  : N->getStartIndex();
  return Begin < End && CqlshText.slice(Begin, End).contains('\n');
}

void StatementReader::takeCqlshCommand(StatementTokenSource &S,
                                       const antlr4::Token *First,
                                       bool EndsAtNewline) {
  const antlr4::Token *Last = First;
  while (peek()->getType() != antlr4::Token::EOF &&
         !(EndsAtNewline && lineEndsAfter(Last))) {
    Last = take(S);
    if (Last->getType() == L::SEMI)
      return;
  }
}

namespace {

/// The statement's own end of input, right after its last token \p T.
std::unique_ptr<antlr4::Token> endOfInputAfter(antlr4::TokenSource &Lexer,
                                               const antlr4::Token *T) {
  auto Eof = std::make_unique<antlr4::CommonToken>(
      std::make_pair(&Lexer, Lexer.getInputStream()), antlr4::Token::EOF,
      antlr4::Token::DEFAULT_CHANNEL, T->getStopIndex() + 1, T->getStopIndex());
  Eof->setLine(T->getLine());
  Eof->setCharPositionInLine(T->getCharPositionInLine() + 1);
  return Eof;
}

} // namespace

std::unique_ptr<StatementTokenSource> StatementReader::next() {
  auto S = std::make_unique<StatementTokenSource>();
  S->Input = Lexer.getInputStream();
  bool InBatch = false;
  bool EndsAtNewline = false;
  while (true) {
    if (peek()->getType() == antlr4::Token::EOF) {
      if (S->Default.empty())
        return nullptr;
      take(*S);
      return S;
    }
    antlr4::Token *T = take(*S);
    S->Default.push_back(T);
    size_t Type = T->getType();
    if (CqlshScript && S->Default.size() == 1) {
      std::string First = T->getText();
      antlr4::Token *N = peek();
      std::string Second =
          N->getType() == antlr4::Token::EOF ? std::string() : N->getText();
      if (isCqlshCommand(First, Second)) {
        takeCqlshCommand(*S, T, cqlshEndsAtNewline(First));
        S->All.clear();
        S->Default.clear();
        continue;
      }
      EndsAtNewline = cqlshEndsAtNewline(First);
    }
    if (EndsAtNewline && Type != L::SEMI &&
        peek()->getType() != antlr4::Token::EOF && lineEndsAfter(T)) {
      S->All.push_back(endOfInputAfter(Lexer, T));
      return S;
    }
    if (S->Default.size() == 1 && Type == L::K_BEGIN)
      InBatch = startsBatchBody(peek()->getType());
    if (InBatch && Type == L::K_APPLY && peek()->getType() == L::K_BATCH)
      InBatch = false;
    // A batch missing its APPLY BATCH ends before the next statement that
    // cannot be part of it, so one mistake does not swallow the file.
    if (InBatch && Type == L::SEMI && startsNonBatchStatement(peek()->getType()))
      InBatch = false;
    if (Type != L::SEMI || InBatch)
      continue;
    S->Default.pop_back();
    if (S->Default.empty()) { // a lone ';'
      S->All.clear();
      continue;
    }
    S->Semicolon = T;
    S->All.push_back(endOfInputAfter(Lexer, T));
    return S;
  }
}

} // namespace nosqlint::cql
