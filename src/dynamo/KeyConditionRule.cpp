//===- KeyConditionRule.cpp - invalid-query for Query key conditions ------===//
//
// DynamoDB's key-condition rules, checked against the key schema the Query
// reads through (the index's with IndexName): the partition key pinned with
// `=`, at most one condition on the sort key, nothing else; the values of
// the declared types. On a GSI with a multi-attribute key every partition
// attribute needs `=`, and the sort attributes are constrained left to
// right with a range only on the last one.
//
// Host source: a value of unknown type is not type-checked; a term whose
// attribute is computed at run time (an Incomplete analysis) may be any
// key, so nothing is concluded from a key the listed terms leave out; the
// request's index computed at run time leaves no key schema to judge by.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"
#include "Indexes.h"

#include <fmt/format.h>

#include <cstdlib>

namespace nosqlint::dynamo {

namespace {

/// "{N:1704153600}" as DynamoDB prints an AttributeValue in messages.
std::string printValue(const json::JsonValue *V) {
  std::string T = attributeValueType(V);
  if (T.empty())
    return "{}";
  const json::JsonValue &X = V->Members.front().Value;
  return "{" + T + ":" + X.Str + "}";
}

/// -1, 0, 1; nullopt if not comparable.
std::optional<int> compareValues(const json::JsonValue *A,
                                 const json::JsonValue *B) {
  std::string TA = attributeValueType(A), TB = attributeValueType(B);
  if (TA != TB || TA.empty())
    return std::nullopt;
  const json::JsonValue &X = A->Members.front().Value;
  const json::JsonValue &Y = B->Members.front().Value;
  if (!X.isString() || !Y.isString() || X.Unknown || Y.Unknown)
    return std::nullopt;
  if (TA == "N") {
    double DX = std::strtod(X.Str.c_str(), nullptr);
    double DY = std::strtod(Y.Str.c_str(), nullptr);
    return DX < DY ? -1 : DX > DY ? 1 : 0;
  }
  int R = X.Str.compare(Y.Str);
  return R < 0 ? -1 : R > 0 ? 1 : 0;
}

void checkValues(const RequestContext &C, const KeyTerm &T,
                 const DynamoKeyAttribute &Key) {
  std::string Want = Key.Type == DynamoScalarType::Unknown
                         ? ""
                         : dynamoScalarTypeName(Key.Type).str();
  std::vector<const json::JsonValue *> Vals;
  std::vector<SourceRange> Ranges;
  for (const Operand *O : T.Values) {
    Vals.push_back(O->Val);
    Ranges.push_back(O->Range);
  }
  for (const json::JsonValue *V : T.LegacyValues) {
    Vals.push_back(V);
    Ranges.push_back(V->range(C.R.File));
  }
  for (size_t I = 0; I < Vals.size(); ++I) {
    std::string Got = attributeValueType(Vals[I]);
    if (Got.empty() || Want.empty())
      continue;
    // Legacy KeyConditions: BEGINS_WITH's operand types and BETWEEN's order
    // are LegacyConditionRules.cpp's, worded as DynamoDB words them there.
    bool Legacy = !T.LegacyValues.empty();
    if (T.Op == KeyTerm::BeginsWith && Got == "N" && !Legacy) {
      C.report(RuleId::InvalidQuery, Ranges[I],
               "Invalid KeyConditionExpression: Incorrect operand type for "
               "operator or function; operator or function: begins_with, "
               "operand type: N");
      return;
    }
    // KeyConditions' BEGINS_WITH of a number: LegacyConditionRules.cpp
    // reports it (DynamoDB reports the operator first).
    if (T.Op == KeyTerm::BeginsWith && Legacy && Got != "S" && Got != "B")
      return;
    if (Got != Want) {
      C.report(RuleId::InvalidQuery, Ranges[I],
               "One or more parameter values were invalid: Condition "
               "parameter type does not match schema type")
          .note(Key.Range, fmt::format("'{}' is declared with type {}",
                                       Key.Name, Want));
      return;
    }
  }
  if (T.Op == KeyTerm::Between && Vals.size() == 2 && T.LegacyValues.empty())
    if (std::optional<int> Cmp = compareValues(Vals[0], Vals[1]); Cmp && *Cmp > 0)
      C.report(RuleId::InvalidQuery, T.Range,
               fmt::format("Invalid KeyConditionExpression: The BETWEEN "
                           "operator requires upper bound to be greater than "
                           "or equal to lower bound; lower bound operand: "
                           "AttributeValue: {}, upper bound operand: "
                           "AttributeValue: {}",
                           printValue(Vals[0]), printValue(Vals[1])));
}

void suggestIndex(const RequestContext &C, DiagnosticBuilder &B,
                  llvm::StringRef Attribute) {
  if (!C.Table)
    return;
  KeyHome H = partitionKeyHome(*C.Table, Attribute);
  if (H.Found && H.Index)
    B.note(H.Index->NameRange,
           fmt::format("'{}' is the partition key of {}: query that index",
                       Attribute.str(), describeHome(H)));
  else if (H.Found)
    B.note(C.Table->Keys.Definition,
           fmt::format("'{}' is the table's partition key: drop \"IndexName\"",
                       Attribute.str()));
  for (const DynamoIndex &L : C.Table->LocalIndexes)
    if (const DynamoKeyAttribute *S = L.Keys.sortKey(); S && S->Name == Attribute)
      B.note(L.NameRange,
             fmt::format("'{}' is the sort key of local secondary index '{}': "
                         "add \"IndexName\": \"{}\"",
                         Attribute.str(), L.Name, L.Name));
}

} // namespace

void checkKeyCondition(const RequestContext &C) {
  const Request &R = C.R;
  if (R.Op != Operation::Query)
    return;
  const KeyConditionAnalysis &A = C.KeyAnalysis;
  if (!A.Present) {
    const json::JsonValue *Legacy = R.param("KeyConditions");
    if (!R.expression(ExprKind::KeyCondition) &&
        !(Legacy && Legacy->Unknown) && !R.paramsOpen())
      C.report(RuleId::InvalidQuery, C.anchor(),
               "Either the KeyConditions or KeyConditionExpression parameter "
               "must be specified in the request.");
    return;
  }
  if (!A.Problems.empty()) {
    C.report(RuleId::InvalidQuery, A.Problems.front().Range,
             A.Problems.front().Message);
    return;
  }
  if (!C.Keys || C.Keys->Malformed)
    return;
  const DynamoKeySchema &Keys = *C.Keys;
  SourceRange Where = A.Range;

  // A condition on something that is not a key of what is queried.
  for (const KeyTerm &T : A.Terms) {
    if (T.NameUnknown || Keys.contains(T.Attribute))
      continue;
    // A term naming a non-key attribute is wrong whatever the others are;
    // which key it leaves out is only known when every term is.
    const DynamoKeyAttribute *Missing = nullptr;
    if (!A.Incomplete) {
      for (const DynamoKeyAttribute &K : Keys.Hash)
        if (!Missing && !A.term(K.Name))
          Missing = &K;
      for (const DynamoKeyAttribute &K : Keys.Range)
        if (!Missing && !A.term(K.Name))
          Missing = &K;
    }
    DiagnosticBuilder B = C.report(
        RuleId::InvalidQuery, T.AttrRange,
        Missing ? "Query condition missed key schema element: " + Missing->Name
                : std::string("Query key condition not supported"));
    B.note(Keys.Definition,
           fmt::format("'{}' is not part of the key of {}", T.Attribute,
                       C.target()));
    suggestIndex(C, B, T.Attribute);
    return;
  }
  for (const DynamoKeyAttribute &K : Keys.Hash) {
    const KeyTerm *T = A.term(K.Name);
    if (!T && A.Incomplete)
      continue; // a term computed at run time may name it
    if (T && T->OpUnknown)
      continue;
    if (!T) {
      C.report(RuleId::InvalidQuery, Where,
               "Query condition missed key schema element: " + K.Name)
          .note(K.Range, fmt::format("'{}' is the partition key of {}", K.Name,
                                     C.target()));
      return;
    }
    if (T->Op != KeyTerm::Eq) {
      C.report(RuleId::InvalidQuery, T->Range,
               "Query key condition not supported")
          .note(K.Range,
                fmt::format("'{}' is a partition key: it takes only `=`; "
                            "begins_with and ranges work on the sort key",
                            K.Name));
      return;
    }
  }
  // Multi-attribute sort keys: left to right, a range only on the last.
  if (Keys.Range.size() > 1 && !A.Incomplete) {
    const DynamoKeyAttribute *Gap = nullptr;
    for (size_t I = 0; I < Keys.Range.size(); ++I) {
      const KeyTerm *T = A.term(Keys.Range[I].Name);
      if (!T) {
        if (!Gap)
          Gap = &Keys.Range[I];
        continue;
      }
      if (Gap) {
        C.report(RuleId::InvalidQuery, T->Range,
                 fmt::format("Query key condition not supported: sort key "
                             "attribute {} is constrained but {}, which "
                             "precedes it in the key schema, is not",
                             Keys.Range[I].Name, Gap->Name))
            .note(Keys.Definition, "multi-attribute sort keys are "
                                   "constrained from left to right");
        return;
      }
      bool Last = I + 1 == Keys.Range.size() ||
                  !A.term(Keys.Range[I + 1].Name);
      if (!Last && !T->OpUnknown && T->Op != KeyTerm::Eq) {
        C.report(RuleId::InvalidQuery, T->Range,
                 fmt::format("Query key condition not supported: only the "
                             "last constrained sort key attribute may have a "
                             "range condition, and {} is followed by {}",
                             Keys.Range[I].Name, Keys.Range[I + 1].Name));
        return;
      }
    }
  }
  for (const KeyTerm &T : A.Terms)
    for (const DynamoKeyAttribute &K : Keys.Hash)
      if (K.Name == T.Attribute)
        checkValues(C, T, K);
  for (const KeyTerm &T : A.Terms)
    for (const DynamoKeyAttribute &K : Keys.Range)
      if (K.Name == T.Attribute)
        checkValues(C, T, K);
}

} // namespace nosqlint::dynamo
