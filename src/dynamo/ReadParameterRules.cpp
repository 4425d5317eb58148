//===- ReadParameterRules.cpp - invalid-query for request parameters ------===//
//
// The parameter checks DynamoDB makes on reads and writes: Limit, parallel
// scan segments, ConsistentRead on a GSI, Select and projections against
// the index projection, filters that name key attributes in a Query,
// legacy and expression parameters mixed, PutItem's ReturnValues.
//
// Host source: a parameter computed at run time is present but not
// validated (and may even be absent at run time); a parameter that open
// parameters may hold is never taken as missing.
//
//===----------------------------------------------------------------------===//
#include "CheckContext.h"

#include <fmt/format.h>

#include <cctype>
#include <string>
#include <vector>

namespace nosqlint::dynamo {

namespace {

void checkLimit(const RequestContext &C) {
  const json::JsonValue *L = C.R.knownParam("Limit");
  if (!L || !L->isNumber() || L->Number >= 1)
    return;
  C.report(RuleId::InvalidQuery, L->range(C.R.File),
           fmt::format("1 validation error detected: Value '{}' at 'limit' "
                       "failed to satisfy constraint: Member must have value "
                       "greater than or equal to 1",
                       L->Str));
}

void checkSegments(const RequestContext &C) {
  const json::JsonValue *Seg = C.R.param("Segment");
  const json::JsonValue *Tot = C.R.param("TotalSegments");
  if (!Seg && !Tot)
    return;
  // "missing" needs the other one surely absent, and this one surely set.
  if (Seg && !Tot) {
    if (Seg->Unknown || C.R.paramsOpen())
      return;
    C.report(RuleId::InvalidQuery, Seg->range(C.R.File),
             "The TotalSegments parameter is required but was not present in "
             "the request when Segment parameter is present");
    return;
  }
  if (Tot && !Seg) {
    if (Tot->Unknown || C.R.paramsOpen())
      return;
    C.report(RuleId::InvalidQuery, Tot->range(C.R.File),
             "The Segment parameter is required but was not present in the "
             "request when parameter TotalSegments is present");
    return;
  }
  if (!Seg->isNumber() || !Tot->isNumber() || Seg->Unknown || Tot->Unknown)
    return;
  if (Tot->Number < 1 || Tot->Number > 1000000) {
    C.report(RuleId::InvalidQuery, Tot->range(C.R.File),
             fmt::format("1 validation error detected: Value '{}' at "
                         "'totalSegments' failed to satisfy constraint: "
                         "Member must have value {} 1{}",
                         Tot->Str,
                         Tot->Number < 1 ? "greater than or equal to"
                                         : "less than or equal to",
                         Tot->Number < 1 ? "" : "000000"));
    return;
  }
  if (Seg->Number >= Tot->Number)
    C.report(RuleId::InvalidQuery, Seg->range(C.R.File),
             fmt::format("The Segment parameter is zero-based and must be "
                         "less than parameter TotalSegments: Segment: {} is "
                         "not less than TotalSegments: {}",
                         Seg->Str, Tot->Str));
}

void checkConsistentRead(const RequestContext &C) {
  const json::JsonValue *CR = C.R.knownParam("ConsistentRead");
  if (!CR || !CR->isBool() || !CR->Bool || !C.Index || !C.Index->isGlobal())
    return;
  C.report(RuleId::InvalidQuery, CR->range(C.R.File),
           "Consistent reads are not supported on global secondary indexes")
      .note(C.Index->NameRange,
            fmt::format("'{}' is a global secondary index: it is updated "
                        "asynchronously; read the table for a consistent read",
                        C.Index->Name));
}

/// Attributes a GSI holds: its keys, the table keys, INCLUDE's non-keys.
bool projects(const DynamoTable &T, const DynamoIndex &I,
              llvm::StringRef Attribute) {
  if (I.Projection.Type == DynamoProjectionType::All)
    return true;
  if (I.Keys.contains(Attribute) || T.Keys.contains(Attribute))
    return true;
  for (const std::string &A : I.Projection.NonKeyAttributes)
    if (A == Attribute)
      return true;
  return false;
}

void checkSelect(const RequestContext &C) {
  const Request &R = C.R;
  const json::JsonValue *Sel = R.knownParam("Select");
  const Expression *Proj = R.expression(ExprKind::Projection);
  const json::JsonValue *AttrsToGet = R.param("AttributesToGet");
  // Surely set (known values), and possibly set (Unknown values may be
  // absent at run time; open parameters may hold one).
  bool HasProjection = (Proj && !Proj->Unknown) ||
                       (AttrsToGet && !AttrsToGet->Unknown);
  bool MayHaveProjection = Proj || AttrsToGet || R.paramsOpen();
  if (Sel && Sel->isString()) {
    llvm::StringRef S = Sel->Str;
    SourceRange Where = Sel->range(R.File);
    if (S != "ALL_ATTRIBUTES" && S != "ALL_PROJECTED_ATTRIBUTES" &&
        S != "SPECIFIC_ATTRIBUTES" && S != "COUNT") {
      C.report(RuleId::InvalidQuery, Where,
               fmt::format("1 validation error detected: Value '{}' at "
                           "'select' failed to satisfy constraint: Member "
                           "must satisfy enum value set: [SPECIFIC_ATTRIBUTES, "
                           "COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]",
                           S.str()));
      return;
    }
    if (S == "ALL_PROJECTED_ATTRIBUTES" && !R.IndexName &&
        !R.indexUnknown()) {
      C.report(RuleId::InvalidQuery, Where,
               "One or more parameter values were invalid: Select type "
               "ALL_PROJECTED_ATTRIBUTES is only valid with an IndexName");
      return;
    }
    if (HasProjection && S != "SPECIFIC_ATTRIBUTES") {
      C.report(RuleId::InvalidQuery, Where,
               fmt::format("One or more parameter values were invalid: "
                           "Cannot specify the {} when choosing to get {}",
                           Proj && !Proj->Unknown ? "ProjectionExpression"
                                                  : "AttributesToGet",
                           S.str()));
      return;
    }
    if (!MayHaveProjection && S == "SPECIFIC_ATTRIBUTES") {
      C.report(RuleId::InvalidQuery, Where,
               "One or more parameter values were invalid: Select type "
               "SPECIFIC_ATTRIBUTES needs a ProjectionExpression or "
               "AttributesToGet");
      return;
    }
    if (S == "ALL_ATTRIBUTES" && C.Index && C.Index->isGlobal() &&
        C.Index->Projection.Type != DynamoProjectionType::All) {
      C.report(RuleId::InvalidQuery, Where,
               fmt::format("One or more parameter values were invalid: "
                           "Select type ALL_ATTRIBUTES is not supported for "
                           "global secondary index {} because its projection "
                           "type is not ALL",
                           C.Index->Name))
          .note(C.Index->Projection.Range,
                fmt::format("'{}' projects {}", C.Index->Name,
                            dynamoProjectionTypeName(C.Index->Projection.Type)
                                .str()));
      return;
    }
  }
  if (!C.Index || !C.Index->isGlobal() || !C.Table ||
      C.Index->Projection.Type == DynamoProjectionType::All)
    return;
  auto Missing = [&](llvm::StringRef Attr, SourceRange Where) {
    C.report(RuleId::InvalidQuery, Where,
             fmt::format("One or more parameter values were invalid: Global "
                         "secondary index {} does not project [{}]",
                         C.Index->Name, Attr.str()))
        .note(C.Index->Projection.Range,
              fmt::format("'{}' projects {}{}: read '{}' from the table "
                          "(GetItem with the returned key) or add it to "
                          "NonKeyAttributes",
                          C.Index->Name,
                          dynamoProjectionTypeName(C.Index->Projection.Type)
                              .str(),
                          C.Index->Projection.NonKeyAttributes.empty()
                              ? ""
                              : " with NonKeyAttributes",
                          Attr.str()));
  };
  if (Proj && Proj->ok())
    for (const DocumentPath &P : Proj->Projection)
      if (P.Elements.front().Resolved && !projects(*C.Table, *C.Index, P.topName())) {
        Missing(P.topName(), P.Range);
        return;
      }
  if (AttrsToGet && AttrsToGet->isArray())
    for (const json::JsonValue &A : AttrsToGet->Elements)
      if (A.isString() && !A.Unknown &&
          !projects(*C.Table, *C.Index, A.Str)) {
        Missing(A.Str, A.range(R.File));
        return;
      }
}

/// A Query's filter may not name the keys of what it queries.
void checkQueryFilterKeys(const RequestContext &C) {
  if (C.R.Op != Operation::Query || !C.Keys)
    return;
  if (const json::JsonValue *QF = C.R.knownParam("QueryFilter");
      QF && QF->isObject())
    for (const json::JsonMember &M : QF->Members) {
      if (!C.Keys->contains(M.Key))
        continue;
      C.report(RuleId::InvalidQuery, M.keyRange(C.R.File),
               "QueryFilter can only contain non-primary key attributes: "
               "Primary key attribute: " + M.Key)
          .note(C.Keys->Definition, "move the condition on '" + M.Key +
                                        "' into KeyConditions");
      return;
    }
  const Expression *F = C.R.expression(ExprKind::Filter);
  if (!F || !F->ok() || !F->Cond)
    return;
  std::vector<const Condition *> Stack{&*F->Cond};
  while (!Stack.empty()) {
    const Condition *X = Stack.back();
    Stack.pop_back();
    for (const Condition &Ch : X->Children)
      Stack.push_back(&Ch);
    for (const Operand &O : X->Operands) {
      const Operand *P = &O;
      if (O.Kind == Operand::Function && !O.Args.empty())
        P = &O.Args.front();
      if (P->Kind != Operand::Path || P->P.Elements.front().NameUnknown ||
          !C.Keys->contains(P->P.topName()))
        continue;
      C.report(RuleId::InvalidQuery, P->Range,
               "Filter Expression can only contain non-primary key "
               "attributes: Primary key attribute: " + P->P.topName())
          .note(C.Keys->Definition,
                "move the condition on '" + P->P.topName() +
                    "' into the KeyConditionExpression");
      return;
    }
  }
}

/// The parameters DynamoDB refuses to mix, per operation, in the order its
/// message lists them. Legacy KeyConditions is the exception: it goes with
/// FilterExpression and ProjectionExpression, only KeyConditionExpression
/// excludes it.
struct ParameterFamilies {
  std::vector<llvm::StringRef> Expressions;
  std::vector<llvm::StringRef> Legacy;
};

ParameterFamilies parameterFamilies(Operation Op) {
  switch (Op) {
  case Operation::Query:
    return {{"ProjectionExpression", "FilterExpression",
             "KeyConditionExpression"},
            {"AttributesToGet", "QueryFilter", "ConditionalOperator",
             "KeyConditions"}};
  case Operation::Scan:
    return {{"ProjectionExpression", "FilterExpression"},
            {"AttributesToGet", "ScanFilter", "ConditionalOperator"}};
  case Operation::GetItem:
    return {{"ProjectionExpression"}, {"AttributesToGet"}};
  case Operation::PutItem:
  case Operation::DeleteItem:
    return {{"ConditionExpression"}, {"Expected", "ConditionalOperator"}};
  case Operation::UpdateItem:
    return {{"UpdateExpression", "ConditionExpression"},
            {"AttributeUpdates", "Expected", "ConditionalOperator"}};
  default:
    return {};
  }
}

/// "a, b" lists as DynamoDB writes them inside {...}.
void appendListed(std::string &List, llvm::StringRef Item) {
  if (!List.empty())
    List += ", ";
  List += Item;
}

void checkMixedParameters(const RequestContext &C) {
  const Request &R = C.R;
  ParameterFamilies F = parameterFamilies(R.Op);
  // Both kinds surely set: values computed at run time may be absent.
  auto Set = [&](llvm::StringRef Name) {
    const json::JsonMember *M = R.paramMember(Name);
    return M && !M->Value.Unknown ? M : nullptr;
  };
  std::string Expressions;
  for (llvm::StringRef E : F.Expressions)
    if (Set(E))
      appendListed(Expressions, E);
  if (Expressions.empty())
    return;
  bool KeyConditionExpression = Set("KeyConditionExpression");
  const json::JsonMember *First = nullptr;
  std::string Legacy;
  for (llvm::StringRef L : F.Legacy) {
    if (L == "KeyConditions" && !KeyConditionExpression)
      continue;
    if (const json::JsonMember *M = Set(L)) {
      First = First ? First : M;
      appendListed(Legacy, L);
    }
  }
  if (!First)
    return;
  C.report(RuleId::InvalidQuery, First->keyRange(R.File),
           fmt::format("Can not use both expression and non-expression "
                       "parameters in the same request: Non-expression "
                       "parameters: {{{}}} Expression parameters: {{{}}}",
                       Legacy, Expressions));
}

/// ReturnValues: UpdateItem takes any of the five, PutItem and DeleteItem
/// only NONE and ALL_OLD; ReturnValuesOnConditionCheckFailure (writes and
/// transaction members) NONE or ALL_OLD.
void checkReturnValues(const RequestContext &C) {
  const Request &R = C.R;
  bool Write = R.Op == Operation::PutItem || R.Op == Operation::DeleteItem ||
               R.Op == Operation::UpdateItem;
  if (const json::JsonValue *RV = R.knownParam("ReturnValues");
      RV && RV->isString() && Write && !R.IsMember) {
    llvm::StringRef V = RV->Str;
    bool Enum = V == "NONE" || V == "ALL_OLD" || V == "UPDATED_OLD" ||
                V == "ALL_NEW" || V == "UPDATED_NEW";
    if (!Enum) {
      C.report(RuleId::InvalidQuery, RV->range(R.File),
               fmt::format("1 validation error detected: Value '{}' at "
                           "'returnValues' failed to satisfy constraint: "
                           "Member must satisfy enum value set: [ALL_NEW, "
                           "UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]",
                           V.str()));
      return;
    }
    if (R.Op != Operation::UpdateItem && V != "NONE" && V != "ALL_OLD") {
      C.report(RuleId::InvalidQuery, RV->range(R.File),
               "ReturnValues can only be ALL_OLD or NONE");
      return;
    }
  }
  const json::JsonValue *RVC =
      R.knownParam("ReturnValuesOnConditionCheckFailure");
  bool Takes = (Write || R.Op == Operation::ConditionCheck) &&
               (!R.IsMember || R.ParentOp == Operation::TransactWriteItems);
  if (!RVC || !RVC->isString() || !Takes || RVC->Str == "NONE" ||
      RVC->Str == "ALL_OLD")
    return;
  std::string Where = "returnValuesOnConditionCheckFailure";
  if (R.IsMember) {
    std::string Member = operationName(R.Op).str();
    if (!Member.empty())
      Member[0] = static_cast<char>(std::tolower(Member[0]));
    if (Member == "putItem" || Member == "deleteItem" || Member == "updateItem")
      Member.resize(Member.size() - 4);
    Where = fmt::format("transactItems.{}.member.{}.{}", R.MemberIndex,
                        Member, Where);
  }
  C.report(RuleId::InvalidQuery, RVC->range(R.File),
           fmt::format("1 validation error detected: Value '{}' at '{}' "
                       "failed to satisfy constraint: Member must satisfy "
                       "enum value set: [ALL_OLD, NONE]",
                       RVC->Str, Where));
}

} // namespace

void checkReadParameters(const RequestContext &C) {
  checkMixedParameters(C);
  checkReturnValues(C);
  if (C.R.Op != Operation::Query && C.R.Op != Operation::Scan)
    return;
  checkLimit(C);
  if (C.R.Op == Operation::Scan)
    checkSegments(C);
  checkConsistentRead(C);
  checkSelect(C);
  checkQueryFilterKeys(C);
}

} // namespace nosqlint::dynamo
