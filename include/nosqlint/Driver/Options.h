//===- Options.h - What the command line asked for -------------*- C++ -*-===//
#ifndef NOSQLINT_DRIVER_OPTIONS_H
#define NOSQLINT_DRIVER_OPTIONS_H

#include "nosqlint/Check/StrictAllowFiltering.h"
#include "nosqlint/Cql/Parser.h"
#include "nosqlint/Diag/Rule.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace nosqlint {

namespace config {
class ConfigResolver;
}

/// --format. Text is the full clang-style output (`full`, alias `text`).
enum class OutputFormat {
  Text,
  Concise,
  Json,
  JsonLines,
  Sarif,
  Github,
  Gitlab,
  Junit
};

/// One output of a run: a format and where it goes (empty Path: stdout).
struct OutputSpec {
  OutputFormat Format = OutputFormat::Text;
  std::string Path;
};

/// Every field but Jobs, Verbose and the two Cache fields is part of the result
/// cache's key (src/driver/RunCache.cpp): a field added here goes there too.
struct DriverOptions {
  std::vector<std::string> Inputs;
  std::vector<std::string> Schemas;
  OutputFormat Format = OutputFormat::Text;
  /// Findings at or above this severity make the exit code 1; none: never.
  std::optional<Severity> FailOn = Severity::Warning;
  bool Color = false;
  bool Quiet = false;
  cql::CqlDialect Dialect = cql::CqlDialect::Cassandra;
  /// Whether the command line or a configuration named the target; if not,
  /// the tree's dependency manifests may say ScyllaDB (DialectEvidence.h).
  bool DialectGiven = false;
  /// ScyllaDB's strict_allow_filtering, for --dialect=scylladb only.
  check::ScyllaStrictAllowFiltering StrictAllowFiltering =
      check::ScyllaStrictAllowFiltering::Warn;
  /// --guardrails: a cassandra.yaml or scylla.yaml (`cassandra:FILE`,
  /// `scylla:FILE` to say which), or the built-in profile `astra`; empty:
  /// none (Config/GuardrailFile.h).
  std::string Guardrails;
  /// Compare the diagnostics with the `expect-...` annotations of the inputs
  /// instead of printing them (the fixture test mode).
  bool Verify = false;
  /// Worker threads; 0 means one per core.
  unsigned Jobs = 0;
  /// Globs of paths a directory walk skips (--exclude).
  std::vector<std::string> Excludes;
  /// Files above this size (named, walked or schema) are skipped with a note.
  uint64_t MaxFileBytes = 2u << 20;
  /// Read the host files a generator wrote (protobuf stubs, minified
  /// bundles), which a directory walk leaves out (--include-generated).
  bool IncludeGenerated = false;
  /// Report `nosqlint:` suppression comments that suppress nothing.
  bool ReportUnusedIgnores = false;
  /// Apply the --exclude globs to files named on the command line too.
  bool ForceExclude = false;
  /// A run that finds no file to analyze exits 0 (else 2, with a warning).
  bool AllowEmpty = false;
  /// Say on stderr what a directory walk left out, and why (--verbose).
  bool Verbose = false;
  /// Print the files the inputs expand to, one a line, and stop (the
  /// hidden --list-files, which tests compare with git's own list).
  bool ListFiles = false;
  /// `nosqlint queries`: list every query instead of checking.
  bool ListQueries = false;
  /// `nosqlint patterns`: the access-pattern report instead of findings,
  /// in each of PatternOutputs' formats (text, json, markdown, html).
  bool ListPatterns = false;
  struct PatternOutput {
    std::string Format;
    std::string Path; // empty: stdout
  };
  std::vector<PatternOutput> PatternOutputs;
  /// `patterns --against FILE`: the JSON report to compare with.
  std::string PatternsAgainst;
  /// `--explain-extraction FILE[:LINE]`: print why each string that reads
  /// as a statement was taken for CQL or not.
  std::string ExplainExtraction;
  /// The outputs of the run (--format with its -o); empty means one output
  /// of Format to stdout.
  std::vector<OutputSpec> Outputs;
  /// --baseline FILE: report only findings not in it.
  std::string BaselinePath;
  /// --write-baseline FILE: write the findings of the run to it.
  std::string WriteBaselinePath;
  /// --statistics: a per-rule count table (a "statistics" field in JSON).
  bool Statistics = false;
  /// The configuration files and --select/--ignore/--extend-select: which
  /// rules each file reports and at which severity (issue 19). Null: every
  /// rule at its own severity.
  std::shared_ptr<config::ConfigResolver> RuleSettings;
  /// The target database version (`target = "cassandra-4.1"`), recorded
  /// for the report; no rule depends on it yet.
  std::string TargetName;
  /// The result cache's folder (`.nosqlint_cache/` or --cache-dir): a run
  /// whose inputs, settings and binary match a stored one prints what that
  /// one printed. Empty: no cache (--no-cache, and library callers).
  std::string CacheDir;
  /// The cache's bound: the oldest entries go beyond it.
  uint64_t CacheMaxBytes = 256u << 20;

  /// Texts read in place of files on disk, by path: the buffer read from
  /// stdin (`-` or `/dev/stdin`) under its --stdin-filename, which is also
  /// in Inputs; and, inside a --fix run, the files already fixed.
  std::vector<std::pair<std::string, std::string>> Overlays;
  /// The input named StdinAsCql (`-` without --stdin-filename, reported as
  /// `<stdin>`) is read as CQL whatever its name says. Empty: none.
  std::string StdinAsCql;
  /// The path of the input read from stdin, if any: with --fix its fixed
  /// text goes to stdout and the report to stderr (as ruff does).
  std::string StdinPath;
  /// --fix: apply the safe fixes (FixSafety::Safe), then report what
  /// remains; --unsafe-fixes: the unsafe ones too; --diff: print the fixes
  /// as a unified diff and write nothing.
  bool Fix = false;
  bool UnsafeFixes = false;
  bool Diff = false;
  /// Text output: print every fix-it as a clang parseable fix-it line.
  bool ParseableFixits = false;
};

} // namespace nosqlint

#endif
