//===- RuleCommands.h - `nosqlint rules` and `nosqlint explain` -*- C++ -*-===//
#ifndef NOSQLINT_TOOLS_RULECOMMANDS_H
#define NOSQLINT_TOOLS_RULECOMMANDS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace nosqlint::tool {

/// `rules [--format=text|json]`: the catalog as a table, or as JSON (id,
/// default severity, dialects, summary, docs page).
int runRulesCommand(llvm::ArrayRef<std::string> Args, llvm::raw_ostream &OS,
                    llvm::raw_ostream &Err);

/// A rule's dialects as `rules` prints them: "cql", "cql,dynamodb".
std::string dialectList(unsigned DialectMask);

/// `explain <rule-id>`: the rule's page; the id in any case, and the
/// nearest id suggested on a miss.
int runExplainCommand(llvm::ArrayRef<std::string> Args, llvm::raw_ostream &OS,
                      llvm::raw_ostream &Err);

} // namespace nosqlint::tool

#endif
