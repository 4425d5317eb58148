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
// parameter (DynamoDB rejects a request that mixes the two kinds). So are
// Expected, QueryFilter and ScanFilter when every condition is one on
// existence alone, `{"Exists": false}` or a ComparisonOperator NULL or
// NOT_NULL without values: attribute_not_exists(a) / attribute_exists(a),
// joined with AND (ConditionalOperator's default).
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

/// `"Expected": {"a": {"Exists": false}}` as `"ConditionExpression":
/// "attribute_not_exists(a)"`, QueryFilter and ScanFilter as the
/// FilterExpression, when every condition tests existence alone.
static std::optional<FixIt> existenceFix(const Request &R,
                                         const json::JsonMember &M,
                                         llvm::StringRef Instead,
                                         bool OtherLegacy) {
  const json::JsonValue &Conditions = M.Value;
  if (!R.JsonText || OtherLegacy || R.param(Instead) ||
      !Conditions.isObject() || Conditions.Members.empty())
    return std::nullopt;
  std::string Expression;
  for (const json::JsonMember &Cond : Conditions.Members) {
    const json::JsonValue &V = Cond.Value;
    if (!bareName(Cond.Key) || !V.isObject() || V.Members.size() != 1)
      return std::nullopt;
    const json::JsonMember &Only = V.Members.front();
    llvm::StringRef Function;
    if (Only.Key == "Exists" && Only.Value.isBool() && !Only.Value.Bool)
      Function = "attribute_not_exists";
    else if (Only.Key == "ComparisonOperator" && Only.Value.isString() &&
             (Only.Value.Str == "NULL" || Only.Value.Str == "NOT_NULL"))
      Function = Only.Value.Str == "NULL" ? "attribute_not_exists"
                                          : "attribute_exists";
    else
      return std::nullopt;
    Expression += (Expression.empty() ? "" : " AND ") + Function.str() + "(" +
                  Cond.Key + ")";
  }
  return FixIt{SourceRange(R.File, M.KeyBegin, Conditions.End),
               jsonQuoted(Instead) + ": " + jsonQuoted(Expression)};
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
    llvm::StringRef Param(Name);
    std::optional<FixIt> F;
    if (Param == "AttributesToGet")
      F = projectionFix(C.R, *M, Present > 1);
    else if (Param == "Expected" || Param == "QueryFilter" ||
             Param == "ScanFilter")
      F = existenceFix(C.R, *M, Instead, Present > 1);
    if (F)
      B.fixIt(F->Range, F->Replacement);
  }
}

} // namespace nosqlint::dynamo
