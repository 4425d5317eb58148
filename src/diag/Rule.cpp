//===- Rule.cpp - The rule registry, from Rules.def -----------------------===//
#include "nosqlint/Diag/Rule.h"

#include "RuleDocs.h"

#include <cassert>

namespace nosqlint {

static const RuleInfo Rules[] = {
#define RULE(Enum, Id, Sev, Dialects, Summary)                                 \
  {RuleId::Enum, Id, Severity::Sev, Dialects, Summary},
#include "nosqlint/Diag/Rules.def"
};

llvm::ArrayRef<RuleInfo> allRules() { return Rules; }

const RuleInfo &ruleInfo(RuleId Id) {
  auto Index = static_cast<size_t>(Id);
  assert(Index < std::size(Rules) && "rule id out of range");
  return Rules[Index];
}

std::optional<RuleId> findRule(llvm::StringRef Name) {
  for (const RuleInfo &R : Rules)
    if (R.Name == Name)
      return R.Id;
  return std::nullopt;
}

llvm::StringRef ruleDocumentation(RuleId Id) {
  return embeddedRuleDoc(ruleInfo(Id).Name);
}

llvm::StringRef severityName(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "error";
}

std::optional<Severity> parseSeverity(llvm::StringRef Name) {
  if (Name == "note")
    return Severity::Note;
  if (Name == "warning")
    return Severity::Warning;
  if (Name == "error")
    return Severity::Error;
  return std::nullopt;
}

llvm::StringRef dialectName(Dialect D) {
  switch (D) {
  case Dialect::None:
    return "";
  case Dialect::Cql:
    return "cql";
  case Dialect::DynamoDb:
    return "dynamodb";
  }
  return "";
}

} // namespace nosqlint
