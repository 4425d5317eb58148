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
// ExpressionAttributeValues as :name. In filters and Expected, NE and
// CONTAINS (of a string, number or binary) become `a <> :a` and
// `contains(a, :a)`, which treat an absent attribute alike; NOT_CONTAINS
// does not (see conditionExpression). AttributeUpdates becomes the
// UpdateExpression of its PUT and number ADD actions (updatesFix).
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

/// An AttributeValue written as one of \p Types (`{"N": "5"}`).
static bool typedAs(const json::JsonValue &V,
                    std::initializer_list<llvm::StringRef> Types) {
  return V.isObject() && V.Members.size() == 1 &&
         llvm::is_contained(Types, V.Members.front().Key);
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
  // An absent attribute is "not equal" in both forms, and contains() is
  // false on it as CONTAINS is (ScyllaDB's Alternator tests, written
  // against DynamoDB: test_update_expected_1_ne_true,
  // test_update_condition_ne). NOT_CONTAINS is false on an absent attribute
  // where `NOT contains(..)` is true, so it has no twin.
  if (!KeyCondition && N == 1 &&
      (O == "NE" || (O == "CONTAINS" && typedAs(List->Elements[0],
                                                 {"S", "N", "B"}))))
    if (std::optional<std::string> V = Placeholder(List->Elements[0]))
      return O == "NE" ? Name.str() + " <> " + *V
                       : "contains(" + Name.str() + ", " + *V + ")";
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

/// Legacy parameter \p M replaced by expression parameter \p Instead
/// holding \p Expression, the \p Values it names added to
/// ExpressionAttributeValues (a new map when the request has none).
static std::vector<FixIt> replacedWithExpression(
    const Request &R, const json::JsonMember &M, llvm::StringRef Instead,
    llvm::StringRef Expression,
    const std::vector<std::pair<std::string, std::string>> &Values) {
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
  Fix.insert(Fix.begin(),
             FixIt{SourceRange(R.File, M.KeyBegin, M.Value.End), Member});
  return Fix;
}

/// A placeholder \p Key not yet taken by \p Values or the request's own
/// ExpressionAttributeValues.
static bool placeholderFree(
    const Request &R, llvm::StringRef Key,
    const std::vector<std::pair<std::string, std::string>> &Values) {
  return llvm::none_of(Values,
                       [&](const auto &O) { return O.first == Key; }) &&
         llvm::none_of(R.Values,
                       [&](const PlaceholderDef &D) { return D.Key == Key; });
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
      if (!placeholderFree(R, V.first, Values))
        return {};
      Values.push_back(std::move(V));
    }
    Expression += (Expression.empty() ? "" : " AND ") + *E;
  }
  return replacedWithExpression(R, M, Instead, Expression, Values);
}

/// AttributeUpdates as the UpdateExpression it equals: PUT (the default
/// action) as `SET a = :a`, ADD of a number or number set as `ADD a :a`.
/// DELETE is left alone: for an item that does not exist the legacy form is
/// documented as doing nothing, and that REMOVE or DELETE in an
/// UpdateExpression behaves alike there is not documented. So is ADD of
/// anything else: for a new item the legacy form allows only numbers and
/// number sets.
static std::vector<FixIt> updatesFix(const Request &R,
                                     const json::JsonMember &M,
                                     bool OtherLegacy) {
  const json::JsonValue &Updates = M.Value;
  if (!R.JsonText || OtherLegacy || R.param("UpdateExpression") ||
      R.valuesOpen() || !Updates.isObject() || Updates.Members.empty())
    return {};
  std::string Set, Add;
  std::vector<std::pair<std::string, std::string>> Values;
  for (const json::JsonMember &U : Updates.Members) {
    if (!bareName(U.Key) || !U.Value.isObject())
      return {};
    const json::JsonValue *Action = U.Value.get("Action");
    const json::JsonValue *Value = U.Value.get("Value");
    if (!Value || U.Value.Members.size() != (Action ? 2u : 1u) ||
        (Action && !Action->isString()))
      return {};
    llvm::StringRef Act = Action ? llvm::StringRef(Action->Str) : "PUT";
    std::optional<std::string> Text = jsonText(*Value);
    std::string Key = ":" + U.Key;
    if (!Text || !placeholderFree(R, Key, Values))
      return {};
    if (Act == "PUT")
      Set += (Set.empty() ? "SET " : ", ") + U.Key + " = " + Key;
    else if (Act == "ADD" && typedAs(*Value, {"N", "NS"}))
      Add += (Add.empty() ? "ADD " : ", ") + U.Key + " " + Key;
    else
      return {};
    Values.push_back({Key, *Text});
  }
  std::string Expression = Set + (Set.empty() || Add.empty() ? "" : " ") + Add;
  return replacedWithExpression(R, M, "UpdateExpression", Expression, Values);
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
    } else if (Param == "AttributeUpdates") {
      Fix = updatesFix(C.R, *M, Present > 1);
    }
    for (FixIt &F : Fix)
      B.fixIt(F.Range, std::move(F.Replacement));
  }
}

} // namespace nosqlint::dynamo
