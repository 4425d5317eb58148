//===- AccessPatterns.cpp - Which key each DynamoDB request uses ----------===//
//
// Host source: a table, index, expression or statement computed at run time
// is listed as "?"; a key-condition attribute whose #name is computed at run
// time is left out; the attributes a Key or Item lists are pinned whatever
// their values.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Dynamo/AccessPatterns.h"

#include "KeyConditions.h"

#include <algorithm>

namespace nosqlint::dynamo {

namespace {

/// How a name or text computed at run time is listed.
const std::string RunTime = "?";

void addUnique(std::vector<std::string> &V, const std::string &S) {
  if (std::find(V.begin(), V.end(), S) == V.end())
    V.push_back(S);
}

/// Splits \p Attributes into the partition and sort keys of \p Keys (in key
/// order) and the rest.
void classify(const std::vector<std::string> &Attributes,
              const DynamoKeySchema *Keys, AccessPattern &P) {
  if (!Keys) {
    P.Other = Attributes;
    return;
  }
  auto Has = [&](const std::string &A) {
    return std::find(Attributes.begin(), Attributes.end(), A) != Attributes.end();
  };
  P.FullPartitionKey = !Keys->Hash.empty();
  for (const DynamoKeyAttribute &K : Keys->Hash) {
    if (Has(K.Name))
      P.PartitionKey.push_back(K.Name);
    else
      P.FullPartitionKey = false;
  }
  for (const DynamoKeyAttribute &K : Keys->Range)
    if (Has(K.Name))
      P.SortKey.push_back(K.Name);
  for (const std::string &A : Attributes) {
    bool IsKey = false;
    for (const DynamoKeyAttribute &K : Keys->Hash)
      IsKey |= K.Name == A;
    for (const DynamoKeyAttribute &K : Keys->Range)
      IsKey |= K.Name == A;
    if (!IsKey)
      addUnique(P.Other, A);
  }
}

/// Attributes a PartiQL WHERE pins with = or IN (top-level ANDs only).
void pinnedByWhere(const PqlExpr &E, std::vector<std::string> &Out) {
  switch (E.Kind) {
  case PqlExpr::And:
  case PqlExpr::Paren:
    for (const PqlExpr &C : E.Children)
      pinnedByWhere(C, Out);
    return;
  case PqlExpr::Compare:
    if (E.Text == "=" )
      for (const PqlExpr &C : E.Children)
        if (C.Kind == PqlExpr::Path)
          addUnique(Out, C.Text);
    return;
  case PqlExpr::In:
    if (!E.Negated && !E.Children.empty() && E.Children[0].Kind == PqlExpr::Path)
      addUnique(Out, E.Children[0].Text);
    return;
  default:
    return;
  }
}

/// The attribute names of an item or key map ({"pk": {"S": ...}, ...}).
std::vector<std::string> memberNames(const json::JsonValue *Map) {
  std::vector<std::string> Names;
  if (Map && Map->isObject())
    for (const json::JsonMember &M : Map->Members)
      Names.push_back(M.Key);
  return Names;
}

void collect(const Request &R, const DynamoCatalog &Catalog,
             std::vector<AccessPattern> &Out) {
  if (!R.Members.empty()) {
    for (const Request &M : R.Members)
      collect(M, Catalog, Out);
    return;
  }
  AccessPattern P;
  P.Lang = Dialect::DynamoDb;
  P.Range = R.OperationRange.isValid() ? R.OperationRange : R.Range;
  P.Operation = operationName(R.Op).str();
  P.Table = R.tableUnknown() ? RunTime : R.TableName;
  if (R.IndexName)
    P.Index = *R.IndexName;
  else if (R.IndexUnknown)
    P.Index = RunTime;
  std::vector<std::string> Attributes;
  if (R.PartiQL) {
    const Statement &S = *R.PartiQL;
    static const char *const Kinds[] = {"SELECT", "INSERT", "UPDATE", "DELETE"};
    P.Operation = std::string("ExecuteStatement ") + Kinds[S.Kind];
    P.Table = S.Table;
    if (S.Index)
      P.Index = *S.Index;
    if (S.Where)
      pinnedByWhere(*S.Where, Attributes);
    P.Range = S.Range;
    if (const json::JsonValue *Text = R.param("Statement"))
      P.Text = Text->Str;
  } else if (R.StatementUnknown) {
    P.Table = RunTime;
    P.Text = RunTime;
  } else {
    switch (R.Op) {
    case Operation::Query: {
      KeyConditionAnalysis K = analyzeKeyCondition(R);
      for (const KeyTerm &T : K.Terms)
        if (!T.NameUnknown)
          addUnique(Attributes, T.Attribute);
      if (const Expression *E = R.expression(ExprKind::KeyCondition);
          E && E->Json)
        P.Text = E->Unknown ? RunTime : E->Json->Str;
      break;
    }
    case Operation::GetItem:
    case Operation::UpdateItem:
    case Operation::DeleteItem:
    case Operation::ConditionCheck:
      Attributes = memberNames(R.param("Key"));
      break;
    case Operation::PutItem:
      Attributes = memberNames(R.param("Item"));
      break;
    default:
      break; // Scan: no key at all
    }
    if (P.Text.empty()) {
      // The predicate that selects the items, as written.
      for (ExprKind K : {ExprKind::Filter, ExprKind::Condition})
        if (const Expression *E = R.expression(K); E && E->Json) {
          P.Text = exprParamName(K).str() + ": " +
                   (E->Unknown ? RunTime : E->Json->Str);
          break;
        }
      if (P.Text.empty() && !Attributes.empty()) {
        P.Text = "Key: ";
        for (size_t I = 0; I < Attributes.size(); ++I)
          P.Text += (I ? ", " : "") + Attributes[I];
      }
    }
  }
  const DynamoTable *T = R.tableUnknown() || R.StatementUnknown
                            ? nullptr
                            : Catalog.table(P.Table);
  P.TableKnown = T != nullptr;
  // Which key pins what is not known for an index computed at run time.
  // (Open parameters that list no IndexName are listed as reading the
  // table: the inventory describes, it reports nothing.)
  const DynamoKeySchema *Keys =
      T && !R.IndexUnknown ? T->keysFor(P.Index) : nullptr;
  // PutItem names every attribute of the item: only the key is pinned.
  if (R.Op == Operation::PutItem && Keys) {
    classify(Attributes, Keys, P);
    P.Other.clear();
  } else {
    classify(Attributes, Keys, P);
  }
  Out.push_back(std::move(P));
}

} // namespace

std::vector<AccessPattern> accessPatterns(const RequestFile &File,
                                          const DynamoCatalog &Catalog) {
  std::vector<AccessPattern> Out;
  for (const Request &R : File.Requests)
    collect(R, Catalog, Out);
  return Out;
}

} // namespace nosqlint::dynamo
