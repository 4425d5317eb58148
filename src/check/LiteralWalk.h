//===- LiteralWalk.h - One walk of literals, two dialects -------*- C++ -*-===//
//
// Cassandra (Term.Raw.testAssignment / prepare) and ScyllaDB
// (prepare_expr.cc: test_assignment / prepare_expression) walk a literal
// against its receiver the same way: the literal as a whole is tested, the
// first part that does not fit is named in the literal's message, then
// each part is prepared against the part of the receiver it fills
// ("value(l)", "key(m)", "t[0]", "u.f"). What differs is which constants a
// type takes, which mismatched kinds are known refusals, how a vector's
// size is worded, how terms print and what a function call does as a
// value. Each dialect says so in its own LiteralDialect (LiteralTypes.cpp
// for Cassandra, ScyllaValues.cpp for ScyllaDB); this walk holds no
// dialect's rule.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CHECK_LITERALWALK_H
#define NOSQLINT_CHECK_LITERALWALK_H

#include "LiteralTypes.h"

#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint::check {

/// Whether a value is assignable to a receiver, where that is known.
enum class Assignable { Yes, No, Unknown };

/// No when either is No, Unknown when either is Unknown, else Yes.
Assignable combine(Assignable A, Assignable B);

/// A native type's name in lower case, varchar as text.
std::string nativeName(const cql::CqlType &T);

bool isOneOf(const std::string &Name,
             std::initializer_list<const char *> Names);

/// A receiver both databases name the way cassandraTypeName does (not a
/// UDT, not a custom type).
bool printableReceiver(const cql::CqlType &T);

/// A native number type (tinyint to double; not counter).
bool isNumericType(const cql::CqlType &T);

/// One dialect's table of the native types (by nativeName) that each kind
/// of constant fits.
struct ConstantTargets {
  std::vector<const char *> String, Integer, Float, Boolean, Uuid, Hex,
      Duration;
};

/// Whether the constant \p T fits the native type \p Native by \p Targets
/// (Unknown for NaN, Infinity and what is not a constant).
Assignable constantFits(const cql::Term &T, const cql::CqlType &Native,
                        const ConstantTargets &Targets);

/// How one dialect prints a term in its messages.
struct TermStyle {
  const char *KeyValue; ///< between a map key or UDT field and its value
  bool PrintsNull;      ///< null as NULL (else as describeTerm does)
  bool AllUdtFields;    ///< every field of a UDT literal (else only one)
};

/// \p T as \p Style prints it: strings quoted, collections as [a, b],
/// {a, b}, {k: v}, tuples as (a, b); what it does not print, as
/// describeTerm does.
std::string printTerm(const cql::Term &T, const TermStyle &Style);

/// What one dialect accepts of literals, and how it words a refusal.
class LiteralDialect {
public:
  virtual ~LiteralDialect() = default;

  /// Whether a constant (not null) fits \p Receiver.
  virtual Assignable testConstant(const cql::Term &T,
                                  const cql::CqlType &Receiver) const = 0;
  /// A refusal of a constant that fits by its kind (Cassandra's durations).
  virtual std::optional<std::string>
  constantValueError(const cql::Term &T, const cql::CqlType &Type) const = 0;
  /// A collection, tuple or UDT literal of kind \p Literal whose receiver
  /// is of another kind: No where the dialect is known to refuse it.
  virtual Assignable otherKind(cql::Term::KindType Literal,
                               const cql::CqlType &Receiver) const = 0;
  /// Whether an array literal for a vector is tested element by element.
  virtual bool testsVectorElements() const = 0;
  /// The message for a vector literal of the wrong size, if it is one.
  virtual std::optional<std::string>
  vectorSizeError(const cql::Term &V, const cql::CqlType &Type,
                  const std::string &Receiver) const = 0;
  /// Whether an array literal for what is neither a list nor a vector is
  /// refused with "Invalid list literal for r of type t".
  virtual bool namesListMismatch() const = 0;
  /// Whether a tuple literal's arity is checked before its components
  /// (else as the components are walked).
  virtual bool tupleArityFirst() const = 0;
  /// A term as the dialect prints it in a message, or nothing when it
  /// would not print it so (then no message).
  virtual std::optional<std::string> termText(const cql::Term &T) const = 0;
  /// A function call as a value for \p Type.
  virtual std::optional<std::string>
  functionCallError(const cql::Term &Call, const cql::CqlType &Type,
                    const std::string &Receiver) const = 0;
};

/// The dialect's test of \p T against \p Receiver.
Assignable testLiteral(const LiteralDialect &D, const cql::Term &T,
                       const cql::CqlType &Receiver, const TypeScope &Scope);

/// The dialect's refusal of \p Value prepared for \p Receiver of \p Type.
std::optional<std::string> prepareLiteral(const LiteralDialect &D,
                                          const cql::Term &Value,
                                          const cql::CqlType &Type,
                                          const std::string &Receiver,
                                          const TypeScope &Scope);

/// The elements of a list, set or vector literal (\p LiteralName) against
/// \p Element: the first that does not fit, then each prepared against
/// "value(r)".
std::optional<std::string>
prepareElements(const LiteralDialect &D, const std::vector<cql::Term> &Items,
                const cql::CqlType &Element, const std::string &Receiver,
                const char *LiteralName, const TypeScope &Scope);

} // namespace nosqlint::check

#endif
