//===- ServerCommand.cpp - `nosqlint server` ------------------------------===//
//
// The options are parsed as the check command's; each workspace the client
// opens resolves its configuration the way `nosqlint check <root>` does
// (ProjectSettings.cpp), so the schema, target and rule selection are the
// CLI's. Stdout carries the protocol only.
//
//===----------------------------------------------------------------------===//
#include "ServerCommand.h"

#include "CommandLine.h"
#include "ProjectSettings.h"

#include "nosqlint/Driver/Driver.h"
#include "nosqlint/Lsp/Server.h"

#include <iostream>

#include <poll.h>
#include <unistd.h>

namespace nosqlint::tool {

int runServerCommand(llvm::ArrayRef<std::string> Args, llvm::raw_ostream &Err) {
  CheckCommandLine Base;
  // The inputs are the client's workspace folder, named at initialize.
  std::vector<std::string> CheckArgs(Args.begin(), Args.end());
  CheckArgs.push_back(".");
  if (std::optional<int> Exit =
          parseCheckCommandLine(CheckArgs, "server", Base, llvm::outs(), Err))
    return *Exit;
  lsp::ServerOptions SO;
  SO.Version = NOSQLINT_VERSION;
  SO.OpenWorkspace = [Base](llvm::StringRef Root,
                            std::string &Error) -> std::unique_ptr<Workspace> {
    CheckCommandLine C = Base;
    C.Options.Inputs = {Root.str()};
    std::string Messages;
    llvm::raw_string_ostream OS(Messages);
    if (applyProjectSettings(C, OS)) {
      Error = OS.str();
      return nullptr;
    }
    return std::make_unique<Workspace>(C.Options);
  };
  std::ios::sync_with_stdio(false);
  lsp::Server S(std::move(SO), llvm::outs());
  return S.run(std::cin, [] {
    pollfd In{STDIN_FILENO, POLLIN, 0};
    return ::poll(&In, 1, 0) > 0 && (In.revents & (POLLIN | POLLHUP));
  });
}

} // namespace nosqlint::tool
