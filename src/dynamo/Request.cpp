//===- Request.cpp - Names and small helpers of the request IR ------------===//
#include "nosqlint/Dynamo/Request.h"

namespace nosqlint::dynamo {

static const char *const OperationNames[] = {
    "Query",          "Scan",
    "GetItem",        "PutItem",
    "UpdateItem",     "DeleteItem",
    "BatchGetItem",   "BatchWriteItem",
    "TransactGetItems", "TransactWriteItems",
    "ExecuteStatement", "BatchExecuteStatement",
    "ExecuteTransaction", "ConditionCheck",
};

llvm::StringRef operationName(Operation Op) {
  return OperationNames[static_cast<unsigned>(Op)];
}

std::optional<Operation> parseOperation(llvm::StringRef Name) {
  // ConditionCheck is not an operation of its own.
  for (unsigned I = 0; I < static_cast<unsigned>(Operation::ConditionCheck); ++I)
    if (Name == OperationNames[I])
      return static_cast<Operation>(I);
  return std::nullopt;
}

llvm::StringRef exprParamName(ExprKind K) {
  switch (K) {
  case ExprKind::KeyCondition:
    return "KeyConditionExpression";
  case ExprKind::Filter:
    return "FilterExpression";
  case ExprKind::Condition:
    return "ConditionExpression";
  case ExprKind::Projection:
    return "ProjectionExpression";
  case ExprKind::Update:
    return "UpdateExpression";
  }
  return "";
}

llvm::StringRef compareOpSpelling(CompareOp Op) {
  switch (Op) {
  case CompareOp::Eq:
    return "=";
  case CompareOp::Ne:
    return "<>";
  case CompareOp::Lt:
    return "<";
  case CompareOp::Le:
    return "<=";
  case CompareOp::Gt:
    return ">";
  case CompareOp::Ge:
    return ">=";
  }
  return "";
}

std::string DocumentPath::display() const {
  std::string S;
  for (const PathElement &E : Elements) {
    if (E.Kind == PathElement::ListIndex) {
      S += E.Name;
      continue;
    }
    if (!S.empty())
      S += '.';
    S += E.Name;
  }
  return S;
}

std::string DocumentPath::bracketed() const {
  std::string S = "[";
  for (size_t I = 0; I < Elements.size(); ++I)
    S += (I ? ", " : "") + Elements[I].Name;
  return S + "]";
}

std::optional<std::string> Operand::valueType() const {
  // An Unknown value (host source) has no known type: {"S": userId} is a
  // closed map with a known type, a variable or an open map is not.
  if (Kind != Value || !Val || Val->Unknown || !Val->isObject() ||
      Val->Members.size() != 1)
    return std::nullopt;
  return Val->Members.front().Key;
}

const Expression *Request::expression(ExprKind K) const {
  for (const Expression &E : Expressions)
    if (E.Kind == K)
      return &E;
  return nullptr;
}

} // namespace nosqlint::dynamo
