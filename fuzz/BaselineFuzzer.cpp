//===- BaselineFuzzer.cpp - Baseline files (--baseline) -------------------===//
//
// One baseline file: parsed (every problem is one message naming a
// position), then applied to a finding, as a run with --baseline does.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "Baseline.h"

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::vector<driver::BaselineEntry> Entries;
  std::string Error;
  if (!driver::parseBaseline(fuzz::asText(Data, Size), "baseline.json",
                             Entries, Error)) {
    if (Error.empty())
      __builtin_trap(); // a rejected baseline always says why
    return 0;
  }
  std::vector<Diagnostic> Diags(1);
  Diags[0].Fingerprint = Entries.empty() ? "x" : Entries.front().Fingerprint;
  unsigned Baselined = 0, Gone = 0;
  driver::applyBaseline(Diags, Entries, Baselined, Gone);
  return 0;
}
