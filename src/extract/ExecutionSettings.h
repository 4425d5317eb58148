//===- ExecutionSettings.h - CL and page size the code sets on a query -*- C++ -*-===//
//
// Reads, for one extracted statement, the consistency level, serial
// consistency level and page size that the host code sets where it runs it
// (IR/ExecutionFacts.h), by the `setting` rows of models/*.models:
//
//   - on the chain around the string: `session.Query("..").Consistency(
//     gocql.One).PageSize(0)`, `SimpleStatement.newInstance("..")
//     .setConsistencyLevel(..)`, `SimpleStatement("..", fetch_size=None)`,
//     `client.execute("..", [], { consistency: .. })`;
//   - on the variable that chain is stored in, in the statements after it
//     in the same block: `st.setFetchSize(..)`, `st.fetch_size = None`,
//     and on the calls that take that variable;
//   - as the session's default, anywhere in the file:
//     `session.default_fetch_size = None`, `cluster.Consistency = ..`.
//
// Only values the code spells out are recorded: a level or a size held in a
// variable is unknown, and unknown is absent.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_EXECUTIONSETTINGS_H
#define NOSQLINT_EXTRACT_EXECUTIONSETTINGS_H

#include "Evaluator.h"
#include "Imports.h"
#include "LibraryModels.h"

#include "nosqlint/IR/ExecutionFacts.h"

#include <tree_sitter/api.h>

namespace nosqlint::extract {

class ExecutionSettings {
public:
  /// The rows of the Cassandra libraries \p Imports names.
  ExecutionSettings(const Evaluator &Eval, const ModelCatalog &Catalog,
                    const FileImports &Imports, FileId File);

  bool empty() const { return Rows.empty(); }

  /// The session defaults the file sets (walks the tree once).
  void readSessionDefaults(TSNode Root);

  /// The facts for the statement built by the string expression \p String.
  ExecutionFacts factsFor(TSNode String) const;

private:
  void readChain(TSNode From, ExecutionFacts &Out, bool Variable) const;
  void readCall(TSNode Call, ExecutionFacts &Out) const;
  void readVariableUses(TSNode Top, TSNode From, ExecutionFacts &Out) const;
  bool readAssignment(TSNode N, SettingScope Scope, ExecutionFacts &Out) const;
  void setFact(const SettingModel &Row, TSNode Value, SettingScope Scope,
               ExecutionFacts &Out) const;

  const Evaluator &Eval;
  FileId File;
  std::vector<const SettingModel *> Rows;
  ExecutionFacts Session;
};

} // namespace nosqlint::extract

#endif
