//===- Protocol.h - The LSP types the server uses ---------------*- C++ -*-===//
//
// Only what the handlers need: positions (line and column, counted in
// UTF-16 code units, LSP's default, or in bytes when the client offers
// UTF-8 at initialize) converted to and from byte offsets, file URIs, and
// the JSON-RPC error codes. Everything else is built with llvm::json
// directly.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_LSP_PROTOCOL_H
#define NOSQLINT_LSP_PROTOCOL_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint::lsp {

/// JSON-RPC 2.0 and LSP error codes.
enum class ErrorCode : int {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
  RequestCancelled = -32800,
};

struct Position {
  unsigned Line = 0;      // 0-based
  unsigned Character = 0; // code units of the negotiated encoding
};

/// What a Position's Character counts (LSP 3.17's positionEncoding).
enum class PositionEncoding { Utf16, Utf8 };

/// The encoding to use given the client's `general.positionEncodings`
/// (null when it sent none): UTF-8 when offered, since our offsets are
/// bytes, else UTF-16, which every client must support.
PositionEncoding negotiatedEncoding(const llvm::json::Array *Offered);
llvm::StringRef encodingName(PositionEncoding E);

/// Line starts of a text, for offset <-> position conversion.
class LineTable {
public:
  explicit LineTable(llvm::StringRef Text,
                     PositionEncoding Encoding = PositionEncoding::Utf16);
  PositionEncoding encoding() const { return Encoding; }
  Position position(uint32_t Offset) const;
  /// The byte offset of \p P, clamped to its line and to the text.
  uint32_t offset(Position P) const;
  unsigned lineCount() const { return static_cast<unsigned>(Starts.size()); }
  uint32_t lineStart(unsigned Line) const;
  /// The offset just after the line's terminator (or the text's end).
  uint32_t nextLineStart(unsigned Line) const;

private:
  /// Code units of the UTF-8 sequence led by \p Lead.
  unsigned units(unsigned char Lead) const;

  llvm::StringRef Text;
  PositionEncoding Encoding;
  std::vector<uint32_t> Starts;
};

llvm::json::Value toJSON(Position P);
llvm::json::Value rangeJSON(const LineTable &Lines, uint32_t Begin,
                            uint32_t End);
/// Reads {"line": n, "character": n}; nothing when malformed.
std::optional<Position> positionFrom(const llvm::json::Value *V);

/// `file:///a%20b/c.cql` -> `/a b/c.cql`; nothing for another scheme or a
/// malformed URI.
std::optional<std::string> pathFromUri(llvm::StringRef Uri);
std::string uriFromPath(llvm::StringRef AbsolutePath);

} // namespace nosqlint::lsp

#endif
