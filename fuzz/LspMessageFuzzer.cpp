//===- LspMessageFuzzer.cpp - The language server's input stream ----------===//
//
// Any bytes as what an editor writes to `nosqlint server`: the framing
// reader, then the dispatch of every message it frames, with a workspace
// that has no schema. Every reply must itself be a framed JSON object, and
// the server never stops before an `exit`.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "nosqlint/Lsp/Server.h"
#include "nosqlint/Lsp/Transport.h"

#include <sstream>

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Input(reinterpret_cast<const char *>(Data), Size);
  std::istringstream In(Input);
  std::string Output;
  llvm::raw_string_ostream Out(Output);
  lsp::ServerOptions O;
  O.OpenWorkspace = [](llvm::StringRef, std::string &) {
    return std::make_unique<Workspace>(DriverOptions());
  };
  lsp::Server S(std::move(O), Out);
  lsp::MessageReader Reader(In, 1u << 16);
  for (unsigned N = 0; N < 64 && !S.exited(); ++N) {
    lsp::ReadResult R = Reader.next();
    if (R.Status == lsp::ReadResult::EndOfInput)
      break;
    if (R.Status == lsp::ReadResult::BadFrame)
      S.handleBadFrame(R.Error);
    else
      S.handleMessage(R.Body);
  }
  Out.flush();
  // What the server wrote reads back as framed JSON objects.
  std::istringstream Back(Output);
  lsp::MessageReader Replies(Back, SIZE_MAX);
  for (;;) {
    lsp::ReadResult R = Replies.next();
    if (R.Status == lsp::ReadResult::EndOfInput)
      break;
    if (R.Status != lsp::ReadResult::Message)
      __builtin_trap();
    llvm::Expected<llvm::json::Value> V = llvm::json::parse(R.Body);
    if (!V || !V->getAsObject())
      __builtin_trap();
  }
  return 0;
}
