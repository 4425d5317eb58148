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
// KeyConditions, QueryFilter, ScanFilter and Expected when every condition
// has its expression twin: EQ, LT, LE, GT, GE, BEGINS_WITH, BETWEEN (and in
// filters IN, NULL, NOT_NULL; in Expected a Value, or Exists false), joined
// with AND (ConditionalOperator's default); their values move into
// ExpressionAttributeValues as :name. NE, CONTAINS and NOT_CONTAINS are left
// alone: how they treat an absent attribute is not documented alike.
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

/// One legacy condition on attribute \p Name as an expression, its values
/// added to \p Values as `:name`, `:name_2`, ...; nothing when the two
/// are not one to one.
static std::optional<std::string>
conditionExpression(llvm::StringRef Name, const json::JsonValue &Cond,
                    bool KeyCondition, bool Expected,
                    std::vector<std::pair<std::string, std::string>> &Values) {
  if (!bareName(Name) || !Cond.isObject())
    return std::nullopt;
  const json::JsonValue *Op = Cond.get("ComparisonOperator");
  const json::JsonValue *List = Cond.get("AttributeValueList");
  const json::JsonValue *Exists = Cond.get("Exists");
  const json::JsonValue *Value = Cond.get("Value");
  auto Placeholder = [&](const json::JsonValue &V) -> std::optional<std::string> {
    std::optional<std::string> Text = jsonText(V);
    if (!Text)
      return std::nullopt;
    std::string Key = ":" + Name.str();
    if (!Values.empty() && Values.back().first.rfind(Key, 0) == 0)
      Key += "_" + std::to_string(Values.size() + 1);
    Values.push_back({Key, *Text});
    return Key;
  };
  if (Expected && !Op && !List) {
    // {"Exists": false}, or {"Value": v} (Exists true implied).
    if (Exists && Exists->isBool() && !Exists->Bool && !Value &&
        Cond.Members.size() == 1)
      return "attribute_not_exists(" + Name.str() + ")";
    bool ExistsTrue = !Exists || (Exists->isBool() && Exists->Bool);
    if (Value && ExistsTrue && Cond.Members.size() == (Exists ? 2u : 1u)) {
      std::optional<std::string> V = Placeholder(*Value);
      return V ? std::optional<std::string>(Name.str() + " = " + *V)
               : std::nullopt;
    }
    return std::nullopt;
  }
  if (!Op || !Op->isString() || Exists || Value ||
      Cond.Members.size() != (List ? 2u : 1u))
    return std::nullopt;
  llvm::StringRef O = Op->Str;
  if (!KeyCondition && !List && (O == "NULL" || O == "NOT_NULL"))
    return (O == "NULL" ? "attribute_not_exists(" : "attribute_exists(") +
           Name.str() + ")";
  if (!List || !List->isArray())
    return std::nullopt;
  size_t N = List->Elements.size();
  static const std::pair<const char *, const char *> Compare[] = {
      {"EQ", "="}, {"LT", "<"}, {"LE", "<="}, {"GT", ">"}, {"GE", ">="}};
  for (const auto &[Word, Symbol] : Compare)
    if (O == Word && N == 1)
      if (std::optional<std::string> V = Placeholder(List->Elements[0]))
        return Name.str() + " " + Symbol + " " + *V;
  if (O == "BEGINS_WITH" && N == 1)
    if (std::optional<std::string> V = Placeholder(List->Elements[0]))
      return "begins_with(" + Name.str() + ", " + *V + ")";
  if (O == "BETWEEN" && N == 2) {
    std::optional<std::string> Low = Placeholder(List->Elements[0]);
    std::optional<std::string> High = Placeholder(List->Elements[1]);
    if (Low && High)
      return Name.str() + " BETWEEN " + *Low + " AND " + *High;
  }
  if (O == "IN" && !KeyCondition && N >= 1) {
    std::string In;
    for (const json::JsonValue &E : List->Elements) {
      std::optional<std::string> V = Placeholder(E);
      if (!V)
        return std::nullopt;
      In += (In.empty() ? "" : ", ") + *V;
    }
    return Name.str() + " IN (" + In + ")";
  }
  return std::nullopt;
}

/// KeyConditions, QueryFilter, ScanFilter or Expected as the expression
/// \p Instead, AND-joined (ConditionalOperator's default), its values
/// added to ExpressionAttributeValues (made when the request has none).
static std::vector<FixIt> conditionsFix(const Request &R,
                                        const json::JsonMember &M,
                                        llvm::StringRef Instead,
                                        bool OtherLegacy) {
  const json::JsonValue &Conditions = M.Value;
  if (!R.JsonText || OtherLegacy || R.param(Instead) || R.valuesOpen() ||
      !Conditions.isObject() || Conditions.Members.empty())
    return {};
  bool Key = M.Key == "KeyConditions", Expected = M.Key == "Expected";
  std::string Expression;
  std::vector<std::pair<std::string, std::string>> Values;
  for (const json::JsonMember &Cond : Conditions.Members) {
    std::vector<std::pair<std::string, std::string>> Own;
    std::optional<std::string> E =
        conditionExpression(Cond.Key, Cond.Value, Key, Expected, Own);
    if (!E)
      return {};
    for (auto &V : Own) {
      bool Taken = llvm::any_of(Values, [&](const auto &O) {
                     return O.first == V.first;
                   }) ||
                   llvm::any_of(R.Values, [&](const PlaceholderDef &D) {
                     return D.Key == V.first;
                   });
      if (Taken)
        return {};
      Values.push_back(std::move(V));
    }
    Expression += (Expression.empty() ? "" : " AND ") + *E;
  }
  std::string Member = jsonQuoted(Instead) + ": " + jsonQuoted(Expression);
  std::vector<FixIt> Fix;
  if (!Values.empty() && !R.ValuesJson) {
    std::string Map;
    for (const auto &[K, V] : Values)
      Map += (Map.empty() ? "" : ", ") + jsonQuoted(K) + ": " + V;
    Member += ", \"ExpressionAttributeValues\": {" + Map + "}";
  } else {
    for (const auto &[K, V] : Values) {
      std::optional<FixIt> Add = addMember(R, *R.ValuesJson, K, V);
      if (!Add)
        return {};
      // Several entries at one place are one insertion.
      if (!Fix.empty() && Fix.back().Range.Begin == Add->Range.Begin)
        Fix.back().Replacement += Add->Replacement;
      else
        Fix.push_back(*Add);
    }
  }
  Fix.insert(Fix.begin(), FixIt{SourceRange(R.File, M.KeyBegin,
                                            Conditions.End),
                                Member});
  return Fix;
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
    std::vector<FixIt> Fix;
    if (Param == "AttributesToGet") {
      if (std::optional<FixIt> F = projectionFix(C.R, *M, Present > 1))
        Fix.push_back(*F);
    } else if (Param == "KeyConditions" || Param == "Expected" ||
               Param == "QueryFilter" || Param == "ScanFilter") {
      Fix = conditionsFix(C.R, *M, Instead, Present > 1);
    }
    for (FixIt &F : Fix)
      B.fixIt(F.Range, std::move(F.Replacement));
  }
}

} // namespace nosqlint::dynamo
