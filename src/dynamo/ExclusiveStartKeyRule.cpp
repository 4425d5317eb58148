//===- ExclusiveStartKeyRule.cpp - invalid-query for ExclusiveStartKey ----===//
//
// A Query or Scan resumes from ExclusiveStartKey, the LastEvaluatedKey of
// the previous page: the full primary key of the table and, when reading an
// index, the index key as well (every attribute of a multi-attribute key),
// each with its declared type, and nothing else. A Query's start key must
// lie in the partition its key condition pins.
//
// Host source: a start key computed at run time is not judged; an open one
// is not missing what it does not list; values of unknown contents are not
// compared.
//
//===----------------------------------------------------------------------===//
#include "AttributeValues.h"
#include "CheckContext.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

namespace {

const char *const StartKeyInvalid = "The provided starting key is invalid";

/// The attributes a start key must hold, each once.
std::vector<const DynamoKeyAttribute *> startKeyAttributes(
    const RequestContext &C) {
  std::vector<const DynamoKeyAttribute *> Out;
  auto Add = [&](const DynamoKeySchema &Keys) {
    for (const auto *Part : {&Keys.Hash, &Keys.Range})
      for (const DynamoKeyAttribute &K : *Part) {
        bool Seen = false;
        for (const DynamoKeyAttribute *O : Out)
          Seen |= O->Name == K.Name;
        if (!Seen)
          Out.push_back(&K);
      }
  };
  Add(C.Table->Keys);
  if (C.Index)
    Add(*C.Keys);
  return Out;
}

/// The scalar inside a known AttributeValue of type \p Type, comparable
/// across spellings of one number.
std::optional<std::string> keyValue(const json::JsonValue *V) {
  std::string T = attributeValueType(V);
  if (T.empty())
    return std::nullopt;
  const json::JsonValue &X = V->Members.front().Value;
  if (X.Unknown || !X.isString())
    return std::nullopt;
  return T + ":" + (T == "N" ? canonicalNumber(X.Str) : X.Str);
}

/// The start key's partition differs from the one the key condition pins.
bool outsidePartition(const RequestContext &C, const json::JsonValue &Start) {
  if (C.R.Op != Operation::Query || !C.Keys || C.KeyAnalysis.Incomplete)
    return false;
  for (const DynamoKeyAttribute &K : C.Keys->Hash) {
    const KeyTerm *T = C.KeyAnalysis.term(K.Name);
    if (!T || T->OpUnknown || T->NameUnknown || T->Op != KeyTerm::Eq)
      continue;
    const json::JsonValue *Pinned =
        !T->Values.empty()         ? T->Values.front()->Val
        : !T->LegacyValues.empty() ? T->LegacyValues.front()
                                   : nullptr;
    std::optional<std::string> Want = keyValue(Pinned);
    std::optional<std::string> Got = keyValue(Start.get(K.Name));
    if (Want && Got && *Want != *Got)
      return true;
  }
  return false;
}

} // namespace

void checkExclusiveStartKey(const RequestContext &C) {
  const Request &R = C.R;
  if ((R.Op != Operation::Query && R.Op != Operation::Scan) || !C.Table ||
      !C.Keys || C.Table->Keys.Malformed || C.Keys->Malformed)
    return;
  const json::JsonValue *Start = R.param("ExclusiveStartKey");
  if (!Start || !Start->isObject())
    return;
  FileId File = R.File;
  // DynamoDB adds the schema mismatch to the message only for a table Scan.
  std::string Mismatch =
      R.Op == Operation::Scan && !R.IndexName
          ? std::string(StartKeyInvalid) +
                ": The provided key element does not match the schema"
          : std::string(StartKeyInvalid);
  std::vector<const DynamoKeyAttribute *> Want = startKeyAttributes(C);
  auto Note = [&](DiagnosticBuilder &&B) {
    std::string Names;
    for (const DynamoKeyAttribute *K : Want) {
      if (!Names.empty())
        Names += ", ";
      Names += K->Name + " (" + dynamoScalarTypeName(K->Type).str() + ")";
    }
    B.note(C.Keys->Definition,
           fmt::format("a start key of {} holds exactly {}: pass the "
                       "LastEvaluatedKey of the previous page unchanged",
                       C.target(), Names));
  };
  for (const json::JsonMember &M : Start->Members) {
    bool Known = false;
    for (const DynamoKeyAttribute *K : Want)
      Known |= K->Name == M.Key;
    if (!Known) {
      Note(C.report(RuleId::InvalidQuery, M.keyRange(File), Mismatch));
      return;
    }
  }
  for (const DynamoKeyAttribute *K : Want) {
    const json::JsonValue *V = Start->get(K->Name);
    if (!V) {
      if (Start->Unknown)
        continue;
      Note(C.report(RuleId::InvalidQuery, Start->range(File), Mismatch));
      return;
    }
    std::string Got = attributeValueType(V);
    if (Got.empty() || K->Type == DynamoScalarType::Unknown ||
        Got == dynamoScalarTypeName(K->Type))
      continue;
    Note(C.report(RuleId::InvalidQuery, V->range(File),
                  std::string(StartKeyInvalid) +
                      ": The provided key element does not match the "
                      "schema"));
    return;
  }
  if (outsidePartition(C, *Start))
    C.report(RuleId::InvalidQuery, Start->range(File),
             "The provided starting key is outside query boundaries based "
             "on provided conditions")
        .note(C.KeyAnalysis.Range,
              "the key condition reads another partition: a start key "
              "resumes the query it was returned by");
}

} // namespace nosqlint::dynamo
