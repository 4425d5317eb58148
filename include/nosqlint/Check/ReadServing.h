//===- ReadServing.h - What serves a SELECT, as plain facts -----*- C++ -*-===//
//
// The restriction analysis of a SELECT (Cassandra's StatementRestrictions, or
// ScyllaDB's), reduced to what the access-pattern report needs: which
// partitions it pins, whether it reads a clustering range, which index
// serves it, and which restrictions no key or index serves. The rules read
// the full analysis; this is the same result, not a second derivation.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CHECK_READSERVING_H
#define NOSQLINT_CHECK_READSERVING_H

#include "nosqlint/Check/CqlChecker.h"
#include "nosqlint/IR/Cql.h"
#include "nosqlint/Schema/CqlSchema.h"

#include <string>
#include <vector>

namespace nosqlint::check {

struct ReadServing {
  /// Every partition-key column is restricted by = or IN.
  bool PartitionPinned = false;
  /// Partitions read when pinned; 0 with PartitionsKnown false (`IN ?`).
  unsigned Partitions = 0;
  bool PartitionsKnown = true;
  /// A token(...) range: a scan of part of the ring.
  bool TokenRange = false;
  /// Some clustering column is restricted by a slice (a range inside the
  /// partition); every clustering column pinned by = otherwise.
  bool ClusteringSlice = false;
  bool FullPrimaryKey = false;
  /// The index the read goes through, when one does (the first of an SAI
  /// group); null for a read by key alone.
  const schema::CqlIndex *Index = nullptr;
  /// The columns restricted by = or IN in the partition key and the
  /// clustering key, in key order.
  std::vector<std::string> PinnedPartition;
  std::vector<std::string> RestrictedClustering;
  /// Restrictions no key or index serves (what ALLOW FILTERING is for).
  std::vector<std::string> Unserved;
  bool NeedsFiltering = false;
  /// An ORDER BY no clustering key serves.
  bool OrderByUnserved = false;
  /// The database refuses the statement (the first reason).
  std::string Rejection;
};

ReadServing describeReadServing(const cql::SelectStatement &S,
                                const schema::CqlTable &Table,
                                const schema::CqlCatalog &Catalog,
                                const CheckOptions &Options);

} // namespace nosqlint::check

#endif
