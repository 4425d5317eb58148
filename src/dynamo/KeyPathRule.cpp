//===- KeyPathRule.cpp - invalid-query for nested paths into key attributes -===//
//
// Key attributes of the table and of its indexes are scalars: a document
// path that dereferences one (`PK.part`, `GSI1PK[0]`) in a projection, a
// filter or an update target is refused, with DynamoDB's message naming
// the Key (table) or IndexKey (index). Updates of a table key are
// UpdateKeyRule's finding. Host source: a #name computed at run time is not
// judged.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

namespace nosqlint::dynamo {

namespace {

void operandPaths(const Operand &O, std::vector<const DocumentPath *> &Out) {
  if (O.Kind == Operand::Path)
    Out.push_back(&O.P);
  for (const Operand &A : O.Args)
    operandPaths(A, Out);
}

void conditionPaths(const Condition &C,
                    std::vector<const DocumentPath *> &Out) {
  for (const Operand &O : C.Operands)
    operandPaths(O, Out);
  for (const Condition &Ch : C.Children)
    conditionPaths(Ch, Out);
}

bool isIndexKey(const DynamoTable &T, llvm::StringRef Name) {
  for (const auto *List : {&T.GlobalIndexes, &T.LocalIndexes})
    for (const DynamoIndex &I : *List)
      if (I.Keys.contains(Name))
        return true;
  return false;
}

} // namespace

void checkKeyPaths(const RequestContext &C) {
  if (!C.Table)
    return;
  std::vector<const DocumentPath *> Paths;
  bool Update = false;
  for (const Expression &E : C.R.Expressions) {
    if (!E.ok())
      continue;
    if (E.Kind == ExprKind::Projection)
      for (const DocumentPath &P : E.Projection)
        Paths.push_back(&P);
    if (E.Kind == ExprKind::Filter && E.Cond)
      conditionPaths(*E.Cond, Paths);
    if (E.Kind == ExprKind::Update) {
      Update = true;
      for (const UpdateAction &A : E.Updates)
        Paths.push_back(&A.Path);
    }
  }
  for (const DocumentPath *P : Paths) {
    const PathElement &Top = P->Elements.front();
    if (P->isTopLevel() || Top.NameUnknown || !Top.Resolved)
      continue;
    bool TableKey = C.Table->Keys.contains(Top.Name);
    if (TableKey && Update)
      continue; // "Cannot update attribute ..." (UpdateKeyRule.cpp)
    if (!TableKey && !isIndexKey(*C.Table, Top.Name))
      continue;
    C.report(RuleId::InvalidQuery, P->Range,
             std::string("Key attributes must be scalars; list random access "
                         "'[]' and map lookup '.' are not allowed: ") +
                 (TableKey ? "Key: " : "IndexKey: ") + Top.Name);
    return;
  }
}

} // namespace nosqlint::dynamo
