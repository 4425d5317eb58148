//===- ScyllaRestrictions.h - What ScyllaDB makes of a WHERE ----*- C++ -*-===//
//
// ScyllaDB's own restriction rules (cql3/restrictions/statement_restrictions.cc
// and cql3/expr/restrictions.cc), kept apart from Cassandra's: ScyllaDB
// accepts several restrictions on one column, restrictions on non-frozen
// UDTs, LIKE and IN as filters and list subscripts, and it refuses mixing
// single- and multi-column clustering restrictions, token() beside a
// partition-key restriction, and asks for ALLOW FILTERING in cases of its
// own. The result is the same SelectAnalysis the rules read, with
// ScyllaDB's messages.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CHECK_SCYLLARESTRICTIONS_H
#define NOSQLINT_CHECK_SCYLLARESTRICTIONS_H

#include "SelectAnalysis.h"

namespace nosqlint::check {

/// The WHERE clause of a SELECT, as ScyllaDB prepares it.
SelectAnalysis analyzeScyllaSelect(const cql::SelectStatement &S,
                                   const schema::CqlTable &Table,
                                   const AnalysisOptions &Options);

/// The statement a WHERE clause belongs to; an INSERT's key values become
/// equality relations ScyllaDB judges as an UPDATE's, except that setting
/// only static columns does not forbid clustering restrictions there.
enum class ScyllaWrite { Insert, Update, Delete };

/// The WHERE clause of an UPDATE or DELETE, as ScyllaDB prepares it
/// (statement_restrictions with the write's statement type, no ALLOW
/// FILTERING, no index); Rejections holds the first error it throws.
/// \p OnlyStatic: the write modifies static columns only.
SelectAnalysis analyzeScyllaWhere(const std::vector<cql::Relation> &Where,
                                  const schema::CqlTable &Table,
                                  ScyllaWrite Kind, bool OnlyStatic,
                                  const AnalysisOptions &Options);

/// modification_statement::process_where_clause after the restrictions:
/// token(), non-key columns, slices, missing key parts, and the WHERE of
/// conditional writes. \p ModifiesOnlyStatic: every assignment (or deleted
/// column) is static; \p ModifiesRegular: some is a regular column (a
/// DELETE of whole rows counts as regular).
struct ScyllaWriteShape {
  ScyllaWrite Kind = ScyllaWrite::Update;
  bool ModifiesOnlyStatic = false;
  bool ModifiesRegular = true;
  /// The first non-static column a DELETE names (empty: whole rows).
  std::string FirstRegularColumn;
  /// The DELETE names columns (DELETE a, b FROM ...).
  bool NamesColumns = false;
  bool Conditional = false;
  bool RegularConditions = false; // IF on a regular column, or IF EXISTS on a row
  SourceRange StatementRange;
};
std::vector<Rejection> scyllaWriteRejections(const SelectAnalysis &Where,
                                             const schema::CqlTable &Table,
                                             const ScyllaWriteShape &Shape);

} // namespace nosqlint::check

#endif
