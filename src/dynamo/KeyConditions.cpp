//===- KeyConditions.cpp - Terms and structural errors of key conditions --===//
#include "KeyConditions.h"

#include "llvm/ADT/StringSwitch.h"

namespace nosqlint::dynamo {

namespace {

class Splitter {
public:
  explicit Splitter(KeyConditionAnalysis &A) : A(A) {}

  void split(const Condition &C);

private:
  void problem(std::string Message, SourceRange Range) {
    A.Problems.push_back({std::move(Message), Range});
  }
  void leaf(const Condition &C);

  KeyConditionAnalysis &A;
};

void Splitter::split(const Condition &C) {
  switch (C.Kind) {
  case Condition::And:
    split(C.Children[0]);
    split(C.Children[1]);
    return;
  case Condition::Paren:
    split(C.Children[0]);
    return;
  case Condition::Or:
    return problem("Invalid operator used in KeyConditionExpression: OR",
                   C.OperatorRange);
  case Condition::Not:
    return problem("Invalid operator used in KeyConditionExpression: NOT",
                   C.OperatorRange);
  case Condition::In:
    return problem("Invalid operator used in KeyConditionExpression: IN",
                   C.OperatorRange);
  default:
    return leaf(C);
  }
}

void Splitter::leaf(const Condition &C) {
  if (C.Kind == Condition::Compare && C.Op == CompareOp::Ne)
    return problem("Invalid operator used in KeyConditionExpression: <>",
                   C.OperatorRange);
  if (C.Kind == Condition::Function && C.FunctionName != "begins_with")
    return problem("Invalid operator used in KeyConditionExpression: " +
                       C.FunctionName,
                   C.OperatorRange);
  const Operand *Attr = nullptr;
  std::vector<const Operand *> Values;
  for (const Operand &O : C.Operands) {
    if (O.Kind == Operand::Function || O.Kind == Operand::Plus ||
        O.Kind == Operand::Minus)
      return problem("KeyConditionExpressions cannot contain nested operations",
                     O.Range);
    if (O.Kind == Operand::Value) {
      Values.push_back(&O);
      continue;
    }
    if (!O.P.isTopLevel())
      return problem(
          "KeyConditionExpressions cannot have conditions on nested attributes",
          O.Range);
    if (Attr)
      return problem("Invalid condition in KeyConditionExpression: Multiple "
                         "attribute names used in one condition",
                     C.Range);
    Attr = &O;
  }
  if (!Attr)
    return problem("Invalid condition in KeyConditionExpression: No key "
                   "attribute specified",
                   C.Range);
  KeyTerm T;
  T.Op = C.Kind == Condition::Between    ? KeyTerm::Between
         : C.Kind == Condition::Function ? KeyTerm::BeginsWith
         : C.Op == CompareOp::Eq         ? KeyTerm::Eq
                                         : KeyTerm::Compare;
  T.Attribute = Attr->P.topName();
  // A #name computed at run time, or one ExpressionAttributeNames does not
  // define (undefined-placeholder reports it, and DynamoDB rejects the
  // request for it alone): nothing can be said of the attribute.
  const PathElement &Top = Attr->P.Elements.front();
  T.NameUnknown = Top.NameUnknown || !Top.Resolved;
  A.Incomplete |= T.NameUnknown;
  T.Range = C.Range;
  T.AttrRange = Attr->Range;
  T.Values = std::move(Values);
  if (A.term(T.Attribute))
    return problem("KeyConditionExpressions must only contain one condition "
                   "per key",
                   C.Range);
  A.Terms.push_back(std::move(T));
}

void splitLegacy(const json::JsonValue &Map, FileId File,
                 KeyConditionAnalysis &A) {
  A.Incomplete |= Map.Unknown;
  for (const json::JsonMember &M : Map.Members) {
    KeyTerm T;
    T.Attribute = M.Key;
    T.Range = SourceRange(File, M.KeyBegin, M.Value.End);
    T.AttrRange = M.keyRange(File);
    if (const json::JsonValue *L = M.Value.get("AttributeValueList"))
      for (const json::JsonValue &V : L->Elements)
        T.LegacyValues.push_back(&V);
    // An operator computed at run time (or one an open condition map may
    // hold) is not judged.
    const json::JsonValue *OpV = M.Value.get("ComparisonOperator");
    if ((OpV && OpV->Unknown) || (!OpV && M.Value.Unknown)) {
      T.OpUnknown = true;
      A.Terms.push_back(std::move(T));
      continue;
    }
    std::string Op;
    if (OpV && OpV->isString())
      Op = OpV->Str;
    std::optional<KeyTerm::OpKind> K =
        llvm::StringSwitch<std::optional<KeyTerm::OpKind>>(Op)
            .Case("EQ", KeyTerm::Eq)
            .Cases("LE", "LT", "GE", "GT", KeyTerm::Compare)
            .Case("BETWEEN", KeyTerm::Between)
            .Case("BEGINS_WITH", KeyTerm::BeginsWith)
            .Default(std::nullopt);
    if (!K) {
      A.Problems.push_back({"Attempted conditional constraint is not an "
                            "indexable operation",
                            T.Range});
      continue;
    }
    T.Op = *K;
    A.Terms.push_back(std::move(T));
  }
}

} // namespace

const KeyTerm *KeyConditionAnalysis::term(llvm::StringRef Attribute) const {
  for (const KeyTerm &T : Terms)
    if (T.Attribute == Attribute)
      return &T;
  return nullptr;
}

bool KeyConditionAnalysis::pinsPartition(const DynamoKeySchema &Keys) const {
  if (Keys.Hash.empty())
    return false;
  for (const DynamoKeyAttribute &K : Keys.Hash) {
    const KeyTerm *T = term(K.Name);
    if (!T || T->OpUnknown || T->Op != KeyTerm::Eq)
      return false;
  }
  return true;
}

bool KeyConditionAnalysis::constrainsSort(const DynamoKeySchema &Keys) const {
  for (const DynamoKeyAttribute &K : Keys.Range)
    if (term(K.Name))
      return true;
  return false;
}

KeyConditionAnalysis analyzeKeyCondition(const Request &R) {
  KeyConditionAnalysis A;
  if (const Expression *E = R.expression(ExprKind::KeyCondition)) {
    A.Range = E->Range;
    if (!E->Cond)
      return A;
    A.Present = true;
    Splitter(A).split(*E->Cond);
    return A;
  }
  if (const json::JsonValue *KC = R.param("KeyConditions");
      KC && KC->isObject()) {
    A.Present = true;
    A.Legacy = true;
    A.Range = KC->range(R.File);
    splitLegacy(*KC, R.File, A);
  }
  return A;
}

std::string attributeValueType(const json::JsonValue *V) {
  if (!V || V->Unknown || !V->isObject() || V->Members.size() != 1)
    return "";
  return V->Members.front().Key;
}

} // namespace nosqlint::dynamo
