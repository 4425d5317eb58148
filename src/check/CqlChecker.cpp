//===- CqlChecker.cpp - Dispatch: one statement, every rule ---------------===//
#include "nosqlint/Check/CqlChecker.h"

#include "CheckContext.h"

#include "nosqlint/Basic/CqlNames.h"
#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Diag/DiagnosticEngine.h"

#include <algorithm>

namespace nosqlint::check {

using namespace nosqlint::cql;

void CqlChecker::offerNoSchemaNote(const std::string &Table, SourceRange Range,
                                   std::string Message) const {
  std::lock_guard<std::mutex> Lock(NoteMutex);
  auto [It, New] = NoSchemaNotes.try_emplace(Table, HeldNote{Range, Message});
  if (New)
    return;
  const SourceRange &Held = It->second.Range;
  auto Key = [&](const SourceRange &R) {
    return std::make_pair(SM.path(R.File), R.Begin);
  };
  if (Key(Range) < Key(Held))
    It->second = HeldNote{Range, std::move(Message)};
}

CqlChecker::~CqlChecker() {
  for (auto &[Table, Note] : NoSchemaNotes)
    Diags.report(RuleId::NoSchema, Dialect::Cql, Note.Range,
                 std::move(Note.Message));
}

static void checkSelect(StatementContext &C, const SelectStatement &S) {
  BindResult Bound = bindTable(C, S.Table);
  if (Bound == BindResult::NoSchema) {
    if (S.Table.Keyspace && isSystemKeyspace(S.Table.Keyspace->Name))
      return; // Cassandra's own tables: read whole by design
    return checkSelectWithoutSchema(C, S);
  }
  if (Bound != BindResult::Bound || !bindColumns(C, S))
    return;
  SelectContext SC(C, S);
  SC.Analysis = analyzeSelect(S, *C.Table, C.analysisOptions());
  validateSelectClauses(S, *C.Table, SC.Analysis, C.analysisOptions());
  if (SC.Analysis.HasAnnOrdering) {
    // Vector search needs no ALLOW FILTERING, but every other restriction
    // must be served by SAI (or be a key read).
    SelectAnalysis &A = SC.Analysis;
    bool AllServed = true;
    for (const Restriction *R : A.Unserved)
      AllServed &= R->ServingIndex && R->ServingIndex->Kind == schema::IndexKind::Sai;
    if (A.NeedsFiltering && !AllServed)
      A.Rejections.push_back({"ANN ordering by vector requires all restricted "
                              "column(s) to be indexed",
                              A.Unserved.front()->Source->Range, false});
    A.NeedsFiltering = false;
    // The vector index answers the query: on every node when no partition
    // key confines it.
    A.UsesIndex = true;
  }
  // What fails only when the query runs, once nothing refused it before.
  SelectAnalysis &A = SC.Analysis;
  if (S.AllowFiltering && !C.analysisOptions().ScyllaDb)
    noteMultiColumnSliceFilters(*C.Table, A);
  bool Refused = std::any_of(
      A.Rejections.begin(), A.Rejections.end(), [&](const Rejection &R) {
        return !R.LiftedByAllowFiltering || !S.AllowFiltering;
      });
  if (!Refused && (!A.NeedsFiltering || S.AllowFiltering))
    A.Rejections.insert(A.Rejections.end(), A.AtExecution.begin(),
                        A.AtExecution.end());
  checkInvalidSelect(SC);
  checkFilteringRequired(SC);
  checkAllowFiltering(SC);
  checkMissingIndex(SC);
  checkFullScan(SC);
  checkMultiPartitionRead(SC);
  checkCountAll(SC);
  checkUnboundedPartitionRead(SC);
  checkConsistencyLevel(SC);
  checkNonPagedRead(SC);
}

static void checkWrite(StatementContext &C, const QualifiedName &Table) {
  BindResult Bound = bindTable(C, Table);
  if (Bound == BindResult::UnknownTable)
    return;
  if (Bound == BindResult::Bound) {
    if (!bindColumns(C, C.Statement))
      return;
    if (const auto *I = llvm::dyn_cast<InsertStatement>(&C.Statement))
      checkInsert(C, *I);
    else if (const auto *U = llvm::dyn_cast<UpdateStatement>(&C.Statement))
      checkUpdate(C, *U);
    else if (const auto *D = llvm::dyn_cast<DeleteStatement>(&C.Statement))
      checkDelete(C, *D);
    checkConsistencyLevel(C);
  }
  checkTombstoneRisk(C);
}

void CqlChecker::checkStatement(const Statement &S,
                                const std::string &CurrentKeyspace,
                                const ExecutionFacts *Execution) const {
  checkStatementIn(S, CurrentKeyspace, Execution, nullptr);
}

void CqlChecker::checkStatementIn(const Statement &S,
                                  const std::string &CurrentKeyspace,
                                  const ExecutionFacts *Execution,
                                  bool *RefusedAtPrepare) const {
  StatementContext C{*this, S, nullptr, CurrentKeyspace, Execution,
                     RefusedAtPrepare};
  checkGuardrails(C);
  switch (S.kind()) {
  case Statement::Select:
    return checkSelect(C, llvm::cast<SelectStatement>(S));
  case Statement::Insert:
    return checkWrite(C, llvm::cast<InsertStatement>(S).Table);
  case Statement::Update:
    return checkWrite(C, llvm::cast<UpdateStatement>(S).Table);
  case Statement::Delete:
    return checkWrite(C, llvm::cast<DeleteStatement>(S).Table);
  case Statement::Batch: {
    const auto &B = llvm::cast<BatchStatement>(S);
    // The batch runs at one consistency level: judged once, for the
    // whole batch, not at each of its statements.
    // Both servers prepare each statement before they check the batch:
    // a statement refused there is the batch's one error.
    bool ChildRefused = false;
    for (const auto &Child : B.Children)
      checkStatementIn(*Child, CurrentKeyspace, nullptr, &ChildRefused);
    checkConsistencyLevel(C);
    if (ChildRefused)
      return;
    return checkBatch(*this, B, CurrentKeyspace);
  }
  case Statement::CreateKeyspace:
  case Statement::AlterKeyspace:
  case Statement::CreateTable:
  case Statement::AlterTable:
  case Statement::CreateIndex:
  case Statement::CreateView:
  case Statement::AlterView:
  case Statement::CreateType:
  case Statement::AlterType:
  case Statement::Drop:
  case Statement::Use:
  case Statement::Other:
    return; // schema statements are the schema builder's
  }
}

void CqlChecker::checkScript(
    const Script &Script,
    llvm::function_ref<bool(const Statement &)> Skip) const {
  std::string Keyspace;
  for (const auto &S : Script.Statements) {
    if (const auto *U = llvm::dyn_cast<UseStatement>(S.get())) {
      Keyspace = U->Keyspace.Name;
      continue;
    }
    if (Skip && Skip(*S))
      continue;
    checkStatement(*S, Keyspace);
  }
}

} // namespace nosqlint::check
