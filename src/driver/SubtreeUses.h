//===- SubtreeUses.h - Which database libraries a directory's code uses -*- C++ -*-===//
//
// A string that reads as CQL in a file that imports no database library
// (a file of query constants, a test of a SQL parser) is judged by the code
// around it: the nearest enclosing directory whose files import a database
// library decides. It is CQL there only when that code uses a Cassandra
// library and no SQL or DynamoDB one; a tree that imports no database
// library anywhere leaves it to the statement's shape.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_SUBTREEUSES_H
#define NOSQLINT_DRIVER_SUBTREEUSES_H

#include "nosqlint/Extract/Extract.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace nosqlint {

/// What the nearest directory with database imports uses.
struct NearestUse {
  std::string Directory; // empty: no directory above the file imports one
  extract::LibraryUse Use;

  /// Even a string that reached a Cassandra API by name (its receiver not
  /// resolved) needs code nearby that uses Cassandra alone: measured on
  /// real trees, Cassandra code nearby was not enough (redash's query
  /// runners pass SQL to `cursor.execute` beside a Cassandra runner).
  bool allowsCql() const {
    return Directory.empty() || (Use.Cql && !Use.Sql && !Use.DynamoDb);
  }
  std::string describe() const;
};

class SubtreeUses {
public:
  /// Records the libraries of the file at \p Path in every directory above it.
  void add(llvm::StringRef Path, extract::LibraryUse Use);
  /// The nearest directory above \p Path whose files import a library.
  NearestUse nearest(llvm::StringRef Path) const;

private:
  llvm::StringMap<extract::LibraryUse> ByDirectory;
};

} // namespace nosqlint

#endif
