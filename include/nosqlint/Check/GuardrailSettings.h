//===- GuardrailSettings.h - A server's guardrails, as configured -*- C++ -*-===//
//
// What `--guardrails FILE` reads (src/config/GuardrailFile.cpp): the
// guardrail settings of a cassandra.yaml (Cassandra 4.1/5.0,
// GuardrailsOptions) or scylla.yaml (ScyllaDB, db/config.cc), or of the
// built-in `astra` profile (Astra DB Serverless's documented limits). The
// guardrail-* rules read them (src/check/Guardrail*Rules.cpp).
//
// Settings are kept by their name in the file (`allow_filtering_enabled`,
// `partition_keys_in_select_fail_threshold`), with the position of the key
// so a finding can quote it. A setting the file does not give has the
// server's default, which disables every guardrail covered here.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CHECK_GUARDRAILSETTINGS_H
#define NOSQLINT_CHECK_GUARDRAILSETTINGS_H

#include "nosqlint/Basic/SourceLocation.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint::check {

enum class GuardrailServer { Cassandra, ScyllaDb, Astra };

struct GuardrailSetting {
  std::string Name;  // as in the file
  std::string Value; // its value as written (a sequence: `[ALL, ANY]`)
  long long Number = 0;            // thresholds
  bool Flag = false;               // *_enabled, true/false settings
  std::vector<std::string> Levels; // *_consistency_levels_*, upper-cased
  SourceRange Range;               // the key in the file (invalid: built in)
  unsigned Line = 0;               // the key's line (0: built in)
};

struct GuardrailSettings {
  GuardrailServer Server = GuardrailServer::Cassandra;
  /// The file as given, or `astra` for the built-in profile.
  std::string Source;
  std::map<std::string, GuardrailSetting> Settings;

  const GuardrailSetting *find(llvm::StringRef Name) const {
    auto It = Settings.find(Name.str());
    return It == Settings.end() ? nullptr : &It->second;
  }
  /// A threshold that is on (above 0: Cassandra's -1 and 0 disable one).
  const GuardrailSetting *threshold(llvm::StringRef Name) const {
    const GuardrailSetting *S = find(Name);
    return S && S->Number > 0 ? S : nullptr;
  }
  /// A feature flag set to false (`allow_filtering_enabled: false`).
  const GuardrailSetting *disabled(llvm::StringRef Name) const {
    const GuardrailSetting *S = find(Name);
    return S && !S->Flag ? S : nullptr;
  }
  /// How the file names itself in findings: `cassandra.yaml:12`.
  std::string where(const GuardrailSetting &S) const {
    if (!S.Line)
      return "the " + Source + " profile";
    return Source + ":" + std::to_string(S.Line);
  }
};

} // namespace nosqlint::check

#endif
