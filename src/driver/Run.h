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
#include "RecordingStream.h"
#include "ResultCache.h"
#include "SubtreeUses.h"
#include "Suppressions.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Check/GuardrailSettings.h"
#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Driver/Driver.h"
#include "nosqlint/Dynamo/Reader.h"
#include "nosqlint/Extract/Extract.h"
#include "nosqlint/Schema/CqlSchemaBuilder.h"
#include "nosqlint/Schema/DynamoSchema.h"
#include "nosqlint/Schema/TerraformModule.h"

#include "llvm/ADT/ArrayRef.h"
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

class Run {
public:
  Run(const DriverOptions &Options, llvm::raw_ostream &RealOut,
      llvm::raw_ostream &RealErr)
      : Options(Options), OutCopy(RealOut, CacheChunk::Stdout, Written),
        ErrCopy(RealErr, CacheChunk::Stderr, Written), Out(OutCopy),
        Err(ErrCopy) {}

  int execute();

private:
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
  void addCqlshFiles();
  /// --verbose: how many host files the prescan let through.
  void reportPrescan();
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
  /// Reads --guardrails (RunGuardrails.cpp); errors are input-error
  /// findings at their place in the file.
  void loadGuardrails();
  void markProjectsWithoutSchema();
  int verify(llvm::ArrayRef<Diagnostic> Sorted);
  int listQueries();
  int report(llvm::ArrayRef<Diagnostic> Sorted);
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
  /// Which history each keyspace's schema came from (`nosqlint queries`).
  std::vector<std::string> SchemaSources;
  /// The DynamoDB requests of the JSON files that hold them.
  std::vector<dynamo::RequestFile> DynamoRequests;
  /// The Terraform modules of the inputs, parsed once for both their tables
  /// and their Lambda environments.
  std::vector<std::unique_ptr<terraform::Module>> TerraformModules;
  /// The inputs hold no file to analyze (schemas aside).
  bool NothingToAnalyze = false;
};

} // namespace nosqlint::driver

#endif
