//===- AccessPatterns.cpp - Findings that need more than one statement ----===//
//
// A queue-shaped table: the application reads the head of a partition in
// clustering order (oldest first) with a LIMIT, then deletes what it
// consumed. Each delete leaves a tombstone at the head, and every following
// read scans all of them until compaction: reads slow down, then fail at
// tombstone_failure_threshold. The consumer SELECT is recorded here, before
// the parallel checks; the DELETE is flagged by tombstone-risk.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Check/CqlChecker.h"

namespace nosqlint::check {

using namespace nosqlint::cql;
using schema::CqlTable;

/// The SELECT pins the partition key, does not skip past the head (no lower
/// bound on the first clustering column, a timeuuid or timestamp), reads in
/// ascending clustering order, and takes a LIMIT.
static bool readsHeadInOrder(const SelectStatement &S, const CqlTable &T) {
  std::vector<const schema::CqlColumn *> Ck = T.clustering();
  if (Ck.empty() || !S.Limit)
    return false;
  for (const schema::CqlColumn *K : T.partitionKey()) {
    bool Pinned = false;
    for (const Relation &R : S.Where)
      Pinned |= R.Target == Relation::Column && !R.Columns.empty() &&
                R.Columns[0].Name == K->Name && R.Op == RelationOp::Eq;
    if (!Pinned)
      return false;
  }
  // A queue hands out work in arrival order: its clustering key is a time.
  const schema::CqlColumn *Head = Ck.front();
  const cql::CqlType &HeadType = Head->Type;
  bool TimeOrdered = HeadType.Kind == CqlType::Native &&
                     (HeadType.Name == "timeuuid" || HeadType.Name == "timestamp");
  if (!TimeOrdered)
    return false;
  for (const Relation &R : S.Where)
    if (R.Target == Relation::Column && !R.Columns.empty() &&
        R.Columns[0].Name == Head->Name &&
        (R.Op == RelationOp::Gt || R.Op == RelationOp::Ge ||
         R.Op == RelationOp::Eq || R.Op == RelationOp::In))
      return false;
  bool Descending = Head->Descending;
  if (!S.OrderBy.empty() && S.OrderBy.front().Column.Name == Head->Name)
    Descending = S.OrderBy.front().Descending;
  return !Descending;
}

void CqlChecker::recordLwtWrite(const Statement &St,
                                const std::string &Keyspace) {
  if (const auto *B = llvm::dyn_cast<BatchStatement>(&St)) {
    for (const auto &C : B->Children)
      recordLwtWrite(*C, Keyspace);
    return;
  }
  const QualifiedName *Name = nullptr;
  bool Conditional = false;
  if (const auto *I = llvm::dyn_cast<InsertStatement>(&St)) {
    Name = &I->Table;
    Conditional = I->IfNotExists;
  } else if (const auto *U = llvm::dyn_cast<UpdateStatement>(&St)) {
    Name = &U->Table;
    Conditional = U->IfExists || !U->Conditions.empty();
  } else if (const auto *D = llvm::dyn_cast<DeleteStatement>(&St)) {
    Name = &D->Table;
    Conditional = D->IfExists || !D->Conditions.empty();
  }
  if (!Name || !Conditional)
    return;
  std::optional<std::string> Ks;
  if (Name->Keyspace)
    Ks = Name->Keyspace->Name;
  if (const CqlTable *T = Catalog.findTable(Ks, Name->Name.Name, Keyspace))
    LwtWrites.emplace(T, St.Range);
}

void CqlChecker::recordAccessPatterns(const Script &Script) {
  std::string Keyspace;
  for (const auto &St : Script.Statements) {
    if (const auto *U = llvm::dyn_cast<UseStatement>(St.get())) {
      Keyspace = U->Keyspace.Name;
      continue;
    }
    recordLwtWrite(*St, Keyspace);
    const auto *S = llvm::dyn_cast<SelectStatement>(St.get());
    if (!S)
      continue;
    std::optional<std::string> Ks;
    if (S->Table.Keyspace)
      Ks = S->Table.Keyspace->Name;
    const CqlTable *T = Catalog.findTable(Ks, S->Table.Name.Name, Keyspace);
    if (T && readsHeadInOrder(*S, *T))
      QueueReads.emplace(T, S);
  }
}

} // namespace nosqlint::check
