//===- SettingValues.h - The values a setting may take ----------*- C++ -*-===//
//
// One spelling of each enumerated setting (output format, fail-on level,
// target database, ScyllaDB's strict_allow_filtering, color mode), shared by
// the command line and the configuration file so both accept and name the
// same words, and the nearest-name suggestion both use for a misspelling.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CONFIG_SETTINGVALUES_H
#define NOSQLINT_CONFIG_SETTINGVALUES_H

#include "nosqlint/Driver/Options.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace nosqlint::config {

std::optional<OutputFormat> parseOutputFormat(llvm::StringRef Name);
llvm::StringRef outputFormatName(OutputFormat F);
/// "text, json or sarif": the accepted words, for a message.
llvm::StringRef outputFormatChoices();

/// A fail-on level: a severity, or none for "never".
std::optional<std::optional<Severity>> parseFailOn(llvm::StringRef Name);
llvm::StringRef failOnName(std::optional<Severity> Level);

/// The database (and its version) the queries are written for.
enum class TargetDatabase { Cassandra, ScyllaDb, DynamoDb };
struct Target {
  TargetDatabase Database = TargetDatabase::Cassandra;
  /// "5.0", "4.1" or "4.0" for Cassandra; empty for the others.
  std::string Version = "5.0";
};
/// cassandra-5.0, cassandra-4.1, cassandra-4.0, cassandra (= 5.0),
/// scylladb, dynamodb.
std::optional<Target> parseTarget(llvm::StringRef Name);
std::string targetName(const Target &T);
/// Every target name, in the order `--version` lists them.
llvm::ArrayRef<llvm::StringRef> targetNames();
/// The CQL dialect a target analyzes CQL as (DynamoDB: Cassandra's).
cql::CqlDialect cqlDialectOf(const Target &T);

std::optional<check::ScyllaStrictAllowFiltering>
parseStrictAllowFiltering(llvm::StringRef Name);
llvm::StringRef strictAllowFilteringName(check::ScyllaStrictAllowFiltering S);

/// The candidate closest to \p Word by edit distance (case-insensitive),
/// when it is close enough to be a likely misspelling; empty otherwise.
std::string nearestName(llvm::StringRef Word,
                        llvm::ArrayRef<llvm::StringRef> Candidates);

/// The rule named \p Name in any case (`ALLOW-FILTERING`).
std::optional<RuleId> findRuleAnyCase(llvm::StringRef Name);
/// The rule id closest to \p Name, for "did you mean" (empty if none).
std::string nearestRuleName(llvm::StringRef Name);

} // namespace nosqlint::config

#endif
