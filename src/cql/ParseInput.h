//===- ParseInput.h - The text being parsed and its position maps -*- C++ -*-===//
//
// The tokens come from CqlTokenSource, whose start and stop indices are
// byte offsets in the UTF-8 text (there is no UTF-32 copy of it).
// ParseInput maps token ranges to text bytes and, through the TextOrigin,
// to file ranges.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CQL_PARSEINPUT_H
#define NOSQLINT_CQL_PARSEINPUT_H

#include "nosqlint/Basic/TextOrigin.h"

#include "llvm/ADT/StringRef.h"

#include "antlr4-runtime.h"

#include <cstdint>

namespace nosqlint::cql {

class ParseInput {
public:
  ParseInput(llvm::StringRef Text, const TextOrigin &Origin)
      : Text(Text), Origin(Origin) {}

  llvm::StringRef text() const { return Text; }
  const TextOrigin &origin() const { return Origin; }

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
};

} // namespace nosqlint::cql

#endif
