//===- CqlLexerFuzzer.cpp - CqlTokenizer against the generated lexer ------===//
//
// The input is any text: the hand-written tokenizer the parser reads and
// the lexer ANTLR generates from grammar/CqlLexer.g4 must give the same
// token stream (type, channel, byte range, line, column). Any difference
// aborts, with both tokens printed.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "LexerComparison.h"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Difference =
      nosqlint::cql::firstLexerDifference(nosqlint::fuzz::asText(Data, Size));
  if (!Difference.empty()) {
    std::fprintf(stderr, "lexers differ: %s\n", Difference.c_str());
    std::abort();
  }
  return 0;
}
