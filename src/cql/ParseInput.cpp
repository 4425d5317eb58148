//===- ParseInput.cpp - UTF-8 decoding and position maps ------------------===//
#include "ParseInput.h"

namespace nosqlint::cql {

namespace {

/// Decodes one UTF-8 sequence at \p I; returns its length (1 for a bad byte,
/// which decodes to U+FFFD).
unsigned decodeOne(llvm::StringRef Text, size_t I, char32_t &Out) {
  auto Byte = [&](size_t K) { return static_cast<unsigned char>(Text[K]); };
  unsigned char C = Byte(I);
  if (C < 0x80) {
    Out = C;
    return 1;
  }
  unsigned Len = C >= 0xF0 ? 4 : C >= 0xE0 ? 3 : C >= 0xC0 ? 2 : 0;
  if (Len == 0 || C >= 0xF8 || I + Len > Text.size()) {
    Out = 0xFFFD;
    return 1;
  }
  char32_t V = C & (0x7F >> Len);
  for (unsigned K = 1; K < Len; ++K) {
    unsigned char Cont = Byte(I + K);
    if ((Cont & 0xC0) != 0x80) {
      Out = 0xFFFD;
      return 1;
    }
    V = (V << 6) | (Cont & 0x3F);
  }
  // Surrogates and values past U+10FFFF are not characters: ANTLR's runtime
  // throws std::range_error when it converts them back to UTF-8.
  if ((V >= 0xD800 && V <= 0xDFFF) || V > 0x10FFFF) {
    Out = 0xFFFD;
    return 1;
  }
  Out = V;
  return Len;
}

} // namespace

Utf8CharStream::Utf8CharStream(llvm::StringRef Text,
                               std::vector<uint32_t> &ByteOffsets) {
  bool Ascii = true;
  for (char C : Text)
    if (static_cast<unsigned char>(C) >= 0x80) {
      Ascii = false;
      break;
    }
  _data.clear();
  _data.reserve(Text.size());
  if (Ascii) {
    for (char C : Text)
      _data.push_back(static_cast<char32_t>(C));
  } else {
    ByteOffsets.reserve(Text.size() + 1);
    for (size_t I = 0; I < Text.size();) {
      char32_t Cp;
      unsigned Len = decodeOne(Text, I, Cp);
      ByteOffsets.push_back(static_cast<uint32_t>(I));
      _data.push_back(Cp);
      I += Len;
    }
    ByteOffsets.push_back(static_cast<uint32_t>(Text.size()));
  }
  p = 0;
}

ParseInput::ParseInput(llvm::StringRef Text, const TextOrigin &Origin)
    : Text(Text), Origin(Origin), Stream(Text, Offsets) {}

uint32_t ParseInput::tokenBegin(const antlr4::Token *T) const {
  return byteOffset(T->getStartIndex());
}

uint32_t ParseInput::tokenEnd(const antlr4::Token *T) const {
  if (T->getType() == antlr4::Token::EOF)
    return static_cast<uint32_t>(Text.size());
  // Stop index is inclusive.
  return byteOffset(T->getStopIndex() + 1);
}

llvm::StringRef ParseInput::tokenText(const antlr4::Token *T) const {
  uint32_t B = tokenBegin(T), E = tokenEnd(T);
  if (E < B)
    return {};
  return Text.slice(B, E);
}

SourceRange ParseInput::tokenRange(const antlr4::Token *T) const {
  if (T->getType() == antlr4::Token::EOF)
    return range(Text.size(), Text.size());
  return range(tokenBegin(T), tokenEnd(T));
}

SourceRange ParseInput::tokenRange(const antlr4::Token *First,
                                   const antlr4::Token *Last) const {
  uint32_t B = tokenBegin(First);
  uint32_t E = Last ? tokenEnd(Last) : B;
  if (E < B)
    E = B;
  return range(B, E);
}

SourceRange
ParseInput::contextRange(const antlr4::ParserRuleContext *Ctx) const {
  auto *Mutable = const_cast<antlr4::ParserRuleContext *>(Ctx);
  const antlr4::Token *Start = Mutable->getStart();
  const antlr4::Token *Stop = Mutable->getStop();
  if (Stop && Stop->getType() == antlr4::Token::EOF)
    Stop = nullptr;
  if (!Stop || Stop->getTokenIndex() < Start->getTokenIndex())
    return range(tokenBegin(Start), tokenBegin(Start));
  return tokenRange(Start, Stop);
}

SourceRange ParseInput::afterToken(const antlr4::Token *T) const {
  uint32_t E = tokenEnd(T);
  return range(E, E);
}

} // namespace nosqlint::cql
