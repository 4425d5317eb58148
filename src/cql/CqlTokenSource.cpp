//===- CqlTokenSource.cpp - The hand-written tokens, as ANTLR's -----------===//
#include "CqlTokenSource.h"

namespace nosqlint::cql {

void ByteCharStream::consume() {
  if (Pos >= Text.size())
    throw antlr4::IllegalStateException("cannot consume EOF");
  ++Pos;
}

size_t ByteCharStream::LA(ssize_t I) {
  if (I == 0)
    return 0;
  ssize_t At = I > 0 ? static_cast<ssize_t>(Pos) + I - 1
                     : static_cast<ssize_t>(Pos) + I;
  if (At < 0 || At >= static_cast<ssize_t>(Text.size()))
    return antlr4::IntStream::EOF;
  return static_cast<unsigned char>(Text[static_cast<size_t>(At)]);
}

std::string ByteCharStream::getText(const antlr4::misc::Interval &Interval) {
  if (Interval.a < 0 || Interval.b < Interval.a)
    return "";
  size_t Begin = static_cast<size_t>(Interval.a);
  size_t End = std::min(static_cast<size_t>(Interval.b) + 1, Text.size());
  return Begin < End ? Text.slice(Begin, End).str() : std::string();
}

std::unique_ptr<antlr4::Token> CqlTokenSource::nextToken() {
  CqlToken T = Tokenizer.next();
  Line = T.Line;
  Column = T.Column;
  // Stop is inclusive (the EOF token's is its start - 1, as the lexer's).
  auto Token = std::make_unique<antlr4::CommonToken>(
      std::make_pair(static_cast<antlr4::TokenSource *>(this),
                     static_cast<antlr4::CharStream *>(&Stream)),
      T.Type,
      T.Hidden ? antlr4::Token::HIDDEN_CHANNEL : antlr4::Token::DEFAULT_CHANNEL,
      T.Begin, static_cast<size_t>(T.End) - 1);
  return Token;
}

} // namespace nosqlint::cql
