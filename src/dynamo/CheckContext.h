//===- CheckContext.h - What every DynamoDB rule sees ----------*- C++ -*-===//
//
// One RequestContext per request (and per batch or transaction member): the
// request, the table and index it names as found in the catalog, the key
// schema it reads through, and the key-condition analysis of a Query. Each
// rule is a function of it, in its own file.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_SRC_DYNAMO_CHECKCONTEXT_H
#define NOSQLINT_SRC_DYNAMO_CHECKCONTEXT_H

#include "KeyConditions.h"

#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Dynamo/Request.h"
#include "nosqlint/Schema/DynamoSchema.h"
#include "nosqlint/Schema/KeyHeuristics.h"

#include <optional>

namespace nosqlint::dynamo {

/// What a request's findings are about (Diagnostic::Subject): its operation,
/// table, index and expressions, whitespace collapsed; no positions.
std::string requestSubject(const Request &R);

struct RequestContext {
  const Request &R;
  const DynamoCatalog &Catalog;
  DiagnosticEngine &Diags;
  /// Null when the catalog is empty, the table is unknown or unnamed.
  const DynamoTable *Table = nullptr;
  /// The index named by IndexName (or "table"."index"), if it exists.
  const DynamoIndex *Index = nullptr;
  /// The key schema the request reads through (the index's when IndexName
  /// names a known index, for an LSI with the table's partition key).
  const DynamoKeySchema *Keys = nullptr;
  /// Query: what the key condition pins.
  KeyConditionAnalysis KeyAnalysis;
  /// The folder of the request's file (the nearest of alternative table
  /// definitions is its table).
  llvm::StringRef Directory = {};
  /// RequestFile::ProjectLacksSchema: an unknown table is no finding.
  bool ProjectLacksSchema = false;

  DiagnosticBuilder report(RuleId Rule, SourceRange Range,
                           std::string Message) const {
    DiagnosticBuilder B =
        Diags.report(Rule, Dialect::DynamoDb, Range, std::move(Message));
    B.subject(R.Range, requestSubject(R));
    // A table the code names through the environment: say which binding.
    if (R.TableBindingRange.isValid())
      B.note(R.TableBindingRange, R.TableBinding);
    return B;
  }
  /// Where request-level findings point: the operation name of a wrapper,
  /// else the table name, else the request.
  SourceRange anchor() const;
  /// "table 'Orders'" or "index 'ByEmail' of table 'Orders'".
  std::string target() const;
  bool hasSchema() const { return !Catalog.empty(); }
};

// Rules: one function per rule file.
void checkPlaceholders(const RequestContext &C);     // PlaceholderRules.cpp
void checkReservedWords(const RequestContext &C);    // ReservedWordRule.cpp
void checkExpressionErrors(const RequestContext &C); // ExpressionErrors.cpp
void checkKeyCondition(const RequestContext &C);     // KeyConditionRule.cpp
void checkReadParameters(const RequestContext &C);   // ReadParameterRules.cpp
void checkItemKeys(const RequestContext &C);         // ItemKeyRules.cpp
void checkExclusiveStartKey(const RequestContext &C); // ExclusiveStartKeyRule.cpp
void checkUpdateKeys(const RequestContext &C);       // UpdateKeyRule.cpp
void checkLegacyParameters(const RequestContext &C); // LegacyParameterRule.cpp
void checkLegacyConditions(const RequestContext &C); // LegacyConditionRules.cpp
void checkAttributeValues(const RequestContext &C);  // AttributeValueRules.cpp
void checkAttributesToGet(const RequestContext &C);  // AttributesToGetRule.cpp
void checkAttributeNames(const RequestContext &C);   // AttributeNameRule.cpp
void checkKeyPaths(const RequestContext &C);         // KeyPathRule.cpp
void checkBatchLimits(const RequestContext &C);      // BatchLimitRule.cpp
void checkDuplicateItems(const RequestContext &C);   // DuplicateItemRule.cpp
void checkTransaction(const RequestContext &C);      // TransactionRules.cpp
void checkFullScan(const RequestContext &C);         // FullScanRule.cpp
void checkCountAll(const RequestContext &C);         // CountAllRule.cpp
void checkFilterExpression(const RequestContext &C); // FilterExpressionRule.cpp
void checkMissingIndex(const RequestContext &C);     // MissingIndexRule.cpp
void checkUnboundedRead(const RequestContext &C);    // UnboundedReadRule.cpp
void checkHotPartition(const RequestContext &C);     // HotPartitionRule.cpp
void checkPartiQL(const RequestContext &C);          // PartiQLRules.cpp
void checkStatementMix(const RequestContext &C);     // PartiQLRules.cpp

/// The schema verdict on a key's partition key (HotPartitionRule.cpp).
std::optional<KeyVerdict> hotKeyVerdict(const DynamoKeySchema &Keys);

} // namespace nosqlint::dynamo

#endif
