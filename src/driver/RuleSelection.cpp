//===- RuleSelection.cpp - Rule selection and severities per file ---------===//
//
// After suppression comments, each diagnostic meets the settings that govern
// its file (configuration files and --select/--ignore/--extend-select): a
// rule not selected there, or ignored for the file by `per-file-ignores`, is
// dropped; a `[severity]` override re-grades it. The summary, every output
// format and the exit code then see only the re-graded findings.
//
//===----------------------------------------------------------------------===//
#include "Run.h"

#include "nosqlint/Config/ConfigResolver.h"

#include <map>

namespace nosqlint::driver {

bool Run::applyRuleSettings(std::vector<Diagnostic> &Sorted) {
  if (!Options.RuleSettings)
    return true;
  config::ConfigResolver &Resolver = *Options.RuleSettings;
  bool Ok = true;
  std::vector<Diagnostic> Kept;
  Kept.reserve(Sorted.size());
  // One lookup per file: its settings and absolute path.
  struct FileSettings {
    const config::ResolvedSettings *Settings;
    std::string AbsolutePath;
  };
  std::map<uint32_t, FileSettings> ByFile;
  for (Diagnostic &D : Sorted) {
    // A diagnostic about no file follows the settings of the current folder.
    uint32_t Key = D.Range.isValid() ? D.Range.File.Value : UINT32_MAX;
    auto It = ByFile.find(Key);
    if (It == ByFile.end()) {
      std::string Path = D.Range.isValid() ? SM.path(D.Range.File).str() : ".";
      It = ByFile
               .emplace(Key, FileSettings{Resolver.settingsFor(Path),
                                          config::absolutePath(Path)})
               .first;
    }
    const config::ResolvedSettings *S = It->second.Settings;
    if (!S) {
      Ok = false;
      continue;
    }
    if (D.Rule != RuleId::InputError &&
        (!S->enabled(D.Rule) || S->ignoredIn(D.Rule, It->second.AbsolutePath)))
      continue;
    D.Level = S->severity(D.Rule, D.Level);
    Kept.push_back(std::move(D));
  }
  Sorted = std::move(Kept);
  if (!Ok)
    for (const config::ConfigError &E : Resolver.errors())
      Err << E.str() << "\n";
  return Ok;
}

} // namespace nosqlint::driver
