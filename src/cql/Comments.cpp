//===- Comments.cpp - Where the comments of a CQL text are ----------------===//
//
// Runs the CQL lexer over a text and keeps its comment tokens (`--`, `//`,
// `/* */`), so that a comment-like text inside a string literal or a quoted
// name is never taken for one.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Cql/Parser.h"

#include "ParseInput.h"

#include "CqlLexer.h"

namespace nosqlint::cql {

std::vector<std::pair<uint32_t, uint32_t>> commentRanges(llvm::StringRef Text) {
  using L = nosqlint_cql_gen::CqlLexer;
  std::vector<std::pair<uint32_t, uint32_t>> Out;
  TextOrigin None; // ParseInput keeps a reference to it
  ParseInput Input(Text, None);
  L Lexer(&Input.stream());
  Lexer.removeErrorListeners();
  for (auto T = Lexer.nextToken(); T->getType() != antlr4::Token::EOF;
       T = Lexer.nextToken()) {
    if (T->getType() == L::LINE_COMMENT || T->getType() == L::BLOCK_COMMENT)
      Out.emplace_back(Input.tokenBegin(T.get()), Input.tokenEnd(T.get()));
  }
  return Out;
}

} // namespace nosqlint::cql
