//===- ParseInput.cpp - Token positions to text and file ranges ----------===//
#include "ParseInput.h"

#include <algorithm>

namespace nosqlint::cql {

uint32_t ParseInput::tokenBegin(const antlr4::Token *T) const {
  return static_cast<uint32_t>(std::min(T->getStartIndex(), Text.size()));
}

uint32_t ParseInput::tokenEnd(const antlr4::Token *T) const {
  if (T->getType() == antlr4::Token::EOF)
    return static_cast<uint32_t>(Text.size());
  // Stop index is inclusive.
  return static_cast<uint32_t>(std::min(T->getStopIndex() + 1, Text.size()));
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
