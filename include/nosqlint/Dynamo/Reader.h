//===- Reader.h - DynamoDB request files into the request IR ---*- C++ -*-===//
//
// A request file is JSON (one request or an array of them) or NDJSON (one
// per line, as captured from SDK logs). Each request is a wrapper
// {"operation": "Query", "request": {...}} or a bare parameters object whose
// operation is unambiguous (KeyConditionExpression: Query, Statement:
// ExecuteStatement, TransactItems of Put/Update/Delete/ConditionCheck:
// TransactWriteItems, ...). An ambiguous or malformed request is an
// input-error that shows the wrapper to write.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DYNAMO_READER_H
#define NOSQLINT_DYNAMO_READER_H

#include "nosqlint/Dynamo/Request.h"

#include <optional>

namespace nosqlint {
class DiagnosticEngine;
}

namespace nosqlint::dynamo {

/// Reads the requests of one file. Returns nullopt, reporting nothing, when
/// the file holds no DynamoDB request at all (package.json, tsconfig.json);
/// otherwise the requests, with problems of single requests reported.
std::optional<RequestFile> readDynamoRequests(FileId File, llvm::StringRef Text,
                                              DiagnosticEngine &Diags);

/// Builds one request from its parameters object (exposed for tests and the
/// benchmark). \p Range is the whole request as written.
Request buildRequest(Operation Op, const json::JsonValue &Params, FileId File,
                     SourceRange Range, DiagnosticEngine &Diags);

} // namespace nosqlint::dynamo

#endif
