//===- Protocol.h - The LSP types the server uses ---------------*- C++ -*-===//
//
// Only what the handlers need: positions (line and UTF-16 code unit, LSP's
// default encoding) converted to and from byte offsets, file URIs, and the
// JSON-RPC error codes. Everything else is built with llvm::json directly.
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
  unsigned Character = 0; // UTF-16 code units
};

/// Line starts of a text, for offset <-> position conversion.
class LineTable {
public:
  explicit LineTable(llvm::StringRef Text);
  Position position(uint32_t Offset) const;
  /// The byte offset of \p P, clamped to its line and to the text.
  uint32_t offset(Position P) const;
  unsigned lineCount() const { return static_cast<unsigned>(Starts.size()); }
  uint32_t lineStart(unsigned Line) const;
  /// The offset just after the line's terminator (or the text's end).
  uint32_t nextLineStart(unsigned Line) const;

private:
  llvm::StringRef Text;
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
