//===- DialectEvidence.h - The CQL dialect a tree's manifests say -*- C++ -*-===//
//
// When neither the command line nor a configuration names the target, the
// dialect is read from the dependencies the tree declares, the way ruff
// takes its target version from `requires-python`: a project whose
// manifests depend on a ScyllaDB driver (go.mod's `github.com/scylladb/
// gocql`, Python's `scylla-driver`, `com.scylladb` Java drivers, Rust's
// `scylla` crate) and on no Cassandra-only driver is analyzed as ScyllaDB.
// Its `USING TIMEOUT` and `BYPASS CACHE` are then no syntax errors. Any
// Cassandra driver left in a manifest (the DataStax or Apache drivers,
// gocql without ScyllaDB's replacement, npm's `cassandra-driver`) keeps
// the default, Cassandra: a tree that talks to both is not guessed.
//
// The rows (one per driver and manifest kind) are in DialectEvidence.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_DIALECTEVIDENCE_H
#define NOSQLINT_DRIVER_DIALECTEVIDENCE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::driver {

/// Whether a file of this name declares a project's dependencies (go.mod,
/// pyproject.toml, requirements*.txt, pom.xml, build.gradle, ...).
bool isDependencyManifest(llvm::StringRef FileName);

/// The drivers one manifest's text names.
struct ManifestDrivers {
  std::vector<std::string> ScyllaDb;  // what names a ScyllaDB driver
  std::vector<std::string> Cassandra; // what names a Cassandra-only one
  /// go.mod: whether it replaces gocql by ScyllaDB's fork. A replace holds
  /// for the modules below it too, when built from it (Go applies only the
  /// main module's replace directives), so their plain gocql is ScyllaDB's.
  bool ReplacesGocqlByScyllaDb = false;
  /// go.mod: its direct requirement of upstream gocql, when not replaced.
  bool RequiresUpstreamGocql = false;
};
ManifestDrivers driversIn(llvm::StringRef FileName, llvm::StringRef Text);

/// Why the tree is ScyllaDB's: `go.mod: github.com/scylladb/gocql`.
/// Nothing when no manifest names a ScyllaDB driver, or when one names a
/// Cassandra-only driver. \p Paths: the manifests, in walk order.
std::optional<std::string>
scyllaDbEvidence(llvm::ArrayRef<std::string> Paths);

} // namespace nosqlint::driver

#endif
