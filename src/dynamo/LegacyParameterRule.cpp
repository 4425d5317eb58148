//===- LegacyParameterRule.cpp - legacy-parameter -------------------------===//
//
// The parameters DynamoDB kept from before expressions: still accepted, but
// less expressive (no nested paths, no functions) and documented as legacy.
// One note per parameter, at its name, with the expression to use instead.
// What DynamoDB validates in them is LegacyConditionRules.cpp.
//
// In a request written as JSON, AttributesToGet is rewritten as the
// ProjectionExpression it equals where that is one to one: every name can
// be written bare in an expression (a letter first, then letters, digits or
// `_`; not a reserved word), and the request keeps no other legacy
// parameter (DynamoDB rejects a request that mixes the two kinds).
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"
#include "JsonFixes.h"
#include "ReservedWords.h"

#include "llvm/ADT/StringExtras.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

/// A name an expression may use as it is.
static bool bareName(llvm::StringRef Name) {
  return !Name.empty() && llvm::isAlpha(Name.front()) &&
         llvm::all_of(Name,
                      [](char C) { return llvm::isAlnum(C) || C == '_'; }) &&
         !isReservedWord(Name);
}

/// `"AttributesToGet": ["a", "b"]` as `"ProjectionExpression": "a, b"`.
static std::optional<FixIt>
projectionFix(const Request &R, const json::JsonMember &M, bool OtherLegacy) {
  const json::JsonValue &List = M.Value;
  if (!R.JsonText || OtherLegacy || R.param("ProjectionExpression") ||
      !List.isArray() || List.Elements.empty())
    return std::nullopt;
  std::string Projection;
  std::vector<llvm::StringRef> Seen;
  for (const json::JsonValue &Name : List.Elements) {
    if (!Name.isString() || !bareName(Name.Str) ||
        llvm::is_contained(Seen, Name.Str))
      return std::nullopt;
    Seen.push_back(Name.Str);
    Projection += (Projection.empty() ? "" : ", ") + Name.Str;
  }
  return FixIt{SourceRange(R.File, M.KeyBegin, List.End),
               "\"ProjectionExpression\": " + jsonQuoted(Projection)};
}

void checkLegacyParameters(const RequestContext &C) {
  static const std::pair<const char *, const char *> Legacy[] = {
      {"KeyConditions", "KeyConditionExpression"},
      {"QueryFilter", "FilterExpression"},
      {"ScanFilter", "FilterExpression"},
      {"AttributesToGet", "ProjectionExpression"},
      {"Expected", "ConditionExpression"},
      {"AttributeUpdates", "UpdateExpression"},
      {"ConditionalOperator", "AND/OR inside the expression"},
  };
  unsigned Present = 0;
  for (const auto &[Name, Instead] : Legacy)
    Present += C.R.paramMember(Name) != nullptr;
  for (const auto &[Name, Instead] : Legacy) {
    const json::JsonMember *M = C.R.paramMember(Name);
    if (!M)
      continue;
    DiagnosticBuilder B = C.report(
        RuleId::LegacyParameter, M->keyRange(C.R.File),
        fmt::format("{} is a legacy parameter; use {} instead", Name, Instead));
    if (llvm::StringRef(Name) == "AttributesToGet")
      if (std::optional<FixIt> F = projectionFix(C.R, *M, Present > 1))
        B.fixIt(F->Range, F->Replacement);
  }
}

} // namespace nosqlint::dynamo
