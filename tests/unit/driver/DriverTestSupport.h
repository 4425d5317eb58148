//===- DriverTestSupport.h - Runs the driver on files in a temp dir -*- C++ -*-===//
#ifndef NOSQLINT_TESTS_DRIVERTESTSUPPORT_H
#define NOSQLINT_TESTS_DRIVERTESTSUPPORT_H

#include "nosqlint/Driver/Driver.h"

#include "../TempDir.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

namespace nosqlint::test {

struct RunResult {
  int Exit = -1;
  std::string Out;
  std::string Err;
};

inline RunResult runOn(DriverOptions Options) {
  RunResult R;
  llvm::raw_string_ostream Out(R.Out), Err(R.Err);
  R.Exit = runDriver(Options, Out, Err);
  Out.flush();
  Err.flush();
  return R;
}

/// A .cql file with one finding (a full scan) against its own DDL.
inline constexpr const char *ScanFile =
    "CREATE TABLE ks.t (k int PRIMARY KEY, v int);\n"
    "SELECT * FROM ks.t;\n";

/// A .cql file without findings.
inline constexpr const char *CleanFile =
    "CREATE TABLE ks.u (k int PRIMARY KEY, v int);\n"
    "SELECT v FROM ks.u WHERE k = ?;\n";

} // namespace nosqlint::test

#endif
