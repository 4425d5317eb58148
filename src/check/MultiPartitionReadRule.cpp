//===- MultiPartitionReadRule.cpp - multi-partition-read ------------------===//
//
// IN on the partition key with more than one value (the coordinator queries
// every listed partition and waits for the slowest), or a secondary-index
// read without the partition key (the coordinator fans out to every node).
//
//===----------------------------------------------------------------------===//
#include "SelectRules.h"

#include <fmt/format.h>

namespace nosqlint::check {

void checkMultiPartitionRead(const SelectContext &C) {
  const SelectAnalysis &A = C.Analysis;
  if (A.Scope == PartitionScope::Known && A.PartitionHasIn &&
      !A.singlePartition()) {
    const Restriction *In = nullptr;
    for (const Restriction &R : A.PartitionKey)
      if (R.Op == cql::RelationOp::In)
        In = &R;
    std::string Count = !A.PartitionCountKnown
                            ? std::string("every partition bound to the IN")
                            : fmt::format("{} partitions", A.PartitionCount);
    DiagnosticBuilder B = C.report(
        RuleId::MultiPartitionRead, In->Source->Range,
        fmt::format("IN on the partition key reads {} through one coordinator, "
                    "which waits for the slowest replica; send one query per "
                    "partition, in parallel",
                    Count));
    noteTable(B, *C.Table);
    return;
  }
  if (A.UsesIndex && A.Scope != PartitionScope::Known) {
    // Cassandra's indexes are local to each node, so every node is asked;
    // a ScyllaDB global index is a table of its own, read first, then each
    // base partition it lists.
    bool Global = false;
    for (const Restriction *R : A.Filter)
      Global |= R->ServingIndex &&
                R->ServingIndex->Kind == schema::IndexKind::ScyllaGlobal;
    DiagnosticBuilder B = C.report(
        RuleId::MultiPartitionRead, scopeRange(C),
        Global ? "secondary-index read without the partition key: ScyllaDB "
                 "reads the index table, then every base partition it lists, "
                 "each on its own replicas"
               : "secondary-index read without the partition key: the "
                 "coordinator fans out to every node of the cluster");
    noteTable(B, *C.Table);
  }
}

} // namespace nosqlint::check
