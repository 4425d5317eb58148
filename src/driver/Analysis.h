//===- Analysis.h - What the front ends made of each input file -*- C++ -*-===//
#ifndef NOSQLINT_DRIVER_ANALYSIS_H
#define NOSQLINT_DRIVER_ANALYSIS_H

#include "InputFile.h"
#include "SqlMigrations.h"

#include "nosqlint/Basic/HeapOptional.h"
#include "nosqlint/Dynamo/Request.h"
#include "nosqlint/Extract/DriverConfig.h"
#include "nosqlint/Extract/Extract.h"
#include "nosqlint/IR/Cql.h"

#include <optional>
#include <vector>

namespace nosqlint {

/// One CQL string found in a host-language file, parsed on its own.
struct HostQuery {
  extract::CqlSnippet Snippet;
  cql::Script Script;
  /// Taken by its shape alone and it does not parse: more likely prose or a
  /// fragment than broken CQL. Listed by `nosqlint queries` (status
  /// syntax-error), never checked or reported.
  bool ParseFailed = false;
};

struct FileAnalysis {
  InputFile Input;
  std::optional<FileId> File;
  cql::Script Cql;            // .cql files
  /// A .cql template with placeholders: how far its text can be trusted.
  extract::SnippetTrust CqlTrust = extract::SnippetTrust::Full;
  std::vector<HostQuery> Host; // host-language files
  /// Host files: what extraction found, before the snippets are parsed;
  /// none for a file never extracted (set aside, or not a host file) and
  /// again once its snippets are parsed. On the heap, like the other
  /// host-only parts: a tree's many set-aside files then cost a few
  /// hundred bytes each (extractionOf() reads it).
  HeapOptional<extract::FileExtraction> Extraction;
  /// A host file the prescan found no query in: not parsed unless a file
  /// of its package shares constants with it.
  bool SetAside = false;
  /// The prescan let it through on its own (counted by --verbose).
  bool PassedPrescan = false;
  /// Set aside until the other files say whether its package or directory
  /// may use its strings (CatalogGate.h, IfOwnedNearby).
  bool OwnedNearby = false;
  /// It imports or names a Cassandra library (CatalogGate.h).
  bool CassandraLibrary = false;
  /// Set aside until the other files say whether one may declare the gocqlx
  /// table models it may use (CatalogGate.h, UsesGocqlxModels).
  bool UsesGocqlxModels = false;
  /// It may declare gocqlx table models (mayDeclareGocqlxModels).
  bool DeclaresGocqlxModels = false;
  /// A generator wrote it (GeneratedSources.h): set aside for good, never
  /// read as a neighbour.
  bool Generated = false;
  /// A generator wrote it, but it uses a Cassandra or DynamoDB library:
  /// read for the tables, entities and constants it declares, its own
  /// findings not reported.
  bool GeneratedModels = false;
  /// Its "nested too deeply" input-error was reported (it may be extracted
  /// again with its package's constants).
  bool ReportedTooDeep = false;
  /// Host files: the database libraries the file imports.
  extract::LibraryUse Uses;
  /// Go files: the golang-migrate database drivers they import, which say
  /// whether the tree's `.up.sql` migrations are CQL (SqlMigrations.h).
  MigrateDrivers Migrate;
  /// Host files: the CreateTable requests built with an AWS SDK (table
  /// definitions in code; they join the schema).
  std::vector<extract::DynamoCall> CreateTables;
  /// Host files: the Lambda functions their infrastructure code declares
  /// (CDK), with the environment variables they bind.
  std::vector<extract::LambdaDeclaration> Functions;
  /// Host files: what they say of Spring Data repositories, joined across
  /// files once all are extracted (Repositories.h).
  HeapOptional<extract::RepositoryFacts> Repositories;
  /// Host files: the DynamoDB requests built with an AWS SDK.
  HeapOptional<dynamo::RequestFile> HostRequests;
  /// Where each of them is built, and the SDK family it was written with
  /// (extract::DynamoCall::Sdk): the source `nosqlint queries` lists.
  std::vector<std::pair<SourceRange, std::string>> HostRequestSdks;
  /// Host files: their comments and the host statement of each query
  /// (FileExtraction::Comments, ::Statements), for suppression comments.
  std::vector<SourceRange> Comments;
  std::vector<SourceRange> HostStatements;
  /// Host files: the function around each query (FileExtraction::
  /// FunctionSpans), the code paths `nosqlint patterns` tells apart.
  std::vector<SourceRange> FunctionSpans;
  /// Shell scripts: the files their cqlsh calls read (`-f`, `< file`), as
  /// the script names them (RunShell.cpp).
  std::vector<std::string> CqlshFiles;
  /// Configuration files (.conf, application.properties): the execution
  /// profiles they set for a driver (DriverProfiles.cpp).
  std::vector<extract::DriverConfigFile> DriverConfigs;
  /// JSON and YAML files: the schema load found a DynamoDB table
  /// definition or requests in it, or reported something about it.
  bool DynamoContent = false;
  /// A YAML input that may hold cqlsh calls, refused by the YAML parser
  /// (reported once, precisely, by readYamlCommands).
  bool YamlRefused = false;
};

/// What extraction found in \p A: empty when it was never extracted.
const extract::FileExtraction &extractionOf(const FileAnalysis &A);

} // namespace nosqlint

#endif
