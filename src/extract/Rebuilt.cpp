//===- Rebuilt.cpp --------------------------------------------------------===//
#include "Rebuilt.h"

#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

static bool isWordChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// The last word of \p S (letters, digits, `_`), upper-cased, and the text
/// before it.
static std::string lastWord(llvm::StringRef S, llvm::StringRef &Rest) {
  size_t End = S.size();
  size_t Begin = End;
  while (Begin > 0 && isWordChar(S[Begin - 1]))
    --Begin;
  Rest = S.take_front(Begin).rtrim();
  return S.slice(Begin, End).upper();
}

HoleKind classifyHole(llvm::StringRef Before) {
  // Inside a CQL string literal when an odd number of quotes precede
  // ('' escapes count two and keep the parity).
  if (Before.count('\'') % 2 == 1)
    return HoleKind::InString;
  llvm::StringRef T = Before.rtrim();
  if (T.empty())
    return HoleKind::Structure;
  char C = T.back();
  if (C == '<') {
    // `frozen<`, `map<text, ` is a type, not a comparison.
    llvm::StringRef Rest;
    std::string W = lastWord(T.drop_back().rtrim(), Rest);
    if (W == "FROZEN" || W == "TUPLE" || W == "MAP" || W == "SET" ||
        W == "LIST" || W == "VECTOR")
      return HoleKind::Structure;
  }
  if (C == '=' || C == '<' || C == '>' || C == '+' || C == '-' || C == '[')
    return HoleKind::Value;
  if (C == '.')
    return HoleKind::Table;
  if (C == '(' || C == ',') {
    // A value list when the nearest keyword before is VALUES or IN.
    llvm::StringRef S = T.drop_back();
    for (unsigned Steps = 0; Steps < 200 && !S.empty(); ++Steps) {
      char D = S.back();
      if (!isWordChar(D)) {
        S = S.drop_back();
        continue;
      }
      llvm::StringRef Rest;
      std::string W = lastWord(S, Rest);
      if (W == "VALUES" || W == "IN")
        return HoleKind::Value;
      if (W == "SELECT" || W == "INSERT" || W == "WHERE" || W == "SET" ||
          W == "FROM" || W == "INTO" || W == "BY" || W == "AND" || W == "KEY")
        return HoleKind::Structure;
      S = Rest;
    }
    return HoleKind::Structure;
  }
  if (!isWordChar(C))
    return HoleKind::Structure;
  llvm::StringRef Rest;
  std::string W = lastWord(T, Rest);
  if (W == "FROM" || W == "INTO" || W == "UPDATE" || W == "TABLE" ||
      W == "TRUNCATE" || W == "COLUMNFAMILY")
    return HoleKind::Table;
  if (W == "EXISTS" && llvm::StringRef(Rest).upper().find("TABLE") !=
                           std::string::npos)
    return HoleKind::Table;
  if (W == "LIMIT" || W == "TTL" || W == "TIMESTAMP" || W == "CONTAINS" ||
      W == "IN" || W == "LIKE")
    return HoleKind::Value;
  if (W == "KEY") {
    llvm::StringRef R2;
    if (lastWord(Rest, R2) == "CONTAINS")
      return HoleKind::Value;
  }
  return HoleKind::Structure;
}

/// Whether \p Before ends with `VALUES (`: a hole there is the first of
/// the value list.
static bool opensValueList(llvm::StringRef Before) {
  llvm::StringRef T = Before.rtrim();
  if (!T.endswith("("))
    return false;
  llvm::StringRef Rest;
  return lastWord(T.drop_back().rtrim(), Rest) == "VALUES";
}

void Rebuilt::addSegment(uint32_t Length, uint32_t FileBegin,
                         uint32_t FileLength) {
  uint32_t TextBegin = static_cast<uint32_t>(Text.size()) - Length;
  // Merge a run of one-to-one bytes that continues the previous one.
  if (!Segments.empty() && Length == FileLength) {
    TextOrigin::Segment &L = Segments.back();
    if (L.Length == L.FileLength && L.TextBegin + L.Length == TextBegin &&
        L.FileBegin + L.FileLength == FileBegin) {
      L.Length += Length;
      L.FileLength += FileLength;
      return;
    }
  }
  Segments.push_back({TextBegin, Length, FileBegin, FileLength});
}

void Rebuilt::appendVerbatim(llvm::StringRef Bytes, uint32_t FileBegin) {
  if (Bytes.empty())
    return;
  Text += Bytes;
  uint32_t N = static_cast<uint32_t>(Bytes.size());
  addSegment(N, FileBegin, N);
}

void Rebuilt::appendMapped(llvm::StringRef Bytes, uint32_t FileBegin,
                           uint32_t FileLength) {
  if (Bytes.empty())
    return;
  Text += Bytes;
  // A run the same length as its span would read as one to one; that is
  // still inside the span, which is all a mapped run promises.
  addSegment(static_cast<uint32_t>(Bytes.size()), FileBegin, FileLength);
}

void Rebuilt::appendHole(uint32_t FileBegin, uint32_t FileLength,
                         const Rebuilt *Known) {
  if (Known) {
    lowerTrust(Known->Trust);
    Holes += Known->Holes;
    if (Known->Text.empty())
      return;
    Text += Known->Text;
    // Keep a distinct segment even when the lengths match: the constant's
    // bytes are not the identifier's bytes.
    uint32_t N = static_cast<uint32_t>(Known->Text.size());
    Segments.push_back({static_cast<uint32_t>(Text.size()) - N, N, FileBegin,
                        FileLength});
    return;
  }
  // `{a}{b}` is one value: the second hole extends the first.
  if (LastHoleEnd == Text.size() && !Segments.empty()) {
    TextOrigin::Segment &L = Segments.back();
    uint32_t End = FileBegin + FileLength;
    if (End > L.FileBegin + L.FileLength)
      L.FileLength = End - L.FileBegin;
    return;
  }
  ++Holes;
  llvm::StringRef Placeholder;
  HoleKind Kind = classifyHole(Text);
  switch (Kind) {
  case HoleKind::Value:
    Placeholder = "?";
    // `VALUES (` + marks + `)`: the hole may stand for the whole list, so
    // the count of values is unknown (no check may count them).
    if (opensValueList(Text))
      lowerTrust(SnippetTrust::TableUnknown);
    break;
  case HoleKind::InString:
    Placeholder = "x";
    break;
  case HoleKind::Table:
    Placeholder = HolePlaceholderName;
    lowerTrust(SnippetTrust::TableUnknown);
    break;
  case HoleKind::Structure:
    Placeholder = HolePlaceholderName;
    lowerTrust(SnippetTrust::Opaque);
    break;
  }
  // Keep words apart: a placeholder never glues onto the text around it,
  // but for a table name written in part (`FROM ks.table%v`): the hole
  // ends that one identifier, as it does at run time.
  bool EndsTableName = false;
  if (Kind == HoleKind::Table && !Text.empty() && isWordChar(Text.back())) {
    size_t Start = Text.size();
    while (Start > 0 && isWordChar(Text[Start - 1]))
      --Start;
    EndsTableName = Start > 0 && Text[Start - 1] == '.';
  }
  if (!Text.empty() && (isWordChar(Text.back()) || Text.back() == ')') &&
      Placeholder != "x" && !EndsTableName)
    Text += ' ', addSegment(1, FileBegin, 0);
  Text += Placeholder;
  uint32_t N = static_cast<uint32_t>(Placeholder.size());
  Segments.push_back({static_cast<uint32_t>(Text.size()) - N, N, FileBegin,
                      FileLength});
  LastHoleEnd = Text.size();
}

void Rebuilt::blankMargins(size_t From, char Margin) {
  bool LineStart = true;
  for (size_t I = From; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\n') {
      LineStart = true;
    } else if (LineStart && (C == ' ' || C == '\t')) {
      continue;
    } else {
      if (LineStart && C == Margin)
        Text[I] = ' ';
      LineStart = false;
    }
  }
}

TextOrigin Rebuilt::origin(FileId File) const {
  TextOrigin O(File);
  for (const TextOrigin::Segment &S : Segments)
    O.addSegment(S.TextBegin, S.Length, S.FileBegin, S.FileLength);
  return O;
}

} // namespace nosqlint::extract
