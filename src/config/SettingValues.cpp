//===- SettingValues.cpp - The values a setting may take ------------------===//
//
// The spellings of the enumerated settings and the nearest-name suggestion
// shared by the command line and the configuration file.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Config/SettingValues.h"

#include "llvm/ADT/StringSwitch.h"

#include <vector>

namespace nosqlint::config {

std::optional<OutputFormat> parseOutputFormat(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<OutputFormat>>(Name)
      .Cases("full", "text", OutputFormat::Text)
      .Case("concise", OutputFormat::Concise)
      .Case("json", OutputFormat::Json)
      .Case("json-lines", OutputFormat::JsonLines)
      .Case("sarif", OutputFormat::Sarif)
      .Case("github", OutputFormat::Github)
      .Case("gitlab", OutputFormat::Gitlab)
      .Case("junit", OutputFormat::Junit)
      .Default(std::nullopt);
}

llvm::StringRef outputFormatName(OutputFormat F) {
  switch (F) {
  case OutputFormat::Text:
    return "full";
  case OutputFormat::Concise:
    return "concise";
  case OutputFormat::Json:
    return "json";
  case OutputFormat::JsonLines:
    return "json-lines";
  case OutputFormat::Sarif:
    return "sarif";
  case OutputFormat::Github:
    return "github";
  case OutputFormat::Gitlab:
    return "gitlab";
  case OutputFormat::Junit:
    return "junit";
  }
  return "full";
}

llvm::StringRef outputFormatChoices() {
  return "full (or text), concise, json, json-lines, sarif, github, gitlab "
         "or junit";
}

std::optional<std::optional<Severity>> parseFailOn(llvm::StringRef Name) {
  if (Name == "never")
    return std::optional<Severity>();
  if (std::optional<Severity> S = parseSeverity(Name))
    return S;
  return std::nullopt;
}

llvm::StringRef failOnName(std::optional<Severity> Level) {
  return Level ? severityName(*Level) : "never";
}

static const llvm::StringRef TargetNames[] = {
    "cassandra-4.0", "cassandra-4.1", "cassandra-5.0", "scylladb", "dynamodb"};

llvm::ArrayRef<llvm::StringRef> targetNames() { return TargetNames; }

std::optional<Target> parseTarget(llvm::StringRef Name) {
  if (Name == "cassandra" || Name == "cassandra-5.0")
    return Target{TargetDatabase::Cassandra, "5.0"};
  if (Name == "cassandra-4.1")
    return Target{TargetDatabase::Cassandra, "4.1"};
  if (Name == "cassandra-4.0")
    return Target{TargetDatabase::Cassandra, "4.0"};
  if (Name == "scylladb")
    return Target{TargetDatabase::ScyllaDb, ""};
  if (Name == "dynamodb")
    return Target{TargetDatabase::DynamoDb, ""};
  return std::nullopt;
}

std::string targetName(const Target &T) {
  switch (T.Database) {
  case TargetDatabase::Cassandra:
    return "cassandra-" + T.Version;
  case TargetDatabase::ScyllaDb:
    return "scylladb";
  case TargetDatabase::DynamoDb:
    return "dynamodb";
  }
  return "cassandra-5.0";
}

cql::CqlDialect cqlDialectOf(const Target &T) {
  return T.Database == TargetDatabase::ScyllaDb ? cql::CqlDialect::ScyllaDb
                                                : cql::CqlDialect::Cassandra;
}

std::optional<check::ScyllaStrictAllowFiltering>
parseStrictAllowFiltering(llvm::StringRef Name) {
  using S = check::ScyllaStrictAllowFiltering;
  return llvm::StringSwitch<std::optional<S>>(Name)
      .Cases("on", "true", S::True)
      .Case("warn", S::Warn)
      .Cases("off", "false", S::False)
      .Default(std::nullopt);
}

llvm::StringRef strictAllowFilteringName(check::ScyllaStrictAllowFiltering S) {
  switch (S) {
  case check::ScyllaStrictAllowFiltering::True:
    return "on";
  case check::ScyllaStrictAllowFiltering::Warn:
    return "warn";
  case check::ScyllaStrictAllowFiltering::False:
    return "off";
  }
  return "warn";
}

std::string nearestName(llvm::StringRef Word,
                        llvm::ArrayRef<llvm::StringRef> Candidates) {
  std::string Lower = Word.lower();
  std::string Best;
  unsigned BestDistance = ~0u;
  for (llvm::StringRef C : Candidates) {
    unsigned D = llvm::StringRef(Lower).edit_distance(C.lower());
    if (D < BestDistance) {
      BestDistance = D;
      Best = C.str();
    }
  }
  // A third of the word may be wrong (at least two edits): `selct`,
  // `--ignor`, `allow-filter`; anything further is another word.
  unsigned Allowed = std::max<unsigned>(2, static_cast<unsigned>(Word.size()) / 3);
  return BestDistance <= Allowed ? Best : std::string();
}

std::optional<RuleId> findRuleAnyCase(llvm::StringRef Name) {
  for (const RuleInfo &R : allRules())
    if (R.Name.equals_insensitive(Name))
      return R.Id;
  return std::nullopt;
}

std::string nearestRuleName(llvm::StringRef Name) {
  std::vector<llvm::StringRef> Names;
  for (const RuleInfo &R : allRules())
    Names.push_back(R.Name);
  return nearestName(Name, Names);
}

} // namespace nosqlint::config
