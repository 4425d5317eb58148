//===- ConfigResolver.h - Which settings govern which file ------*- C++ -*-===//
//
// Finds the configuration of each file the way ruff does: walking up from
// the file's folder, the nearest folder holding `nosqlint.toml`,
// `.nosqlint.toml` or a `pyproject.toml` with `[tool.nosqlint]` (checked in
// that order) governs it. A nested configuration replaces its parents
// unless it says `extend = "<path>"`, which layers it over that file key by
// key. The command line's --select/--extend-select/--ignore layer over the
// result. `--config FILE` makes one file govern everything, `--isolated`
// reads none. Lookups are cached per folder and per configuration file.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CONFIG_CONFIGRESOLVER_H
#define NOSQLINT_CONFIG_CONFIGRESOLVER_H

#include "nosqlint/Config/ConfigFile.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/GlobPattern.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace nosqlint::config {

/// The rule selection a run's command line adds over the configuration.
struct CommandLineRules {
  std::optional<RuleList> Select;
  RuleList ExtendSelect;
  RuleList Ignore;
};

/// The settings that govern the files under one configuration (or the
/// defaults and the command line when there is none).
struct ResolvedSettings {
  /// The governing configuration file, then the files it extends, nearest
  /// first; empty when none governs.
  std::vector<std::string> Chain;
  /// Whether each rule (by catalog index) is reported.
  std::vector<bool> Enabled;
  std::map<RuleId, Severity> Severities;
  struct FileIgnore {
    std::string BaseDir; // globs are relative to it
    PerFileIgnore Ignore;
    llvm::GlobPattern Pattern;
  };
  std::vector<FileIgnore> PerFileIgnores;
  /// The run-wide keys merged over the chain (format, schema, ...): the run
  /// takes them from the configuration of the inputs' common folder.
  ConfigFile Merged;

  bool enabled(RuleId Id) const;
  /// Whether a per-file-ignores entry drops \p Id in \p AbsolutePath.
  bool ignoredIn(RuleId Id, llvm::StringRef AbsolutePath) const;
  /// The severity \p Id is reported at (an override, else \p Default).
  Severity severity(RuleId Id, Severity Default) const;
};

enum class ConfigMode {
  Discover, // the nearest configuration of each file
  Explicit, // --config FILE for every file
  Isolated  // --isolated: none
};

class ConfigResolver {
public:
  ConfigResolver(ConfigMode Mode, std::string ExplicitPath,
                 CommandLineRules Cli);

  /// The settings governing \p Path, a file or a folder (relative paths
  /// are taken from the current directory). nullptr when a configuration
  /// it needs has an error (see errors()).
  const ResolvedSettings *settingsFor(llvm::StringRef Path);

  /// The errors of the configuration files read so far, each once.
  llvm::ArrayRef<ConfigError> errors() const { return Errors; }

  ConfigMode mode() const { return Mode; }

private:
  /// The nearest configuration file at or above the folder \p Dir.
  std::optional<std::string> findConfig(const std::string &Dir);
  /// Whether \p Dir holds a configuration; its path then.
  std::optional<std::string> configIn(const std::string &Dir);
  const ResolvedSettings *resolve(const std::optional<std::string> &Path);
  /// The file \p Path read and checked; nullptr after an error.
  const ConfigFile *read(const std::string &Path);
  std::optional<ConfigFile> readFile(const std::string &Path);

  ConfigMode Mode;
  std::string ExplicitPath;
  CommandLineRules Cli;
  std::map<std::string, std::optional<std::string>> ConfigOfDir;
  std::map<std::string, std::optional<ConfigFile>> Files;
  std::map<std::string, std::unique_ptr<ResolvedSettings>> Resolved;
  std::vector<ConfigError> Errors;
  /// The configuration files that had an error.
  std::set<std::string> Broken;
};

/// `path` made absolute against the current directory, without `.`/`..`.
std::string absolutePath(llvm::StringRef Path);

} // namespace nosqlint::config

#endif
