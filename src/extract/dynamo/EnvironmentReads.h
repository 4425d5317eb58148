//===- EnvironmentReads.h - Values a program reads from its environment -*- C++ -*-===//
//
// Serverless code takes its table names from the environment, which the
// deployment template sets: `os.environ["TABLE_NAME"]`,
// `os.environ.get("TABLE_NAME", "dev")`, `os.getenv(...)` (Python);
// `process.env.TABLE_NAME`, `process.env["TABLE_NAME"] || "x"` (JavaScript,
// TypeScript); `System.getenv("TABLE_NAME")` (Java, Kotlin, Scala);
// `os.Getenv("TABLE_NAME")` (Go); `Environment.GetEnvironmentVariable(...)`
// (C#); directly or through a name declared once with such a value.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_ENVIRONMENTREADS_H
#define NOSQLINT_EXTRACT_DYNAMO_ENVIRONMENTREADS_H

#include "Evaluator.h"

#include <string>

namespace nosqlint::extract::sdk {

/// The environment variable \p N reads, or empty.
std::string environmentVariableOf(const Evaluator &Eval, TSNode N);

/// The same, for the text of one expression (no declarations followed).
std::string environmentVariableIn(llvm::StringRef Expression);

} // namespace nosqlint::extract::sdk

#endif
