//===- PatternsBuilder.h - The access-pattern report of a run ---*- C++ -*-===//
//
// Fills a patterns::PatternReport from what the run parsed, the schemas it
// built and the findings its checks made: every schema object, every read
// with how it is served (check::describeReadServing for CQL, the request's
// key access for DynamoDB), every write with its code path, and for the
// reads no key or index serves, missing-index's message and query-first
// proposal. The findings are then computed on the model.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_PATTERNSBUILDER_H
#define NOSQLINT_DRIVER_PATTERNSBUILDER_H

#include "Analysis.h"

#include "nosqlint/Check/CqlChecker.h"
#include "nosqlint/Diag/Diagnostic.h"
#include "nosqlint/Dynamo/Request.h"
#include "nosqlint/Patterns/PatternReport.h"
#include "nosqlint/Schema/CqlSchema.h"
#include "nosqlint/Schema/DynamoSchema.h"

#include "llvm/ADT/ArrayRef.h"

namespace nosqlint {
class SourceManager;
}

namespace nosqlint::driver {

struct PatternSources {
  llvm::ArrayRef<FileAnalysis> Files;
  llvm::ArrayRef<dynamo::RequestFile> Requests;
  const SourceManager &SM;
  const schema::CqlCatalog &Cql;
  const DynamoCatalog &Dynamo;
  /// The run's findings (before suppressions): where a read's problem and
  /// proposal come from.
  llvm::ArrayRef<Diagnostic> Findings;
  check::CheckOptions Options;
};

patterns::PatternReport buildPatternReport(const PatternSources &S);

/// The table a DML statement names, or null (a batch, DDL, ...)
/// (RunCheck.cpp).
const cql::QualifiedName *dmlTable(const cql::Statement &S);

/// How `queries` and `patterns` name the family a host request was written
/// with (RunReport.cpp).
llvm::StringRef hostRequestSource(const FileAnalysis &A, SourceRange At);

} // namespace nosqlint::driver

#endif
