//===- DriverConfig.h - Execution profiles in a driver's configuration file -*- C++ -*-===//
//
// Java driver 4 reads its settings from `application.conf` and
// `reference.conf` (HOCON, or JSON under those names), and
// `application.properties`, which the same reader takes: a `.properties`
// line `datastax-java-driver.basic.request.consistency = ALL` is a HOCON
// line. The file is read by extract/HoconValues.h.
// Under its root key (`datastax-java-driver`) the keys set the default
// profile; under `<root>.profiles.<name>` they set profile `<name>`, which
// takes the default profile's value for what it does not set. Which keys
// mean what is data: the `setting LIBRARY profile config KEY FACT` rows of
// models/java.models.
//
// Which sources a file governs is the driver's to decide
// (src/driver/DriverProfiles.cpp, with the modules of the build files,
// DriverConfigBuilds.h).
//
// Only values written out count: `${?CONSISTENCY}`, a level the driver
// does not know, a size that is no integer leave the fact unknown.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DRIVERCONFIG_H
#define NOSQLINT_EXTRACT_DRIVERCONFIG_H

#include "nosqlint/Basic/SourceLocation.h"
#include "nosqlint/IR/ExecutionFacts.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace nosqlint::extract {

/// What one file configures for one library's sessions.
struct DriverConfigFile {
  std::string Library; // the models' library name: datastax-java-driver-4
  /// Profile name (empty: the default profile) -> the facts it sets itself,
  /// Scope Profile, ranges in this file. A named profile the file defines
  /// with none of the modeled keys maps to no facts (it inherits them all).
  std::map<std::string, ExecutionFacts> Profiles;
  /// Profile name -> the facts it sets to a value unknown here (`${?CL}`,
  /// a concatenation): bit 1 consistency, 2 serial consistency, 4 page
  /// size. Such a fact is neither inherited nor taken from a file under.
  std::map<std::string, unsigned> Unknown;
  /// Per fact: a named profile that does not set it takes the default's
  /// (the rows' `inherits`).
  bool InheritsConsistency = false, InheritsSerialConsistency = false,
       InheritsPageSize = false;
};

/// False only when \p Text cannot configure a modeled driver (no root key).
bool mayHoldDriverConfig(llvm::StringRef Text);

/// The configurations \p Text holds, one per library whose root key it
/// names; none when it sets none of the modeled keys.
std::vector<DriverConfigFile> readDriverConfig(FileId File,
                                               llvm::StringRef Text);

/// \p Over's settings laid over \p Under's (application.conf over
/// reference.conf): per profile and fact, \p Over's wins.
DriverConfigFile layerDriverConfig(const DriverConfigFile &Over,
                                   const DriverConfigFile &Under);

/// The facts a statement that picks \p Profile runs with, from \p Config;
/// empty when the file does not define that profile (a profile defined
/// elsewhere is unknown here).
ExecutionFacts profileFacts(const DriverConfigFile &Config,
                            llvm::StringRef Profile);

} // namespace nosqlint::extract

#endif
