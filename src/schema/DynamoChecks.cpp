//===- DynamoChecks.cpp - Key checks on DynamoDB tables and indexes -------===//
//
// hot-partition-key and unbounded-partition (through the dialect-neutral
// KeyHeuristics) on the table and each index, and item-collection-limit on
// tables with a local secondary index. A local index shares the table's
// partition key, so it is judged for hot-partition-key only with the table,
// and for unbounded-partition only when its sort key changes the verdict.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Schema/DynamoSchema.h"
#include "nosqlint/Schema/KeyHeuristics.h"

namespace nosqlint {

namespace {

KeyShape shapeOf(const DynamoKeySchema &Keys) {
  KeyShape Shape;
  for (const DynamoKeyAttribute &A : Keys.Hash)
    Shape.PartitionKey.push_back({A.Name, dynamoScalarTypeName(A.Type).str()});
  for (const DynamoKeyAttribute &A : Keys.Range)
    Shape.SortKey.push_back({A.Name, dynamoScalarTypeName(A.Type).str()});
  return Shape;
}

std::string subject(const DynamoTable &Table, const DynamoIndex *Index) {
  if (!Index)
    return "table '" + Table.Name + "'";
  return std::string(Index->isGlobal() ? "global" : "local") +
         " secondary index '" + Index->Name + "' of table '" + Table.Name + "'";
}

/// Runs both heuristics on one key; returns true if unbounded-partition fired.
bool judge(const DynamoTable &Table, const DynamoIndex *Index,
           const DynamoKeySchema &Keys, bool CheckHot, DiagnosticEngine &Diags) {
  if (Keys.Hash.empty())
    return false;
  KeyShape Shape = shapeOf(Keys);
  if (CheckHot)
    if (std::optional<KeyVerdict> V =
            judgeHotPartitionKey(Shape, Dialect::DynamoDb)) {
      DiagnosticBuilder B = Diags.report(RuleId::HotPartitionKey,
                                         Dialect::DynamoDb,
                                         Keys.Hash[V->PartIndex].Range,
                                         subject(Table, Index) + ": " +
                                             V->message());
      // An index's key is its own: the base table is context.
      if (Index && (Table.NameRange.isValid() || Table.Range.isValid()))
        B.note(Table.NameRange.isValid() ? Table.NameRange : Table.Range,
               "base table '" + Table.Name + "' declared here");
    }
  if (std::optional<KeyVerdict> V =
          judgeUnboundedPartition(Shape, Dialect::DynamoDb)) {
    Diags
        .report(RuleId::UnboundedPartition, Dialect::DynamoDb,
                Keys.Hash[V->PartIndex].Range,
                subject(Table, Index) + ": " + V->message())
        .note(Keys.Range.front().Range,
              "'" + Keys.Range.front().Name + "' orders the items here");
    return true;
  }
  return false;
}

} // namespace

void checkDynamoTableKeys(const DynamoTable &Table, DiagnosticEngine &Diags) {
  bool TableUnbounded =
      judge(Table, nullptr, Table.Keys, /*CheckHot=*/true, Diags);
  for (const DynamoIndex &I : Table.GlobalIndexes)
    judge(Table, &I, I.Keys, /*CheckHot=*/true, Diags);
  if (!TableUnbounded)
    for (const DynamoIndex &I : Table.LocalIndexes)
      judge(Table, &I, I.Keys, /*CheckHot=*/false, Diags);

  if (!Table.LocalIndexes.empty()) {
    const DynamoIndex &First = Table.LocalIndexes.front();
    const DynamoKeyAttribute *PK = Table.Keys.partitionKey();
    Diags
        .report(RuleId::ItemCollectionLimit, Dialect::DynamoDb,
                First.NameRange.isValid() ? First.NameRange : First.Range,
                subject(Table, &First) +
                    " limits each partition key value" +
                    (PK ? " ('" + PK->Name + "')" : std::string()) +
                    " to 10 GB of items across the table and its local "
                    "indexes; writes to a full item collection fail. Keep "
                    "item collections small, or use a global secondary index, "
                    "which has no such limit")
        .note(PK ? PK->Range : Table.Range,
              "the partition key whose item collections are limited");
  }
}

} // namespace nosqlint
