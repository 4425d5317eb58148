//===- Rule.h - Rule ids, severities and the rule registry -----*- C++ -*-===//
#ifndef NOSQLINT_DIAG_RULE_H
#define NOSQLINT_DIAG_RULE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace nosqlint {

enum class Severity : uint8_t { Note, Warning, Error };

/// The query language a diagnostic is about.
enum class Dialect : uint8_t { None, Cql, DynamoDb };

/// Bit set of dialects a rule applies to.
enum DialectMask : unsigned {
  DialectCql = 1u << 0,
  DialectDynamoDb = 1u << 1,
  DialectAll = DialectCql | DialectDynamoDb,
};

enum class RuleId : uint16_t {
#define RULE(Enum, Id, Sev, Dialects, Summary) Enum,
#include "nosqlint/Diag/Rules.def"
};

struct RuleInfo {
  RuleId Id;
  llvm::StringRef Name;
  Severity DefaultSeverity;
  unsigned Dialects;
  llvm::StringRef Summary;
};

/// Every rule, in id order.
llvm::ArrayRef<RuleInfo> allRules();
const RuleInfo &ruleInfo(RuleId Id);
std::optional<RuleId> findRule(llvm::StringRef Name);

/// The rule's documentation: the text of docs/rules/<id>.md, embedded at build
/// time (one source of truth).
llvm::StringRef ruleDocumentation(RuleId Id);

llvm::StringRef severityName(Severity S);
std::optional<Severity> parseSeverity(llvm::StringRef Name);
llvm::StringRef dialectName(Dialect D); // "cql", "dynamodb", "" for None

} // namespace nosqlint

#endif
