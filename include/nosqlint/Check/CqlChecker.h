//===- CqlChecker.h - Judges CQL statements against the schema -*- C++ -*-===//
//
// For every statement: what Cassandra 5.0 (or ScyllaDB) would do with it on
// the declared schema, and what it would cost. Findings go to the one
// diagnostics engine under the rule ids of Rules.def.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CHECK_CQLCHECKER_H
#define NOSQLINT_CHECK_CQLCHECKER_H

#include "nosqlint/Check/GuardrailSettings.h"
#include "nosqlint/Check/StrictAllowFiltering.h"
#include "nosqlint/IR/Cql.h"
#include "nosqlint/IR/ExecutionFacts.h"
#include "nosqlint/Schema/CqlSchema.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <mutex>
#include <set>
#include <string>

namespace nosqlint {
class DiagnosticEngine;
class SourceManager;
}

namespace nosqlint::check {

struct CheckOptions {
  bool ScyllaDb = false;
  /// ScyllaDB's strict_allow_filtering (ignored under Cassandra).
  ScyllaStrictAllowFiltering StrictAllowFiltering =
      ScyllaStrictAllowFiltering::Warn;
  /// The server's guardrails (--guardrails), or null: the guardrail-*
  /// rules report what that server would warn about or refuse.
  const GuardrailSettings *Guardrails = nullptr;
};

/// Shared by all files of a run; checkScript may be called from several
/// threads at once.
class CqlChecker {
public:
  CqlChecker(const schema::CqlCatalog &Catalog, DiagnosticEngine &Diags,
             const SourceManager &SM, CheckOptions Options = {})
      : Catalog(Catalog), Diags(Diags), SM(SM), Options(Options) {}
  /// Reports the notes held back until every statement was checked.
  ~CqlChecker();
  CqlChecker(const CqlChecker &) = delete;
  CqlChecker &operator=(const CqlChecker &) = delete;

  /// Checks the statements of one file, in order (USE applies to the rest
  /// of the file), but those \p Skip names.
  void checkScript(
      const cql::Script &Script,
      llvm::function_ref<bool(const cql::Statement &)> Skip = nullptr) const;

  /// Checks one statement with \p CurrentKeyspace in scope. \p Execution:
  /// the consistency level and page size the code runs it with, when it
  /// is a host query (IR/ExecutionFacts.h).
  void checkStatement(const cql::Statement &S,
                      const std::string &CurrentKeyspace,
                      const ExecutionFacts *Execution = nullptr) const;

  /// Before checking: records the access patterns that make a later finding
  /// depend on other statements (a table read oldest-first, like a queue).
  /// Not thread-safe: call for every script before checkScript.
  void recordAccessPatterns(const cql::Script &Script);

  /// The SELECT that reads \p Table from the head of its partitions in
  /// clustering order with a LIMIT (a queue consumer), if any.
  /// A conditional write (lightweight transaction) of \p Table, if the
  /// inputs hold one.
  const SourceRange *lwtWrite(const schema::CqlTable *Table) const {
    auto It = LwtWrites.find(Table);
    return It == LwtWrites.end() ? nullptr : &It->second;
  }

  const cql::SelectStatement *queueRead(const schema::CqlTable *Table) const {
    auto It = QueueReads.find(Table);
    return It == QueueReads.end() ? nullptr : It->second;
  }

  /// The "no schema" note is given once per table, at the occurrence that
  /// sorts first (file path, then offset), whichever thread meets it first:
  /// offered here from every occurrence, reported when the checker is done.
  void offerNoSchemaNote(const std::string &Table, SourceRange Range,
                         std::string Message) const;

  const schema::CqlCatalog &catalog() const { return Catalog; }
  DiagnosticEngine &diags() const { return Diags; }
  const SourceManager &sourceManager() const { return SM; }
  const CheckOptions &options() const { return Options; }

private:
  /// checkStatement; \p RefusedAtPrepare, when given, is set if the server
  /// refuses \p S as it prepares it (CheckContext.h).
  void checkStatementIn(const cql::Statement &S,
                        const std::string &CurrentKeyspace,
                        const ExecutionFacts *Execution,
                        bool *RefusedAtPrepare) const;

  const schema::CqlCatalog &Catalog;
  DiagnosticEngine &Diags;
  const SourceManager &SM;
  CheckOptions Options;
  void recordLwtWrite(const cql::Statement &S, const std::string &Keyspace);

  std::map<const schema::CqlTable *, const cql::SelectStatement *> QueueReads;
  std::map<const schema::CqlTable *, SourceRange> LwtWrites;
  struct HeldNote {
    SourceRange Range;
    std::string Message;
  };
  mutable std::mutex NoteMutex;
  mutable std::map<std::string, HeldNote> NoSchemaNotes; // by table
};

/// guardrail-schema: what the configured server would warn about or refuse
/// in the schema itself (tables, columns, indexes, views, UDT fields,
/// vector dimensions, replication), over the whole catalog once.
void checkSchemaGuardrails(const schema::CqlCatalog &Catalog,
                           const GuardrailSettings &Settings,
                           DiagnosticEngine &Diags);

} // namespace nosqlint::check

#endif
