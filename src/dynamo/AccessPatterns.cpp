//===- AccessPatterns.cpp - Which key each DynamoDB request uses ----------===//
//
// The items a request selects are lowered to CQL relations (Relations.h:
// key condition, PartiQL WHERE, Key or Item) and describeKeyAccess reads
// the keys off them, as for a CQL statement.
//
// Host source: a table, index, expression or statement computed at run time
// is listed as "?"; a key-condition attribute whose #name is computed at run
// time is left out; the attributes a Key or Item lists are pinned whatever
// their values.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Dynamo/AccessPatterns.h"

#include "KeyConditions.h"

#include "nosqlint/Dynamo/Relations.h"

#include <algorithm>

namespace nosqlint::dynamo {

namespace {

/// How a name or text computed at run time is listed.
const std::string RunTime = "?";

/// A key-condition term as a relation: only which attribute it restricts,
/// and whether it pins it, matter to the key access (legacy KeyConditions,
/// whose terms have no expression to lower).
cql::Relation termRelation(const KeyTerm &T) {
  cql::Relation Rel;
  cql::Identifier Id;
  Id.Name = T.Attribute;
  Id.Quoted = true;
  Id.Range = T.AttrRange;
  Rel.Columns.push_back(std::move(Id));
  Rel.Op = T.Op == KeyTerm::Eq && !T.OpUnknown ? cql::RelationOp::Eq
                                                : cql::RelationOp::Gt;
  Rel.Range = T.Range;
  return Rel;
}

/// The items a request selects, as CQL relations (Relations.h).
std::vector<cql::Relation> selection(const Request &R, FileId File) {
  if (R.PartiQL)
    return R.PartiQL->Where ? lowerPartiQLWhere(*R.PartiQL->Where).Relations
                            : std::vector<cql::Relation>();
  switch (R.Op) {
  case Operation::Query: {
    if (const Expression *E = R.expression(ExprKind::KeyCondition);
        E && E->ok() && E->Cond)
      return lowerCondition(*E->Cond).Relations;
    std::vector<cql::Relation> Where;
    for (const KeyTerm &T : analyzeKeyCondition(R).Terms)
      if (!T.NameUnknown)
        Where.push_back(termRelation(T));
    return Where;
  }
  case Operation::GetItem:
  case Operation::UpdateItem:
  case Operation::DeleteItem:
  case Operation::ConditionCheck:
  case Operation::PutItem:
    if (const json::JsonValue *Map =
            R.param(R.Op == Operation::PutItem ? "Item" : "Key"))
      return lowerKeyMap(*Map, File).Relations;
    return {};
  default:
    return {}; // Scan: no key at all
  }
}

KeyColumns keyColumns(const DynamoKeySchema &Keys) {
  KeyColumns K;
  for (const DynamoKeyAttribute &A : Keys.Hash)
    K.Partition.push_back(A.Name);
  for (const DynamoKeyAttribute &A : Keys.Range)
    K.Sort.push_back(A.Name);
  return K;
}

void collect(const Request &R, const DynamoCatalog &Catalog,
             llvm::StringRef Directory, std::vector<AccessPattern> &Out) {
  if (!R.Members.empty()) {
    for (const Request &M : R.Members)
      collect(M, Catalog, Directory, Out);
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
  std::vector<cql::Relation> Where =
      R.StatementUnknown ? std::vector<cql::Relation>() : selection(R, R.File);
  if (R.PartiQL) {
    const Statement &S = *R.PartiQL;
    static const char *const Kinds[] = {"SELECT", "INSERT", "UPDATE", "DELETE"};
    P.Operation = std::string("ExecuteStatement ") + Kinds[S.Kind];
    P.Table = S.Table;
    if (S.Index)
      P.Index = *S.Index;
    P.Range = S.Range;
    if (const json::JsonValue *Text = R.param("Statement"))
      P.Text = Text->Str;
  } else if (R.StatementUnknown) {
    P.Table = RunTime;
    P.Text = RunTime;
  } else {
    if (R.Op == Operation::Query)
      if (const Expression *E = R.expression(ExprKind::KeyCondition);
          E && E->Json)
        P.Text = E->Unknown ? RunTime : E->Json->Str;
    if (P.Text.empty()) {
      // The predicate that selects the items, as written.
      for (ExprKind K : {ExprKind::Filter, ExprKind::Condition})
        if (const Expression *E = R.expression(K); E && E->Json) {
          P.Text = exprParamName(K).str() + ": " +
                   (E->Unknown ? RunTime : E->Json->Str);
          break;
        }
      if (P.Text.empty() && !Where.empty()) {
        P.Text = "Key: ";
        for (size_t I = 0; I < Where.size(); ++I)
          P.Text += (I ? ", " : "") + Where[I].Columns.front().Name;
      }
    }
  }
  const DynamoTable *T = R.tableUnknown() || R.StatementUnknown
                            ? nullptr
                            : Catalog.table(P.Table, Directory);
  P.TableKnown = T != nullptr;
  // Which key pins what is not known for an index computed at run time.
  // (Open parameters that list no IndexName are listed as reading the
  // table: the inventory describes, it reports nothing.)
  const DynamoKeySchema *Keys =
      T && !R.IndexUnknown ? T->keysFor(P.Index) : nullptr;
  KeyColumns Columns;
  if (Keys)
    Columns = keyColumns(*Keys);
  describeKeyAccess(Where, Keys ? &Columns : nullptr, P);
  // PutItem names every attribute of the item: only the key is pinned.
  if (R.Op == Operation::PutItem && Keys)
    P.Other.clear();
  Out.push_back(std::move(P));
}

} // namespace

std::vector<AccessPattern> accessPatterns(const RequestFile &File,
                                          const DynamoCatalog &Catalog) {
  std::vector<AccessPattern> Out;
  for (const Request &R : File.Requests)
    collect(R, Catalog, File.Directory, Out);
  return Out;
}

} // namespace nosqlint::dynamo
