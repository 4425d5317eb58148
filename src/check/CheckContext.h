//===- CheckContext.h - What a rule sees of one statement ------*- C++ -*-===//
#ifndef NOSQLINT_CHECK_CHECKCONTEXT_H
#define NOSQLINT_CHECK_CHECKCONTEXT_H

#include "SelectAnalysis.h"
#include "SelectClauses.h"

#include "nosqlint/Check/CqlChecker.h"
#include "nosqlint/Cql/Printer.h"
#include "nosqlint/Diag/DiagnosticEngine.h"

#include <string>

namespace nosqlint::check {

/// One statement bound to its table. Table is null when no schema covers
/// the statement's keyspace (rules needing the schema then stay silent).
struct StatementContext {
  const CqlChecker &Checker;
  const cql::Statement &Statement;
  const schema::CqlTable *Table = nullptr;
  std::string CurrentKeyspace;
  /// How the code runs the statement (host queries), or null.
  const ExecutionFacts *Execution = nullptr;
  /// Set when the server refuses the statement as it prepares it (an
  /// unknown table or column, a refused value or condition): a batch's
  /// own checks come after its statements are prepared, so they are not
  /// reached. Null outside a batch.
  bool *RefusedAtPrepare = nullptr;

  void markRefusedAtPrepare() const {
    if (RefusedAtPrepare)
      *RefusedAtPrepare = true;
  }

  DiagnosticBuilder report(RuleId Rule, SourceRange Range,
                           std::string Message) const {
    if (Rule == RuleId::UnknownTable || Rule == RuleId::UnknownColumn)
      markRefusedAtPrepare();
    DiagnosticBuilder B =
        Checker.diags().report(Rule, Dialect::Cql, Range, std::move(Message));
    B.subject(Statement.Range, cql::printStatement(Statement));
    return B;
  }
  AnalysisOptions analysisOptions() const {
    AnalysisOptions O;
    O.ScyllaDb = Checker.options().ScyllaDb;
    O.StrictAllowFiltering = Checker.options().StrictAllowFiltering;
    if (Table)
      O.Types.Keyspace = Checker.catalog().keyspace(Table->Keyspace);
    return O;
  }
};

/// A SELECT bound to its table, with the restriction analysis done once.
struct SelectContext : StatementContext {
  const cql::SelectStatement &Select;
  SelectAnalysis Analysis;

  SelectContext(const StatementContext &Base, const cql::SelectStatement &S)
      : StatementContext(Base), Select(S) {}
};

/// The proposals that missing-index and count-all put in their notes: a
/// table partitioned by \p By whose clustering key starts with
/// \p ClusterFirst (the columns a query restricts inside the partition),
/// then keeps the source table's primary key.
std::string proposeQueryTable(
    const schema::CqlTable &T, const std::vector<const schema::CqlColumn *> &By,
    llvm::StringRef Suffix,
    const std::vector<const schema::CqlColumn *> &ClusterFirst = {});
std::string proposeIndex(const schema::CqlTable &T, const schema::CqlColumn &C,
                         cql::RelationOp Op, bool ScyllaDb);

/// Adds the "table declared here" note pointing into the schema.
void noteTable(DiagnosticBuilder &B, const schema::CqlTable &Table);

/// Binding: resolves the table and reports unknown-table and the
/// once-per-table no-schema note.
enum class BindResult { Bound, NoSchema, UnknownTable };
BindResult bindTable(StatementContext &C, const cql::QualifiedName &Name);
/// Reports unknown-column for every column the statement names that the
/// table lacks; returns false if any was unknown.
bool bindColumns(const StatementContext &C, const cql::Statement &S);

// SELECT rules, each in its own file.
void checkInvalidSelect(const SelectContext &C);
void checkFilteringRequired(const SelectContext &C);
void checkAllowFiltering(const SelectContext &C);
void checkMissingIndex(const SelectContext &C);
void checkFullScan(const SelectContext &C);
void checkMultiPartitionRead(const SelectContext &C);
void checkCountAll(const SelectContext &C);
void checkUnboundedPartitionRead(const SelectContext &C);

// Schema-less SELECT checks (no table known).
void checkSelectWithoutSchema(const StatementContext &C,
                              const cql::SelectStatement &S);

// Writes.
void checkInsert(const StatementContext &C, const cql::InsertStatement &S);
void checkUpdate(const StatementContext &C, const cql::UpdateStatement &S);
void checkDelete(const StatementContext &C, const cql::DeleteStatement &S);
/// guardrail-query, guardrail-threshold and guardrail-consistency for one
/// statement (any kind), when the run has guardrail settings.
void checkGuardrails(const StatementContext &C);

/// consistency-level for one statement bound to its table.
void checkConsistencyLevel(const StatementContext &C);
/// non-paged-read for a SELECT bound to its table.
void checkNonPagedRead(const SelectContext &C);

/// tombstone-risk for one write; Table may be null (no schema).
void checkTombstoneRisk(const StatementContext &C);
/// The batch-level rules (invalid-query for batch mixing, and
/// batch-multi-partition); the children are checked one by one elsewhere.
void checkBatch(const CqlChecker &Checker, const cql::BatchStatement &B,
                const std::string &CurrentKeyspace);

} // namespace nosqlint::check

#endif
