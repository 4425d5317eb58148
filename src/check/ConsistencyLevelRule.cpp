//===- ConsistencyLevelRule.cpp - consistency-level -----------------------===//
//
// The consistency level the code runs a statement with (IR/ExecutionFacts.h),
// judged against what the statement is and where its table lives:
//
//   - ANY on a read: Cassandra rejects it ("ANY ConsistencyLevel is only
//     supported for writes", ConsistencyLevel.validateForRead);
//   - SERIAL or LOCAL_SERIAL as the level of a plain write: rejected ("You
//     must use conditional updates for serializable writes",
//     validateForWrite); a serial level given as the serial consistency of
//     a statement must be SERIAL or LOCAL_SERIAL;
//   - ALL on a read: one replica down and every read of the table fails;
//   - ONE, LOCAL_ONE or ANY on a plain write of a table that the code also
//     writes with lightweight transactions: a Paxos read at SERIAL may miss
//     it, and the LWT's compare-and-set sees stale data;
//   - QUORUM, EACH_QUORUM or ALL on a keyspace replicated to several data
//     centers (NetworkTopologyStrategy): every request waits on a remote
//     data center.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include <fmt/format.h>

namespace nosqlint::check {

using namespace nosqlint::cql;

namespace {

bool isRead(const Statement &S) { return S.kind() == Statement::Select; }

bool isConditional(const Statement &S) {
  if (const auto *I = llvm::dyn_cast<InsertStatement>(&S))
    return I->IfNotExists;
  if (const auto *U = llvm::dyn_cast<UpdateStatement>(&S))
    return U->IfExists || !U->Conditions.empty();
  if (const auto *D = llvm::dyn_cast<DeleteStatement>(&S))
    return D->IfExists || !D->Conditions.empty();
  if (const auto *B = llvm::dyn_cast<BatchStatement>(&S))
    return llvm::any_of(B->Children,
                        [](const auto &C) { return isConditional(*C); });
  return false;
}

std::string scopeWords(SettingScope S) {
  switch (S) {
  case SettingScope::Statement:
    return "set on the statement";
  case SettingScope::Call:
    return "given to the execute call";
  case SettingScope::Session:
    return "the session's default";
  case SettingScope::Profile:
    return "the execution profile's";
  }
  return "set";
}

/// The data centers a keyspace replicates to (NetworkTopologyStrategy with
/// a factor above 0 in each), or 0 when the schema does not say.
unsigned dataCenters(const StatementContext &C) {
  if (!C.Table)
    return 0;
  const schema::CqlKeyspace *K = C.Checker.catalog().keyspace(C.Table->Keyspace);
  if (!K || !K->Replication || !K->Replication->isNetworkTopologyStrategy())
    return 0;
  unsigned N = 0;
  for (const auto &[Dc, Factor] : K->Replication->Factors)
    N += Dc != "replication_factor" && Factor > 0;
  return N;
}

} // namespace

void checkConsistencyLevel(const StatementContext &C) {
  if (!C.Execution)
    return;
  const ExecutionFacts &X = *C.Execution;
  if (const auto &S = X.SerialConsistency;
      S && S->Level != "SERIAL" && S->Level != "LOCAL_SERIAL" &&
      isConditional(C.Statement)) {
    bool Shared = S->Scope == SettingScope::Session ||
                  S->Scope == SettingScope::Profile;
    DiagnosticBuilder B = C.report(
        RuleId::ConsistencyLevel, Shared ? C.Statement.Range : S->Range,
        fmt::format("serial consistency {} is not a serial level: a "
                    "lightweight transaction's Paxos phase runs at "
                    "SERIAL or LOCAL_SERIAL only",
                    S->Level));
    B.severity(Severity::Error);
    if (Shared)
      B.note(S->Range, S->Scope == SettingScope::Session
                           ? "the session's default serial level"
                           : "the execution profile's serial level");
  }
  if (!X.Consistency)
    return;
  const ConsistencyFact &L = *X.Consistency;
  std::string Where = scopeWords(L.Scope);
  // A session's default is one cause of many findings: each statement is
  // the headline, the setting a note.
  // (An execution profile's level is shared the same way.)
  bool Session = L.Scope == SettingScope::Session ||
                 L.Scope == SettingScope::Profile;
  SourceRange At = Session ? C.Statement.Range : L.Range;
  SourceRange NoteAt = Session ? L.Range : C.Statement.Range;
  std::string NoteText =
      L.Scope == SettingScope::Session   ? "the session's default level"
      : L.Scope == SettingScope::Profile ? "the execution profile's level"
                                         : "the statement, whose level is " + Where;
  if (isRead(C.Statement)) {
    if (L.Level == "ANY") {
      C.report(RuleId::ConsistencyLevel, At,
               "a read at consistency level ANY: Cassandra rejects it (ANY "
               "ConsistencyLevel is only supported for writes)")
          .severity(Severity::Error)
          .note(NoteAt, NoteText);
      return;
    }
    if (L.Level == "ALL") {
      C.report(RuleId::ConsistencyLevel, At,
               "a read at consistency level ALL: one replica down and the "
               "read fails; QUORUM (LOCAL_QUORUM) reads survive it and, with "
               "QUORUM writes, still see the latest write")
          .note(NoteAt, NoteText);
      return;
    }
  } else {
    bool Conditional = isConditional(C.Statement);
    if ((L.Level == "SERIAL" || L.Level == "LOCAL_SERIAL") && !Conditional) {
      C.report(RuleId::ConsistencyLevel, At,
               fmt::format("a plain write at consistency level {}: Cassandra "
                           "rejects it (You must use conditional updates for "
                           "serializable writes)",
                           L.Level))
          .severity(Severity::Error)
          .note(NoteAt, NoteText);
      return;
    }
    if ((L.Level == "ONE" || L.Level == "LOCAL_ONE" || L.Level == "ANY") &&
        !Conditional && C.Table) {
      if (const SourceRange *Lwt = C.Checker.lwtWrite(C.Table)) {
        C.report(RuleId::ConsistencyLevel, At,
                 fmt::format("a plain write at consistency level {} to {}, "
                             "which the code also writes with lightweight "
                             "transactions: a later IF condition or SERIAL "
                             "read may not see this write",
                             L.Level, C.Table->qualifiedName()))
            .note(*Lwt, "a lightweight transaction on the same table")
            .note(NoteAt, NoteText);
        return;
      }
    }
  }
  if (L.Level == "QUORUM" || L.Level == "EACH_QUORUM" || L.Level == "ALL") {
    unsigned Dcs = dataCenters(C);
    if (Dcs < 2)
      return;
    const schema::CqlKeyspace *K =
        C.Checker.catalog().keyspace(C.Table->Keyspace);
    DiagnosticBuilder B = C.report(
        RuleId::ConsistencyLevel, At,
        fmt::format("consistency level {} on keyspace {}, replicated to {} "
                    "data centers: every request waits for replicas in a "
                    "remote data center; LOCAL_QUORUM stays in the local one",
                    L.Level, C.Table->Keyspace, Dcs));
    if (K->Replication->Range.isValid())
      B.note(K->Replication->Range, "the keyspace's replication");
  }
}

} // namespace nosqlint::check
