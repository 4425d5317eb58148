//===- CqlTableChecks.cpp - hot-partition-key, unbounded-partition (CQL) --===//
#include "nosqlint/Schema/CqlTableChecks.h"

#include "nosqlint/Basic/CqlNames.h"
#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Schema/KeyHeuristics.h"
#include "nosqlint/Schema/TypeNames.h"

namespace nosqlint::schema {

void checkCqlTableKeys(const CqlTable &Table, DiagnosticEngine &Diags) {
  // Cassandra's own tables (a schema dump's system.hints): not the
  // application's data model.
  if (isSystemKeyspace(Table.Keyspace))
    return;
  std::vector<const CqlColumn *> Pk = Table.partitionKey();
  if (Pk.empty())
    return;
  KeyShape Shape;
  for (const CqlColumn *C : Pk)
    Shape.PartitionKey.push_back({C->Name, describeType(C->Type)});
  for (const CqlColumn *C : Table.clustering())
    Shape.SortKey.push_back({C->Name, describeType(C->Type)});

  auto Report = [&](RuleId Rule, const KeyVerdict &V) {
    size_t Part = std::min<size_t>(V.PartIndex, Pk.size() - 1);
    const CqlColumn *C = Pk[Part];
    // A view's finding is about the view's key: at its own PRIMARY KEY,
    // with the base table's column as a note (the base table's key may be
    // fine).
    if (Table.IsView && Part < Table.ViewPartitionKeyRanges.size()) {
      DiagnosticBuilder B = Diags.report(
          Rule, Dialect::Cql, Table.ViewPartitionKeyRanges[Part], V.message());
      B.note(Table.NameRange,
             "materialized view '" + Table.qualifiedName() + "' declared here");
      if (C->Range.isValid())
        B.note(C->Range, "'" + C->Name + "' is a column of base table '" +
                             Table.BaseTable + "'");
      return;
    }
    Diags.report(Rule, Dialect::Cql, C->Range.isValid() ? C->Range : Table.NameRange,
                 V.message())
        .note(Table.NameRange,
              (Table.IsView ? "materialized view '" : "table '") +
                  Table.qualifiedName() + "' declared here");
  };
  if (std::optional<KeyVerdict> Hot = judgeHotPartitionKey(Shape, Dialect::Cql))
    Report(RuleId::HotPartitionKey, *Hot);
  if (std::optional<KeyVerdict> Unbounded =
          judgeUnboundedPartition(Shape, Dialect::Cql))
    Report(RuleId::UnboundedPartition, *Unbounded);
}

} // namespace nosqlint::schema
