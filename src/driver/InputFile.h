//===- InputFile.h - A file to analyze and what kind it is -----*- C++ -*-===//
#ifndef NOSQLINT_DRIVER_INPUTFILE_H
#define NOSQLINT_DRIVER_INPUTFILE_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace nosqlint {

enum class InputKind {
  Cql,      // .cql files: statements and DDL
  Json,     // .json .jsonl .ndjson: DynamoDB requests or table definitions
  Yaml,     // .yaml .yml: CloudFormation / SAM templates
  Unknown,  // anything else
};

struct InputFile {
  std::string Path;
  InputKind Kind = InputKind::Unknown;
  bool IsSchema = false; // named by --schema
  bool Explicit = false; // named on the command line, not found by a walk
};

/// The kind of a file, from its name.
InputKind classifyPath(llvm::StringRef Path);

} // namespace nosqlint

#endif
