//===- SelectAnalysis.h - What Cassandra makes of a SELECT -----*- C++ -*-===//
//
// Classifies the WHERE relations of a statement bound to its table the way
// Cassandra's StatementRestrictions does: partition key, clustering columns,
// other columns; decides which restrictions an index serves, whether the read
// is confined to known partitions, whether it needs ALLOW FILTERING, and every
// reason Cassandra would reject it. The rules read this result; none of them
// re-derive it.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CHECK_SELECTANALYSIS_H
#define NOSQLINT_CHECK_SELECTANALYSIS_H

#include "LiteralTypes.h"

#include "nosqlint/Check/StrictAllowFiltering.h"
#include "nosqlint/IR/Cql.h"
#include "nosqlint/Schema/CqlSchema.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::check {

/// One column's restriction, taken from a relation.
struct Restriction {
  const schema::CqlColumn *Column = nullptr;
  const cql::Relation *Source = nullptr;
  cql::RelationOp Op = cql::RelationOp::Eq;
  bool MultiColumn = false;
  /// The index that can serve this restriction, if any.
  const schema::CqlIndex *ServingIndex = nullptr;

  bool isEqOrIn() const {
    return Op == cql::RelationOp::Eq || Op == cql::RelationOp::In;
  }
  bool isSlice() const {
    return Op == cql::RelationOp::Lt || Op == cql::RelationOp::Le ||
           Op == cql::RelationOp::Gt || Op == cql::RelationOp::Ge;
  }
};

enum class PartitionScope {
  Known,     // every partition-key column restricted by = or IN
  TokenRange,// token(...) restrictions: a scan of a token range
  Filtered,  // some partition-key restriction, not a complete one
  All,       // no partition-key restriction at all
};

/// Why Cassandra rejects the statement (Cassandra's own message) and where.
struct Rejection {
  std::string Message;
  SourceRange Range;
  /// A rejection that ALLOW FILTERING would lift (clustering prefix breaks).
  bool LiftedByAllowFiltering = false;
};

enum class IndexGroupKind { None, Legacy, Sai };

struct SelectAnalysis {
  const schema::CqlTable *Table = nullptr;
  std::vector<Restriction> PartitionKey;
  std::vector<Restriction> Clustering;
  std::vector<Restriction> Other;
  std::vector<const cql::Relation *> TokenRelations;

  PartitionScope Scope = PartitionScope::All;
  /// Number of partitions read when Scope is Known and PartitionCountKnown
  /// (0 for `IN ()`, which reads nothing).
  unsigned PartitionCount = 0;
  /// False for a bound IN list (`IN ?`): the count is only known at run time.
  bool PartitionCountKnown = true;
  bool PartitionHasIn = false;

  /// The clustering restrictions form a valid prefix (= / IN then at most one
  /// slice, no gap, no CONTAINS).
  bool ClusteringIsPrefix = true;
  /// Some clustering column is restricted (narrows a partition).
  bool NarrowsClustering = false;

  bool UsesIndex = false;
  /// Restrictions Cassandra would evaluate as a row filter.
  std::vector<const Restriction *> Filter;
  /// Whether the query needs ALLOW FILTERING (evaluated as if absent).
  bool NeedsFiltering = false;
  /// Restrictions that no key and no index serve (why filtering is needed).
  std::vector<const Restriction *> Unserved;

  std::vector<Rejection> Rejections;
  /// ScyllaDB (strict_allow_filtering=warn) runs the query without ALLOW
  /// FILTERING but warns that it should carry it.
  bool FilteringWarning = false;
  /// ScyllaDB (strict_allow_filtering=true) asks for ALLOW FILTERING only
  /// because the query reads a clustering slice in every partition.
  bool FilteringByStrictSetting = false;
  /// Rejections Cassandra makes only when it runs the statement (literal
  /// nulls in key or filtered restrictions): reported when nothing refuses
  /// the statement before.
  std::vector<Rejection> AtExecution;

  /// ORDER BY ... ANN OF: vector search, served by an SAI vector index.
  bool HasAnnOrdering = false;
  /// An ORDER BY no clustering key serves (for missing-index).
  const cql::Ordering *OrderByUnserved = nullptr;

  bool confinedToKnownPartitions() const {
    return Scope == PartitionScope::Known;
  }
  bool singlePartition() const {
    return Scope == PartitionScope::Known && PartitionCountKnown &&
           PartitionCount <= 1;
  }
};

struct AnalysisOptions {
  bool ScyllaDb = false;
  ScyllaStrictAllowFiltering StrictAllowFiltering =
      ScyllaStrictAllowFiltering::Warn;
  /// The user-defined types the table's values can be of (UDT literals).
  TypeScope Types;
};

/// "Cassandra" or "ScyllaDB", for messages that say who rejects what.
inline const char *databaseName(const AnalysisOptions &O) {
  return O.ScyllaDb ? "ScyllaDB" : "Cassandra";
}

/// Analyzes the WHERE clause of a SELECT (also used for the WHERE of views);
/// under Options.ScyllaDb, with ScyllaDB's rules (ScyllaRestrictions.h).
SelectAnalysis analyzeSelect(const cql::SelectStatement &S,
                             const schema::CqlTable &Table,
                             const AnalysisOptions &Options);

/// Analyzes WHERE relations for key coverage only (UPDATE/DELETE), with
/// Cassandra's rules (ScyllaDB's: analyzeScyllaWhere).
SelectAnalysis analyzeWhere(const std::vector<cql::Relation> &Where,
                            const schema::CqlTable &Table,
                            const AnalysisOptions &Options);

/// The index (if any) of \p Table that serves \p Op on \p Column.
const schema::CqlIndex *servingIndex(const schema::CqlTable &Table,
                                     const schema::CqlColumn &Column,
                                     cql::RelationOp Op, bool MapElement);

llvm::StringRef relationOpSpelling(cql::RelationOp Op);

/// `<`, `<=`, `>`, `>=`: a slice (both dialects' restriction rules).
bool isSliceOp(cql::RelationOp Op);

/// With ALLOW FILTERING, the clustering restrictions that do not continue the
/// clustering prefix are evaluated as a row filter, which a multi-column
/// slice cannot be (ClusteringColumnRestrictions.addRowFilterTo): adds that
/// execution-time rejection to \p A.
void noteMultiColumnSliceFilters(const schema::CqlTable &Table,
                                 SelectAnalysis &A);

} // namespace nosqlint::check

#endif
