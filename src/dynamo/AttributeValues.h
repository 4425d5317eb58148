//===- AttributeValues.h - DynamoDB's checks on AttributeValues -*- C++ -*-===//
//
// What DynamoDB validates in every AttributeValue of a request, before it
// looks at any table: exactly one data type, numbers (syntax, 38 significant
// digits, magnitude 1E-130 .. 9.99..E+125), non-empty sets without
// duplicates, NULL only as true; lists and maps recursively, at most 31
// deep (32 nested maps are refused). Also the number
// arithmetic the checks need: comparing two numbers, and the canonical form
// under which 1000 and 1e3 are one key value.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_SRC_DYNAMO_ATTRIBUTEVALUES_H
#define NOSQLINT_SRC_DYNAMO_ATTRIBUTEVALUES_H

#include "nosqlint/Json/PositionedJson.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace nosqlint::dynamo {

/// A DynamoDB number: sign, significant digits (no leading or trailing
/// zeros; empty for zero) and the exponent of the first digit.
struct DecimalNumber {
  bool Negative = false;
  std::string Digits;
  long Exponent = 0;

  bool isZero() const { return Digits.empty(); }
};

/// Parses a number as DynamoDB reads it (`-1.5e3`, `.5`, `7.`); nullopt if it
/// is not a number.
std::optional<DecimalNumber> parseDecimal(llvm::StringRef Text);

/// DynamoDB's message for a number it refuses, or nullopt.
std::optional<std::string> numberProblem(llvm::StringRef Text);

/// -1, 0 or 1; both must parse.
int compareDecimals(const DecimalNumber &A, const DecimalNumber &B);

/// One spelling per numeric value ("1000", "1e3" and "1000.0" agree), or the
/// text itself when it does not parse.
std::string canonicalNumber(llvm::StringRef Text);

/// The problem DynamoDB reports for \p V (a JSON AttributeValue), with its
/// message, or nullopt when it is valid or not known (host source).
std::optional<std::string> attributeValueProblem(const json::JsonValue &V);

} // namespace nosqlint::dynamo

#endif
