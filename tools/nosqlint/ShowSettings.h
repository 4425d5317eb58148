//===- ShowSettings.h - `--show-settings` -----------------------*- C++ -*-===//
#ifndef NOSQLINT_TOOLS_SHOWSETTINGS_H
#define NOSQLINT_TOOLS_SHOWSETTINGS_H

#include "CommandLine.h"

namespace nosqlint::tool {

/// Prints, as JSON, the run-wide options the run would use and, for each
/// input, the configuration chain and rule settings that govern it.
/// Returns the exit code (2 when a configuration has an error).
int showSettings(const CheckCommandLine &C, llvm::raw_ostream &OS,
                 llvm::raw_ostream &Err);

} // namespace nosqlint::tool

#endif
