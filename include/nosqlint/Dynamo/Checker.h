//===- Checker.h - The DynamoDB request checker ----------------*- C++ -*-===//
//
// Runs every DynamoDB rule on the requests of a file against the tables of
// the DynamoCatalog: the cost rules (full-scan, count-all, filter-expression,
// missing-index, unbounded-partition-read, hot-partition-key), DynamoDB's own
// validation (invalid-query, with its messages), the expression rules
// (reserved-word, unused-placeholder, undefined-placeholder) and the request
// rules (batch-limit, legacy-parameter, unknown-table, unknown-index).
// Checking is read-only: one checker may check several files at once.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DYNAMO_CHECKER_H
#define NOSQLINT_DYNAMO_CHECKER_H

#include "nosqlint/Dynamo/Request.h"

namespace nosqlint {
class DiagnosticEngine;
class DynamoCatalog;
} // namespace nosqlint

namespace nosqlint::dynamo {

class DynamoChecker {
public:
  DynamoChecker(const DynamoCatalog &Catalog, DiagnosticEngine &Diags)
      : Catalog(Catalog), Diags(Diags) {}

  void checkFile(const RequestFile &File) const;
  /// \p Directory: the folder of the request's file (DynamoCatalog::table);
  /// \p ProjectLacksSchema: RequestFile::ProjectLacksSchema.
  void checkRequest(const Request &R, llvm::StringRef Directory = {},
                    bool ProjectLacksSchema = false) const;

private:
  const DynamoCatalog &Catalog;
  DiagnosticEngine &Diags;
};

} // namespace nosqlint::dynamo

#endif
