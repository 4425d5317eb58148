//===- CqlTokenSource.h - The hand-written tokens, as ANTLR's -*- C++ -*-===//
//
// Feeds the generated CQL parser from CqlTokenizer: an antlr4::TokenSource
// whose tokens carry the generated lexer's types and channels, and byte
// offsets as their start and stop indices. Their text comes from a
// CharStream over the UTF-8 bytes in place (ByteCharStream), which only
// serves getText(): nothing lexes from it.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CQL_CQLTOKENSOURCE_H
#define NOSQLINT_CQL_CQLTOKENSOURCE_H

#include "CqlTokenizer.h"

#include "antlr4-runtime.h"

namespace nosqlint::cql {

/// A CharStream whose indices are the bytes of a UTF-8 text.
class ByteCharStream : public antlr4::CharStream {
public:
  explicit ByteCharStream(llvm::StringRef Text) : Text(Text) {}

  void consume() override;
  size_t LA(ssize_t I) override;
  ssize_t mark() override { return -1; }
  void release(ssize_t) override {}
  size_t index() override { return Pos; }
  void seek(size_t Index) override { Pos = std::min(Index, Text.size()); }
  size_t size() override { return Text.size(); }
  std::string getSourceName() const override { return "cql"; }
  std::string getText(const antlr4::misc::Interval &Interval) override;
  std::string toString() const override { return Text.str(); }

private:
  llvm::StringRef Text;
  size_t Pos = 0;
};

class CqlTokenSource : public antlr4::TokenSource {
public:
  explicit CqlTokenSource(llvm::StringRef Text)
      : Tokenizer(Text), Stream(Text) {}

  std::unique_ptr<antlr4::Token> nextToken() override;
  size_t getLine() const override { return Line; }
  size_t getCharPositionInLine() override { return Column; }
  antlr4::CharStream *getInputStream() override { return &Stream; }
  std::string getSourceName() override { return "cql"; }
  antlr4::TokenFactory<antlr4::CommonToken> *getTokenFactory() override {
    return antlr4::CommonTokenFactory::DEFAULT.get();
  }

private:
  CqlTokenizer Tokenizer;
  ByteCharStream Stream;
  size_t Line = 1;
  size_t Column = 0;
};

} // namespace nosqlint::cql

#endif
