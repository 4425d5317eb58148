//===- CqlSchemaBuilder.h - Applies CQL DDL to the catalog -----*- C++ -*-===//
//
// Feeds DDL statements, in the order they appear, into a CqlCatalog, the way
// Cassandra would apply them one after the other: CREATE adds, ALTER changes,
// DROP removes, USE sets the keyspace in scope for the rest of the file.
// What Cassandra would reject is reported as schema-error with its reason,
// pointing into the schema file.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_SCHEMA_CQLSCHEMABUILDER_H
#define NOSQLINT_SCHEMA_CQLSCHEMABUILDER_H

#include "nosqlint/IR/Cql.h"
#include "nosqlint/Schema/CqlSchema.h"

#include <set>
#include <string>

namespace nosqlint {
class DiagnosticEngine;
}

namespace nosqlint::schema {

enum class CqlFlavor { Cassandra, ScyllaDb };

class CqlSchemaBuilder {
public:
  CqlSchemaBuilder(CqlCatalog &Catalog, DiagnosticEngine &Diags,
                   CqlFlavor Flavor = CqlFlavor::Cassandra)
      : Catalog(Catalog), Diags(Diags), Flavor(Flavor) {}

  /// Starts a new file: no keyspace in scope.
  void beginFile() {
    CurrentKeyspace.clear();
    if (!OneHistory)
      DefinedInFile.clear();
  }

  /// The files applied are one history (a migration set, each applied after
  /// the other): what one file repeats of another is an error, as within a
  /// file. Otherwise separate files are separate scripts, and a definition
  /// or added column repeated across them keeps the first silently.
  void setOneHistory(bool On) { OneHistory = On; }

  /// Applies one statement; statements that are not DDL are ignored, except
  /// USE, which changes the keyspace in scope.
  void apply(const cql::Statement &S);

  const std::string &currentKeyspace() const { return CurrentKeyspace; }

private:
  void createKeyspace(const cql::CreateKeyspaceStatement &S);
  void createTable(const cql::CreateTableStatement &S);
  void alterTable(const cql::AlterTableStatement &S);
  void createIndex(const cql::CreateIndexStatement &S);
  void createView(const cql::CreateViewStatement &S);
  void createType(const cql::CreateTypeStatement &S);
  void alterType(const cql::CreateTypeStatement &S);
  void drop(const cql::DropStatement &S);

  std::string keyspaceOf(const cql::QualifiedName &Name) const;
  /// Records an object defined by this file; true if this file defined it
  /// before (separate files are separate scripts: a definition repeated
  /// across files keeps the first one silently).
  bool definedInThisFile(const std::string &Key);
  CqlTable *existingTable(const cql::QualifiedName &Name);
  void error(SourceRange Range, std::string Message,
             SourceRange NoteRange = {}, std::string Note = {});
  /// A column's or UDT field's type that the server refuses to prepare
  /// (CqlTypeRules.h), reported at the type.
  void checkColumnType(const cql::CqlType &Type, SourceRange Fallback);

  CqlCatalog &Catalog;
  DiagnosticEngine &Diags;
  CqlFlavor Flavor;
  bool OneHistory = false;
  std::string CurrentKeyspace;
  std::set<std::string> DefinedInFile;
};

/// The index kind a CREATE INDEX makes, from its USING class and form.
IndexKind indexKindFor(const cql::CreateIndexStatement &S, CqlFlavor Flavor);

} // namespace nosqlint::schema

#endif
