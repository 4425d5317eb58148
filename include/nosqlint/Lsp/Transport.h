//===- Transport.h - JSON-RPC messages framed by Content-Length -*- C++ -*-===//
//
// The base protocol of the Language Server Protocol: each message is a
// header block (`Content-Length: N`, optionally `Content-Type`, each line
// ended by CRLF, then an empty line) followed by N bytes of JSON. The reader
// never trusts its input: a header line, a header block and a body each have
// a bound; a block without a usable Content-Length is reported and skipped,
// a body over the bound is read past (not stored) and reported.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_LSP_TRANSPORT_H
#define NOSQLINT_LSP_TRANSPORT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <istream>
#include <string>

namespace nosqlint::lsp {

struct ReadResult {
  enum StatusKind {
    Message,   // Body holds one message's bytes (not yet parsed as JSON)
    BadFrame,  // Error says what was wrong; the reader has resynchronized
    EndOfInput // the client closed the stream
  };
  StatusKind Status = EndOfInput;
  std::string Body;
  std::string Error;
};

class MessageReader {
public:
  /// Bodies above \p MaxBodyBytes are skipped with an error.
  explicit MessageReader(std::istream &In, size_t MaxBodyBytes = 64u << 20)
      : In(In), MaxBodyBytes(MaxBodyBytes) {}

  ReadResult next();

private:
  /// One header line without its line end; false at the end of input.
  bool readLine(std::string &Line, bool &TooLong);

  std::istream &In;
  size_t MaxBodyBytes;
};

/// Writes \p Message with its header and flushes.
void writeMessage(llvm::raw_ostream &Out, const llvm::json::Value &Message);
/// Writes a message already serialized.
void writeFramed(llvm::raw_ostream &Out, llvm::StringRef Body);

} // namespace nosqlint::lsp

#endif
