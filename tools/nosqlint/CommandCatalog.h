//===- CommandCatalog.h - Every command and its help ------------*- C++ -*-===//
//
// What the man page and the completions are written from: the commands the
// top-level --help lists (its COMMANDS section) and the help each of them
// prints, read by running this very binary (`nosqlint CMD --help`), so that
// a command added anywhere shows up without a list kept here.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_TOOLS_COMMANDCATALOG_H
#define NOSQLINT_TOOLS_COMMANDCATALOG_H

#include "HelpText.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::tool {

struct CommandDoc {
  CommandSummary Listed;
  CommandHelp Help;
};

struct CommandCatalog {
  CommandHelp TopLevel; // `nosqlint --help`: the check command and the footer
  std::vector<CommandDoc> Commands;

  const CommandDoc *find(llvm::StringRef Name) const;
};

/// Runs this binary for each help; nullopt, with the error reported on
/// \p Err, when even the top-level help cannot be read (a command whose help
/// fails is listed without options).
std::optional<CommandCatalog> readCommandCatalog(llvm::raw_ostream &Err);

} // namespace nosqlint::tool

#endif
