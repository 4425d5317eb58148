//===- Server.h - nosqlint's language server --------------------*- C++ -*-===//
//
// `nosqlint server`: the Language Server Protocol over stdio. Each open
// document is checked on open, change and save against the workspace's
// schema (a Workspace, built once from the configuration that governs the
// workspace folder, rebuilt when a schema or configuration file changes),
// and its findings published; code actions, hover and a command that opens
// a rule's page work on the last check. Messages are handled one at a time,
// in order; bad input of any kind gets a JSON-RPC error (or, for a
// notification, a log message) and never stops the server.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_LSP_SERVER_H
#define NOSQLINT_LSP_SERVER_H

#include "nosqlint/Driver/Workspace.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <istream>
#include <memory>
#include <string>

namespace nosqlint::lsp {

class ServerState;

struct ServerOptions {
  /// Builds the Workspace of a root folder (the configuration that governs
  /// it, the schema it names); null with \p Error set when the
  /// configuration has an error.
  std::function<std::unique_ptr<Workspace>(llvm::StringRef Root,
                                           std::string &Error)>
      OpenWorkspace;
  std::string Version;
};

class Server {
public:
  Server(ServerOptions Options, llvm::raw_ostream &Out);
  ~Server();

  /// Reads and handles messages until `exit` or the end of input; returns
  /// the process's exit code (0 after shutdown, else 1). \p InputReady
  /// tells whether more input is waiting beyond what \p In has buffered
  /// (a poll of its file descriptor); a changed document is checked once
  /// none is.
  int run(std::istream &In, const std::function<bool()> &InputReady = {});

  /// Handles one message body and checks what it changed (tests and the
  /// fuzzer).
  void handleMessage(llvm::StringRef Body);
  /// Reports a framing error of the transport.
  void handleBadFrame(llvm::StringRef Error);
  bool exited() const;
  int exitCode() const;

private:
  std::unique_ptr<ServerState> State;
};

} // namespace nosqlint::lsp

#endif
