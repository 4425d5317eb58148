//===- Indexes.cpp - Which key or index serves an attribute ---------------===//
#include "Indexes.h"

#include <fmt/format.h>

namespace nosqlint::dynamo {

KeyHome partitionKeyHome(const DynamoTable &T, llvm::StringRef Attribute) {
  if (const DynamoKeyAttribute *P = T.Keys.partitionKey();
      P && P->Name == Attribute)
    return {nullptr, true};
  for (const DynamoIndex &I : T.GlobalIndexes)
    if (const DynamoKeyAttribute *P = I.Keys.partitionKey();
        P && P->Name == Attribute)
      return {&I, true};
  return {};
}

bool isKeyAnywhere(const DynamoTable &T, llvm::StringRef Attribute) {
  if (T.Keys.contains(Attribute))
    return true;
  for (const DynamoIndex &I : T.GlobalIndexes)
    if (I.Keys.contains(Attribute))
      return true;
  for (const DynamoIndex &I : T.LocalIndexes)
    if (I.Keys.contains(Attribute))
      return true;
  return false;
}

std::string declaredType(const DynamoTable &T, llvm::StringRef Attribute) {
  if (const DynamoAttributeDefinition *D = T.attribute(Attribute))
    if (D->Type != DynamoScalarType::Unknown)
      return dynamoScalarTypeName(D->Type).str();
  return "S";
}

std::string proposeGsi(const DynamoTable &T, llvm::StringRef Hash,
                       llvm::StringRef Range) {
  std::string Name = Range.empty()
                         ? fmt::format("{}-index", Hash.str())
                         : fmt::format("{}-{}-index", Hash.str(), Range.str());
  std::string Keys = fmt::format(
      "{{\"AttributeName\": \"{}\", \"KeyType\": \"HASH\"}}", Hash.str());
  std::string Defs = fmt::format(
      "{{\"AttributeName\": \"{}\", \"AttributeType\": \"{}\"}}", Hash.str(),
      declaredType(T, Hash));
  if (!Range.empty()) {
    Keys += fmt::format(
        ", {{\"AttributeName\": \"{}\", \"KeyType\": \"RANGE\"}}", Range.str());
    Defs += fmt::format(
        ", {{\"AttributeName\": \"{}\", \"AttributeType\": \"{}\"}}",
        Range.str(), declaredType(T, Range));
  }
  return fmt::format("add to table '{}': \"AttributeDefinitions\": [{}], "
                     "\"GlobalSecondaryIndexes\": [{{\"IndexName\": \"{}\", "
                     "\"KeySchema\": [{}], \"Projection\": "
                     "{{\"ProjectionType\": \"ALL\"}}}}]; then Query it with "
                     "\"IndexName\": \"{}\"",
                     T.Name, Defs, Name, Keys, Name);
}

std::string describeHome(const KeyHome &H) {
  if (!H.Index)
    return "the table's own key";
  return fmt::format("{} '{}' (\"IndexName\": \"{}\")",
                     H.Index->isGlobal() ? "global secondary index"
                                         : "local secondary index",
                     H.Index->Name, H.Index->Name);
}

} // namespace nosqlint::dynamo

namespace nosqlint::dynamo {

static void collectLookups(const Condition &C, std::vector<Lookup> &Out) {
  switch (C.Kind) {
  case Condition::And:
    collectLookups(C.Children[0], Out);
    collectLookups(C.Children[1], Out);
    return;
  case Condition::Paren:
    collectLookups(C.Children[0], Out);
    return;
  case Condition::Compare:
  case Condition::In:
  case Condition::Function: {
    if (C.Kind == Condition::Compare && C.Op != CompareOp::Eq)
      return;
    if (C.Kind == Condition::Function && C.FunctionName != "begins_with")
      return;
    const Operand *Path = nullptr;
    unsigned Values = 0;
    for (const Operand &O : C.Operands) {
      if (O.Kind == Operand::Path && !Path)
        Path = &O;
      else if (O.Kind == Operand::Value)
        ++Values;
    }
    if (!Path || !Values || !Path->P.isTopLevel())
      return;
    const PathElement &Top = Path->P.Elements.front();
    if (Top.Resolved || Top.NameUnknown)
      Out.push_back({Path->P.topName(), Path->Range,
                     C.Kind != Condition::Function, Top.NameUnknown});
    return;
  }
  default:
    return;
  }
}

std::vector<Lookup> lookupsOf(const Condition &C) {
  std::vector<Lookup> Out;
  collectLookups(C, Out);
  return Out;
}

} // namespace nosqlint::dynamo
