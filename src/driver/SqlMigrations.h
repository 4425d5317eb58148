//===- SqlMigrations.h - golang-migrate's .up.sql files of CQL -*- C++ -*-===//
//
// golang-migrate keeps a schema as numbered migrations, `3_add_x.up.sql` and
// its undo `3_add_x.down.sql`, and runs them through the database driver the
// program links in (`_ "github.com/golang-migrate/migrate/v4/database/
// cassandra"`). The extension says nothing about the language: such a file is
// CQL exactly when the program's golang-migrate driver is Cassandra's. When
// the tree also links a SQL driver, nothing tells the two sets apart, and no
// `.sql` file is read (SQL read as CQL is the false finding to avoid).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_SQLMIGRATIONS_H
#define NOSQLINT_DRIVER_SQLMIGRATIONS_H

#include "llvm/ADT/StringRef.h"

namespace nosqlint {

/// The golang-migrate database drivers a Go source file imports.
struct MigrateDrivers {
  bool Cassandra = false; // database/cassandra (ScyllaDB uses it too)
  bool Other = false;     // database/postgres, mysql, sqlite3, ...

  MigrateDrivers &operator|=(const MigrateDrivers &O) {
    Cassandra |= O.Cassandra;
    Other |= O.Other;
    return *this;
  }
};

/// What \p GoSource imports of golang-migrate's `database/...` packages.
MigrateDrivers golangMigrateDrivers(llvm::StringRef GoSource);

/// `NNN_title.up.sql`: an "up" migration as golang-migrate names it.
bool isGolangMigrateUpFile(llvm::StringRef Path);

} // namespace nosqlint

#endif
