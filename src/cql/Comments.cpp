//===- Comments.cpp - Where the comments of a CQL text are ----------------===//
//
// Runs the CQL lexer over a text and keeps its comment tokens (`--`, `//`,
// `/* */`), so that a comment-like text inside a string literal or a quoted
// name is never taken for one.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Cql/Parser.h"

#include "CqlTokenizer.h"

#include "CqlLexer.h"

namespace nosqlint::cql {

std::vector<std::pair<uint32_t, uint32_t>> commentRanges(llvm::StringRef Text) {
  using L = nosqlint_cql_gen::CqlLexer;
  std::vector<std::pair<uint32_t, uint32_t>> Out;
  CqlTokenizer Lexer(Text);
  for (CqlToken T = Lexer.next(); T.Type != antlr4::Token::EOF;
       T = Lexer.next()) {
    if (T.Type == L::LINE_COMMENT || T.Type == L::BLOCK_COMMENT)
      Out.emplace_back(T.Begin, T.End);
  }
  return Out;
}

} // namespace nosqlint::cql
