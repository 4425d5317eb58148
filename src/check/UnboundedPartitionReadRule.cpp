//===- UnboundedPartitionReadRule.cpp - unbounded-partition-read ----------===//
//
// A single-partition SELECT of a table with clustering columns, with no LIMIT
// or PER PARTITION LIMIT and nothing that narrows the rows (a clustering
// restriction or an index): it returns the whole partition, however large
// it grows.
//
//===----------------------------------------------------------------------===//
#include "SelectRules.h"

#include <fmt/format.h>

namespace nosqlint::check {

void checkUnboundedPartitionRead(const SelectContext &C) {
  const SelectAnalysis &A = C.Analysis;
  const cql::SelectStatement &S = C.Select;
  std::vector<const schema::CqlColumn *> Ck = C.Table->clustering();
  if (Ck.empty() || A.Scope != PartitionScope::Known ||
      (A.PartitionCountKnown && A.PartitionCount == 0))
    return;
  if (S.Limit || S.PerPartitionLimit || S.Distinct || A.NarrowsClustering ||
      A.UsesIndex || isAggregateSelection(S) ||
      selectsOnlyStaticOrKey(S, *C.Table))
    return;
  std::string Columns;
  for (size_t I = 0; I < Ck.size(); ++I)
    Columns += (I ? ", " : "") + Ck[I]->Name;
  SourceRange Range =
      A.PartitionKey.empty() ? S.Table.Range : A.PartitionKey.front().Source->Range;
  DiagnosticBuilder B = C.report(
      RuleId::UnboundedPartitionRead, Range,
      fmt::format("reads the whole partition: no LIMIT and no restriction on "
                  "the clustering key ({}), so the result grows with the "
                  "partition",
                  Columns));
  B.note(S.Table.Range, fmt::format("bound it: add LIMIT n (and page), or "
                                    "restrict '{}' to a range",
                                    Ck.front()->Name));
  noteTable(B, *C.Table);
}

} // namespace nosqlint::check
