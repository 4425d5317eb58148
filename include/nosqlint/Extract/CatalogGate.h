//===- CatalogGate.h - Which host files can hold a query of ours -*- C++ -*-===//
//
// The prescan of a host file, in one pass over its bytes, through two gates:
//
//  1. The library catalog (models/*.models). A string is CQL because it
//     reaches a Cassandra API, and extraction finds that API through the
//     file's imports or a qualified name (QueryOwnership.h). A file that
//     imports or names a modeled Cassandra library passes; so does one whose
//     library calls a front end reads without strings (a DynamoDB SDK, an
//     object mapper's entities, a query builder: mayHoldLibraryCalls).
//  2. The text (mayHoldStatementText): some string of it may begin with a
//     statement keyword, spelled plainly or with escapes.
//
// A file through gate 2 but not gate 1 uses no Cassandra library: its
// strings are CQL only where its package allows it (NeedsPackage), and its
// constants matter only to a file of its package that uses one. Both are
// facts of the other files: the driver decides once every file is
// prescanned (IfOwnedNearby). A file through neither holds no query.
//
// One library gate is a fact of the whole run: a Go file that calls what
// may be a gocqlx table model's method (`models.Users.GetQuery()`) but
// names no gocqlx package uses a model another file declares, and only a
// file that imports gocqlx's table package declares one (GocqlxTables.cpp
// joins the two by name). Such a file is prescanned as if it called no
// library (UsesGocqlxModels); the driver parses it when some Go file of the
// run names gocqlx (mayDeclareGocqlxModels).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_CATALOGGATE_H
#define NOSQLINT_EXTRACT_CATALOGGATE_H

#include "nosqlint/Extract/Extract.h"

#include "llvm/ADT/StringRef.h"

namespace nosqlint::extract {

/// What the prescan made of one host file.
struct PrescanResult {
  enum Verdict {
    Parse,         // it may hold a query of ours
    IfOwnedNearby, // the driver decides from its package and directory
    SetAside,      // it holds no query
  };
  Verdict Result = SetAside;
  /// The libraries it imports, as extraction sees them (libraryUse).
  LibraryUse Use;
  /// It imports or names a modeled Cassandra library: a string of another
  /// file of its package that it uses may be a query.
  bool CassandraLibrary = false;
  /// Go, not parsed on its own: it may call a method of a gocqlx table
  /// model that another file declares. Parsed when a Go file of the run
  /// may declare one (mayDeclareGocqlxModels).
  bool UsesGocqlxModels = false;
};

/// Whether \p Text, a file of \p Lang, may declare a gocqlx table model
/// (`table.New(...)`, GocqlxQueries.cpp): only a Go file that names a
/// gocqlx package does. What a file with UsesGocqlxModels waits for.
bool mayDeclareGocqlxModels(HostLanguage Lang, llvm::StringRef Text);

/// Whether \p Text names an import package of a Cassandra library of the
/// catalog of \p Lang (`com.datastax.oss.driver`, `github.com/gocql/gocql`,
/// `cassandra`): an import, or a qualified name the resolver follows.
bool namesCassandraLibrary(HostLanguage Lang, llvm::StringRef Text);

PrescanResult prescanHostFile(HostLanguage Lang, llvm::StringRef Text);

/// Whether the driver parses a host file that is the only file of its
/// tree: what the prescan's promise is tested on (a file alone imports no
/// library unless it says so, so its directory allows CQL exactly when the
/// file itself imports no database library).
bool parsedWhenAlone(const PrescanResult &R);

} // namespace nosqlint::extract

#endif
