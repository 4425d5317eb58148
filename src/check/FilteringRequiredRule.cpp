//===- FilteringRequiredRule.cpp - filtering-required ---------------------===//
//
// The statement lacks ALLOW FILTERING and Cassandra refuses it for that
// reason (REQUIRES_ALLOW_FILTERING_MESSAGE). Clustering-prefix breaks, which
// ALLOW FILTERING also lifts but with their own message, are invalid-query.
//
//===----------------------------------------------------------------------===//
#include "SelectRules.h"

#include <fmt/format.h>

namespace nosqlint::check {

void checkFilteringRequired(const SelectContext &C) {
  const SelectAnalysis &A = C.Analysis;
  if (A.FilteringWarning && !C.Select.AllowFiltering && !A.HasAnnOrdering &&
      !A.Clustering.empty()) {
    // ScyllaDB's strict_allow_filtering=warn: the query runs, with a warning
    // (select_statement.cc, needs_allow_filtering_anyway).
    DiagnosticBuilder B = C.report(
        RuleId::FilteringRequired, A.Clustering.front().Source->Range,
        fmt::format("ScyllaDB runs this query without ALLOW FILTERING only "
                    "with a warning: the restriction on clustering column "
                    "'{}' is read in {}",
                    A.Clustering.front().Column->Name, describeScope(C)));
    B.severity(Severity::Warning);
    B.note(SourceRange(),
           "ScyllaDB's warning (strict_allow_filtering=warn): \"This query "
           "should use ALLOW FILTERING and will be rejected in future "
           "versions.\"");
    noteTable(B, *C.Table);
    return;
  }
  if (C.Select.AllowFiltering || !A.NeedsFiltering || A.HasAnnOrdering)
    return;
  for (const Rejection &R : A.Rejections)
    if (R.LiftedByAllowFiltering)
      return; // Cassandra answers with the clustering message instead
  SourceRange Range = A.Unserved.empty() ? C.Select.Table.Range
                                         : A.Unserved.front()->Source->Range;
  DiagnosticBuilder B = C.report(
      RuleId::FilteringRequired, Range,
      fmt::format("{} rejects this query without ALLOW FILTERING: "
                  "{} would be filtered {} {}",
                  databaseName(C.analysisOptions()),
                  A.Unserved.empty() ? "rows" : describeUnserved(C),
                  A.Scope == PartitionScope::Known ? "within" : "across",
                  describeScope(C)));
  B.note(SourceRange(),
         fmt::format("{}'s error: \"{}\"", databaseName(C.analysisOptions()),
                     RequiresAllowFilteringMessage));
  if (A.FilteringByStrictSetting)
    B.note(SourceRange(),
           "ScyllaDB asks for it because strict_allow_filtering is true "
           "(--strict-allow-filtering=on): the clustering restriction is "
           "read in every partition; with warn (its default) it runs the "
           "query with a warning, with off it runs it");
  noteTable(B, *C.Table);
}

} // namespace nosqlint::check
