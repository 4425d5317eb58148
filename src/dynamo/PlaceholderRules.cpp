//===- PlaceholderRules.cpp - unused-placeholder, undefined-placeholder ---===//
//
// Every #name and :value an expression uses must be defined, and every
// entry of ExpressionAttributeNames/Values must be used by some expression
// of the same request. Malformed keys and empty maps are invalid-query.
// Unused entries are only judged when every expression parsed (DynamoDB
// reports parse errors first), names before values.
//
// In a request written as JSON, an unused entry is removed by its fix (the
// whole map when it is its only entry, or when no expression could use it:
// DynamoDB rejects an empty map as it rejects the unused entry).
//
// Host source: an open or run-time map may define any placeholder (no
// undefined-placeholder), and an expression computed at run time or one
// hidden in open parameters may use any entry (no unused-placeholder).
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"
#include "JsonFixes.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

namespace {

bool validKey(llvm::StringRef Key, char Sigil) {
  if (Key.size() < 2 || Key.front() != Sigil)
    return false;
  for (char Ch : Key.drop_front())
    if (!(isalnum(static_cast<unsigned char>(Ch)) || Ch == '_'))
      return false;
  return true;
}

bool isUsed(const Request &R, llvm::StringRef Key) {
  for (const Expression &E : R.Expressions)
    for (const PlaceholderUse &U : E.Uses)
      if (U.Key == Key)
        return true;
  return false;
}

/// The expression parameters of an operation that take :values.
std::vector<llvm::StringRef> valueExpressions(Operation Op) {
  switch (Op) {
  case Operation::Query:
    return {"FilterExpression", "KeyConditionExpression"};
  case Operation::Scan:
    return {"FilterExpression"};
  case Operation::UpdateItem:
    return {"UpdateExpression", "ConditionExpression"};
  case Operation::PutItem:
  case Operation::DeleteItem:
  case Operation::ConditionCheck:
    return {"ConditionExpression"};
  default:
    return {};
  }
}

/// Removes the parameter \p Param (a map no expression can use).
void removeParam(DiagnosticBuilder &B, const Request &R,
                 llvm::StringRef Param) {
  const json::JsonMember *M = R.paramMember(Param);
  if (!M || !R.Params)
    return;
  if (std::optional<FixIt> F = removeMember(R, *R.Params, *M))
    B.fixIt(F->Range, F->Replacement);
}

void checkMap(const RequestContext &C, const json::JsonValue *Json,
              const std::vector<PlaceholderDef> &Defs, bool Names,
              bool CanJudgeUse) {
  const Request &R = C.R;
  if (!Json || !Json->isObject())
    return;
  llvm::StringRef Param =
      Names ? "ExpressionAttributeNames" : "ExpressionAttributeValues";
  if (Defs.empty() && !Json->Unknown) {
    C.report(RuleId::InvalidQuery, Json->range(R.File),
             Param.str() + " must not be empty");
    return;
  }
  for (const PlaceholderDef &D : Defs)
    if (!validKey(D.Key, Names ? '#' : ':')) {
      C.report(RuleId::InvalidQuery, D.KeyRange,
               fmt::format("{} contains invalid key: Syntax error; key: "
                           "\"{}\"",
                           Param, D.Key));
      return;
    }
  bool AnyExpression = false, AnyValueExpression = false;
  for (const Expression &E : R.Expressions) {
    AnyExpression = true;
    AnyValueExpression |= E.Kind != ExprKind::Projection;
  }
  if ((Names ? !AnyExpression : !AnyValueExpression) && !R.paramsOpen()) {
    std::string Message = Param.str() +
                          " can only be specified when using expressions";
    std::vector<llvm::StringRef> Takes = valueExpressions(R.Op);
    if (!Names && !Takes.empty()) {
      Message += ":";
      for (size_t I = 0; I < Takes.size(); ++I)
        Message += (I ? " and " : " ") + Takes[I].str();
      Message += Takes.size() > 1 ? " are null" : " is null";
    }
    DiagnosticBuilder B =
        C.report(RuleId::UnusedPlaceholder, Json->range(R.File), Message);
    removeParam(B, R, Param);
    return;
  }
  if (!CanJudgeUse || R.paramsOpen())
    return;
  for (const PlaceholderDef &D : Defs) {
    if (isUsed(R, D.Key))
      continue;
    DiagnosticBuilder B =
        C.report(RuleId::UnusedPlaceholder, D.KeyRange,
                 fmt::format("Value provided in {} unused in expressions: "
                             "keys: {{{}}}",
                             Param, D.Key));
    const json::JsonMember *M = memberAt(*Json, D.KeyRange.Begin);
    if (!M)
      continue;
    if (Json->Members.size() == 1) {
      removeParam(B, R, Param);
      continue;
    }
    if (std::optional<FixIt> F = removeMember(R, *Json, *M))
      B.fixIt(F->Range, F->Replacement);
  }
}

} // namespace

void checkPlaceholders(const RequestContext &C) {
  const Request &R = C.R;
  bool AllParsed = true;
  bool NamesOpen = R.namesOpen(), ValuesOpen = R.valuesOpen();
  for (const Expression &E : R.Expressions) {
    AllParsed &= E.Problems.empty() && !E.Unknown;
    for (const PlaceholderUse &U : E.Uses) {
      bool IsName = U.Key.front() == '#';
      if (IsName ? NamesOpen : ValuesOpen)
        continue;
      const std::vector<PlaceholderDef> &Defs = IsName ? R.Names : R.Values;
      bool Defined = false;
      for (const PlaceholderDef &D : Defs)
        Defined |= D.Key == U.Key;
      if (Defined)
        continue;
      C.report(RuleId::UndefinedPlaceholder, U.Range,
               fmt::format("Invalid {}: {}", exprParamName(U.In),
                           IsName ? "An expression attribute name used in "
                                    "the document path is not defined; "
                                    "attribute name: " + U.Key
                                  : "An expression attribute value used in "
                                    "expression is not defined; attribute "
                                    "value: " + U.Key));
    }
  }
  checkMap(C, R.NamesJson, R.Names, /*Names=*/true, AllParsed);
  checkMap(C, R.ValuesJson, R.Values, /*Names=*/false, AllParsed);
}

} // namespace nosqlint::dynamo
