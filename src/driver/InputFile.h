//===- InputFile.h - A file to analyze and what kind it is -----*- C++ -*-===//
#ifndef NOSQLINT_DRIVER_INPUTFILE_H
#define NOSQLINT_DRIVER_INPUTFILE_H

#include "nosqlint/Extract/Extract.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace nosqlint {

enum class InputKind {
  Cql,      // .cql files: statements and DDL
  Json,     // .json .jsonl .ndjson: DynamoDB requests or table definitions
  Yaml,     // .yaml .yml: CloudFormation / SAM templates; the cqlsh calls
            // and Cassandra configuration statements of any YAML
  Terraform, // .tf: Terraform modules (DynamoDB tables, Lambda environments)
  Host,     // Java, Kotlin, Scala, Python, Go, JS, TS, C#: embedded CQL
  SqlMigration, // golang-migrate `NNN_x.up.sql`: CQL if the tree runs it on Cassandra
  Shell,    // shell scripts, Dockerfiles, Makefiles: the CQL they run through cqlsh
  Hocon,    // .conf (HOCON): statements under a Cassandra section
  Build,    // pom.xml, build.gradle, settings.gradle: which modules a
            // driver's configuration reaches (BuildModules.h); their `.kts`
            // forms stay Kotlin host files, read as both
  Unknown,  // anything else
};

struct InputFile {
  std::string Path;
  InputKind Kind = InputKind::Unknown;
  bool IsSchema = false; // named by --schema
  bool Explicit = false; // named on the command line, not found by a walk
  extract::HostLanguage Host = extract::HostLanguage::Java; // Kind == Host
};

/// The kind of a file, from its name.
InputKind classifyPath(llvm::StringRef Path);

/// The kind of a file, from its name, and for a name without an extension
/// from its `#!` line (a shell script).
InputKind classifyFile(llvm::StringRef Path);

} // namespace nosqlint

#endif
