//===- ProjectSettings.cpp - Configuration files under the flags ----------===//
//
// The run-wide keys of the governing configuration, each taken only when its
// flag was not given; `exclude` replaced by --exclude, `extend-exclude` and
// --extend-exclude added; `force-exclude` (like --force-exclude) applies the
// excludes to named files. The target's dialect feeds the CQL front end.
//
//===----------------------------------------------------------------------===//
#include "ProjectSettings.h"

#include "nosqlint/Config/ConfigFile.h"
#include "nosqlint/Driver/Driver.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace nosqlint::tool {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

std::string commonInputFolder(llvm::ArrayRef<std::string> Inputs) {
  std::string Common;
  bool First = true;
  for (const std::string &Input : Inputs) {
    std::string Abs = config::absolutePath(Input);
    std::string Dir = fs::is_directory(Abs) ? Abs : path::parent_path(Abs).str();
    if (First) {
      Common = Dir;
      First = false;
      continue;
    }
    // Shorten Common until it is Dir or one of Dir's folders.
    while (!Common.empty() &&
           !(Dir == Common || llvm::StringRef(Dir).startswith(
                                  Common == "/" ? Common : Common + "/")))
      Common = path::parent_path(Common).str();
  }
  return First ? config::absolutePath(".") : Common;
}

std::optional<int> applyProjectSettings(CheckCommandLine &C,
                                        llvm::raw_ostream &Err) {
  config::ConfigMode Mode = config::ConfigMode::Discover;
  if (C.Isolated)
    Mode = config::ConfigMode::Isolated;
  else if (!C.ConfigPath.empty())
    Mode = config::ConfigMode::Explicit;
  auto Resolver = std::make_shared<config::ConfigResolver>(Mode, C.ConfigPath,
                                                           C.Rules);
  DriverOptions &O = C.Options;
  const config::ResolvedSettings *S =
      Resolver->settingsFor(commonInputFolder(O.Inputs));
  if (!S) {
    for (const config::ConfigError &E : Resolver->errors())
      Err << E.str() << "\n";
    return ExitUsageOrInput;
  }
  const config::ConfigFile &M = S->Merged;
  if (!C.given("format") && M.Format)
    O.Format = *M.Format;
  if (!C.given("fail-on") && M.FailOn)
    O.FailOn = *M.FailOn;
  if (!C.given("schema") && M.Schemas) {
    // Shown as the walk shows inputs: relative to the current folder.
    O.Schemas.clear();
    for (const std::string &S : *M.Schemas)
      O.Schemas.push_back(config::displayPath(S));
  }
  if (!C.given("max-file-size") && M.MaxFileSize)
    O.MaxFileBytes = *M.MaxFileSize;
  if (!C.given("include-generated") && M.IncludeGenerated)
    O.IncludeGenerated = *M.IncludeGenerated;
  if (!C.given("report-unused-ignores") && M.ReportUnusedIgnores)
    O.ReportUnusedIgnores = *M.ReportUnusedIgnores;
  if (!C.given("strict-allow-filtering") && M.StrictAllowFiltering)
    O.StrictAllowFiltering = *M.StrictAllowFiltering;
  if (!C.given("guardrails") && M.Guardrails)
    O.Guardrails = *M.Guardrails;
  config::Target T = C.TargetDb ? *C.TargetDb : M.TargetDb.value_or(config::Target{});
  O.Dialect = config::cqlDialectOf(T);
  O.DialectGiven = C.TargetDb.has_value() || M.TargetDb.has_value();
  O.TargetName = config::targetName(T);
  if (!C.given("exclude") && M.Exclude)
    O.Excludes = *M.Exclude;
  O.Excludes.insert(O.Excludes.end(), M.ExtendExclude.begin(),
                    M.ExtendExclude.end());
  O.Excludes.insert(O.Excludes.end(), C.ExtendExcludes.begin(),
                    C.ExtendExcludes.end());
  // The walk applies the excludes to named files too (InputCollector).
  if (M.ForceExclude.value_or(false))
    O.ForceExclude = true;
  // The result cache (ruff's order): --no-cache, --cache-dir, the
  // configuration's `cache-dir`, then .nosqlint_cache in the current folder.
  if (C.NoCache)
    O.CacheDir.clear();
  else if (!C.CacheDir.empty())
    O.CacheDir = C.CacheDir;
  else if (M.CacheDir)
    O.CacheDir = config::displayPath(*M.CacheDir);
  else
    O.CacheDir = ".nosqlint_cache";
  O.RuleSettings = std::move(Resolver);
  return std::nullopt;
}

} // namespace nosqlint::tool
