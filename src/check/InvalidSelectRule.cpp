//===- InvalidSelectRule.cpp - invalid-query for SELECT -------------------===//
//
// Reports the first reason Cassandra rejects the SELECT (the one it would
// answer with), quoting its message; further reasons become notes. A
// clustering-prefix break is rejected only without ALLOW FILTERING, and the
// message says that ALLOW FILTERING would lift it.
//
//===----------------------------------------------------------------------===//
#include "SelectRules.h"

#include <fmt/format.h>

namespace nosqlint::check {

void checkInvalidSelect(const SelectContext &C) {
  std::vector<const Rejection *> Reasons;
  for (const Rejection &R : C.Analysis.Rejections)
    if (!R.LiftedByAllowFiltering || !C.Select.AllowFiltering)
      Reasons.push_back(&R);
  if (Reasons.empty())
    return;
  const Rejection &First = *Reasons.front();
  std::string Message =
      fmt::format("{} rejects this query: \"{}\"",
                  databaseName(C.analysisOptions()), First.Message);
  if (First.LiftedByAllowFiltering)
    Message += "; ALLOW FILTERING would lift this restriction, at the cost of "
               "filtering";
  DiagnosticBuilder B = C.report(RuleId::InvalidQuery, First.Range, Message);
  for (size_t I = 1; I < Reasons.size(); ++I)
    B.note(Reasons[I]->Range,
           fmt::format("also rejected: \"{}\"", Reasons[I]->Message));
  noteTable(B, *C.Table);
}

} // namespace nosqlint::check
