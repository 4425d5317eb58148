//===- RunSchema.cpp - Phase 2: assemble the schemas ----------------------===//
//
// The CQL schema from the schema files and the DDL of the inputs (one
// history per keyspace), the DynamoDB tables from JSON, CloudFormation,
// Terraform, CDK and the tables the code creates, and the environment
// variables that name them.
//
//===----------------------------------------------------------------------===//
#include "Run.h"
#include "SuppressionDirectives.h"

#include "InputCollector.h"
#include "LaterTableChanges.h"
#include "SchemaHistories.h"

#include "nosqlint/Basic/CqlNames.h"
#include "nosqlint/Check/CqlChecker.h"
#include "nosqlint/Cql/Printer.h"
#include "nosqlint/Extract/ModelTables.h"
#include "nosqlint/Schema/CqlTableChecks.h"
#include "nosqlint/Schema/LambdaEnvironment.h"
#include "nosqlint/Schema/TerraformModule.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <map>
#include <set>

#include <algorithm>

namespace nosqlint::driver {

/// What one JSON or YAML file holds for DynamoDB, read on a worker.
struct DataFileRead {
  bool Read = false;
  std::vector<EnvironmentBinding> Bindings;
  bool HasTables = false;
  std::vector<DynamoTable> Tables;
  std::optional<dynamo::RequestFile> Requests;
  DiagnosticEngine Diags;
};

void Run::buildSchema() {
  // CQL: the DDL of every file, schema files first, in the order given, the
  // way Cassandra would apply it. A migration set is a history of its own,
  // applied in version order on a catalog of its own (SchemaHistories.h):
  // its keyspaces join the schema where the other files do not declare
  // them, or declare fewer of their tables.
  schema::CqlFlavor Flavor = Dialect == cql::CqlDialect::ScyllaDb
                                 ? schema::CqlFlavor::ScyllaDb
                                 : schema::CqlFlavor::Cassandra;
  std::vector<const FileAnalysis *> CqlFiles;
  std::vector<std::string> CqlPaths;
  for (const FileAnalysis &A : Analyses) {
    // A template whose placeholders name tables declares nothing certain.
    if (A.CqlTrust != extract::SnippetTrust::Full || A.Cql.Statements.empty())
      continue;
    CqlFiles.push_back(&A);
    CqlPaths.push_back(A.Input.Path);
  }
  std::vector<SchemaHistory> Histories = groupSchemaHistories(CqlPaths);
  // A "set" of one file is an ordinary file.
  for (size_t H = 1; H < Histories.size(); ++H)
    if (Histories[H].Files.size() < 2) {
      Histories[0].Files.insert(Histories[0].Files.end(),
                                Histories[H].Files.begin(),
                                Histories[H].Files.end());
      Histories[H].Files.clear();
    }
  // Schema files first, then the inputs; in a folder, a file before the
  // files named after it (`schema.cql` before `schema-indexes.cql`, which
  // byte order puts first: '-' sorts before '.').
  auto PlainKey = [&](size_t I) {
    llvm::StringRef P = CqlPaths[I];
    llvm::StringRef Stem = P;
    Stem.consume_back(llvm::sys::path::extension(P));
    return std::make_pair(!CqlFiles[I]->Input.IsSchema, Stem);
  };
  std::stable_sort(Histories[0].Files.begin(), Histories[0].Files.end(),
                   [&](size_t A, size_t B) { return PlainKey(A) < PlainKey(B); });
  // An ALTER in an ordinary file of a table only a migration set creates (a
  // repair script beside the migrations) applies after that set, as it
  // does in the deployment: it is deferred until the sets have joined.
  std::set<std::string> MigratedTables, PlainTables;
  for (size_t H = 0; H < Histories.size(); ++H)
    for (size_t I : Histories[H].Files)
      for (const auto &S : CqlFiles[I]->Cql.Statements)
        if (auto *C = llvm::dyn_cast<cql::CreateTableStatement>(S.get()))
          (H == 0 ? PlainTables : MigratedTables).insert(C->Table.Name.Name);
  auto Deferred = [&](const cql::Statement &S) {
    auto *A = llvm::dyn_cast<cql::AlterTableStatement>(&S);
    return A && MigratedTables.count(A->Table.Name.Name) &&
           !PlainTables.count(A->Table.Name.Name);
  };
  bool AnyDeferred = false;
  auto Apply = [&](schema::CqlCatalog &Catalog, const SchemaHistory &H) {
    schema::CqlSchemaBuilder Builder(Catalog, Diags, Flavor);
    Builder.setOneHistory(!H.Root.empty());
    std::vector<const cql::Script *> Scripts;
    for (size_t I : H.Files)
      Scripts.push_back(&CqlFiles[I]->Cql);
    OutdatedByLaterDdl.merge(
        statementsOutdatedLater(Scripts, /*AcrossFiles=*/!H.Root.empty()));
    for (size_t I : H.Files) {
      Builder.beginFile();
      for (const auto &S : CqlFiles[I]->Cql.Statements) {
        if (H.Root.empty() && Deferred(*S)) {
          AnyDeferred = true;
          continue;
        }
        Builder.apply(*S);
      }
    }
  };
  Apply(CqlCatalog, Histories[0]);
  for (size_t H = 1; H < Histories.size(); ++H) {
    if (Histories[H].Files.empty())
      continue;
    schema::CqlCatalog Migrated;
    Apply(Migrated, Histories[H]);
    // Each table says how far into the history it was created.
    std::map<uint32_t, size_t> Position;
    for (size_t K = 0; K < Histories[H].Files.size(); ++K)
      if (CqlFiles[Histories[H].Files[K]]->File)
        Position[CqlFiles[Histories[H].Files[K]]->File->Value] = K;
    auto ProvenanceOf = [&](const schema::CqlTable &T) -> std::string {
      auto P = Position.find(T.Range.File.Value);
      if (P == Position.end())
        return "";
      std::string Root = Histories[H].Root + "/";
      if (P->second == 0)
        return "the first migration of " + Root;
      return "after " + std::to_string(P->second) + " earlier migration" +
             (P->second == 1 ? "" : "s") + " of " + Root;
    };
    std::string Set = Histories[H].Root + "/ (" +
                      std::to_string(Histories[H].Files.size()) +
                      " migrations)";
    for (auto &[Name, K] : Migrated.takeKeyspaces()) {
      // Table by table: what the other schema files declare stays (the
      // cumulative schema), what only the migrations declare joins it.
      std::string Shown = Name.empty() ? "(the session's keyspace)" : Name;
      schema::CqlKeyspace &Dest = CqlCatalog.getOrCreateKeyspace(Name, K.Range);
      unsigned Added = 0, Kept = 0;
      for (auto &[TableName, T] : K.Tables) {
        if (Dest.Tables.count(TableName)) {
          ++Kept;
          continue;
        }
        T->Provenance = ProvenanceOf(*T);
        Dest.Tables.emplace(TableName, std::move(T));
        ++Added;
      }
      for (auto &[TypeName, T] : K.Types)
        Dest.Types.emplace(TypeName, std::move(T));
      std::string Line = "keyspace " + Shown + ", " + Set + ": ";
      if (Added)
        Line += std::to_string(Added) + " table(s) from the migrations";
      if (Added && Kept)
        Line += "; ";
      if (Kept)
        Line += std::to_string(Kept) +
                " table(s) from the cumulative schema, of which the "
                "migrations are an alternative history";
      SchemaSources.push_back(Line);
    }
  }
  if (AnyDeferred) {
    // The deferred ALTERs, each after the USE statements of its file.
    schema::CqlSchemaBuilder Builder(CqlCatalog, Diags, Flavor);
    for (size_t I : Histories[0].Files) {
      const auto &Statements = CqlFiles[I]->Cql.Statements;
      if (llvm::none_of(Statements, [&](const auto &S) { return Deferred(*S); }))
        continue;
      Builder.beginFile();
      for (const auto &S : Statements)
        if (S->kind() == cql::Statement::Use || Deferred(*S))
          Builder.apply(*S);
    }
  }
  addHostDdl(Flavor);
  markModelMismatches();
  for (const schema::CqlTable *T : CqlCatalog.tables())
    schema::checkCqlTableKeys(*T, Diags);

  // DynamoDB: table definitions in JSON and YAML files, and the Lambda
  // environments of templates, each file read once. The files are read on
  // all cores, each into a result of its own; the results join the catalog
  // and the run's diagnostics in file order, as one reader would add them.
  std::vector<std::unique_ptr<DataFileRead>> Reads(Analyses.size());
  {
    llvm::ThreadPool Pool(llvm::hardware_concurrency(Options.Jobs));
    for (size_t I = 0; I < Analyses.size(); ++I) {
      FileAnalysis &A = Analyses[I];
      if (!A.File || A.Input.Kind == InputKind::Cql ||
          A.Input.Kind == InputKind::Host ||
          A.Input.Kind == InputKind::Shell ||
          A.Input.Kind == InputKind::Hocon ||
          A.Input.Kind == InputKind::Terraform)
        continue;
      Reads[I] = std::make_unique<DataFileRead>();
      Pool.async([this, &A, &R = *Reads[I]] { readDataFile(A, R); });
    }
    Pool.wait();
  }
  TemplateBindings.clear();
  for (size_t I = 0; I < Analyses.size(); ++I) {
    if (!Reads[I] || !Reads[I]->Read)
      continue;
    FileAnalysis &A = Analyses[I];
    DataFileRead &R = *Reads[I];
    TemplateBindings.insert(TemplateBindings.end(),
                            std::make_move_iterator(R.Bindings.begin()),
                            std::make_move_iterator(R.Bindings.end()));
    for (Diagnostic &D : R.Diags.take())
      Diags.add(std::move(D));
    if (R.HasTables)
      addDynamoSchemaTables(*A.File, std::move(R.Tables), DynamoTables, Diags,
                            llvm::sys::path::parent_path(A.Input.Path));
    else if (R.Requests)
      DynamoRequests.push_back(std::move(*R.Requests));
  }
  loadTerraformModules();
}

void Run::readDataFile(FileAnalysis &A, DataFileRead &R) {
  if (!restoreText(A))
    return;
  R.Read = true;
  llvm::StringRef Text = SM.text(*A.File);
  if (A.Input.Kind == InputKind::Yaml || A.Input.Kind == InputKind::Json) {
    llvm::SmallString<256> Dir(llvm::sys::path::parent_path(A.Input.Path));
    llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    R.Bindings = readLambdaEnvironment(*A.File, Text, Dir);
  }
  A.DynamoContent = true;
  if ((R.HasTables = readDynamoSchemaTables(*A.File, Text, R.Diags, R.Tables)))
    return;
  if (A.Input.Kind == InputKind::Json)
    if ((R.Requests = dynamo::readDynamoRequests(*A.File, Text, R.Diags))) {
      R.Requests->Directory = llvm::sys::path::parent_path(A.Input.Path).str();
      return;
    }
  A.DynamoContent = R.Diags.count() != 0;
  // A YAML file whose cqlsh calls or Cassandra statements were read
  // (RunShell.cpp) is an input of its own, and keeps its text.
  if (!A.Host.empty() || A.YamlRefused)
    return;
  // Its last reader: a data file that holds nothing of ours
  // (package-lock.json, locales, fixtures) gives its text back for good.
  if (!A.DynamoContent && R.Bindings.empty() && A.Cql.Statements.empty() &&
      !Options.Verify && !DocumentSession && !mentionsNosqlint(Text))
    SM.release(*A.File);
  if (A.Input.Explicit)
    reportInputError(SM, R.Diags, A.Input.Path,
                     "cannot analyze '" + A.Input.Path +
                         "': neither DynamoDB requests nor a DynamoDB "
                         "table definition (CreateTable "
                         "or DescribeTable JSON, CloudFormation, NoSQL "
                         "Workbench)");
}



void Run::loadTerraformModules() {
  // A module is the .tf files of one folder: its variables and locals are
  // shared, so the files are read together.
  std::map<std::string, std::vector<TerraformFile>> ByFolder;
  for (const FileAnalysis &A : Analyses) {
    if (!A.File || A.Input.Kind != InputKind::Terraform)
      continue;
    llvm::SmallString<256> Dir(llvm::sys::path::parent_path(A.Input.Path));
    llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    ByFolder[std::string(Dir)].push_back({*A.File, SM.text(*A.File)});
  }
  for (auto &[Dir, Files] : ByFolder) {
    auto M = std::make_unique<terraform::Module>(Files, Dir);
    loadTerraformTables(*M, DynamoTables, Diags);
    TerraformModules.push_back(std::move(M));
  }
}

void Run::markModelMismatches() {
  // A table model of the code (gocqlx's schemagen writes them from the
  // live schema) whose key or columns differ from the schema read: that
  // schema is stale for the table (a migration the code runs, a column
  // added by hand), so its queries are not checked.
  for (const FileAnalysis &A : Analyses)
    for (const HostQuery &Q : A.Host) {
      const auto &M = Q.Snippet.Model;
      if (!M)
        continue;
      auto [Ks, Name] = llvm::StringRef(M->Table).rsplit('.');
      if (Name.empty())
        std::swap(Ks, Name);
      auto Bare = [](llvm::StringRef N) {
        return N.size() >= 2 && N.front() == '"' && N.back() == '"'
                   ? N.drop_front().drop_back().str()
                   : N.lower();
      };
      std::optional<std::string> Keyspace;
      if (!Ks.empty())
        Keyspace = Bare(Ks);
      const schema::CqlTable *T = CqlCatalog.findTable(Keyspace, Bare(Name));
      if (!T || AmbiguousCodeTables.count(T->Name))
        continue;
      auto Names = [](const std::vector<const schema::CqlColumn *> &Cs) {
        std::vector<std::string> Out;
        for (const schema::CqlColumn *C : Cs)
          Out.push_back(C->Name);
        return Out;
      };
      bool Same = Names(T->partitionKey()) == M->PartitionKey &&
                  Names(T->clustering()) == M->Clustering &&
                  llvm::all_of(M->Columns, [&](const std::string &C) {
                    return T->column(C) != nullptr;
                  });
      if (Same)
        continue;
      AmbiguousCodeTables.insert(T->Name);
      SchemaSources.push_back(
          std::string("table ") + T->qualifiedName() +
          ": the code's table model (" + M->Table +
          ") declares another key or columns than the schema read; its "
          "queries are not checked");
    }
}

void Run::addHostDdl(schema::CqlFlavor Flavor) {
  // The tables an application creates in code (`CREATE TABLE IF NOT
  // EXISTS ...` run at start-up) join the schema where the schema files do
  // not declare them. Only CREATE: the DROP and TRUNCATE of test tear-downs
  // and the ALTERs of historical, conditional migrations in code are not
  // the schema. What the code would get wrong here is the database's to
  // say at run time: no schema-error is reported for it.
  schema::CqlCatalog FromCode;
  DiagnosticEngine Discard;
  schema::CqlSchemaBuilder Builder(FromCode, Discard, Flavor);
  // Two definitions of one table that differ (two entity classes named
  // Person in two modules, a test's copy): which one a query means is not
  // known, so neither joins the schema and its queries are not checked.
  std::map<std::string, std::string> Signatures;
  for (const FileAnalysis &A : Analyses) {
    if (A.Input.Kind != InputKind::Host && A.Input.Kind != InputKind::Shell &&
        A.Input.Kind != InputKind::Yaml)
      continue;
    for (const HostQuery &Q : A.Host) {
      if (Q.ParseFailed || Q.Snippet.Trust != extract::SnippetTrust::Full)
        continue;
      for (const auto &S : Q.Script.Statements)
        if (auto *C = llvm::dyn_cast<cql::CreateTableStatement>(S.get())) {
          std::string Signature;
          for (const cql::ColumnDefinition &D : C->Columns)
            Signature += cql::printIdentifier(D.Name) + " " +
                         cql::printType(D.Type) + (D.PrimaryKey ? " pk" : "") +
                         ",";
          for (const cql::Identifier &P : C->PartitionKey)
            Signature += " p:" + cql::printIdentifier(P);
          for (const cql::Identifier &P : C->Clustering)
            Signature += " c:" + cql::printIdentifier(P);
          std::string Name = cql::printIdentifier(C->Table.Name);
          auto [It, New] = Signatures.try_emplace(Name, Signature);
          if (!New && It->second != Signature)
            AmbiguousCodeTables.insert(C->Table.Name.Name);
        }
    }
  }
  for (const FileAnalysis &A : Analyses) {
    if (A.Input.Kind != InputKind::Host && A.Input.Kind != InputKind::Shell &&
        A.Input.Kind != InputKind::Yaml)
      continue;
    for (const HostQuery &Q : A.Host) {
      if (Q.ParseFailed || Q.Snippet.Trust != extract::SnippetTrust::Full)
        continue;
      Builder.beginFile();
      for (const auto &S : Q.Script.Statements) {
        cql::Statement::KindType K = S->kind();
        if (K == cql::Statement::CreateKeyspace ||
            K == cql::Statement::CreateTable ||
            K == cql::Statement::CreateIndex ||
            K == cql::Statement::CreateView ||
            K == cql::Statement::CreateType || K == cql::Statement::Use)
          Builder.apply(*S);
      }
    }
  }
  for (const std::string &T : AmbiguousCodeTables)
    SchemaSources.push_back("table " + T +
                            ": created differently in several places of the "
                            "application's code; its queries are not checked");
  for (auto &[Name, K] : FromCode.takeKeyspaces()) {
    bool Known = CqlCatalog.keyspace(Name) != nullptr;
    schema::CqlKeyspace &Dest = CqlCatalog.getOrCreateKeyspace(Name, K.Range);
    if (!Known)
      KeyspacesFromCode.insert(Name);
    unsigned Added = 0;
    for (auto &[TableName, T] : K.Tables)
      if (!Dest.Tables.count(TableName) &&
          !AmbiguousCodeTables.count(T->Name)) {
        T->FromCode = true;
        T->Provenance = "created by the application's code";
        Dest.Tables.emplace(TableName, std::move(T));
        ++Added;
      }
    for (auto &[TypeName, T] : K.Types)
      Dest.Types.emplace(TypeName, std::move(T));
    if (Added)
      SchemaSources.push_back(
          "keyspace " + (Name.empty() ? std::string("(the session's keyspace)")
                                      : Name) +
          ": " + std::to_string(Added) +
          " table(s) created by the application's code" +
          (Known ? "" : " (the keyspace is known from code alone: a table "
                        "it does not create there is not reported unknown)"));
  }
}

void Run::addCodeTables() {
  // CreateTable requests in code: where no schema file defines the table.
  for (FileAnalysis &A : Analyses)
    for (extract::DynamoCall &C : A.CreateTables)
      if (C.Params && C.Operation == "CreateTable")
        addDynamoTableFromCode(*C.Params, *A.File, C.Range,
                               llvm::sys::path::parent_path(A.Input.Path),
                               DynamoTables, Diags, C.LogicalId);
  // A mapped class's keys and the table name a use gives it (Java
  // @DynamoDbBean + enhanced.table(..)), possibly two files: joined here.
  std::vector<extract::ModelTablePart> Parts;
  for (FileAnalysis &A : Analyses)
    for (extract::DynamoCall &C : A.CreateTables)
      if (!C.ModelClass.empty())
        Parts.push_back({&C, *A.File,
                         llvm::sys::path::parent_path(A.Input.Path).str()});
  for (extract::JoinedModelTable &T : extract::joinModelTables(Parts))
    addDynamoTableFromCode(T.Params, T.File, T.Range, T.Directory,
                           DynamoTables, Diags);
  // UpdateTable requests in code: the indexes they add, once every table is
  // known (in file order: a later update sees an earlier one's index).
  for (FileAnalysis &A : Analyses)
    for (extract::DynamoCall &C : A.CreateTables)
      if (C.Params && C.Operation == "UpdateTable")
        applyDynamoTableUpdateFromCode(
            *C.Params, *A.File, llvm::sys::path::parent_path(A.Input.Path),
            DynamoTables);
}

/// The CDK app's folder: the nearest ancestor of \p Dir with a cdk.json.
static std::optional<std::string> cdkAppFolder(llvm::StringRef Dir) {
  llvm::SmallString<256> D(Dir);
  for (unsigned Up = 0; Up < 16; ++Up) {
    llvm::SmallString<256> Probe(D);
    llvm::sys::path::append(Probe, "cdk.json");
    if (llvm::sys::fs::exists(Probe))
      return std::string(D);
    if (D.empty() || D == "." || D == "/")
      return std::nullopt;
    // Truncated in place: the parent is a prefix ("" is the working folder).
    D.resize(llvm::sys::path::parent_path(D).size());
  }
  return std::nullopt;
}

/// A CDK function of the file at \p Path, as the bindings templates give.
static void addCdkBindings(llvm::StringRef Path,
                           const extract::LambdaDeclaration &F,
                           std::vector<EnvironmentBinding> &Out) {
  llvm::SmallString<256> Dir(llvm::sys::path::parent_path(Path));
  llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  llvm::SmallString<256> Code;
  if (F.CodeRelativeToFile) {
    Code = Dir;
  } else if (auto App = cdkAppFolder(Dir)) {
    Code = *App;
  } else {
    return; // relative to a folder this tree does not show
  }
  llvm::sys::path::append(Code, F.CodePath);
  llvm::sys::path::remove_dots(Code, /*remove_dot_dot=*/true);
  EnvironmentBinding Base;
  Base.Function = F.Function;
  Base.TemplateDirectory = std::string(Dir);
  if (F.CodeIsFile) {
    Base.CodeDirectory = std::string(llvm::sys::path::parent_path(Code));
    llvm::StringRef Module = Code;
    Module.consume_back(llvm::sys::path::extension(Module));
    Base.HandlerModule = Module.str();
  } else {
    Base.CodeDirectory = std::string(Code);
    if (!F.Handler.empty())
      setLambdaHandler(F.Handler, Base);
  }
  for (const extract::LambdaDeclaration::Binding &E : F.Environment) {
    EnvironmentBinding B = Base;
    B.Variable = E.Variable;
    B.Table = E.TableName;
    B.TableLogicalId = E.TableConstruct;
    B.Range = E.Range;
    Out.push_back(std::move(B));
  }
}

void Run::linkEnvironmentTables() {
  // Requests that read their table's name from the environment, and the
  // templates that bind it for the function whose code they are.
  // The JSON and YAML templates' bindings were read with the schema.
  std::vector<EnvironmentBinding> Bindings = TemplateBindings;
  for (const auto &M : TerraformModules) {
    std::vector<EnvironmentBinding> B = readTerraformEnvironment(*M);
    Bindings.insert(Bindings.end(), std::make_move_iterator(B.begin()),
                    std::make_move_iterator(B.end()));
  }
  for (const FileAnalysis &A : Analyses)
    for (const extract::LambdaDeclaration &F : A.Functions)
      addCdkBindings(A.Input.Path, F, Bindings);
  if (Bindings.empty())
    return;
  for (FileAnalysis &A : Analyses) {
    if (!A.HostRequests)
      continue;
    llvm::SmallString<256> Path(A.Input.Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    // A module several functions share, each binding another table, is
    // checked against each: the copies join the file's requests.
    std::vector<dynamo::Request> Copies;
    for (dynamo::Request &R : A.HostRequests->Requests) {
      if (!R.TableUnknown || R.TableEnvironmentVariable.empty())
        continue;
      std::vector<std::pair<const EnvironmentBinding *, std::string>> Tables;
      for (const EnvironmentBinding *B :
           bindingsFor(Bindings, Path, R.TableEnvironmentVariable)) {
        std::string Table = B->Table;
        if (!B->TableLogicalId.empty()) {
          // The table resource of that template: its name as the loader
          // resolved it (Serverless variables, Terraform expressions).
          for (const DynamoTable &T : DynamoTables.tables()) {
            llvm::SmallString<256> TDir(T.Directory);
            llvm::sys::path::remove_dots(TDir, /*remove_dot_dot=*/true);
            if (T.LogicalId == B->TableLogicalId &&
                llvm::StringRef(TDir) == B->TemplateDirectory)
              Table = T.Name;
          }
        }
        if (Table.empty() ||
            !DynamoTables.table(Table, A.HostRequests->Directory) ||
            llvm::any_of(Tables, [&](const auto &E) { return E.second == Table; }))
          continue;
        Tables.emplace_back(B, Table);
      }
      auto Bind = [&](dynamo::Request &Target, const EnvironmentBinding &B,
                      const std::string &Table) {
        Target.TableName = Table;
        Target.TableUnknown = false;
        Target.TableBindingRange = B.Range;
        Target.TableBinding = "the table is '" + Table +
                              "': environment variable " +
                              Target.TableEnvironmentVariable +
                              " of function " + B.Function + ", bound here";
        if (Tables.size() > 1)
          Target.TableBinding += " (one of " + std::to_string(Tables.size()) +
                                 " functions sharing this code, each binding "
                                 "another table)";
      };
      for (size_t I = 0; I + 1 < Tables.size(); ++I) {
        dynamo::Request Copy = R;
        Bind(Copy, *Tables[I].first, Tables[I].second);
        Copies.push_back(std::move(Copy));
      }
      if (!Tables.empty())
        Bind(R, *Tables.back().first, Tables.back().second);
    }
    for (dynamo::Request &C : Copies)
      A.HostRequests->Requests.push_back(std::move(C));
  }
}

} // namespace nosqlint::driver
