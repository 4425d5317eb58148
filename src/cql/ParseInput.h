//===- ParseInput.h - The text being parsed and its position maps -*- C++ -*-===//
//
// ANTLR 4.9's input stream holds UTF-32, so token indices count code points.
// ParseInput decodes the UTF-8 text once (invalid bytes become U+FFFD, one
// code point per byte), remembers the byte offset of every code point (none
// for pure ASCII, the common case), and maps code-point ranges to text bytes
// and, through the TextOrigin, to file ranges.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CQL_PARSEINPUT_H
#define NOSQLINT_CQL_PARSEINPUT_H

#include "nosqlint/Basic/TextOrigin.h"

#include "llvm/ADT/StringRef.h"

#include "antlr4-runtime.h"

#include <cstdint>
#include <vector>

namespace nosqlint::cql {

/// An ANTLR character stream filled from UTF-8 without throwing on bad bytes.
class Utf8CharStream : public antlr4::ANTLRInputStream {
public:
  /// Decodes \p Text; \p ByteOffsets receives the byte offset of each code
  /// point (left empty when the text is pure ASCII).
  Utf8CharStream(llvm::StringRef Text, std::vector<uint32_t> &ByteOffsets);
};

class ParseInput {
public:
  ParseInput(llvm::StringRef Text, const TextOrigin &Origin);

  antlr4::CharStream &stream() { return Stream; }
  llvm::StringRef text() const { return Text; }
  const TextOrigin &origin() const { return Origin; }

  /// Byte offset in the text of code point \p Index.
  uint32_t byteOffset(size_t Index) const {
    if (Offsets.empty())
      return static_cast<uint32_t>(Index);
    return Index < Offsets.size() ? Offsets[Index]
                                  : static_cast<uint32_t>(Text.size());
  }

  /// Text bytes of a token.
  uint32_t tokenBegin(const antlr4::Token *T) const;
  uint32_t tokenEnd(const antlr4::Token *T) const;
  llvm::StringRef tokenText(const antlr4::Token *T) const;

  /// File ranges.
  SourceRange range(uint32_t TextBegin, uint32_t TextEnd) const {
    return Origin.toFileRange(TextBegin, TextEnd);
  }
  SourceRange tokenRange(const antlr4::Token *T) const;
  SourceRange tokenRange(const antlr4::Token *First,
                         const antlr4::Token *Last) const;
  SourceRange contextRange(const antlr4::ParserRuleContext *Ctx) const;
  /// An empty range just after \p T (for "missing ..." at end of input).
  SourceRange afterToken(const antlr4::Token *T) const;

private:
  llvm::StringRef Text;
  const TextOrigin &Origin;
  std::vector<uint32_t> Offsets;
  Utf8CharStream Stream;
};

} // namespace nosqlint::cql

#endif
