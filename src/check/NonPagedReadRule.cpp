//===- NonPagedReadRule.cpp - non-paged-read ------------------------------===//
//
// A read of many rows that the code runs with paging turned off
// (IR/ExecutionFacts.h: what each driver takes for "off": gocql's page size
// of 0 or less, Python's fetch_size None, the Java drivers' Integer.MAX_VALUE).
// The coordinator then gathers the whole result before it answers: memory
// on the coordinator, one huge response frame, and a timeout where a paged
// read would have streamed. ScyllaDB Monitoring's CQL optimization advisor
// counts these ("Some SELECT queries are non-paged").
//
// Not a finding: a read of one row (one partition pinned, every clustering
// column pinned with =, or a table without clustering), a read with a
// literal LIMIT, and a read that needs paging off to run at all (IN on the
// partition key with ORDER BY: Cassandra refuses to page it).
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

namespace nosqlint::check {

using namespace nosqlint::cql;

namespace {

/// One partition, and in it one row: every clustering column pinned by =.
bool readsOneRow(const SelectContext &C) {
  const SelectAnalysis &A = C.Analysis;
  if (!A.singlePartition())
    return false;
  std::vector<const schema::CqlColumn *> Ck = C.Table->clustering();
  for (const schema::CqlColumn *K : Ck) {
    bool Pinned = false;
    for (const Restriction &R : A.Clustering)
      Pinned |= R.Column == K && R.Op == RelationOp::Eq;
    if (!Pinned)
      return false;
  }
  return true;
}

} // namespace

void checkNonPagedRead(const SelectContext &C) {
  if (!C.Execution || !C.Execution->PageSize || !C.Execution->PageSize->Disabled)
    return;
  const SelectStatement &S = C.Select;
  if (S.Limit && S.Limit->Kind == Term::Literal)
    return;
  if (readsOneRow(C))
    return;
  if (C.Analysis.PartitionHasIn && !S.OrderBy.empty())
    return; // Cassandra pages no IN ... ORDER BY: paging off is required
  const PageSizeFact &P = *C.Execution->PageSize;
  std::string What = C.Analysis.confinedToKnownPartitions()
                         ? "every row of the partitions it reads"
                         : "every row it reads across the table";
  // A session's setting is one cause of many findings: each read is the
  // headline, the setting a note.
  bool Session = P.Scope == SettingScope::Session ||
                 P.Scope == SettingScope::Profile;
  DiagnosticBuilder B = C.report(
      RuleId::NonPagedRead, Session ? S.Range : P.Range,
      "paging is turned off for a read of many rows: the coordinator "
      "gathers " + What + " into one response; keep the driver's paging "
      "(a page of a few thousand rows) and iterate the result");
  if (Session)
    B.note(P.Range, P.Scope == SettingScope::Session
                        ? "paging turned off for the session"
                        : "paging turned off by the execution profile");
  else
    B.note(S.Range, "the read that runs unpaged");
  noteTable(B, *C.Table);
}

} // namespace nosqlint::check
