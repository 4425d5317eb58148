//===- YamlScalars.cpp - A YAML scalar's value, mapped byte by byte -------===//
//
// YAML 1.2, chapters 6 to 8, for what a scalar means:
// - flow scalars (plain, '...', "..."): a line break and the blanks around
//   it fold into one space, or into one newline per empty line that
//   follows; in '...' `''` is one quote; in "..." a backslash starts an
//   escape (\n \t \" \\ \/ \0 \a \b \e \f \r \v \N \_ \L \P \xXX \uXXXX
//   \UXXXXXXXX, and an escaped line break that joins the lines);
// - block scalars: the content lines after the `|` or `>` header, with the
//   indentation of the first non-empty one removed; `>` folds a line break
//   between two lines that do not start with a blank into a space; the
//   chomping indicator (`-` strip, `+` keep, clip by default) says which
//   final line breaks stay.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Json/PositionedYaml.h"

#include "llvm/ADT/StringExtras.h"

namespace nosqlint::json {

namespace {

bool isBlank(char C) { return C == ' ' || C == '\t'; }

class ScalarBuilder {
public:
  void exact(llvm::StringRef Bytes, uint32_t FileBegin) {
    if (Bytes.empty())
      return;
    if (!Out.Segments.empty()) {
      TextOrigin::Segment &L = Out.Segments.back();
      if (L.Length == L.FileLength && L.FileBegin + L.FileLength == FileBegin &&
          L.TextBegin + L.Length == Out.Text.size()) {
        L.Length += Bytes.size();
        L.FileLength += Bytes.size();
        Out.Text += Bytes.str();
        return;
      }
    }
    add(Bytes, FileBegin, static_cast<uint32_t>(Bytes.size()));
  }
  void mapped(llvm::StringRef Bytes, uint32_t FileBegin, uint32_t FileLength) {
    if (Bytes.empty())
      return;
    add(Bytes, FileBegin, FileLength);
  }
  YamlScalarText take() { return std::move(Out); }
  size_t size() const { return Out.Text.size(); }

private:
  void add(llvm::StringRef Bytes, uint32_t FileBegin, uint32_t FileLength) {
    Out.Segments.push_back({static_cast<uint32_t>(Out.Text.size()),
                            static_cast<uint32_t>(Bytes.size()), FileBegin,
                            FileLength});
    Out.Text += Bytes.str();
  }
  YamlScalarText Out;
};

void appendUtf8(std::string &S, uint32_t C) {
  if (C < 0x80) {
    S += static_cast<char>(C);
  } else if (C < 0x800) {
    S += static_cast<char>(0xC0 | (C >> 6));
    S += static_cast<char>(0x80 | (C & 0x3F));
  } else if (C < 0x10000) {
    S += static_cast<char>(0xE0 | (C >> 12));
    S += static_cast<char>(0x80 | ((C >> 6) & 0x3F));
    S += static_cast<char>(0x80 | (C & 0x3F));
  } else {
    S += static_cast<char>(0xF0 | (C >> 18));
    S += static_cast<char>(0x80 | ((C >> 12) & 0x3F));
    S += static_cast<char>(0x80 | ((C >> 6) & 0x3F));
    S += static_cast<char>(0x80 | (C & 0x3F));
  }
}

/// The escape of "..." at \p I (a backslash): its decoded bytes and its
/// length in the file; false when it is no YAML escape.
bool readEscape(llvm::StringRef T, uint32_t I, uint32_t End, std::string &Out,
                uint32_t &Length) {
  if (I + 1 >= End)
    return false;
  char C = T[I + 1];
  Length = 2;
  switch (C) {
  case '0': Out = std::string(1, '\0'); return true;
  case 'a': Out = "\a"; return true;
  case 'b': Out = "\b"; return true;
  case 't': case '\t': Out = "\t"; return true;
  case 'n': Out = "\n"; return true;
  case 'v': Out = "\v"; return true;
  case 'f': Out = "\f"; return true;
  case 'r': Out = "\r"; return true;
  case 'e': Out = "\x1b"; return true;
  case ' ': Out = " "; return true;
  case '"': Out = "\""; return true;
  case '/': Out = "/"; return true;
  case '\\': Out = "\\"; return true;
  case 'N': Out.clear(); appendUtf8(Out, 0x85); return true;
  case '_': Out.clear(); appendUtf8(Out, 0xA0); return true;
  case 'L': Out.clear(); appendUtf8(Out, 0x2028); return true;
  case 'P': Out.clear(); appendUtf8(Out, 0x2029); return true;
  case 'x': case 'u': case 'U': {
    unsigned Digits = C == 'x' ? 2 : C == 'u' ? 4 : 8;
    if (I + 2 + Digits > End)
      return false;
    uint32_t V = 0;
    for (unsigned K = 0; K < Digits; ++K) {
      char H = T[I + 2 + K];
      if (!llvm::isHexDigit(H))
        return false;
      V = V * 16 + llvm::hexDigitValue(H);
    }
    if (V > 0x10FFFF || (V >= 0xD800 && V <= 0xDFFF))
      return false;
    Out.clear();
    appendUtf8(Out, V);
    Length = 2 + Digits;
    return true;
  }
  default:
    return false;
  }
}

/// A flow scalar's content [Begin, End): Quote is 0 (plain), '\'' or '"'.
std::optional<YamlScalarText> decodeFlow(llvm::StringRef T, uint32_t Begin,
                                         uint32_t End, char Quote) {
  ScalarBuilder B;
  uint32_t I = Begin;
  uint32_t Run = I; // start of the pending exact bytes
  auto Flush = [&](uint32_t To) {
    B.exact(T.slice(Run, To), Run);
  };
  while (I < End) {
    char C = T[I];
    if (C == '\r' || C == '\n') {
      // Trailing blanks of the line are not content.
      uint32_t LineEnd = I;
      while (LineEnd > Run && isBlank(T[LineEnd - 1]))
        --LineEnd;
      Flush(LineEnd);
      uint32_t J = I;
      unsigned EmptyLines = 0;
      bool First = true;
      while (J < End && (T[J] == '\r' || T[J] == '\n')) {
        J += T[J] == '\r' && J + 1 < End && T[J + 1] == '\n' ? 2 : 1;
        if (!First)
          ++EmptyLines;
        First = false;
        while (J < End && isBlank(T[J]))
          ++J;
      }
      std::string Fold = EmptyLines ? std::string(EmptyLines, '\n') : " ";
      B.mapped(Fold, LineEnd, J - LineEnd);
      I = Run = J;
      continue;
    }
    if (Quote == '\'' && C == '\'' && I + 1 < End && T[I + 1] == '\'') {
      Flush(I);
      B.mapped("'", I, 2);
      I = Run = I + 2;
      continue;
    }
    if (Quote == '"' && C == '\\') {
      Flush(I);
      if (I + 1 < End && (T[I + 1] == '\n' || T[I + 1] == '\r')) {
        // An escaped line break: the lines join, no space.
        uint32_t J = I + 1;
        J += T[J] == '\r' && J + 1 < End && T[J + 1] == '\n' ? 2 : 1;
        while (J < End && isBlank(T[J]))
          ++J;
        I = Run = J;
        continue;
      }
      std::string Decoded;
      uint32_t Length = 0;
      if (!readEscape(T, I, End, Decoded, Length))
        return std::nullopt;
      B.mapped(Decoded, I, Length);
      I = Run = I + Length;
      continue;
    }
    ++I;
  }
  Flush(End);
  return B.take();
}

uint32_t lineEnd(llvm::StringRef T, uint32_t I) {
  while (I < T.size() && T[I] != '\n')
    ++I;
  return static_cast<uint32_t>(I);
}

std::optional<YamlScalarText> decodeBlock(llvm::StringRef T, uint32_t Begin) {
  bool Folded = T[Begin] == '>';
  char Chomp = 0;
  uint32_t I = Begin + 1;
  while (I < T.size() && (T[I] == '+' || T[I] == '-' || llvm::isDigit(T[I]))) {
    if (llvm::isDigit(T[I]))
      return std::nullopt; // an explicit indentation: the parent's is not known here
    Chomp = T[I++];
  }
  uint32_t HeaderEnd = lineEnd(T, I);
  if (HeaderEnd >= T.size())
    return YamlScalarText();
  // The content lines: each [Start, End) without its '\n'.
  struct Line {
    uint32_t Start, End;
    bool Empty;
  };
  std::vector<Line> Lines;
  size_t Indent = 0;
  bool IndentKnown = false;
  for (uint32_t L = HeaderEnd + 1; L <= T.size();) {
    uint32_t E = lineEnd(T, L);
    uint32_t Content = E > L && T[E - 1] == '\r' ? E - 1 : E;
    uint32_t Spaces = L;
    while (Spaces < Content && T[Spaces] == ' ')
      ++Spaces;
    bool Empty = Spaces == Content;
    if (!IndentKnown && !Empty) {
      Indent = Spaces - L;
      IndentKnown = true;
      if (Indent == 0)
        break; // no content: the block is empty
    }
    if (!Empty && Spaces - L < Indent)
      break;
    if (Empty && IndentKnown && Spaces - L > Indent)
      Empty = false; // blanks beyond the indentation are content
    if (L == T.size())
      break;
    Lines.push_back({L, Content, Empty});
    if (E >= T.size())
      break;
    L = E + 1;
  }
  // Trailing empty lines are chomped; leading and inner ones are content.
  size_t Last = Lines.size();
  while (Last > 0 && Lines[Last - 1].Empty)
    --Last;
  ScalarBuilder B;
  auto StartsWithBlank = [&](const Line &L) {
    uint32_t At = L.Start + static_cast<uint32_t>(Indent);
    return At < L.End && isBlank(T[At]);
  };
  for (size_t K = 0; K < Last; ++K) {
    const Line &L = Lines[K];
    uint32_t From = std::min<uint32_t>(L.Start + Indent, L.End);
    if (!L.Empty)
      B.exact(T.slice(From, L.End), From);
    if (K + 1 == Last)
      break;
    // The line break after L.
    uint32_t Break = L.End;
    uint32_t BreakLength = (L.End < T.size() && T[L.End] == '\r') ? 2 : 1;
    if (!Folded || L.Empty || StartsWithBlank(L)) {
      B.mapped("\n", Break, BreakLength);
      continue;
    }
    // Folding: the break before the next non-empty line is a space, unless
    // empty lines come between (they are the newlines) or that line starts
    // with a blank.
    size_t Next = K + 1;
    while (Next < Last && Lines[Next].Empty)
      ++Next;
    if (Next == K + 1 && !StartsWithBlank(Lines[Next]))
      B.mapped(" ", Break, BreakLength);
    else if (Next > K + 1 && !StartsWithBlank(Lines[Next]))
      ; // the empty lines' own breaks stand for this one
    else
      B.mapped("\n", Break, BreakLength);
  }
  if (Last > 0 && Chomp != '-') {
    const Line &L = Lines[Last - 1];
    if (L.End < T.size())
      B.mapped("\n", L.End, 1);
    if (Chomp == '+')
      for (size_t K = Last; K < Lines.size(); ++K)
        if (Lines[K].End < T.size())
          B.mapped("\n", Lines[K].End, 1);
  }
  return B.take();
}


/// LLVM's range of a block scalar starts after its header line: the
/// header's indicator (`|`, `>`, then `+`, `-` or a digit) ends the line
/// before \p Begin, a comment aside.
std::optional<uint32_t> blockHeaderBefore(llvm::StringRef T, uint32_t Begin) {
  if (Begin == 0 || Begin > T.size() || T[Begin - 1] != '\n')
    return std::nullopt;
  uint32_t LineEnd = Begin - 1;
  uint32_t LineBegin = LineEnd;
  while (LineBegin > 0 && T[LineBegin - 1] != '\n')
    --LineBegin;
  llvm::StringRef Line = T.slice(LineBegin, LineEnd).rtrim("\r");
  for (size_t I = 0; I < Line.size(); ++I)
    if (Line[I] == '#' && (I == 0 || isBlank(Line[I - 1]))) {
      Line = Line.take_front(I);
      break;
    }
  Line = Line.rtrim(" \t");
  size_t I = Line.size();
  while (I > 0 && (Line[I - 1] == '+' || Line[I - 1] == '-' ||
                   llvm::isDigit(Line[I - 1])))
    --I;
  if (I == 0 || (Line[I - 1] != '|' && Line[I - 1] != '>'))
    return std::nullopt;
  // The indicator is a token of its own: `key: |`, `- >-`, `--- |`.
  if (I >= 2 && !isBlank(Line[I - 2]))
    return std::nullopt;
  return LineBegin + static_cast<uint32_t>(I - 1);
}

} // namespace

std::optional<YamlScalarText> decodeYamlScalar(llvm::StringRef Text,
                                               uint32_t Begin, uint32_t End) {
  End = std::min<uint32_t>(End, Text.size());
  if (std::optional<uint32_t> Header = blockHeaderBefore(Text, Begin))
    return decodeBlock(Text, *Header);
  if (Begin >= End)
    return YamlScalarText();
  char C = Text[Begin];
  if (C == '|' || C == '>')
    return decodeBlock(Text, Begin);
  if (C == '"' || C == '\'') {
    if (End - Begin < 2 || Text[End - 1] != C)
      return std::nullopt;
    return decodeFlow(Text, Begin + 1, End - 1, C);
  }
  return decodeFlow(Text, Begin, End, 0);
}

} // namespace nosqlint::json
