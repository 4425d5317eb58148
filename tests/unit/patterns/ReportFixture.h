//===- ReportFixture.h - Small reports built by hand for the tests -*- C++ -*-===//
#ifndef NOSQLINT_TESTS_PATTERNS_REPORTFIXTURE_H
#define NOSQLINT_TESTS_PATTERNS_REPORTFIXTURE_H

#include "nosqlint/Patterns/PatternReport.h"

#include <string>
#include <vector>

namespace nosqlint::patterns::test {

inline DataObject table(const std::string &Id,
                        std::vector<std::string> Partition,
                        std::vector<std::string> Sort,
                        std::vector<std::string> Columns,
                        const std::string &Dialect = "cql") {
  DataObject O;
  O.Kind = ObjectKind::Table;
  O.Id = O.Table = Id;
  O.Name = Id.substr(Id.find('.') + 1);
  O.Dialect = Dialect;
  O.PartitionKey = std::move(Partition);
  O.SortKey = std::move(Sort);
  O.Columns = std::move(Columns);
  O.Defined = {"schema.cql", 1, 1};
  return O;
}

inline DataObject index(const std::string &Table, const std::string &Name,
                        ObjectKind Kind, const std::string &Column) {
  DataObject O;
  O.Kind = Kind;
  O.Id = Table + (Kind == ObjectKind::Gsi || Kind == ObjectKind::Lsi ? "/" : ".") + Name;
  O.Name = Name;
  O.Table = Table;
  O.Dialect = Kind == ObjectKind::Gsi || Kind == ObjectKind::Lsi ? "dynamodb" : "cql";
  O.PartitionKey = {Column};
  O.Columns = {Column};
  O.Defined = {"schema.cql", 2, 1};
  return O;
}

inline Read read(const std::string &Table, unsigned Line,
                 Served How = Served::Partition,
                 const std::string &Object = {},
                 const std::string &Dialect = "cql") {
  Read R;
  R.At = {"app.cql", Line, 1};
  R.Dialect = Dialect;
  R.Source = "cql";
  R.Operation = Dialect == "cql" ? "SELECT" : "Query";
  R.Table = Table;
  R.Object = Object.empty() ? Table : Object;
  R.How = How;
  R.Unserved = How == Served::FullScan;
  R.Text = "SELECT * FROM " + Table;
  return R;
}

inline Write write(const std::string &Table, unsigned Line,
                   const std::string &Unit,
                   std::vector<std::string> Columns = {},
                   const std::string &Operation = "INSERT") {
  Write W;
  W.At = {"app.cql", Line, 1};
  W.Dialect = "cql";
  W.Source = "cql";
  W.Operation = Operation;
  W.Table = Table;
  W.Columns = std::move(Columns);
  W.WholeRow = W.Columns.empty();
  W.Unit = Unit;
  W.Text = Operation + " " + Table;
  return W;
}

inline std::vector<const Finding *> findingsOf(const PatternReport &R,
                                               FindingKind K) {
  std::vector<const Finding *> Out;
  for (const Finding &F : R.Findings)
    if (F.Kind == K)
      Out.push_back(&F);
  return Out;
}

} // namespace nosqlint::patterns::test

#endif
