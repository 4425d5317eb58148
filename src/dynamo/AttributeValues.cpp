//===- AttributeValues.cpp - DynamoDB's checks on AttributeValues ---------===//
//
// The messages are DynamoDB's (as dynalite, which replays them, returns
// them; "An string set  may not be empty" is DynamoDB's own spelling).
//
//===----------------------------------------------------------------------===//
#include "AttributeValues.h"

#include "llvm/ADT/StringSwitch.h"

#include <cctype>
#include <set>

namespace nosqlint::dynamo {

namespace {

bool isDigit(char C) { return C >= '0' && C <= '9'; }

/// The data types an AttributeValue may name; other members are ignored,
/// as DynamoDB's JSON protocol ignores unknown members.
bool isDataType(llvm::StringRef Key) {
  return llvm::StringSwitch<bool>(Key)
      .Cases("S", "N", "B", "SS", "NS", "BS", true)
      .Cases("M", "L", "NULL", "BOOL", true)
      .Default(false);
}

std::string listed(const json::JsonValue &List) {
  std::string Out = "[";
  for (const json::JsonValue &E : List.Elements) {
    if (Out.size() > 1)
      Out += ", ";
    Out += E.Str;
  }
  Out += "]";
  return Out;
}

/// The first repeated member of a set, compared by \p Key.
template <typename KeyFn>
bool hasDuplicate(const json::JsonValue &List, KeyFn Key) {
  std::set<std::string> Seen;
  for (const json::JsonValue &E : List.Elements) {
    if (E.Unknown || !E.isString())
      continue;
    if (!Seen.insert(Key(E.Str)).second)
      return true;
  }
  return false;
}

std::optional<std::string> setProblem(llvm::StringRef Type,
                                      const json::JsonValue &List) {
  if (List.Unknown || !List.isArray())
    return std::nullopt;
  const char *Prefix = "One or more parameter values were invalid: ";
  if (List.Elements.empty()) {
    if (Type == "SS")
      return std::string(Prefix) + "An string set  may not be empty";
    if (Type == "NS")
      return std::string(Prefix) + "An number set  may not be empty";
    return std::string(Prefix) + "Binary sets should not be empty";
  }
  if (Type == "NS") {
    for (const json::JsonValue &E : List.Elements)
      if (!E.Unknown && E.isString())
        if (std::optional<std::string> P = numberProblem(E.Str))
          return P;
    if (hasDuplicate(List, [](llvm::StringRef S) { return canonicalNumber(S); }))
      return std::string("Input collection contains duplicates");
    return std::nullopt;
  }
  if (!hasDuplicate(List, [](llvm::StringRef S) { return S.str(); }))
    return std::nullopt;
  if (Type == "SS")
    return std::string(Prefix) + "Input collection " + listed(List) +
           " contains duplicates.";
  return std::string(Prefix) + "Input collection " + listed(List) +
         "of type BS contains duplicates.";
}

} // namespace

std::optional<DecimalNumber> parseDecimal(llvm::StringRef Text) {
  DecimalNumber N;
  size_t I = 0;
  if (I < Text.size() && (Text[I] == '-' || Text[I] == '+'))
    N.Negative = Text[I++] == '-';
  std::string Digits;
  long Point = -1;
  for (; I < Text.size(); ++I) {
    char C = Text[I];
    if (isDigit(C)) {
      Digits += C;
      continue;
    }
    if (C == '.' && Point < 0) {
      Point = static_cast<long>(Digits.size());
      continue;
    }
    break;
  }
  if (Digits.empty())
    return std::nullopt;
  if (Point < 0)
    Point = static_cast<long>(Digits.size());
  long Exp = 0;
  if (I < Text.size() && (Text[I] == 'e' || Text[I] == 'E')) {
    ++I;
    bool NegExp = false;
    if (I < Text.size() && (Text[I] == '-' || Text[I] == '+'))
      NegExp = Text[I++] == '-';
    size_t Start = I;
    for (; I < Text.size() && isDigit(Text[I]); ++I)
      if (Exp < 100000000)
        Exp = Exp * 10 + (Text[I] - '0');
    if (I == Start)
      return std::nullopt;
    if (NegExp)
      Exp = -Exp;
  }
  if (I != Text.size())
    return std::nullopt;
  size_t Lead = Digits.find_first_not_of('0');
  if (Lead == std::string::npos) {
    N.Negative = false;
    return N; // zero
  }
  size_t Last = Digits.find_last_not_of('0');
  N.Digits = Digits.substr(Lead, Last - Lead + 1);
  N.Exponent = Point - static_cast<long>(Lead) - 1 + Exp;
  return N;
}

std::optional<std::string> numberProblem(llvm::StringRef Text) {
  if (Text.empty())
    return std::string("The parameter cannot be converted to a numeric value");
  std::optional<DecimalNumber> N = parseDecimal(Text);
  if (!N)
    return std::string(
               "The parameter cannot be converted to a numeric value: ") +
           Text.str();
  if (N->isZero())
    return std::nullopt;
  if (N->Exponent > 125)
    return std::string("Number overflow. Attempting to store a number with "
                       "magnitude larger than supported range");
  if (N->Exponent < -130)
    return std::string("Number underflow. Attempting to store a number with "
                       "magnitude smaller than supported range");
  if (N->Digits.size() > 38)
    return std::string(
        "Attempting to store more than 38 significant digits in a Number");
  return std::nullopt;
}

int compareDecimals(const DecimalNumber &A, const DecimalNumber &B) {
  int SignA = A.isZero() ? 0 : A.Negative ? -1 : 1;
  int SignB = B.isZero() ? 0 : B.Negative ? -1 : 1;
  if (SignA != SignB)
    return SignA < SignB ? -1 : 1;
  if (SignA == 0)
    return 0;
  int Magnitude = 0;
  if (A.Exponent != B.Exponent)
    Magnitude = A.Exponent < B.Exponent ? -1 : 1;
  else if (int C = A.Digits.compare(B.Digits))
    Magnitude = C < 0 ? -1 : 1;
  return SignA < 0 ? -Magnitude : Magnitude;
}

std::string canonicalNumber(llvm::StringRef Text) {
  std::optional<DecimalNumber> N = parseDecimal(Text);
  if (!N)
    return Text.str();
  if (N->isZero())
    return "0";
  std::string Out = N->Negative ? "-" : "";
  Out += N->Digits;
  Out += "e";
  Out += std::to_string(N->Exponent);
  return Out;
}

namespace {

/// Lists and maps nest at most 31 deep inside an attribute.
constexpr unsigned MaxContainerDepth = 31;

std::optional<std::string> valueProblem(const json::JsonValue &V,
                                        unsigned Depth);

} // namespace

std::optional<std::string> attributeValueProblem(const json::JsonValue &V) {
  return valueProblem(V, 0);
}

namespace {

std::optional<std::string> valueProblem(const json::JsonValue &V,
                                        unsigned Depth) {
  if (V.Unknown || !V.isObject())
    return std::nullopt;
  unsigned Types = 0;
  for (const json::JsonMember &M : V.Members) {
    if (!isDataType(M.Key))
      continue;
    ++Types;
    const json::JsonValue &X = M.Value;
    if (X.Unknown)
      continue;
    if (M.Key == "N" && X.isString()) {
      if (std::optional<std::string> P = numberProblem(X.Str))
        return P;
    } else if (M.Key == "NULL" && X.isBool() && !X.Bool) {
      return std::string("One or more parameter values were invalid: Null "
                         "attribute value types must have the value of true");
    } else if (M.Key == "SS" || M.Key == "NS" || M.Key == "BS") {
      if (std::optional<std::string> P = setProblem(M.Key, X))
        return P;
    } else if ((M.Key == "M" && X.isObject()) ||
               (M.Key == "L" && X.isArray())) {
      if (Depth + 1 > MaxContainerDepth)
        return std::string("Nesting Levels have exceeded supported limits");
      for (const json::JsonMember &E : X.Members)
        if (std::optional<std::string> P = valueProblem(E.Value, Depth + 1))
          return P;
      for (const json::JsonValue &E : X.Elements)
        if (std::optional<std::string> P = valueProblem(E, Depth + 1))
          return P;
    }
  }
  if (Types == 0)
    return std::string("Supplied AttributeValue is empty, must contain "
                       "exactly one of the supported datatypes");
  if (Types > 1)
    return std::string("Supplied AttributeValue has more than one datatypes "
                       "set, must contain exactly one of the supported "
                       "datatypes");
  return std::nullopt;
}

} // namespace

} // namespace nosqlint::dynamo
