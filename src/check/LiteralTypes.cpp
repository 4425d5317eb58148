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
#include "SelectClauses.h"

#include "nosqlint/Schema/TypeNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <fmt/format.h>

#include <algorithm>

namespace nosqlint::check {

using namespace nosqlint::cql;

namespace {

enum class Assignable { Yes, No, Unknown };

Assignable combine(Assignable A, Assignable B) {
  if (A == Assignable::No || B == Assignable::No)
    return Assignable::No;
  if (A == Assignable::Unknown || B == Assignable::Unknown)
    return Assignable::Unknown;
  return Assignable::Yes;
}

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

std::string nativeName(const CqlType &T) {
  std::string Name = llvm::StringRef(T.Name).lower();
  return Name == "varchar" ? "text" : Name;
}

bool isOneOf(const std::string &Name,
             std::initializer_list<const char *> Names) {
  return std::any_of(Names.begin(), Names.end(),
                     [&](const char *N) { return Name == N; });
}

/// Constants.Literal.testAssignment.
Assignable testConstant(const Term &T, const CqlType &Receiver) {
  const char *Kind = constantKind(T);
  if (!Kind)
    return Assignable::Unknown;
  if (Receiver.isCollection())
    return Assignable::No;
  if (Receiver.Kind != CqlType::Native)
    return Assignable::Unknown; // UDTs (refused, with a type name we do not
                                // print), tuples, vectors, custom types
  std::string N = nativeName(Receiver);
  switch (T.LiteralKind) {
  case Term::String:
    return isOneOf(N, {"ascii", "text", "inet", "date", "time", "timestamp"})
               ? Assignable::Yes
               : Assignable::No;
  case Term::Integer:
    return isOneOf(N, {"bigint", "counter", "date", "decimal", "double",
                       "duration", "float", "int", "smallint", "time",
                       "timestamp", "tinyint", "varint"})
               ? Assignable::Yes
               : Assignable::No;
  case Term::Float:
    return isOneOf(N, {"decimal", "double", "float"}) ? Assignable::Yes
                                                      : Assignable::No;
  case Term::Boolean:
    return N == "boolean" ? Assignable::Yes : Assignable::No;
  case Term::Uuid:
    return isOneOf(N, {"uuid", "timeuuid"}) ? Assignable::Yes : Assignable::No;
  case Term::Hex:
    // A hex constant's preferred type is ByteType (tinyint): an exact match.
    return isOneOf(N, {"blob", "tinyint"}) ? Assignable::Yes : Assignable::No;
  case Term::Duration:
    return N == "duration" ? Assignable::Yes : Assignable::No;
  case Term::NaN:
  case Term::Infinity:
  case Term::None:
    break;
  }
  return Assignable::Unknown;
}

bool isEmptyBraces(const Term &T) {
  return T.Kind == Term::Map && T.Children.empty();
}

Assignable testAssignment(const Term &T, const CqlType &Receiver,
                          const TypeScope &Scope);
Assignable testTuple(const Term &T, const CqlType &Receiver,
                     const TypeScope &Scope);
Assignable testUdt(const Term &T, const CqlType &Receiver,
                   const TypeScope &Scope);

Assignable testAll(const std::vector<Term> &Items, const CqlType &Receiver,
                   const TypeScope &Scope) {
  Assignable R = Assignable::Yes;
  for (const Term &Item : Items)
    R = combine(R, testAssignment(Item, Receiver, Scope));
  return R;
}

/// Term.Raw.testAssignment, where Cassandra's answer is known.
Assignable testAssignment(const Term &T, const CqlType &Receiver,
                          const TypeScope &Scope) {
  switch (T.Kind) {
  case Term::Literal:
    return testConstant(T, Receiver);
  case Term::Null:
    return Receiver.isCounter() ? Assignable::No : Assignable::Yes;
  case Term::BindMarker:
    return Assignable::Yes;
  case Term::List:
    if (Receiver.Kind != CqlType::List || Receiver.Params.empty())
      return Assignable::Unknown; // an array literal: list or vector
    return T.Children.empty() ? Assignable::Yes
                              : testAll(T.Children, Receiver.Params[0], Scope);
  case Term::Set:
    if (Receiver.Kind == CqlType::Set && !Receiver.Params.empty())
      return testAll(T.Children, Receiver.Params[0], Scope);
    return Receiver.Kind == CqlType::Native || Receiver.Kind == CqlType::List ||
                   Receiver.Kind == CqlType::Map
               ? Assignable::No
               : Assignable::Unknown;
  case Term::Map: {
    if (isEmptyBraces(T)) // parsed as an empty set literal
      return Receiver.Kind == CqlType::Set || Receiver.Kind == CqlType::Map
                 ? Assignable::Yes
             : Receiver.Kind == CqlType::Native ||
                     Receiver.Kind == CqlType::List
                 ? Assignable::No
                 : Assignable::Unknown;
    if (Receiver.Kind != CqlType::Map || Receiver.Params.size() != 2)
      return Receiver.Kind == CqlType::Native ||
                     Receiver.Kind == CqlType::List ||
                     Receiver.Kind == CqlType::Set
                 ? Assignable::No
                 : Assignable::Unknown;
    Assignable R = Assignable::Yes;
    for (size_t I = 0; I + 1 < T.Children.size(); I += 2) {
      R = combine(R, testAssignment(T.Children[I], Receiver.Params[0], Scope));
      R = combine(R, testAssignment(T.Children[I + 1], Receiver.Params[1], Scope));
    }
    return R;
  }
  case Term::Tuple:
    return testTuple(T, Receiver, Scope);
  case Term::Udt:
    return testUdt(T, Receiver, Scope);
  case Term::FunctionCall:
  case Term::TypeHint:
  case Term::Arithmetic:
  case Term::Negation:
    return Assignable::Unknown;
  }
  return Assignable::Unknown;
}

/// A receiver whose type Cassandra names the way cassandraTypeName does.
bool printableReceiver(const CqlType &T) {
  return T.Kind == CqlType::Native || T.Kind == CqlType::List ||
         T.Kind == CqlType::Set || T.Kind == CqlType::Map ||
         T.Kind == CqlType::Vector || T.Kind == CqlType::Tuple;
}

/// Tuples.Literal.testAssignment: no tuple literal for what is not a
/// tuple; no more elements than the tuple has (fewer are nulls), each
/// assignable to its component.
Assignable testTuple(const Term &T, const CqlType &Receiver,
                     const TypeScope &Scope) {
  if (Receiver.Kind != CqlType::Tuple)
    return printableReceiver(Receiver) ? Assignable::No : Assignable::Unknown;
  if (T.Children.size() > Receiver.Params.size())
    return Assignable::No;
  Assignable R = Assignable::Yes;
  for (size_t I = 0; I < T.Children.size(); ++I)
    R = combine(R, testAssignment(T.Children[I], Receiver.Params[I], Scope));
  return R;
}

const CqlType *fieldType(const schema::CqlUserType &Udt,
                         const std::string &Name) {
  return udtFieldType(Udt, Name);
}

/// UserTypes.Literal.testAssignment: no UDT literal for what is not a UDT;
/// each field the type has, when given, assignable to its type (unknown
/// fields are refused only when the literal is prepared).
Assignable testUdt(const Term &T, const CqlType &Receiver,
                   const TypeScope &Scope) {
  if (Receiver.Kind != CqlType::Udt)
    return printableReceiver(Receiver) ? Assignable::No : Assignable::Unknown;
  const schema::CqlUserType *Udt = Scope.find(Receiver);
  if (!Udt)
    return Assignable::Unknown;
  Assignable R = Assignable::Yes;
  for (size_t I = 0; I < T.Children.size() && I < T.FieldNames.size(); ++I)
    if (const CqlType *F = fieldType(*Udt, T.FieldNames[I]))
      R = combine(R, testAssignment(T.Children[I], *F, Scope));
  return R;
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

std::optional<std::string> constantError(const Term &T, const CqlType &Type,
                                         const std::string &Receiver) {
  if (testConstant(T, Type) == Assignable::No)
    return fmt::format("Invalid {} constant ({}) for \"{}\" of type {}",
                       constantKind(T), constantText(T), Receiver,
                       cassandraTypeName(Type));
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

/// Elements of a list or set literal against the element type.
std::optional<std::string> elementsError(const std::vector<Term> &Items,
                                         const CqlType &Element,
                                         const std::string &Receiver,
                                         const char *LiteralName,
                                         const TypeScope &Scope) {
  for (const Term &Item : Items)
    if (testAssignment(Item, Element, Scope) == Assignable::No)
      return fmt::format(
          "Invalid {} literal for {}: value {} is not of type {}", LiteralName,
          Receiver, cassandraTermText(Item), cassandraTypeName(Element));
  for (const Term &Item : Items)
    if (std::optional<std::string> E =
            prepareError(Item, Element, valueReceiverName(Receiver), Scope))
      return E;
  return std::nullopt;
}


/// Tuples.Literal.prepare: validateAssignableTo, then each element
/// prepared against its component ("t[0]", "t[1]"...).
std::optional<std::string> tupleError(const Term &Value, const CqlType &Type,
                                      const std::string &Receiver,
                                      const TypeScope &Scope) {
  if (Type.Kind != CqlType::Tuple) {
    if (!printableReceiver(Type))
      return std::nullopt;
    return fmt::format("Invalid tuple type literal for {} of type {}",
                       Receiver, cassandraTypeName(Type));
  }
  if (Value.Children.size() > Type.Params.size())
    return fmt::format("Invalid tuple literal for {}: too many elements. "
                       "Type {} expects {} but got {}",
                       Receiver, cassandraTypeName(Type), Type.Params.size(),
                       Value.Children.size());
  for (size_t I = 0; I < Value.Children.size(); ++I)
    if (testAssignment(Value.Children[I], Type.Params[I], Scope) ==
        Assignable::No)
      return fmt::format("Invalid tuple literal for {}: component {} is not "
                         "of type {}",
                         Receiver, I, cassandraTypeName(Type.Params[I]));
  for (size_t I = 0; I < Value.Children.size(); ++I)
    if (std::optional<std::string> E =
            prepareError(Value.Children[I], Type.Params[I],
                         fmt::format("{}[{}]", Receiver, I), Scope))
      return E;
  return std::nullopt;
}

/// UserTypes.Literal.prepare: validateAssignableTo, each field prepared
/// against "u.field", then no field the type lacks.
std::optional<std::string> udtError(const Term &Value, const CqlType &Type,
                                    const std::string &Receiver,
                                    const TypeScope &Scope) {
  if (Type.Kind != CqlType::Udt) {
    if (!printableReceiver(Type))
      return std::nullopt;
    return fmt::format("Invalid user type literal for {} of type {}",
                       Receiver, cassandraTypeName(Type));
  }
  const schema::CqlUserType *Udt = Scope.find(Type);
  if (!Udt)
    return std::nullopt;
  size_t Fields = std::min(Value.Children.size(), Value.FieldNames.size());
  // In the order of the type's fields, as Cassandra walks them.
  for (const auto &[Name, FieldType] : Udt->Fields)
    for (size_t I = 0; I < Fields; ++I)
      if (Value.FieldNames[I] == Name &&
          testAssignment(Value.Children[I], FieldType, Scope) ==
              Assignable::No)
        return fmt::format("Invalid user type literal for {}: field {} is "
                           "not of type {}",
                           Receiver, Name, cassandraTypeName(FieldType));
  for (const auto &[Name, FieldType] : Udt->Fields)
    for (size_t I = 0; I < Fields; ++I)
      if (Value.FieldNames[I] == Name)
        if (std::optional<std::string> E =
                prepareError(Value.Children[I], FieldType,
                             Receiver + "." + Name, Scope))
          return E;
  // A field's former name (an ALTER TYPE RENAME later in the history) may
  // be right for the schema the code was written against: unknown.
  for (size_t I = 0; I < Fields; ++I)
    if (!fieldType(*Udt, Value.FieldNames[I]) &&
        !llvm::is_contained(Udt->FormerFields, Value.FieldNames[I]))
      return fmt::format("Unknown field '{}' in value of user defined type {}",
                         Value.FieldNames[I], Udt->Name);
  return std::nullopt;
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
  auto Join = [](const std::vector<Term> &Items, const char *Open,
                 const char *Close) {
    std::string S = Open;
    for (size_t I = 0; I < Items.size(); ++I) {
      if (I)
        S += ", ";
      S += cassandraTermText(Items[I]);
    }
    S += Close;
    return S;
  };
  switch (T.Kind) {
  case Term::Literal:
    if (T.LiteralKind == Term::String) {
      std::string S = "'";
      S += constantText(T);
      S += "'";
      return S;
    }
    return T.Text;
  case Term::Null:
    return "NULL";
  case Term::List:
    return Join(T.Children, "[", "]");
  case Term::Set:
    return Join(T.Children, "{", "}");
  case Term::Map: {
    std::string S = "{";
    for (size_t I = 0; I + 1 < T.Children.size(); I += 2) {
      if (I)
        S += ", ";
      S += cassandraTermText(T.Children[I]);
      S += ": ";
      S += cassandraTermText(T.Children[I + 1]);
    }
    S += "}";
    return S;
  }
  case Term::Tuple:
    return Join(T.Children, "(", ")");
  case Term::Udt: {
    std::string S = "{";
    for (size_t I = 0; I < T.Children.size() && I < T.FieldNames.size(); ++I) {
      if (I)
        S += ", ";
      S += T.FieldNames[I];
      S += ": ";
      S += cassandraTermText(T.Children[I]);
    }
    S += "}";
    return S;
  }
  case Term::BindMarker:
  case Term::FunctionCall:
  case Term::TypeHint:
  case Term::Arithmetic:
  case Term::Negation:
    break;
  }
  return describeTerm(T);
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
  switch (Value.Kind) {
  case Term::Literal:
    return constantError(Value, Type, Receiver);
  case Term::Null:
    if (Type.isCounter())
      return std::string("Invalid null value for counter increment/decrement");
    return std::nullopt;
  case Term::List:
    if (Type.Kind == CqlType::Vector) {
      if (static_cast<int>(Value.Children.size()) != Type.Dimension)
        return fmt::format("Invalid vector literal for {} of type {}; expected "
                           "{} elements, but given {}",
                           Receiver, cassandraTypeName(Type), Type.Dimension,
                           Value.Children.size());
      return std::nullopt;
    }
    if (Type.Kind != CqlType::List || Type.Params.empty())
      return std::nullopt; // an array literal for neither list nor vector
    return elementsError(Value.Children, Type.Params[0], Receiver, "list", Scope);
  case Term::Set:
    if (Type.Kind == CqlType::Set && !Type.Params.empty())
      return elementsError(Value.Children, Type.Params[0], Receiver, "set", Scope);
    if (!printableReceiver(Type))
      return std::nullopt;
    return fmt::format("Invalid set literal for {} of type {}", Receiver,
                       cassandraTypeName(Type));
  case Term::Map: {
    if (isEmptyBraces(Value)) {
      if (Type.Kind == CqlType::Set || Type.Kind == CqlType::Map ||
          !printableReceiver(Type))
        return std::nullopt;
      return fmt::format("Invalid set literal for {} of type {}", Receiver,
                         cassandraTypeName(Type));
    }
    if (Type.Kind != CqlType::Map || Type.Params.size() != 2) {
      if (!printableReceiver(Type))
        return std::nullopt;
      return fmt::format("Invalid map literal for {} of type {}", Receiver,
                         cassandraTypeName(Type));
    }
    const CqlType &K = Type.Params[0], &V = Type.Params[1];
    for (size_t I = 0; I + 1 < Value.Children.size(); I += 2) {
      if (testAssignment(Value.Children[I], K, Scope) == Assignable::No)
        return fmt::format(
            "Invalid map literal for {}: key {} is not of type {}", Receiver,
            cassandraTermText(Value.Children[I]), cassandraTypeName(K));
      if (testAssignment(Value.Children[I + 1], V, Scope) == Assignable::No)
        return fmt::format(
            "Invalid map literal for {}: value {} is not of type {}", Receiver,
            cassandraTermText(Value.Children[I + 1]), cassandraTypeName(V));
    }
    for (size_t I = 0; I + 1 < Value.Children.size(); I += 2) {
      if (std::optional<std::string> E =
              prepareError(Value.Children[I], K, keyReceiverName(Receiver), Scope))
        return E;
      if (std::optional<std::string> E = prepareError(
              Value.Children[I + 1], V, valueReceiverName(Receiver), Scope))
        return E;
    }
    return std::nullopt;
  }
  case Term::FunctionCall: {
    // FunctionResolver.get, and the result against the receiver.
    if (std::optional<std::string> E = functionCallError(
            Value.Text, termArguments(Value), &Type, Receiver))
      return E;
    // An aggregate resolves (exactly, on a numeric literal) and is refused as
    // a value, wherever the term stands.
    if (!isAggregateFunction(Value.Text) || Value.Children.size() != 1)
      return std::nullopt;
    const Term &Arg = Value.Children[0];
    if (Arg.Kind == Term::Literal &&
        (Arg.LiteralKind == Term::Integer || Arg.LiteralKind == Term::Float))
      return std::string(
          "Aggregation function are not supported in the where clause");
    return std::nullopt;
  }
  case Term::Tuple:
    return tupleError(Value, Type, Receiver, Scope);
  case Term::Udt:
    return udtError(Value, Type, Receiver, Scope);
  case Term::BindMarker:
  case Term::TypeHint:
  case Term::Arithmetic:
  case Term::Negation:
    return std::nullopt;
  }
  return std::nullopt;
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
