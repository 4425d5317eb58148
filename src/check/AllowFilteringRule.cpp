//===- AllowFilteringRule.cpp - allow-filtering ---------------------------===//
//
// The statement carries ALLOW FILTERING. Says whether Cassandra needs it and
// what it filters across how many partitions; when it is unnecessary, offers
// a fix-it that removes it. A note, not a warning, when the filtering stays
// inside one partition.
//
//===----------------------------------------------------------------------===//
#include "SelectRules.h"

#include "nosqlint/Basic/SourceManager.h"

#include "llvm/ADT/StringExtras.h"

#include <fmt/format.h>

#include <algorithm>

namespace nosqlint::check {

/// The ALLOW FILTERING clause with the white space before it, for removal.
static SourceRange removalRange(const CqlChecker &Checker, SourceRange R) {
  if (!R.isValid())
    return R;
  llvm::StringRef Text = Checker.sourceManager().text(R.File);
  uint32_t Begin = R.Begin;
  while (Begin > 0 && llvm::isSpace(Text[Begin - 1]) && Text[Begin - 1] != '\n')
    --Begin;
  if (Begin > 0 && Text[Begin - 1] == '\n')
    Begin = R.Begin; // the clause starts its own line: keep the line break
  return {R.File, Begin, R.End};
}

void checkAllowFiltering(const SelectContext &C) {
  const cql::SelectStatement &S = C.Select;
  if (!S.AllowFiltering)
    return;
  const SelectAnalysis &A = C.Analysis;
  bool Rejected = std::any_of(A.Rejections.begin(), A.Rejections.end(),
                              [](const Rejection &R) {
                                return !R.LiftedByAllowFiltering;
                              });
  if (!A.NeedsFiltering && Rejected)
    return; // the statement fails anyway: invalid-query says why
  if (!A.NeedsFiltering) {
    C.report(RuleId::AllowFiltering, S.AllowFilteringRange,
             "ALLOW FILTERING is unnecessary: keys and indexes serve every "
             "restriction of this query")
        .fixIt(removalRange(C.Checker, S.AllowFilteringRange), "");
    return;
  }
  std::string What = A.Unserved.empty() ? "rows" : describeUnserved(C);
  DiagnosticBuilder B = C.report(
      RuleId::AllowFiltering, S.AllowFilteringRange,
      fmt::format("ALLOW FILTERING makes {} read and discard rows: it filters "
                  "on {} {} {}",
                  databaseName(C.analysisOptions()), What,
                  A.Scope == PartitionScope::Known ? "within" : "across",
                  describeScope(C)));
  if (A.singlePartition())
    B.severity(Severity::Note);
  noteTable(B, *C.Table);
}

void checkSelectWithoutSchema(const StatementContext &C,
                              const cql::SelectStatement &S) {
  if (S.AllowFiltering)
    C.report(RuleId::AllowFiltering, S.AllowFilteringRange,
             "ALLOW FILTERING makes Cassandra read and discard rows; without "
             "the table's schema nosqlint cannot tell how many");
  bool NoWhere = S.Where.empty();
  if (NoWhere)
    C.report(RuleId::FullScan, S.Table.Range,
             fmt::format("reads every partition of {}: the query has no WHERE "
                         "clause",
                         S.Table.Name.Name));
  if (NoWhere && isAggregateSelection(S))
    C.report(RuleId::CountAll, firstAggregate(S)->Range,
             "aggregate over every partition of the table: Cassandra reads "
             "the whole table to compute it");
}

} // namespace nosqlint::check
