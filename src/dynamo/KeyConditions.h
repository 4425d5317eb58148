//===- KeyConditions.h - What a Query's key condition pins -----*- C++ -*-===//
//
// Splits a KeyConditionExpression (or a legacy KeyConditions map) into one
// term per key attribute, finds the structural errors DynamoDB reports
// before it looks at the table (OR, NOT, IN, <>, functions other than
// begins_with, nested paths, two conditions on one attribute), and says
// what the terms pin once a key schema is known.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_SRC_DYNAMO_KEYCONDITIONS_H
#define NOSQLINT_SRC_DYNAMO_KEYCONDITIONS_H

#include "nosqlint/Dynamo/Request.h"
#include "nosqlint/Schema/DynamoSchema.h"

namespace nosqlint::dynamo {

struct KeyTerm {
  enum OpKind : uint8_t { Eq, Compare, Between, BeginsWith };
  OpKind Op = Eq;
  std::string Attribute;
  SourceRange Range;     // the whole term
  SourceRange AttrRange; // the attribute as written
  /// The value operands (one; two for BETWEEN); may be null (legacy).
  std::vector<const Operand *> Values;
  /// Legacy KeyConditions: the AttributeValueList entries.
  std::vector<const json::JsonValue *> LegacyValues;
  /// Host source: the attribute is a #name computed at run time (Attribute
  /// is then the placeholder as written).
  bool NameUnknown = false;
  /// Host source: a legacy ComparisonOperator computed at run time (Op is
  /// then meaningless).
  bool OpUnknown = false;
};

struct KeyConditionAnalysis {
  bool Present = false; // a parsed key condition (expression or legacy)
  bool Legacy = false;
  SourceRange Range;    // the expression (or KeyConditions)
  std::vector<KeyTerm> Terms;
  /// Structural errors (DynamoDB's messages), in the order it finds them.
  std::vector<ExprProblem> Problems;
  /// Host source: some term names an attribute computed at run time, or an
  /// open KeyConditions map may hold more terms: whatever the listed terms
  /// leave unconstrained may be constrained at run time.
  bool Incomplete = false;

  const KeyTerm *term(llvm::StringRef Attribute) const;
  /// Every partition key attribute of \p Keys has an equality term.
  bool pinsPartition(const DynamoKeySchema &Keys) const;
  /// Some sort key attribute of \p Keys has a term.
  bool constrainsSort(const DynamoKeySchema &Keys) const;
};

KeyConditionAnalysis analyzeKeyCondition(const Request &R);

/// The AttributeValue type of a JSON AttributeValue ("S", "N", ...), or ""
/// (not an AttributeValue, or an Unknown value: callers that report a
/// malformed value must test json::JsonValue::Unknown first).
std::string attributeValueType(const json::JsonValue *V);

} // namespace nosqlint::dynamo

#endif
