//===- Literals.cpp -------------------------------------------------------===//
#include "Literals.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"

namespace nosqlint::extract {

namespace {

/// How a literal's body is read.
struct LiteralForm {
  uint32_t BodyBegin = 0; // file offsets
  uint32_t BodyEnd = 0;
  bool Escapes = true;       // backslash escapes are decoded
  bool KeepUnknownEscape = false; // Python keeps `\q` as two characters
  bool DoubledQuote = false; // C# verbatim: "" is one quote
  bool DoubledBraces = false; // f-strings, C# $"": {{ is one brace
  bool DoubledDollar = false; // Scala s"": $$ is one dollar
  bool FormatAfterHoles = false; // Scala f"": $x%5d, the spec belongs to x
  char Quote = '"';
};

bool hasPrefixChar(llvm::StringRef Prefix, char C) {
  return Prefix.find(C) != llvm::StringRef::npos ||
         Prefix.find(llvm::toUpper(C)) != llvm::StringRef::npos;
}

LiteralForm analyzeForm(HostLanguage Lang, llvm::StringRef File,
                        uint32_t Begin, uint32_t End) {
  LiteralForm F;
  llvm::StringRef Raw = File.slice(Begin, End);
  size_t P = 0;
  while (P < Raw.size() && Raw[P] != '"' && Raw[P] != '\'' && Raw[P] != '`')
    ++P;
  llvm::StringRef Prefix = Raw.take_front(P);
  if (P == Raw.size()) { // not a quoted literal: take it whole
    F.BodyBegin = Begin;
    F.BodyEnd = End;
    F.Escapes = false;
    return F;
  }
  F.Quote = Raw[P];
  size_t Run = 0;
  while (P + Run < Raw.size() && Raw[P + Run] == F.Quote)
    ++Run;
  size_t Delim = 1;
  if (Run >= 3)
    Delim = Lang == HostLanguage::CSharp ? Run : 3;
  if (Run == 2 && P + 2 == Raw.size())
    Delim = 1; // an empty string ""
  size_t BodyBegin = P + Delim;
  size_t BodyEnd = Raw.size() >= Delim && Raw.size() - Delim >= BodyBegin
                       ? Raw.size() - Delim
                       : BodyBegin;
  F.BodyBegin = Begin + static_cast<uint32_t>(BodyBegin);
  F.BodyEnd = Begin + static_cast<uint32_t>(BodyEnd);
  bool Triple = Delim >= 3;
  switch (Lang) {
  case HostLanguage::Go:
    F.Escapes = F.Quote != '`';
    break;
  case HostLanguage::Python:
    F.Escapes = !hasPrefixChar(Prefix, 'r');
    F.KeepUnknownEscape = true;
    F.DoubledBraces = hasPrefixChar(Prefix, 'f');
    break;
  case HostLanguage::CSharp:
    F.DoubledQuote = Prefix.contains('@');
    F.Escapes = !F.DoubledQuote && !Triple;
    F.DoubledBraces = Prefix.contains('$') && !Triple;
    break;
  case HostLanguage::Kotlin:
    F.Escapes = !Triple;
    break;
  case HostLanguage::Scala:
    F.Escapes = Prefix.empty() ? !Triple : Prefix != "raw";
    F.DoubledDollar = !Prefix.empty();
    F.FormatAfterHoles = Prefix == "f";
    break;
  case HostLanguage::Java:
  case HostLanguage::JavaScript:
  case HostLanguage::TypeScript:
  case HostLanguage::Tsx:
    break;
  }
  return F;
}

void appendUtf8(uint32_t CodePoint, std::string &Out) {
  char Buf[4];
  char *Ptr = Buf;
  if (!llvm::ConvertCodePointToUTF8(CodePoint, Ptr))
    CodePoint = 0xFFFD, Ptr = Buf, llvm::ConvertCodePointToUTF8(CodePoint, Ptr);
  Out.append(Buf, Ptr);
}

/// Reads up to \p Max hex digits at \p S[I...]; returns how many were read.
size_t readHex(llvm::StringRef S, size_t I, size_t Max, uint32_t &Value) {
  size_t N = 0;
  Value = 0;
  while (N < Max && I + N < S.size() && llvm::isHexDigit(S[I + N])) {
    Value = Value * 16 + llvm::hexDigitValue(S[I + N]);
    ++N;
  }
  return N;
}

/// Decodes the escape starting at the backslash \p Body[I]; returns the
/// number of raw bytes it spans and appends its value to \p Out.
size_t decodeEscape(HostLanguage Lang, const LiteralForm &F,
                    llvm::StringRef Body, size_t I, std::string &Out) {
  if (I + 1 >= Body.size()) {
    Out += '\\';
    return 1;
  }
  char C = Body[I + 1];
  uint32_t V = 0;
  switch (C) {
  case 'n': Out += '\n'; return 2;
  case 't': Out += '\t'; return 2;
  case 'r': Out += '\r'; return 2;
  case 'b': Out += '\b'; return 2;
  case 'f': Out += '\f'; return 2;
  case 'v': Out += '\v'; return 2;
  case 'a': Out += '\a'; return 2;
  case 's': Out += ' '; return 2; // Java text blocks
  case '\\': case '\'': case '"': case '`': case '$': case '{': case '}':
  case '?':
    Out += C;
    return 2;
  case '\n': // line continuation
    return 2;
  case '\r':
    return I + 2 < Body.size() && Body[I + 2] == '\n' ? 3 : 2;
  case 'x': {
    size_t N = readHex(Body, I + 2, Lang == HostLanguage::CSharp ? 4 : 2, V);
    if (N == 0)
      break;
    if (Lang == HostLanguage::CSharp || Lang == HostLanguage::JavaScript ||
        Lang == HostLanguage::TypeScript || Lang == HostLanguage::Tsx ||
        Lang == HostLanguage::Python)
      appendUtf8(V, Out);
    else
      Out += static_cast<char>(V);
    return 2 + N;
  }
  case 'u': {
    size_t J = I + 2;
    while (Lang == HostLanguage::Java && J < Body.size() && Body[J] == 'u')
      ++J; // Java allows \uuuu0041
    if (J < Body.size() && Body[J] == '{') { // JS \u{1F600}
      size_t N = readHex(Body, J + 1, 6, V);
      if (N && J + 1 + N < Body.size() && Body[J + 1 + N] == '}') {
        appendUtf8(V, Out);
        return J + 2 + N - I;
      }
      break;
    }
    size_t N = readHex(Body, J, 4, V);
    if (N != 4)
      break;
    appendUtf8(V, Out);
    return J + 4 - I;
  }
  case 'U': {
    size_t N = readHex(Body, I + 2, 8, V);
    if (N != 8)
      break;
    appendUtf8(V, Out);
    return 10;
  }
  case 'N': // Python \N{NAME}: the character is not needed, only its span
    if (Lang == HostLanguage::Python && I + 2 < Body.size() &&
        Body[I + 2] == '{') {
      size_t Close = Body.find('}', I + 3);
      if (Close != llvm::StringRef::npos) {
        Out += '?';
        return Close + 1 - I;
      }
    }
    break;
  default:
    if (C >= '0' && C <= '7') {
      size_t N = 0;
      while (N < 3 && I + 1 + N < Body.size() && Body[I + 1 + N] >= '0' &&
             Body[I + 1 + N] <= '7') {
        V = V * 8 + (Body[I + 1 + N] - '0');
        ++N;
      }
      Out += static_cast<char>(V & 0xFF);
      return 1 + N;
    }
    break;
  }
  // An unknown escape.
  if (F.KeepUnknownEscape)
    Out += '\\';
  Out += C;
  return 2;
}

/// The length of a printf conversion at \p S[I] (which is '%'), 0 if none;
/// \p Name receives a Python `%(name)s` key.
size_t percentSpec(llvm::StringRef S, size_t I, llvm::StringRef &Name) {
  size_t J = I + 1;
  if (J < S.size() && S[J] == '(') {
    size_t Close = S.find(')', J);
    if (Close == llvm::StringRef::npos)
      return 0;
    Name = S.slice(J + 1, Close);
    J = Close + 1;
  }
  while (J < S.size() && (llvm::isDigit(S[J]) || llvm::StringRef("-+ #0.$*").contains(S[J])))
    ++J;
  size_t Modifiers = J;
  while (J < S.size() && llvm::StringRef("hlLqjzt").contains(S[J]))
    ++J;
  if (J < S.size() && llvm::isAlpha(S[J]))
    return J + 1 - I;
  // The last of them is the verb itself: Go's %q (a quoted string).
  if (J > Modifiers)
    return J - I;
  return 0;
}

} // namespace

bool isStringLiteralText(llvm::StringRef Raw) {
  Raw = Raw.ltrim("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ$@");
  return !Raw.empty() && (Raw[0] == '"' || Raw[0] == '\'' || Raw[0] == '`');
}

void decodeLiteral(HostLanguage Lang, llvm::StringRef File, uint32_t Begin,
                   uint32_t End, llvm::ArrayRef<HoleSpan> Holes,
                   FormatStyle Format, const LiteralCallbacks &Callbacks,
                   Rebuilt &Out) {
  LiteralForm F = analyzeForm(Lang, File, Begin, End);
  llvm::StringRef Body = File.slice(F.BodyBegin, F.BodyEnd);
  const uint32_t Base = F.BodyBegin;
  size_t HoleIndex = 0;
  size_t LocalIndex = 0;
  size_t &FormatIndex = Callbacks.AutoIndex ? *Callbacks.AutoIndex : LocalIndex;
  size_t RunStart = 0; // start of the pending verbatim run
  std::string Decoded;

  auto Flush = [&](size_t Upto) {
    if (Upto > RunStart)
      Out.appendVerbatim(Body.slice(RunStart, Upto),
                         Base + static_cast<uint32_t>(RunStart));
  };

  size_t I = 0;
  while (I < Body.size()) {
    uint32_t Here = Base + static_cast<uint32_t>(I);
    // An interpolation hole.
    if (HoleIndex < Holes.size() && Holes[HoleIndex].Begin <= Here) {
      const HoleSpan &H = Holes[HoleIndex];
      Flush(I);
      uint32_t HoleEnd = std::min<uint32_t>(H.End, F.BodyEnd);
      uint32_t HoleBegin = std::max<uint32_t>(H.Begin, Base);
      Out.appendHole(HoleBegin, HoleEnd - HoleBegin,
                     Callbacks.Interpolation ? Callbacks.Interpolation(HoleIndex)
                                             : nullptr);
      ++HoleIndex;
      I = std::max<size_t>(I + 1, HoleEnd - Base);
      llvm::StringRef SpecName;
      if (F.FormatAfterHoles && I < Body.size() && Body[I] == '%')
        if (size_t N = percentSpec(Body, I, SpecName)) {
          // Adjacent to the hole: it extends it.
          Out.appendHole(Base + static_cast<uint32_t>(I),
                         static_cast<uint32_t>(N));
          I += N;
        }
      RunStart = I;
      continue;
    }
    char C = Body[I];
    if (C == '\\' && F.Escapes) {
      Flush(I);
      Decoded.clear();
      size_t N = decodeEscape(Lang, F, Body, I, Decoded);
      Out.appendMapped(Decoded, Here, static_cast<uint32_t>(N));
      I += N;
      RunStart = I;
      continue;
    }
    if (F.DoubledQuote && C == F.Quote && I + 1 < Body.size() &&
        Body[I + 1] == F.Quote) {
      Flush(I);
      Out.appendMapped(Body.substr(I, 1), Here, 2);
      I += 2;
      RunStart = I;
      continue;
    }
    if (F.DoubledDollar && C == '$' && I + 1 < Body.size() && Body[I + 1] == '$') {
      Flush(I);
      Out.appendMapped("$", Here, 2);
      I += 2;
      RunStart = I;
      continue;
    }
    bool BraceFormat = Format == FormatStyle::Braces;
    if ((F.DoubledBraces || BraceFormat) && (C == '{' || C == '}') &&
        I + 1 < Body.size() && Body[I + 1] == C) {
      Flush(I);
      Out.appendMapped(Body.substr(I, 1), Here, 2);
      I += 2;
      RunStart = I;
      continue;
    }
    if (BraceFormat && C == '{') {
      size_t Close = Body.find('}', I);
      if (Close != llvm::StringRef::npos) {
        llvm::StringRef Field = Body.slice(I + 1, Close);
        Field = Field.take_until([](char D) { return D == ':' || D == '!'; });
        size_t Index = FormatIndex;
        llvm::StringRef Name;
        unsigned long long Num;
        if (Field.empty())
          ++FormatIndex;
        else if (!Field.getAsInteger(10, Num))
          Index = static_cast<size_t>(Num);
        else
          Name = Field;
        Flush(I);
        Out.appendHole(Here, static_cast<uint32_t>(Close + 1 - I),
                       Callbacks.FormatArg ? Callbacks.FormatArg(Index, Name)
                                           : nullptr);
        I = Close + 1;
        RunStart = I;
        continue;
      }
    }
    // A `${name}` the language does not interpolate is a template
    // placeholder for a later step (the DataStax mapper's
    // ${qualifiedTableId}, Spring properties, string.Template): a hole.
    if (C == '$' && I + 1 < Body.size() && Body[I + 1] == '{' &&
        Lang != HostLanguage::Kotlin &&
        !(Lang == HostLanguage::Scala && F.DoubledDollar)) {
      size_t Close = Body.find('}', I + 2);
      llvm::StringRef Name =
          Close == llvm::StringRef::npos ? "" : Body.slice(I + 2, Close);
      if (!Name.empty() && llvm::all_of(Name, [](char Ch) {
            return llvm::isAlnum(Ch) || Ch == '_' || Ch == '.' || Ch == '-';
          })) {
        Flush(I);
        Out.appendHole(Here, static_cast<uint32_t>(Close + 1 - I));
        I = Close + 1;
        RunStart = I;
        continue;
      }
    }
    // Spring Data's markers: positional ?0, ?1 and SpEL :#{...} / ?#{...}
    // are bind markers.
    if ((Lang == HostLanguage::Java || Lang == HostLanguage::Kotlin ||
         Lang == HostLanguage::Scala) &&
        (C == '?' || C == ':') && I + 1 < Body.size() &&
        classifyHole(Out.text()) != HoleKind::InString) {
      size_t E = I + 1;
      if (Body[E] == '#' && E + 1 < Body.size() && Body[E + 1] == '{') {
        size_t Close = Body.find('}', E + 2);
        E = Close == llvm::StringRef::npos ? I : Close + 1;
      } else if (C == '?') {
        while (E < Body.size() && llvm::isDigit(Body[E]))
          ++E;
        if (E == I + 1)
          E = I;
      } else {
        E = I;
      }
      if (E > I) {
        Flush(I);
        Out.appendMapped("?", Here, static_cast<uint32_t>(E - I));
        I = E;
        RunStart = I;
        continue;
      }
    }
    // A SpEL template expression elsewhere (`FROM #{tenant()}.t`, Spring
    // Data's @Query): a hole where it stands (CQL has no `#`).
    if ((Lang == HostLanguage::Java || Lang == HostLanguage::Kotlin ||
         Lang == HostLanguage::Scala) &&
        C == '#' && I + 1 < Body.size() && Body[I + 1] == '{' &&
        classifyHole(Out.text()) != HoleKind::InString) {
      size_t Close = Body.find('}', I + 2);
      if (Close != llvm::StringRef::npos) {
        Flush(I);
        Out.appendHole(Here, static_cast<uint32_t>(Close + 1 - I));
        I = Close + 1;
        RunStart = I;
        continue;
      }
    }
    // Python's cassandra-driver marks values with %s and %(name)s; after
    // `%` formatting they were written %%s. Either is a bind marker.
    if (Lang == HostLanguage::Python && C == '%') {
      size_t At = I + (Format == FormatStyle::Percent ? 1 : 0);
      llvm::StringRef Name;
      size_t N = 0;
      if (At == I || (At < Body.size() && Body[At] == '%'))
        N = percentSpec(Body, At, Name);
      if (N) {
        Flush(I);
        // The driver renders the value as a literal: a bind marker where a
        // value goes, a string elsewhere (CREATE USER %s).
        std::string Named;
        llvm::StringRef Marker;
        HoleKind Kind = classifyHole(Out.text());
        if (Kind != HoleKind::Value && Kind != HoleKind::InString) {
          // Not where a value goes (`CREATE USER %s`, `v_%s`): the text
          // around it is not known for sure.
          Out.appendHole(Here, static_cast<uint32_t>(At - I + N));
          I = At + N;
          RunStart = I;
          continue;
        }
        if (Kind == HoleKind::InString) {
          Marker = "x";
        } else if (Kind == HoleKind::Value) {
          Marker = "?";
          if (!Name.empty() && !llvm::isDigit(Name[0]) &&
              llvm::all_of(Name, [](char Ch) {
                return llvm::isAlnum(Ch) || Ch == '_';
              })) {
            Named.push_back(':');
            Named.append(Name.begin(), Name.end());
            Marker = Named;
          }
        }
        Out.appendMapped(Marker, Here, static_cast<uint32_t>(At - I + N));
        I = At + N;
        RunStart = I;
        continue;
      }
    }
    // A Java, Kotlin or Scala string with %s or %d that no format call
    // here reads is a template formatted elsewhere (`String.format(
    // st.getStatement(), table)`): each verb is a value of the caller's.
    if (Format == FormatStyle::None && C == '%' &&
        (Lang == HostLanguage::Java || Lang == HostLanguage::Kotlin ||
         Lang == HostLanguage::Scala)) {
      size_t J = I + 1;
      while (J < Body.size() && (llvm::isDigit(Body[J]) || Body[J] == '$'))
        ++J;
      bool Verb = J < Body.size() && (Body[J] == 's' || Body[J] == 'd') &&
                  (J + 1 >= Body.size() || !(llvm::isAlnum(Body[J + 1]) ||
                                             Body[J + 1] == '_')) &&
                  (I == 0 || Body[I - 1] != '%');
      if (Verb) {
        std::string Before = Out.text();
        Before += Body.slice(RunStart, I);
        Verb = classifyHole(Before) != HoleKind::InString;
      }
      if (Verb) {
        Flush(I);
        Out.appendHole(Here, static_cast<uint32_t>(J + 1 - I));
        I = J + 1;
        RunStart = I;
        continue;
      }
    }
    if (Format == FormatStyle::Percent && C == '%') {
      if (I + 1 < Body.size() && Body[I + 1] == '%') {
        Flush(I);
        Out.appendMapped("%", Here, 2);
        I += 2;
        RunStart = I;
        continue;
      }
      llvm::StringRef Name;
      if (size_t N = percentSpec(Body, I, Name)) {
        size_t Index = FormatIndex;
        // Java's explicit index: %2$s
        llvm::StringRef Spec = Body.slice(I + 1, I + N);
        size_t Dollar = Spec.find('$');
        unsigned long long Num;
        if (Dollar != llvm::StringRef::npos &&
            !Spec.take_front(Dollar).getAsInteger(10, Num) && Num > 0)
          Index = static_cast<size_t>(Num - 1);
        else if (Name.empty())
          ++FormatIndex;
        Flush(I);
        Out.appendHole(Here, static_cast<uint32_t>(N),
                       Callbacks.FormatArg ? Callbacks.FormatArg(Index, Name)
                                           : nullptr);
        I += N;
        RunStart = I;
        continue;
      }
    }
    ++I;
  }
  Flush(Body.size());
}

} // namespace nosqlint::extract
