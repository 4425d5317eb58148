//===- RunInputs.cpp - Phase 1: read, extract and parse every input -------===//
//
// Collects the inputs, prescans and extracts the host-language files on all
// cores (a file set aside by the prescan is extracted again when a file of
// its package shares constants with it), parses every CQL statement once,
// joins repositories across files and adopts the CQL migrations.
//
//===----------------------------------------------------------------------===//
#include "Run.h"

#include "DialectEvidence.h"
#include "FileReader.h"
#include "InputCollector.h"
#include "NameOccurrences.h"
#include "WrapperReach.h"
#include "SuppressionDirectives.h"
#include "Verifier.h"

#include "nosqlint/Basic/CqlNames.h"
#include "nosqlint/Basic/Nesting.h"
#include "nosqlint/Cql/Parser.h"
#include "nosqlint/Extract/CatalogGate.h"
#include "nosqlint/Extract/GeneratedSources.h"
#include "nosqlint/Extract/ModelTables.h"
#include "nosqlint/Extract/Repositories.h"

#include "llvm/Support/Path.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ThreadPool.h"

#include <map>
#include <memory>
#include <mutex>
#include <set>

namespace nosqlint::driver {

/// The package of a host file: its directory, per language.
std::string packageKey(const InputFile &F) {
  return llvm::sys::path::parent_path(F.Path).str() + '\0' +
         extract::hostLanguageName(F.Host).str();
}
void Run::collectInputs() {
  CollectOptions CO;
  CO.Excludes = Options.Excludes;
  CO.MaxFileBytes = Options.MaxFileBytes;
  CO.ForceExclude = Options.ForceExclude;
  InputCollector Collector(SM, Diags, CO);
  for (const std::string &Path : Options.Schemas)
    Collector.addPath(Path, /*IsSchema=*/true);
  for (const auto &[Path, Text] : Options.Overlays)
    SM.setOverlay(Path, Text);
  for (const std::string &Path : Options.Inputs) {
    if (Path == Options.StdinPath && !Path.empty())
      Collector.addGivenText(Path, Path == Options.StdinAsCql);
    else
      Collector.addPath(Path, /*IsSchema=*/false);
  }
  std::vector<InputFile> Files = Collector.takeFiles();
  Analyses.reserve(Analyses.size() + Files.size());
  for (InputFile &F : Files) {
    if (F.Kind == InputKind::Unknown) {
      // Only explicit files reach here with an unknown kind: a walk keeps
      // the kinds nosqlint reads.
      reportInputError(SM, Diags, F.Path,
                       "cannot analyze '" + F.Path +
                           "': unsupported file type (nosqlint reads .cql "
                           "files, DynamoDB table definitions in .json, "
                           ".yaml, .yml and Terraform .tf files, and CQL "
                           "embedded in .java .kt .scala .py .go .js .ts .cs "
                           "files and in the cqlsh calls of shell scripts and "
                           "Dockerfiles)");
      continue;
    }
    FileAnalysis A;
    A.Input = std::move(F);
    Analyses.push_back(std::move(A));
  }
  for (const std::string &Note : Collector.notes())
    Err << "nosqlint: note: " << Note << "\n";
  if (!Options.DialectGiven && Dialect == cql::CqlDialect::Cassandra)
    if (std::optional<std::string> Why =
            scyllaDbEvidence(Collector.manifests())) {
      Dialect = cql::CqlDialect::ScyllaDb;
      Err << "nosqlint: note: analyzing as ScyllaDB: " << *Why
          << " (--dialect=cassandra to analyze as Cassandra)\n";
    }
  if (Options.Verbose)
    for (const std::string &Skip : Collector.skipped())
      Err << "nosqlint: skipped " << Skip << "\n";
  NothingToAnalyze = llvm::none_of(
      Analyses, [](const FileAnalysis &A) { return !A.Input.IsSchema; });
}

void Run::extractHostFile(FileAnalysis &A,
                          const extract::PackageConstants *Package) {
  A.SetAside = false;
  extract::ExtractOptions EO;
  EO.ByShape = !extract::isTestSourcePath(A.Input.Path);
  EO.RecordStatements = DocumentSession;
  A.Extraction = extract::extractFile(A.Input.Host, *A.File, SM.text(*A.File),
                                      Package, EO);
  A.Uses = A.Extraction->Uses;
  if (A.Extraction->TooDeep && !A.ReportedTooDeep) {
    A.ReportedTooDeep = true; // a file may be extracted twice
    reportInputError(SM, Diags, A.Input.Path,
                     "cannot analyze '" + A.Input.Path +
                         "': its brackets nest more than " +
                         std::to_string(MaxParseNesting) + " levels deep");
  }
}

void Run::prescanHostFile(FileAnalysis &A) {
  A.DeclaresGocqlxModels =
      extract::mayDeclareGocqlxModels(A.Input.Host, SM.text(*A.File));
  // A generator's output is left out altogether, unless it is named on the
  // command line or --include-generated is given: it holds no query written
  // by hand, and reading it costs more than the rest of a tree.
  if (!Options.IncludeGenerated && !A.Input.Explicit &&
      extract::generatedReason(A.Input.Path, SM.text(*A.File))) {
    // Unless it uses a Cassandra or DynamoDB library: then it declares what
    // the hand-written files query (gocqlx schemagen's table models, a
    // mapper's entities), and is read for that alone. Its own findings
    // are not reported (withoutReferenceFindings).
    extract::LibraryUse Uses =
        extract::libraryUse(A.Input.Host, SM.text(*A.File));
    if (Uses.Cql || Uses.DynamoDb) {
      A.GeneratedModels = true;
      extractHostFile(A, nullptr);
      releaseIfNothingFound(A);
      return;
    }
    A.Generated = true;
    A.SetAside = true;
    if (!Options.Verify)
      SM.release(*A.File);
    return;
  }
  if (A.Input.Host == extract::HostLanguage::Go)
    A.Migrate = golangMigrateDrivers(SM.text(*A.File));
  extract::PrescanResult R =
      extract::prescanHostFile(A.Input.Host, SM.text(*A.File));
  A.CassandraLibrary = R.CassandraLibrary;
  if (R.Result == extract::PrescanResult::Parse) {
    A.PassedPrescan = true;
    extractHostFile(A, nullptr);
    releaseIfNothingFound(A);
    return;
  }
  // Set aside, it still tells its package which libraries it uses.
  A.Uses = R.Use;
  A.SetAside = true;
  A.OwnedNearby = R.Result == extract::PrescanResult::IfOwnedNearby;
  A.UsesGocqlxModels = R.UsesGocqlxModels;
  // Its text is freed at once, so memory follows the files that hold
  // queries, not the size of the tree; the few a neighbour turns out to
  // need are read again. (Verify mode reads every file's expectations.)
  if (!Options.Verify)
    SM.release(*A.File);
}

void Run::releaseIfNothingFound(FileAnalysis &A) {
  const extract::FileExtraction &X = *A.Extraction;
  if (Options.Verify || !X.Snippets.empty() || !X.DynamoCalls.empty() ||
      !X.Wrappers.empty() || !X.Repositories.empty() ||
      !X.Functions.empty() || !X.UnresolvedNames.empty() ||
      mentionsNosqlint(SM.text(*A.File)))
    return;
  SM.release(*A.File);
}

bool Run::restoreText(FileAnalysis &A) {
  if (!SM.text(*A.File).empty())
    return true;
  // An editor's buffer is read again from memory, never from disk.
  if (Document && *A.File == Document->first) {
    SM.restore(*A.File, llvm::MemoryBuffer::getMemBufferCopy(
                            Document->second, A.Input.Path));
    return true;
  }
  auto Buffer = openInputBuffer(A.Input.Path, SM);
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
  // The file that declares a class; two (sub-projects, copies): none.
  auto DeclaringFile = [&](const FileAnalysis &A,
                           const std::string &Class) -> FileAnalysis * {
    std::string Rel = Class;
    std::replace(Rel.begin(), Rel.end(), '.', '/');
    Rel += ".java";
    auto It = ByName.find(llvm::sys::path::filename(Rel));
    if (It == ByName.end())
      return nullptr;
    FileAnalysis *Target = nullptr;
    bool Twice = false;
    for (FileAnalysis *T : It->second) {
      llvm::StringRef P(T->Input.Path);
      if (P == Rel || P.endswith("/" + Rel)) {
        Twice |= Target != nullptr;
        Target = T;
      }
    }
    if (!Target || Twice || Target == &A || Target->Generated)
      return nullptr;
    return Target;
  };
  // A file takes its imports' constants when it was parsed, or when a file
  // before it imports its class (then it is extracted for its constants).
  std::set<const FileAnalysis *> Reached;
  auto Importing = [&](const FileAnalysis &A, bool WasSetAside) {
    const extract::FileExtraction &X = extractionOf(A);
    return A.File && (!WasSetAside || Reached.count(&A)) &&
           !X.ImportedClasses.empty() && !X.UnresolvedNames.empty();
  };
  std::set<const FileAnalysis *> SetAside;
  for (const FileAnalysis &A : Analyses)
    if (A.SetAside)
      SetAside.insert(&A);
  // The set-aside files of the classes the parsed files import are
  // extracted first, on all cores.
  std::vector<FileAnalysis *> Targets;
  std::set<FileAnalysis *> Seen;
  for (FileAnalysis &A : Analyses) {
    if (!Importing(A, A.SetAside))
      continue;
    for (const std::string &Class : extractionOf(A).ImportedClasses)
      if (FileAnalysis *T = DeclaringFile(A, Class);
          T && T->SetAside && Seen.insert(T).second)
        Targets.push_back(T);
  }
  {
    llvm::ThreadPool Pool(llvm::hardware_concurrency(Options.Jobs));
    for (FileAnalysis *T : Targets)
      Pool.async([this, T] {
        if (restoreText(*T))
          extractHostFile(*T, nullptr);
      });
    Pool.wait();
  }
  std::map<const FileAnalysis *, extract::PackageConstants> Out;
  for (FileAnalysis &A : Analyses) {
    if (!Importing(A, SetAside.count(&A) != 0))
      continue;
    const extract::FileExtraction &X = extractionOf(A);
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
      FileAnalysis *Target = DeclaringFile(A, Class);
      if (!Target)
        continue;
      Reached.insert(Target);
      // A file extracted for its constants imports classes of its own:
      // theirs are extracted here, in order.
      if (Target->SetAside && !Seen.count(Target) && restoreText(*Target))
        extractHostFile(*Target, nullptr);
      if (Target->SetAside) // its text could not be read again
        continue;
      for (const auto &[Name, Value] : extractionOf(*Target).Constants) {
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
  //
  // A set-aside file spells no statement keyword where a string can begin
  // and names no library API (mayHoldQueries), so a query it builds takes
  // its first word from a constant of another file: one of its package
  // whose value may lend it a keyword (mayLendStatementKeyword), or, in
  // Java, one of a class it imports (importedConstants: in Java any shared
  // name will do). A file that only uses its package's other constants (an
  // id, a timeout, a table's name) yields nothing itself; what its own
  // constants do to the package is kept: it is still parsed when it may
  // declare a name a parsed file declares (the two values may clash, and a
  // clash drops the name) or leaves unresolved, when the application's
  // wrappers may be called from it (their calls read the package's
  // constants), and, round after round, when a file parsed here uses or
  // declares a name it may declare, or declares a constant it uses that may
  // lend a keyword.
  struct PackageNames {
    std::set<std::string> Declared; // constants of the files parsed
    std::set<std::string> Lending;  // those that may lend a keyword
    std::set<std::string> Missing;  // names they did not resolve
  };
  auto AddNames = [](PackageNames &N, const extract::FileExtraction &X) {
    for (const auto &[Name, Value] : X.Constants) {
      N.Declared.insert(Name);
      if (extract::mayLendStatementKeyword(Value))
        N.Lending.insert(Name);
    }
    N.Missing.insert(X.UnresolvedNames.begin(), X.UnresolvedNames.end());
  };
  std::map<std::string, PackageNames> Names;
  WrapperReach Wrappers;
  for (const FileAnalysis &A : Analyses) {
    if (!A.File || A.Input.Kind != InputKind::Host || A.SetAside)
      continue;
    AddNames(Names[packageKey(A.Input)], extractionOf(A));
    Wrappers.add(A);
  }
  // Whether a wrapper of the application may be called from \p A.
  auto MayCallWrappers = [&](const FileAnalysis &A) {
    return !Wrappers.namesCallableFrom(A).empty();
  };
  auto MayDeclareAny = [](const NameOccurrences &Text,
                          const std::set<std::string> &Set) {
    return llvm::any_of(
        Set, [&](const std::string &Name) { return Text.mayDeclare(Name); });
  };
  auto MentionsAny = [](const NameOccurrences &Text,
                        const std::set<std::string> &Set) {
    return llvm::any_of(
        Set, [&](const std::string &Name) { return Text.mentions(Name); });
  };
  // The files that share a name with a parsed file but need not be parsed
  // yet, with their words.
  struct Pending {
    FileAnalysis *A;
    std::unique_ptr<NameOccurrences> Text;
  };
  std::vector<Pending> Waiting;
  std::mutex WaitingLock;
  std::vector<FileAnalysis *> Parsed;
  {
    llvm::ThreadPool Pool(llvm::hardware_concurrency(Options.Jobs));
    for (FileAnalysis &A : Analyses) {
      if (!A.SetAside || A.Generated)
        continue;
      auto N = Names.find(packageKey(A.Input));
      if (N == Names.end())
        continue;
      Parsed.push_back(&A);
      Pool.async([&, &A = A, &Names = N->second] {
        if (!restoreText(A))
          return;
        auto Text = std::make_unique<NameOccurrences>(SM.text(*A.File));
        bool DeclaresMissing = MayDeclareAny(*Text, Names.Missing);
        if (!DeclaresMissing && !MentionsAny(*Text, Names.Declared)) {
          if (!Options.Verify)
            SM.release(*A.File);
          return;
        }
        if (DeclaresMissing || A.Input.Host == extract::HostLanguage::Java ||
            MentionsAny(*Text, Names.Lending) ||
            MayDeclareAny(*Text, Names.Declared) || MayCallWrappers(A)) {
          extractHostFile(A, nullptr);
          return;
        }
        std::lock_guard<std::mutex> Lock(WaitingLock);
        Waiting.push_back({&A, std::move(Text)});
      });
    }
    Pool.wait();
  }
  // Rounds: the names of the files parsed in the last one.
  llvm::erase_if(Parsed, [](const FileAnalysis *A) { return A->SetAside; });
  while (!Waiting.empty() && !Parsed.empty()) {
    std::map<std::string, PackageNames> Round;
    for (const FileAnalysis *A : Parsed)
      AddNames(Round[packageKey(A->Input)], extractionOf(*A));
    std::vector<FileAnalysis *> Next;
    llvm::erase_if(Waiting, [&](const Pending &P) {
      auto N = Round.find(packageKey(P.A->Input));
      if (N == Round.end() ||
          !(MentionsAny(*P.Text, N->second.Lending) ||
            MayDeclareAny(*P.Text, N->second.Missing) ||
            MayDeclareAny(*P.Text, N->second.Declared)))
        return false;
      Next.push_back(P.A);
      return true;
    });
    llvm::ThreadPool Pool(llvm::hardware_concurrency(Options.Jobs));
    for (FileAnalysis *A : Next)
      Pool.async([this, A] { extractHostFile(*A, nullptr); });
    Pool.wait();
    Parsed = std::move(Next);
  }
  if (!Options.Verify)
    for (const Pending &P : Waiting)
      SM.release(*P.A->File);
}

HostQuery Run::parseHostSnippet(extract::CqlSnippet S) {
  cql::ParseOptions PO;
  PO.Dialect = Dialect;
  HostQuery Q;
  // A snippet whose holes stand for query structure is listed, never
  // reported: its syntax errors would be the placeholders'.
  if (S.Trust == extract::SnippetTrust::Opaque) {
    DiagnosticEngine Discard;
    Q.Script = cql::parseScript(S.Text, S.Origin, PO, Discard);
  } else if (S.Source == extract::SnippetSource::Keyword ||
             S.Source == extract::SnippetSource::Config) {
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
  if (!A.Extraction)
    return;
  for (extract::CqlSnippet &S : A.Extraction->Snippets) {
    if (S.NeedsPackage) {
      if (!Package.allowsCql())
        continue;
      S.Reason += "; " + Package.describe();
    }
    A.Host.push_back(parseHostSnippet(std::move(S)));
  }
  buildHostRequests(A);
  A.Functions = std::move(A.Extraction->Functions);
  if (!A.Extraction->Repositories.empty())
    A.Repositories = std::move(A.Extraction->Repositories);
  A.Comments = std::move(A.Extraction->Comments);
  A.HostStatements = std::move(A.Extraction->Statements);
  A.FunctionSpans = std::move(A.Extraction->FunctionSpans);
  A.Extraction.reset();
}

void Run::addRepositoryQueries() {
  // Spring Data repositories: an interface, its entity and the calls on it
  // are in different files; their queries are known once all are read.
  std::vector<extract::RepositoryFacts> Facts;
  std::map<uint32_t, FileAnalysis *> ByFile;
  for (FileAnalysis &A : Analyses) {
    if (!A.File || A.Input.Kind != InputKind::Host)
      continue;
    if (!A.Repositories || A.Repositories->empty())
      continue;
    extract::RepositoryFacts &R = *A.Repositories;
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
  if (!A.Extraction || A.Extraction->DynamoCalls.empty())
    return;
  auto IsDefinition = [](const extract::DynamoCall &C) {
    return C.Operation == "CreateTable" || C.Operation == "UpdateTable";
  };
  bool OnlyTables = llvm::all_of(A.Extraction->DynamoCalls, IsDefinition);
  dynamo::RequestFile F;
  F.File = *A.File;
  F.Directory = llvm::sys::path::parent_path(A.Input.Path).str();
  for (extract::DynamoCall &Call : A.Extraction->DynamoCalls) {
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
    R.EveryPage = Call.EveryPage;
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
    for (const auto &[Name, Value] : extractionOf(A).Constants) {
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
                 llvm::any_of(extractionOf(A).UnresolvedNames,
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
    if (A.File && A.Input.Kind == InputKind::Host && A.Extraction &&
        !A.Extraction->DynamoCalls.empty())
      Requests.push_back({&A.Extraction->DynamoCalls,
                          llvm::sys::path::parent_path(A.Input.Path).str()});
  extract::resolveMapperRequests(Requests);
  // The application's own wrappers of SDK requests, called from other
  // files: each call becomes the requests it builds (RunWrappers.cpp).
  addWrapperRequests(Packages);
  for (FileAnalysis &A : Analyses) {
    if (!A.File || A.Input.Kind != InputKind::Host)
      continue;
    NearestUse Use = Uses.nearest(A.Input.Path);
    Pool.async([this, &A, Use] { parseHostSnippets(A, Use); });
  }
  Pool.wait();
}

void Run::parseFile(FileAnalysis &A) {
  // A.File is set already for an editor's buffer (Workspace.cpp).
  if (A.Input.Kind == InputKind::Build)
    return; // read when a driver's configuration needs it (DriverProfiles.cpp)
  if (A.Input.Kind == InputKind::SqlMigration) {
    // Parsed once the Go files tell which database runs it.
    if (!A.File)
      A.File = A.Input.Explicit ? readInputFile(A.Input.Path, SM, Diags)
                              : readSourceFileQuietly(A.Input.Path, SM);
    return;
  }
  if (A.Input.Kind == InputKind::Shell) {
    parseShellFile(A);
    return;
  }
  if (A.Input.Kind == InputKind::Hocon) {
    parseHoconFile(A);
    return;
  }
  if (A.Input.Kind == InputKind::Host && !A.Input.Explicit) {
    // A walk meets generated, binary and foreign-encoded sources: skipped
    // quietly, they are not the user's queries.
    if (!A.File)
      A.File = readSourceFileQuietly(A.Input.Path, SM);
    if (A.File)
      prescanHostFile(A);
    return;
  }
  if (!A.File)
    A.File = readInputFile(A.Input.Path, SM, Diags);
  if (A.File && A.Input.Kind == InputKind::Host)
    prescanHostFile(A);
  if (A.File && A.Input.Kind == InputKind::Yaml && !A.Input.IsSchema) {
    // A cassandra-stress profile: its DDL and queries are CQL.
    if (std::optional<extract::CqlSnippet> P =
            extract::extractStressProfile(*A.File, SM.text(*A.File))) {
      A.Input.Kind = InputKind::Cql;
      cql::ParseOptions PO;
      PO.Dialect = Dialect;
      A.Cql = cql::parseScript(P->Text, P->Origin, PO, Diags);
      return;
    }
    readYamlCommands(A);
  }
  // A JSON or YAML file is read by the schema load, after every file is
  // parsed (RunSchema.cpp): its text is given back until then, so a tree's
  // many data files (package-lock.json, locales, fixtures) are not all in
  // memory at once. (A language server keeps its few schema files.)
  if (A.File && !Options.Verify && !DocumentSession && A.Host.empty() &&
      (A.Input.Kind == InputKind::Json || A.Input.Kind == InputKind::Yaml))
    SM.release(*A.File);
  if (!A.File || A.Input.Kind != InputKind::Cql)
    return;
  llvm::StringRef Text = SM.text(*A.File);
  unsigned Bom = byteOrderMarkLength(Text);
  cql::ParseOptions PO;
  PO.Dialect = Dialect;
  PO.CqlshScript = true;
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
  joinParsedFiles();
}

void Run::joinParsedFiles() {
  extractOwnedNearby();
  parseHostFiles();
  if (Options.Verbose)
    reportPrescan();
  addRepositoryQueries();
  adoptCqlMigrations();
  addCqlshFiles();
  applySharedClients();
  applyDriverProfiles();
  // Every default is applied: what the code sets at run time is unknown.
  for (FileAnalysis &A : Analyses)
    for (HostQuery &Q : A.Host)
      dropRunTimeFacts(Q.Snippet.Execution);
}

void Run::reportPrescan() {
  unsigned Hosts = 0, Passed = 0, Parsed = 0, Generated = 0;
  for (const FileAnalysis &A : Analyses) {
    if (!A.File || A.Input.Kind != InputKind::Host)
      continue;
    ++Hosts;
    Passed += A.PassedPrescan;
    Parsed += !A.SetAside;
    Generated += A.Generated;
  }
  Err << "nosqlint: prescan: " << Passed << " of " << Hosts
      << " host files passed, " << Parsed - Passed
      << " more parsed for their package, " << Generated
      << " generated files left out\n";
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
      PO.Dialect = Dialect;
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

} // namespace nosqlint::driver
