//===- FullScanRule.cpp - full-scan ---------------------------------------===//
//
// A read not confined to known partitions: no WHERE, a partition key not
// fully restricted by = or IN, a token() range, or an index query without
// the partition key. Reported whenever the read's shape is known, rejected
// statements included.
//
//===----------------------------------------------------------------------===//
#include "SelectRules.h"

#include <fmt/format.h>

namespace nosqlint::check {

void checkFullScan(const SelectContext &C) {
  const SelectAnalysis &A = C.Analysis;
  if (A.confinedToKnownPartitions())
    return;
  std::string Table = C.Table->qualifiedName();
  std::string Message;
  if (C.Select.Where.empty())
    Message = fmt::format("reads every partition of {}: the query has no WHERE "
                          "clause",
                          Table);
  else if (A.Scope == PartitionScope::TokenRange)
    Message = fmt::format("scans a token range of {}: every partition in the "
                          "range is read",
                          Table);
  else if (A.UsesIndex)
    Message = fmt::format("queries a secondary index of {} without the "
                          "partition key: the index of every node is read",
                          Table);
  else
    Message = fmt::format("reads every partition of {}: the partition key is "
                          "not fully restricted by = or IN",
                          Table);
  DiagnosticBuilder B = C.report(RuleId::FullScan, scopeRange(C), Message);
  noteTable(B, *C.Table);
}

} // namespace nosqlint::check
