//===- LegacyConditionRules.cpp - invalid-query for legacy conditions -----===//
//
// DynamoDB's validation of the legacy condition parameters, before it looks
// at the table: in KeyConditions, QueryFilter, ScanFilter and Expected, the
// number of values each ComparisonOperator takes, values of one type, the
// types each operator accepts (EQ and NE accept every type, lists and maps
// included, except in KeyConditions, whose keys are scalars or sets), BETWEEN
// bounds in order; in Expected, Exists against Value and
// AttributeValueList; ConditionalOperator without two conditions to join;
// the actions of AttributeUpdates and the types each accepts.
//
// Host source: an operator, a list or a value computed at run time is not
// judged; an open map is not missing what it does not list.
//
//===----------------------------------------------------------------------===//
#include "AttributeValues.h"
#include "CheckContext.h"

#include "llvm/ADT/StringSwitch.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

namespace {

const char *const Invalid = "One or more parameter values were invalid: ";

std::string invalid(llvm::StringRef Message) {
  return std::string(Invalid) + Message.str();
}

/// The values a ComparisonOperator takes: [Min, Max] (Max 0: no limit).
struct Arity {
  unsigned Min = 0, Max = 0;
  bool Known = false;
};

Arity arityOf(llvm::StringRef Op) {
  return llvm::StringSwitch<Arity>(Op)
      .Cases("NULL", "NOT_NULL", {0, 0, true})
      .Cases("EQ", "NE", "LE", "LT", "GE", {1, 1, true})
      .Cases("GT", "CONTAINS", "NOT_CONTAINS", "BEGINS_WITH", {1, 1, true})
      .Case("IN", {1, 0, true})
      .Case("BETWEEN", {2, 2, true})
      .Default({});
}

bool arityMatches(Arity A, size_t N) {
  return N >= A.Min && (A.Max == 0 ? A.Min != 0 || N == 0 : N <= A.Max);
}

bool scalar(llvm::StringRef T) { return T == "S" || T == "N" || T == "B"; }

/// The AttributeValue types \p Op compares against.
bool takesType(llvm::StringRef Op, llvm::StringRef T, bool KeyCondition) {
  if (Op == "EQ" || Op == "NE")
    return !KeyCondition || scalar(T) || T == "SS" || T == "NS" || T == "BS";
  if (Op == "BEGINS_WITH")
    return T == "S" || T == "B";
  return scalar(T);
}

/// -1, 0, 1 for two values of type S or N; nullopt otherwise.
std::optional<int> compareBounds(const json::JsonValue &A,
                                 const json::JsonValue &B) {
  std::string T = attributeValueType(&A);
  if (T != attributeValueType(&B) || (T != "S" && T != "N"))
    return std::nullopt;
  const json::JsonValue &X = A.Members.front().Value;
  const json::JsonValue &Y = B.Members.front().Value;
  if (X.Unknown || Y.Unknown || !X.isString() || !Y.isString())
    return std::nullopt;
  if (T == "S") {
    int C = X.Str.compare(Y.Str);
    return C < 0 ? -1 : C > 0 ? 1 : 0;
  }
  std::optional<DecimalNumber> NX = parseDecimal(X.Str);
  std::optional<DecimalNumber> NY = parseDecimal(Y.Str);
  if (!NX || !NY)
    return std::nullopt;
  return compareDecimals(*NX, *NY);
}

/// The operator rules shared by Condition and ExpectedAttributeValue: one
/// finding, the first, at \p Where or the offending value.
bool checkOperator(const RequestContext &C, llvm::StringRef Op,
                   const std::vector<const json::JsonValue *> &Values,
                   bool CountKnown, SourceRange Where, bool KeyCondition) {
  FileId File = C.R.File;
  Arity A = arityOf(Op);
  if (!A.Known)
    return false;
  if (CountKnown && !arityMatches(A, Values.size())) {
    C.report(RuleId::InvalidQuery, Where,
             invalid(fmt::format("Invalid number of argument(s) for the {} "
                                 "ComparisonOperator",
                                 Op.str())));
    return true;
  }
  std::string First;
  for (const json::JsonValue *V : Values) {
    std::string T = attributeValueType(V);
    if (T.empty())
      return false; // unknown or malformed: nothing more to say
    if (First.empty())
      First = T;
    if (T != First) {
      C.report(RuleId::InvalidQuery, V->range(File),
               invalid("AttributeValues inside AttributeValueList must be of "
                       "same type"));
      return true;
    }
  }
  for (const json::JsonValue *V : Values) {
    std::string T = attributeValueType(V);
    if (takesType(Op, T, KeyCondition))
      continue;
    C.report(RuleId::InvalidQuery, V->range(File),
             invalid(fmt::format("ComparisonOperator {} is not valid for {} "
                                 "AttributeValue type",
                                 Op.str(), T)));
    return true;
  }
  if (Op == "BETWEEN" && Values.size() == 2)
    if (std::optional<int> Order = compareBounds(*Values[0], *Values[1]);
        Order && *Order > 0) {
      C.report(RuleId::InvalidQuery, Values[0]->range(File),
               "The BETWEEN condition was provided a range where the lower "
               "bound is greater than the upper bound");
      return true;
    }
  return false;
}

/// KeyConditions, QueryFilter, ScanFilter: {attr: {ComparisonOperator,
/// AttributeValueList}}.
bool checkConditions(const RequestContext &C, const json::JsonValue &Map,
                     bool KeyConditions) {
  if (!Map.isObject())
    return false;
  for (const json::JsonMember &M : Map.Members) {
    const json::JsonValue *OpV = M.Value.get("ComparisonOperator");
    if (!OpV || !OpV->isString() || OpV->Unknown || M.Value.Unknown)
      continue;
    const json::JsonValue *List = M.Value.get("AttributeValueList");
    if (List && (List->Unknown || !List->isArray()))
      continue;
    std::vector<const json::JsonValue *> Values;
    if (List)
      for (const json::JsonValue &V : List->Elements)
        Values.push_back(&V);
    if (checkOperator(C, OpV->Str, Values, /*CountKnown=*/true,
                      List ? List->range(C.R.File) : OpV->range(C.R.File),
                      KeyConditions))
      return true;
  }
  return false;
}

/// Expected: {attr: {Value | AttributeValueList, Exists, ComparisonOperator}}.
bool checkExpected(const RequestContext &C, const json::JsonValue &Map) {
  if (!Map.isObject())
    return false;
  FileId File = C.R.File;
  for (const json::JsonMember &M : Map.Members) {
    const json::JsonValue &E = M.Value;
    if (E.Unknown || !E.isObject())
      continue;
    const json::JsonValue *Value = E.get("Value");
    const json::JsonValue *List = E.get("AttributeValueList");
    const json::JsonValue *Exists = E.get("Exists");
    const json::JsonValue *OpV = E.get("ComparisonOperator");
    auto Report = [&](SourceRange Where, const std::string &Message) {
      C.report(RuleId::InvalidQuery, Where,
               invalid(Message + " for Attribute: " + M.Key));
      return true;
    };
    if (Exists && OpV)
      return Report(OpV->range(File),
                    "Exists and ComparisonOperator cannot be used together");
    if (Value && List)
      return Report(List->range(File),
                    "Value and AttributeValueList cannot be used together");
    if (!OpV && List)
      return Report(List->range(File), "AttributeValueList can only be used "
                                       "with a ComparisonOperator");
    bool ExistsKnown = Exists && Exists->isBool() && !Exists->Unknown;
    if (ExistsKnown && !Exists->Bool && Value)
      return Report(Value->range(File),
                    "Value cannot be used when Exists is false");
    if (!Value && !List) {
      if (OpV) {
        if (!OpV->Unknown && OpV->isString() && OpV->Str != "NULL" &&
            OpV->Str != "NOT_NULL" && arityOf(OpV->Str).Known)
          return Report(OpV->range(File),
                        "Value or AttributeValueList must be used with "
                        "ComparisonOperator: " + OpV->Str);
      } else if (!Exists) {
        return Report(M.keyRange(File),
                      "Value must be provided when Exists is null");
      } else if (ExistsKnown && Exists->Bool) {
        return Report(Exists->range(File),
                      "Value must be provided when Exists is true");
      }
      continue;
    }
    if (!OpV || OpV->Unknown || !OpV->isString())
      continue;
    if (List && (List->Unknown || !List->isArray()))
      continue;
    std::vector<const json::JsonValue *> Values;
    if (Value)
      Values.push_back(Value);
    else
      for (const json::JsonValue &V : List->Elements)
        Values.push_back(&V);
    if (checkOperator(C, OpV->Str, Values, /*CountKnown=*/true,
                      (List ? List : Value)->range(File),
                      /*KeyCondition=*/false))
      return true;
  }
  return false;
}

/// ConditionalOperator joins the conditions of Expected, QueryFilter or
/// ScanFilter: with none of them set (or all empty) it is refused, and with
/// a single condition too.
bool checkConditionalOperator(const RequestContext &C) {
  const Request &R = C.R;
  bool Takes = R.Op == Operation::Query || R.Op == Operation::Scan ||
               R.Op == Operation::PutItem || R.Op == Operation::UpdateItem ||
               R.Op == Operation::DeleteItem;
  const json::JsonMember *Op = R.paramMember("ConditionalOperator");
  if (!Takes || R.IsMember || !Op || Op->Value.Unknown)
    return false;
  const char *Joined = R.Op == Operation::Query  ? "QueryFilter"
                       : R.Op == Operation::Scan ? "ScanFilter"
                                                 : "Expected";
  const json::JsonValue *Conditions = R.param(Joined);
  if (Conditions && (Conditions->Unknown || !Conditions->isObject() ||
                     Conditions->Members.size() > 1))
    return false;
  if (!Conditions && R.paramsOpen())
    return false;
  C.report(RuleId::InvalidQuery, Op->keyRange(R.File),
           Conditions && Conditions->Members.size() == 1
               ? "ConditionalOperator can only be used when Filter or "
                 "Expected has two or more elements"
               : "ConditionalOperator cannot be used without Filter or "
                 "Expected");
  return true;
}

/// AttributeUpdates: {attr: {Action, Value}}; PUT (the default), ADD or
/// DELETE.
bool checkAttributeUpdates(const RequestContext &C,
                           const json::JsonValue &Map) {
  if (!Map.isObject())
    return false;
  FileId File = C.R.File;
  for (const json::JsonMember &M : Map.Members) {
    const json::JsonValue &U = M.Value;
    if (U.Unknown || !U.isObject())
      continue;
    const json::JsonValue *ActionV = U.get("Action");
    if (ActionV && (ActionV->Unknown || !ActionV->isString()))
      continue;
    llvm::StringRef Action = ActionV ? llvm::StringRef(ActionV->Str) : "PUT";
    if (Action != "PUT" && Action != "ADD" && Action != "DELETE") {
      C.report(RuleId::InvalidQuery, ActionV->range(File),
               fmt::format("1 validation error detected: Value '{}' at "
                           "'attributeUpdates.{}.member.action' failed to "
                           "satisfy constraint: Member must satisfy enum "
                           "value set: [ADD, DELETE, PUT]",
                           Action.str(), M.Key));
      return true;
    }
    const json::JsonValue *Value = U.get("Value");
    if (!Value) {
      if (Action == "DELETE" || U.Unknown)
        continue;
      C.report(RuleId::InvalidQuery,
               ActionV ? ActionV->range(File) : M.keyRange(File),
               invalid("Only DELETE action is allowed when no attribute value "
                       "is specified"));
      return true;
    }
    std::string T = attributeValueType(Value);
    if (T.empty())
      continue;
    bool Set = T == "SS" || T == "NS" || T == "BS";
    if (Action == "DELETE" && !Set) {
      C.report(RuleId::InvalidQuery, Value->range(File),
               invalid("DELETE action with value is not supported for the "
                       "type " + T));
      return true;
    }
    if (Action == "ADD" && !Set && T != "N" && T != "L") {
      C.report(RuleId::InvalidQuery, Value->range(File),
               invalid("ADD action is not supported for the type " + T));
      return true;
    }
  }
  return false;
}

} // namespace

void checkLegacyConditions(const RequestContext &C) {
  const Request &R = C.R;
  if (const json::JsonValue *K = R.knownParam("KeyConditions"))
    if (checkConditions(C, *K, /*KeyConditions=*/true))
      return;
  for (const char *Filter : {"QueryFilter", "ScanFilter"})
    if (const json::JsonValue *F = R.knownParam(Filter))
      if (checkConditions(C, *F, /*KeyConditions=*/false))
        return;
  if (const json::JsonValue *E = R.knownParam("Expected"))
    if (checkExpected(C, *E))
      return;
  if (checkConditionalOperator(C))
    return;
  if (const json::JsonValue *U = R.knownParam("AttributeUpdates"))
    checkAttributeUpdates(C, *U);
}

} // namespace nosqlint::dynamo
