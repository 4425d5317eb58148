//===- Completions.h - `nosqlint completions bash|zsh|fish` -----*- C++ -*-===//
//
// Prints a completion script for the shell: the commands, each command's
// options, the values they take (choices, rule ids as a comma list, files,
// folders) and the positionals, all read from the live help of every
// command (CommandCatalog.h, OptionValues.h).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_TOOLS_COMPLETIONS_H
#define NOSQLINT_TOOLS_COMPLETIONS_H

#include "CommandCatalog.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace nosqlint::tool {

void writeBashCompletion(const CommandCatalog &C, llvm::raw_ostream &OS);
void writeZshCompletion(const CommandCatalog &C, llvm::raw_ostream &OS);
void writeFishCompletion(const CommandCatalog &C, llvm::raw_ostream &OS);

int runCompletionsCommand(llvm::ArrayRef<std::string> Args,
                          llvm::raw_ostream &OS, llvm::raw_ostream &Err);

} // namespace nosqlint::tool

#endif
