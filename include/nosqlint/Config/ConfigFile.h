//===- ConfigFile.h - One nosqlint.toml, read and checked -------*- C++ -*-===//
//
// The settings one configuration file states: `nosqlint.toml`,
// `.nosqlint.toml`, or the `[tool.nosqlint]` table of a `pyproject.toml`.
// Every key is checked while it is read: an unknown key, a value of the wrong
// type, an unknown rule id or value is one ConfigError naming the file, line,
// column and key; a TOML syntax error is one ConfigError at toml++'s position.
// Unset keys stay unset (std::nullopt), so layering (`extend`, then the
// command line) can tell "not said" from "said the default".
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CONFIG_CONFIGFILE_H
#define NOSQLINT_CONFIG_CONFIGFILE_H

#include "nosqlint/Config/SettingValues.h"
#include "nosqlint/Diag/Rule.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint::config {

/// One problem in a configuration file, at a 1-based line and column (0 when
/// the problem has no place, such as an unreadable file).
struct ConfigError {
  std::string Path;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Message;

  /// `path:line:column: error: message`.
  std::string str() const;
};

/// \p AbsolutePath relative to the current folder when inside it.
std::string displayPath(llvm::StringRef AbsolutePath);

/// A list of rule ids, or "ALL" (every rule).
struct RuleList {
  bool All = false;
  std::vector<RuleId> Rules;

  bool contains(RuleId Id) const;
};

/// `per-file-ignores`: the rules a glob's files do not report.
struct PerFileIgnore {
  std::string Glob;
  RuleList Rules;
};

struct ConfigFile {
  std::string Path;      // the file, absolute
  std::string Directory; // its folder: relative paths in it start here
  /// `extend`: the configuration this one builds on, absolute.
  std::optional<std::string> Extend;

  std::optional<RuleList> Select;
  std::optional<RuleList> ExtendSelect;
  std::optional<RuleList> Ignore;
  /// `[severity]`: the rules reported at another severity than their own.
  std::map<RuleId, Severity> Severities;
  std::optional<std::vector<PerFileIgnore>> PerFileIgnores;

  std::optional<std::vector<std::string>> Exclude;
  std::vector<std::string> ExtendExclude;
  std::optional<bool> ForceExclude;
  /// `schema`: files or folders, made absolute against Directory.
  std::optional<std::vector<std::string>> Schemas;
  std::optional<Target> TargetDb;
  std::optional<check::ScyllaStrictAllowFiltering> StrictAllowFiltering;
  std::optional<uint64_t> MaxFileSize;
  std::optional<OutputFormat> Format;
  std::optional<std::optional<Severity>> FailOn;
  std::optional<bool> IncludeGenerated;
  std::optional<bool> ReportUnusedIgnores;
  /// `cache-dir`: the result cache's folder, made absolute against
  /// Directory.
  std::optional<std::string> CacheDir;
  /// `guardrails`: `astra`, or a cassandra.yaml / scylla.yaml (optionally
  /// `cassandra:`/`scylla:` before it), made absolute against Directory.
  std::optional<std::string> Guardrails;
};

/// Every key a configuration file may hold, for messages and suggestions.
llvm::ArrayRef<llvm::StringRef> configKeys();

/// Reads the text of the configuration file \p Path (absolute). For a
/// pyproject.toml (\p IsPyproject) only `[tool.nosqlint]` is read, and a file
/// without it is no configuration: nullopt with no error. Any problem is
/// appended to \p Errors and the result is nullopt.
std::optional<ConfigFile> parseConfigText(llvm::StringRef Path,
                                          llvm::StringRef Text,
                                          bool IsPyproject,
                                          std::vector<ConfigError> &Errors);

/// The largest configuration file read (1 MiB): a bigger one is an error.
constexpr uint64_t MaxConfigFileBytes = 1u << 20;

} // namespace nosqlint::config

#endif
