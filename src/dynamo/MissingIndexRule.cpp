//===- MissingIndexRule.cpp - missing-index -------------------------------===//
//
// Items looked up by an attribute that is a key of no table, GSI or LSI: a
// key condition or a Key naming it, or a Scan filter on it (a Query's filter
// is filter-expression's business). An attribute that is a key of another
// index is not missing an index: the other rules point at that index. The
// note is the GSI definition that would serve the lookup. The rule does
// not depend on which index a request reads (every key of the table and its
// indexes counts), so it holds for an index computed at run time; it never
// judges an attribute whose name is computed at run time, and a Scan filter
// holding one may be served by a key.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"
#include "Indexes.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

namespace {

void report(const RequestContext &C, llvm::StringRef Attribute,
            SourceRange Where, llvm::StringRef How) {
  C.report(RuleId::MissingIndex, Where,
           fmt::format("{} looks items up by '{}', which is a key of no "
                       "table, GSI or LSI of '{}': {}",
                       operationName(C.R.Op).str(), Attribute.str(),
                       C.Table->Name, How.str()))
      .note(C.Table->NameRange.isValid() ? C.Table->NameRange : C.Table->Range,
            proposeGsi(*C.Table, Attribute));
}

} // namespace

void checkMissingIndex(const RequestContext &C) {
  const Request &R = C.R;
  // A table whose indexes or keys are computed at deploy time may well
  // have one on the attribute.
  if (!C.Table || C.Table->Partial || C.Table->Keys.Malformed)
    return;
  for (const auto *Indexes : {&C.Table->GlobalIndexes, &C.Table->LocalIndexes})
    for (const DynamoIndex &I : *Indexes)
      if (I.Keys.Malformed)
        return;
  switch (R.Op) {
  case Operation::Query:
    for (const KeyTerm &T : C.KeyAnalysis.Terms)
      if (!T.NameUnknown && !isKeyAnywhere(*C.Table, T.Attribute)) {
        report(C, T.Attribute, T.AttrRange,
               "DynamoDB rejects the key condition; as a filter it would "
               "read the whole partition");
        return;
      }
    return;
  case Operation::Scan: {
    const Expression *F = R.expression(ExprKind::Filter);
    if (!F || !F->ok() || !F->Cond)
      return;
    std::vector<Lookup> Lookups = lookupsOf(*F->Cond);
    for (const Lookup &L : Lookups)
      if (L.NameUnknown || isKeyAnywhere(*C.Table, L.Attribute))
        return; // full-scan points at that index
    for (const Lookup &L : Lookups)
      if (L.Equality) {
        report(C, L.Attribute, L.Range,
               "the Scan reads the whole table to find the matching items");
        return;
      }
    return;
  }
  case Operation::GetItem:
  case Operation::DeleteItem:
  case Operation::UpdateItem:
  case Operation::ConditionCheck: {
    const json::JsonValue *Key = R.param("Key");
    if (!Key || !Key->isObject())
      return;
    for (const json::JsonMember &M : Key->Members)
      if (!isKeyAnywhere(*C.Table, M.Key)) {
        report(C, M.Key, M.keyRange(R.File),
               "a Key must be the table's primary key; to find items by "
               "this attribute, Query an index on it");
        return;
      }
    return;
  }
  default:
    return;
  }
}

} // namespace nosqlint::dynamo
