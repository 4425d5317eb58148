//===- CommandLine.h - The check and queries command lines ------*- C++ -*-===//
//
// `nosqlint [check|queries] [options] <file|dir>...` parsed with CLI11 into
// DriverOptions, remembering which run-wide flags were given so that a
// configuration file fills in only the others (the command line wins).
// Errors name only public flags, with the nearest one as a suggestion.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_TOOLS_COMMANDLINE_H
#define NOSQLINT_TOOLS_COMMANDLINE_H

#include "nosqlint/Config/ConfigResolver.h"
#include "nosqlint/Driver/Options.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace nosqlint::tool {

enum class ColorMode { Auto, Always, Never };

struct CheckCommandLine {
  DriverOptions Options;
  /// The long names of the run-wide flags given ("format", "schema", ...).
  std::set<std::string> Given;
  std::vector<std::string> ExtendExcludes;
  ColorMode Color = ColorMode::Auto;
  std::optional<config::Target> TargetDb;
  config::CommandLineRules Rules;
  std::string ConfigPath; // --config
  bool Isolated = false;
  bool ShowSettings = false;
  std::string CacheDir; // --cache-dir
  bool NoCache = false; // --no-cache

  bool given(llvm::StringRef Flag) const { return Given.count(Flag.str()); }
};

/// Parses the arguments after the command word (\p Command is "check" or
/// "queries"). Returns the exit code to stop with (help, version, usage
/// error), or nullopt to run.
std::optional<int> parseCheckCommandLine(llvm::ArrayRef<std::string> Args,
                                         llvm::StringRef Command,
                                         CheckCommandLine &Out,
                                         llvm::raw_ostream &OS,
                                         llvm::raw_ostream &Err);

/// Whether color is on: --color, else NO_COLOR (off) and FORCE_COLOR (on)
/// when set and not empty, else whether stdout is a terminal.
bool resolveColor(ColorMode Mode);

/// The words --color takes, for the completions.
llvm::ArrayRef<llvm::StringRef> colorModeNames();

} // namespace nosqlint::tool

#endif
