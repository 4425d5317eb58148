//===- LexerComparison.cpp - The hand-written tokenizer against ANTLR's ---===//
#include "LexerComparison.h"

#include "CqlLexer.h"

#include "antlr4-runtime.h"

namespace nosqlint::cql {

namespace {

/// An ANTLR character stream filled from UTF-8 the way the parser's input
/// was: one code point per valid sequence, U+FFFD for each bad byte.
class Utf8CharStream : public antlr4::ANTLRInputStream {
public:
  /// \p ByteOffsets receives the byte offset of each code point and, last,
  /// the text's size.
  Utf8CharStream(llvm::StringRef Text, std::vector<uint32_t> &ByteOffsets) {
    _data.clear();
    _data.reserve(Text.size());
    ByteOffsets.reserve(Text.size() + 1);
    for (size_t I = 0; I < Text.size();) {
      char32_t Cp;
      unsigned Len = decodeUtf8(Text, I, Cp);
      ByteOffsets.push_back(static_cast<uint32_t>(I));
      _data.push_back(Cp);
      I += Len;
    }
    ByteOffsets.push_back(static_cast<uint32_t>(Text.size()));
    p = 0;
  }
};

std::string describe(const CqlToken &T) {
  return "type " + std::to_string(T.Type) + (T.Hidden ? " hidden" : "") +
         " bytes [" + std::to_string(T.Begin) + ", " + std::to_string(T.End) +
         ") line " + std::to_string(T.Line) + " column " +
         std::to_string(T.Column);
}

} // namespace

std::vector<CqlToken> lexWithGeneratedLexer(llvm::StringRef Text) {
  std::vector<uint32_t> Offsets;
  Utf8CharStream Stream(Text, Offsets);
  nosqlint_cql_gen::CqlLexer Lexer(&Stream);
  Lexer.removeErrorListeners();
  auto Byte = [&](size_t CodePoint) {
    return CodePoint < Offsets.size() ? Offsets[CodePoint] : Offsets.back();
  };
  std::vector<CqlToken> Out;
  while (true) {
    std::unique_ptr<antlr4::Token> T = Lexer.nextToken();
    CqlToken C;
    C.Type = T->getType();
    C.Hidden = T->getChannel() != antlr4::Token::DEFAULT_CHANNEL;
    C.Begin = Byte(T->getStartIndex());
    C.End = C.Type == antlr4::Token::EOF ? C.Begin : Byte(T->getStopIndex() + 1);
    C.Line = static_cast<uint32_t>(T->getLine());
    // ANTLR counts the column in code points; in bytes it is the distance
    // to the code point that starts the line.
    C.Column = C.Begin - Byte(T->getStartIndex() - T->getCharPositionInLine());
    Out.push_back(C);
    if (C.Type == antlr4::Token::EOF)
      return Out;
  }
}

std::vector<CqlToken> lexWithTokenizer(llvm::StringRef Text) {
  CqlTokenizer Tokenizer(Text);
  std::vector<CqlToken> Out;
  do
    Out.push_back(Tokenizer.next());
  while (Out.back().Type != antlr4::Token::EOF);
  return Out;
}

std::string firstLexerDifference(llvm::StringRef Text) {
  std::vector<CqlToken> Want = lexWithGeneratedLexer(Text);
  std::vector<CqlToken> Got = lexWithTokenizer(Text);
  for (size_t I = 0; I < Want.size() && I < Got.size(); ++I) {
    const CqlToken &W = Want[I], &G = Got[I];
    if (W.Type != G.Type || W.Hidden != G.Hidden || W.Begin != G.Begin ||
        W.End != G.End || W.Line != G.Line || W.Column != G.Column)
      return "token " + std::to_string(I) + ": generated lexer " +
             describe(W) + ", tokenizer " + describe(G) + ", text '" +
             Text.slice(W.Begin, std::max(W.End, G.End)).str() + "'";
  }
  if (Want.size() != Got.size())
    return "generated lexer " + std::to_string(Want.size()) +
           " tokens, tokenizer " + std::to_string(Got.size());
  return "";
}

} // namespace nosqlint::cql
