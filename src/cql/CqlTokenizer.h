//===- CqlTokenizer.h - The CQL tokens, written by hand -------*- C++ -*-===//
//
// A tokenizer for the token rules of grammar/CqlLexer.g4, which stays the
// specification: it yields the same tokens as the ANTLR-generated lexer
// (longest match, the earlier rule on a tie, the two non-greedy rules
// ending at their first terminator, ERROR_CHAR for any other character),
// with the token types of that lexer's vocabulary, but reads the UTF-8
// bytes in place: positions are byte offsets, and there is no UTF-32 copy
// of the input. tests/unit/cql/LexerDifferentialTest.cpp and
// fuzz/CqlLexerFuzzer.cpp hold it to the generated lexer.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CQL_CQLTOKENIZER_H
#define NOSQLINT_CQL_CQLTOKENIZER_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>

namespace nosqlint::cql {

struct CqlToken {
  size_t Type = 0;     // a CqlLexer token type, or antlr4::Token::EOF
  bool Hidden = false; // whitespace and comments (ANTLR's hidden channel)
  uint32_t Begin = 0;  // byte offsets in the text, End exclusive
  uint32_t End = 0;
  uint32_t Line = 1;   // 1-based, counting '\n' as ANTLR's lexer does
  uint32_t Column = 0; // bytes since the start of the line
};

class CqlTokenizer {
public:
  explicit CqlTokenizer(llvm::StringRef Text) : Text(Text) {}

  /// The next token; at the end of the text an EOF token (Begin == End ==
  /// the text's size), again on every later call.
  CqlToken next();

private:
  /// The token type and end of the token that starts at \p I.
  size_t lexAt(size_t I, size_t &Type) const;
  size_t wordOrNumberAt(size_t I, size_t &Type) const;

  llvm::StringRef Text;
  size_t Pos = 0;
  uint32_t Line = 1;
  size_t LineStart = 0;
};

/// The token type of the keyword spelled \p Word (any case), or IDENT.
size_t keywordOrIdent(llvm::StringRef Word);

/// Decodes the UTF-8 sequence at \p I into one code point as the parser's
/// input has always read it: a byte that starts no valid sequence (and a
/// surrogate or a value past U+10FFFF) is U+FFFD of length 1. Returns the
/// length in bytes.
unsigned decodeUtf8(llvm::StringRef Text, size_t I, char32_t &Out);

} // namespace nosqlint::cql

#endif
