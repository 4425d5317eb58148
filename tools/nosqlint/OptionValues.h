//===- OptionValues.h - What an option's value may be -----------*- C++ -*-===//
//
// For the completions: an option's value placeholder, as --help prints it,
// says what to offer. A literal choice list (`<on|warn|off>`) is offered as
// is; the named placeholders take their words from where the parser takes
// them (SettingValues.h, the rule catalog); paths complete as files or
// folders; anything else (`<N>`, `<bytes>`) offers nothing.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_TOOLS_OPTIONVALUES_H
#define NOSQLINT_TOOLS_OPTIONVALUES_H

#include "HelpText.h"

#include <string>
#include <vector>

namespace nosqlint::tool {

struct ValueCompletion {
  enum KindType { Nothing, Words, RuleIds, Files, Directories } Kind = Nothing;
  /// Words: the choices; RuleIds: the words taken besides the ids ("ALL").
  std::vector<std::string> Choices;
  /// Written as a comma list (`--select a,b`).
  bool CommaList = false;
};

/// What the value of \p E (an option with a value, or a positional)
/// completes to.
ValueCompletion valueCompletion(const HelpEntry &E);

/// Every rule id, in the catalog's order.
std::vector<std::string> ruleIds();

} // namespace nosqlint::tool

#endif
