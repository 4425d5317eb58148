//===- HelpText.h - The help a command prints, read back --------*- C++ -*-===//
//
// The man page and the shell completions are written from what the commands
// print for --help, so that they can never drift from the option tables:
// this reads back the layout CLI11 2.x prints (description, `Usage:` line,
// `POSITIONALS:` and option groups of `  names <value>   description`
// entries) and the footer after them (`TITLE:` sections of prose or of
// `  term   text` items, such as the check command's COMMANDS).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_TOOLS_HELPTEXT_H
#define NOSQLINT_TOOLS_HELPTEXT_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace nosqlint::tool {

/// One option or positional argument.
struct HelpEntry {
  /// "-j", "--jobs"; a positional's name ("inputs").
  std::vector<std::string> Names;
  /// The value placeholder ("<N>", "<file|dir>", "TEXT"); empty for a flag.
  std::string Value;
  bool Repeatable = false;
  bool Required = false;
  std::string Description;

  /// The first long name without its dashes ("jobs"), else the first name.
  std::string primaryName() const;
};

struct HelpGroup {
  std::string Title;
  bool Positional = false;
  std::vector<HelpEntry> Entries;
};

/// A footer paragraph (Term empty) or a `term   text` item.
struct FooterBlock {
  std::string Term;
  std::string Text;
};

struct FooterSection {
  std::string Title;
  std::vector<FooterBlock> Blocks;
};

struct CommandHelp {
  std::string Description;
  std::string Usage; // after "Usage: "
  std::vector<HelpGroup> Groups;
  std::vector<FooterSection> Footer;

  /// Every option entry (not the positionals), in the order printed.
  std::vector<const HelpEntry *> options() const;
  std::vector<const HelpEntry *> positionals() const;
  const FooterSection *footerSection(llvm::StringRef Title) const;
};

CommandHelp parseHelp(llvm::StringRef Text);

/// The command words of a COMMANDS footer section: `nosqlint [check] ...`
/// gives "check"; with the item's text as the summary.
struct CommandSummary {
  std::string Name;
  bool Default = false; // written `[check]`: the command when none is named
  std::string Synopsis; // the whole term: "nosqlint rules [--format=json]"
  std::string Summary;
};
std::vector<CommandSummary> listedCommands(const CommandHelp &TopLevel);

} // namespace nosqlint::tool

#endif
