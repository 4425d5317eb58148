//===- QueryInventory.h - `nosqlint queries`: every access pattern -*- C++ -*-===//
//
// Lists every query the inputs hold, with or without findings: where it
// starts, its dialect and operation, its table, the key columns its WHERE
// clause (or INSERT column list) pins with = or IN, and its text normalized
// by the CQL printer, holes shown as placeholders. The checklist's first
// step, "list every access pattern", done from the code itself.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_QUERYINVENTORY_H
#define NOSQLINT_DRIVER_QUERYINVENTORY_H

#include "Analysis.h"

#include "nosqlint/Basic/SourceLocation.h"
#include "nosqlint/IR/ExecutionFacts.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace nosqlint {

class SourceManager;
namespace schema {
class CqlCatalog;
}

struct InventoryEntry {
  std::string Path;
  /// Where the query is written (a language server's hover).
  SourceRange Range;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Dialect = "cql";
  std::string Source;    // cql, java, python, ...
  std::string Operation; // SELECT, INSERT, UPDATE, DELETE, BATCH, CREATE TABLE
  std::string Table;     // keyspace.table as written; "?" when a hole
  bool TableKnown = false; // the schema declares it
  /// Key columns pinned by = or IN, in key order when the schema is known.
  std::vector<std::string> PartitionKey;
  std::vector<std::string> Clustering;
  bool FullPartitionKey = false; // every partition key column is pinned
  /// Secondary indexes on the columns the WHERE clause restricts (a read
  /// that does not pin the whole partition key is served by them).
  std::vector<std::string> Indexes;
  std::vector<std::string> Other; // pinned columns, table unknown
  std::string Text;      // normalized
  std::string Trust;     // full, table-unknown, opaque
  /// parsed, partial (a hole the analysis cannot see through),
  /// syntax-error (taken by its shape, listed but not checked),
  /// unknown-table (a schema is given and does not declare the table).
  std::string Status = "parsed";
  /// Why the text was taken for a statement: the model row or rule.
  std::string Reason;
  /// The consistency level, serial consistency level and page size the
  /// code sets where it runs the query, when visible (absent otherwise):
  /// JSON `consistency`, `serial_consistency`, `page_size` (each with its
  /// scope and line), text `cl=`, `serial-cl=`, `page-size=`.
  ExecutionFacts Execution;
  /// The line of each of them (0: absent).
  struct {
    unsigned Consistency = 0, SerialConsistency = 0, PageSize = 0;
  } ExecutionLines;
};

std::vector<InventoryEntry> buildInventory(llvm::ArrayRef<FileAnalysis> Files,
                                           const SourceManager &SM,
                                           const schema::CqlCatalog &Catalog);

/// \p SchemaSources: which history each keyspace of the schema came from,
/// where there was a choice (a cumulative schema beside its migrations).
void printInventoryText(llvm::ArrayRef<InventoryEntry> Entries,
                        llvm::ArrayRef<std::string> SchemaSources,
                        llvm::raw_ostream &OS);
void printInventoryJson(llvm::ArrayRef<InventoryEntry> Entries,
                        llvm::ArrayRef<std::string> SchemaSources,
                        llvm::raw_ostream &OS);

} // namespace nosqlint

#endif
