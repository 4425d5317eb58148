//===- LiteralWalk.cpp - One walk of literals, two dialects --------------===//
//
// The shape both databases share: Lists/Sets/Maps/Tuples/UserTypes
// .Literal in Cassandra, list/set/map/tuple/usertype _prepare_expression
// in ScyllaDB. Every decision that differs is asked of the dialect.
//
//===----------------------------------------------------------------------===//
#include "LiteralWalk.h"

#include "Describe.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <fmt/format.h>

#include <algorithm>

namespace nosqlint::check {

using namespace nosqlint::cql;

Assignable combine(Assignable A, Assignable B) {
  if (A == Assignable::No || B == Assignable::No)
    return Assignable::No;
  if (A == Assignable::Unknown || B == Assignable::Unknown)
    return Assignable::Unknown;
  return Assignable::Yes;
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

bool printableReceiver(const CqlType &T) {
  return T.Kind == CqlType::Native || T.Kind == CqlType::List ||
         T.Kind == CqlType::Set || T.Kind == CqlType::Map ||
         T.Kind == CqlType::Vector || T.Kind == CqlType::Tuple;
}

bool isNumericType(const CqlType &T) {
  return T.Kind == CqlType::Native &&
         isOneOf(nativeName(T), {"tinyint", "smallint", "int", "bigint",
                                 "varint", "decimal", "float", "double"});
}

Assignable constantFits(const Term &T, const CqlType &Native,
                        const ConstantTargets &Targets) {
  const std::vector<const char *> *Types = nullptr;
  switch (T.LiteralKind) {
  case Term::String:
    Types = &Targets.String;
    break;
  case Term::Integer:
    Types = &Targets.Integer;
    break;
  case Term::Float:
    Types = &Targets.Float;
    break;
  case Term::Boolean:
    Types = &Targets.Boolean;
    break;
  case Term::Uuid:
    Types = &Targets.Uuid;
    break;
  case Term::Hex:
    Types = &Targets.Hex;
    break;
  case Term::Duration:
    Types = &Targets.Duration;
    break;
  case Term::NaN:
  case Term::Infinity:
  case Term::None:
    return Assignable::Unknown;
  }
  if (!Types || T.Kind != Term::Literal)
    return Assignable::Unknown;
  std::string Name = nativeName(Native);
  return std::any_of(Types->begin(), Types->end(),
                     [&](const char *N) { return Name == N; })
             ? Assignable::Yes
             : Assignable::No;
}

std::string printTerm(const Term &T, const TermStyle &Style) {
  auto Join = [&](const std::vector<Term> &Items, const char *Open,
                  const char *Close) {
    std::string S = Open;
    for (size_t I = 0; I < Items.size(); ++I) {
      if (I)
        S += ", ";
      S += printTerm(Items[I], Style);
    }
    S += Close;
    return S;
  };
  switch (T.Kind) {
  case Term::Literal:
    if (T.LiteralKind == Term::String) {
      std::string S = "'";
      S += literalText(T);
      S += "'";
      return S;
    }
    return T.Text;
  case Term::Null:
    if (Style.PrintsNull)
      return "NULL";
    break;
  case Term::List:
    return Join(T.Children, "[", "]");
  case Term::Set:
    return Join(T.Children, "{", "}");
  case Term::Tuple:
    return Join(T.Children, "(", ")");
  case Term::Map: {
    std::string S = "{";
    for (size_t I = 0; I + 1 < T.Children.size(); I += 2) {
      if (I)
        S += ", ";
      S += printTerm(T.Children[I], Style);
      S += Style.KeyValue;
      S += printTerm(T.Children[I + 1], Style);
    }
    S += "}";
    return S;
  }
  case Term::Udt: {
    size_t Fields = std::min(T.Children.size(), T.FieldNames.size());
    if (!Style.AllUdtFields && (Fields != 1 || T.Children.size() != 1))
      break;
    std::string S = "{";
    for (size_t I = 0; I < Fields; ++I) {
      if (I)
        S += ", ";
      S += T.FieldNames[I];
      S += Style.KeyValue;
      S += printTerm(T.Children[I], Style);
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

namespace {

bool isEmptyBraces(const Term &T) {
  return T.Kind == Term::Map && T.Children.empty();
}

Assignable testEach(const LiteralDialect &D, const std::vector<Term> &Items,
                    const CqlType &Element, const TypeScope &Scope) {
  Assignable R = Assignable::Yes;
  for (const Term &Item : Items)
    R = combine(R, testLiteral(D, Item, Element, Scope));
  return R;
}

std::optional<std::string> constantError(const LiteralDialect &D, const Term &T,
                                         const CqlType &Type,
                                         const std::string &Receiver) {
  if (D.testConstant(T, Type) != Assignable::No)
    return D.constantValueError(T, Type);
  if (!printableReceiver(Type))
    return std::nullopt;
  return fmt::format("Invalid {} constant ({}) for \"{}\" of type {}",
                     literalKindName(T), literalText(T), Receiver,
                     cassandraTypeName(Type));
}

std::optional<std::string> refusal(const char *Literal, const CqlType &Type,
                                   const std::string &Receiver) {
  if (!printableReceiver(Type))
    return std::nullopt;
  return fmt::format("Invalid {} literal for {} of type {}", Literal, Receiver,
                     cassandraTypeName(Type));
}

std::optional<std::string> listError(const LiteralDialect &D, const Term &V,
                                     const CqlType &Type,
                                     const std::string &Receiver,
                                     const TypeScope &Scope) {
  if (Type.Kind == CqlType::Vector) {
    if (std::optional<std::string> E = D.vectorSizeError(V, Type, Receiver))
      return E;
    if (!D.testsVectorElements() || Type.Dimension <= 0 || Type.Params.empty())
      return std::nullopt;
    return prepareElements(D, V.Children, Type.Params[0], Receiver, "vector",
                           Scope);
  }
  if (Type.Kind == CqlType::List && !Type.Params.empty())
    return prepareElements(D, V.Children, Type.Params[0], Receiver, "list",
                           Scope);
  if (!D.namesListMismatch())
    return std::nullopt;
  return refusal("list", Type, Receiver);
}

std::optional<std::string> mapError(const LiteralDialect &D, const Term &V,
                                    const CqlType &Type,
                                    const std::string &Receiver,
                                    const TypeScope &Scope) {
  if (isEmptyBraces(V)) // parsed as an empty set: a set or a map takes it
    return Type.Kind == CqlType::Set || Type.Kind == CqlType::Map
               ? std::nullopt
               : refusal("set", Type, Receiver);
  if (Type.Kind != CqlType::Map || Type.Params.size() != 2)
    return refusal("map", Type, Receiver);
  const CqlType &K = Type.Params[0], &Val = Type.Params[1];
  for (size_t I = 0; I + 1 < V.Children.size(); I += 2)
    for (bool IsKey : {true, false}) {
      const Term &Part = V.Children[IsKey ? I : I + 1];
      const CqlType &PartType = IsKey ? K : Val;
      if (testLiteral(D, Part, PartType, Scope) != Assignable::No)
        continue;
      std::optional<std::string> Text = D.termText(Part);
      if (!Text)
        return std::nullopt;
      return fmt::format("Invalid map literal for {}: {} {} is not of type {}",
                         Receiver, IsKey ? "key" : "value", *Text,
                         cassandraTypeName(PartType));
    }
  for (size_t I = 0; I + 1 < V.Children.size(); I += 2) {
    if (std::optional<std::string> E = prepareLiteral(
            D, V.Children[I], K, keyReceiverName(Receiver), Scope))
      return E;
    if (std::optional<std::string> E = prepareLiteral(
            D, V.Children[I + 1], Val, valueReceiverName(Receiver), Scope))
      return E;
  }
  return std::nullopt;
}

/// The arity (all at once, or as the components are walked), each
/// component's fit, then each component prepared against "t[i]".
std::optional<std::string> tupleError(const LiteralDialect &D, const Term &V,
                                      const CqlType &Type,
                                      const std::string &Receiver,
                                      const TypeScope &Scope) {
  if (Type.Kind != CqlType::Tuple) {
    if (!printableReceiver(Type))
      return std::nullopt;
    return fmt::format("Invalid tuple type literal for {} of type {}", Receiver,
                       cassandraTypeName(Type));
  }
  auto TooMany = [&] {
    return fmt::format("Invalid tuple literal for {}: too many elements. "
                       "Type {} expects {} but got {}",
                       Receiver, cassandraTypeName(Type), Type.Params.size(),
                       V.Children.size());
  };
  if (D.tupleArityFirst() && V.Children.size() > Type.Params.size())
    return TooMany();
  for (size_t I = 0; I < V.Children.size(); ++I) {
    if (I >= Type.Params.size())
      return TooMany();
    if (testLiteral(D, V.Children[I], Type.Params[I], Scope) == Assignable::No)
      return fmt::format("Invalid tuple literal for {}: component {} is not "
                         "of type {}",
                         Receiver, I, cassandraTypeName(Type.Params[I]));
  }
  for (size_t I = 0; I < V.Children.size(); ++I)
    if (std::optional<std::string> E =
            prepareLiteral(D, V.Children[I], Type.Params[I],
                           fmt::format("{}[{}]", Receiver, I), Scope))
      return E;
  return std::nullopt;
}

/// Each field the type has, in the type's order: its fit, then its value
/// prepared against "u.f"; then no field the type lacks.
std::optional<std::string> udtError(const LiteralDialect &D, const Term &V,
                                    const CqlType &Type,
                                    const std::string &Receiver,
                                    const TypeScope &Scope) {
  if (Type.Kind != CqlType::Udt) {
    if (!printableReceiver(Type))
      return std::nullopt;
    return fmt::format("Invalid user type literal for {} of type {}", Receiver,
                       cassandraTypeName(Type));
  }
  const schema::CqlUserType *Udt = Scope.find(Type);
  if (!Udt)
    return std::nullopt;
  size_t Fields = std::min(V.Children.size(), V.FieldNames.size());
  for (const auto &[Name, FieldType] : Udt->Fields)
    for (size_t I = 0; I < Fields; ++I)
      if (V.FieldNames[I] == Name &&
          testLiteral(D, V.Children[I], FieldType, Scope) == Assignable::No)
        return fmt::format("Invalid user type literal for {}: field {} is not "
                           "of type {}",
                           Receiver, Name, cassandraTypeName(FieldType));
  for (const auto &[Name, FieldType] : Udt->Fields)
    for (size_t I = 0; I < Fields; ++I)
      if (V.FieldNames[I] == Name)
        if (std::optional<std::string> E = prepareLiteral(
                D, V.Children[I], FieldType, Receiver + "." + Name, Scope))
          return E;
  // A field's former name (an ALTER TYPE RENAME later in the history) may
  // be right for the schema the code was written against: unknown.
  for (size_t I = 0; I < Fields; ++I)
    if (!udtFieldType(*Udt, V.FieldNames[I]) &&
        !llvm::is_contained(Udt->FormerFields, V.FieldNames[I]))
      return fmt::format("Unknown field '{}' in value of user defined type {}",
                         V.FieldNames[I], Udt->Name);
  return std::nullopt;
}

} // namespace

Assignable testLiteral(const LiteralDialect &D, const Term &T,
                       const CqlType &Receiver, const TypeScope &Scope) {
  switch (T.Kind) {
  case Term::Literal:
    return D.testConstant(T, Receiver);
  case Term::Null:
    return Receiver.isCounter() ? Assignable::No : Assignable::Yes;
  case Term::BindMarker:
    return Assignable::Yes;
  case Term::List:
    if (Receiver.Kind == CqlType::List && !Receiver.Params.empty())
      return testEach(D, T.Children, Receiver.Params[0], Scope);
    if (Receiver.Kind == CqlType::Vector && D.testsVectorElements() &&
        !Receiver.Params.empty())
      return testEach(D, T.Children, Receiver.Params[0], Scope);
    return D.otherKind(Term::List, Receiver);
  case Term::Set:
    if (Receiver.Kind == CqlType::Set && !Receiver.Params.empty())
      return testEach(D, T.Children, Receiver.Params[0], Scope);
    return D.otherKind(Term::Set, Receiver);
  case Term::Map: {
    if (isEmptyBraces(T) &&
        (Receiver.Kind == CqlType::Set || Receiver.Kind == CqlType::Map))
      return Assignable::Yes;
    if (Receiver.Kind != CqlType::Map || Receiver.Params.size() != 2)
      return D.otherKind(Term::Map, Receiver);
    Assignable R = Assignable::Yes;
    for (size_t I = 0; I + 1 < T.Children.size(); I += 2) {
      R = combine(R, testLiteral(D, T.Children[I], Receiver.Params[0], Scope));
      R = combine(R,
                  testLiteral(D, T.Children[I + 1], Receiver.Params[1], Scope));
    }
    return R;
  }
  case Term::Tuple: {
    // No more elements than the tuple has (fewer are nulls).
    if (Receiver.Kind != CqlType::Tuple)
      return D.otherKind(Term::Tuple, Receiver);
    if (T.Children.size() > Receiver.Params.size())
      return Assignable::No;
    Assignable R = Assignable::Yes;
    for (size_t I = 0; I < T.Children.size(); ++I)
      R = combine(R, testLiteral(D, T.Children[I], Receiver.Params[I], Scope));
    return R;
  }
  case Term::Udt: {
    // Each field the type has, when given (unknown fields are refused only
    // when the literal is prepared).
    if (Receiver.Kind != CqlType::Udt)
      return D.otherKind(Term::Udt, Receiver);
    const schema::CqlUserType *Udt = Scope.find(Receiver);
    if (!Udt)
      return Assignable::Unknown;
    Assignable R = Assignable::Yes;
    for (size_t I = 0; I < T.Children.size() && I < T.FieldNames.size(); ++I)
      if (const CqlType *F = udtFieldType(*Udt, T.FieldNames[I]))
        R = combine(R, testLiteral(D, T.Children[I], *F, Scope));
    return R;
  }
  case Term::FunctionCall:
  case Term::TypeHint:
  case Term::Arithmetic:
  case Term::Negation:
    return Assignable::Unknown;
  }
  return Assignable::Unknown;
}

std::optional<std::string>
prepareElements(const LiteralDialect &D, const std::vector<Term> &Items,
                const CqlType &Element, const std::string &Receiver,
                const char *LiteralName, const TypeScope &Scope) {
  for (const Term &Item : Items)
    if (testLiteral(D, Item, Element, Scope) == Assignable::No) {
      std::optional<std::string> Text = D.termText(Item);
      if (!Text)
        return std::nullopt;
      return fmt::format(
          "Invalid {} literal for {}: value {} is not of type {}", LiteralName,
          Receiver, *Text, cassandraTypeName(Element));
    }
  for (const Term &Item : Items)
    if (std::optional<std::string> E = prepareLiteral(
            D, Item, Element, valueReceiverName(Receiver), Scope))
      return E;
  return std::nullopt;
}

std::optional<std::string>
prepareLiteral(const LiteralDialect &D, const Term &Value, const CqlType &Type,
               const std::string &Receiver, const TypeScope &Scope) {
  switch (Value.Kind) {
  case Term::Literal:
    return constantError(D, Value, Type, Receiver);
  case Term::Null:
    if (Type.isCounter())
      return std::string("Invalid null value for counter increment/decrement");
    return std::nullopt;
  case Term::List:
    return listError(D, Value, Type, Receiver, Scope);
  case Term::Set:
    if (Type.Kind == CqlType::Set && !Type.Params.empty())
      return prepareElements(D, Value.Children, Type.Params[0], Receiver, "set",
                             Scope);
    if (Type.Kind == CqlType::Map && Value.Children.empty())
      return std::nullopt; // an empty map, parsed as a set
    return refusal("set", Type, Receiver);
  case Term::Map:
    return mapError(D, Value, Type, Receiver, Scope);
  case Term::Tuple:
    return tupleError(D, Value, Type, Receiver, Scope);
  case Term::Udt:
    return udtError(D, Value, Type, Receiver, Scope);
  case Term::FunctionCall:
    return D.functionCallError(Value, Type, Receiver);
  case Term::BindMarker:
  case Term::TypeHint:
  case Term::Arithmetic:
  case Term::Negation:
    return std::nullopt;
  }
  return std::nullopt;
}

} // namespace nosqlint::check
