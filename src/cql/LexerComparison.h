//===- LexerComparison.h - The hand-written tokenizer against ANTLR's -*- C++ -*-===//
//
// grammar/CqlLexer.g4 is the specification of the CQL tokens: this runs
// the lexer ANTLR generates from it and CqlTokenizer over the same text and
// compares the token streams (type, channel, byte range, line and column),
// for the differential test and the fuzz target. The generated lexer reads
// UTF-32 (as the parser's input did before CqlTokenizer: a byte that starts
// no valid UTF-8 sequence is one U+FFFD), so its code-point positions are
// mapped back to bytes before the comparison. Not used by the analyzer.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CQL_LEXERCOMPARISON_H
#define NOSQLINT_CQL_LEXERCOMPARISON_H

#include "CqlTokenizer.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace nosqlint::cql {

/// Every token of \p Text, EOF last, from the ANTLR-generated lexer.
std::vector<CqlToken> lexWithGeneratedLexer(llvm::StringRef Text);

/// Every token of \p Text, EOF last, from CqlTokenizer.
std::vector<CqlToken> lexWithTokenizer(llvm::StringRef Text);

/// "" when both lexers give the same tokens for \p Text, else a description
/// of the first difference.
std::string firstLexerDifference(llvm::StringRef Text);

} // namespace nosqlint::cql

#endif
