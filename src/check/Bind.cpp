//===- Bind.cpp - Statements to tables and columns ------------------------===//
//
// unknown-table, unknown-column and the no-schema note. Cassandra resolves
// the keyspace and table first, then every column the statement names; a
// name that does not resolve stops the statement there.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include "nosqlint/Basic/CqlNames.h"

#include "nosqlint/Diag/DiagnosticEngine.h"

#include <fmt/format.h>

namespace nosqlint::check {

using namespace nosqlint::cql;
using schema::CqlTable;

void noteTable(DiagnosticBuilder &B, const CqlTable &Table) {
  B.note(Table.NameRange.isValid() ? Table.NameRange : Table.Range,
         fmt::format("{} '{}' declared here{}",
                     Table.IsView ? "materialized view" : "table",
                     Table.qualifiedName(),
                     Table.Provenance.empty() ? std::string()
                                              : " (" + Table.Provenance + ")"));
}

/// The closest of \p Candidates to \p Name, if it is close enough to be a
/// likely typo. \p Unique: whether no other candidate is as close (only
/// then is it offered as a fix).
static std::optional<std::string>
closestName(llvm::StringRef Name, const std::vector<std::string> &Candidates,
            bool *Unique = nullptr) {
  std::optional<std::string> Best;
  unsigned BestDistance = 0;
  bool Tie = false;
  unsigned Limit = std::max<unsigned>(Name.size() >= 4 ? 2 : 1,
                                      static_cast<unsigned>(Name.size()) / 3);
  for (const std::string &C : Candidates) {
    unsigned D = Name.edit_distance(C, /*AllowReplacements=*/true, Limit + 1);
    if (D > Limit)
      continue;
    if (Best && D == BestDistance && C != *Best)
      Tie = true;
    if (!Best || D < BestDistance) {
      Best = C;
      BestDistance = D;
      Tie = false;
    }
  }
  if (Unique)
    *Unique = Best && !Tie;
  return Best;
}

BindResult bindTable(StatementContext &C, const QualifiedName &Name) {
  const schema::CqlCatalog &Catalog = C.Checker.catalog();
  std::optional<std::string> Ks;
  if (Name.Keyspace)
    Ks = Name.Keyspace->Name;
  std::string EffectiveKs = Ks ? *Ks : C.CurrentKeyspace;

  // Cassandra's own keyspaces (system, system_schema, system_auth, ...) are
  // read by drivers and tools by design; nothing to judge there, even where
  // a schema dump declares them.
  if (isSystemKeyspace(EffectiveKs))
    return BindResult::NoSchema;

  if (const CqlTable *T = Catalog.findTable(Ks, Name.Name.Name, C.CurrentKeyspace)) {
    C.Table = T;
    return BindResult::Bound;
  }

  // Does any schema cover this keyspace? Without one the rules that need the
  // table definition stay silent, and say so once per table.
  bool Covered = EffectiveKs.empty() ? !Catalog.empty()
                                     : Catalog.keyspace(EffectiveKs) != nullptr;
  if (!Covered) {
    std::string Key = (EffectiveKs.empty() ? "" : EffectiveKs + ".") + Name.Name.Name;
    C.Checker.offerNoSchemaNote(Key, Name.Range,
               Catalog.empty()
                   ? fmt::format("no schema given: checks that need the "
                                 "definition of table '{}' were skipped (pass "
                                 "its DDL with --schema)",
                                 Key)
                   : fmt::format("no schema covers keyspace '{}': checks that "
                                 "need the definition of table '{}' were "
                                 "skipped",
                                 EffectiveKs, Key));
    return BindResult::NoSchema;
  }

  // The keyspace is declared but the table is not.
  std::vector<std::string> Names;
  const schema::CqlKeyspace *K =
      EffectiveKs.empty() ? nullptr : Catalog.keyspace(EffectiveKs);
  for (const CqlTable *T : Catalog.tables())
    if (!K || T->Keyspace == K->Name)
      Names.push_back(T->Name);
  DiagnosticBuilder B = C.report(
      RuleId::UnknownTable, Name.Name.Range,
      EffectiveKs.empty()
          ? fmt::format("table {} does not exist", Name.Name.Name)
          : fmt::format("table {} does not exist in keyspace {}",
                        Name.Name.Name, EffectiveKs));
  bool Unique = false;
  if (std::optional<std::string> Near =
          closestName(Name.Name.Name, Names, &Unique)) {
    const CqlTable *T = Catalog.findTable(Ks, *Near, C.CurrentKeyspace);
    B.note(T ? T->NameRange : SourceRange(),
           fmt::format("did you mean '{}'?", *Near));
    // Unsafe: the statement then reads another table than it names.
    if (Unique && T)
      B.fixIt(Name.Name.Range, quoteCqlName(*Near), FixSafety::Unsafe);
  }
  return BindResult::UnknownTable;
}

namespace {

/// Collects every column name a statement mentions, with its range.
class ColumnCollector {
public:
  std::vector<const Identifier *> Columns;

  void add(const Identifier &Id) { Columns.push_back(&Id); }

  void selector(const Selector &S) {
    switch (S.Kind) {
    case Selector::ColumnName:
    case Selector::WriteTime:
    case Selector::MaxWriteTime:
    case Selector::Ttl:
      add(S.Column);
      break;
    default:
      break;
    }
    for (const Selector &Arg : S.Args)
      selector(Arg);
  }

  void relations(const std::vector<Relation> &Where) {
    for (const Relation &R : Where) {
      if (R.Target == Relation::CustomIndex)
        continue;
      for (const Identifier &Id : R.Columns)
        add(Id);
    }
  }

  void statement(const Statement &St) {
    if (const auto *S = llvm::dyn_cast<SelectStatement>(&St)) {
      for (const Selector &Sel : S->Selectors)
        selector(Sel);
      relations(S->Where);
      for (const GroupByItem &G : S->GroupBy)
        add(G.Column);
      for (const Ordering &O : S->OrderBy)
        add(O.Column);
      return;
    }
    if (const auto *I = llvm::dyn_cast<InsertStatement>(&St)) {
      for (const Identifier &Id : I->Columns)
        add(Id);
      return;
    }
    if (const auto *U = llvm::dyn_cast<UpdateStatement>(&St)) {
      for (const Assignment &A : U->Assignments)
        add(A.Column);
      relations(U->Where);
      for (const Condition &Cond : U->Conditions)
        add(Cond.Column);
      return;
    }
    if (const auto *D = llvm::dyn_cast<DeleteStatement>(&St)) {
      for (const DeleteTarget &T : D->Targets)
        add(T.Column);
      relations(D->Where);
      for (const Condition &Cond : D->Conditions)
        add(Cond.Column);
    }
  }
};

} // namespace

bool bindColumns(const StatementContext &C, const Statement &S) {
  ColumnCollector Collector;
  Collector.statement(S);
  std::vector<std::string> Names;
  for (const schema::CqlColumn &Col : C.Table->Columns)
    Names.push_back(Col.Name);
  bool Ok = true;
  std::vector<std::string> Reported;
  for (const Identifier *Id : Collector.Columns) {
    if (C.Table->column(Id->Name))
      continue;
    // A table known from a CREATE in code may have more columns than that
    // copy of it says: the statement is not checked, nothing is reported.
    if (C.Table->FromCode)
      return false;
    // Aliases may be used in ORDER BY? No: Cassandra resolves real columns
    // only. Report each unknown name once per statement.
    if (std::find(Reported.begin(), Reported.end(), Id->Name) != Reported.end())
      continue;
    Reported.push_back(Id->Name);
    Ok = false;
    std::string Shown = Id->Quoted ? "\"" + Id->Name + "\"" : Id->Name;
    DiagnosticBuilder B = C.report(
        RuleId::UnknownColumn, Id->Range,
        fmt::format("Undefined column name {} in table {}", Shown,
                    C.Table->qualifiedName()));
    bool Unique = false;
    if (std::optional<std::string> Near =
            closestName(Id->Name, Names, &Unique)) {
      const schema::CqlColumn *Col = C.Table->column(*Near);
      B.note(Col->Range, fmt::format("did you mean '{}'?", *Near));
      // Unsafe: a guess at the column meant. Every use of the name in the
      // statement is one change.
      if (Unique)
        for (const Identifier *Use : Collector.Columns)
          if (Use->Name == Id->Name)
            B.fixIt(Use->Range, quoteCqlName(*Near), FixSafety::Unsafe);
    } else {
      noteTable(B, *C.Table);
    }
  }
  return Ok;
}

} // namespace nosqlint::check
