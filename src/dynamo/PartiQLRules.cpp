//===- PartiQLRules.cpp - the rules for PartiQL statements ----------------===//
//
// ExecuteStatement (and each statement of BatchExecuteStatement and
// ExecuteTransaction): syntax errors and DynamoDB's restrictions
// (invalid-query), and the cost of a SELECT: a full scan unless the WHERE
// clause gives `=` or IN on the partition key of what it reads, COUNT over a
// scan, an unbounded read of one item collection, a hot partition key, a
// lookup by an attribute no index serves. A statement computed at run time
// (StatementUnknown) has no PartiQL and gets none of these; a Limit computed
// at run time, or one open parameters may hold, bounds the read.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"
#include "Indexes.h"

#include "llvm/ADT/StringExtras.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

namespace {

bool isPath(const PqlExpr &E, llvm::StringRef Name) {
  return E.Kind == PqlExpr::Path && E.Children.empty() && E.Text == Name;
}

bool isValue(const PqlExpr &E) {
  return E.Kind == PqlExpr::Literal || E.Kind == PqlExpr::Parameter;
}

/// True if every row \p E accepts has one of finitely many values of
/// \p Attribute given by `=` or IN.
bool pins(const PqlExpr &E, llvm::StringRef Attribute) {
  switch (E.Kind) {
  case PqlExpr::And:
    return pins(E.Children[0], Attribute) || pins(E.Children[1], Attribute);
  case PqlExpr::Or:
    return pins(E.Children[0], Attribute) && pins(E.Children[1], Attribute);
  case PqlExpr::Paren:
    return E.Children.size() == 1 && pins(E.Children[0], Attribute);
  case PqlExpr::Compare:
    return E.Text == "=" &&
           ((isPath(E.Children[0], Attribute) && isValue(E.Children[1])) ||
            (isPath(E.Children[1], Attribute) && isValue(E.Children[0])));
  case PqlExpr::In:
    return !E.Negated && isPath(E.Children[0], Attribute);
  default:
    return false;
  }
}

/// Any condition on \p Attribute (for the sort key).
bool mentions(const PqlExpr &E, llvm::StringRef Attribute) {
  if (isPath(E, Attribute))
    return true;
  if (E.Kind == PqlExpr::Or || E.Kind == PqlExpr::Not)
    return false;
  for (const PqlExpr &C : E.Children)
    if (mentions(C, Attribute))
      return true;
  return false;
}

/// Attributes compared with `=` in the top-level AND.
void equalities(const PqlExpr &E,
                std::vector<std::pair<std::string, SourceRange>> &Out) {
  if (E.Kind == PqlExpr::And || E.Kind == PqlExpr::Paren) {
    for (const PqlExpr &C : E.Children)
      equalities(C, Out);
    return;
  }
  if (E.Kind == PqlExpr::Compare && E.Text == "=")
    for (int I = 0; I < 2; ++I)
      if (E.Children[I].Kind == PqlExpr::Path && E.Children[I].Children.empty() &&
          isValue(E.Children[1 - I]))
        Out.push_back({E.Children[I].Text, E.Children[I].Range});
}

const PqlExpr *findFunction(const PqlExpr &E, llvm::StringRef Name) {
  if (E.Kind == PqlExpr::Function && llvm::StringRef(E.Text).equals_insensitive(Name))
    return &E;
  for (const PqlExpr &C : E.Children)
    if (const PqlExpr *F = findFunction(C, Name))
      return F;
  return nullptr;
}

void checkFunctions(const RequestContext &C, const Statement &S) {
  auto Check = [&](const PqlExpr &E, auto &Self) -> bool {
    if (E.Kind == PqlExpr::Function) {
      std::string Upper = llvm::StringRef(E.Text).upper();
      if (Upper != "EXISTS" && Upper != "BEGINS_WITH" && Upper != "MISSING" &&
          Upper != "ATTRIBUTE_TYPE" && Upper != "CONTAINS" && Upper != "SIZE") {
        C.report(RuleId::InvalidQuery, E.Range,
                 fmt::format("Unsupported function: {}; DynamoDB's PartiQL "
                             "has EXISTS, BEGINS_WITH, MISSING, "
                             "ATTRIBUTE_TYPE, CONTAINS and SIZE, and no "
                             "aggregates",
                             E.Text));
        return true;
      }
    }
    for (const PqlExpr &Ch : E.Children)
      if (Self(Ch, Self))
        return true;
    return false;
  };
  for (const PqlExpr &I : S.Items)
    if (Check(I, Check))
      return;
  if (S.Where)
    Check(*S.Where, Check);
}

void checkSelectCost(const RequestContext &C, const Statement &S) {
  if (!C.Keys || C.Keys->Hash.empty())
    return;
  const DynamoKeySchema &Keys = *C.Keys;
  bool Pinned = S.Where.has_value();
  for (const DynamoKeyAttribute &K : Keys.Hash)
    Pinned = Pinned && pins(*S.Where, K.Name);
  const PqlExpr *Count = nullptr;
  for (const PqlExpr &I : S.Items)
    if (!Count)
      Count = findFunction(I, "COUNT");
  if (!Pinned) {
    DiagnosticBuilder B = C.report(
        RuleId::FullScan, S.TableRange,
        fmt::format("SELECT without `=` or IN on the partition key '{}' "
                    "scans {}: every item is read and billed{}",
                    Keys.Hash.front().Name, C.target(),
                    S.Where ? ", the WHERE clause is applied after the read"
                            : ""));
    std::vector<std::pair<std::string, SourceRange>> Eq;
    if (S.Where)
      equalities(*S.Where, Eq);
    bool Served = false;
    for (const auto &[Attr, Range] : Eq) {
      KeyHome H = partitionKeyHome(*C.Table, Attr);
      if (!H.Found)
        continue;
      Served = true;
      B.note(Range, H.Index ? fmt::format("'{}' is the partition key of {}: "
                                          "read FROM \"{}\".\"{}\"",
                                          Attr, describeHome(H),
                                          C.Table->Name, H.Index->Name)
                            : fmt::format("'{}' is the table's partition "
                                          "key: read FROM \"{}\"",
                                          Attr, C.Table->Name));
      break;
    }
    if (Count)
      C.report(RuleId::CountAll, Count->Range,
               fmt::format("COUNT over a scan of {} reads every item to "
                           "count it",
                           C.target()))
          .note(SourceRange(), "keep the count in a counter item updated by "
                               "each write");
    if (!Served)
      for (const auto &[Attr, Range] : Eq)
        if (!isKeyAnywhere(*C.Table, Attr)) {
          C.report(RuleId::MissingIndex, Range,
                   fmt::format("SELECT looks items up by '{}', which is a key "
                               "of no table, GSI or LSI of '{}': it scans",
                               Attr, C.Table->Name))
              .note(C.Table->NameRange, proposeGsi(*C.Table, Attr));
          break;
        }
    return;
  }
  if (std::optional<KeyVerdict> V = hotKeyVerdict(Keys))
    C.report(RuleId::HotPartitionKey, S.TableRange,
             fmt::format("SELECT on {}: {}", C.target(), V->Reason))
        .note(Keys.Hash.front().Range, V->Suggestion);
  bool SortBound = false;
  for (const DynamoKeyAttribute &K : Keys.Range)
    SortBound |= mentions(*S.Where, K.Name);
  if (Keys.hasSortKey() && !SortBound && C.R.surelyAbsent("Limit"))
    C.report(RuleId::UnboundedPartitionRead, S.Where->Range,
             fmt::format("SELECT pins the partition key of {} but not its "
                         "sort key '{}', and the request has no Limit: it "
                         "reads the whole item collection",
                         C.target(), Keys.sortKey()->Name))
        .note(Keys.sortKey()->Range,
              "add a condition on the sort key or a Limit");
}

/// UPDATE and DELETE name one item: `=` on every primary key attribute.
void checkWriteKeys(const RequestContext &C, const Statement &S) {
  if (!C.Table)
    return;
  for (const auto *Part : {&C.Table->Keys.Hash, &C.Table->Keys.Range})
    for (const DynamoKeyAttribute &K : *Part) {
      std::vector<std::pair<std::string, SourceRange>> Eq;
      if (S.Where)
        equalities(*S.Where, Eq);
      bool Found = false;
      for (const auto &E : Eq)
        Found |= E.first == K.Name;
      if (Found)
        continue;
      C.report(RuleId::InvalidQuery, S.Where ? S.Where->Range : S.Range,
               fmt::format("Where clause does not contain a mandatory "
                           "equality on all key attributes: '{}' is missing",
                           K.Name))
          .note(C.Table->Keys.Definition,
                fmt::format("{} names exactly one item by its full primary "
                            "key",
                            S.Kind == Statement::Update   ? "UPDATE"
                            : S.Kind == Statement::Delete ? "DELETE"
                                                          : "a SELECT in " +
                                  operationName(C.R.ParentOp).str()));
      return;
    }
}

void checkInsertKeys(const RequestContext &C, const Statement &S) {
  if (!C.Table || S.Items.empty() || S.Items.front().Kind != PqlExpr::Tuple)
    return;
  const PqlExpr &Tuple = S.Items.front();
  for (const auto *Part : {&C.Table->Keys.Hash, &C.Table->Keys.Range})
    for (const DynamoKeyAttribute &K : *Part) {
      bool Found = false;
      for (size_t I = 0; I < Tuple.Children.size(); I += 2)
        Found |= Tuple.Children[I].Text == K.Name;
      if (!Found) {
        C.report(RuleId::InvalidQuery, Tuple.Range,
                 "One or more parameter values were invalid: Missing the key " +
                     K.Name + " in the item");
        return;
      }
    }
}

} // namespace

/// BatchExecuteStatement and ExecuteTransaction: all reads or all writes.
void checkStatementMix(const RequestContext &C) {
  if (C.R.Op != Operation::BatchExecuteStatement &&
      C.R.Op != Operation::ExecuteTransaction)
    return;
  bool Reads = false, Writes = false;
  for (const Request &M : C.R.Members)
    if (M.PartiQL && M.PartiQL->Errors.empty()) {
      Reads |= M.PartiQL->Kind == Statement::Select;
      Writes |= M.PartiQL->Kind != Statement::Select;
    }
  if (!Reads || !Writes)
    return;
  const json::JsonMember *M = C.R.paramMember(
      C.R.Op == Operation::BatchExecuteStatement ? "Statements"
                                                 : "TransactStatements");
  C.report(RuleId::InvalidQuery, M ? M->keyRange(C.R.File) : C.anchor(),
           fmt::format("{} mixes reads and writes: its statements must be "
                       "all SELECTs or all INSERT/UPDATE/DELETEs",
                       operationName(C.R.Op).str()));
}

void checkPartiQL(const RequestContext &C) {
  const Statement &S = *C.R.PartiQL;
  if (!S.Errors.empty()) {
    C.report(RuleId::InvalidQuery, S.Errors.front().second,
             S.Errors.front().first);
    return;
  }
  checkFunctions(C, S);
  if (const json::JsonValue *L = C.R.knownParam("Limit");
      L && L->isNumber() && L->Number < 1)
    C.report(RuleId::InvalidQuery, L->range(C.R.File),
             fmt::format("1 validation error detected: Value '{}' at 'limit' "
                         "failed to satisfy constraint: Member must have "
                         "value greater than or equal to 1",
                         L->Str));
  if (!C.Table) {
    // Without the key schema, only a SELECT with no WHERE is surely a scan.
    if (S.Kind == Statement::Select && !S.Where && S.TableRange.isValid())
      C.report(RuleId::FullScan, S.TableRange,
               fmt::format("SELECT without a WHERE clause scans {}: every "
                           "item is read and billed",
                           C.target()));
    return;
  }
  switch (S.Kind) {
  case Statement::Select:
    checkSelectCost(C, S);
    // In a batch or a transaction a SELECT reads one item by its full key.
    if (C.R.IsMember)
      checkWriteKeys(C, S);
    return;
  case Statement::Update:
  case Statement::Delete:
    checkWriteKeys(C, S);
    return;
  case Statement::Insert:
    checkInsertKeys(C, S);
    return;
  }
}

} // namespace nosqlint::dynamo
