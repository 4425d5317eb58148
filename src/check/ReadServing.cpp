//===- ReadServing.cpp - What serves a SELECT -----------------------------===//
#include "nosqlint/Check/ReadServing.h"

#include "SelectAnalysis.h"
#include "SelectClauses.h"

#include "llvm/ADT/STLExtras.h"

namespace nosqlint::check {

ReadServing describeReadServing(const cql::SelectStatement &S,
                                const schema::CqlTable &Table,
                                const schema::CqlCatalog &Catalog,
                                const CheckOptions &Options) {
  AnalysisOptions O;
  O.ScyllaDb = Options.ScyllaDb;
  O.StrictAllowFiltering = Options.StrictAllowFiltering;
  O.Types.Keyspace = Catalog.keyspace(Table.Keyspace);
  SelectAnalysis A = analyzeSelect(S, Table, O);
  validateSelectClauses(S, Table, A, O);

  ReadServing R;
  R.PartitionPinned = A.Scope == PartitionScope::Known;
  R.TokenRange = A.Scope == PartitionScope::TokenRange;
  R.Partitions = A.PartitionCount;
  R.PartitionsKnown = A.PartitionCountKnown;
  auto Add = [](std::vector<std::string> &V, const std::string &Name) {
    if (!llvm::is_contained(V, Name))
      V.push_back(Name);
  };
  for (const schema::CqlColumn *C : Table.partitionKey())
    for (const Restriction &X : A.PartitionKey)
      if (X.Column == C && X.isEqOrIn())
        Add(R.PinnedPartition, C->Name);
  unsigned PinnedClustering = 0;
  for (const schema::CqlColumn *C : Table.clustering())
    for (const Restriction &X : A.Clustering)
      if (X.Column == C) {
        Add(R.RestrictedClustering, C->Name);
        if (X.isSlice())
          R.ClusteringSlice = true;
        else if (X.isEqOrIn())
          ++PinnedClustering;
      }
  R.FullPrimaryKey = R.PartitionPinned && !R.ClusteringSlice &&
                     PinnedClustering == Table.clustering().size();
  if (A.UsesIndex)
    for (const std::vector<Restriction> *G :
         {&A.Other, &A.Clustering, &A.PartitionKey})
      for (const Restriction &X : *G)
        if (X.ServingIndex && !R.Index)
          R.Index = X.ServingIndex;
  for (const Restriction *X : A.Unserved)
    if (X->Column)
      Add(R.Unserved, X->Column->Name);
  R.NeedsFiltering = A.NeedsFiltering;
  R.OrderByUnserved = A.OrderByUnserved != nullptr;
  if (!A.Rejections.empty())
    R.Rejection = A.Rejections.front().Message;
  return R;
}

} // namespace nosqlint::check
