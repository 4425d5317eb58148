//===- Driver.h - One run of nosqlint over its inputs ----------*- C++ -*-===//
//
// Collects the input files, runs the front ends on every core, builds the
// schema, runs the checks, then prints (or verifies) the diagnostics.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_DRIVER_H
#define NOSQLINT_DRIVER_DRIVER_H

#include "nosqlint/Driver/Options.h"

#include "llvm/Support/raw_ostream.h"

namespace nosqlint {

/// Exit codes, as documented in the README.
enum ExitCode : int {
  ExitClean = 0,       // no finding at or above --fail-on
  ExitFindings = 1,    // at least one such finding
  ExitUsageOrInput = 2 // usage error, unreadable input, internal error
};

/// Runs the analysis and writes the report to \p Out; returns the exit code.
int runDriver(const DriverOptions &Options, llvm::raw_ostream &Out,
              llvm::raw_ostream &Err);

} // namespace nosqlint

#endif
