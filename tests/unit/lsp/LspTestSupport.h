//===- LspTestSupport.h - Driving the server over string streams -*- C++
//-*-===//
#ifndef NOSQLINT_TESTS_LSPTESTSUPPORT_H
#define NOSQLINT_TESTS_LSPTESTSUPPORT_H

#include "nosqlint/Lsp/Server.h"
#include "nosqlint/Lsp/Transport.h"

#include <sstream>
#include <string>
#include <vector>

namespace nosqlint::test {

/// A body framed as the protocol frames it (any bytes, JSON or not).
inline std::string framedText(llvm::StringRef Body) {
  return "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" +
         Body.str();
}

inline std::string framed(const llvm::json::Value &V) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << V;
  return framedText(OS.str());
}

inline std::string str(llvm::Optional<llvm::StringRef> S) {
  return S ? S->str() : std::string("<none>");
}

/// Every message the server wrote, parsed.
inline std::vector<llvm::json::Value> messagesOf(const std::string &Output) {
  std::vector<llvm::json::Value> Out;
  std::istringstream In(Output);
  lsp::MessageReader R(In);
  for (;;) {
    lsp::ReadResult M = R.next();
    if (M.Status != lsp::ReadResult::Message)
      break;
    llvm::Expected<llvm::json::Value> V = llvm::json::parse(M.Body);
    if (!V) {
      llvm::consumeError(V.takeError());
      Out.push_back(llvm::json::Value("<not JSON>"));
      continue;
    }
    Out.push_back(std::move(*V));
  }
  return Out;
}

/// A server whose workspaces use \p Schemas; run over \p Input.
struct ServerRun {
  std::vector<llvm::json::Value> Messages;
  int ExitCode = -1;
};

/// Options whose workspaces use \p Schemas.
inline lsp::ServerOptions serverOptions(std::vector<std::string> Schemas) {
  lsp::ServerOptions O;
  O.Version = "test";
  O.OpenWorkspace = [Schemas](llvm::StringRef, std::string &) {
    DriverOptions D;
    D.Schemas = Schemas;
    return std::make_unique<Workspace>(D);
  };
  return O;
}

inline ServerRun runServer(const std::string &Input,
                           std::vector<std::string> Schemas = {}) {
  std::string Output;
  llvm::raw_string_ostream Out(Output);
  lsp::Server S(serverOptions(std::move(Schemas)), Out);
  std::istringstream In(Input);
  ServerRun R;
  R.ExitCode = S.run(In);
  Out.flush();
  R.Messages = messagesOf(Output);
  return R;
}

inline llvm::json::Value request(int64_t Id, llvm::StringRef Method,
                                 llvm::json::Value Params) {
  return llvm::json::Object{{"jsonrpc", "2.0"},
                            {"id", Id},
                            {"method", Method},
                            {"params", std::move(Params)}};
}

inline llvm::json::Value notification(llvm::StringRef Method,
                                      llvm::json::Value Params) {
  return llvm::json::Object{
      {"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}};
}

/// initialize + initialized, as every session starts.
inline std::string handshake(llvm::StringRef RootUri = "file:///tmp") {
  return framed(request(
             1, "initialize",
             llvm::json::Object{{"rootUri", RootUri},
                                {"capabilities", llvm::json::Object{}}})) +
         framed(notification("initialized", llvm::json::Object{}));
}

inline std::string goodbye() {
  return framed(request(999, "shutdown", nullptr)) +
         framed(notification("exit", nullptr));
}

/// The response to request \p Id, or null.
inline const llvm::json::Object *
responseTo(const std::vector<llvm::json::Value> &Messages, int64_t Id) {
  for (const llvm::json::Value &M : Messages)
    if (const llvm::json::Object *O = M.getAsObject())
      if (!O->get("method") && O->getInteger("id") == Id)
        return O;
  return nullptr;
}

/// The params of the last notification \p Method, or null.
inline const llvm::json::Object *
lastNotification(const std::vector<llvm::json::Value> &Messages,
                 llvm::StringRef Method) {
  const llvm::json::Object *Last = nullptr;
  for (const llvm::json::Value &M : Messages)
    if (const llvm::json::Object *O = M.getAsObject())
      if (O->getString("method") == Method)
        Last = O->getObject("params");
  return Last;
}

} // namespace nosqlint::test

#endif
