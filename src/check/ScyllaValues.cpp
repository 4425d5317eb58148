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
#include "LiteralWalk.h"
#include "ScyllaFunctions.h"

#include "nosqlint/Schema/TypeNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <fmt/format.h>

#include <algorithm>

namespace nosqlint::check {

using namespace nosqlint::cql;

namespace {

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

/// ScyllaDB's side of the literal walk (prepare_expr.cc).
class ScyllaLiterals final : public LiteralDialect {
public:
  /// \p Clause: "WHERE clause", "SET clause" or "IF clause".
  explicit ScyllaLiterals(const char *Clause) : Clause(Clause) {}

  /// untyped_constant_test_assignment for a non-null constant.
  Assignable testConstant(const Term &T,
                          const CqlType &Receiver) const override {
    if (!literalKindName(T))
      return Assignable::Unknown; // NaN, Infinity
    if (Receiver.isCollection() || Receiver.Kind == CqlType::Udt ||
        Receiver.Kind == CqlType::Vector)
      return Assignable::No;
    if (Receiver.Kind != CqlType::Native)
      return Assignable::Unknown; // weakly assignable; parsing decides (tuples,
                                  // custom)
    // untyped_constant_test_assignment's table: no integer for a time or
    // a duration, a hex constant only for a blob.
    static const ConstantTargets Targets = {
        {"ascii", "text", "inet", "timestamp", "date", "time"},
        {"bigint", "counter", "decimal", "double", "float", "int", "smallint",
         "timestamp", "date", "tinyint", "varint"},
        {"decimal", "double", "float"},
        {"boolean"},
        {"uuid", "timeuuid"},
        {"blob"},
        {"duration"}};
    return constantFits(T, Receiver, Targets);
  }

  std::optional<std::string>
  constantValueError(const Term &, const CqlType &) const override {
    return std::nullopt;
  }

  /// A literal of another kind is refused for every type ScyllaDB prints
  /// (a tuple also for a UDT).
  Assignable otherKind(Term::KindType Literal,
                       const CqlType &Receiver) const override {
    if (printableReceiver(Receiver) ||
        (Literal == Term::Tuple && Receiver.Kind == CqlType::Udt))
      return Assignable::No;
    return Assignable::Unknown;
  }

  /// vector_validate_assignable_to: the size, then each element.
  bool testsVectorElements() const override { return true; }
  std::optional<std::string>
  vectorSizeError(const Term &V, const CqlType &Type,
                  const std::string &Receiver) const override {
    if (Type.Dimension <= 0 || Type.Params.empty() ||
        V.Children.size() == static_cast<size_t>(Type.Dimension))
      return std::nullopt;
    return fmt::format("Invalid vector literal for {}: type {} expects {} "
                       "elements but got {}",
                       Receiver, cassandraTypeName(Type), Type.Dimension,
                       V.Children.size());
  }
  bool namesListMismatch() const override { return true; }
  /// tuple_constructor_validate_assignable_to checks the arity as it walks
  /// the components.
  bool tupleArityFirst() const override { return false; }
  std::optional<std::string> termText(const Term &T) const override {
    if (!printsLikeScylla(T))
      return std::nullopt;
    return scyllaTermText(T);
  }
  /// The functions ScyllaDB builds per call (ScyllaFunctions.h), and a sum
  /// or avg of a cast number, which resolves exactly and is an aggregate
  /// (cqlpy test_aggregate.py test_reject_aggregates_in_where_clause).
  std::optional<std::string>
  functionCallError(const Term &Call, const CqlType &,
                    const std::string &) const override {
    if (std::optional<std::string> E =
            scyllaFunctionCallError(Call.Text, termArguments(Call), Clause))
      return E;
    llvm::StringRef Name(Call.Text);
    Name.consume_front("system.");
    if ((Name == "sum" || Name == "avg") && Call.Children.size() == 1 &&
        Call.Children[0].Kind == Term::TypeHint && Call.Children[0].Type &&
        isNumericType(*Call.Children[0].Type))
      return scyllaAggregateInValueError(Clause);
    return std::nullopt;
  }

private:
  const char *Clause;
};

const ScyllaLiterals &scylla(ScyllaClause Clause) {
  static const ScyllaLiterals Where("WHERE clause"), Set("SET clause"),
      If("IF clause");
  switch (Clause) {
  case ScyllaClause::Where:
    return Where;
  case ScyllaClause::If:
    return If;
  case ScyllaClause::Set:
    break;
  }
  return Set;
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
            scyllaPrepareError(V, T, Receiver, Scope, ScyllaClause::Set))
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
      if (Ty.isCounter() || isNumericType(Ty) || Add)
        if (std::optional<AssignmentRefusal> E = Prepare(A.Value, Ty, Name))
          return E;
    if (!Ty.isCollection()) {
      if (Ty.isCounter())
        return std::nullopt;
      if (isNumericType(Ty)) {
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
  // The expression printer: {k:v}; of a UDT literal only a one-field one
  // (the order of several fields is that of ScyllaDB's map of them, not
  // known here).
  static const TermStyle Style = {":", false, false};
  return printTerm(T, Style);
}

std::optional<std::string> scyllaPrepareError(const Term &Value,
                                              const CqlType &Type,
                                              const std::string &Receiver,
                                              const TypeScope &Scope,
                                              ScyllaClause Clause) {
  return prepareLiteral(scylla(Clause), Value, Type, Receiver, Scope);
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
                                             bool NotIn, const TypeScope &Scope,
                                             ScyllaClause Clause) {
  std::string Receiver = fmt::format("{}({})", NotIn ? "not in" : "in", Column);
  return prepareElements(scylla(Clause), Values, Type, Receiver, "list", Scope);
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
