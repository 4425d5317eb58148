//===- ExecutionFacts.h - How the code runs a statement: CL, paging -*- C++ -*-===//
//
// What the host code sets on the statement, session or execution profile
// that runs a query, where the code shows it: the consistency level, the
// serial consistency level and the page (fetch) size. Extraction fills them
// from the rows of models/*.models that name driver settings (`setting`
// rows: Java driver 3/4 `setConsistencyLevel`, `setPageSize`,
// `setFetchSize`, Python `consistency_level=`, `fetch_size=`, gocql
// `.Consistency(gocql.X)`, `.PageSize(n)`, Node.js `{ consistency,
// fetchSize }`) and from execution profiles in configuration
// (`basic.request.consistency`, `basic.request.page-size`).
//
// A fact is recorded only when its value is known: a level the code
// computes at run time, or a page size held in a variable, is absent, and
// an absent fact never causes a finding. `nosqlint queries` and
// `nosqlint patterns` show them; the `consistency-level`,
// `non-paged-read` and `guardrail-*` rules read them.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_IR_EXECUTIONFACTS_H
#define NOSQLINT_IR_EXECUTIONFACTS_H

#include "nosqlint/Basic/SourceLocation.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace nosqlint {

/// Where a setting was made, narrowest first: a statement's own setting
/// wins over its session's, which wins over a profile's.
enum class SettingScope {
  Statement, // on the statement or the query object itself
  Call,      // an argument of the execute call (Node.js options, Python kwargs)
  Session,   // the session or cluster default
  Profile,   // an execution profile (driver 4 configuration, Python)
};

llvm::StringRef settingScopeName(SettingScope S);

/// A consistency level the code sets, upper-cased in CQL's spelling
/// (`ONE`, `LOCAL_QUORUM`, `EACH_QUORUM`, `SERIAL`, ...). An empty Level
/// stands, between extraction and the driver's resolution, for a level the
/// code sets at run time: no default may fill it, and the driver drops it
/// before any rule or report sees it (dropRunTimeFacts).
struct ConsistencyFact {
  std::string Level;
  SettingScope Scope = SettingScope::Statement;
  SourceRange Range; // the expression that names the level
};

/// A page (fetch) size the code sets. Disabled: the driver reads every row
/// in one response (Java driver 3/4 and gocql: 0 or less; Python:
/// fetch_size None; Node.js: autoPage with fetchSize 0 is not disabling,
/// see the models).
struct PageSizeFact {
  int64_t Rows = 0;
  bool Disabled = false;
  /// False: a size the code computes at run time (as an empty Level above).
  bool Known = true;
  SettingScope Scope = SettingScope::Statement;
  SourceRange Range; // the expression that gives the size
};

/// The execution profile a statement runs with, for a driver that reads its
/// profiles from a configuration file (Java driver 4's `application.conf`,
/// models/README.md): the driver fills the facts the statement does not set
/// itself from the configuration file that governs the source file
/// (src/driver/DriverProfiles.cpp).
struct ProfileChoice {
  std::string Library; // the library whose configuration applies
  std::string Name;    // empty: the default profile
  bool Known = true;   // false: a profile picked by a run-time value
  /// The base name of the configuration its session's loader reads from
  /// the classpath instead of `application` (Java driver 4
  /// `DriverConfigLoader.fromClasspath("x")`: x.conf, x.json,
  /// x.properties, then reference.conf); empty: the default loader's.
  std::string Resource;
};

/// The Node.js client a statement runs on, when another module of the
/// application builds and exports it (`const client = require('./db')`,
/// `import { client } from './db'`): the driver fills the facts the
/// statement does not set from that client's queryOptions
/// (src/driver/SharedClients.cpp), then forgets the reference.
struct SharedClientRef {
  std::string Specifier; // the relative specifier, as written: `./db`
  /// The exported name: empty for `module.exports` itself (`require`),
  /// `default` for an ES default import, else a named export.
  std::string Export;
  /// The statement's file imports the driver: its own facts hold whether
  /// or not the client is found. Otherwise they were read as the driver's
  /// options only because the client may be the driver's: unknown unless
  /// it is.
  bool DriverImported = true;
  /// What applyClientDefaults needs of the statement's profile: its pick is
  /// known, is the default one, is a profile the file builds; per fact,
  /// whether a profile can set it.
  bool PickKnown = true;
  bool PickDefault = true;
  bool ProfileFound = false;
  bool ProfileSets[3] = {false, false, false};
};

struct ExecutionFacts {
  std::optional<ConsistencyFact> Consistency;
  std::optional<ConsistencyFact> SerialConsistency;
  std::optional<PageSizeFact> PageSize;
  /// Not a fact itself: where the facts left unset are looked up.
  std::optional<ProfileChoice> ConfigProfile;
  /// Not a fact itself: the other module's client they are looked up in.
  std::optional<SharedClientRef> SharedClient;

  bool empty() const {
    return !Consistency && !SerialConsistency && !PageSize;
  }
};

/// Takes from \p Defaults each fact \p Out does not set (a run-time one
/// counts as set); the profile choice stays \p Out's.
void fillUnsetFacts(ExecutionFacts &Out, const ExecutionFacts &Defaults);

/// Forgets the facts the code sets at run time (an empty Level, an unknown
/// page size): once every default has been applied, they are unknown.
void dropRunTimeFacts(ExecutionFacts &F);

/// The CQL spelling of a driver's consistency constant: `ConsistencyLevel.
/// LOCAL_QUORUM`, `DefaultConsistencyLevel.LOCAL_QUORUM`, `gocql.LocalQuorum`,
/// `types.consistencies.localQuorum`, `"LOCAL_QUORUM"` all give
/// `LOCAL_QUORUM`. Empty when \p Name is none of CQL's levels.
std::string canonicalConsistencyLevel(llvm::StringRef Name);

} // namespace nosqlint

#endif
