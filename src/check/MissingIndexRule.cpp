//===- MissingIndexRule.cpp - missing-index -------------------------------===//
//
// A restriction (or an ORDER BY) that no key, index or SAI serves. An error
// when Cassandra rejects the query for it, a warning when ALLOW FILTERING
// hides it. The notes propose the query-first fix: a table keyed for this
// query, and the index that would serve it.
//
//===----------------------------------------------------------------------===//
#include "SelectRules.h"

#include <fmt/format.h>

namespace nosqlint::check {

using schema::ColumnRole;
using schema::CqlColumn;

static void checkUnservedOrdering(const SelectContext &C) {
  const cql::Ordering *O = C.Analysis.OrderByUnserved;
  const CqlColumn *Col = C.Table->column(O->Column.Name);
  if (!Col)
    return;
  DiagnosticBuilder B = C.report(
      RuleId::MissingIndex, O->Range,
      O->AnnOf ? fmt::format("no SAI vector index serves ANN ordering on '{}'",
                             Col->Name)
               : fmt::format("no clustering key serves ORDER BY '{}': "
                             "Cassandra sorts only by clustering columns, in "
                             "their declared order",
                             Col->Name));
  B.severity(Severity::Error);
  if (O->AnnOf) {
    B.note(SourceRange(),
           fmt::format("index it: CREATE INDEX ON {} ({}) USING 'sai';",
                       C.Table->qualifiedName(), Col->Name));
    return;
  }
  std::vector<const CqlColumn *> Pk = C.Table->partitionKey();
  std::string Partition;
  for (size_t I = 0; I < Pk.size(); ++I)
    Partition += (I ? ", " : "") + Pk[I]->Name;
  B.note(SourceRange(),
         fmt::format("query-first: a table clustered by it serves this "
                     "query: CREATE TABLE {}_by_{} (... PRIMARY KEY (({}), {})) "
                     "WITH CLUSTERING ORDER BY ({} {})",
                     C.Table->qualifiedName(), Col->Name, Partition, Col->Name,
                     Col->Name, O->Descending ? "DESC" : "ASC"));
  noteTable(B, *C.Table);
}

void checkMissingIndex(const SelectContext &C) {
  const SelectAnalysis &A = C.Analysis;
  if (A.OrderByUnserved) {
    checkUnservedOrdering(C);
    return;
  }
  if (!A.NeedsFiltering || A.Unserved.empty() || A.HasAnnOrdering)
    return;
  const Restriction &First = *A.Unserved.front();
  const CqlColumn &Col = *First.Column;

  std::string Message;
  if (First.ServingIndex)
    Message = fmt::format("no single index group serves all the restrictions "
                          "({} indexes serve one restriction each): '{}' is "
                          "filtered",
                          C.Checker.options().ScyllaDb ? "ScyllaDB's"
                                                       : "legacy secondary",
                          Col.Name);
  else if (Col.Role == ColumnRole::PartitionKey)
    Message = fmt::format("the partition key of {} is only partly restricted: "
                          "no key or index serves a lookup by '{}' alone",
                          C.Table->qualifiedName(), Col.Name);
  else if (Col.Role == ColumnRole::Clustering &&
           A.Scope != PartitionScope::Known)
    Message = fmt::format("clustering column '{}' is restricted without the "
                          "partition key: no key or index serves a lookup by "
                          "it",
                          Col.Name);
  else if (Col.Role == ColumnRole::Clustering)
    Message = fmt::format("the restriction on clustering column '{}' skips "
                          "part of the clustering key: no key or index serves "
                          "it",
                          Col.Name);
  else if (!C.Table->indexesOn(Col.Name).empty() && !First.ServingIndex)
    Message = fmt::format("the index on '{}' does not serve '{}': no key or "
                          "index serves this restriction",
                          Col.Name, relationOpSpelling(First.Op).str());
  else
    Message = fmt::format("no key or index serves the restriction on '{}'",
                          Col.Name);

  DiagnosticBuilder B =
      C.report(RuleId::MissingIndex, First.Source->Range, Message);
  // Filtering inside one partition the query pins costs at most that
  // partition, as allow-filtering says: a note, not a warning.
  B.severity(!C.Select.AllowFiltering ? Severity::Error
             : A.singlePartition()    ? Severity::Note
                                      : Severity::Warning);

  // The query-first fix: a table partitioned by what the query looks up.
  std::vector<const CqlColumn *> By;
  for (const Restriction *R : A.Unserved)
    if (R->isEqOrIn() &&
        std::find(By.begin(), By.end(), R->Column) == By.end())
      By.push_back(R->Column);
  bool PartitionAlreadyPinned = By.empty() && A.confinedToKnownPartitions();
  // The equality-restricted key columns the query also gives.
  for (const Restriction &R : A.PartitionKey)
    if (R.isEqOrIn() && std::find(By.begin(), By.end(), R.Column) == By.end())
      By.push_back(R.Column);
  if (PartitionAlreadyPinned && !By.empty()) {
    // The query already names its partition: the table it needs keeps that
    // partition key and clusters by what the query restricts inside it.
    std::vector<const CqlColumn *> Inside;
    std::string Suffix = "by";
    for (const CqlColumn *Cl : By)
      Suffix += "_" + Cl->Name;
    for (const Restriction *R : A.Unserved)
      if (R->Column->Role == ColumnRole::Regular &&
          std::find(Inside.begin(), Inside.end(), R->Column) == Inside.end()) {
        Inside.push_back(R->Column);
        Suffix += "_" + R->Column->Name;
      }
    if (!Inside.empty())
      B.note(SourceRange(),
             "query-first: a table with the same partition key, clustered by "
             "what this query restricts inside the partition, serves it with "
             "a clustering range: " +
                 proposeQueryTable(*C.Table, By, Suffix, Inside));
  } else if (!By.empty()) {
    std::string Suffix = "by";
    for (const CqlColumn *Cl : By)
      Suffix += "_" + Cl->Name;
    B.note(SourceRange(),
           "query-first: a table partitioned by what this query looks up "
           "serves it from one partition: " +
               proposeQueryTable(*C.Table, By, Suffix));
  }
  bool IndexExists = !C.Table->indexesOn(Col.Name).empty();
  // A ScyllaDB index serves equalities (and CONTAINS): never LIKE or NOT IN.
  bool Indexable = !C.Checker.options().ScyllaDb ||
                   (First.Op != cql::RelationOp::Like && First.Op != cql::RelationOp::Neq);
  if (!IndexExists && Indexable &&
      (Col.Role != ColumnRole::PartitionKey || C.Table->partitionKey().size() > 1))
    B.note(SourceRange(),
           "or, for an occasional query, an index: " +
               proposeIndex(*C.Table, Col, First.Op, C.Checker.options().ScyllaDb));
  noteTable(B, *C.Table);
}

} // namespace nosqlint::check
