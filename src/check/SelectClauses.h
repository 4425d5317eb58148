//===- SelectClauses.h - SELECT checks after the WHERE clause --*- C++ -*-===//
#ifndef NOSQLINT_CHECK_SELECTCLAUSES_H
#define NOSQLINT_CHECK_SELECTCLAUSES_H

#include "SelectAnalysis.h"

namespace nosqlint::check {

/// Appends to \p A the rejections of the selectors, DISTINCT, GROUP BY,
/// aggregates, ORDER BY (ANN included) and LIMIT.
/// \p ScyllaDb: the checks known only for Cassandra stay silent.
void validateSelectClauses(const cql::SelectStatement &S,
                           const schema::CqlTable &T, SelectAnalysis &A,
                           const AnalysisOptions &Options);

bool isAggregateFunction(llvm::StringRef Name);
bool isAggregateSelection(const cql::SelectStatement &S);
const cql::Selector *firstAggregate(const cql::SelectStatement &S);
/// Only static (and partition-key) columns are selected.
bool selectsOnlyStaticOrKey(const cql::SelectStatement &S,
                            const schema::CqlTable &T);

} // namespace nosqlint::check

#endif
