//===- CompletionModel.h - What a completion script offers ------*- C++ -*-===//
//
// The commands, options and values of the live help (CommandCatalog.h), in
// the form the three shell writers need; one model, so that bash, zsh and
// fish offer the same things.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_TOOLS_COMPLETIONMODEL_H
#define NOSQLINT_TOOLS_COMPLETIONMODEL_H

#include "CommandCatalog.h"
#include "OptionValues.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::tool {

struct CompletionOption {
  std::vector<std::string> Names; // "-j", "--jobs"
  std::string Summary;
  bool TakesValue = false;
  bool Repeatable = false;
  std::string ValueName; // "N", "file|dir"
  ValueCompletion Value;
};

struct CompletionCommand {
  std::string Name;
  std::string Summary;
  std::vector<CompletionOption> Options;
  /// What the operands complete to; nullopt when the command takes none.
  std::optional<ValueCompletion> Operands;
  std::string OperandName;
  bool RepeatableOperands = false;
  /// The commands that take exactly these options and operands (queries
  /// takes check's), this one first: the scripts write the table once, for
  /// all of them. Empty in those others, which name the first in SameAs.
  std::vector<std::string> SharedBy;
  std::string SameAs;
};

struct CompletionModel {
  std::vector<CompletionCommand> Commands;
  /// The command when none is named (check).
  size_t DefaultIndex = 0;
  std::vector<std::string> RuleIds;

  const CompletionCommand &defaultCommand() const {
    return Commands[DefaultIndex];
  }
};

CompletionModel buildCompletionModel(const CommandCatalog &Catalog);

/// The first phrase of an option's description ("Output format" of "Output
/// format: full (clang style, ...)"), for the one-line menus of zsh and fish.
std::string shortDescription(llvm::StringRef Description);

} // namespace nosqlint::tool

#endif
