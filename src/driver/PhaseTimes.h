//===- PhaseTimes.h - How long each phase of a run took ---------*- C++ -*-===//
//
// With NOSQLINT_TIME_REPORT set, a run prints the wall time of each of its
// phases (walk, parse, schema, check, report) to stderr when it ends, as
// clang's -ftime-report does: a measuring aid for issue 20's benchmarks, not
// an interface (the output has no stable form).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_PHASETIMES_H
#define NOSQLINT_DRIVER_PHASETIMES_H

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace nosqlint::driver {

class PhaseTimes {
public:
  PhaseTimes() : Enabled(std::getenv("NOSQLINT_TIME_REPORT") != nullptr) {}

  /// Ends the phase that began at the last mark (or at construction).
  void done(const char *Phase) {
    if (!Enabled)
      return;
    auto Now = std::chrono::steady_clock::now();
    Phases.emplace_back(
        Phase, std::chrono::duration<double, std::milli>(Now - Last).count());
    Last = Now;
  }

  void print(llvm::raw_ostream &Err) const {
    if (!Enabled || Phases.empty())
      return;
    double Total = 0;
    Err << "nosqlint: time:";
    for (const auto &[Phase, Ms] : Phases) {
      Err << " " << Phase << " " << llvm::format("%.0f", Ms) << " ms";
      Total += Ms;
    }
    Err << ", total " << llvm::format("%.0f", Total) << " ms\n";
  }

private:
  bool Enabled;
  std::chrono::steady_clock::time_point Last = std::chrono::steady_clock::now();
  std::vector<std::pair<const char *, double>> Phases;
};

} // namespace nosqlint::driver

#endif
