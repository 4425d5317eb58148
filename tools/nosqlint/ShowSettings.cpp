//===- ShowSettings.cpp - `--show-settings` -------------------------------===//
//
// One JSON document: `run` holds the run-wide options after the flags and
// the configuration; `inputs` holds, per input, the configuration files that
// govern it (nearest first), the rules reported and not reported, the
// severity overrides and the per-file ignores. Paths under the current
// folder are shown relative to it, so the output is the same on every
// machine.
//
//===----------------------------------------------------------------------===//
#include "ShowSettings.h"

#include "nosqlint/Config/ConfigFile.h"
#include "nosqlint/Config/SettingValues.h"
#include "nosqlint/Driver/Driver.h"

#include "llvm/Support/Path.h"

#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

namespace nosqlint::tool {

namespace {

using Writer = rapidjson::PrettyWriter<rapidjson::StringBuffer>;

std::string shown(llvm::StringRef AbsolutePath) {
  return config::displayPath(AbsolutePath);
}

void string(Writer &W, llvm::StringRef S) {
  W.String(S.data(), static_cast<unsigned>(S.size()));
}

void strings(Writer &W, llvm::ArrayRef<std::string> List, bool Paths) {
  W.StartArray();
  for (const std::string &S : List)
    string(W, Paths ? shown(config::absolutePath(S)) : S);
  W.EndArray();
}

void ruleList(Writer &W, const config::RuleList &L) {
  W.StartArray();
  if (L.All)
    string(W, "ALL");
  for (RuleId Id : L.Rules)
    string(W, ruleInfo(Id).Name);
  W.EndArray();
}

void runOptions(Writer &W, const DriverOptions &O) {
  W.StartObject();
  W.Key("format");
  string(W, config::outputFormatName(O.Format));
  W.Key("fail-on");
  string(W, config::failOnName(O.FailOn));
  W.Key("target");
  string(W, O.TargetName);
  W.Key("strict-allow-filtering");
  string(W, config::strictAllowFilteringName(O.StrictAllowFiltering));
  W.Key("schema");
  strings(W, O.Schemas, /*Paths=*/true);
  W.Key("exclude");
  strings(W, O.Excludes, /*Paths=*/false);
  W.Key("max-file-size");
  W.Uint64(O.MaxFileBytes);
  W.Key("include-generated");
  W.Bool(O.IncludeGenerated);
  W.Key("report-unused-ignores");
  W.Bool(O.ReportUnusedIgnores);
  W.EndObject();
}

void ruleSettings(Writer &W, const config::ResolvedSettings &S) {
  W.Key("config");
  W.StartArray();
  for (const std::string &P : S.Chain)
    string(W, shown(P));
  W.EndArray();
  W.Key("enabled");
  W.StartArray();
  for (const RuleInfo &R : allRules())
    if (S.enabled(R.Id))
      string(W, R.Name);
  W.EndArray();
  W.Key("disabled");
  W.StartArray();
  for (const RuleInfo &R : allRules())
    if (!S.enabled(R.Id))
      string(W, R.Name);
  W.EndArray();
  W.Key("severity");
  W.StartObject();
  for (const auto &[Id, Level] : S.Severities) {
    W.Key(ruleInfo(Id).Name.data(),
          static_cast<unsigned>(ruleInfo(Id).Name.size()));
    string(W, severityName(Level));
  }
  W.EndObject();
  W.Key("per-file-ignores");
  W.StartArray();
  for (const auto &F : S.PerFileIgnores) {
    W.StartObject();
    W.Key("base");
    string(W, shown(F.BaseDir));
    W.Key("glob");
    string(W, F.Ignore.Glob);
    W.Key("rules");
    ruleList(W, F.Ignore.Rules);
    W.EndObject();
  }
  W.EndArray();
}

} // namespace

int showSettings(const CheckCommandLine &C, llvm::raw_ostream &OS,
                 llvm::raw_ostream &Err) {
  config::ConfigResolver &Resolver = *C.Options.RuleSettings;
  rapidjson::StringBuffer Buffer;
  Writer W(Buffer);
  W.SetIndent(' ', 2);
  W.StartObject();
  W.Key("run");
  runOptions(W, C.Options);
  W.Key("inputs");
  W.StartArray();
  bool Ok = true;
  for (const std::string &Input : C.Options.Inputs) {
    const config::ResolvedSettings *S = Resolver.settingsFor(Input);
    if (!S) {
      Ok = false;
      continue;
    }
    W.StartObject();
    W.Key("input");
    string(W, Input);
    ruleSettings(W, *S);
    W.EndObject();
  }
  W.EndArray();
  W.EndObject();
  if (!Ok) {
    for (const config::ConfigError &E : Resolver.errors())
      Err << E.str() << "\n";
    return ExitUsageOrInput;
  }
  OS << Buffer.GetString() << "\n";
  return ExitClean;
}

} // namespace nosqlint::tool
