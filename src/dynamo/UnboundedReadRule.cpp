//===- UnboundedReadRule.cpp - unbounded-partition-read -------------------===//
//
// A Query that pins the partition key of a table or index with a sort key,
// with no sort-key condition and no Limit, pages through the whole item
// collection of that key, however large it has grown. Hash-only tables and
// indexes hold one item per key and never get it. A Limit counts even when
// computed at run time; open parameters may hold one, and a key condition
// with an attribute computed at run time may constrain the sort key.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

void checkUnboundedRead(const RequestContext &C) {
  const Request &R = C.R;
  if (R.Op != Operation::Query || !C.Keys || !C.Keys->hasSortKey() ||
      !R.surelyAbsent("Limit"))
    return;
  const KeyConditionAnalysis &A = C.KeyAnalysis;
  if (!A.Present || !A.Problems.empty() || A.Incomplete ||
      !A.pinsPartition(*C.Keys) ||
      A.constrainsSort(*C.Keys))
    return;
  for (const KeyTerm &T : A.Terms)
    if (!C.Keys->contains(T.Attribute))
      return; // invalid anyway; not a single-collection read
  const DynamoKeyAttribute *Sort = C.Keys->sortKey();
  C.report(RuleId::UnboundedPartitionRead, A.Range,
           fmt::format("Query pins the partition key of {} but sets no "
                       "condition on its sort key '{}' and no Limit: it pages "
                       "through the whole item collection, which grows "
                       "without bound",
                       C.target(), Sort->Name))
      .note(Sort->Range,
            fmt::format("bound the read with a condition on '{}' (a time "
                        "window, begins_with on a prefix) or a Limit with "
                        "ScanIndexForward for the latest items",
                        Sort->Name));
}

} // namespace nosqlint::dynamo
