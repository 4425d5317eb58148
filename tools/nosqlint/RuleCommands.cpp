//===- RuleCommands.cpp - `nosqlint rules` and `nosqlint explain` ---------===//
//
// Both read the rule catalog (Rules.def) and the rule pages embedded at build
// time, and parse their few options with CLI11 like the check command.
//
//===----------------------------------------------------------------------===//
#include "RuleCommands.h"
#include "CliParse.h"

#include "nosqlint/Config/SettingValues.h"
#include "nosqlint/Diag/Rule.h"
#include "nosqlint/Driver/Driver.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/WithColor.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

namespace nosqlint::tool {

namespace {

std::vector<llvm::StringRef> dialectNames(unsigned Mask) {
  std::vector<llvm::StringRef> Names;
  if (Mask & DialectCql)
    Names.push_back("cql");
  if (Mask & DialectDynamoDb)
    Names.push_back("dynamodb");
  return Names;
}

void printRulesText(llvm::raw_ostream &OS) {
  OS << fmt::format("{:<26} {:<8} {:<13} {}\n", "RULE", "SEVERITY",
                    "DIALECTS", "SUMMARY");
  for (const RuleInfo &R : allRules())
    OS << fmt::format("{:<26} {:<8} {:<13} {}\n", R.Name.str(),
                      severityName(R.DefaultSeverity).str(),
                      dialectList(R.Dialects), R.Summary.str());
}

void printRulesJson(llvm::raw_ostream &OS) {
  rapidjson::StringBuffer Buffer;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> W(Buffer);
  W.SetIndent(' ', 2);
  W.StartArray();
  for (const RuleInfo &R : allRules()) {
    W.StartObject();
    W.Key("id");
    W.String(R.Name.data(), static_cast<unsigned>(R.Name.size()));
    W.Key("defaultSeverity");
    W.String(severityName(R.DefaultSeverity).str());
    W.Key("dialects");
    W.StartArray();
    for (llvm::StringRef D : dialectNames(R.Dialects))
      W.String(D.data(), static_cast<unsigned>(D.size()));
    W.EndArray();
    W.Key("summary");
    W.String(R.Summary.data(), static_cast<unsigned>(R.Summary.size()));
    W.Key("docs");
    W.String("docs/rules/" + R.Name.str() + ".md");
    W.EndObject();
  }
  W.EndArray();
  OS << Buffer.GetString() << "\n";
}

} // namespace

std::string dialectList(unsigned Mask) {
  std::vector<llvm::StringRef> Names = dialectNames(Mask);
  return llvm::join(Names.begin(), Names.end(), ",");
}

int runRulesCommand(llvm::ArrayRef<std::string> Args, llvm::raw_ostream &OS,
                    llvm::raw_ostream &Err) {
  CLI::App App("List every rule: id, default severity, dialects, summary",
               "nosqlint rules");
  std::string Format = "text";
  App.add_option("--format", Format, "text (default) or json")
      ->type_name("<text|json>");
  if (std::optional<int> Exit = parseInto(App, Args, OS, Err))
    return *Exit;
  if (Format == "json")
    printRulesJson(OS);
  else if (Format == "text")
    printRulesText(OS);
  else {
    usageError(Err, "invalid --format value '" + Format +
                        "' for `nosqlint rules` (expected text or json)");
    return ExitUsageOrInput;
  }
  return ExitClean;
}

int runExplainCommand(llvm::ArrayRef<std::string> Args, llvm::raw_ostream &OS,
                      llvm::raw_ostream &Err) {
  CLI::App App("Print a rule's documentation page", "nosqlint explain");
  std::string Name;
  App.add_option("rule-id", Name, "The rule, in any case (`nosqlint rules` "
                                  "lists them)")
      ->required();
  if (std::optional<int> Exit = parseInto(App, Args, OS, Err))
    return *Exit;
  std::optional<RuleId> Id = config::findRuleAnyCase(Name);
  if (!Id) {
    std::string Near = config::nearestRuleName(Name);
    usageError(Err, "unknown rule '" + Name + "'" +
                        (Near.empty() ? std::string()
                                      : " (did you mean '" + Near + "'?)") +
                        "; `nosqlint rules` lists them all");
    return ExitUsageOrInput;
  }
  llvm::StringRef Doc = ruleDocumentation(*Id);
  if (Doc.empty()) {
    usageError(Err, "rule '" + ruleInfo(*Id).Name.str() + "' has no documentation "
                                                    "page");
    return ExitUsageOrInput;
  }
  OS << Doc;
  return ExitClean;
}

} // namespace nosqlint::tool
