//===- AntlrSupport.cpp - ANTLR positions and syntax errors ---------------===//
#include "AntlrSupport.h"

namespace nosqlint::dynamo {

TextMapper::TextMapper(llvm::StringRef Text, const TextOrigin &Origin)
    : Text(Text), Origin(Origin) {
  bool Ascii = true;
  for (unsigned char C : Text)
    if (C >= 0x80) {
      Ascii = false;
      break;
    }
  if (Ascii)
    return;
  for (uint32_t I = 0; I < Text.size(); ++I)
    if ((static_cast<unsigned char>(Text[I]) & 0xC0) != 0x80)
      CpToByte.push_back(I);
  CpToByte.push_back(static_cast<uint32_t>(Text.size()));
}

uint32_t TextMapper::byteOffset(size_t Cp) const {
  if (CpToByte.empty())
    return static_cast<uint32_t>(std::min(Cp, Text.size()));
  return CpToByte[std::min(Cp, CpToByte.size() - 1)];
}

SourceRange TextMapper::tokenRange(const antlr4::Token *T) const {
  if (!T || T->getType() == antlr4::Token::EOF) {
    uint32_t End = static_cast<uint32_t>(Text.size());
    return Origin.toFileRange(End, End);
  }
  return Origin.toFileRange(byteOffset(T->getStartIndex()),
                            byteOffset(T->getStopIndex() + 1));
}

SourceRange TextMapper::contextRange(antlr4::ParserRuleContext *C) const {
  const antlr4::Token *Start = C->getStart();
  const antlr4::Token *Stop = C->getStop();
  if (!Start || !Stop || Stop->getTokenIndex() < Start->getTokenIndex() ||
      Stop->getType() == antlr4::Token::EOF)
    return tokenRange(Start);
  return Origin.toFileRange(byteOffset(Start->getStartIndex()),
                            byteOffset(Stop->getStopIndex() + 1));
}

unsigned nestingDepth(llvm::StringRef Text) {
  unsigned Depth = 0, Max = 0, Nots = 0;
  char Quote = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (Quote) {
      if (C == Quote)
        Quote = 0;
      continue;
    }
    if (C == '\'' || C == '"') {
      Quote = C;
    } else if (C == '(' || C == '[' || C == '{') {
      Max = std::max(Max, ++Depth);
    } else if ((C == ')' || C == ']' || C == '}') && Depth) {
      --Depth;
    } else if ((C == 'n' || C == 'N') && I + 3 <= Text.size() &&
               Text.substr(I, 3).equals_insensitive("not") &&
               (I == 0 || !isalnum(static_cast<unsigned char>(Text[I - 1]))) &&
               (I + 3 == Text.size() ||
                !isalnum(static_cast<unsigned char>(Text[I + 3])))) {
      ++Nots;
    }
  }
  return Max + Nots;
}

std::string nearText(antlr4::TokenStream &Tokens,
                     const antlr4::Token *Offending) {
  if (!Offending)
    return "";
  auto Visible = [&](size_t I) {
    antlr4::Token *T = Tokens.get(I);
    return T->getChannel() == antlr4::Token::DEFAULT_CHANNEL ? T : nullptr;
  };
  size_t Index = Offending->getTokenIndex();
  const antlr4::Token *Prev = nullptr, *Next = nullptr;
  for (size_t I = Index; I-- > 0 && !Prev;)
    Prev = Visible(I);
  bool AtEnd = Offending->getType() == antlr4::Token::EOF;
  for (size_t I = Index + 1; !AtEnd && I < Tokens.size() && !Next; ++I)
    Next = Visible(I);
  if (Next && Next->getType() == antlr4::Token::EOF)
    Next = nullptr;
  const antlr4::Token *First = Prev ? Prev : AtEnd ? nullptr : Offending;
  const antlr4::Token *Last = Next ? Next : AtEnd ? Prev : Offending;
  if (!First || !Last)
    return "";
  return First->getInputStream()->getText(antlr4::misc::Interval(
      First->getStartIndex(), Last->getStopIndex()));
}

std::string syntaxErrorMessage(antlr4::CommonTokenStream &Tokens,
                               const antlr4::Token *Offending) {
  std::string Tok = !Offending ? ""
                    : Offending->getType() == antlr4::Token::EOF
                        ? "<EOF>"
                        : Offending->getText();
  return "Syntax error; token: \"" + Tok + "\", near: \"" +
         nearText(Tokens, Offending) + "\"";
}

} // namespace nosqlint::dynamo
