//===- AntlrSupport.h - ANTLR positions and syntax errors for DynamoDB -*- C++ -*-===//
//
// Shared by the expression and PartiQL parsers: ANTLR counts code points,
// diagnostics count file bytes. A TextMapper turns token indices into
// decoded-string byte offsets and then, through the string's TextOrigin,
// into file ranges. FirstErrorListener keeps the first syntax error with the
// offending token and its neighbours, which is what DynamoDB's message shows.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_SRC_DYNAMO_ANTLRSUPPORT_H
#define NOSQLINT_SRC_DYNAMO_ANTLRSUPPORT_H

#include "nosqlint/Basic/TextOrigin.h"

#include "antlr4-runtime.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::dynamo {

class TextMapper {
public:
  TextMapper(llvm::StringRef Text, const TextOrigin &Origin);

  /// Byte offset of code point \p Cp (Cp == count: the end of the text).
  uint32_t byteOffset(size_t Cp) const;
  SourceRange tokenRange(const antlr4::Token *T) const;
  SourceRange contextRange(antlr4::ParserRuleContext *C) const;
  SourceRange bytes(uint32_t Begin, uint32_t End) const {
    return Origin.toFileRange(Begin, End);
  }
  llvm::StringRef text() const { return Text; }

private:
  llvm::StringRef Text;
  const TextOrigin &Origin;
  std::vector<uint32_t> CpToByte; // empty when the text is ASCII
};

struct SyntaxErrorInfo {
  const antlr4::Token *Offending = nullptr;
  std::string Message;
};

class FirstErrorListener : public antlr4::BaseErrorListener {
public:
  void syntaxError(antlr4::Recognizer *, antlr4::Token *Offending, size_t,
                   size_t, const std::string &Msg, std::exception_ptr) override {
    if (!First)
      First = SyntaxErrorInfo{Offending, Msg};
  }
  std::optional<SyntaxErrorInfo> First;
};

/// The deepest nesting a parser is given: brackets of any kind plus NOT
/// keywords (both recurse in the generated parsers). Deeper input is refused
/// before parsing, so a hostile file cannot exhaust the stack.
constexpr unsigned MaxNesting = 200;

/// An upper bound of the parser's recursion depth for \p Text.
unsigned nestingDepth(llvm::StringRef Text);

/// DynamoDB's `near` for \p Offending: the text as written from the start
/// of the visible token before it to the end of the one after it (`a+:delta`
/// for the `+` of `a+:delta<b`, `currentCount + :delta` with its blanks); at
/// the end of the input, the token before it.
std::string nearText(antlr4::TokenStream &Tokens,
                     const antlr4::Token *Offending);

/// DynamoDB's wording: `Syntax error; token: "X", near: "A X B"`.
std::string syntaxErrorMessage(antlr4::CommonTokenStream &Tokens,
                               const antlr4::Token *Offending);

} // namespace nosqlint::dynamo

#endif
