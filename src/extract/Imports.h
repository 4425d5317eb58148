//===- Imports.h - What a host file imports, read from its text -*- C++ -*-===//
//
// The import statements of a source file, read from its text in one pass
// (no parse: the driver asks this of every host file, also of those the
// prescan sets aside): Java/Kotlin/Scala `import`, Python `import` and
// `from ... import`, Go import specs, JavaScript/TypeScript `import ... from`
// and `require(...)`, C# `using`. Each import binds a local name to a path
// (`Cluster` -> `cassandra.cluster.Cluster`, `pg` -> `pg`, `gocql` ->
// `github.com/gocql/gocql`), or opens a path whose names are then all in
// scope (`import java.sql.*;`, C# `using Npgsql;`).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_IMPORTS_H
#define NOSQLINT_EXTRACT_IMPORTS_H

#include "nosqlint/Extract/Extract.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::extract {

struct Import {
  std::string Path;      // dotted (Java, Python, C#) or slashed (Go, JS)
  std::string LocalName; // the name it binds; empty for a wildcard
  bool Wildcard = false; // every name of Path is in scope
};

class FileImports {
public:
  static FileImports scan(HostLanguage Lang, llvm::StringRef Text);

  const std::vector<Import> &all() const { return Imports; }
  /// The path a local name is bound to by an import.
  std::optional<llvm::StringRef> pathOf(llvm::StringRef LocalName) const;

private:
  std::vector<Import> Imports;
};

} // namespace nosqlint::extract

#endif
