//===- CountAllRule.cpp - count-all ---------------------------------------===//
//
// COUNT(*), COUNT(1) or any aggregate over more than one partition: Cassandra
// pages through every row it aggregates. The note shows the counter table
// that keeps the number up to date at write time instead.
//
//===----------------------------------------------------------------------===//
#include "SelectRules.h"

#include <fmt/format.h>

namespace nosqlint::check {

using schema::CqlColumn;

static std::string counterTableProposal(const SelectContext &C) {
  // Key the counter by what the query restricts with equality, else by a
  // single well-known row.
  std::vector<std::string> Keys, Defs;
  auto Add = [&](const Restriction &R) {
    if (!R.isEqOrIn() ||
        std::find(Keys.begin(), Keys.end(), R.Column->Name) != Keys.end())
      return;
    Keys.push_back(R.Column->Name);
  };
  for (const Restriction &R : C.Analysis.PartitionKey)
    Add(R);
  for (const Restriction &R : C.Analysis.Other)
    Add(R);
  std::string Table = C.Table->qualifiedName() + "_counts";
  if (Keys.empty())
    return fmt::format("CREATE TABLE {} (name text, row_count counter, "
                       "PRIMARY KEY (name)); UPDATE {} SET row_count = "
                       "row_count + 1 WHERE name = '{}' on every insert",
                       Table, Table, C.Table->Name);
  std::string KeyList, Where;
  for (size_t I = 0; I < Keys.size(); ++I) {
    KeyList += (I ? ", " : "") + Keys[I];
    Where += (I ? " AND " : "") + Keys[I] + " = ?";
  }
  return fmt::format("CREATE TABLE {} ({}, row_count counter, PRIMARY KEY "
                     "(({}))); UPDATE {} SET row_count = row_count + 1 WHERE "
                     "{} on every insert",
                     Table, KeyList + " ...", KeyList, Table, Where);
}

void checkCountAll(const SelectContext &C) {
  const SelectAnalysis &A = C.Analysis;
  const cql::Selector *Agg = firstAggregate(C.Select);
  if (!Agg || A.singlePartition())
    return;
  std::string Name = Agg->Kind == cql::Selector::CountStar
                         ? "COUNT(*)"
                         : llvm::StringRef(Agg->Name).upper() + "()";
  DiagnosticBuilder B = C.report(
      RuleId::CountAll, Agg->Range,
      fmt::format("{} over {}: Cassandra reads every row it aggregates, "
                  "page by page, and the cost grows with the data",
                  Name, describeScope(C)));
  B.note(SourceRange(), "keep the number at write time in a counter table: " +
                            counterTableProposal(C));
  noteTable(B, *C.Table);
}

} // namespace nosqlint::check
