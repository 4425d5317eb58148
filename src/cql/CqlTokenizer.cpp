//===- CqlTokenizer.cpp - The CQL tokens, written by hand -----------------===//
//
// Each rule of grammar/CqlLexer.g4 that can start at a character is matched
// as far as it goes; the longest wins, the earlier rule on a tie, as in
// the generated lexer.
//
//===----------------------------------------------------------------------===//
#include "CqlTokenizer.h"

#include "CqlLexer.h"

#include "llvm/ADT/StringMap.h"

namespace nosqlint::cql {

namespace {

using L = nosqlint_cql_gen::CqlLexer;

bool isDigit(char C) { return C >= '0' && C <= '9'; }
bool isLetter(char C) { return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z'); }
bool isHex(char C) {
  return isDigit(C) || (C >= 'a' && C <= 'f') || (C >= 'A' && C <= 'F');
}
bool isSpace(char C) {
  return C == ' ' || C == '\t' || C == '\r' || C == '\n' || C == '\f';
}
char lower(char C) { return C >= 'A' && C <= 'Z' ? C - 'A' + 'a' : C; }

/// The keywords, read from the generated lexer's vocabulary: the symbolic
/// name of every K_ token is the keyword (K_SELECT_MASKED is SELECT_MASKED).
const llvm::StringMap<size_t> &keywords() {
  static const llvm::StringMap<size_t> Map = [] {
    llvm::StringMap<size_t> M;
    antlr4::ANTLRInputStream Empty("");
    L Lexer(&Empty);
    const antlr4::dfa::Vocabulary &Vocab = Lexer.getVocabulary();
    for (size_t T = 1; T <= Vocab.getMaxTokenType(); ++T) {
      std::string Name = Vocab.getSymbolicName(T);
      if (Name.rfind("K_", 0) == 0)
        M[Name.substr(2)] = T;
    }
    return M;
  }();
  return Map;
}

/// The text and the rule matchers: each returns the end of its rule's
/// longest match at I, or 0 when the rule does not match there.
struct Matcher {
  llvm::StringRef Text;

  char at(size_t I) const { return I < Text.size() ? Text[I] : '\0'; }
  bool is(size_t I, char Lower) const { return lower(at(I)) == Lower; }

  size_t digits(size_t I) const {
    size_t J = I;
    while (isDigit(at(J)))
      ++J;
    return J - I;
  }

  size_t uuid(size_t I) const {
    if (I + 36 > Text.size())
      return 0;
    for (size_t K = 0; K < 36; ++K) {
      bool Dash = K == 8 || K == 13 || K == 18 || K == 23;
      if (Dash ? Text[I + K] != '-' : !isHex(Text[I + K]))
        return 0;
    }
    return I + 36;
  }

  size_t hexNumber(size_t I) const {
    if (at(I) != '0' || !is(I + 1, 'x'))
      return 0;
    size_t J = I + 2;
    while (isHex(at(J)))
      ++J;
    return J;
  }

  /// DURATION_UNIT at I: its length, 0 if none.
  size_t unit(size_t I) const {
    char C = lower(at(I));
    char N = lower(at(I + 1));
    switch (C) {
    case 'y': case 'w': case 'd': case 'h': case 's':
      return 1;
    case 'm':
      return N == 'o' || N == 's' ? 2 : 1;
    case 'u': case 'n':
      return N == 's' ? 2 : 0;
    case '\xC2': // U+00B5 MICRO SIGN
      return at(I + 1) == '\xB5' && is(I + 2, 's') ? 3 : 0;
    default:
      return 0;
    }
  }

  /// (DIGIT+ Unit)+ from I, Unit given as a predicate on the position that
  /// returns the unit's length; the end after the last whole repetition.
  template <typename UnitAt> size_t repeated(size_t I, UnitAt Unit) const {
    size_t Last = 0;
    for (size_t J = I;;) {
      size_t D = digits(J);
      if (D == 0)
        return Last;
      size_t U = Unit(J + D);
      if (U == 0)
        return Last;
      J += D + U;
      Last = J;
    }
  }

  size_t oneOf(size_t I, const char *Set) const {
    for (const char *S = Set; *S; ++S)
      if (is(I, *S))
        return 1;
    return 0;
  }

  size_t duration(size_t I) const {
    if (isDigit(at(I)))
      return repeated(I, [this](size_t J) { return unit(J); });
    if (!is(I, 'p'))
      return 0;
    auto Ymd = [this](size_t J) { return oneOf(J, "ymd"); };
    auto Hms = [this](size_t J) { return oneOf(J, "hms"); };
    size_t Best = 0;
    // P (DIGIT+ (Y|M|D))+ (T (DIGIT+ (H|M|S))+)?
    if (size_t E = repeated(I + 1, Ymd)) {
      Best = E;
      if (is(E, 't'))
        if (size_t F = repeated(E + 1, Hms))
          Best = F;
    }
    // P T (DIGIT+ (H|M|S))+
    if (is(I + 1, 't'))
      Best = std::max(Best, repeated(I + 2, Hms));
    // P DIGIT+ W
    if (size_t D = digits(I + 1))
      if (is(I + 1 + D, 'w'))
        Best = std::max(Best, I + 2 + D);
    // P DDDD-DD-DD T DD:DD:DD
    const char *Iso = "9999-99-99t99:99:99";
    size_t J = I + 1;
    for (const char *S = Iso; *S; ++S, ++J) {
      bool Ok = *S == '9' ? isDigit(at(J)) : *S == 't' ? is(J, 't') : at(J) == *S;
      if (!Ok)
        break;
      if (!S[1])
        Best = std::max(Best, J + 1);
    }
    return Best;
  }

  size_t exponent(size_t I) const {
    if (!is(I, 'e'))
      return 0;
    size_t J = I + 1;
    if (at(J) == '+' || at(J) == '-')
      ++J;
    size_t D = digits(J);
    return D ? J + D : 0;
  }

  size_t floatNumber(size_t I) const {
    size_t D = digits(I);
    if (D == 0)
      return 0;
    size_t J = I + D;
    if (at(J) == '.' && isDigit(at(J + 1))) {
      size_t K = J + 1 + digits(J + 1);
      size_t E = exponent(K);
      return E ? E : K;
    }
    return exponent(J);
  }

  size_t ident(size_t I) const {
    if (!isLetter(at(I)))
      return 0;
    size_t J = I + 1;
    while (isLetter(at(J)) || isDigit(at(J)) || at(J) == '_')
      ++J;
    return J;
  }

  /// '$$' .*? '$$'
  size_t dollarString(size_t I) const {
    if (!Text.substr(I).startswith("$$"))
      return 0;
    size_t Close = Text.find("$$", I + 2);
    return Close == llvm::StringRef::npos ? 0 : Close + 2;
  }

  /// Q (~Q | Q Q)* Q, with at least one element when \p NonEmpty; the end of
  /// the last closing quote the lexer could accept.
  size_t quoted(size_t I, char Q, bool NonEmpty) const {
    size_t Last = 0, Elements = 0;
    for (size_t J = I + 1; J < Text.size();) {
      if (Text[J] != Q) {
        ++J;
        ++Elements;
        continue;
      }
      if (Elements > 0 || !NonEmpty)
        Last = J + 1;
      if (at(J + 1) != Q)
        break;
      J += 2;
      ++Elements;
    }
    return Last;
  }
};

} // namespace

size_t keywordOrIdent(llvm::StringRef Word) {
  constexpr size_t Longest = 16;
  if (Word.size() > Longest)
    return L::IDENT;
  char Upper[Longest];
  for (size_t I = 0; I < Word.size(); ++I) {
    char C = Word[I];
    if (isDigit(C))
      return L::IDENT; // no keyword has a digit
    Upper[I] = C >= 'a' && C <= 'z' ? C - 'a' + 'A' : C;
  }
  const auto &Map = keywords();
  auto It = Map.find(llvm::StringRef(Upper, Word.size()));
  return It == Map.end() ? static_cast<size_t>(L::IDENT) : It->second;
}

unsigned decodeUtf8(llvm::StringRef Text, size_t I, char32_t &Out) {
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
  // An overlong form (C0 AB for '+') is no character either: before the
  // tokenizer the parser read it as the shorter one.
  char32_t Least = Len == 2 ? 0x80 : Len == 3 ? 0x800 : 0x10000;
  if ((V >= 0xD800 && V <= 0xDFFF) || V > 0x10FFFF || V < Least) {
    Out = 0xFFFD;
    return 1;
  }
  Out = V;
  return Len;
}

size_t CqlTokenizer::wordOrNumberAt(size_t I, size_t &Type) const {
  Matcher M{Text};
  // Candidates in the grammar's rule order: a later one wins only when
  // strictly longer.
  size_t End = 0;
  auto Offer = [&](size_t E, size_t T) {
    if (E > End) {
      End = E;
      Type = T;
    }
  };
  if (isHex(Text[I]))
    Offer(M.uuid(I), L::UUID);
  Offer(M.hexNumber(I), L::HEXNUMBER);
  Offer(M.duration(I), L::DURATION);
  Offer(M.floatNumber(I), L::FLOAT);
  Offer(I + M.digits(I), L::INTEGER);
  size_t Ident = M.ident(I);
  if (Ident > End) {
    End = Ident;
    Type = keywordOrIdent(Text.slice(I, Ident));
  }
  return End;
}

size_t CqlTokenizer::lexAt(size_t I, size_t &Type) const {
  Matcher M{Text};
  char C = Text[I];
  char N = M.at(I + 1);
  auto One = [&](size_t T) {
    Type = T;
    return I + 1;
  };
  auto Two = [&](size_t T) {
    Type = T;
    return I + 2;
  };
  switch (C) {
  case ' ': case '\t': case '\r': case '\n': case '\f': {
    size_t J = I + 1;
    while (J < Text.size() && isSpace(Text[J]))
      ++J;
    Type = L::WS;
    return J;
  }
  case '-':
    if (N == '-')
      break; // a line comment
    return N == '=' ? Two(L::MINUS_EQ) : One(L::MINUS);
  case '/':
    if (N == '/')
      break;
    if (N == '*') {
      size_t Close = Text.find("*/", I + 2);
      if (Close != llvm::StringRef::npos) {
        Type = L::BLOCK_COMMENT;
        return Close + 2;
      }
      // Unterminated: '/' then '*', as the generated lexer gives it.
    }
    return One(L::SLASH);
  case ';': return One(L::SEMI);
  case ',': return One(L::COMMA);
  case '.': return N == '.' ? Two(L::RANGE) : One(L::DOT);
  case ':': return One(L::COLON);
  case '?': return One(L::QMARK);
  case '(': return One(L::LPAREN);
  case ')': return One(L::RPAREN);
  case '[': return One(L::LBRACKET);
  case ']': return One(L::RBRACKET);
  case '{': return One(L::LBRACE);
  case '}': return One(L::RBRACE);
  case '=': return One(L::EQ);
  case '!':
    if (N == '=')
      return Two(L::NEQ);
    return One(L::ERROR_CHAR);
  case '<': return N == '=' ? Two(L::LTE) : One(L::LT);
  case '>': return N == '=' ? Two(L::GTE) : One(L::GT);
  case '+': return N == '=' ? Two(L::PLUS_EQ) : One(L::PLUS);
  case '*': return One(L::STAR);
  case '%': return One(L::PERCENT);
  case '\'':
    if (size_t E = M.quoted(I, '\'', /*NonEmpty=*/false)) {
      Type = L::STRING_LITERAL;
      return E;
    }
    return One(L::ERROR_CHAR);
  case '"':
    if (size_t E = M.quoted(I, '"', /*NonEmpty=*/true)) {
      Type = L::QUOTED_NAME;
      return E;
    }
    return One(L::ERROR_CHAR);
  case '$':
    if (size_t E = M.dollarString(I)) {
      Type = L::DOLLAR_STRING;
      return E;
    }
    return One(L::ERROR_CHAR);
  default:
    if (isDigit(C) || isLetter(C))
      return wordOrNumberAt(I, Type);
    char32_t Ignored;
    Type = L::ERROR_CHAR;
    return I + decodeUtf8(Text, I, Ignored);
  }
  // '--' or '//': to the end of the line.
  size_t J = I + 2;
  while (J < Text.size() && Text[J] != '\r' && Text[J] != '\n')
    ++J;
  Type = L::LINE_COMMENT;
  return J;
}

CqlToken CqlTokenizer::next() {
  CqlToken T;
  T.Begin = static_cast<uint32_t>(Pos);
  T.Line = Line;
  T.Column = static_cast<uint32_t>(Pos - LineStart);
  if (Pos >= Text.size()) {
    T.Type = antlr4::Token::EOF;
    T.End = T.Begin;
    return T;
  }
  size_t End = lexAt(Pos, T.Type);
  T.Hidden = T.Type == L::WS || T.Type == L::LINE_COMMENT ||
             T.Type == L::BLOCK_COMMENT;
  // Only whitespace, comments and the quoted tokens can hold a line break.
  if (T.Hidden || T.Type == L::STRING_LITERAL || T.Type == L::QUOTED_NAME ||
      T.Type == L::DOLLAR_STRING)
    for (size_t I = Pos; I < End; ++I)
      if (Text[I] == '\n') {
        ++Line;
        LineStart = I + 1;
      }
  T.End = static_cast<uint32_t>(End);
  Pos = End;
  return T;
}

} // namespace nosqlint::cql
