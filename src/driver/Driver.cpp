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
#include "Suppressions.h"

namespace nosqlint {

namespace driver {

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
  if (!applyRuleSettings(Sorted))
    return ExitUsageOrInput;
  if (Options.Verify)
    return verify(Sorted);
  return report(Sorted);
}

} // namespace driver

int runDriver(const DriverOptions &Options, llvm::raw_ostream &Out,
              llvm::raw_ostream &Err) {
  driver::Run R(Options, Out, Err);
  return R.execute();
}

} // namespace nosqlint
