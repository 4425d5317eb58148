//===- LiteralTypes.cpp - Literals against the types that receive them ----===//
//
// Mirrors Cassandra 5.0's assignment tests: Constants.Literal.testAssignment
// (which constant kinds each native type takes), Lists/Sets/Maps.Literal
// validateAssignableTo, Vectors.Literal.prepare (the dimension),
// Constants.NullLiteral (no null for a counter), FunctionCall.Raw.prepare
// (no aggregate as a value) and Duration.Builder (units in order, each once).
// Tuples.Literal and UserTypes.Literal (arity, components, fields) when
// the receiver is a tuple, or a UDT whose definition the schema gives.
// What Cassandra would do is not known for casts, arithmetic, UDTs not
// defined in the schema and custom types: those are never reported.
//
//===----------------------------------------------------------------------===//
#include "LiteralTypes.h"

#include "Describe.h"
#include "FunctionTypes.h"
#include "LiteralWalk.h"
#include "SelectClauses.h"

#include "nosqlint/Schema/TypeNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <fmt/format.h>

#include <algorithm>

namespace nosqlint::check {

using namespace nosqlint::cql;

namespace {

/// Cassandra's Constants.Type name for a literal, or null when the literal
/// is not one whose handling is known.
const char *constantKind(const Term &T) {
  switch (T.LiteralKind) {
  case Term::String:
    return "STRING";
  case Term::Integer:
    return "INTEGER";
  case Term::Float:
    return "FLOAT";
  case Term::Boolean:
    return "BOOLEAN";
  case Term::Uuid:
    return "UUID";
  case Term::Hex:
    return "HEX";
  case Term::Duration:
    return "DURATION";
  case Term::NaN:
  case Term::Infinity:
  case Term::None:
    return nullptr; // NaN and Infinity: Cassandra's handling depends on case
  }
  return nullptr;
}

/// The text of a constant as Cassandra's lexer leaves it: strings without
/// their quotes, '' unescaped.
std::string constantText(const Term &T) {
  llvm::StringRef S(T.Text);
  if (T.LiteralKind != Term::String)
    return T.Text;
  if (S.startswith("$$") && S.endswith("$$") && S.size() >= 4)
    return S.drop_front(2).drop_back(2).str();
  if (S.size() >= 2 && S.front() == '\'' && S.back() == '\'') {
    S = S.drop_front().drop_back();
    std::string Out;
    for (size_t I = 0; I < S.size(); ++I) {
      Out += S[I];
      if (S[I] == '\'' && I + 1 < S.size() && S[I + 1] == '\'')
        ++I;
    }
    return Out;
  }
  return T.Text;
}

/// Duration.from for the standard format (12h30m): each unit once, in
/// order. The ISO 8601 forms are left alone.
std::optional<std::string> durationError(llvm::StringRef Text) {
  if (Text.startswith("-"))
    Text = Text.drop_front();
  if (Text.startswith("P") || Text.startswith("p"))
    return std::nullopt;
  static const char *const UnitNames[] = {
      "",           "years",   "months",  "weeks",        "days",
      "hours",      "minutes", "seconds", "milliseconds", "microseconds",
      "nanoseconds"};
  int Current = 0;
  size_t I = 0;
  while (I < Text.size()) {
    size_t Digits = I;
    while (Digits < Text.size() && llvm::isDigit(Text[Digits]))
      ++Digits;
    if (Digits == I)
      return std::nullopt;
    llvm::StringRef Rest = Text.drop_front(Digits);
    std::string Lower = Rest.take_front(3).lower();
    int Unit = 0;
    size_t Len = 1;
    auto Starts = [&](llvm::StringRef U) {
      return llvm::StringRef(Lower).startswith(U);
    };
    if (Starts("\xC2\xB5s")) {
      Unit = 9;
      Len = 3;
    } else if (Starts("mo")) {
      Unit = 2;
      Len = 2;
    } else if (Starts("ms")) {
      Unit = 8;
      Len = 2;
    } else if (Starts("us")) {
      Unit = 9;
      Len = 2;
    } else if (Starts("ns")) {
      Unit = 10;
      Len = 2;
    } else if (Starts("y")) {
      Unit = 1;
    } else if (Starts("w")) {
      Unit = 3;
    } else if (Starts("d")) {
      Unit = 4;
    } else if (Starts("h")) {
      Unit = 5;
    } else if (Starts("m")) {
      Unit = 6;
    } else if (Starts("s")) {
      Unit = 7;
    } else {
      return std::nullopt;
    }
    if (Unit == Current)
      return fmt::format(
          "Invalid duration. The {} are specified multiple times",
          UnitNames[Unit]);
    if (Unit < Current)
      return fmt::format("Invalid duration. The {} should be after {}",
                         UnitNames[Current], UnitNames[Unit]);
    Current = Unit;
    I = Digits + Len;
  }
  return std::nullopt;
}

/// Cassandra 5.0's side of the literal walk.
class CassandraLiterals final : public LiteralDialect {
public:
  /// Constants.Literal.testAssignment.
  Assignable testConstant(const Term &T,
                          const CqlType &Receiver) const override {
    const char *Kind = constantKind(T);
    if (!Kind)
      return Assignable::Unknown;
    if (Receiver.isCollection())
      return Assignable::No;
    if (Receiver.Kind != CqlType::Native)
      return Assignable::Unknown; // UDTs (refused, with a type name we do not
                                  // print), tuples, vectors, custom types
    // Constants.Literal.testAssignment's table; a hex constant's preferred
    // type is ByteType (tinyint): an exact match.
    static const ConstantTargets Targets = {
        {"ascii", "text", "inet", "date", "time", "timestamp"},
        {"bigint", "counter", "date", "decimal", "double", "duration", "float",
         "int", "smallint", "time", "timestamp", "tinyint", "varint"},
        {"decimal", "double", "float"},
        {"boolean"},
        {"uuid", "timeuuid"},
        {"blob", "tinyint"},
        {"duration"}};
    return constantFits(T, Receiver, Targets);
  }

  /// A duration constant's units (Duration.Builder); an integer for a
  /// duration is parsed as one and fails.
  std::optional<std::string>
  constantValueError(const Term &T, const CqlType &Type) const override {
    if (Type.Kind != CqlType::Native || nativeName(Type) != "duration")
      return std::nullopt;
    if (T.LiteralKind == Term::Duration)
      return durationError(T.Text);
    if (T.LiteralKind == Term::Integer) {
      llvm::StringRef Text(T.Text);
      if (Text.startswith("-"))
        Text = Text.drop_front();
      return fmt::format("Unable to convert '{}' to a duration", Text.str());
    }
    return std::nullopt;
  }

  /// An array literal is a list or a vector literal: what it is for any
  /// other receiver is not known. Sets and maps are refused for natives
  /// and the other collections; tuples and UDTs for what is printable.
  Assignable otherKind(Term::KindType Literal,
                       const CqlType &Receiver) const override {
    switch (Literal) {
    case Term::List:
      return Assignable::Unknown;
    case Term::Set:
    case Term::Map:
      return Receiver.Kind == CqlType::Native || Receiver.isCollection()
                 ? Assignable::No
                 : Assignable::Unknown;
    default:
      return printableReceiver(Receiver) ? Assignable::No : Assignable::Unknown;
    }
  }

  /// Vectors.Literal.prepare: the dimension only.
  bool testsVectorElements() const override { return false; }
  std::optional<std::string>
  vectorSizeError(const Term &V, const CqlType &Type,
                  const std::string &Receiver) const override {
    if (static_cast<int>(V.Children.size()) == Type.Dimension)
      return std::nullopt;
    return fmt::format("Invalid vector literal for {} of type {}; expected "
                       "{} elements, but given {}",
                       Receiver, cassandraTypeName(Type), Type.Dimension,
                       V.Children.size());
  }
  bool namesListMismatch() const override { return false; }
  bool tupleArityFirst() const override { return true; }
  std::optional<std::string> termText(const Term &T) const override {
    return cassandraTermText(T);
  }

  /// FunctionResolver.get, and the result against the receiver. An
  /// aggregate that resolves is refused as a value, wherever the term
  /// stands: sum and avg resolve exactly on a numeric literal or a numeric
  /// cast, the count, min and max factories on any constant or cast.
  std::optional<std::string>
  functionCallError(const Term &Call, const CqlType &Type,
                    const std::string &Receiver) const override {
    if (std::optional<std::string> E = check::functionCallError(
            Call.Text, termArguments(Call), &Type, Receiver))
      return E;
    if (!isAggregateFunction(Call.Text) || Call.Children.size() != 1)
      return std::nullopt;
    const Term &Arg = Call.Children[0];
    bool Factory = Call.Text != "sum" && Call.Text != "avg";
    bool Resolves = false;
    if (Arg.Kind == Term::Literal)
      Resolves = Factory ? literalKindName(Arg) != nullptr
                         : Arg.LiteralKind == Term::Integer ||
                               Arg.LiteralKind == Term::Float;
    else if (Arg.Kind == Term::TypeHint && Arg.Type)
      Resolves = Factory || isNumericType(*Arg.Type);
    if (!Resolves)
      return std::nullopt;
    return std::string(
        "Aggregation function are not supported in the where clause");
  }
};

const CassandraLiterals &cassandra() {
  static const CassandraLiterals D;
  return D;
}

} // namespace

const CqlType *udtFieldType(const schema::CqlUserType &Udt,
                            const std::string &Name) {
  for (const auto &[Field, Type] : Udt.Fields)
    if (Field == Name)
      return &Type;
  return nullptr;
}

const char *literalKindName(const Term &T) {
  return T.Kind == Term::Literal ? constantKind(T) : nullptr;
}

std::string literalText(const Term &T) { return constantText(T); }

const schema::CqlUserType *TypeScope::find(const CqlType &T) const {
  if (!Keyspace || T.Kind != CqlType::Udt)
    return nullptr;
  if (T.Keyspace && *T.Keyspace != Keyspace->Name)
    return nullptr;
  auto It = Keyspace->Types.find(T.Name);
  // A type an ALTER TYPE left uncertain is unknown: no finding rests on it.
  if (It == Keyspace->Types.end() || It->second.Uncertain)
    return nullptr;
  return &It->second;
}

std::string cassandraTypeName(const CqlType &T) {
  std::string S;
  switch (T.Kind) {
  case CqlType::Native:
    S = nativeName(T);
    break;
  case CqlType::List:
  case CqlType::Set:
  case CqlType::Map:
    S = T.Kind == CqlType::List  ? "list<"
        : T.Kind == CqlType::Set ? "set<"
                                 : "map<";
    for (size_t I = 0; I < T.Params.size(); ++I) {
      if (I)
        S += ", ";
      S += cassandraTypeName(T.Params[I]);
    }
    S += ">";
    break;
  case CqlType::Vector:
    S = "vector<";
    if (!T.Params.empty())
      S += cassandraTypeName(T.Params[0]);
    S += ", " + std::to_string(T.Dimension) + ">";
    return S; // never printed frozen
  case CqlType::Tuple:
    // A tuple is always frozen, and printed so.
    S = "frozen<tuple<";
    for (size_t I = 0; I < T.Params.size(); ++I) {
      if (I)
        S += ", ";
      S += cassandraTypeName(T.Params[I]);
    }
    S += ">>";
    return S;
  case CqlType::Udt:
    // CQL3Type.UserDefined: the type's name, frozen<...> when frozen; never
    // its keyspace.
    S = T.Name;
    break;
  case CqlType::Custom:
    S = schema::describeType(T);
    return S;
  }
  if (T.Frozen) {
    std::string F = "frozen<";
    F += S;
    F += ">";
    return F;
  }
  return S;
}

std::string cassandraTermText(const Term &T) {
  // Term.Raw.getText(): {k: v}, NULL.
  static const TermStyle Style = {": ", true, true};
  return printTerm(T, Style);
}

std::string keyReceiverName(const std::string &Column) {
  return "key(" + Column + ")";
}
std::string valueReceiverName(const std::string &Column) {
  return "value(" + Column + ")";
}
std::string indexReceiverName(const std::string &Column) {
  return "idx(" + Column + ")";
}

CqlType nativeType(const char *Name) {
  CqlType T;
  T.Kind = CqlType::Native;
  T.Name = Name;
  return T;
}

const CqlType *elementType(const CqlType &T) {
  if ((T.Kind == CqlType::List || T.Kind == CqlType::Set) && !T.Params.empty())
    return &T.Params[0];
  if (T.Kind == CqlType::Map && T.Params.size() == 2)
    return &T.Params[1];
  return nullptr;
}

const CqlType *mapKeyType(const CqlType &T) {
  return T.Kind == CqlType::Map && T.Params.size() == 2 ? &T.Params[0]
                                                        : nullptr;
}

bool referencesDuration(const CqlType &T) {
  if (T.Kind == CqlType::Native && nativeName(T) == "duration")
    return true;
  return std::any_of(T.Params.begin(), T.Params.end(), referencesDuration);
}

std::optional<std::string> prepareError(const Term &Value, const CqlType &Type,
                                        const std::string &Receiver,
                                        const TypeScope &Scope) {
  return prepareLiteral(cassandra(), Value, Type, Receiver, Scope);
}

std::optional<std::string> bindError(const Term &Value, const CqlType &Type) {
  if (!Type.isCollection())
    return std::nullopt;
  bool IsMap = Type.Kind == CqlType::Map;
  if (Value.Kind != Term::List && Value.Kind != Term::Set &&
      Value.Kind != Term::Map)
    return std::nullopt;
  for (size_t I = 0; I < Value.Children.size(); ++I) {
    const Term &Child = Value.Children[I];
    if (Child.Kind == Term::Null)
      return std::string("null is not supported inside collections");
    const CqlType *Inner =
        IsMap && I % 2 == 0 ? mapKeyType(Type) : elementType(Type);
    if (Inner)
      if (std::optional<std::string> E = bindError(Child, *Inner))
        return E;
  }
  return std::nullopt;
}

} // namespace nosqlint::check
