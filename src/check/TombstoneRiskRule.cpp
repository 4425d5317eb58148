//===- TombstoneRiskRule.cpp - tombstone-risk -----------------------------===//
//
// Writes that create tombstones at volume: a null written to a column (a cell
// tombstone), INSERT JSON without DEFAULT UNSET (every missing column becomes
// a null), a whole non-frozen collection overwritten (a range tombstone
// before the new elements), and range deletes. Reads that meet more than
// tombstone_warn_threshold (1000) tombstones warn, and past
// tombstone_failure_threshold (100000) they fail.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include <fmt/format.h>

namespace nosqlint::check {

using namespace nosqlint::cql;
using schema::CqlColumn;

static bool isCollectionLiteral(const Term &T) {
  return T.Kind == Term::List || T.Kind == Term::Set || T.Kind == Term::Map;
}

static const CqlColumn *columnOf(const StatementContext &C,
                                 const Identifier &Id) {
  return C.Table ? C.Table->column(Id.Name) : nullptr;
}

static void checkInsertTombstones(const StatementContext &C,
                                  const InsertStatement &S) {
  if (S.Json && S.JsonDefault != InsertStatement::DefaultUnset) {
    C.report(RuleId::TombstoneRisk, S.JsonValue ? S.JsonValue->Range : S.Range,
             "INSERT JSON writes null, a tombstone, for every column missing "
             "from the JSON; add DEFAULT UNSET to leave them untouched");
    return;
  }
  for (size_t I = 0; I < S.Columns.size() && I < S.Values.size(); ++I) {
    const Term &V = S.Values[I];
    const CqlColumn *Key = columnOf(C, S.Columns[I]);
    if (V.isNull() && Key && Key->isPrimaryKey())
      continue; // no tombstone: Cassandra refuses a null key (invalid-query)
    if (V.isNull()) {
      C.report(RuleId::TombstoneRisk, V.Range,
               fmt::format("writing null to '{}' creates a tombstone; leave the "
                           "column out of the INSERT (or bind it unset) "
                           "instead",
                           S.Columns[I].Name));
      return;
    }
    const CqlColumn *Col = columnOf(C, S.Columns[I]);
    if (Col && Col->Type.isCollection() && !Col->Type.Frozen &&
        isCollectionLiteral(V)) {
      C.report(RuleId::TombstoneRisk, V.Range,
               fmt::format("inserting a whole non-frozen collection into '{}' "
                           "writes a range tombstone before its elements; "
                           "declare it frozen if it is always written whole, "
                           "or add elements with UPDATE ... SET {} = {} + ...",
                           Col->Name, Col->Name, Col->Name));
      return;
    }
  }
}

static void checkUpdateTombstones(const StatementContext &C,
                                  const UpdateStatement &S) {
  for (const Assignment &A : S.Assignments) {
    if ((A.Kind == Assignment::Set || A.Kind == Assignment::SetElement ||
         A.Kind == Assignment::SetField) &&
        A.Value.isNull()) {
      C.report(RuleId::TombstoneRisk, A.Range,
               fmt::format("setting '{}' to null creates a tombstone; leave it "
                           "out of the SET (or bind it unset) unless deleting "
                           "it is the intent",
                           A.Column.Name));
      return;
    }
    const CqlColumn *Col = columnOf(C, A.Column);
    if (A.Kind == Assignment::Set && Col && Col->Type.isCollection() &&
        !Col->Type.Frozen) {
      C.report(RuleId::TombstoneRisk, A.Range,
               fmt::format("overwriting the whole collection '{}' writes a "
                           "range tombstone before the new elements; use "
                           "{} = {} + ... to add, or {} = {} - ... to remove "
                           "elements",
                           Col->Name, Col->Name, Col->Name, Col->Name,
                           Col->Name));
      return;
    }
  }
}

static void checkDeleteTombstones(const StatementContext &C,
                                  const DeleteStatement &S) {
  if (!C.Table)
    return;
  std::vector<const CqlColumn *> Ck = C.Table->clustering();
  if (Ck.empty())
    return;
  // Consuming: deleting one row at a time by its full key (a range delete
  // is reported as such below).
  auto Consumes = [&] {
    if (!S.Targets.empty())
      return false;
    size_t Eq = 0;
    for (const Relation &R : S.Where)
      for (const Identifier &Id : R.Columns) {
        const CqlColumn *Col = C.Table->column(Id.Name);
        if (Col && Col->Role == schema::ColumnRole::Clustering &&
            R.Op == RelationOp::Eq && R.Target == Relation::Column)
          ++Eq;
      }
    return Eq == Ck.size();
  };
  if (const SelectStatement *Consumer = C.Checker.queueRead(C.Table);
      Consumer && Consumes()) {
    C.report(RuleId::TombstoneRisk, S.Range,
             fmt::format("{} is used as a queue: rows are read from the head "
                         "of the partition and then deleted, so every read "
                         "scans the tombstones of all consumed rows until "
                         "compaction (warnings past 1000, failures past "
                         "100000); give each batch of work its own partition "
                         "(a time bucket) and drop or expire it whole with a "
                         "TTL",
                         C.Table->qualifiedName()))
        .note(Consumer->Range, "the consumer reads the head of the partition "
                               "here");
    return;
  }
  // A range delete: clustering given partly, or as a slice.
  bool Slice = false;
  size_t Eq = 0;
  for (const Relation &R : S.Where) {
    if (R.Target != Relation::Column && R.Target != Relation::ColumnTuple)
      continue;
    for (const Identifier &Id : R.Columns) {
      const CqlColumn *Col = C.Table->column(Id.Name);
      if (!Col || Col->Role != schema::ColumnRole::Clustering)
        continue;
      if (R.Op == RelationOp::Eq || R.Op == RelationOp::In)
        ++Eq;
      else
        Slice = true;
    }
  }
  if (S.Targets.empty() && (Slice || (Eq > 0 && Eq < Ck.size())))
    C.report(RuleId::TombstoneRisk, S.Range,
             "range delete: writes a range tombstone that every read of the "
             "partition must skip until compaction purges it (after "
             "gc_grace_seconds); at volume, prefer TTLs or time-bucketed "
             "partitions you can drop whole");
}

void checkTombstoneRisk(const StatementContext &C) {
  if (const auto *I = llvm::dyn_cast<InsertStatement>(&C.Statement))
    return checkInsertTombstones(C, *I);
  if (const auto *U = llvm::dyn_cast<UpdateStatement>(&C.Statement))
    return checkUpdateTombstones(C, *U);
  if (const auto *D = llvm::dyn_cast<DeleteStatement>(&C.Statement))
    return checkDeleteTombstones(C, *D);
}

} // namespace nosqlint::check
