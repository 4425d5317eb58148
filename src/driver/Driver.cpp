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

#include "Run.h"

#include "llvm/Support/Threading.h"

#include <algorithm>

namespace nosqlint {

namespace driver {

int Run::execute() {
  if (!Options.ExplainExtraction.empty())
    return explainExtraction();
  int Code = analyze();
  Times.print(Err);
  if (!NothingToAnalyze || Options.Verify)
    return Code;
  // A run that read nothing passes vacuously: a wrong path, an --exclude
  // or .gitignore that leaves out everything.
  Err << "nosqlint: warning: no file to analyze: the inputs hold no file "
         "that nosqlint reads (--verbose says what was skipped)"
      << (Options.AllowEmpty ? "" : "; --allow-empty accepts that") << "\n";
  return Options.AllowEmpty ? Code : std::max<int>(Code, ExitUsageOrInput);
}

int Run::analyze() {
  collectInputs();
  Times.done("walk");
  if (Options.ListFiles) {
    for (const FileAnalysis &A : Analyses)
      if (!A.Input.IsSchema)
        Out << A.Input.Path << "\n";
    return Diags.hasInputErrors() ? ExitUsageOrInput : ExitClean;
  }
  // The result cache: what a run over the same bytes with the same settings
  // and binary printed is printed again (RunCache.cpp).
  // Not after an input error of the walk: that is the file system's state.
  std::optional<CacheKey> Key =
      Diags.hasInputErrors() ? std::nullopt : resultCacheKey();
  if (!Key)
    return analyzeInputs();
  ResultCache Cache(Options.CacheDir, Options.CacheMaxBytes);
  if (std::optional<int> Code = replayCached(Cache, *Key))
    return *Code;
  record(true);
  int Code = analyzeInputs();
  record(false);
  storeCached(Cache, *Key, Code);
  return Code;
}

int Run::analyzeInputs() {
  parseAll();
  Times.done("parse");
  buildSchema();
  addCodeTables();
  linkEnvironmentTables();
  Times.done("schema");
  if (Options.ListQueries)
    return listQueries();
  checkAll();
  Times.done("check");
  if (Options.ListPatterns)
    return listPatterns();
  std::vector<Diagnostic> Sorted =
      suppressed(withoutReferenceFindings(Diags.sorted(
          SM, llvm::hardware_concurrency(Options.Jobs).compute_thread_count())));
  if (!applyRuleSettings(Sorted))
    return ExitUsageOrInput;
  dropUnmappableFixes(Sorted, fixRanges());
  if (Options.Verify)
    return verify(Sorted);
  int Code = report(std::move(Sorted));
  Times.done("report");
  return Code;
}

} // namespace driver

int runDriver(const DriverOptions &Options, llvm::raw_ostream &Out,
              llvm::raw_ostream &Err) {
  if (Options.Fix || Options.Diff)
    return driver::runFixing(Options, Out, Err);
  driver::Run R(Options, Out, Err);
  return R.execute();
}

} // namespace nosqlint
