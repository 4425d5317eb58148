//===- Driver.cpp - Orchestrates one run ----------------------------------===//
//
// Phase 1 reads and parses every file on all cores; phase 2 builds the schema
// from the schema files and the DDL of the inputs; phase 3 checks every
// statement against it, again on all cores; then the sorted diagnostics are
// printed or verified. Output order never depends on thread timing: results
// are stored per file and the diagnostics are sorted.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Driver/Driver.h"

#include "Analysis.h"
#include "FileReader.h"
#include "InputCollector.h"
#include "QueryInventory.h"
#include "SchemaHistories.h"
#include "SubtreeUses.h"
#include "Suppressions.h"
#include "Verifier.h"

#include "nosqlint/Basic/CqlNames.h"
#include "nosqlint/Basic/Nesting.h"
#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Check/CqlChecker.h"
#include "nosqlint/Cql/Parser.h"
#include "nosqlint/Cql/Printer.h"
#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Diag/Emitters.h"
#include "nosqlint/Dynamo/AccessPatterns.h"
#include "nosqlint/Dynamo/Checker.h"
#include "nosqlint/Dynamo/Reader.h"
#include "nosqlint/Extract/Extract.h"
#include "nosqlint/Extract/ModelTables.h"
#include "nosqlint/Extract/Repositories.h"
#include "nosqlint/Schema/CqlSchemaBuilder.h"
#include "nosqlint/Schema/CqlTableChecks.h"
#include "nosqlint/Schema/DynamoSchema.h"
#include "nosqlint/Schema/LambdaEnvironment.h"
#include "nosqlint/Schema/TerraformModule.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ThreadPool.h"

#include <map>
#include <set>

#include <algorithm>
#include <tuple>

namespace nosqlint {

namespace {

/// The package of a host file: its directory, per language.
static std::string packageKey(const InputFile &F) {
  return llvm::sys::path::parent_path(F.Path).str() + '\0' +
         extract::hostLanguageName(F.Host).str();
}

class Run {
public:
  Run(const DriverOptions &Options, llvm::raw_ostream &Out,
      llvm::raw_ostream &Err)
      : Options(Options), Out(Out), Err(Err) {}

  int execute();

private:
  void collectInputs();
  void parseAll();
  void parseFile(FileAnalysis &A);
  void extractHostFile(FileAnalysis &A,
                       const extract::PackageConstants *Package);
  void prescanHostFile(FileAnalysis &A);
  void extractSetAsideNeighbours();
  bool restoreText(FileAnalysis &A);
  std::map<const FileAnalysis *, extract::PackageConstants> importedConstants(
      const std::map<std::string, extract::PackageConstants> &Packages);
  void parseHostSnippets(FileAnalysis &A, const NearestUse &Package);
  HostQuery parseHostSnippet(extract::CqlSnippet S);
  void addRepositoryQueries();
  void adoptCqlMigrations();
  int explainExtraction();
  void buildHostRequests(FileAnalysis &A);
  void parseHostFiles();
  void buildSchema();
  void loadTerraformModules();
  void linkEnvironmentTables();
  void addCodeTables();
  void addHostDdl(schema::CqlFlavor Flavor);
  void markModelMismatches();
  void checkAll();
  void markProjectsWithoutSchema();
  int verify(llvm::ArrayRef<Diagnostic> Sorted);
  int listQueries();
  int report(llvm::ArrayRef<Diagnostic> Sorted);
  std::vector<Diagnostic> withoutSchemaFindings(std::vector<Diagnostic> Sorted) const;
  unsigned statementCount() const;

  const DriverOptions &Options;
  llvm::raw_ostream &Out;
  llvm::raw_ostream &Err;
  SourceManager SM;
  DiagnosticEngine Diags;
  std::vector<FileAnalysis> Analyses;
  schema::CqlCatalog CqlCatalog;
  DynamoCatalog DynamoTables;
  /// Keyspaces only the application's code creates: the schema of them is
  /// what the code shows, likely partial.
  std::set<std::string> KeyspacesFromCode;
  /// Tables the code creates differently in several places (by name).
  std::set<std::string> AmbiguousCodeTables;
  /// Which history each keyspace's schema came from (`nosqlint queries`).
  std::vector<std::string> SchemaSources;
  /// The DynamoDB requests of the JSON files that hold them.
  std::vector<dynamo::RequestFile> DynamoRequests;
  /// The Terraform modules of the inputs, parsed once for both their tables
  /// and their Lambda environments.
  std::vector<std::unique_ptr<terraform::Module>> TerraformModules;
};

void Run::collectInputs() {
  CollectOptions CO;
  CO.Excludes = Options.Excludes;
  CO.MaxFileBytes = Options.MaxFileBytes;
  InputCollector Collector(SM, Diags, CO);
  for (const std::string &Path : Options.Schemas)
    Collector.addPath(Path, /*IsSchema=*/true);
  for (const std::string &Path : Options.Inputs)
    Collector.addPath(Path, /*IsSchema=*/false);
  for (InputFile &F : Collector.takeFiles()) {
    if (F.Kind == InputKind::Unknown) {
      // Only explicit files reach here with an unknown kind: a walk keeps
      // the kinds nosqlint reads.
      reportInputError(SM, Diags, F.Path,
                       "cannot analyze '" + F.Path +
                           "': unsupported file type (nosqlint reads .cql "
                           "files, DynamoDB table definitions in .json, "
                           ".yaml, .yml and Terraform .tf files, and CQL "
                           "embedded in .java .kt .scala .py .go .js .ts .cs "
                           "files)");
      continue;
    }
    FileAnalysis A;
    A.Input = std::move(F);
    Analyses.push_back(std::move(A));
  }
  for (const std::string &Note : Collector.notes())
    Err << "nosqlint: note: " << Note << "\n";
}

void Run::extractHostFile(FileAnalysis &A,
                          const extract::PackageConstants *Package) {
  A.SetAside = false;
  extract::ExtractOptions EO;
  EO.ByShape = !extract::isTestSourcePath(A.Input.Path);
  A.Extraction = extract::extractFile(A.Input.Host, *A.File, SM.text(*A.File),
                                      Package, EO);
  A.Uses = A.Extraction.Uses;
  if (A.Extraction.TooDeep && !A.ReportedTooDeep) {
    A.ReportedTooDeep = true; // a file may be extracted twice
    reportInputError(SM, Diags, A.Input.Path,
                     "cannot analyze '" + A.Input.Path +
                         "': its brackets nest more than " +
                         std::to_string(MaxParseNesting) + " levels deep");
  }
}

void Run::prescanHostFile(FileAnalysis &A) {
  if (A.Input.Host == extract::HostLanguage::Go)
    A.Migrate = golangMigrateDrivers(SM.text(*A.File));
  if (extract::mayHoldQueries(A.Input.Host, SM.text(*A.File))) {
    extractHostFile(A, nullptr);
    return;
  }
  // Set aside, it still tells its package which libraries it uses.
  A.Uses = extract::libraryUse(A.Input.Host, SM.text(*A.File));
  A.SetAside = true;
  // Its text is freed at once, so memory follows the files that hold
  // queries, not the size of the tree; the few a neighbour turns out to
  // need are read again. (Verify mode reads every file's expectations.)
  if (!Options.Verify)
    SM.release(*A.File);
}

static bool isNameChar(char C) {
  return llvm::isAlnum(C) || C == '_' || C == '$';
}

/// The offsets at which \p Text holds \p Name as a whole word.
template <typename Fn>
static bool anyWordOccurrence(llvm::StringRef Text, llvm::StringRef Name,
                              Fn &&Accept) {
  if (Name.empty())
    return false;
  for (size_t Pos = Text.find(Name); Pos != llvm::StringRef::npos;
       Pos = Text.find(Name, Pos + 1)) {
    size_t End = Pos + Name.size();
    if ((Pos == 0 || !isNameChar(Text[Pos - 1])) &&
        (End == Text.size() || !isNameChar(Text[End])) && Accept(End))
      return true;
  }
  return false;
}

/// Whether \p Text uses \p Name (or its last component, `Tables.USERS`).
static bool mentionsName(llvm::StringRef Text, llvm::StringRef Name) {
  return anyWordOccurrence(Text, Name.substr(Name.rfind('.') + 1),
                           [](size_t) { return true; });
}

/// Whether \p Text may declare \p Name with a value: the name, then on the
/// same line an optional type (`: String`, ` string`, `[]byte`), then `=`.
/// Every language's constant declaration has that shape.
static bool mayDeclareName(llvm::StringRef Text, llvm::StringRef Name) {
  return anyWordOccurrence(Text, Name, [&](size_t End) {
    for (size_t I = End; I < Text.size(); ++I) {
      char C = Text[I];
      if (C == '=')
        return I + 1 >= Text.size() || Text[I + 1] != '=';
      if (!(isNameChar(C) || C == ' ' || C == '\t' || C == ':' || C == '.' ||
            C == '<' || C == '>' || C == '[' || C == ']' || C == '?' ||
            C == ','))
        return false;
    }
    return false;
  });
}

bool Run::restoreText(FileAnalysis &A) {
  if (!SM.text(*A.File).empty())
    return true;
  auto Buffer = llvm::MemoryBuffer::getFile(
      A.Input.Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return false;
  SM.restore(*A.File, std::move(*Buffer));
  return true;
}

std::map<const FileAnalysis *, extract::PackageConstants>
Run::importedConstants(
    const std::map<std::string, extract::PackageConstants> &Packages) {
  // Java files by file name: `a.tables.MailTable` is .../a/tables/MailTable.java.
  llvm::StringMap<std::vector<FileAnalysis *>> ByName;
  for (FileAnalysis &A : Analyses)
    if (A.File && A.Input.Kind == InputKind::Host &&
        A.Input.Host == extract::HostLanguage::Java)
      ByName[llvm::sys::path::filename(A.Input.Path)].push_back(&A);
  std::map<const FileAnalysis *, extract::PackageConstants> Out;
  for (FileAnalysis &A : Analyses) {
    const extract::FileExtraction &X = A.Extraction;
    if (!A.File || A.SetAside || X.ImportedClasses.empty() ||
        X.UnresolvedNames.empty())
      continue;
    extract::PackageConstants Merged;
    std::set<std::string> Clash;
    // `import static a.B.NAME;` names B's NAME, whatever else another
    // imported class declares under that name (ImportedClasses holds
    // `a.B.NAME` and `a.B`).
    std::map<std::string, std::string> StaticOwner;
    for (const std::string &C : X.ImportedClasses) {
      auto [Owner, Member] = llvm::StringRef(C).rsplit('.');
      if (!Member.empty() && llvm::is_contained(X.UnresolvedNames, Member) &&
          llvm::is_contained(X.ImportedClasses, Owner.str()))
        StaticOwner.emplace(Member.str(), Owner.str());
    }
    extract::PackageConstants Pinned;
    for (const std::string &Class : X.ImportedClasses) {
      std::string Rel = Class;
      std::replace(Rel.begin(), Rel.end(), '.', '/');
      Rel += ".java";
      auto It = ByName.find(llvm::sys::path::filename(Rel));
      if (It == ByName.end())
        continue;
      // The file that declares the class; two (sub-projects, copies): none.
      FileAnalysis *Target = nullptr;
      bool Twice = false;
      for (FileAnalysis *T : It->second) {
        llvm::StringRef P(T->Input.Path);
        if (P == Rel || P.endswith("/" + Rel)) {
          Twice |= Target != nullptr;
          Target = T;
        }
      }
      if (!Target || Twice || Target == &A)
        continue;
      if (Target->SetAside) {
        if (!restoreText(*Target))
          continue;
        extractHostFile(*Target, nullptr);
      }
      for (const auto &[Name, Value] : Target->Extraction.Constants) {
        if (!llvm::is_contained(X.UnresolvedNames, Name))
          continue;
        if (auto S = StaticOwner.find(Name); S != StaticOwner.end()) {
          if (S->second == Class)
            Pinned[Name] = Value;
          continue;
        }
        auto [At, New] = Merged.try_emplace(Name, Value);
        if (!New && At->second != Value)
          Clash.insert(Name);
      }
    }
    for (const std::string &N : Clash)
      Merged.erase(N);
    for (const auto &P : Pinned)
      Merged[P.getKey()] = P.getValue();
    if (Merged.empty())
      continue;
    // The file's own package's constants too.
    if (auto P = Packages.find(packageKey(A.Input)); P != Packages.end())
      for (const auto &E : P->second)
        Merged.try_emplace(E.getKey(), E.getValue());
    Out[&A] = std::move(Merged);
  }
  return Out;
}

void Run::extractSetAsideNeighbours() {
  // A file set aside holds no query of its own, but a parsed file of its
  // package may miss a constant it declares, or it may build a query from
  // a constant a parsed file declares: such a file is parsed after all, and
  // the package pass below treats it like any other. The others cannot
  // contribute anything.
  struct PackageNames {
    std::set<std::string> Declared; // constants of parsed files
    std::set<std::string> Missing;  // names parsed files did not resolve
  };
  std::map<std::string, PackageNames> Names;
  for (const FileAnalysis &A : Analyses) {
    if (!A.File || A.Input.Kind != InputKind::Host || A.SetAside)
      continue;
    PackageNames &N = Names[packageKey(A.Input)];
    for (const auto &C : A.Extraction.Constants)
      N.Declared.insert(C.first);
    N.Missing.insert(A.Extraction.UnresolvedNames.begin(),
                     A.Extraction.UnresolvedNames.end());
  }
  llvm::ThreadPool Pool(llvm::hardware_concurrency(Options.Jobs));
  for (FileAnalysis &A : Analyses) {
    if (!A.SetAside)
      continue;
    auto N = Names.find(packageKey(A.Input));
    if (N == Names.end())
      continue;
    Pool.async([this, &A, &Names = N->second] {
      if (!restoreText(A))
        return;
      llvm::StringRef Text = SM.text(*A.File);
      bool Shares =
          llvm::any_of(Names.Declared,
                       [&](const std::string &Name) {
                         return mentionsName(Text, Name);
                       }) ||
          llvm::any_of(Names.Missing, [&](const std::string &Name) {
            return mayDeclareName(Text, Name);
          });
      if (Shares)
        extractHostFile(A, nullptr);
      else if (!Options.Verify)
        SM.release(*A.File);
    });
  }
  Pool.wait();
}

HostQuery Run::parseHostSnippet(extract::CqlSnippet S) {
  cql::ParseOptions PO;
  PO.Dialect = Options.Dialect;
  HostQuery Q;
  // A snippet whose holes stand for query structure is listed, never
  // reported: its syntax errors would be the placeholders'.
  if (S.Trust == extract::SnippetTrust::Opaque) {
    DiagnosticEngine Discard;
    Q.Script = cql::parseScript(S.Text, S.Origin, PO, Discard);
  } else if (S.Source == extract::SnippetSource::Keyword) {
    // A string found by its first word only: when it does not parse, it
    // is more likely prose or a fragment than broken CQL. Dropped.
    DiagnosticEngine Local;
    Q.Script = cql::parseScript(S.Text, S.Origin, PO, Local);
    if (Local.count() != 0 ||
        Q.Script.Statements.size() != Q.Script.StatementsSeen) {
      Q.Script = {};
      Q.ParseFailed = true;
    }
  } else {
    Q.Script = cql::parseScript(S.Text, S.Origin, PO, Diags);
  }
  Q.Snippet = std::move(S);
  return Q;
}

void Run::parseHostSnippets(FileAnalysis &A, const NearestUse &Package) {
  for (extract::CqlSnippet &S : A.Extraction.Snippets) {
    if (S.NeedsPackage) {
      if (!Package.allowsCql())
        continue;
      S.Reason += "; " + Package.describe();
    }
    A.Host.push_back(parseHostSnippet(std::move(S)));
  }
  buildHostRequests(A);
  A.Functions = std::move(A.Extraction.Functions);
  A.Repositories = std::move(A.Extraction.Repositories);
  A.Extraction = {};
}

void Run::addRepositoryQueries() {
  // Spring Data repositories: an interface, its entity and the calls on it
  // are in different files; their queries are known once all are read.
  std::vector<extract::RepositoryFacts> Facts;
  std::map<uint32_t, FileAnalysis *> ByFile;
  for (FileAnalysis &A : Analyses) {
    if (!A.File || A.Input.Kind != InputKind::Host)
      continue;
    extract::RepositoryFacts &R = A.Repositories;
    if (R.empty())
      continue;
    R.File = *A.File;
    R.Directory = llvm::sys::path::parent_path(A.Input.Path).str();
    Facts.push_back(std::move(R));
    ByFile[A.File->Value] = &A;
  }
  if (Facts.empty())
    return;
  for (extract::RepositorySnippet &S : extract::joinRepositoryQueries(Facts)) {
    FileAnalysis &A = *ByFile.at(S.File.Value);
    // A mapper's @Query string was also read as a string, its placeholders
    // holes: the query the method makes replaces it.
    SourceRange Method = S.Snippet.Range;
    llvm::erase_if(A.Host, [&](const HostQuery &H) {
      return S.Snippet.Source == extract::SnippetSource::Mapper &&
             H.Snippet.Source != extract::SnippetSource::Repository &&
             H.Snippet.Source != extract::SnippetSource::Mapper &&
             H.Snippet.Range.Begin >= Method.Begin &&
             H.Snippet.Range.End <= Method.End;
    });
    HostQuery Q = parseHostSnippet(std::move(S.Snippet));
    auto At = llvm::partition_point(A.Host, [&](const HostQuery &H) {
      return H.Snippet.Range.Begin <= Q.Snippet.Range.Begin;
    });
    A.Host.insert(At, std::move(Q));
  }
}

void Run::buildHostRequests(FileAnalysis &A) {
  if (A.Extraction.DynamoCalls.empty())
    return;
  auto IsDefinition = [](const extract::DynamoCall &C) {
    return C.Operation == "CreateTable" || C.Operation == "UpdateTable";
  };
  bool OnlyTables = llvm::all_of(A.Extraction.DynamoCalls, IsDefinition);
  dynamo::RequestFile F;
  F.File = *A.File;
  F.Directory = llvm::sys::path::parent_path(A.Input.Path).str();
  for (extract::DynamoCall &Call : A.Extraction.DynamoCalls) {
    if (IsDefinition(Call)) {
      A.CreateTables.push_back(std::move(Call));
      continue;
    }
    std::optional<dynamo::Operation> Op = dynamo::parseOperation(Call.Operation);
    if (!Op || !Call.Params)
      continue;
    F.Documents.push_back(std::move(Call.Params));
    dynamo::Request R = dynamo::buildRequest(*Op, *F.Documents.back(),
                                             *A.File, Call.Range, Diags);
    R.OperationRange = Call.OperationRange;
    A.HostRequestSdks.emplace_back(Call.Range, Call.Sdk);
    F.Requests.push_back(std::move(R));
  }
  if (!OnlyTables)
    A.HostRequests = std::move(F);
}

void Run::parseHostFiles() {
  extractSetAsideNeighbours();
  // Constants declared in one file of a package serve the others: gather
  // them (a name with two different values is dropped), then extract again
  // the files that use a name the package declares.
  std::map<std::string, extract::PackageConstants> Packages;
  std::map<std::string, std::set<std::string>> Conflicts;
  SubtreeUses Uses;
  for (const FileAnalysis &A : Analyses) {
    if (!A.File || A.Input.Kind != InputKind::Host)
      continue;
    Uses.add(A.Input.Path, A.Uses);
    std::string Key = packageKey(A.Input);
    extract::PackageConstants &P = Packages[Key];
    for (const auto &[Name, Value] : A.Extraction.Constants) {
      auto [It, New] = P.try_emplace(Name, Value);
      if (!New && It->second != Value)
        Conflicts[Key].insert(Name);
    }
  }
  for (auto &[Key, Names] : Conflicts)
    for (const std::string &N : Names)
      Packages[Key].erase(N);

  // Java constants of a class in another package, through the imports
  // (`import static a.tables.MailTable.NAME;`, `Tables.TABLE`).
  std::map<const FileAnalysis *, extract::PackageConstants> Imported =
      importedConstants(Packages);

  llvm::ThreadPool Pool(llvm::hardware_concurrency(Options.Jobs));
  for (FileAnalysis &A : Analyses) {
    if (!A.File || A.Input.Kind != InputKind::Host)
      continue;
    auto P = Packages.find(packageKey(A.Input));
    bool Again = P != Packages.end() &&
                 llvm::any_of(A.Extraction.UnresolvedNames,
                              [&](const std::string &N) {
                                return P->second.count(N) != 0;
                              });
    const extract::PackageConstants *Package = Again ? &P->second : nullptr;
    if (auto I = Imported.find(&A); I != Imported.end())
      Package = &I->second;
    if (Package)
      Pool.async([this, &A, Package] { extractHostFile(A, Package); });
  }
  Pool.wait();
  // DynamoDBMapper calls name their table through a class that is often
  // declared in another file: joined once every file is extracted.
  std::vector<extract::ModelRequestFile> Requests;
  for (FileAnalysis &A : Analyses)
    if (A.File && A.Input.Kind == InputKind::Host &&
        !A.Extraction.DynamoCalls.empty())
      Requests.push_back({&A.Extraction.DynamoCalls,
                          llvm::sys::path::parent_path(A.Input.Path).str()});
  extract::resolveMapperRequests(Requests);
  for (FileAnalysis &A : Analyses) {
    if (!A.File || A.Input.Kind != InputKind::Host)
      continue;
    NearestUse Use = Uses.nearest(A.Input.Path);
    Pool.async([this, &A, Use] { parseHostSnippets(A, Use); });
  }
  Pool.wait();
}

void Run::parseFile(FileAnalysis &A) {
  if (A.Input.Kind == InputKind::SqlMigration) {
    // Parsed once the Go files tell which database runs it.
    A.File = A.Input.Explicit ? readInputFile(A.Input.Path, SM, Diags)
                              : readSourceFileQuietly(A.Input.Path, SM);
    return;
  }
  if (A.Input.Kind == InputKind::Host && !A.Input.Explicit) {
    // A walk meets generated, binary and foreign-encoded sources: skipped
    // quietly, they are not the user's queries.
    A.File = readSourceFileQuietly(A.Input.Path, SM);
    if (A.File)
      prescanHostFile(A);
    return;
  }
  A.File = readInputFile(A.Input.Path, SM, Diags);
  if (A.File && A.Input.Kind == InputKind::Host)
    prescanHostFile(A);
  if (A.File && A.Input.Kind == InputKind::Yaml && !A.Input.IsSchema) {
    // A cassandra-stress profile: its DDL and queries are CQL.
    if (std::optional<extract::CqlSnippet> P =
            extract::extractStressProfile(*A.File, SM.text(*A.File))) {
      A.Input.Kind = InputKind::Cql;
      cql::ParseOptions PO;
      PO.Dialect = Options.Dialect;
      A.Cql = cql::parseScript(P->Text, P->Origin, PO, Diags);
      return;
    }
  }
  if (!A.File || A.Input.Kind != InputKind::Cql)
    return;
  llvm::StringRef Text = SM.text(*A.File);
  unsigned Bom = byteOrderMarkLength(Text);
  cql::ParseOptions PO;
  PO.Dialect = Options.Dialect;
  if (extract::hasTemplatePlaceholders(Text)) {
    if (std::optional<extract::CqlSnippet> T =
            extract::extractCqlTemplate(*A.File, Text, Bom)) {
      A.CqlTrust = T->Trust;
      DiagnosticEngine Discard;
      A.Cql = cql::parseScript(
          T->Text, T->Origin, PO,
          T->Trust == extract::SnippetTrust::Opaque ? Discard : Diags);
      return;
    }
  }
  A.Cql = cql::parseScript(Text.drop_front(Bom),
                           TextOrigin::identity(*A.File, Bom), PO, Diags);
}

void Run::parseAll() {
  llvm::ThreadPool Pool(llvm::hardware_concurrency(Options.Jobs));
  for (FileAnalysis &A : Analyses)
    Pool.async([this, &A] { parseFile(A); });
  Pool.wait();
  parseHostFiles();
  addRepositoryQueries();
  adoptCqlMigrations();
}

void Run::adoptCqlMigrations() {
  MigrateDrivers Drivers;
  for (const FileAnalysis &A : Analyses)
    Drivers |= A.Migrate;
  bool RunOnCassandra = Drivers.Cassandra && !Drivers.Other;
  for (FileAnalysis &A : Analyses) {
    if (A.Input.Kind != InputKind::SqlMigration || !A.File)
      continue;
    if (RunOnCassandra) {
      // A migration Cassandra cannot parse, or that reads as SQL, is not
      // one of the Cassandra set: set aside, never a finding.
      DiagnosticEngine Trial;
      cql::ParseOptions PO;
      PO.Dialect = Options.Dialect;
      llvm::StringRef Text = SM.text(*A.File);
      unsigned Bom = byteOrderMarkLength(Text);
      cql::Script Script = cql::parseScript(
          Text.drop_front(Bom), TextOrigin::identity(*A.File, Bom), PO, Trial);
      if (Trial.count() == 0 && !Script.Statements.empty()) {
        A.Input.Kind = InputKind::Cql;
        A.Cql = std::move(Script);
        continue;
      }
    }
    if (A.Input.Explicit)
      reportInputError(SM, Diags, A.Input.Path,
                       "cannot analyze '" + A.Input.Path +
                           "': a golang-migrate migration is read as CQL only "
                           "when the Go code of the analyzed tree imports "
                           "golang-migrate's Cassandra driver and no other "
                           "(and the file parses as CQL)");
    A.File.reset();
  }
}

void Run::buildSchema() {
  // CQL: the DDL of every file, schema files first, in the order given, the
  // way Cassandra would apply it. A migration set is a history of its own,
  // applied in version order on a catalog of its own (SchemaHistories.h):
  // its keyspaces join the schema where the other files do not declare
  // them, or declare fewer of their tables.
  schema::CqlFlavor Flavor = Options.Dialect == cql::CqlDialect::ScyllaDb
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

  // DynamoDB: table definitions in JSON and YAML files.
  for (const FileAnalysis &A : Analyses) {
    if (!A.File || A.Input.Kind == InputKind::Cql ||
        A.Input.Kind == InputKind::Host ||
        A.Input.Kind == InputKind::Terraform)
      continue;
    if (loadDynamoSchema(*A.File, SM.text(*A.File), DynamoTables, Diags,
                         llvm::sys::path::parent_path(A.Input.Path)))
      continue;
    if (A.Input.Kind == InputKind::Json)
      if (auto Requests =
              dynamo::readDynamoRequests(*A.File, SM.text(*A.File), Diags)) {
        Requests->Directory = llvm::sys::path::parent_path(A.Input.Path).str();
        DynamoRequests.push_back(std::move(*Requests));
        continue;
      }
    if (A.Input.Explicit)
      reportInputError(SM, Diags, A.Input.Path,
                       "cannot analyze '" + A.Input.Path +
                           "': neither DynamoDB requests nor a DynamoDB "
                           "table definition (CreateTable "
                           "or DescribeTable JSON, CloudFormation, NoSQL "
                           "Workbench)");
  }
  loadTerraformModules();
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
    if (A.Input.Kind != InputKind::Host)
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
    if (A.Input.Kind != InputKind::Host)
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
  std::vector<EnvironmentBinding> Bindings;
  for (const FileAnalysis &A : Analyses) {
    if (!A.File || (A.Input.Kind != InputKind::Yaml &&
                    A.Input.Kind != InputKind::Json))
      continue;
    llvm::SmallString<256> Dir(llvm::sys::path::parent_path(A.Input.Path));
    llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
    std::vector<EnvironmentBinding> B =
        readLambdaEnvironment(*A.File, SM.text(*A.File), Dir);
    Bindings.insert(Bindings.end(), std::make_move_iterator(B.begin()),
                    std::make_move_iterator(B.end()));
  }
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

/// A host-language query that names its table without a keyspace runs in
/// the session's keyspace, which the text does not say. When no keyspace of
/// the schema has a table of that name, the query may well be for a keyspace
/// the schema does not cover: it is not checked (no unknown-table guess).
/// Reads of Cassandra's system keyspaces are not checked either.
/// The table a DML statement names, or null (a batch, DDL, ...).
static const cql::QualifiedName *dmlTable(const cql::Statement &S) {
  if (auto *X = llvm::dyn_cast<cql::SelectStatement>(&S))
    return &X->Table;
  if (auto *X = llvm::dyn_cast<cql::InsertStatement>(&S))
    return &X->Table;
  if (auto *X = llvm::dyn_cast<cql::UpdateStatement>(&S))
    return &X->Table;
  if (auto *X = llvm::dyn_cast<cql::DeleteStatement>(&S))
    return &X->Table;
  return nullptr;
}

/// Whether \p S (or a statement of its batch) reads or writes a table the
/// code creates differently in several places: which one it means is not
/// known, so it is not checked.
static bool onAmbiguousTable(const cql::Statement &S,
                             const std::set<std::string> &Ambiguous) {
  if (Ambiguous.empty())
    return false;
  if (auto *B = llvm::dyn_cast<cql::BatchStatement>(&S))
    return llvm::any_of(B->Children, [&](const auto &C) {
      return onAmbiguousTable(*C, Ambiguous);
    });
  const cql::QualifiedName *Name = dmlTable(S);
  return Name && Ambiguous.count(Name->Name.Name);
}

static bool tableOutsideSchema(const cql::Statement &S,
                               const schema::CqlCatalog &Catalog,
                               const std::set<std::string> &FromCode) {
  if (auto *B = llvm::dyn_cast<cql::BatchStatement>(&S))
    return llvm::any_of(B->Children, [&](const auto &C) {
      return tableOutsideSchema(*C, Catalog, FromCode);
    });
  const cql::QualifiedName *Name = dmlTable(S);
  if (!Name)
    return false;
  // A keyspace only the code creates: the code shows part of its tables.
  std::string Ks = Name->Keyspace ? Name->Keyspace->Name : std::string();
  if (FromCode.count(Ks) &&
      !Catalog.findTable(std::optional<std::string>(Ks), Name->Name.Name))
    return true;
  if (Name->Keyspace) {
    // Cassandra's own keyspaces (system.local, system_schema.tables, ...)
    // are small node-local or virtual tables that drivers and tools read
    // whole by design: not the application's access patterns.
    return isSystemKeyspace(Name->Keyspace->Name);
  }
  if (Catalog.empty())
    return false;
  return Catalog.findTable(std::nullopt, Name->Name.Name) == nullptr;
}

void Run::checkAll() {
  check::CheckOptions CO;
  CO.ScyllaDb = Options.Dialect == cql::CqlDialect::ScyllaDb;
  CO.StrictAllowFiltering = Options.StrictAllowFiltering;
  check::CqlChecker Checker(CqlCatalog, Diags, SM, CO);
  for (const FileAnalysis &A : Analyses) {
    Checker.recordAccessPatterns(A.Cql);
    for (const HostQuery &Q : A.Host)
      Checker.recordAccessPatterns(Q.Script);
  }
  llvm::ThreadPool Pool(llvm::hardware_concurrency(Options.Jobs));
  for (const FileAnalysis &A : Analyses) {
    if (A.Input.IsSchema)
      continue;
    if (!A.Cql.Statements.empty() && A.CqlTrust == extract::SnippetTrust::Full)
      Pool.async([&Checker, &A] { Checker.checkScript(A.Cql); });
    if (!A.Host.empty())
      Pool.async([this, &Checker, &A] {
        // Only a fully known text meets the schema rules: a placeholder in
        // table position would read as an unknown table.
        for (const HostQuery &Q : A.Host) {
          if (Q.Snippet.Trust != extract::SnippetTrust::Full)
            continue;
          std::string Keyspace;
          for (const auto &S : Q.Script.Statements) {
            if (auto *U = llvm::dyn_cast<cql::UseStatement>(S.get())) {
              Keyspace = U->Keyspace.Name;
              continue;
            }
            if ((Keyspace.empty() &&
                 tableOutsideSchema(*S, CqlCatalog, KeyspacesFromCode)) ||
                onAmbiguousTable(*S, AmbiguousCodeTables))
              continue;
            Checker.checkStatement(*S, Keyspace);
          }
        }
      });
  }
  markProjectsWithoutSchema();
  dynamo::DynamoChecker DynamoChecker(DynamoTables, Diags);
  for (const dynamo::RequestFile &F : DynamoRequests)
    Pool.async([&DynamoChecker, &F] { DynamoChecker.checkFile(F); });
  for (const FileAnalysis &A : Analyses)
    if (A.HostRequests && !A.Input.IsSchema)
      Pool.async([&DynamoChecker, &A] { DynamoChecker.checkFile(*A.HostRequests); });
  Pool.wait();
}

/// Files that make a folder a project of its own: a build file, a
/// deployment template, a CDK app.
static bool isProjectFolder(llvm::StringRef Dir) {
  static const char *const Markers[] = {
      "package.json",   "go.mod",         "pom.xml",        "build.gradle",
      "build.gradle.kts", "build.sbt",    "pyproject.toml", "setup.py",
      "requirements.txt", "Cargo.toml",   "cdk.json",       "template.yaml",
      "template.yml",   "template.json",  "serverless.yml", "serverless.yaml",
      "samconfig.toml"};
  for (const char *M : Markers) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, M);
    if (llvm::sys::fs::exists(P))
      return true;
  }
  return false;
}

/// The project a folder belongs to: its nearest ancestor (itself included)
/// that is a project folder; empty (the whole tree) when there is none.
static std::string projectOf(llvm::StringRef Dir,
                             std::map<std::string, std::string> &Cache) {
  llvm::SmallString<256> D(Dir);
  llvm::sys::path::remove_dots(D, /*remove_dot_dot=*/true);
  auto It = Cache.find(std::string(D));
  if (It != Cache.end())
    return It->second;
  std::string Project;
  llvm::SmallString<256> Up(D);
  for (unsigned Level = 0; Level < 32 && !Up.empty() && Up != "/"; ++Level) {
    if (isProjectFolder(Up)) {
      Project = std::string(Up);
      break;
    }
    Up.resize(llvm::sys::path::parent_path(Up).size()); // a prefix of it
  }
  Cache[std::string(D)] = Project;
  return Project;
}

void Run::markProjectsWithoutSchema() {
  // A tree of several projects (a monorepo of samples, services with their
  // own templates): a request whose own project defines no table of the
  // schema names tables of a schema nosqlint did not read; an unknown one
  // is no finding there. A schema given with --schema serves every request.
  if (!Options.Schemas.empty() || DynamoTables.empty())
    return;
  std::map<std::string, std::string> Cache;
  std::set<std::string> WithTables;
  for (const DynamoTable &T : DynamoTables.tables())
    WithTables.insert(projectOf(T.Directory, Cache));
  auto Lacks = [&](llvm::StringRef Dir) {
    std::string P = projectOf(Dir, Cache);
    if (P.empty() || WithTables.count(P))
      return false;
    // A table of an enclosing project (infra/ of the repository root, the
    // code in a package of it) serves it too.
    for (const std::string &W : WithTables)
      if (W.empty() || llvm::StringRef(P).startswith(W + "/"))
        return false;
    return true;
  };
  for (dynamo::RequestFile &F : DynamoRequests)
    F.ProjectLacksSchema = Lacks(F.Directory);
  for (FileAnalysis &A : Analyses)
    if (A.HostRequests)
      A.HostRequests->ProjectLacksSchema = Lacks(A.HostRequests->Directory);
}

unsigned Run::statementCount() const {
  unsigned N = 0;
  for (const dynamo::RequestFile &F : DynamoRequests)
    N += static_cast<unsigned>(F.Requests.size());
  for (const FileAnalysis &A : Analyses) {
    if (A.HostRequests)
      N += static_cast<unsigned>(A.HostRequests->Requests.size());
    N += A.Cql.StatementsSeen;
    for (const HostQuery &Q : A.Host)
      N += Q.Script.StatementsSeen;
  }
  return N;
}

int Run::verify(llvm::ArrayRef<Diagnostic> Sorted) {
  std::vector<Expectation> Expected;
  std::vector<std::string> Problems;
  for (const FileAnalysis &A : Analyses) {
    // A schema file given only for reference reports nothing of its own:
    // its expectations are verified where it is an input (schema-audit/).
    if (!A.File || A.Input.IsSchema)
      continue;
    std::vector<Expectation> E =
        parseExpectations(*A.File, SM.text(*A.File), false, Problems);
    Expected.insert(Expected.end(), E.begin(), E.end());
    // A file that cannot hold comments (JSON) has its expectations beside
    // it, with absolute lines.
    if (auto Sidecar = llvm::MemoryBuffer::getFile(A.Input.Path + ".expect")) {
      std::vector<Expectation> S = parseExpectations(
          *A.File, (*Sidecar)->getBuffer(), /*AbsoluteLinesOnly=*/true, Problems);
      Expected.insert(Expected.end(), S.begin(), S.end());
    }
  }
  for (const std::string &P : Problems)
    Err << "malformed expectation: " << P << "\n";
  bool Ok = verifyDiagnostics(Sorted, Expected, SM, Err) && Problems.empty();
  if (!Ok)
    return ExitFindings;
  Out << "verified " << Expected.size() << " expected diagnostic"
      << (Expected.size() == 1 ? "" : "s") << " in " << Analyses.size()
      << " file" << (Analyses.size() == 1 ? "" : "s") << "\n";
  return ExitClean;
}

int Run::report(llvm::ArrayRef<Diagnostic> Sorted) {
  RunSummary Base;
  Base.Files = static_cast<unsigned>(Analyses.size());
  Base.Statements = statementCount();
  RunSummary Summary = summarize(Sorted, Base);

  EmitOptions EO;
  EO.Color = Options.Color;
  EO.Quiet = Options.Quiet;
  EO.ToolVersion = NOSQLINT_VERSION;
  llvm::SmallString<256> Cwd;
  if (!llvm::sys::fs::current_path(Cwd))
    EO.WorkingDirectory = std::string(Cwd);
  switch (Options.Format) {
  case OutputFormat::Text:
    emitText(Sorted, SM, Summary, EO, Out);
    break;
  case OutputFormat::Json:
    emitJson(Sorted, SM, Summary, EO, Out);
    break;
  case OutputFormat::Sarif:
    emitSarif(Sorted, SM, Summary, EO, Out);
    break;
  }
  Out.flush();

  if (Diags.hasInputErrors())
    return ExitUsageOrInput;
  if (!Options.FailOn)
    return ExitClean;
  for (const Diagnostic &D : Sorted)
    if (D.Level >= *Options.FailOn)
      return ExitFindings;
  return ExitClean;
}

/// A DynamoDB access pattern as an inventory entry.
static InventoryEntry inventoryEntry(const AccessPattern &P,
                                     const SourceManager &SM,
                                     llvm::StringRef Source = "json") {
  InventoryEntry E;
  LineColumn LC = SM.lineColumn(P.Range.File, P.Range.Begin);
  E.Path = SM.path(P.Range.File).str();
  E.Line = LC.Line;
  E.Column = LC.Column;
  E.Dialect = dialectName(P.Lang).str();
  E.Source = Source.str();
  E.Operation = P.Operation;
  E.Table = P.Table;
  E.TableKnown = P.TableKnown;
  E.PartitionKey = P.PartitionKey;
  E.Clustering = P.SortKey;
  E.FullPartitionKey = P.FullPartitionKey;
  if (!P.Index.empty())
    E.Indexes.push_back(P.Index);
  E.Other = P.Other;
  E.Text = P.Text;
  E.Trust = "full";
  return E;
}

/// How `queries` names the family a host request was written with: the
/// Java SDK v1's request classes, its Document API and DynamoDBMapper, the
/// v2 enhanced client, the .NET SDK's DocumentModel and DataModel, the ORMs
/// (PynamoDB, guregu/dynamo); "sdk" for the SDKs' requests otherwise.
static llvm::StringRef hostRequestSource(const FileAnalysis &A,
                                         SourceRange At) {
  llvm::StringRef Sdk;
  uint32_t Size = UINT32_MAX;
  for (const auto &[Range, Name] : A.HostRequestSdks)
    if (Range.Begin <= At.Begin && At.End <= Range.End &&
        Range.End - Range.Begin < Size) {
      Sdk = Name;
      Size = Range.End - Range.Begin;
    }
  return llvm::StringSwitch<llvm::StringRef>(Sdk)
      .Case("aws-sdk-java-v1", "sdk-v1")
      .Case("aws-sdk-java-v1-document", "document-api")
      .Case("aws-sdk-java-v1-mapper", "mapper")
      .Case("aws-sdk-java-v2-enhanced", "enhanced-client")
      .Case("aws-sdk-net-document", "document-api")
      .Case("aws-sdk-net-datamodel", "mapper")
      .Case("pynamodb", "orm")
      .Case("guregu-dynamo", "orm")
      .Default("sdk");
}

int Run::listQueries() {
  std::vector<InventoryEntry> Entries = buildInventory(Analyses, SM, CqlCatalog);
  for (const dynamo::RequestFile &F : DynamoRequests)
    for (const AccessPattern &P : dynamo::accessPatterns(F, DynamoTables))
      Entries.push_back(inventoryEntry(P, SM));
  for (const FileAnalysis &A : Analyses)
    if (A.HostRequests)
      for (const AccessPattern &P :
           dynamo::accessPatterns(*A.HostRequests, DynamoTables))
        Entries.push_back(
            inventoryEntry(P, SM, hostRequestSource(A, P.Range)));
  std::stable_sort(Entries.begin(), Entries.end(),
                   [](const InventoryEntry &A, const InventoryEntry &B) {
                     return std::tie(A.Path, A.Line, A.Column) <
                            std::tie(B.Path, B.Line, B.Column);
                   });
  if (Options.Format == OutputFormat::Json)
    printInventoryJson(Entries, SchemaSources, Out);
  else
    printInventoryText(Entries, SchemaSources, Out);
  Out.flush();
  // Unreadable inputs still fail the run: the list would be incomplete.
  for (const Diagnostic &D : Diags.sorted(SM))
    if (D.Rule == RuleId::InputError) {
      Err << SM.path(D.Range.File) << ": " << D.Message << "\n";
    }
  return Diags.hasInputErrors() ? ExitUsageOrInput : ExitClean;
}

int Run::explainExtraction() {
  // FILE:LINE, or FILE alone for every decision of the file.
  llvm::StringRef Spec = Options.ExplainExtraction;
  unsigned Line = 0;
  auto [Path, LineText] = Spec.rsplit(':');
  if (LineText.empty() || LineText.getAsInteger(10, Line)) {
    Path = Spec;
    Line = 0;
  }
  std::optional<extract::HostLanguage> Lang = extract::hostLanguageForPath(Path);
  if (!Lang) {
    Err << "nosqlint: error: --explain-extraction takes a source file of a "
           "host language (FILE or FILE:LINE)\n";
    return ExitUsageOrInput;
  }
  std::optional<FileId> File = readInputFile(Path.str(), SM, Diags);
  if (!File) {
    for (const Diagnostic &D : Diags.sorted(SM))
      Err << "nosqlint: error: " << D.Message << "\n";
    return ExitUsageOrInput;
  }
  extract::ExtractOptions EO;
  EO.RecordDecisions = true;
  EO.ByShape = !extract::isTestSourcePath(Path);
  extract::FileExtraction X =
      extract::extractFile(*Lang, *File, SM.text(*File), nullptr, EO);
  // The libraries of the directories around it, as a run over the
  // enclosing tree sees them: the current directory when the file is inside
  // it, else the file's directory.
  SubtreeUses Uses;
  std::string Root;
  {
    llvm::SmallString<256> Cwd, Abs(Path);
    llvm::sys::fs::current_path(Cwd);
    llvm::sys::fs::make_absolute(Abs);
    Root = llvm::StringRef(Abs).startswith(Cwd) ? std::string(".")
                                                : llvm::sys::path::parent_path(Path).str();
  }
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef P = It->path();
    llvm::StringRef Name = llvm::sys::path::filename(P);
    if (Name == ".git" || Name == "node_modules") {
      It.no_push();
      continue;
    }
    auto L = extract::hostLanguageForPath(P);
    if (!L)
      continue;
    auto Buffer = llvm::MemoryBuffer::getFile(P);
    if (!Buffer || (*Buffer)->getBufferSize() > Options.MaxFileBytes)
      continue;
    llvm::SmallString<256> Rel(P);
    llvm::sys::path::remove_dots(Rel, true);
    Uses.add(Rel, extract::libraryUse(*L, (*Buffer)->getBuffer()));
  }
  llvm::SmallString<256> Self(Path);
  llvm::sys::path::remove_dots(Self, true);
  NearestUse Package = Uses.nearest(Self);
  unsigned Shown = 0;
  for (const extract::ExtractionDecision &D : X.Decisions) {
    LineColumn Begin = SM.lineColumn(*File, D.Range.Begin);
    LineColumn End = SM.lineColumn(*File, D.Range.End);
    if (Line != 0 && (Line < Begin.Line || Line > End.Line))
      continue;
    bool Taken = D.Taken;
    std::string Reason = D.Reason;
    for (const extract::CqlSnippet &S : X.Snippets)
      if (S.Range.Begin == D.Range.Begin && S.NeedsPackage) {
        Taken = Package.allowsCql();
        Reason += "; " + Package.describe();
      }
    Out << SM.path(*File) << ":" << Begin.Line << ":" << Begin.Column << ": "
        << (Taken ? "taken as CQL" : "not taken") << ": " << Reason << "\n";
    std::string Text = D.Text.substr(0, 200);
    std::replace(Text.begin(), Text.end(), '\n', ' ');
    Out << "    " << Text << (D.Text.size() > 200 ? " ..." : "") << "\n";
    ++Shown;
  }
  if (Shown == 0)
    Out << Spec << ": no string there reads as a statement\n";
  return ExitClean;
}

std::vector<Diagnostic>
Run::withoutSchemaFindings(std::vector<Diagnostic> Sorted) const {
  // A file given only with --schema is the schema for reference: its own
  // findings (hot-partition-key, unbounded-partition, schema-error, ...)
  // are not reported and do not fail the run. Its syntax errors and read
  // errors are: the reference is broken, and the checks rest on it.
  std::set<uint32_t> SchemaOnly;
  for (const FileAnalysis &A : Analyses)
    if (A.File && A.Input.IsSchema)
      SchemaOnly.insert(A.File->Value);
  if (SchemaOnly.empty())
    return Sorted;
  llvm::erase_if(Sorted, [&](const Diagnostic &D) {
    return SchemaOnly.count(D.Range.File.Value) &&
           D.Rule != RuleId::SyntaxError && D.Rule != RuleId::InputError;
  });
  return Sorted;
}

int Run::execute() {
  if (!Options.ExplainExtraction.empty())
    return explainExtraction();
  collectInputs();
  parseAll();
  buildSchema();
  addCodeTables();
  linkEnvironmentTables();
  if (Options.ListQueries)
    return listQueries();
  checkAll();
  std::vector<Diagnostic> Sorted = withoutSchemaFindings(Diags.sorted(SM));
  if (Options.ReportUnusedIgnores) {
    std::vector<Diagnostic> Unused;
    applySuppressions(Sorted, SM, &Unused);
    if (!Unused.empty()) {
      for (Diagnostic &D : Unused)
        Diags.add(std::move(D));
      Sorted = withoutSchemaFindings(Diags.sorted(SM));
      applySuppressions(Sorted, SM);
    }
  } else {
    applySuppressions(Sorted, SM);
  }
  if (Options.Verify)
    return verify(Sorted);
  return report(Sorted);
}

} // namespace

int runDriver(const DriverOptions &Options, llvm::raw_ostream &Out,
              llvm::raw_ostream &Err) {
  Run R(Options, Out, Err);
  return R.execute();
}

} // namespace nosqlint
