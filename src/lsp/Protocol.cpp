//===- Protocol.cpp - Positions and URIs ----------------------------------===//
#include "Protocol.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace nosqlint::lsp {

PositionEncoding negotiatedEncoding(const llvm::json::Array *Offered) {
  if (Offered)
    for (const llvm::json::Value &V : *Offered)
      if (V.getAsString() == llvm::StringRef("utf-8"))
        return PositionEncoding::Utf8;
  return PositionEncoding::Utf16;
}

llvm::StringRef encodingName(PositionEncoding E) {
  return E == PositionEncoding::Utf8 ? "utf-8" : "utf-16";
}

LineTable::LineTable(llvm::StringRef Text, PositionEncoding Encoding)
    : Text(Text), Encoding(Encoding) {
  Starts.push_back(0);
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      Starts.push_back(static_cast<uint32_t>(I + 1));
}

uint32_t LineTable::lineStart(unsigned Line) const {
  return Line < Starts.size() ? Starts[Line]
                              : static_cast<uint32_t>(Text.size());
}

uint32_t LineTable::nextLineStart(unsigned Line) const {
  return Line + 1 < Starts.size() ? Starts[Line + 1]
                                  : static_cast<uint32_t>(Text.size());
}

static unsigned utf8Length(unsigned char Lead) {
  return Lead >= 0xF0 ? 4 : Lead >= 0xE0 ? 3 : Lead >= 0xC0 ? 2 : 1;
}

/// In UTF-16, a sequence of four bytes is a surrogate pair and any other
/// one unit (a stray byte counts as one); in UTF-8 each byte is a unit.
unsigned LineTable::units(unsigned char Lead) const {
  if (Encoding == PositionEncoding::Utf8)
    return utf8Length(Lead);
  return Lead >= 0xF0 ? 2 : 1;
}

Position LineTable::position(uint32_t Offset) const {
  Offset = std::min<uint32_t>(Offset, Text.size());
  auto It = std::upper_bound(Starts.begin(), Starts.end(), Offset);
  unsigned Line = static_cast<unsigned>(It - Starts.begin()) - 1;
  unsigned Units = 0;
  for (uint32_t I = Starts[Line]; I < Offset;) {
    unsigned char C = static_cast<unsigned char>(Text[I]);
    Units += units(C);
    I += utf8Length(C);
  }
  return {Line, Units};
}

uint32_t LineTable::offset(Position P) const {
  if (P.Line >= Starts.size())
    return static_cast<uint32_t>(Text.size());
  uint32_t I = Starts[P.Line];
  uint32_t End = nextLineStart(P.Line);
  // The line's own text, without its terminator.
  while (End > I && (Text[End - 1] == '\n' || Text[End - 1] == '\r'))
    --End;
  unsigned Units = 0;
  while (I < End && Units < P.Character) {
    unsigned char C = static_cast<unsigned char>(Text[I]);
    Units += units(C);
    I = std::min<uint32_t>(I + utf8Length(C), End);
  }
  return I;
}

llvm::json::Value toJSON(Position P) {
  return llvm::json::Object{{"line", static_cast<int64_t>(P.Line)},
                            {"character", static_cast<int64_t>(P.Character)}};
}

llvm::json::Value rangeJSON(const LineTable &Lines, uint32_t Begin,
                            uint32_t End) {
  return llvm::json::Object{
      {"start", toJSON(Lines.position(Begin))},
      {"end", toJSON(Lines.position(std::max(Begin, End)))}};
}

std::optional<Position> positionFrom(const llvm::json::Value *V) {
  const llvm::json::Object *O = V ? V->getAsObject() : nullptr;
  if (!O)
    return std::nullopt;
  llvm::Optional<int64_t> Line = O->getInteger("line");
  llvm::Optional<int64_t> Char = O->getInteger("character");
  if (!Line || !Char || *Line < 0 || *Char < 0 || *Line > UINT32_MAX ||
      *Char > UINT32_MAX)
    return std::nullopt;
  return Position{static_cast<unsigned>(*Line), static_cast<unsigned>(*Char)};
}

std::optional<std::string> pathFromUri(llvm::StringRef Uri) {
  if (!Uri.consume_front("file://"))
    return std::nullopt;
  // An authority (file://host/path) other than localhost is not ours.
  if (!Uri.startswith("/")) {
    if (!Uri.consume_front("localhost"))
      return std::nullopt;
  }
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    char C = Uri[I];
    if (C == '%') {
      if (I + 2 >= Uri.size() || !llvm::isHexDigit(Uri[I + 1]) ||
          !llvm::isHexDigit(Uri[I + 2]))
        return std::nullopt;
      Path.push_back(
          static_cast<char>(llvm::hexFromNibbles(Uri[I + 1], Uri[I + 2])));
      I += 2;
      continue;
    }
    if (C == '?' || C == '#')
      break;
    Path.push_back(C);
  }
  if (Path.empty() || Path.find('\0') != std::string::npos)
    return std::nullopt;
  return Path;
}

std::string uriFromPath(llvm::StringRef AbsolutePath) {
  std::string Uri = "file://";
  for (char C : AbsolutePath) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-._~").contains(C)) {
      Uri.push_back(C);
      continue;
    }
    Uri += '%';
    Uri += llvm::hexdigit(static_cast<unsigned char>(C) >> 4);
    Uri += llvm::hexdigit(static_cast<unsigned char>(C) & 15);
  }
  return Uri;
}

} // namespace nosqlint::lsp
