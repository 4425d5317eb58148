//===- main.cpp - The nosqlint command line -------------------------------===//
//
//   nosqlint [check] [options] <file|dir>...   analyze queries
//   nosqlint queries [options] <file|dir>...   list every query found
//   nosqlint patterns [options] <file|dir>...  the access-pattern report
//   nosqlint rules [--format=json]             list every rule
//   nosqlint explain <rule-id>                 print a rule's documentation
//   nosqlint completions bash|zsh|fish         print a completion script
//   nosqlint manpage                           (hidden) print nosqlint(1)
//   nosqlint server [options]                  the language server (stdio)
//
// Dispatches on the first word; the check and queries options are parsed by
// CommandLine.cpp, configuration files applied by ProjectSettings.cpp.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Completions.h"
#include "ManPage.h"
#include "ProjectSettings.h"
#include "RuleCommands.h"
#include "ServerCommand.h"
#include "ShowSettings.h"

#include "nosqlint/Driver/Driver.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <exception>

using namespace nosqlint;

int main(int Argc, char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  std::string Command = "check";
  if (!Args.empty() && (Args[0] == "check" || Args[0] == "queries" ||
                        Args[0] == "patterns" ||
                        Args[0] == "rules" || Args[0] == "explain" ||
                        Args[0] == "completions" || Args[0] == "manpage" ||
                        Args[0] == "server")) {
    Command = Args[0];
    Args.erase(Args.begin());
  }
  try {
    if (Command == "rules")
      return tool::runRulesCommand(Args, llvm::outs(), llvm::errs());
    if (Command == "explain")
      return tool::runExplainCommand(Args, llvm::outs(), llvm::errs());
    if (Command == "completions")
      return tool::runCompletionsCommand(Args, llvm::outs(), llvm::errs());
    if (Command == "manpage")
      return tool::runManPageCommand(Args, llvm::outs(), llvm::errs());
    if (Command == "server")
      return tool::runServerCommand(Args, llvm::errs());

    tool::CheckCommandLine C;
    if (std::optional<int> Exit = tool::parseCheckCommandLine(
            Args, Command, C, llvm::outs(), llvm::errs()))
      return *Exit;
    if (std::optional<int> Exit = tool::applyProjectSettings(C, llvm::errs()))
      return *Exit;
    if (C.ShowSettings)
      return tool::showSettings(C, llvm::outs(), llvm::errs());
    C.Options.Color = tool::resolveColor(C.Color);
    return runDriver(C.Options, llvm::outs(), llvm::errs());
  } catch (const std::exception &E) {
    llvm::WithColor::error(llvm::errs(), "nosqlint")
        << "internal error: " << E.what() << "\n";
    return ExitUsageOrInput;
  }
}
