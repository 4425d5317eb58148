//===- BatchRules.cpp - batch-multi-partition and batch validity ----------===//
//
// Cassandra's BatchStatement rules (counter and non-counter mixing, global
// TTL, conditions across tables) and the cost finding: an UNLOGGED batch
// spread over several partitions (the coordinator does the work of many
// writes, with no atomicity to show for it), or a LOGGED batch writing many
// partitions of one table (a bulk load through the batchlog).
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include "Describe.h"

#include <fmt/format.h>

#include <map>
#include <set>

namespace nosqlint::check {

using namespace nosqlint::cql;

namespace {

/// The partition a child statement writes, when its key is known.
struct ChildPartition {
  const Statement *Child;
  const schema::CqlTable *Table = nullptr;
  std::string TableName;
  std::optional<std::string> Key; // literal key values; none when bound
  bool Counter = false;
  bool Conditional = false;
};

const QualifiedName *tableOf(const Statement &S) {
  if (const auto *I = llvm::dyn_cast<InsertStatement>(&S))
    return &I->Table;
  if (const auto *U = llvm::dyn_cast<UpdateStatement>(&S))
    return &U->Table;
  if (const auto *D = llvm::dyn_cast<DeleteStatement>(&S))
    return &D->Table;
  return nullptr;
}

const UsingOptions *usingOf(const Statement &S) {
  if (const auto *I = llvm::dyn_cast<InsertStatement>(&S))
    return &I->Using;
  if (const auto *U = llvm::dyn_cast<UpdateStatement>(&S))
    return &U->Using;
  if (const auto *D = llvm::dyn_cast<DeleteStatement>(&S))
    return &D->Using;
  return nullptr;
}

/// "k=1,k2='a'" from literal key values; nothing if a value is bound.
std::optional<std::string> literalKey(const Statement &S,
                                      const schema::CqlTable &T) {
  std::string Key;
  for (const schema::CqlColumn *K : T.partitionKey()) {
    const Term *Value = nullptr;
    if (const auto *I = llvm::dyn_cast<InsertStatement>(&S)) {
      for (size_t J = 0; J < I->Columns.size() && J < I->Values.size(); ++J)
        if (I->Columns[J].Name == K->Name)
          Value = &I->Values[J];
    } else {
      const std::vector<Relation> &Where =
          llvm::isa<UpdateStatement>(S) ? llvm::cast<UpdateStatement>(S).Where
                                        : llvm::cast<DeleteStatement>(S).Where;
      for (const Relation &R : Where)
        if (R.Target == Relation::Column && R.Op == RelationOp::Eq &&
            !R.Columns.empty() && R.Columns[0].Name == K->Name &&
            !R.Values.empty())
          Value = &R.Values[0];
    }
    if (!Value || Value->Kind == Term::BindMarker ||
        Value->Kind == Term::FunctionCall)
      return std::nullopt;
    Key += K->Name + "=" + describeTerm(*Value) + ",";
  }
  return Key;
}

/// "c1=1,c2=2" from the literal clustering values a child writes or
/// conditions ("" on a table without clustering); nothing when a value is
/// bound or a clustering column is not given by =.
std::optional<std::string> literalRow(const Statement &S,
                                      const schema::CqlTable &T) {
  std::string Row;
  for (const schema::CqlColumn *C : T.clustering()) {
    const Term *Value = nullptr;
    if (const auto *I = llvm::dyn_cast<InsertStatement>(&S)) {
      for (size_t J = 0; J < I->Columns.size() && J < I->Values.size(); ++J)
        if (I->Columns[J].Name == C->Name)
          Value = &I->Values[J];
    } else {
      const std::vector<Relation> &Where =
          llvm::isa<UpdateStatement>(S) ? llvm::cast<UpdateStatement>(S).Where
                                        : llvm::cast<DeleteStatement>(S).Where;
      for (const Relation &R : Where)
        if (R.Target == Relation::Column && R.Op == RelationOp::Eq &&
            !R.Columns.empty() && R.Columns[0].Name == C->Name &&
            !R.Values.empty())
          Value = &R.Values[0];
    }
    if (!Value || Value->Kind != Term::Literal)
      return std::nullopt;
    Row += C->Name + "=" + describeTerm(*Value) + ",";
  }
  return Row;
}

bool isCounterWrite(const Statement &S, const schema::CqlTable *T) {
  if (!T || !llvm::isa<UpdateStatement>(S))
    return T && T->isCounterTable();
  return T->isCounterTable();
}

enum class RowConditionKind { NotExists, Exists, Columns };

/// The first child that mixes kinds of conditions on a row an earlier child
/// conditioned, with Cassandra's message.
std::optional<std::pair<SourceRange, std::string>>
mixedConditions(const std::vector<ChildPartition> &Children) {
  std::map<std::string, RowConditionKind> Rows;
  for (const ChildPartition &P : Children) {
    if (!P.Conditional || !P.Table || !P.Key)
      continue;
    std::optional<std::string> Row = literalRow(*P.Child, *P.Table);
    if (!Row)
      continue;
    RowConditionKind Kind = RowConditionKind::Columns;
    if (llvm::isa<InsertStatement>(P.Child))
      Kind = RowConditionKind::NotExists;
    else if (const auto *U = llvm::dyn_cast<UpdateStatement>(P.Child);
             U && U->IfExists)
      Kind = RowConditionKind::Exists;
    else if (const auto *D = llvm::dyn_cast<DeleteStatement>(P.Child);
             D && D->IfExists)
      Kind = RowConditionKind::Exists;
    auto [It, New] = Rows.try_emplace(P.TableName + "|" + *P.Key + "|" + *Row,
                                      Kind);
    RowConditionKind Previous = It->second;
    if (New || Previous == Kind)
      continue;
    if (Kind == RowConditionKind::Columns)
      return std::make_pair(P.Child->Range,
                            std::string("Cannot mix IF conditions and IF NOT "
                                        "EXISTS for the same row"));
    if (Previous != RowConditionKind::Columns)
      return std::make_pair(P.Child->Range,
                            std::string("Cannot mix IF EXISTS and IF NOT "
                                        "EXISTS conditions for the same row"));
    return std::make_pair(P.Child->Range,
                          Kind == RowConditionKind::NotExists
                              ? std::string("Cannot mix IF conditions and IF "
                                            "NOT EXISTS for the same row")
                              : std::string("Cannot mix IF conditions and IF "
                                            "EXISTS for the same row"));
  }
  return std::nullopt;
}

} // namespace

/// ScyllaDB's batch_statement::validate, in its order, then (when it runs)
/// the partitions of a conditional batch; ScyllaDB takes the mixes of
/// condition kinds on one row that Cassandra refuses.
static std::optional<std::pair<SourceRange, std::string>>
scyllaBatchRejection(const BatchStatement &B,
                     const std::vector<ChildPartition> &Children) {
  auto Refuse = [](SourceRange Range, const char *Message) {
    return std::make_optional(std::make_pair(Range, std::string(Message)));
  };
  bool AnyConditional = false, AnyCounter = false, AnyNonCounter = false;
  std::set<std::string> Tables, Keys;
  for (const ChildPartition &P : Children) {
    AnyConditional |= P.Conditional;
    Tables.insert(P.TableName);
    if (P.Key)
      Keys.insert(*P.Key);
    if (P.Table)
      (P.Counter ? AnyCounter : AnyNonCounter) = true;
  }
  if (B.Using.Ttl)
    return Refuse(B.Using.Ttl->Range,
                  "Global TTL on the BATCH statement is not supported.");
  if (B.Using.Timestamp) {
    if (AnyConditional)
      return Refuse(B.Using.Timestamp->Range,
                    "Cannot provide custom timestamp for conditional BATCH");
    if (B.BatchKind == BatchStatement::Counter)
      return Refuse(B.Using.Timestamp->Range,
                    "Cannot provide custom timestamp for counter BATCH");
    if (AnyCounter)
      return Refuse(B.Using.Timestamp->Range,
                    "Cannot provide custom timestamp for a BATCH containing "
                    "counters");
    for (const auto &Child : B.Children)
      if (const UsingOptions *U = usingOf(*Child); U && U->Timestamp)
        return Refuse(U->Timestamp->Range,
                      "Timestamp must be set either on BATCH or individual "
                      "statements");
  }
  for (const ChildPartition &P : Children)
    if (P.Table && B.BatchKind == BatchStatement::Counter && !P.Counter)
      return Refuse(P.Child->Range,
                    "Cannot include non-counter statement in a counter batch");
  for (const ChildPartition &P : Children)
    if (P.Table && B.BatchKind == BatchStatement::Logged && P.Counter)
      return Refuse(P.Child->Range,
                    "Cannot include a counter statement in a logged batch");
  if (AnyCounter && AnyNonCounter)
    return Refuse(B.Range, "Counter and non-counter mutations cannot exist in "
                           "the same batch");
  if (AnyConditional && Tables.size() > 1)
    return Refuse(B.Range, "BATCH with conditions cannot span multiple tables");
  if (AnyConditional && Keys.size() > 1)
    return Refuse(B.Range,
                  "BATCH with conditions cannot span multiple partitions");
  return std::nullopt;
}

/// Cassandra's BatchStatement checks, in its order.
static std::optional<std::pair<SourceRange, std::string>>
cassandraBatchRejection(const BatchStatement &B,
                        const std::vector<ChildPartition> &Children) {
  auto Reject = [](SourceRange Range, std::string Message) {
    return std::make_optional(std::make_pair(Range, std::move(Message)));
  };
  bool AnyCounter = false, AnyNonCounter = false;
  for (const ChildPartition &P : Children) {
    if (!P.Table)
      continue;
    if (B.BatchKind == BatchStatement::Counter && !P.Counter)
      return Reject(P.Child->Range,
                    "Cannot include non-counter statement in a counter batch");
    if (B.BatchKind == BatchStatement::Logged && P.Counter)
      return Reject(P.Child->Range,
                    "Cannot include a counter statement in a logged batch");
    (P.Counter ? AnyCounter : AnyNonCounter) = true;
  }
  if (AnyCounter && AnyNonCounter)
    return Reject(B.Range,
                  "Counter and non-counter mutations cannot exist in the same "
                  "batch");
  if (B.Using.Ttl)
    return Reject(B.Using.Ttl->Range,
                  "Global TTL on the BATCH statement is not supported.");
  std::set<std::string> Tables;
  bool AnyConditional = false;
  for (const ChildPartition &P : Children) {
    Tables.insert(P.TableName);
    AnyConditional |= P.Conditional;
  }
  if (B.Using.Timestamp) {
    if (AnyConditional)
      return Reject(B.Using.Timestamp->Range,
                    "Cannot provide custom timestamp for conditional BATCH");
    if (B.BatchKind == BatchStatement::Counter)
      return Reject(B.Using.Timestamp->Range,
                    "Cannot provide custom timestamp for counter BATCH");
    for (const auto &Child : B.Children)
      if (const UsingOptions *U = usingOf(*Child); U && U->Timestamp)
        return Reject(U->Timestamp->Range,
                      "Timestamp must be set either on BATCH or individual "
                      "statements");
  }
  if (AnyConditional && Tables.size() > 1)
    return Reject(B.Range, "Batch with conditions cannot span multiple tables");
  if (AnyConditional) {
    std::set<std::string> Keys;
    for (const ChildPartition &P : Children)
      if (P.Key)
        Keys.insert(*P.Key);
    if (Keys.size() > 1)
      return Reject(B.Range,
                    "Batch with conditions cannot span multiple partitions");
    // CQL3CasRequest: one kind of condition per row (IF NOT EXISTS, IF
    // EXISTS, or column conditions), in the order of the statements.
    // (ScyllaDB accepts the mixes: its docs, lwt-differences.)
    if (std::optional<std::pair<SourceRange, std::string>> Mix =
            mixedConditions(Children))
      return Reject(Mix->first, Mix->second);
  }
  return std::nullopt;
}

/// batch-multi-partition: the partitions a batch that runs touches.
static void reportBatchPartitions(const CqlChecker &Checker,
                                  const BatchStatement &B,
                                  const std::vector<ChildPartition> &Children) {
  // Partitions touched: a child on another table is another partition; on the
  // same table, two literal keys that differ are two partitions.
  std::set<std::string> Known;
  for (const ChildPartition &P : Children)
    if (P.Key)
      Known.insert(P.TableName + "|" + *P.Key);
  unsigned Partitions = static_cast<unsigned>(Known.size());
  std::set<std::string> TablesWithUnknownKeys;
  for (const ChildPartition &P : Children)
    if (!P.Key)
      TablesWithUnknownKeys.insert(P.TableName);
  for (const std::string &T : TablesWithUnknownKeys) {
    bool TableHasKnown = false;
    for (const std::string &K : Known)
      TableHasKnown |= llvm::StringRef(K).startswith(T + "|");
    if (!TableHasKnown)
      ++Partitions; // at least one partition of that table
  }

  if (B.BatchKind != BatchStatement::Logged && Partitions > 1) {
    Checker.diags().report(
        RuleId::BatchMultiPartition, Dialect::Cql, B.Range,
        fmt::format("{} batch spans {} partitions: the coordinator applies "
                    "each one separately, without atomicity and with more "
                    "load than single writes; batch only writes to one "
                    "partition, or send the writes asynchronously",
                    B.BatchKind == BatchStatement::Counter ? "COUNTER"
                                                           : "UNLOGGED",
                    Partitions));
    return;
  }
  if (B.BatchKind == BatchStatement::Logged) {
    // Bulk writes: several partitions of the same table.
    std::map<std::string, std::set<std::string>> PerTable;
    for (const ChildPartition &P : Children)
      if (P.Key)
        PerTable[P.TableName].insert(*P.Key);
    for (const auto &[Table, Keys] : PerTable)
      if (Keys.size() > 1) {
        Checker.diags().report(
            RuleId::BatchMultiPartition, Dialect::Cql, B.Range,
            fmt::format("LOGGED batch writes {} partitions of {}: a logged "
                        "batch is for keeping denormalized tables in step, "
                        "not for bulk loading; the batchlog doubles the "
                        "writes. Send them as separate asynchronous writes",
                        Keys.size(), Table));
        return;
      }
  }
}

void checkBatch(const CqlChecker &Checker, const BatchStatement &B,
                const std::string &CurrentKeyspace) {
  std::vector<ChildPartition> Children;
  for (const auto &Child : B.Children) {
    const QualifiedName *Name = tableOf(*Child);
    if (!Name)
      continue;
    ChildPartition P;
    P.Child = Child.get();
    std::optional<std::string> Ks;
    if (Name->Keyspace)
      Ks = Name->Keyspace->Name;
    P.Table = Checker.catalog().findTable(Ks, Name->Name.Name, CurrentKeyspace);
    P.TableName = (Ks ? *Ks + "." : std::string()) + Name->Name.Name;
    if (P.Table) {
      P.TableName = P.Table->qualifiedName();
      P.Key = literalKey(*Child, *P.Table);
    }
    P.Counter = isCounterWrite(*Child, P.Table);
    if (const auto *U = llvm::dyn_cast<UpdateStatement>(Child.get()))
      P.Conditional = U->IfExists || !U->Conditions.empty();
    if (const auto *D = llvm::dyn_cast<DeleteStatement>(Child.get()))
      P.Conditional = D->IfExists || !D->Conditions.empty();
    if (const auto *I = llvm::dyn_cast<InsertStatement>(Child.get()))
      P.Conditional = I->IfNotExists;
    Children.push_back(std::move(P));
  }

  auto Reject = [&](SourceRange Range, const std::string &Message) {
    Checker.diags().report(RuleId::InvalidQuery, Dialect::Cql, Range,
                           fmt::format("{} rejects this batch: \"{}\"",
                                       Checker.options().ScyllaDb
                                           ? "ScyllaDB"
                                           : "Cassandra",
                                       Message));
  };
  std::optional<std::pair<SourceRange, std::string>> Refused =
      Checker.options().ScyllaDb ? scyllaBatchRejection(B, Children)
                                 : cassandraBatchRejection(B, Children);
  if (Refused)
    return Reject(Refused->first, Refused->second);
  reportBatchPartitions(Checker, B, Children);
}


} // namespace nosqlint::check
