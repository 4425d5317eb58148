//===- BudgetedTokenStream.h - A bound on ANTLR's work per statement -*- C++ -*-===//
//
// ANTLR's adaptive prediction looks ahead as far as it needs to decide, and
// full-LL prediction can look ahead over the rest of a statement at each of
// its decisions: crafted input makes parse time grow with the square of the
// statement or worse. Every token the parser matches and every token a
// prediction looks ahead over passes through consume(), and the work per
// step is bounded by the grammar and the nesting limit, so a budget on
// consume() calls bounds the whole parse. A statement that exhausts it is
// reported as too complex instead of hanging the run.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_ANTLR_BUDGETEDTOKENSTREAM_H
#define NOSQLINT_ANTLR_BUDGETEDTOKENSTREAM_H

#include "nosqlint/Basic/PredictionBudget.h"

#include "antlr4-runtime.h"

#include <cstddef>
#include <exception>

namespace nosqlint::antlr {

/// Thrown out of the parser when the budget is spent. Not a
/// RecognitionException, so no rule of the generated parser catches it.
struct PredictionBudgetExceeded : std::exception {
  const char *what() const noexcept override {
    return "ANTLR prediction budget exceeded";
  }
};

class BudgetedTokenStream : public antlr4::CommonTokenStream {
public:
  using antlr4::CommonTokenStream::CommonTokenStream;

  /// Allows \p Steps more calls of consume(); 0 means unlimited. Measured
  /// on the test fixtures, the example application and the shared corpus
  /// (2,325 CQL statements), the parser consumed at most 2.3 times a
  /// statement's tokens (147 steps at most): budgets of 100 per token leave
  /// a wide margin and still bound the parse linearly.
  void setBudget(size_t Steps) {
    Budget = Steps;
    Used = 0;
  }
  size_t used() const { return Used; }

  void consume() override {
    if (Budget != 0 && ++Used > Budget)
      throw PredictionBudgetExceeded();
    antlr4::CommonTokenStream::consume();
  }

private:
  size_t Budget = 0;
  size_t Used = 0;
};

} // namespace nosqlint::antlr

#endif
