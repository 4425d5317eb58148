//===- PatternsBuilder.cpp - The access-pattern report of a run -----------===//
#include "PatternsBuilder.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Check/ReadServing.h"
#include "nosqlint/Cql/Printer.h"
#include "nosqlint/Dynamo/AccessPatterns.h"

#include "llvm/ADT/STLExtras.h"

#include <map>
#include <set>

namespace nosqlint::driver {

namespace {

using namespace patterns;

/// What a hole in a rebuilt text is shown as.
const std::string Hole = "<?>";

class Builder {
public:
  explicit Builder(const PatternSources &S) : S(S) {}
  PatternReport build();

private:
  void addCqlObjects();
  void addDynamoObjects();
  void addCqlScript(const FileAnalysis &A, const cql::Script &Script,
                    llvm::StringRef Source, extract::SnippetTrust Trust,
                    bool QueryFile);
  void addCqlStatement(const FileAnalysis &A, const cql::Statement &St,
                       llvm::StringRef Source, extract::SnippetTrust Trust,
                       const std::string &Unit, std::string &Keyspace);
  void addCqlRead(const cql::SelectStatement &Sel, const schema::CqlTable *T,
                  const std::string &TableId, Read R);
  void addDynamoFile(const dynamo::RequestFile &F, const FileAnalysis *Host);
  /// A read or write whose table is computed at run time: counted; a write
  /// is kept (with table "?") since it may be any copy of an entity.
  void addUnresolved(llvm::StringRef Dialect, bool IsRead, SourceRange At,
                     const std::string &Unit);
  /// The id of a table the schema lacks, listed as an object of its own.
  std::string tableNotInSchema(llvm::StringRef Dialect, llvm::StringRef Id);
  Site siteOf(SourceRange R) const;
  std::string unitOf(const FileAnalysis *A, SourceRange R,
                     const std::string &Fallback) const;
  /// missing-index's (or full-scan's) message and proposals for a read at
  /// \p R.
  void attachProblem(SourceRange R, Read &X) const;

  const PatternSources &S;
  /// The run's findings by file, for attachProblem.
  std::map<FileId, std::vector<const Diagnostic *>> FindingsByFile;
  PatternReport Out;
  std::set<std::string> Ids;
  /// The consistency level and page size the code sets on the host query
  /// being added (ExecutionFacts.h); none for a query file.
  const ExecutionFacts *Execution = nullptr;
};

Site Builder::siteOf(SourceRange R) const {
  Site X;
  if (!R.isValid())
    return X;
  X.Path = S.SM.path(R.File).str();
  LineColumn LC = S.SM.lineColumn(R.File, R.Begin);
  X.Line = LC.Line;
  X.Column = LC.Column;
  return X;
}

std::string Builder::unitOf(const FileAnalysis *A, SourceRange R,
                            const std::string &Fallback) const {
  if (A) {
    const SourceRange *Best = nullptr;
    for (const SourceRange &F : A->FunctionSpans)
      if (F.File == R.File && F.Begin <= R.Begin && R.End <= F.End &&
          (!Best || F.size() < Best->size()))
        Best = &F;
    if (Best)
      return S.SM.path(R.File).str() + ": function at line " +
             std::to_string(siteOf(*Best).Line);
  }
  return Fallback;
}

void Builder::addUnresolved(llvm::StringRef Dialect, bool IsRead,
                            SourceRange At, const std::string &Unit) {
  ++(IsRead ? Out.UnresolvedReads : Out.UnresolvedWrites)[Dialect.str()];
  if (IsRead)
    return;
  Write W;
  W.At = siteOf(At);
  W.Dialect = Dialect.str();
  W.Table = "?";
  W.Unit = Unit;
  Out.Writes.push_back(std::move(W));
}

std::string Builder::tableNotInSchema(llvm::StringRef Dialect,
                                      llvm::StringRef Id) {
  if (Ids.insert(Id.str()).second) {
    DataObject O;
    O.Kind = ObjectKind::Table;
    O.Id = O.Table = Id.str();
    O.Name = Id.rsplit('.').second.empty() ? Id.str() : Id.rsplit('.').second.str();
    O.Dialect = Dialect.str();
    O.InSchema = false;
    Out.Objects.push_back(std::move(O));
  }
  return Id.str();
}

llvm::StringRef indexDetail(schema::IndexKind K) {
  switch (K) {
  case schema::IndexKind::Legacy: return "legacy";
  case schema::IndexKind::Sai: return "sai";
  case schema::IndexKind::Sasi: return "sasi";
  case schema::IndexKind::Custom: return "custom";
  case schema::IndexKind::ScyllaGlobal: return "scylla-global";
  case schema::IndexKind::ScyllaLocal: return "scylla-local";
  }
  return "legacy";
}

std::string indexId(const schema::CqlTable &T, const schema::CqlIndex &I) {
  return T.qualifiedName() + "." + I.Name;
}

void Builder::addCqlObjects() {
  for (const schema::CqlTable *T : S.Cql.tables()) {
    DataObject O;
    O.Kind = T->IsView ? ObjectKind::View : ObjectKind::Table;
    O.Id = T->qualifiedName();
    O.Dialect = "cql";
    O.Name = T->Name;
    O.Table = T->IsView ? (T->Keyspace.empty() ? T->BaseTable
                                               : T->Keyspace + "." + T->BaseTable)
                        : O.Id;
    for (const schema::CqlColumn *C : T->partitionKey())
      O.PartitionKey.push_back(C->Name);
    for (const schema::CqlColumn *C : T->clustering())
      O.SortKey.push_back(C->Name);
    for (const schema::CqlColumn &C : T->Columns)
      O.Columns.push_back(C.Name);
    O.Defined = siteOf(T->NameRange.isValid() ? T->NameRange : T->Range);
    if (T->FromCode)
      O.Detail = "created by the application's code";
    Ids.insert(O.Id);
    Out.Objects.push_back(O);
    for (const schema::CqlIndex &I : T->Indexes) {
      DataObject X;
      X.Kind = I.Kind == schema::IndexKind::Sai ? ObjectKind::SaiIndex
                                                : ObjectKind::SecondaryIndex;
      X.Id = indexId(*T, I);
      X.Dialect = "cql";
      X.Name = I.Name;
      X.Table = O.Id;
      X.Detail = indexDetail(I.Kind).str();
      X.PartitionKey = {I.Column};
      X.Columns = {I.Column};
      X.Defined = siteOf(I.Range);
      Ids.insert(X.Id);
      Out.Objects.push_back(std::move(X));
    }
  }
}

void Builder::addDynamoObjects() {
  std::set<std::string> Seen;
  for (const DynamoTable &T : S.Dynamo.tables()) {
    // Alternative definitions of one name (two templates): the first.
    if (!Seen.insert(T.Name).second)
      continue;
    DataObject O;
    O.Kind = ObjectKind::Table;
    O.Id = O.Table = O.Name = T.Name;
    O.Dialect = "dynamodb";
    for (const DynamoKeyAttribute &K : T.Keys.Hash)
      O.PartitionKey.push_back(K.Name);
    for (const DynamoKeyAttribute &K : T.Keys.Range)
      O.SortKey.push_back(K.Name);
    for (const DynamoAttributeDefinition &D : T.AttributeDefinitions)
      O.Columns.push_back(D.Name);
    if (T.Partial)
      O.Detail = "partly computed at deploy time";
    O.Defined = siteOf(T.NameRange.isValid() ? T.NameRange : T.Range);
    Ids.insert(O.Id);
    Out.Objects.push_back(O);
    for (const auto *List : {&T.GlobalIndexes, &T.LocalIndexes})
      for (const DynamoIndex &I : *List) {
        DataObject X;
        X.Kind = I.isGlobal() ? ObjectKind::Gsi : ObjectKind::Lsi;
        X.Id = T.Name + "/" + I.Name;
        X.Dialect = "dynamodb";
        X.Name = I.Name;
        X.Table = T.Name;
        X.Detail = "projection " +
                   dynamoProjectionTypeName(I.Projection.Type).str();
        if (const DynamoKeySchema *K = T.keysFor(I.Name)) {
          for (const DynamoKeyAttribute &A : K->Hash)
            X.PartitionKey.push_back(A.Name);
          for (const DynamoKeyAttribute &A : K->Range)
            X.SortKey.push_back(A.Name);
        }
        X.Defined = siteOf(I.NameRange.isValid() ? I.NameRange : I.Range);
        Ids.insert(X.Id);
        Out.Objects.push_back(std::move(X));
      }
  }
}

void Builder::attachProblem(SourceRange R, Read &X) const {
  auto It = FindingsByFile.find(R.File);
  if (It == FindingsByFile.end())
    return;
  for (const Diagnostic *P : It->second) {
    const Diagnostic &D = *P;
    if (D.Range.Begin < R.Begin || D.Range.End > R.End)
      continue;
    bool Missing = D.Rule == RuleId::MissingIndex;
    if (!Missing && D.Rule != RuleId::FullScan)
      continue;
    if (X.Problem.empty() || (Missing && X.Proposals.empty()))
      X.Problem = D.Message;
    if (!Missing)
      continue;
    for (const DiagnosticNote &N : D.Notes)
      if (N.Message.find(" declared here") == std::string::npos &&
          !llvm::is_contained(X.Proposals, N.Message))
        X.Proposals.push_back(N.Message);
  }
}

std::string printed(const cql::Statement &St) {
  std::string T = printStatement(St);
  for (size_t Pos = 0;
       (Pos = T.find(extract::HolePlaceholderName, Pos)) != std::string::npos;) {
    T.replace(Pos, extract::HolePlaceholderName.size(), Hole);
    Pos += Hole.size();
  }
  return T;
}

bool isHoleName(const cql::QualifiedName &N) {
  return llvm::StringRef(N.Name.Name).contains(extract::HolePlaceholderName) ||
         (N.Keyspace && llvm::StringRef(N.Keyspace->Name)
                            .contains(extract::HolePlaceholderName));
}

void Builder::addCqlScript(const FileAnalysis &A, const cql::Script &Script,
                           llvm::StringRef Source, extract::SnippetTrust Trust,
                           bool QueryFile) {
  std::string Path = S.SM.path(*A.File).str();
  // A script that creates tables is a migration, run whole: its writes
  // are one code path. In a file of queries each statement is its own.
  bool Migration = llvm::any_of(Script.Statements, [](const auto &St) {
    return St->kind() == cql::Statement::CreateTable ||
           St->kind() == cql::Statement::AlterTable;
  });
  std::string Keyspace;
  for (const auto &St : Script.Statements) {
    std::string Unit =
        QueryFile && !Migration
            ? Path + ": statement at line " +
                  std::to_string(siteOf(St->Range).Line)
            : unitOf(QueryFile ? nullptr : &A, St->Range, Path);
    if (auto *B = llvm::dyn_cast<cql::BatchStatement>(St.get())) {
      std::string BatchUnit =
          Path + ": batch at line " + std::to_string(siteOf(B->Range).Line);
      for (const auto &C : B->Children)
        addCqlStatement(A, *C, Source, Trust, BatchUnit, Keyspace);
      continue;
    }
    addCqlStatement(A, *St, Source, Trust, Unit, Keyspace);
  }
}

void Builder::addCqlStatement(const FileAnalysis &A, const cql::Statement &St,
                              llvm::StringRef Source,
                              extract::SnippetTrust Trust,
                              const std::string &Unit, std::string &Keyspace) {
  if (auto *U = llvm::dyn_cast<cql::UseStatement>(&St)) {
    Keyspace = U->Keyspace.Name;
    return;
  }
  const cql::QualifiedName *Name = dmlTable(St);
  if (!Name)
    return;
  bool IsRead = llvm::isa<cql::SelectStatement>(St);
  if (isHoleName(*Name) || Trust == extract::SnippetTrust::TableUnknown) {
    if (IsRead)
      Out.PartlyKnownReadFiles.push_back(siteOf(St.Range).Path);
    addUnresolved("cql", IsRead, St.Range, Unit);
    return;
  }
  std::optional<std::string> Ks =
      Name->Keyspace ? std::optional<std::string>(Name->Keyspace->Name)
                     : std::nullopt;
  const schema::CqlTable *T = S.Cql.findTable(Ks, Name->Name.Name, Keyspace);
  // Cassandra's own keyspaces are read whole by drivers and tools by design.
  if (!T && Ks && llvm::StringRef(*Ks).startswith("system"))
    return;
  std::string Id =
      T ? T->qualifiedName()
        : tableNotInSchema("cql", (Ks ? *Ks + "." : Keyspace.empty()
                                                        ? std::string()
                                                        : Keyspace + ".") +
                                      Name->Name.Name);
  Site At = siteOf(St.Range);
  if (auto *Sel = llvm::dyn_cast<cql::SelectStatement>(&St)) {
    Read R;
    R.At = At;
    R.Dialect = "cql";
    R.Source = Source.str();
    R.Operation = "SELECT";
    R.Table = R.Object = Id;
    R.Text = printed(St);
    if (Execution && Execution->Consistency)
      R.Consistency = Execution->Consistency->Level;
    if (Execution && Execution->PageSize) {
      R.PagingDisabled = Execution->PageSize->Disabled;
      if (!R.PagingDisabled)
        R.PageSize = Execution->PageSize->Rows;
    }
    if (Trust != extract::SnippetTrust::Full) {
      Out.PartlyKnownTables.push_back(Id);
      Out.PartlyKnownReadFiles.push_back(At.Path);
    }
    if (!T || Trust != extract::SnippetTrust::Full) {
      Out.Reads.push_back(std::move(R));
      return;
    }
    addCqlRead(*Sel, T, Id, std::move(R));
    return;
  }
  Write W;
  W.At = At;
  W.Dialect = "cql";
  W.Source = Source.str();
  W.Table = Id;
  W.Unit = Unit;
  W.Text = printed(St);
  if (Execution && Execution->Consistency)
    W.Consistency = Execution->Consistency->Level;
  if (auto *I = llvm::dyn_cast<cql::InsertStatement>(&St)) {
    W.Operation = "INSERT";
    for (const cql::Identifier &C : I->Columns)
      W.Columns.push_back(C.Name);
    W.WholeRow = I->Columns.empty(); // INSERT JSON
  } else if (auto *U = llvm::dyn_cast<cql::UpdateStatement>(&St)) {
    W.Operation = "UPDATE";
    for (const cql::Assignment &As : U->Assignments)
      if (!llvm::is_contained(W.Columns, As.Column.Name))
        W.Columns.push_back(As.Column.Name);
  } else if (auto *D = llvm::dyn_cast<cql::DeleteStatement>(&St)) {
    W.Operation = "DELETE";
    for (const cql::DeleteTarget &C : D->Targets)
      if (!llvm::is_contained(W.Columns, C.Column.Name))
        W.Columns.push_back(C.Column.Name);
    W.WholeRow = D->Targets.empty();
  }
  Out.Writes.push_back(std::move(W));
  (void)A;
}

void Builder::addCqlRead(const cql::SelectStatement &Sel,
                         const schema::CqlTable *T, const std::string &TableId,
                         Read R) {
  check::ReadServing How =
      check::describeReadServing(Sel, *T, S.Cql, S.Options);
  R.PartitionKey = How.PinnedPartition;
  R.SortKey = How.RestrictedClustering;
  R.UnservedColumns = How.Unserved;
  bool SinglePartition =
      How.PartitionPinned && How.PartitionsKnown && How.Partitions <= 1;
  if (How.Index) {
    R.Object = TableId + "." + How.Index->Name;
    R.IndexKey = {How.Index->Column};
    if (How.PartitionPinned) {
      R.How = Served::IndexLocal;
      R.Class = Cost::IndexLookup;
    } else if (How.Index->Kind == schema::IndexKind::ScyllaGlobal) {
      R.How = Served::IndexGlobal;
      R.Class = Cost::IndexLookup;
    } else {
      R.How = Served::IndexCluster;
      R.Class = Cost::ScatterGather;
    }
  } else if (How.PartitionPinned) {
    R.How = How.ClusteringSlice ? Served::KeyRange : Served::Partition;
    R.Class = !SinglePartition   ? Cost::MultiPartition
              : How.FullPrimaryKey ? Cost::Point
                                   : Cost::Partition;
  } else if (How.TokenRange) {
    R.How = Served::KeyRange;
    R.Class = Cost::ScatterGather;
  } else {
    R.How = Served::FullScan;
    R.Class = Cost::FullScan;
  }
  // Filtering inside the one partition a read pins costs that partition:
  // its key serves it; filtering what an index found costs what the index
  // found. A filter over anything wider, or an ORDER BY no clustering key
  // serves, is unserved.
  R.Unserved = R.How == Served::FullScan || How.OrderByUnserved ||
               (How.NeedsFiltering && !SinglePartition && !How.Index);
  if (R.Unserved || How.NeedsFiltering)
    attachProblem(Sel.Range, R);
  if (R.Problem.empty() && !How.Rejection.empty() && R.Unserved)
    R.Problem = How.Rejection;
  Out.Reads.push_back(std::move(R));
}

bool isReadOperation(llvm::StringRef Op) {
  return Op == "Query" || Op == "Scan" || Op == "GetItem" ||
         Op == "ExecuteStatement SELECT";
}

void Builder::addDynamoFile(const dynamo::RequestFile &F,
                            const FileAnalysis *Host) {
  std::string Path = S.SM.path(F.File).str();
  for (const AccessPattern &P : dynamo::accessPatterns(F, S.Dynamo)) {
    if (P.Operation == "ConditionCheck")
      continue;
    bool IsRead = isReadOperation(P.Operation);
    // The batch or transaction it belongs to, else its function (host
    // code), else itself (a request file lists requests one by one).
    std::string Unit;
    for (const dynamo::Request &R : F.Requests)
      if (!R.Members.empty() && R.Range.Begin <= P.Range.Begin &&
          P.Range.End <= R.Range.End)
        Unit = Path + ": " + dynamo::operationName(R.Op).str() +
               " at line " + std::to_string(siteOf(R.Range).Line);
    if (Unit.empty())
      Unit = Host ? unitOf(Host, P.Range, Path)
                  : Path + ": request at line " +
                        std::to_string(siteOf(P.Range).Line);
    if (P.Table == "?" || P.Table.empty()) {
      addUnresolved("dynamodb", IsRead, P.Range, Unit);
      continue;
    }
    std::string Id = P.TableKnown ? P.Table : tableNotInSchema("dynamodb", P.Table);
    llvm::StringRef Source =
        Host ? hostRequestSource(*Host, P.Range) : llvm::StringRef("json");
    if (!IsRead) {
      Write W;
      W.At = siteOf(P.Range);
      W.Dialect = "dynamodb";
      W.Source = Source.str();
      W.Operation = P.Operation;
      W.Table = Id;
      W.Unit = Unit;
      W.Text = P.Text;
      // A whole item is put or deleted; an update's attributes are not
      // listed (it is no copy's whole item).
      W.WholeRow = P.Operation == "PutItem" || P.Operation == "DeleteItem" ||
                   P.Operation == "ExecuteStatement INSERT" ||
                   P.Operation == "ExecuteStatement DELETE";
      Out.Writes.push_back(std::move(W));
      continue;
    }
    Read R;
    R.At = siteOf(P.Range);
    R.Dialect = "dynamodb";
    R.Source = Source.str();
    R.Operation = P.Operation;
    R.Table = R.Object = Id;
    R.Text = P.Text;
    R.PartitionKey = P.PartitionKey;
    R.SortKey = P.SortKey;
    const DynamoIndex *Index = nullptr;
    if (P.Index == "?") {
      Out.PartlyKnownTables.push_back(Id);
    } else if (!P.Index.empty()) {
      R.Object = Id + "/" + P.Index;
      Index = S.Dynamo.index(P.Table, P.Index);
      if (!Index)
        R.Object = Id; // an index the schema lacks: unknown-index's
    }
    bool Keyed = P.Operation != "Scan" && P.FullPartitionKey;
    if (!P.TableKnown || P.Index == "?" || (!Keyed && P.Operation == "Query")) {
      R.How = Served::Unknown;
      R.Class = Cost::Unknown;
    } else if (!Keyed) {
      R.How = Served::FullScan;
      R.Class = Cost::FullScan;
    } else if (Index) {
      R.How = Index->isGlobal() ? Served::IndexGlobal : Served::IndexLocal;
      // An LSI shares the table's partition key: its own is the sort key.
      R.IndexKey = Index->isGlobal() ? P.PartitionKey : P.SortKey;
      R.Class = Cost::Partition;
    } else {
      R.How = P.SortKey.empty() || P.Operation == "GetItem" ? Served::Partition
                                                            : Served::KeyRange;
      R.Class = P.Operation == "GetItem" ? Cost::Point : Cost::Partition;
    }
    R.Unserved = R.How == Served::FullScan;
    attachProblem(P.Range, R);
    if (!R.Problem.empty() && R.How == Served::Unknown && P.TableKnown)
      R.Unserved = true; // missing-index: a key condition on no key
    Out.Reads.push_back(std::move(R));
  }
}

PatternReport Builder::build() {
  for (const Diagnostic &D : S.Findings)
    if (D.Range.isValid() &&
        (D.Rule == RuleId::MissingIndex || D.Rule == RuleId::FullScan))
      FindingsByFile[D.Range.File].push_back(&D);
  addCqlObjects();
  addDynamoObjects();
  for (const FileAnalysis &A : S.Files) {
    if (!A.File || A.Input.IsSchema || A.GeneratedModels)
      continue;
    addCqlScript(A, A.Cql, "cql", A.CqlTrust, /*QueryFile=*/true);
    for (const HostQuery &Q : A.Host) {
      if (Q.ParseFailed)
        continue;
      llvm::StringRef Source =
          Q.Snippet.Source == extract::SnippetSource::Builder      ? "builder"
          : Q.Snippet.Source == extract::SnippetSource::Repository ? "repository"
          : Q.Snippet.Source == extract::SnippetSource::Mapper     ? "mapper"
          : Q.Snippet.Source == extract::SnippetSource::Orm        ? "orm"
          : Q.Snippet.Source == extract::SnippetSource::Shell      ? "shell"
          : Q.Snippet.Source == extract::SnippetSource::Config     ? "config"
              : extract::hostLanguageName(A.Input.Host);
      Execution = &Q.Snippet.Execution;
      addCqlScript(A, Q.Script, Source, Q.Snippet.Trust, /*QueryFile=*/false);
      Execution = nullptr;
    }
    if (A.HostRequests)
      addDynamoFile(*A.HostRequests, &A);
  }
  for (const dynamo::RequestFile &F : S.Requests)
    addDynamoFile(F, nullptr);
  computeFindings(Out);
  return std::move(Out);
}

} // namespace

PatternReport buildPatternReport(const PatternSources &S) {
  return Builder(S).build();
}

} // namespace nosqlint::driver
