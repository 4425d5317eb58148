//===- CqlSchemaBuilder.cpp - DDL into the catalog ------------------------===//
#include "nosqlint/Schema/CqlSchemaBuilder.h"

#include "CqlTypeRules.h"

#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Schema/TypeNames.h"

#include "llvm/ADT/StringExtras.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace nosqlint::schema {

using namespace nosqlint::cql;
using nosqlint::schema::describeType;

void CqlSchemaBuilder::error(SourceRange Range, std::string Message,
                             SourceRange NoteRange, std::string Note) {
  DiagnosticBuilder B =
      Diags.report(RuleId::SchemaError, Dialect::Cql, Range, std::move(Message));
  if (!Note.empty())
    B.note(NoteRange, std::move(Note));
}

/// keys, entries, values: the target function as CREATE INDEX spells it.
static const char *indexTargetName(IndexTarget::KindType Kind) {
  switch (Kind) {
  case IndexTarget::Keys:
    return "keys";
  case IndexTarget::Entries:
    return "entries";
  case IndexTarget::Full:
    return "full";
  case IndexTarget::Simple:
  case IndexTarget::Values:
    return "values";
  }
  return "values";
}

/// ks.name, or just name when no keyspace is known.
static std::string qualified(const std::string &Ks, const std::string &Name) {
  return Ks.empty() ? Name : Ks + "." + Name;
}

void CqlSchemaBuilder::checkColumnType(const CqlType &Type,
                                       SourceRange Fallback) {
  if (std::optional<std::string> E = columnTypeError(Type, Flavor))
    error(Type.Range.isValid() ? Type.Range : Fallback, std::move(*E));
}

bool CqlSchemaBuilder::definedInThisFile(const std::string &Key) {
  return !DefinedInFile.insert(Key).second;
}

static std::optional<KeyspaceReplication>
replicationOf(const CreateKeyspaceStatement &S);

std::string CqlSchemaBuilder::keyspaceOf(const QualifiedName &Name) const {
  return Name.Keyspace ? Name.Keyspace->Name : CurrentKeyspace;
}

CqlTable *CqlSchemaBuilder::existingTable(const QualifiedName &Name) {
  std::optional<std::string> Ks;
  if (Name.Keyspace)
    Ks = Name.Keyspace->Name;
  return Catalog.findTable(Ks, Name.Name.Name, CurrentKeyspace);
}

void CqlSchemaBuilder::apply(const Statement &S) {
  if (const auto *U = llvm::dyn_cast<UseStatement>(&S)) {
    CurrentKeyspace = U->Keyspace.Name;
    return;
  }
  if (const auto *K = llvm::dyn_cast<CreateKeyspaceStatement>(&S)) {
    if (K->kind() == Statement::CreateKeyspace)
      createKeyspace(*K);
    else if (CqlKeyspace *Existing = Catalog.keyspace(K->Name.Name))
      if (auto R = replicationOf(*K))
        Existing->Replication = std::move(R);
    return;
  }
  if (const auto *T = llvm::dyn_cast<CreateTableStatement>(&S))
    return createTable(*T);
  if (const auto *A = llvm::dyn_cast<AlterTableStatement>(&S))
    return alterTable(*A);
  if (const auto *I = llvm::dyn_cast<CreateIndexStatement>(&S))
    return createIndex(*I);
  if (const auto *V = llvm::dyn_cast<CreateViewStatement>(&S)) {
    if (V->kind() == Statement::CreateView)
      createView(*V);
    return;
  }
  if (const auto *T = llvm::dyn_cast<CreateTypeStatement>(&S)) {
    if (T->kind() == Statement::CreateType)
      createType(*T);
    else
      alterType(*T);
    return;
  }
  if (const auto *D = llvm::dyn_cast<DropStatement>(&S))
    return drop(*D);
}

/// The `replication` map of a CREATE or ALTER KEYSPACE, with its literal
/// factors (a bind marker or a non-integer value is left out).
static std::optional<KeyspaceReplication>
replicationOf(const CreateKeyspaceStatement &S) {
  for (const Property &P : S.Options) {
    if (P.Name != "replication" || P.Value.Kind != Term::Map)
      continue;
    KeyspaceReplication R;
    R.Range = P.Range;
    const std::vector<Term> &C = P.Value.Children;
    for (size_t I = 0; I + 1 < C.size(); I += 2) {
      if (C[I].LiteralKind != Term::String)
        continue;
      llvm::StringRef Key = C[I].Text;
      llvm::StringRef Value = C[I + 1].Text;
      Key = Key.trim("'");
      Value = Value.trim("'");
      if (Key == "class") {
        R.Class = Value.str();
        continue;
      }
      long long N = 0;
      if (!Value.getAsInteger(10, N))
        R.Factors.emplace_back(Key.str(), N);
    }
    return R;
  }
  return std::nullopt;
}

void CqlSchemaBuilder::createKeyspace(const CreateKeyspaceStatement &S) {
  bool Repeat = definedInThisFile("keyspace:" + S.Name.Name);
  if (const CqlKeyspace *Existing = Catalog.keyspace(S.Name.Name)) {
    // A keyspace made implicitly by a qualified CREATE TABLE has no range.
    // Separate files are separate scripts (a repository's migrations,
    // examples, tests): only a repeat within one script is Cassandra's error.
    if (!S.IfNotExists && Existing->Range.isValid() &&
        Repeat)
      error(S.Name.Range,
            fmt::format("Cannot add existing keyspace \"{}\"", S.Name.Name),
            Existing->Range, "previous definition is here");
    if (!Existing->Range.isValid()) {
      Catalog.keyspace(S.Name.Name)->Range = S.Range;
      Catalog.keyspace(S.Name.Name)->Replication = replicationOf(S);
    }
    return;
  }
  Catalog.getOrCreateKeyspace(S.Name.Name, S.Range).Replication =
      replicationOf(S);
}

/// Whether a type may be part of a primary key.
static std::optional<std::string> primaryKeyTypeProblem(const CqlType &T,
                                                        llvm::StringRef Column) {
  if (T.isCounter())
    return fmt::format("counter type is not supported for PRIMARY KEY column "
                       "'{}'",
                       Column.str());
  if (T.isCollection() && !T.Frozen)
    return fmt::format("Invalid non-frozen collection type {} for PRIMARY KEY "
                       "column '{}'",
                       describeType(T), Column.str());
  if (T.Kind == CqlType::Udt && !T.Frozen)
    return fmt::format("Invalid non-frozen user-defined type {} for PRIMARY "
                       "KEY column '{}'",
                       describeType(T), Column.str());
  if (T.Kind == CqlType::Native && T.Name == "duration")
    return fmt::format("duration type is not supported for PRIMARY KEY "
                       "column '{}'",
                       Column.str());
  return std::nullopt;
}

void CqlSchemaBuilder::createTable(const CreateTableStatement &S) {
  std::string Ks = keyspaceOf(S.Table);
  bool Repeat = definedInThisFile("table:" + Ks + "." + S.Table.Name.Name);
  if (const CqlTable *Existing =
          Catalog.findTable(std::optional<std::string>(Ks), S.Table.Name.Name)) {
    if (!S.IfNotExists && Repeat)
      error(S.Table.Range,
            Ks.empty() ? fmt::format("Cannot add already existing table "
                                     "\"{}\"",
                                     S.Table.Name.Name)
                       : fmt::format("Cannot add already existing table "
                                     "\"{}\" to keyspace \"{}\"",
                                     S.Table.Name.Name, Ks),
            Existing->Range, "previous definition is here");
    return;
  }

  auto Table = std::make_unique<CqlTable>();
  Table->Keyspace = Ks;
  Table->Name = S.Table.Name.Name;
  Table->Range = S.Range;
  Table->NameRange = S.Table.Range;

  if (S.Like) {
    const CqlTable *Source = existingTable(*S.Like);
    if (!Source) {
      error(S.Like->Range, fmt::format("table '{}' to copy (CREATE TABLE ... "
                                       "LIKE) does not exist",
                                       S.Like->Name.Name));
      return;
    }
    Table->Columns = Source->Columns;
    Table->DefaultTtl = Source->DefaultTtl;
  }

  for (const ColumnDefinition &Def : S.Columns) {
    if (const CqlColumn *Dup = Table->column(Def.Name.Name)) {
      error(Def.Name.Range,
            fmt::format("Duplicate column '{}' declaration for table '{}'",
                        Def.Name.Name, Table->qualifiedName()),
            Dup->Range, "first declared here");
      continue;
    }
    checkColumnType(Def.Type, Def.Range);
    CqlColumn C;
    C.Name = Def.Name.Name;
    C.Type = Def.Type;
    C.Role = Def.Static ? ColumnRole::Static : ColumnRole::Regular;
    C.Range = Def.Range;
    Table->Columns.push_back(std::move(C));
  }

  // The primary key: a PRIMARY KEY clause, or one column marked inline.
  std::vector<Identifier> Partition = S.PartitionKey;
  std::vector<Identifier> Clustering = S.Clustering;
  unsigned Inline = 0;
  const Identifier *InlineKey = nullptr;
  for (const ColumnDefinition &Def : S.Columns) {
    if (!Def.PrimaryKey)
      continue;
    ++Inline;
    InlineKey = &Def.Name;
  }
  // The front end may already have turned the inline key into the key lists.
  bool ClauseToo = InlineKey && !(Partition.size() == 1 && Clustering.empty() &&
                                  Partition[0].Name == InlineKey->Name);
  if (InlineKey && Partition.empty())
    Partition.push_back(*InlineKey);
  else if (InlineKey && Partition.size() == 1 && Partition[0].Name == InlineKey->Name)
    ClauseToo = false;
  if (Inline > 1 || (Inline == 1 && ClauseToo && !S.PartitionKey.empty())) {
    error(S.Table.Range,
          fmt::format("Multiple PRIMARY KEY specified for table '{}' (exactly "
                      "one required)",
                      Table->Name));
    return;
  }
  if (Partition.empty() && !S.Like) {
    error(S.Table.Range,
          fmt::format("No PRIMARY KEY specifed for table '{}' (exactly one "
                      "required)",
                      Table->Name));
    return;
  }

  bool KeyOk = true;
  auto AssignRole = [&](const Identifier &Id, ColumnRole Role, unsigned Pos) {
    for (CqlColumn &C : Table->Columns) {
      if (C.Name != Id.Name)
        continue;
      if (C.Role == ColumnRole::Static) {
        error(Id.Range,
              fmt::format("Static column '{}' cannot be part of the PRIMARY "
                          "KEY",
                          C.Name));
        KeyOk = false;
        return;
      }
      if (C.isPrimaryKey()) {
        error(Id.Range,
              fmt::format("Duplicate column '{}' in PRIMARY KEY clause for "
                          "table '{}'",
                          C.Name, Table->Name));
        KeyOk = false;
        return;
      }
      if (std::optional<std::string> P = primaryKeyTypeProblem(C.Type, C.Name)) {
        error(Id.Range, *P, C.Range, "column declared here");
        KeyOk = false;
        return;
      }
      C.Role = Role;
      C.Position = Pos;
      return;
    }
    error(Id.Range, fmt::format("Unknown column '{}' referenced in PRIMARY KEY "
                                "for table '{}'",
                                Id.Name, Table->Name));
    KeyOk = false;
  };
  for (unsigned I = 0; I < Partition.size(); ++I)
    AssignRole(Partition[I], ColumnRole::PartitionKey, I);
  for (unsigned I = 0; I < Clustering.size(); ++I)
    AssignRole(Clustering[I], ColumnRole::Clustering, I);
  if (!KeyOk)
    return;

  // CLUSTERING ORDER BY: clustering columns only, in key order.
  unsigned Expected = 0;
  for (const ClusteringOrder &O : S.ClusteringOrders) {
    CqlColumn *C = nullptr;
    for (CqlColumn &Col : Table->Columns)
      if (Col.Name == O.Column.Name)
        C = &Col;
    if (!C || C->Role != ColumnRole::Clustering) {
      error(O.Column.Range,
            fmt::format("Only clustering key columns can be defined in "
                        "CLUSTERING ORDER directive: [{}] are not clustering "
                        "columns",
                        O.Column.Name));
      continue;
    }
    std::vector<const CqlColumn *> Ck = Table->clustering();
    if (C->Position > Expected && Expected < Ck.size())
      error(O.Column.Range, fmt::format("Missing CLUSTERING ORDER for column {}",
                                        Ck[Expected]->Name));
    else if (C->Position < Expected && Expected < Ck.size() + 1)
      error(O.Column.Range,
            fmt::format("The order of columns in the CLUSTERING ORDER directive "
                        "must match that of the clustering columns ({} must "
                        "appear before {})",
                        C->Name, Ck[Expected - 1]->Name));
    Expected = std::max(Expected, C->Position + 1);
    C->Descending = O.Descending;
  }

  bool HasStatic = false, HasCounter = false, HasNonCounter = false;
  for (const CqlColumn &C : Table->Columns) {
    HasStatic |= C.Role == ColumnRole::Static;
    if (C.isPrimaryKey())
      continue;
    (C.Type.isCounter() ? HasCounter : HasNonCounter) = true;
  }
  if (HasStatic && Clustering.empty())
    error(S.Table.Range, "Static columns are only useful (and thus allowed) if "
                         "the table has at least one clustering column");
  if (HasCounter && HasNonCounter)
    error(S.Table.Range,
          "Cannot mix counter and non counter columns in the same table");

  for (const Property &P : S.Options) {
    if (P.Name != "default_time_to_live")
      continue;
    long long Ttl = 0;
    if (!llvm::StringRef(P.Value.Text).getAsInteger(10, Ttl))
      Table->DefaultTtl = Ttl;
    if (HasCounter && Ttl > 0)
      error(P.Range, "Cannot set default_time_to_live on a table with "
                     "counters");
  }

  CqlKeyspace &K = Catalog.getOrCreateKeyspace(Ks, SourceRange());
  K.Tables[Table->Name] = std::move(Table);
}

void CqlSchemaBuilder::alterTable(const AlterTableStatement &S) {
  CqlTable *T = existingTable(S.Table);
  if (!T) {
    if (!S.IfExists)
      error(S.Table.Range, fmt::format("Table '{}' doesn't exist",
                                       qualified(keyspaceOf(S.Table),
                                                 S.Table.Name.Name)));
    return;
  }
  switch (S.Action) {
  case AlterTableStatement::AddColumns:
    for (const ColumnDefinition &Def : S.Added) {
      if (const CqlColumn *Existing = T->column(Def.Name.Name)) {
        // Added by another file: that file and this one are two histories
        // of the table (a test copy of the schema, a variant), not one
        // script that adds the column twice.
        if (!OneHistory && Existing->Range.File != Def.Name.Range.File)
          continue;
        error(Def.Name.Range,
              fmt::format("Column with name '{}' already exists", Def.Name.Name),
              T->column(Def.Name.Name)->Range, "declared here");
        continue;
      }
      checkColumnType(Def.Type, Def.Range);
      CqlColumn C;
      C.Name = Def.Name.Name;
      C.Type = Def.Type;
      C.Role = Def.Static ? ColumnRole::Static : ColumnRole::Regular;
      C.Range = Def.Range;
      T->Columns.push_back(std::move(C));
    }
    return;
  case AlterTableStatement::DropColumns:
    for (const Identifier &Id : S.Dropped) {
      auto It = std::find_if(T->Columns.begin(), T->Columns.end(),
                             [&](const CqlColumn &C) { return C.Name == Id.Name; });
      if (It == T->Columns.end()) {
        error(Id.Range, fmt::format("Column {} was not found in table '{}'",
                                    Id.Name, T->qualifiedName()));
        continue;
      }
      if (It->isPrimaryKey()) {
        error(Id.Range, fmt::format("Cannot drop PRIMARY KEY column {}", Id.Name));
        continue;
      }
      T->Columns.erase(It);
    }
    return;
  case AlterTableStatement::RenameColumns:
    for (const auto &[From, To] : S.Renamed) {
      CqlColumn *C = nullptr;
      for (CqlColumn &Col : T->Columns)
        if (Col.Name == From.Name)
          C = &Col;
      if (!C) {
        error(From.Range, fmt::format("Undefined column name {} in table {}",
                                      From.Name, T->qualifiedName()));
        continue;
      }
      if (!C->isPrimaryKey()) {
        error(From.Range, fmt::format("Cannot rename non PRIMARY KEY column {}",
                                      From.Name));
        continue;
      }
      C->Name = To.Name;
    }
    return;
  case AlterTableStatement::SetOptions:
    for (const Property &P : S.Options) {
      long long Ttl = 0;
      if (P.Name == "default_time_to_live" &&
          !llvm::StringRef(P.Value.Text).getAsInteger(10, Ttl))
        T->DefaultTtl = Ttl;
    }
    return;
  case AlterTableStatement::AlterColumnType:
  case AlterTableStatement::DropCompactStorage:
  case AlterTableStatement::AlterMask:
    return;
  }
}

IndexKind indexKindFor(const CreateIndexStatement &S, CqlFlavor Flavor) {
  if (!S.LocalPartitionKey.empty())
    return IndexKind::ScyllaLocal;
  if (!S.Using)
    return Flavor == CqlFlavor::ScyllaDb ? IndexKind::ScyllaGlobal
                                         : IndexKind::Legacy;
  std::string Class = llvm::StringRef(*S.Using).lower();
  if (Class == "sai" || llvm::StringRef(Class).endswith("storageattachedindex"))
    return IndexKind::Sai;
  if (llvm::StringRef(Class).endswith("sasiindex"))
    return IndexKind::Sasi;
  if (Class == "legacy_local_table")
    return IndexKind::Legacy;
  return IndexKind::Custom;
}

void CqlSchemaBuilder::createIndex(const CreateIndexStatement &S) {
  CqlTable *T = existingTable(S.Table);
  if (!T) {
    error(S.Table.Range, fmt::format("Table '{}' doesn't exist",
                                     S.Table.Name.Name));
    return;
  }
  IndexKind Kind = indexKindFor(S, Flavor);
  if (T->IsView) {
    error(S.Table.Range, "Secondary indexes on materialized views aren't "
                         "supported",
          T->Range, "view declared here");
    return;
  }
  if (T->isCounterTable()) {
    error(S.Table.Range, "Secondary indexes on counter tables aren't supported",
          T->Range, "table declared here");
    return;
  }
  if (Kind == IndexKind::Sai && S.Targets.size() > 1) {
    std::vector<std::string> Names;
    for (const IndexTarget &Target : S.Targets)
      Names.push_back(Target.Column.Name);
    error(S.Range, fmt::format("A storage-attached index cannot be created over "
                               "multiple columns: {}",
                               fmt::join(Names, ",")));
    return;
  }
  std::string Name;
  if (S.Name)
    Name = S.Name->Name;
  bool Repeat = !Name.empty() && definedInThisFile("index:" + T->Keyspace + "." + Name);
  for (const CqlIndex &I : T->Indexes)
    if (!Name.empty() && I.Name == Name) {
      if (!S.IfNotExists && Repeat)
        error(S.Name->Range,
              fmt::format("Index '{}' already exists", Name), I.Range,
              "previous definition is here");
      return;
    }

  for (const IndexTarget &Target : S.Targets) {
    const CqlColumn *C = T->column(Target.Column.Name);
    if (!C) {
      error(Target.Column.Range,
            fmt::format("Column '{}' doesn't exist", Target.Column.Name),
            T->Range, fmt::format("table '{}' declared here", T->qualifiedName()));
      continue;
    }
    const CqlType &Ty = C->Type;
    if (C->Role == ColumnRole::PartitionKey && T->partitionKey().size() == 1 &&
        Kind != IndexKind::ScyllaGlobal && Kind != IndexKind::ScyllaLocal) {
      error(Target.Column.Range,
            fmt::format("Cannot create secondary index on the only partition "
                        "key column {}",
                        C->Name));
      continue;
    }
    if (Ty.Kind == CqlType::Udt && !Ty.Frozen) {
      error(Target.Column.Range,
            fmt::format("Cannot create index on non-frozen UDT column {}",
                        C->Name));
      continue;
    }
    if (Ty.Kind == CqlType::Native && Ty.Name == "duration") {
      error(Target.Column.Range,
            "Secondary indexes are not supported on duration columns");
      continue;
    }
    if (Target.Kind == IndexTarget::Full && !(Ty.isCollection() && Ty.Frozen)) {
      error(Target.Range,
            "full() indexes can only be created on frozen collections");
      continue;
    }
    if (Target.Kind != IndexTarget::Simple && Target.Kind != IndexTarget::Full &&
        !Ty.isCollection()) {
      error(Target.Range,
            fmt::format("Cannot create {}() index on {}. Non-collection columns "
                        "only support simple indexes",
                        indexTargetName(Target.Kind),
                        C->Name));
      continue;
    }
    if ((Target.Kind == IndexTarget::Keys ||
         Target.Kind == IndexTarget::Entries) &&
        Ty.Kind != CqlType::Map) {
      error(Target.Range,
            fmt::format("Cannot create index on {} of column {} with non-map "
                        "type",
                        indexTargetName(Target.Kind),
                        C->Name));
      continue;
    }
    if (Ty.isCollection() && Ty.Frozen && Target.Kind != IndexTarget::Full) {
      error(Target.Range,
            fmt::format("Cannot create {}() index on frozen column {}. Frozen "
                        "collections are immutable and must be fully indexed "
                        "by using the 'full({})' modifier",
                        indexTargetName(Target.Kind),
                        C->Name, C->Name));
      continue;
    }
    if (Kind == IndexKind::Sai)
      for (const CqlIndex &I : T->Indexes)
        if (I.Kind == IndexKind::Sai && I.Column == C->Name &&
            I.Target == Target.Kind) {
          error(S.Range,
                fmt::format("Cannot create more than one storage-attached "
                            "index on the same column: {}",
                            C->Name),
                I.Range, "existing index is here");
          return;
        }

    CqlIndex I;
    I.Name = Name.empty() ? fmt::format("{}_{}_idx", T->Name, C->Name) : Name;
    I.Kind = Kind;
    I.Target = Target.Kind;
    // A collection's default target is its values.
    if (I.Target == IndexTarget::Simple && Ty.isCollection() && !Ty.Frozen)
      I.Target = IndexTarget::Values;
    I.Column = C->Name;
    I.Class = S.Using.value_or("");
    I.Range = S.Range;
    T->Indexes.push_back(std::move(I));
  }
}

void CqlSchemaBuilder::createView(const CreateViewStatement &S) {
  std::string Ks = keyspaceOf(S.View);
  bool Repeat = definedInThisFile("table:" + Ks + "." + S.View.Name.Name);
  if (const CqlTable *Existing = Catalog.findTable(
          std::optional<std::string>(Ks), S.View.Name.Name)) {
    if (!S.IfNotExists && Repeat)
      error(S.View.Range,
            fmt::format("Cannot add already existing table \"{}\" to keyspace "
                        "\"{}\"",
                        S.View.Name.Name, Ks),
            Existing->Range, "previous definition is here");
    return;
  }
  const CqlTable *Base = existingTable(S.Base);
  if (!Base) {
    error(S.Base.Range,
          fmt::format("Base table '{}' doesn't exist", S.Base.Name.Name));
    return;
  }
  auto View = std::make_unique<CqlTable>();
  View->Keyspace = Ks;
  View->Name = S.View.Name.Name;
  View->IsView = true;
  View->BaseTable = Base->Name;
  View->Range = S.Range;
  View->NameRange = S.View.Range;
  for (const Identifier &Id : S.PartitionKey)
    View->ViewPartitionKeyRanges.push_back(Id.Range);
  for (const CqlColumn &C : Base->Columns) {
    bool Selected = S.Star;
    for (const Identifier &Id : S.SelectedColumns)
      Selected |= Id.Name == C.Name;
    for (const Identifier &Id : S.PartitionKey)
      Selected |= Id.Name == C.Name;
    for (const Identifier &Id : S.Clustering)
      Selected |= Id.Name == C.Name;
    if (!Selected && !C.isPrimaryKey())
      continue;
    CqlColumn Copy = C;
    Copy.Role = C.Role == ColumnRole::Static ? ColumnRole::Static
                                             : ColumnRole::Regular;
    Copy.Position = 0;
    Copy.Descending = false;
    View->Columns.push_back(std::move(Copy));
  }
  auto Assign = [&](const std::vector<Identifier> &Ids, ColumnRole Role) {
    for (unsigned I = 0; I < Ids.size(); ++I) {
      bool Found = false;
      for (CqlColumn &C : View->Columns)
        if (C.Name == Ids[I].Name) {
          C.Role = Role;
          C.Position = I;
          Found = true;
        }
      if (!Found)
        error(Ids[I].Range,
              fmt::format("Unknown column '{}' referenced in PRIMARY KEY for "
                          "materialized view '{}'",
                          Ids[I].Name, View->Name));
    }
  };
  Assign(S.PartitionKey, ColumnRole::PartitionKey);
  Assign(S.Clustering, ColumnRole::Clustering);
  for (const ClusteringOrder &O : S.ClusteringOrders)
    for (CqlColumn &C : View->Columns)
      if (C.Name == O.Column.Name)
        C.Descending = O.Descending;
  std::vector<std::string> Missing;
  for (const CqlColumn &BaseCol : Base->Columns)
    if (BaseCol.isPrimaryKey() && (!View->column(BaseCol.Name) ||
                                   !View->column(BaseCol.Name)->isPrimaryKey()))
      Missing.push_back(BaseCol.Name);
  if (!Missing.empty())
    error(S.View.Range,
          fmt::format("Cannot create materialized view '{}' without primary key "
                      "columns {} from base table '{}'",
                      View->Name, fmt::join(Missing, ", "), Base->Name),
          Base->Range, "base table declared here");
  CqlKeyspace &K = Catalog.getOrCreateKeyspace(Ks, SourceRange());
  K.Tables[View->Name] = std::move(View);
}

void CqlSchemaBuilder::createType(const CreateTypeStatement &S) {
  std::string Ks = keyspaceOf(S.Type);
  bool Repeat = definedInThisFile("type:" + Ks + "." + S.Type.Name.Name);
  CqlKeyspace &K = Catalog.getOrCreateKeyspace(Ks, SourceRange());
  auto It = K.Types.find(S.Type.Name.Name);
  if (It != K.Types.end()) {
    if (!S.IfNotExists && Repeat)
      error(S.Type.Range,
            fmt::format("A user type with name '{}' already exists",
                        S.Type.Name.Name),
            It->second.Range, "previous definition is here");
    return;
  }
  CqlUserType T;
  T.Keyspace = Ks;
  T.Name = S.Type.Name.Name;
  T.Range = S.Range;
  for (const auto &[Id, Ty] : S.Fields) {
    checkColumnType(Ty, Id.Range);
    T.Fields.emplace_back(Id.Name, Ty);
  }
  K.Types[T.Name] = std::move(T);
}

void CqlSchemaBuilder::alterType(const CreateTypeStatement &S) {
  // ALTER TYPE t ADD f type / RENAME a TO b / ALTER f TYPE type: applied to
  // the type; one we cannot follow leaves its fields uncertain.
  CqlKeyspace *K = Catalog.keyspace(keyspaceOf(S.Type));
  if (!K)
    return;
  auto It = K->Types.find(S.Type.Name.Name);
  if (It == K->Types.end())
    return;
  CqlUserType &T = It->second;
  auto Field = [&](const std::string &Name) {
    return llvm::find_if(T.Fields, [&](const auto &F) { return F.first == Name; });
  };
  switch (S.Action) {
  case CreateTypeStatement::Add:
    for (const auto &[Id, Ty] : S.Fields) {
      checkColumnType(Ty, Id.Range);
      if (Field(Id.Name) == T.Fields.end())
        T.Fields.emplace_back(Id.Name, Ty);
    }
    break;
  case CreateTypeStatement::Rename:
    for (const auto &[From, To] : S.Renamed) {
      auto F = Field(From.Name);
      if (F == T.Fields.end()) {
        T.Uncertain = true;
      } else {
        T.FormerFields.push_back(F->first);
        F->first = To.Name;
      }
    }
    break;
  case CreateTypeStatement::AlterField:
    for (const auto &[Id, Ty] : S.Fields) {
      auto F = Field(Id.Name);
      if (F == T.Fields.end())
        T.Uncertain = true;
      else
        F->second = Ty;
    }
    break;
  }
}

void CqlSchemaBuilder::drop(const DropStatement &S) {
  switch (S.Object) {
  case DropStatement::Table:
  case DropStatement::View: {
    std::string Ks = keyspaceOf(S.Name);
    CqlKeyspace *K = Catalog.keyspace(Ks);
    if (K && K->Tables.erase(S.Name.Name.Name))
      return;
    if (!S.IfExists)
      error(S.Name.Range, fmt::format("Table '{}' doesn't exist",
                                      qualified(Ks, S.Name.Name.Name)));
    return;
  }
  case DropStatement::Index: {
    std::string Ks = keyspaceOf(S.Name);
    for (const CqlTable *CT : Catalog.tables()) {
      if (!Ks.empty() && CT->Keyspace != Ks)
        continue;
      auto *T = const_cast<CqlTable *>(CT);
      auto It = std::find_if(T->Indexes.begin(), T->Indexes.end(),
                             [&](const CqlIndex &I) {
                               return I.Name == S.Name.Name.Name;
                             });
      if (It != T->Indexes.end()) {
        T->Indexes.erase(It);
        return;
      }
    }
    if (!S.IfExists)
      error(S.Name.Range, fmt::format("Index '{}' doesn't exist",
                                      qualified(Ks, S.Name.Name.Name)));
    return;
  }
  case DropStatement::Type: {
    if (CqlKeyspace *K = Catalog.keyspace(keyspaceOf(S.Name)))
      K->Types.erase(S.Name.Name.Name);
    return;
  }
  case DropStatement::Keyspace:
    if (!Catalog.dropKeyspace(S.Name.Name.Name) && !S.IfExists)
      error(S.Name.Range, fmt::format("Keyspace '{}' doesn't exist",
                                      S.Name.Name.Name));
    return;
  case DropStatement::Function:
  case DropStatement::Aggregate:
  case DropStatement::Trigger:
  case DropStatement::Role:
  case DropStatement::User:
    return;
  }
}

} // namespace nosqlint::schema
