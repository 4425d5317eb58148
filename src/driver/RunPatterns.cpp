//===- RunPatterns.cpp - `nosqlint patterns`: the access-pattern report ---===//
//
// After the checks ran: builds the report (PatternsBuilder.h), compares it
// with an earlier one (--against), and writes it in each format asked for.
// Exit code: 2 for an unreadable input or --against file, 1 when --against
// finds an access pattern no key or index serves that the earlier report
// did not have, 0 otherwise (a report is no verdict on its own).
//
//===----------------------------------------------------------------------===//
#include "PatternsBuilder.h"
#include "Run.h"

#include "nosqlint/Patterns/Emitters.h"
#include "nosqlint/Patterns/ReportDiff.h"

#include "llvm/Support/MemoryBuffer.h"

namespace nosqlint::driver {

int Run::listPatterns() {
  check::CheckOptions CO;
  CO.ScyllaDb = Dialect == cql::CqlDialect::ScyllaDb;
  CO.StrictAllowFiltering = Options.StrictAllowFiltering;
  std::vector<Diagnostic> Findings = Diags.sorted(SM);
  PatternSources Sources{Analyses,   DynamoRequests, SM, CqlCatalog,
                         DynamoTables, Findings,     CO};
  patterns::PatternReport Report = buildPatternReport(Sources);

  if (!Options.PatternsAgainst.empty()) {
    auto Buffer = llvm::MemoryBuffer::getFile(Options.PatternsAgainst);
    if (!Buffer) {
      Err << "nosqlint: error: cannot read --against report '"
          << Options.PatternsAgainst << "': " << Buffer.getError().message()
          << "\n";
      return ExitUsageOrInput;
    }
    patterns::BaseReport Base;
    std::string Error;
    if (!patterns::readBaseReport((*Buffer)->getBuffer(), Base, Error)) {
      Err << "nosqlint: error: " << Options.PatternsAgainst << ": " << Error
          << "\n";
      return ExitUsageOrInput;
    }
    patterns::diffAgainst(Base, Options.PatternsAgainst, Report);
  }

  std::vector<DriverOptions::PatternOutput> Outputs = Options.PatternOutputs;
  if (Outputs.empty())
    Outputs.push_back({"text", std::string()});
  bool WriteFailed = false;
  for (const DriverOptions::PatternOutput &O : Outputs)
    WriteFailed |= !writeListing(O.Path, [&](llvm::raw_ostream &OS) {
      patterns::emitPatterns(patterns::parsePatternsFormat(O.Format).value_or(
                                 patterns::PatternsFormat::Text),
                             Report, OS);
    });
  Out.flush();
  printInputErrors();
  if (Diags.hasInputErrors() || WriteFailed)
    return ExitUsageOrInput;
  return Report.Diff && !Report.Diff->NewUnserved.empty() ? ExitFindings
                                                          : ExitClean;
}

} // namespace nosqlint::driver
