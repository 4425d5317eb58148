//===- PatternsReportFuzzer.cpp - `patterns --against` reports ------------===//
//
// One earlier report: read (a rejected one always says why), then compared
// with a small report, and the result rendered in every format.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "nosqlint/Patterns/Emitters.h"
#include "nosqlint/Patterns/ReportDiff.h"

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  patterns::BaseReport Base;
  std::string Error;
  if (!patterns::readBaseReport(fuzz::asText(Data, Size), Base, Error)) {
    if (Error.empty())
      __builtin_trap();
    return 0;
  }
  patterns::PatternReport R;
  patterns::DataObject T;
  T.Id = T.Table = T.Name = "ks.t";
  T.Dialect = "cql";
  R.Objects.push_back(T);
  patterns::Read X;
  X.Dialect = "cql";
  X.Table = X.Object = "ks.t";
  X.How = patterns::Served::FullScan;
  X.Unserved = true;
  R.Reads.push_back(X);
  patterns::computeFindings(R);
  patterns::diffAgainst(Base, "base.json", R);
  for (patterns::PatternsFormat F :
       {patterns::PatternsFormat::Text, patterns::PatternsFormat::Json,
        patterns::PatternsFormat::Markdown, patterns::PatternsFormat::Html}) {
    std::string Out;
    llvm::raw_string_ostream OS(Out);
    patterns::emitPatterns(F, R, OS);
  }
  return 0;
}
