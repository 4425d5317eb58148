//===- Checker.cpp - Runs the DynamoDB rules on each request --------------===//
//
// Finds the table and index a request names (unknown-table, unknown-index,
// invalid names), analyzes a Query's key condition, and runs every rule. A
// batch or transaction is checked as a whole (batch-limit, duplicate items)
// and then member by member. Cost findings are reported on invalid requests
// too: the fix has to address both.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Dynamo/Checker.h"

#include "CheckContext.h"
#include "nosqlint/Basic/Whitespace.h"

#include <fmt/format.h>

#include <set>

namespace nosqlint::dynamo {

SourceRange RequestContext::anchor() const {
  if (!R.Inferred && !R.IsMember && R.OperationRange.isValid())
    return R.OperationRange;
  if (R.TableRange.isValid())
    return R.TableRange;
  return R.Range;
}

std::string requestSubject(const Request &R) {
  std::string S = operationName(R.Op).str();
  S += " table=" + (R.TableUnknown ? std::string("?") : R.TableName);
  if (R.IndexUnknown)
    S += " index=?";
  else if (R.IndexName)
    S += " index=" + *R.IndexName;
  for (const Expression &E : R.Expressions) {
    S += "; " + exprParamName(E.Kind).str() + "=";
    if (E.Unknown || !E.Json)
      S += "?";
    else
      S += collapseWhitespace(E.Json->Str);
  }
  if (const json::JsonValue *St = R.param("Statement");
      St && St->K == json::JsonValue::Kind::String)
    S += "; Statement=" + collapseWhitespace(St->Str);
  return S;
}

std::string RequestContext::target() const {
  std::string Table = R.tableUnknown()
                          ? std::string("a table named at run time")
                          : fmt::format("table '{}'", R.TableName);
  if (R.IndexUnknown)
    return "an index named at run time of " + Table;
  if (R.IndexName)
    return fmt::format("index '{}' of {}", *R.IndexName, Table);
  return Table;
}

namespace {

bool validTableName(llvm::StringRef Name) {
  if (Name.size() < 3 || Name.size() > 255)
    return false;
  for (char C : Name)
    if (!(isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '-' ||
          C == '.'))
      return false;
  return true;
}

/// The closest known table name, for a did-you-mean note.
const DynamoTable *closestTable(const DynamoCatalog &Catalog,
                                llvm::StringRef Name) {
  const DynamoTable *Best = nullptr;
  unsigned BestDistance = 3;
  for (const DynamoTable &T : Catalog.tables()) {
    unsigned D = llvm::StringRef(T.Name).edit_distance(Name, true, 3);
    if (llvm::StringRef(T.Name).equals_insensitive(Name))
      D = 0;
    if (D < BestDistance) {
      BestDistance = D;
      Best = &T;
    }
  }
  return Best;
}

/// Finds the table and index; reports unknown-table and unknown-index. A
/// table computed at run time has no schema; an index computed at run time
/// (or one open parameters may name) leaves the table known but not the key
/// schema read through: C.Table without C.Keys or C.Index.
void resolveTarget(RequestContext &C) {
  const Request &R = C.R;
  if (R.tableUnknown())
    return;
  if (R.TableRange.isValid() && !validTableName(R.TableName)) {
    C.report(RuleId::InvalidQuery, R.TableRange,
             fmt::format("1 validation error detected: Value '{}' at "
                         "'tableName' failed to satisfy constraint: Member "
                         "must {}",
                         R.TableName,
                         R.TableName.size() < 3 || R.TableName.size() > 255
                             ? "have length between 3 and 255"
                             : "satisfy regular expression pattern: "
                               "[a-zA-Z0-9_.-]+"));
    return;
  }
  if (!C.hasSchema() || R.TableName.empty())
    return;
  C.Table = C.Catalog.table(R.TableName, C.Directory);
  if (!C.Table && C.ProjectLacksSchema)
    return; // its own project's schema was not read (a no-schema note)
  if (!C.Table) {
    DiagnosticBuilder B = C.report(
        RuleId::UnknownTable, R.TableRange.isValid() ? R.TableRange : R.Range,
        fmt::format("table '{}' is not defined in the schema; DynamoDB "
                    "answers ResourceNotFoundException: Requested resource "
                    "not found",
                    R.TableName));
    if (const DynamoTable *T = closestTable(C.Catalog, R.TableName))
      B.note(T->NameRange.isValid() ? T->NameRange : T->Range,
             fmt::format("did you mean '{}'? (table names are "
                         "case-sensitive)",
                         T->Name));
    return;
  }
  if (R.indexUnknown())
    return;
  if (!R.IndexName) {
    C.Keys = &C.Table->Keys;
    return;
  }
  C.Index = C.Table->index(*R.IndexName);
  if (!C.Index && C.Table->Partial)
    return; // its indexes are computed at deploy time
  if (!C.Index) {
    DiagnosticBuilder B =
        C.report(RuleId::UnknownIndex, R.IndexRange,
                 "The table does not have the specified index: " +
                     *R.IndexName);
    std::string Names;
    for (const DynamoIndex &I : C.Table->GlobalIndexes)
      Names += (Names.empty() ? "" : ", ") + I.Name;
    for (const DynamoIndex &I : C.Table->LocalIndexes)
      Names += (Names.empty() ? "" : ", ") + I.Name;
    B.note(C.Table->NameRange.isValid() ? C.Table->NameRange : C.Table->Range,
           Names.empty()
               ? fmt::format("table '{}' has no secondary index",
                             C.Table->Name)
               : fmt::format("the indexes of table '{}' are: {}",
                             C.Table->Name, Names));
    return;
  }
  C.Keys = C.Table->keysFor(*R.IndexName);
}

} // namespace

void DynamoChecker::checkRequest(const Request &R, llvm::StringRef Directory,
                                 bool ProjectLacksSchema) const {
  RequestContext C{R,  Catalog, Diags,     nullptr,           nullptr,
                   nullptr, {}, Directory, ProjectLacksSchema};
  // Request shape and expressions first, as DynamoDB validates them before
  // it looks up the table.
  checkExpressionErrors(C);
  checkPlaceholders(C);
  checkReservedWords(C);
  checkLegacyParameters(C);
  checkAttributeValues(C);
  checkLegacyConditions(C);
  checkAttributesToGet(C);
  checkAttributeNames(C);
  checkBatchLimits(C);
  checkDuplicateItems(C);
  checkTransaction(C);
  checkStatementMix(C);
  if (R.Op == Operation::Query)
    C.KeyAnalysis = analyzeKeyCondition(R);

  bool HasOwnTable = R.Op != Operation::BatchGetItem &&
                     R.Op != Operation::BatchWriteItem &&
                     R.Op != Operation::TransactGetItems &&
                     R.Op != Operation::TransactWriteItems &&
                     R.Op != Operation::BatchExecuteStatement &&
                     R.Op != Operation::ExecuteTransaction;
  if (HasOwnTable && !(R.PartiQL && !R.PartiQL->Errors.empty()))
    resolveTarget(C);

  if (R.PartiQL) {
    checkPartiQL(C);
  } else {
    checkKeyCondition(C);
    checkReadParameters(C);
    checkItemKeys(C);
    checkExclusiveStartKey(C);
    checkKeyPaths(C);
    checkUpdateKeys(C);
    checkFullScan(C);
    checkCountAll(C);
    checkFilterExpression(C);
    checkMissingIndex(C);
    checkUnboundedRead(C);
    checkHotPartition(C);
  }
  for (const Request &M : R.Members)
    checkRequest(M);
}

namespace {

/// Without any table definition, one no-schema note per table and file (at
/// its first request), so that a clean run is not read as a verdict.
void noteMissingSchema(const Request &R, DiagnosticEngine &Diags,
                       std::set<std::string> &Noted) {
  if (!R.TableName.empty() && R.TableRange.isValid() &&
      Noted.insert(R.TableName).second)
    Diags.report(RuleId::NoSchema, Dialect::DynamoDb, R.TableRange,
                 fmt::format("no schema given: checks that need the "
                             "definition of table '{}' were skipped (pass "
                             "its CreateTable JSON, describe-table output or "
                             "CloudFormation template with --schema)",
                             R.TableName));
  for (const Request &M : R.Members)
    noteMissingSchema(M, Diags, Noted);
}

} // namespace

void DynamoChecker::checkFile(const RequestFile &File) const {
  std::set<std::string> Noted;
  for (const Request &R : File.Requests) {
    checkRequest(R, File.Directory, File.ProjectLacksSchema);
    if (Catalog.empty() ||
        (File.ProjectLacksSchema && !R.TableName.empty() &&
         !Catalog.table(R.TableName, File.Directory)))
      noteMissingSchema(R, Diags, Noted);
  }
}

} // namespace nosqlint::dynamo
