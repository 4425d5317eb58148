//===- GuardrailRules.cpp - guardrail-query/-threshold/-consistency -------===//
//
// What the configured server (GuardrailSettings.h) would warn about or
// refuse in one statement, in Cassandra's order and words (db/guardrails/
// Guardrails.java; EnableFlag: "<feature> is not allowed"; MaxThreshold:
// above the threshold, a threshold of 0 or less being off; Values:
// "Provided values [..] are not allowed for <what> (disallowed values are:
// [..])"). Guardrails do not apply to superusers: the pages say so.
//
// Only what the code shows counts: an IN list of bind markers, a page size
// or consistency level set at run time, never cause a finding.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include "llvm/ADT/StringExtras.h"

#include <fmt/format.h>

#include <climits>
#include <functional>
#include <set>

namespace nosqlint::check {

using namespace nosqlint::cql;

namespace {

/// Reports one guardrail finding: the server's message, the setting and
/// its value, and where the file sets it.
/// A note on the code's setting behind a finding (a session's or a
/// profile's, shared by many statements).
struct SettingNote {
  SourceRange Range;
  std::string Text;
};

void reportGuardrail(const StatementContext &C, RuleId Rule, SourceRange At,
                     const GuardrailSettings &G, const GuardrailSetting &S,
                     bool Fail, const std::string &ServerMessage,
                     const SettingNote *Origin = nullptr) {
  DiagnosticBuilder B = C.report(
      Rule, At,
      fmt::format("the configured server {} this statement: {} ({}: {})",
                  Fail ? "refuses" : "warns about", ServerMessage, S.Name,
                  S.Value));
  B.severity(Fail ? Severity::Error : Severity::Warning);
  if (S.Range.isValid())
    B.note(S.Range, fmt::format("{} is set here ({})", S.Name, G.where(S)));
  else
    B.note(C.Statement.Range, fmt::format("{} is {} in {}", S.Name, S.Value,
                                          G.where(S)));
  if (Origin)
    B.note(Origin->Range, Origin->Text);
}

void flag(const StatementContext &C, RuleId Rule, SourceRange At,
          llvm::StringRef Setting, const std::string &Feature) {
  const GuardrailSettings &G = *C.Checker.options().Guardrails;
  if (const GuardrailSetting *S = G.disabled(Setting))
    reportGuardrail(C, Rule, At, G, *S, true, Feature + " is not allowed");
}

/// A max threshold pair (`<name>_warn_threshold`, `<name>_fail_threshold`):
/// the fail threshold first, as Cassandra checks it.
template <typename MessageFn>
bool maxThreshold(const StatementContext &C, RuleId Rule, SourceRange At,
                  llvm::StringRef Name, long long Value, MessageFn Message,
                  const SettingNote *Origin = nullptr) {
  const GuardrailSettings &G = *C.Checker.options().Guardrails;
  if (const GuardrailSetting *F = G.threshold(Name.str() + "_fail_threshold");
      F && Value > F->Number) {
    reportGuardrail(C, Rule, At, G, *F, true, Message(true, F->Number), Origin);
    return true;
  }
  if (const GuardrailSetting *W = G.threshold(Name.str() + "_warn_threshold");
      W && Value > W->Number) {
    reportGuardrail(C, Rule, At, G, *W, false, Message(false, W->Number),
                    Origin);
    return true;
  }
  return false;
}

/// Cassandra's message for in_select_cartesian_product on \p What
/// ("partition key", "clustering key").
std::string cartesianMessage(llvm::StringRef What, long long Values, bool Fail,
                             long long Threshold) {
  return Fail ? fmt::format("Aborting query because the cartesian product of "
                            "the IN restrictions on {} produces {} values, "
                            "this exceeds fail threshold of {}.",
                            What, Values, Threshold)
              : fmt::format("The cartesian product of the IN restrictions on "
                            "{} produces {} values, this exceeds warning "
                            "threshold of {}.",
                            What, Values, Threshold);
}

const schema::CqlTable *tableOf(const StatementContext &C,
                                const QualifiedName &Name) {
  std::optional<std::string> Ks;
  if (Name.Keyspace)
    Ks = Name.Keyspace->Name;
  return C.Checker.catalog().findTable(Ks, Name.Name.Name, C.CurrentKeyspace);
}

/// The number of values of an IN relation, when its list is written out.
std::optional<long long> inValues(const Relation &R) {
  if (R.Op == RelationOp::Eq)
    return 1;
  if (R.Op != RelationOp::In || R.InMarker)
    return std::nullopt;
  return static_cast<long long>(R.Values.size());
}

/// The cartesian product of the = / IN values on \p Columns, or nothing
/// when one is unknown or a column is not restricted that way; \p HasIn
/// tells whether any IN was met.
std::optional<long long>
productOn(const SelectStatement &S,
          const std::vector<const schema::CqlColumn *> &Columns, bool &HasIn) {
  long long Product = 1;
  HasIn = false;
  for (const schema::CqlColumn *K : Columns) {
    std::optional<long long> N;
    for (const Relation &R : S.Where)
      if (R.Target == Relation::Column && R.Columns.size() == 1 &&
          R.Columns[0].Name == K->Name &&
          (R.Op == RelationOp::Eq || R.Op == RelationOp::In)) {
        N = inValues(R);
        HasIn |= R.Op == RelationOp::In;
        if (!N)
          return std::nullopt;
      }
    if (!N)
      return std::nullopt;
    Product *= *N;
    if (Product > INT32_MAX)
      return INT32_MAX + 1LL;
  }
  return Product;
}

void selectThresholds(const StatementContext &C, const SelectStatement &S) {
  const schema::CqlTable *T = tableOf(C, S.Table);
  if (!T)
    return;
  bool PkIn = false, CkIn = false;
  std::optional<long long> Keys = productOn(S, T->partitionKey(), PkIn);
  if (Keys && PkIn) {
    // One IN list, one headline: the partition key count, else the product.
    bool Fired = maxThreshold(C, RuleId::GuardrailThreshold, S.WhereRange,
                 "partition_keys_in_select", *Keys, [&](bool Fail, long long L) {
                   return Fail ? fmt::format(
                                     "Aborting query with partition keys in IN "
                                     "clause on table {}, number of partition "
                                     "keys {} exceeds fail threshold of {}.",
                                     T->Name, *Keys, L)
                               : fmt::format(
                                     "Query with partition keys in IN clause on "
                                     "table {}, with number of partition keys "
                                     "{} exceeds warning threshold of {}.",
                                     T->Name, *Keys, L);
                 });
    if (!Fired)
      maxThreshold(C, RuleId::GuardrailThreshold, S.WhereRange,
                 "in_select_cartesian_product", *Keys,
                 [&](bool Fail, long long L) {
                   return cartesianMessage("partition key", *Keys, Fail, L);
                 });
  }
  // The clustering prefix restricted by = or IN.
  std::vector<const schema::CqlColumn *> Prefix;
  for (const schema::CqlColumn *K : T->clustering()) {
    bool Pinned = llvm::any_of(S.Where, [&](const Relation &R) {
      return R.Target == Relation::Column && R.Columns.size() == 1 &&
             R.Columns[0].Name == K->Name &&
             (R.Op == RelationOp::Eq || R.Op == RelationOp::In);
    });
    if (!Pinned)
      break;
    Prefix.push_back(K);
  }
  std::optional<long long> Rows = productOn(S, Prefix, CkIn);
  if (Rows && CkIn)
    maxThreshold(C, RuleId::GuardrailThreshold, S.WhereRange,
                 "in_select_cartesian_product", *Rows,
                 [&](bool Fail, long long L) {
                   return cartesianMessage("clustering key", *Rows, Fail, L);
                 });
  // The page size the code asks for (Cassandra skips the check when the
  // query does not page: a LIMIT below the page size, paging off).
  if (C.Execution && C.Execution->PageSize && !C.Execution->PageSize->Disabled) {
    const PageSizeFact &P = *C.Execution->PageSize;
    long long Limit = -1;
    if (S.Limit && S.Limit->Kind == Term::Literal)
      llvm::StringRef(S.Limit->Text).getAsInteger(10, Limit);
    std::optional<SettingNote> Origin;
    if (P.Scope == SettingScope::Session || P.Scope == SettingScope::Profile)
      Origin = SettingNote{P.Range, P.Scope == SettingScope::Session
                                        ? "the session's default page size"
                                        : "the execution profile's page size"};
    if (P.Rows > 0 && (Limit < 0 || Limit > P.Rows))
      maxThreshold(C, RuleId::GuardrailThreshold,
                   Origin ? C.Statement.Range : P.Range, "page_size", P.Rows,
                   [&](bool Fail, long long L) {
                     return Fail ? fmt::format("Aborting query for table {}, "
                                               "page size {} exceeds fail "
                                               "threshold of {}.",
                                               T->Name, P.Rows, L)
                                 : fmt::format("Query for table {} with page "
                                               "size {} exceeds warning "
                                               "threshold of {}.",
                                               T->Name, P.Rows, L);
                   },
                   Origin ? &*Origin : nullptr);
  }
}

void consistencyLevels(const StatementContext &C, bool Read) {
  if (!C.Execution)
    return;
  const GuardrailSettings &G = *C.Checker.options().Guardrails;
  std::vector<const ConsistencyFact *> Levels;
  if (C.Execution->Consistency)
    Levels.push_back(&*C.Execution->Consistency);
  // Writes are checked at both their levels (ModificationStatement,
  // BatchStatement).
  if (!Read && C.Execution->SerialConsistency)
    Levels.push_back(&*C.Execution->SerialConsistency);
  std::string What = Read ? "read consistency levels" : "write consistency levels";
  std::string Prefix = Read ? "read_consistency_levels" : "write_consistency_levels";
  for (bool Fail : {true, false}) {
    const GuardrailSetting *S =
        G.find(Prefix + (Fail ? "_disallowed" : "_warned"));
    if (!S || S->Levels.empty())
      continue;
    for (const ConsistencyFact *L : Levels) {
      if (!llvm::is_contained(S->Levels, L->Level))
        continue;
      std::string Set = "[" + llvm::join(S->Levels, ", ") + "]";
      bool Shared = L->Scope == SettingScope::Session ||
                    L->Scope == SettingScope::Profile;
      SettingNote Origin{L->Range, L->Scope == SettingScope::Session
                                       ? "the session's default level"
                                       : "the execution profile's level"};
      reportGuardrail(
          C, RuleId::GuardrailConsistency,
          Shared ? C.Statement.Range : L->Range, G,
          *S, Fail,
          Fail ? fmt::format("Provided values [{}] are not allowed for {} "
                             "(disallowed values are: {})",
                             L->Level, What, Set)
               : fmt::format("Provided values [{}] are not recommended for {} "
                             "(warned values are: {})",
                             L->Level, What, Set),
          Shared ? &Origin : nullptr);
      return; // one headline: the first the server would send
    }
  }
}

bool isListColumn(const schema::CqlTable *T, const Identifier &Column) {
  if (!T)
    return false;
  const schema::CqlColumn *Col = T->column(Column.Name);
  return Col && Col->Type.Kind == CqlType::List;
}

void writeFlags(const StatementContext &C, const QualifiedName &Table,
                const UsingOptions &Using) {
  if (Using.Timestamp)
    flag(C, RuleId::GuardrailQuery, Using.Timestamp->Range, "user_timestamps_enabled",
         "User provided timestamps (USING TIMESTAMP)");
  const schema::CqlTable *T = tableOf(C, Table);
  auto ListFlag = [&](SourceRange At) {
    flag(C, RuleId::GuardrailQuery, At,
         "read_before_write_list_operations_enabled",
         "List operation requiring read before write");
  };
  if (const auto *U = llvm::dyn_cast<UpdateStatement>(&C.Statement)) {
    for (const Assignment &A : U->Assignments)
      if (isListColumn(T, A.Column) &&
          (A.Kind == Assignment::SetElement || A.Kind == Assignment::Subtract))
        return ListFlag(A.Range);
  }
  if (const auto *D = llvm::dyn_cast<DeleteStatement>(&C.Statement)) {
    for (const DeleteTarget &X : D->Targets)
      if (X.Element && isListColumn(T, X.Column))
        return ListFlag(X.Range);
  }
}

/// The table a batch child writes, as written (`ks.t` or `t`).
std::string childTable(const Statement &S) {
  const QualifiedName *N = nullptr;
  if (const auto *I = llvm::dyn_cast<InsertStatement>(&S))
    N = &I->Table;
  else if (const auto *U = llvm::dyn_cast<UpdateStatement>(&S))
    N = &U->Table;
  else if (const auto *D = llvm::dyn_cast<DeleteStatement>(&S))
    N = &D->Table;
  if (!N)
    return {};
  return (N->Keyspace ? N->Keyspace->Name + "." : std::string()) + N->Name.Name;
}

/// The partition a batch child writes, as its literal key values joined
/// (`ks.t|1`), when the schema knows its table and each key column is given
/// a literal; empty otherwise.
std::string childPartition(const StatementContext &C, const Statement &S) {
  std::string Name = childTable(S);
  const QualifiedName *Q = nullptr;
  std::vector<std::pair<std::string, const Term *>> Given;
  if (const auto *I = llvm::dyn_cast<InsertStatement>(&S)) {
    Q = &I->Table;
    for (size_t K = 0; K < I->Columns.size() && K < I->Values.size(); ++K)
      Given.emplace_back(I->Columns[K].Name, &I->Values[K]);
  } else {
    const std::vector<Relation> *Where = nullptr;
    if (const auto *U = llvm::dyn_cast<UpdateStatement>(&S)) {
      Q = &U->Table;
      Where = &U->Where;
    } else if (const auto *D = llvm::dyn_cast<DeleteStatement>(&S)) {
      Q = &D->Table;
      Where = &D->Where;
    }
    if (Where)
      for (const Relation &R : *Where)
        if (R.Target == Relation::Column && R.Op == RelationOp::Eq &&
            R.Columns.size() == 1 && R.Values.size() == 1)
          Given.emplace_back(R.Columns[0].Name, &R.Values[0]);
  }
  const schema::CqlTable *T = Q ? tableOf(C, *Q) : nullptr;
  if (!T)
    return {};
  std::string Key = T->Keyspace + "." + T->Name;
  for (const schema::CqlColumn &Col : T->Columns) {
    if (Col.Role != schema::ColumnRole::PartitionKey)
      continue;
    auto It = llvm::find_if(Given, [&](const auto &G) { return G.first == Col.Name; });
    if (It == Given.end() || It->second->Kind != Term::Literal)
      return {};
    Key += "|" + It->second->Text;
  }
  return Key;
}

void batchSize(const StatementContext &C, const BatchStatement &B) {
  // ScyllaDB's batch_statement::verify_batch_size: only a batch of more
  // than one mutation (a partition of a table) is measured, by the memory
  // its mutations take; above the warn threshold (then above the fail
  // one). Here only the bytes the literals spell out are counted, a lower
  // bound, and a batch is known to hold more than one mutation when it
  // writes two tables, or partitions whose keys its literals give.
  const GuardrailSettings &G = *C.Checker.options().Guardrails;
  if (G.Server != GuardrailServer::ScyllaDb)
    return;
  std::set<std::string> Tables, Partitions;
  bool AllKnown = true;
  for (const auto &Child : B.Children) {
    Tables.insert(childTable(*Child));
    std::string P = childPartition(C, *Child);
    AllKnown &= !P.empty();
    Partitions.insert(P);
  }
  bool Several = (Tables.size() >= 2 && !Tables.count(std::string())) ||
                 (AllKnown && Partitions.size() >= 2);
  if (!Several)
    return;
  long long Bytes = 0;
  std::function<void(const Term &)> Add = [&](const Term &T) {
    if (T.Kind == Term::Literal)
      Bytes += static_cast<long long>(T.Text.size());
    for (const Term &Child : T.Children)
      Add(Child);
  };
  for (const auto &Child : B.Children) {
    if (const auto *I = llvm::dyn_cast<InsertStatement>(Child.get()))
      for (const Term &V : I->Values)
        Add(V);
    if (const auto *U = llvm::dyn_cast<UpdateStatement>(Child.get()))
      for (const Assignment &A : U->Assignments)
        Add(A.Value);
  }
  // The fail threshold is looked at only above the warn one, whose default
  // (db/config.cc: 128) stands when the file does not set it.
  const GuardrailSetting *Warn = G.find("batch_size_warn_threshold_in_kb");
  long long WarnKb = Warn ? Warn->Number : 128;
  if (WarnKb < 0 || Bytes <= WarnKb * 1024)
    return;
  const char *Kind = B.BatchKind == BatchStatement::Logged ? "Logged" : "Unlogged";
  const GuardrailSetting *Fail = G.find("batch_size_fail_threshold_in_kb");
  if (Fail && Fail->Number >= 0 && Bytes > Fail->Number * 1024)
    return reportGuardrail(
        C, RuleId::GuardrailThreshold, B.Range, G, *Fail, true,
        fmt::format("\"Batch too large\" (the batch's literal values alone "
                    "take {} bytes, more than {} kB; the server logs \"{} "
                    "batch modifying ... partitions ... exceeding specified "
                    "FAIL threshold of {}\")",
                    Bytes, Fail->Number, Kind, Fail->Number * 1024));
  if (!Warn)
    return; // the default's warning is not the file's setting to quote
  reportGuardrail(
      C, RuleId::GuardrailThreshold, B.Range, G, *Warn, false,
      fmt::format("a warning in the server's log, not sent to the client: "
                  "\"{} batch modifying ... partitions ... exceeding "
                  "specified WARN threshold of {}\" (the batch's literal "
                  "values alone take {} bytes, more than {} kB)",
                  Kind, Warn->Number * 1024, Bytes, Warn->Number));
}

} // namespace

void checkGuardrails(const StatementContext &C) {
  if (!C.Checker.options().Guardrails)
    return;
  const Statement &St = C.Statement;
  switch (St.kind()) {
  case Statement::Select: {
    const auto &S = llvm::cast<SelectStatement>(St);
    consistencyLevels(C, /*Read=*/true);
    if (S.AllowFiltering)
      flag(C, RuleId::GuardrailQuery, S.AllowFilteringRange,
           "allow_filtering_enabled", "Querying with ALLOW FILTERING");
    if (!S.GroupBy.empty())
      flag(C, RuleId::GuardrailQuery, S.GroupBy.front().Range,
           "group_by_enabled", "GROUP BY functionality");
    selectThresholds(C, S);
    return;
  }
  case Statement::Insert: {
    const auto &I = llvm::cast<InsertStatement>(St);
    consistencyLevels(C, false);
    return writeFlags(C, I.Table, I.Using);
  }
  case Statement::Update: {
    const auto &U = llvm::cast<UpdateStatement>(St);
    consistencyLevels(C, false);
    return writeFlags(C, U.Table, U.Using);
  }
  case Statement::Delete: {
    const auto &D = llvm::cast<DeleteStatement>(St);
    consistencyLevels(C, false);
    return writeFlags(C, D.Table, D.Using);
  }
  case Statement::Batch: {
    const auto &B = llvm::cast<BatchStatement>(St);
    consistencyLevels(C, false);
    if (B.Using.Timestamp)
      flag(C, RuleId::GuardrailQuery, B.Using.Timestamp->Range,
           "user_timestamps_enabled",
           "User provided timestamps (USING TIMESTAMP)");
    return batchSize(C, B);
  }
  case Statement::Drop: {
    const auto &D = llvm::cast<DropStatement>(St);
    if (D.Object == DropStatement::Table)
      flag(C, RuleId::GuardrailQuery, St.Range, "drop_truncate_table_enabled",
           "DROP and TRUNCATE TABLE functionality");
    else if (D.Object == DropStatement::Keyspace)
      flag(C, RuleId::GuardrailQuery, St.Range, "drop_keyspace_enabled",
           "DROP KEYSPACE functionality");
    return;
  }
  case Statement::Other:
    if (llvm::cast<OtherStatement>(St).Keyword == "TRUNCATE")
      flag(C, RuleId::GuardrailQuery, St.Range, "drop_truncate_table_enabled",
           "DROP and TRUNCATE TABLE functionality");
    return;
  case Statement::CreateKeyspace:
  case Statement::AlterKeyspace:
  case Statement::CreateTable:
  case Statement::AlterTable:
  case Statement::CreateIndex:
  case Statement::CreateView:
  case Statement::AlterView:
  case Statement::CreateType:
  case Statement::AlterType:
  case Statement::Use:
    return; // the schema's guardrails: GuardrailSchemaRules.cpp
  }
}

} // namespace nosqlint::check
