//===- Run.h - One run of the analyzer, in phases ---------------*- C++ -*-===//
//
// A run reads and parses every input (RunInputs.cpp), assembles the schemas
// (RunSchema.cpp), checks every statement against them (RunCheck.cpp), then
// reports, verifies or lists (RunReport.cpp). Output order never depends on
// thread timing: results are stored per file and the diagnostics are sorted.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_RUN_H
#define NOSQLINT_DRIVER_RUN_H

#include "Analysis.h"
#include "FixPlan.h"
#include "FixRanges.h"
#include "PhaseTimes.h"
#include "QueryInventory.h"
#include "RecordingStream.h"
#include "ResultCache.h"
#include "SubtreeUses.h"
#include "Suppressions.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Check/GuardrailSettings.h"
#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Driver/Driver.h"
#include "nosqlint/Driver/Workspace.h"
#include "nosqlint/Dynamo/Reader.h"
#include "nosqlint/Extract/Extract.h"
#include "nosqlint/Extract/ShellScripts.h"
#include "nosqlint/Schema/CqlSchemaBuilder.h"
#include "nosqlint/Schema/DynamoSchema.h"
#include "nosqlint/Schema/LambdaEnvironment.h"
#include "nosqlint/Schema/TerraformModule.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace nosqlint::driver {

/// The package of a host file: its directory, per language.
std::string packageKey(const InputFile &F);

struct DataFileRead;

class Run {
public:
  Run(const DriverOptions &Options, llvm::raw_ostream &RealOut,
      llvm::raw_ostream &RealErr)
      : Options(Options), Dialect(Options.Dialect), OutCopy(RealOut, CacheChunk::Stdout, Written),
        ErrCopy(RealErr, CacheChunk::Stderr, Written), Out(OutCopy),
        Err(ErrCopy) {}

  int execute();

  /// A pass of --fix (RunFixes.cpp): choose the fixes of the findings into
  /// \p Plan instead of reporting them.
  void planFixesInto(FixPlan &Plan) { PlanInto = &Plan; }
  /// The report after --fix: its summary counts \p N fixed findings.
  void countFixed(unsigned N) {
    HasFixed = true;
    FixedBefore = N;
  }
  /// A language server's session (Workspace.cpp): the schema files read
  /// and parsed once, then one document at a time checked against them.
  void loadSchemaFiles();
  DocumentReport checkDocument(llvm::StringRef Path, llvm::StringRef Text);
  const SourceManager &sourceManager() const { return SM; }

private:
  /// What parseAll does once every file is parsed: neighbours, packages,
  /// repositories, migrations, cqlsh files.
  void joinParsedFiles();
  /// Every query of the inputs, as `nosqlint queries` lists them.
  std::vector<InventoryEntry> inventory() const;
  /// Forgets the schema of the last check (checkDocument).
  void resetSchema();
  DocumentReport documentReport(FileId File, std::vector<Diagnostic> Sorted);
  /// checkDocument: the schema files are Analyses[0, SchemaFileCount).
  size_t SchemaFileCount = 0;
  /// A language server's session: host files record where their
  /// statements are, for the suppression comment an editor inserts.
  bool DocumentSession = false;
  /// The document checkDocument is checking and its text (restoreText
  /// reads a released text again from it).
  std::optional<std::pair<FileId, llvm::StringRef>> Document;

  int analyze();
  /// What follows collectInputs: parse, check, report or list.
  int analyzeInputs();
  void collectInputs();
  /// The result cache (RunCache.cpp): the key of this run, nothing when it
  /// is not to be cached; the stored run printed again, nothing on a miss;
  /// the recorded output stored.
  std::optional<CacheKey> resultCacheKey();
  std::optional<int> replayCached(const ResultCache &Cache, const CacheKey &Key);
  void storeCached(const ResultCache &Cache, const CacheKey &Key, int Code);
  /// Writes an output file (-o, --write-baseline), and records it for the
  /// cache; false with a message on Err.
  bool writeOutputFile(const std::string &Path, llvm::StringRef Text,
                       llvm::StringRef What);
  void parseAll();
  void parseFile(FileAnalysis &A);
  void extractHostFile(FileAnalysis &A,
                       const extract::PackageConstants *Package);
  void prescanHostFile(FileAnalysis &A);
  /// Frees the text of a host file whose extraction found nothing that
  /// needs it again (no snippet, request, wrapper, repository, Lambda
  /// function, name left to its package, suppression comment): most of
  /// the files the prescan lets through. A later join that needs it
  /// (a wrapper call) reads it anew.
  void releaseIfNothingFound(FileAnalysis &A);
  void extractOwnedNearby();
  void extractSetAsideNeighbours();
  bool restoreText(FileAnalysis &A);
  std::map<const FileAnalysis *, extract::PackageConstants> importedConstants(
      const std::map<std::string, extract::PackageConstants> &Packages);
  void parseHostSnippets(FileAnalysis &A, const NearestUse &Package);
  HostQuery parseHostSnippet(extract::CqlSnippet S);
  void addRepositoryQueries();
  void addWrapperRequests(
      const std::map<std::string, extract::PackageConstants> &Packages);
  void adoptCqlMigrations();
  void parseShellFile(FileAnalysis &A);
  void parseHoconFile(FileAnalysis &A);
  void addShellExtraction(FileAnalysis &A, extract::ShellExtraction X);
  /// A YAML file's cqlsh calls and Cassandra configuration statements.
  void readYamlCommands(FileAnalysis &A);
  /// Fills the facts a statement leaves to its driver's configuration file
  /// from the file that governs it (DriverProfiles.cpp).
  void applyDriverProfiles();
  /// Fills the facts a Node.js statement leaves to a client another module
  /// exports from that client (SharedClients.cpp).
  void applySharedClients();
  void addCqlshFiles();
  /// --verbose: how many host files the prescan let through.
  void reportPrescan();
  int explainExtraction();
  void buildHostRequests(FileAnalysis &A);
  void parseHostFiles();
  void buildSchema();
  /// One data file's DynamoDB tables, requests and Lambda environments.
  void readDataFile(FileAnalysis &A, DataFileRead &R);
  void loadTerraformModules();
  void linkEnvironmentTables();
  void addCodeTables();
  void addHostDdl(schema::CqlFlavor Flavor);
  void markModelMismatches();
  void checkAll();
  /// Reads --guardrails (RunGuardrails.cpp); errors are input-error
  /// findings at their place in the file.
  void loadGuardrails();
  void markProjectsWithoutSchema();
  int verify(llvm::ArrayRef<Diagnostic> Sorted);
  int listQueries();
  /// `nosqlint patterns` (RunPatterns.cpp).
  int listPatterns();
  /// Prints a listing to stdout (\p Path empty) or into \p Path; false
  /// with a message when the file cannot be written.
  bool writeListing(const std::string &Path,
                    llvm::function_ref<void(llvm::raw_ostream &)> Print);
  /// The input errors of a listing (`queries`, `patterns`), on Err.
  void printInputErrors();
  /// Fingerprints and prints \p Findings (sorted), then the exit code.
  int report(std::vector<Diagnostic> Findings);
  /// Where fix-its may edit the inputs (RunFixes.cpp).
  FixRanges fixRanges() const;
  /// Drops and re-grades \p Sorted by the settings of each file; false
  /// (errors printed) when a configuration file has an error.
  bool applyRuleSettings(std::vector<Diagnostic> &Sorted);
  std::vector<Diagnostic> withoutReferenceFindings(std::vector<Diagnostic> Sorted) const;
  unsigned statementCount() const;
  /// The comments and statements of every file with a `nosqlint`
  /// directive, for applySuppressions (RunSuppressions.cpp).
  FileSyntaxMap suppressionSyntax() const;
  std::vector<Diagnostic> suppressed(std::vector<Diagnostic> Sorted);

  const DriverOptions &Options;
  /// The CQL dialect: the options', or the one the tree's dependency
  /// manifests say when no option names it (DialectEvidence.h).
  cql::CqlDialect Dialect;
  /// What the run wrote, for the result cache, and the streams that copy
  /// it there (Out and Err).
  std::vector<CacheChunk> Written;
  RecordingStream OutCopy;
  RecordingStream ErrCopy;
  llvm::raw_ostream &Out;
  llvm::raw_ostream &Err;
  bool Recording = false;
  bool OutputWriteFailed = false;
  /// Each input's size and modification time when the key was made, then
  /// the baseline's (RunCache.cpp).
  std::vector<std::optional<std::pair<uint64_t, int64_t>>> InputStamps;
  /// The server's guardrails (--guardrails), once read.
  std::optional<check::GuardrailSettings> Guardrails;
  void record(bool On) {
    Recording = On;
    OutCopy.record(On);
    ErrCopy.record(On);
  }
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
  /// Statements of a schema history that a later statement of it outdates
  /// (LaterTableChanges.h): not checked against the final schema.
  std::set<const cql::Statement *> OutdatedByLaterDdl;
  /// Which history each keyspace's schema came from (`nosqlint queries`).
  std::vector<std::string> SchemaSources;
  /// The DynamoDB requests of the JSON files that hold them.
  std::vector<dynamo::RequestFile> DynamoRequests;
  /// The Lambda environments of the JSON and YAML inputs (templates that
  /// bind a table's name for a function's code), read by buildSchema while
  /// each file's text is there; linkEnvironmentTables uses them.
  std::vector<EnvironmentBinding> TemplateBindings;
  /// The Terraform modules of the inputs, parsed once for both their tables
  /// and their Lambda environments.
  std::vector<std::unique_ptr<terraform::Module>> TerraformModules;
  /// The inputs hold no file to analyze (schemas aside).
  bool NothingToAnalyze = false;
  /// NOSQLINT_TIME_REPORT's phase times.
  PhaseTimes Times;
  FixPlan *PlanInto = nullptr;
  bool HasFixed = false;
  unsigned FixedBefore = 0;
};

/// --fix, --unsafe-fixes, --diff: passes that fix until nothing is left to
/// fix (at most a few), then the diff, or the files written and the report
/// of what remains (RunFixes.cpp).
int runFixing(const DriverOptions &Options, llvm::raw_ostream &Out,
              llvm::raw_ostream &Err);

} // namespace nosqlint::driver

#endif
