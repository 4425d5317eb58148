//===- SchemaHistories.h - Which .cql files are one history ----*- C++ -*-===//
//
// A repository keeps its CQL schema as one or more histories: a cumulative
// schema (schema.cql, cqlsh DESCRIBE output) and, often beside it, the
// migrations that lead to it (versioned folders `v0.1/ ... v0.39/`,
// `1.10/`; Flyway-style `V7__add_x.cql`; numbered `0007_add_x.up.cql`, whose
// `.down.cql` undoes it). Applying both on one catalog, or the migrations in
// byte order (v0.10 before v0.2), reports what no database ever saw. Here
// the files are grouped: each migration set is a history of its own,
// ordered by version; every other file belongs to the plain history,
// applied in path order as before.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_SCHEMAHISTORIES_H
#define NOSQLINT_DRIVER_SCHEMAHISTORIES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint {

/// Where a migration file stands in its set.
struct MigrationVersion {
  std::string Root;              // the folder that holds the set
  std::vector<uint64_t> Version; // 0.39 -> {0, 39}; V7 -> {7}
  bool Down = false;             // an undo script: not part of the schema
  /// Named `v...`/`V...`: a folder that mixes `001-x.cql` and `v2.0.0.cql`
  /// went from one scheme to the other; the prefixed ones come later.
  bool Prefixed = false;
};

/// The version a path carries, if it is a migration.
std::optional<MigrationVersion> migrationVersion(llvm::StringRef Path);

struct SchemaHistory {
  std::string Root;             // empty for the plain history
  std::vector<size_t> Files;    // indexes into the paths, in apply order
};

/// Groups \p Paths (the .cql files, in path order): the plain history first,
/// then one history per migration set, each in version order. Down
/// migrations are in no history.
std::vector<SchemaHistory> groupSchemaHistories(llvm::ArrayRef<std::string> Paths);

} // namespace nosqlint

#endif
