//===- ProjectSettings.h - Configuration files under the flags --*- C++ -*-===//
//
// Sets up the ConfigResolver of a run (--config, --isolated or discovery),
// then fills each run-wide option the command line left unset from the
// configuration of the inputs' common folder: format, fail-on, schema,
// target, exclude, max-file-size, ... (flags win). Rule selection stays per
// file: the resolver travels in DriverOptions to the report phase.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_TOOLS_PROJECTSETTINGS_H
#define NOSQLINT_TOOLS_PROJECTSETTINGS_H

#include "CommandLine.h"

#include <optional>

namespace nosqlint::tool {

/// The folder whose configuration sets a run's run-wide options: the
/// nearest common folder of the inputs (the current one without inputs).
std::string commonInputFolder(llvm::ArrayRef<std::string> Inputs);

/// Applies the configuration to \p C.Options; an exit code (errors printed)
/// when a configuration file has an error.
std::optional<int> applyProjectSettings(CheckCommandLine &C,
                                        llvm::raw_ostream &Err);

} // namespace nosqlint::tool

#endif
