//===- ScyllaValues.cpp - Values and SET operations as ScyllaDB prepares them
//-===//
//
// Follows cql3/expr/prepare_expr.cc: a value is first tested against its
// receiver (test_assignment), which refuses with the literal's own message
// ("Invalid list literal for l: value 'x' is not of type int"), then each
// part is prepared against the part of the receiver it fills ("value(l)",
// "key(m)", "t[0]", "u.f"); a constant that the receiver's type does not
// take ends in "Invalid INTEGER constant (5) for "c" of type text". The
// operations are cql3/operation.cc's prepare methods.
//
//===----------------------------------------------------------------------===//
#include "ScyllaValues.h"

#include "Describe.h"

#include "nosqlint/Schema/TypeNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <fmt/format.h>

#include <algorithm>

namespace nosqlint::check {

using namespace nosqlint::cql;

namespace {

enum class Fit { Yes, No, Unknown };

Fit both(Fit A, Fit B) {
  if (A == Fit::No || B == Fit::No)
    return Fit::No;
  if (A == Fit::Unknown || B == Fit::Unknown)
    return Fit::Unknown;
  return Fit::Yes;
}

std::string nativeName(const CqlType &T) {
  std::string Name = llvm::StringRef(T.Name).lower();
  return Name == "varchar" ? "text" : Name;
}

bool oneOf(const std::string &Name, std::initializer_list<const char *> Names) {
  return std::any_of(Names.begin(), Names.end(),
                     [&](const char *N) { return Name == N; });
}

/// A type ScyllaDB's as_cql3_type() prints as cassandraTypeName does.
bool printable(const CqlType &T) {
  return T.Kind == CqlType::Native || T.Kind == CqlType::List ||
         T.Kind == CqlType::Set || T.Kind == CqlType::Map ||
         T.Kind == CqlType::Vector || T.Kind == CqlType::Tuple;
}

/// untyped_constant_test_assignment for a non-null constant.
Fit testConstant(const Term &T, const CqlType &Receiver) {
  if (!literalKindName(T))
    return Fit::Unknown; // NaN, Infinity
  if (Receiver.isCollection() || Receiver.Kind == CqlType::Udt ||
      Receiver.Kind == CqlType::Vector)
    return Fit::No;
  if (Receiver.Kind != CqlType::Native)
    return Fit::Unknown; // weakly assignable; parsing decides (tuples, custom)
  std::string N = nativeName(Receiver);
  switch (T.LiteralKind) {
  case Term::String:
    return oneOf(N, {"ascii", "text", "inet", "timestamp", "date", "time"})
               ? Fit::Yes
               : Fit::No;
  case Term::Integer:
    return oneOf(N, {"bigint", "counter", "decimal", "double", "float", "int",
                     "smallint", "timestamp", "date", "tinyint", "varint"})
               ? Fit::Yes
               : Fit::No;
  case Term::Uuid:
    return oneOf(N, {"uuid", "timeuuid"}) ? Fit::Yes : Fit::No;
  case Term::Float:
    return oneOf(N, {"decimal", "double", "float"}) ? Fit::Yes : Fit::No;
  case Term::Boolean:
    return N == "boolean" ? Fit::Yes : Fit::No;
  case Term::Hex:
    return N == "blob" ? Fit::Yes : Fit::No;
  case Term::Duration:
    return N == "duration" ? Fit::Yes : Fit::No;
  case Term::NaN:
  case Term::Infinity:
  case Term::None:
    break;
  }
  return Fit::Unknown;
}

bool isEmptyBraces(const Term &T) {
  return T.Kind == Term::Map && T.Children.empty();
}

Fit testTerm(const Term &T, const CqlType &Receiver, const TypeScope &Scope);

Fit testEach(const std::vector<Term> &Items, const CqlType &Element,
             const TypeScope &Scope) {
  Fit R = Fit::Yes;
  for (const Term &Item : Items)
    R = both(R, testTerm(Item, Element, Scope));
  return R;
}

/// ScyllaDB's test_assignment, where its answer is known.
Fit testTerm(const Term &T, const CqlType &Receiver, const TypeScope &Scope) {
  switch (T.Kind) {
  case Term::Literal:
    return testConstant(T, Receiver);
  case Term::Null:
    return Receiver.isCounter() ? Fit::No : Fit::Yes;
  case Term::BindMarker:
    return Fit::Yes;
  case Term::List:
    if ((Receiver.Kind == CqlType::List || Receiver.Kind == CqlType::Vector) &&
        !Receiver.Params.empty())
      return testEach(T.Children, Receiver.Params[0], Scope);
    return printable(Receiver) ? Fit::No : Fit::Unknown;
  case Term::Set:
    if (Receiver.Kind == CqlType::Set && !Receiver.Params.empty())
      return testEach(T.Children, Receiver.Params[0], Scope);
    return printable(Receiver) ? Fit::No : Fit::Unknown;
  case Term::Map: {
    if (isEmptyBraces(T)) // parsed as an empty set
      return Receiver.Kind == CqlType::Set || Receiver.Kind == CqlType::Map
                 ? Fit::Yes
             : printable(Receiver) ? Fit::No
                                   : Fit::Unknown;
    if (Receiver.Kind != CqlType::Map || Receiver.Params.size() != 2)
      return printable(Receiver) ? Fit::No : Fit::Unknown;
    Fit R = Fit::Yes;
    for (size_t I = 0; I + 1 < T.Children.size(); I += 2) {
      R = both(R, testTerm(T.Children[I], Receiver.Params[0], Scope));
      R = both(R, testTerm(T.Children[I + 1], Receiver.Params[1], Scope));
    }
    return R;
  }
  case Term::Tuple: {
    if (Receiver.Kind != CqlType::Tuple)
      return printable(Receiver) || Receiver.Kind == CqlType::Udt
                 ? Fit::No
                 : Fit::Unknown;
    if (T.Children.size() > Receiver.Params.size())
      return Fit::No;
    Fit R = Fit::Yes;
    for (size_t I = 0; I < T.Children.size(); ++I)
      R = both(R, testTerm(T.Children[I], Receiver.Params[I], Scope));
    return R;
  }
  case Term::Udt: {
    if (Receiver.Kind != CqlType::Udt)
      return printable(Receiver) ? Fit::No : Fit::Unknown;
    const schema::CqlUserType *Udt = Scope.find(Receiver);
    if (!Udt)
      return Fit::Unknown;
    Fit R = Fit::Yes;
    for (size_t I = 0; I < T.Children.size() && I < T.FieldNames.size(); ++I)
      if (const CqlType *F = udtFieldType(*Udt, T.FieldNames[I]))
        R = both(R, testTerm(T.Children[I], *F, Scope));
    return R;
  }
  case Term::FunctionCall:
  case Term::TypeHint:
  case Term::Arithmetic:
  case Term::Negation:
    return Fit::Unknown;
  }
  return Fit::Unknown;
}

std::string typeName(const CqlType &T) { return cassandraTypeName(T); }

std::string valueOf(const std::string &R) { return "value(" + R + ")"; }
std::string keyOf(const std::string &R) { return "key(" + R + ")"; }

/// Whether scyllaTermText prints \p T as ScyllaDB does.
bool printsLikeScylla(const Term &T) {
  switch (T.Kind) {
  case Term::Literal:
    return true;
  case Term::List:
  case Term::Set:
  case Term::Tuple:
  case Term::Map:
    return std::all_of(T.Children.begin(), T.Children.end(), printsLikeScylla);
  case Term::Udt:
    return T.Children.size() == 1 && printsLikeScylla(T.Children[0]);
  case Term::Null:
  case Term::BindMarker:
  case Term::FunctionCall:
  case Term::TypeHint:
  case Term::Arithmetic:
  case Term::Negation:
    break;
  }
  return false;
}

/// list_validate_assignable_to / set_validate_assignable_to /
/// vector_validate_assignable_to: the first element the element type does
/// not take, then each element prepared against "value(r)".
std::optional<std::string> elementsError(const std::vector<Term> &Items,
                                         const CqlType &Element,
                                         const std::string &Receiver,
                                         const char *Literal,
                                         const TypeScope &Scope) {
  for (const Term &Item : Items)
    if (testTerm(Item, Element, Scope) == Fit::No) {
      if (!printsLikeScylla(Item))
        return std::nullopt;
      return fmt::format(
          "Invalid {} literal for {}: value {} is not of type {}", Literal,
          Receiver, scyllaTermText(Item), typeName(Element));
    }
  for (const Term &Item : Items)
    if (std::optional<std::string> E =
            scyllaPrepareError(Item, Element, valueOf(Receiver), Scope))
      return E;
  return std::nullopt;
}

std::optional<std::string> listError(const Term &V, const CqlType &Type,
                                     const std::string &Receiver,
                                     const TypeScope &Scope) {
  if (Type.Kind == CqlType::Vector) {
    if (Type.Dimension <= 0 || Type.Params.empty())
      return std::nullopt;
    if (V.Children.size() != static_cast<size_t>(Type.Dimension))
      return fmt::format("Invalid vector literal for {}: type {} expects {} "
                         "elements but got {}",
                         Receiver, typeName(Type), Type.Dimension,
                         V.Children.size());
    return elementsError(V.Children, Type.Params[0], Receiver, "vector", Scope);
  }
  if (Type.Kind == CqlType::List && !Type.Params.empty())
    return elementsError(V.Children, Type.Params[0], Receiver, "list", Scope);
  if (!printable(Type))
    return std::nullopt;
  return fmt::format("Invalid list literal for {} of type {}", Receiver,
                     typeName(Type));
}

std::optional<std::string> setError(const Term &V, const CqlType &Type,
                                    const std::string &Receiver,
                                    const TypeScope &Scope) {
  if (Type.Kind == CqlType::Set && !Type.Params.empty())
    return elementsError(V.Children, Type.Params[0], Receiver, "set", Scope);
  if (Type.Kind == CqlType::Map && V.Children.empty())
    return std::nullopt; // an empty map, parsed as a set
  if (!printable(Type))
    return std::nullopt;
  return fmt::format("Invalid set literal for {} of type {}", Receiver,
                     typeName(Type));
}

std::optional<std::string> mapError(const Term &V, const CqlType &Type,
                                    const std::string &Receiver,
                                    const TypeScope &Scope) {
  if (isEmptyBraces(V))
    return setError(V, Type, Receiver, Scope);
  if (Type.Kind != CqlType::Map || Type.Params.size() != 2) {
    if (!printable(Type))
      return std::nullopt;
    return fmt::format("Invalid map literal for {} of type {}", Receiver,
                       typeName(Type));
  }
  const CqlType &K = Type.Params[0], &Val = Type.Params[1];
  for (size_t I = 0; I + 1 < V.Children.size(); I += 2) {
    if (!printsLikeScylla(V.Children[I]) ||
        !printsLikeScylla(V.Children[I + 1]))
      return std::nullopt;
    if (testTerm(V.Children[I], K, Scope) == Fit::No)
      return fmt::format("Invalid map literal for {}: key {} is not of type {}",
                         Receiver, scyllaTermText(V.Children[I]), typeName(K));
    if (testTerm(V.Children[I + 1], Val, Scope) == Fit::No)
      return fmt::format("Invalid map literal for {}: value {} is not of type "
                         "{}",
                         Receiver, scyllaTermText(V.Children[I + 1]),
                         typeName(Val));
  }
  for (size_t I = 0; I + 1 < V.Children.size(); I += 2) {
    if (std::optional<std::string> E =
            scyllaPrepareError(V.Children[I], K, keyOf(Receiver), Scope))
      return E;
    if (std::optional<std::string> E = scyllaPrepareError(
            V.Children[I + 1], Val, valueOf(Receiver), Scope))
      return E;
  }
  return std::nullopt;
}

/// tuple_constructor_validate_assignable_to: component by component, the
/// arity checked as the components are walked.
std::optional<std::string> tupleError(const Term &V, const CqlType &Type,
                                      const std::string &Receiver,
                                      const TypeScope &Scope) {
  if (Type.Kind != CqlType::Tuple) {
    if (!printable(Type))
      return std::nullopt;
    return fmt::format("Invalid tuple type literal for {} of type {}", Receiver,
                       typeName(Type));
  }
  for (size_t I = 0; I < V.Children.size(); ++I) {
    if (I >= Type.Params.size())
      return fmt::format("Invalid tuple literal for {}: too many elements. "
                         "Type {} expects {} but got {}",
                         Receiver, typeName(Type), Type.Params.size(),
                         V.Children.size());
    if (testTerm(V.Children[I], Type.Params[I], Scope) == Fit::No)
      return fmt::format("Invalid tuple literal for {}: component {} is not "
                         "of type {}",
                         Receiver, I, typeName(Type.Params[I]));
  }
  for (size_t I = 0; I < V.Children.size(); ++I)
    if (std::optional<std::string> E =
            scyllaPrepareError(V.Children[I], Type.Params[I],
                               fmt::format("{}[{}]", Receiver, I), Scope))
      return E;
  return std::nullopt;
}

/// usertype_constructor_prepare_expression: each field the type has, then
/// no field it lacks.
std::optional<std::string> udtError(const Term &V, const CqlType &Type,
                                    const std::string &Receiver,
                                    const TypeScope &Scope) {
  if (Type.Kind != CqlType::Udt) {
    if (!printable(Type))
      return std::nullopt;
    return fmt::format("Invalid user type literal for {} of type {}", Receiver,
                       typeName(Type));
  }
  const schema::CqlUserType *Udt = Scope.find(Type);
  if (!Udt)
    return std::nullopt;
  size_t Fields = std::min(V.Children.size(), V.FieldNames.size());
  for (const auto &[Name, FieldType] : Udt->Fields)
    for (size_t I = 0; I < Fields; ++I)
      if (V.FieldNames[I] == Name &&
          testTerm(V.Children[I], FieldType, Scope) == Fit::No)
        return fmt::format("Invalid user type literal for {}: field {} is not "
                           "of type {}",
                           Receiver, Name, typeName(FieldType));
  for (const auto &[Name, FieldType] : Udt->Fields)
    for (size_t I = 0; I < Fields; ++I)
      if (V.FieldNames[I] == Name)
        if (std::optional<std::string> E = scyllaPrepareError(
                V.Children[I], FieldType, Receiver + "." + Name, Scope))
          return E;
  for (size_t I = 0; I < Fields; ++I)
    if (!udtFieldType(*Udt, V.FieldNames[I]) &&
        !llvm::is_contained(Udt->FormerFields, V.FieldNames[I]))
      return fmt::format("Unknown field '{}' in value of user defined type {}",
                         V.FieldNames[I], Udt->Name);
  return std::nullopt;
}

bool isArithmetic(const CqlType &T) {
  return T.Kind == CqlType::Native &&
         oneOf(nativeName(T), {"tinyint", "smallint", "int", "bigint", "varint",
                               "decimal", "float", "double"});
}

/// The operation's own prepare method; a refused value carries its range,
/// a refused operation none (the whole assignment).
std::optional<AssignmentRefusal> operationError(const Assignment &A,
                                                const schema::CqlColumn &Col,
                                                const TypeScope &Scope,
                                                bool Conditional) {
  const CqlType &Ty = Col.Type;
  const std::string &Name = Col.Name;
  std::string Value = scyllaTermText(A.Value);
  auto Prepare =
      [&](const Term &V, const CqlType &T,
          const std::string &Receiver) -> std::optional<AssignmentRefusal> {
    if (std::optional<std::string> E =
            scyllaPrepareError(V, T, Receiver, Scope))
      return AssignmentRefusal{*E, V.Range};
    return std::nullopt;
  };
  auto Refuse = [](std::string Message) {
    return std::optional<AssignmentRefusal>(
        AssignmentRefusal{std::move(Message), SourceRange()});
  };
  switch (A.Kind) {
  case Assignment::Set:
    if (std::optional<AssignmentRefusal> E = Prepare(A.Value, Ty, Name))
      return E;
    if (Ty.isCounter())
      return Refuse(
          fmt::format("Cannot set the value of counter column {} (counters "
                      "can only be incremented/decremented, not set)",
                      Name));
    return std::nullopt;
  case Assignment::SetElement: {
    std::string Op =
        fmt::format("{}[{}] = {}", Name,
                    A.Element ? scyllaTermText(*A.Element) : "", Value);
    if (!Ty.isCollection())
      return Refuse(fmt::format(
          "Invalid operation ({}) for non collection column {}", Op, Name));
    if (Ty.Frozen)
      return Refuse(
          fmt::format("Invalid operation ({}) for frozen collection column "
                      "{}",
                      Op, Name));
    if (Ty.Kind == CqlType::Set)
      return Refuse(
          fmt::format("Invalid operation ({}) for set column {}", Op, Name));
    const CqlType *Elem = elementType(Ty);
    if (!Elem || !A.Element)
      return std::nullopt;
    if (Ty.Kind == CqlType::List) {
      if (std::optional<AssignmentRefusal> E =
              Prepare(A.Value, *Elem, valueReceiverName(Name)))
        return E;
      return Prepare(*A.Element, nativeType("int"), indexReceiverName(Name));
    }
    if (std::optional<AssignmentRefusal> E =
            Prepare(*A.Element, *mapKeyType(Ty), keyReceiverName(Name)))
      return E;
    return Prepare(A.Value, *Elem, valueReceiverName(Name));
  }
  case Assignment::SetField: {
    std::string Field = A.Field ? A.Field->Name : "";
    std::string Op = fmt::format("{}.{} = {}", Name, Field, Value);
    if (Ty.Kind != CqlType::Udt)
      return Refuse(fmt::format("Invalid operation ({}) for non-UDT column {}",
                                Op, Name));
    if (Ty.Frozen)
      return Refuse(fmt::format(
          "Invalid operation ({}) for frozen UDT column {}", Op, Name));
    const schema::CqlUserType *Udt = Scope.find(Ty);
    if (!Udt || !A.Field)
      return std::nullopt;
    const CqlType *FieldType = udtFieldType(*Udt, Field);
    if (!FieldType) {
      if (llvm::is_contained(Udt->FormerFields, Field))
        return std::nullopt;
      return Refuse(fmt::format("UDT column {} does not have a field named {}",
                                Name, Field));
    }
    return Prepare(A.Value, *FieldType, Name + "." + Field);
  }
  case Assignment::Add:
  case Assignment::Subtract: {
    bool Add = A.Kind == Assignment::Add;
    std::string Op =
        fmt::format("{} = {} {} {}", Name, Name, Add ? "+" : "-", Value);
    // An addition prepares its value first, whatever the column.
    if (Add || !Ty.isCollection())
      if (Ty.isCounter() || isArithmetic(Ty) || Add)
        if (std::optional<AssignmentRefusal> E = Prepare(A.Value, Ty, Name))
          return E;
    if (!Ty.isCollection()) {
      if (Ty.isCounter())
        return std::nullopt;
      if (isArithmetic(Ty)) {
        if (Conditional)
          return std::nullopt; // ScyllaDB's LWT arithmetic (issue #10568)
        return Refuse(
            std::string("SET with a column expression (e.g. col = col + 1) "
                        "requires an LWT condition (e.g., IF col != NULL or "
                        "IF EXISTS) to ensure atomic read-before-write"));
      }
      return Refuse(fmt::format(
          "Invalid operation ({}) for non counter column {}", Op, Name));
    }
    if (Ty.Frozen)
      return Refuse(
          fmt::format("Invalid operation ({}) for frozen collection column "
                      "{}",
                      Op, Name));
    if (Add || Ty.Kind != CqlType::Map)
      return Add ? std::nullopt : Prepare(A.Value, Ty, Name);
    // The value for a map subtraction is a set of its keys.
    CqlType Keys = Ty;
    Keys.Kind = CqlType::Set;
    Keys.Params.resize(1);
    Keys.Frozen = false;
    return Prepare(A.Value, Keys, Name);
  }
  case Assignment::Prepend: {
    if (std::optional<AssignmentRefusal> E = Prepare(A.Value, Ty, Name))
      return E;
    std::string Op = fmt::format("{} = {} + {}", Name, Value, Name);
    if (Ty.Kind != CqlType::List)
      return Refuse(fmt::format("Invalid operation ({}) for non list column {}",
                                Op, Name));
    if (Ty.Frozen)
      return Refuse(fmt::format(
          "Invalid operation ({}) for frozen list column {}", Op, Name));
    return std::nullopt;
  }
  }
  return std::nullopt;
}

} // namespace

std::string scyllaTermText(const Term &T) {
  auto Join = [](const std::vector<Term> &Items, const char *Open,
                 const char *Close) {
    std::string S = Open;
    for (size_t I = 0; I < Items.size(); ++I) {
      if (I)
        S += ", ";
      S += scyllaTermText(Items[I]);
    }
    S += Close;
    return S;
  };
  switch (T.Kind) {
  case Term::Literal:
    if (T.LiteralKind == Term::String)
      return std::string("'") + literalText(T) + "'";
    return T.Text;
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
      S += scyllaTermText(T.Children[I]) + ":" +
           scyllaTermText(T.Children[I + 1]);
    }
    return S + "}";
  }
  case Term::Udt:
    // A one-field literal: {f:v} (the order of several fields is that of
    // ScyllaDB's map of them, not known here).
    if (T.Children.size() == 1 && T.FieldNames.size() == 1)
      return "{" + T.FieldNames[0] + ":" + scyllaTermText(T.Children[0]) + "}";
    break;
  case Term::Null:
  case Term::BindMarker:
  case Term::FunctionCall:
  case Term::TypeHint:
  case Term::Arithmetic:
  case Term::Negation:
    break;
  }
  return describeTerm(T);
}

std::optional<std::string> scyllaPrepareError(const Term &Value,
                                              const CqlType &Type,
                                              const std::string &Receiver,
                                              const TypeScope &Scope) {
  switch (Value.Kind) {
  case Term::Literal:
    if (testConstant(Value, Type) != Fit::No || !printable(Type))
      return std::nullopt;
    return fmt::format("Invalid {} constant ({}) for \"{}\" of type {}",
                       literalKindName(Value), literalText(Value), Receiver,
                       typeName(Type));
  case Term::Null:
    if (Type.isCounter())
      return std::string("Invalid null value for counter increment/decrement");
    return std::nullopt;
  case Term::List:
    return listError(Value, Type, Receiver, Scope);
  case Term::Set:
    return setError(Value, Type, Receiver, Scope);
  case Term::Map:
    return mapError(Value, Type, Receiver, Scope);
  case Term::Tuple:
    return tupleError(Value, Type, Receiver, Scope);
  case Term::Udt:
    return udtError(Value, Type, Receiver, Scope);
  case Term::BindMarker:
  case Term::FunctionCall:
  case Term::TypeHint:
  case Term::Arithmetic:
  case Term::Negation:
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<std::string> scyllaEvaluationError(const Term &Value,
                                                 const CqlType &Type) {
  if (Value.Kind != Term::List && Value.Kind != Term::Set &&
      Value.Kind != Term::Map)
    return std::nullopt;
  bool IsMap = Type.Kind == CqlType::Map;
  for (size_t I = 0; I < Value.Children.size(); ++I) {
    const Term &Child = Value.Children[I];
    if (Child.isNull()) {
      if (Type.Kind == CqlType::Vector)
        return std::string("null is not supported inside vectors");
      if (Type.Kind == CqlType::Set || IsMap)
        return std::string("null is not supported inside collections");
      continue; // evaluate_list keeps nulls
    }
    const CqlType *Inner =
        IsMap && I % 2 == 0 ? mapKeyType(Type) : elementType(Type);
    if (Type.Kind == CqlType::Vector && !Type.Params.empty())
      Inner = &Type.Params[0];
    if (Inner)
      if (std::optional<std::string> E = scyllaEvaluationError(Child, *Inner))
        return E;
  }
  return std::nullopt;
}

std::optional<std::string> scyllaInListError(const std::vector<Term> &Values,
                                             const CqlType &Type,
                                             const std::string &Column,
                                             bool NotIn,
                                             const TypeScope &Scope) {
  std::string Receiver = fmt::format("{}({})", NotIn ? "not in" : "in", Column);
  return elementsError(Values, Type, Receiver, "list", Scope);
}

std::optional<AssignmentRefusal>
scyllaAssignmentError(const Assignment &A, const schema::CqlColumn &Col,
                      const TypeScope &Scope, bool Conditional) {
  std::optional<AssignmentRefusal> Refused =
      operationError(A, Col, Scope, Conditional);
  if (Refused && !Refused->Range.isValid())
    Refused->Range = A.Range;
  return Refused;
}

std::optional<std::pair<const Assignment *, std::string>>
scyllaIncompatibleAssignment(const std::vector<Assignment> &Assignments) {
  for (size_t I = 0; I < Assignments.size(); ++I)
    for (size_t J = I + 1; J < Assignments.size(); ++J) {
      const Assignment &X = Assignments[I], &Y = Assignments[J];
      if (X.Column.Name != Y.Column.Name || X.Column.Quoted != Y.Column.Quoted)
        continue;
      bool Compatible = X.Kind != Assignment::Set && Y.Kind != Assignment::Set;
      if (Compatible && X.Kind == Assignment::SetField &&
          Y.Kind == Assignment::SetField && X.Field && Y.Field)
        Compatible = X.Field->Name != Y.Field->Name;
      if (!Compatible)
        return std::make_pair(&Y, "Multiple incompatible setting of column " +
                                      X.Column.Name);
    }
  return std::nullopt;
}

} // namespace nosqlint::check
