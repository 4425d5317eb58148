//===- Completions.cpp - `nosqlint completions bash|zsh|fish` -------------===//
#include "Completions.h"
#include "CliParse.h"

#include "nosqlint/Driver/Driver.h"

#include <CLI/CLI.hpp>

namespace nosqlint::tool {

namespace {

const char *const Footer = R"(
LOADING:
  bash  source <(nosqlint completions bash)   (or install it as
        /usr/share/bash-completion/completions/nosqlint)
  zsh   source <(nosqlint completions zsh)   after compinit (or install it
        as _nosqlint in $fpath)
  fish  nosqlint completions fish | source   (or install it as
        ~/.config/fish/completions/nosqlint.fish)
)";

} // namespace

int runCompletionsCommand(llvm::ArrayRef<std::string> Args,
                          llvm::raw_ostream &OS, llvm::raw_ostream &Err) {
  CLI::App App("Print the shell completion script of nosqlint",
               "nosqlint completions");
  App.footer(Footer);
  std::string Shell;
  App.add_option("shell", Shell, "The shell to complete in")
      ->type_name("<bash|zsh|fish>")
      ->required();
  if (std::optional<int> Exit = parseInto(App, Args, OS, Err))
    return *Exit;
  void (*Write)(const CommandCatalog &, llvm::raw_ostream &) = nullptr;
  if (Shell == "bash")
    Write = writeBashCompletion;
  else if (Shell == "zsh")
    Write = writeZshCompletion;
  else if (Shell == "fish")
    Write = writeFishCompletion;
  if (!Write) {
    usageError(Err, "unknown shell '" + Shell +
                        "' for `nosqlint completions` (expected bash, zsh or "
                        "fish)");
    return ExitUsageOrInput;
  }
  std::optional<CommandCatalog> Catalog = readCommandCatalog(Err);
  if (!Catalog)
    return ExitUsageOrInput;
  Write(*Catalog, OS);
  return ExitClean;
}

} // namespace nosqlint::tool
