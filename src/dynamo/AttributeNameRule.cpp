//===- AttributeNameRule.cpp - invalid-query for attribute names ----------===//
//
// An attribute name is 1 to 65535 bytes long: in an item or key (and the
// maps nested in them), in AttributesToGet and as the value of an
// ExpressionAttributeNames entry. Messages are DynamoDB Local's. Host
// source: names computed at run time are not judged.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

namespace {

constexpr size_t MaxNameBytes = 65535;

std::optional<std::string> nameProblem(llvm::StringRef Name) {
  if (Name.empty())
    return std::string("Empty attribute name");
  if (Name.size() > MaxNameBytes)
    return std::string(
        "Attribute name is too large, must be less than 65536 bytes");
  return std::nullopt;
}

/// The first bad member name of an item or key, nested maps included.
const json::JsonMember *badName(const json::JsonValue &Map) {
  if (Map.Unknown || !Map.isObject())
    return nullptr;
  for (const json::JsonMember &M : Map.Members) {
    if (nameProblem(M.Key))
      return &M;
    if (const json::JsonValue *Nested = M.Value.get("M"))
      if (const json::JsonMember *B = badName(*Nested))
        return B;
  }
  return nullptr;
}

} // namespace

void checkAttributeNames(const RequestContext &C) {
  const Request &R = C.R;
  FileId File = R.File;
  for (const char *Map : {"Key", "Item", "ExclusiveStartKey"})
    if (const json::JsonValue *V = R.param(Map))
      if (const json::JsonMember *B = badName(*V)) {
        C.report(RuleId::InvalidQuery, B->keyRange(File), *nameProblem(B->Key));
        return;
      }
  if (const json::JsonValue *A = R.knownParam("AttributesToGet");
      A && A->isArray())
    for (const json::JsonValue &N : A->Elements)
      if (!N.Unknown && N.isString())
        if (std::optional<std::string> P = nameProblem(N.Str)) {
          C.report(RuleId::InvalidQuery, N.range(File), *P);
          return;
        }
  for (const PlaceholderDef &D : R.Names)
    if (D.Value && !D.Value->Unknown && D.Value->isString())
      if (std::optional<std::string> P = nameProblem(D.Value->Str)) {
        C.report(RuleId::InvalidQuery, D.Value->range(File),
                 fmt::format("ExpressionAttributeNames contains invalid "
                             "value: {} for key {}",
                             *P, D.Key));
        return;
      }
}

} // namespace nosqlint::dynamo
