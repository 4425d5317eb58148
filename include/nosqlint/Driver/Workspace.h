//===- Workspace.h - A long-lived session for a language server -*- C++ -*-===//
//
// The CLI reads every input once and exits; an editor needs the same analysis
// again and again for one buffer. A Workspace reads and parses the schema
// files of its configuration once, then checks one document at a time
// (its unsaved text) against them: the document's own DDL joins the schema
// for its check, and a schema file being edited stands in for its saved
// version. reloadSchema() reads the schema files again.
//
// A check runs the driver's own phases (parse, schema, check, suppression
// comments, the configuration's rule selection), so a document gets exactly
// the findings `nosqlint FILE --schema ...` would print for it.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_WORKSPACE_H
#define NOSQLINT_DRIVER_WORKSPACE_H

#include "nosqlint/Diag/Diagnostic.h"
#include "nosqlint/Driver/Options.h"

#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class raw_string_ostream;
}

namespace nosqlint {

class SourceManager;
namespace driver {
class Run;
}

/// A query of the document and how the database serves it (the fields of
/// `nosqlint queries`).
struct DocumentQuery {
  SourceRange Range;
  std::string Dialect;   // cql, dynamodb
  std::string Operation; // SELECT, Query, Scan, ...
  std::string Table;     // as the schema names it when known
  bool TableKnown = false;
  std::vector<std::string> PartitionKey; // pinned with = or IN
  std::vector<std::string> SortKey;      // clustering / sort key restricted
  bool FullPartitionKey = false;
  /// The secondary indexes (CQL) or the IndexName (DynamoDB) that serve it.
  std::vector<std::string> Indexes;
  std::vector<std::string> Other;
  std::string Text; // normalized
};

/// A table of the schema the document was checked against.
struct SchemaTable {
  std::string Name;       // keyspace.table (CQL), TableName (DynamoDB)
  std::string Dialect;    // cql, dynamodb
  std::string Path;       // the file that defines it, as the run shows it
  unsigned Line = 0;      // 1-based line of its definition
  std::string Definition; // the text of the definition
  std::string Provenance; // which history it came from, when there was a choice
  SourceRange Range;      // the definition, in sourceManager()
};

struct DocumentReport {
  /// The document's file in sourceManager(); diagnostics' notes may point
  /// into the schema files there.
  FileId File;
  /// The document's findings, sorted, after suppression comments and the
  /// configuration's rule selection.
  std::vector<Diagnostic> Diagnostics;
  std::vector<DocumentQuery> Queries;
  std::vector<SchemaTable> Tables;
  /// The byte ranges of the document's statements (host statements, CQL
  /// statements), which suppression comments attach to.
  std::vector<std::pair<uint32_t, uint32_t>> Statements;
  /// What the run would print on stderr (configuration errors, notes).
  std::string Messages;
  /// nosqlint reads no such file (its extension says nothing we analyze).
  bool Unsupported = false;
};

class Workspace {
public:
  /// \p Options as the CLI resolves them (Schemas from the configuration);
  /// Inputs are ignored. Reads and parses the schema files.
  explicit Workspace(DriverOptions Options);
  ~Workspace();
  Workspace(const Workspace &) = delete;
  Workspace &operator=(const Workspace &) = delete;

  /// Reads and parses the schema files again.
  void reloadSchema();
  /// Whether \p Path (absolute or as given) is one of the schema files.
  bool isSchemaFile(llvm::StringRef Path) const;
  /// The absolute paths of the schema files.
  const std::vector<std::string> &schemaFiles() const { return SchemaPaths; }

  /// Checks \p Text as the content of \p Path. Invalidates the FileIds of
  /// the previous report's document.
  DocumentReport check(llvm::StringRef Path, llvm::StringRef Text);

  /// Holds the texts the last report's ranges point into.
  const SourceManager &sourceManager() const;

private:
  DriverOptions Options;
  std::vector<std::string> SchemaPaths;
  std::string Messages;
  std::unique_ptr<llvm::raw_string_ostream> MessageStream;
  std::unique_ptr<driver::Run> Session;
};

} // namespace nosqlint

#endif
