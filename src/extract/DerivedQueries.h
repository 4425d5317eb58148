//===- DerivedQueries.h - Spring Data's grammar of query method names -*- C++ -*-===//
//
// A Spring Data repository method without a query of its own is a query
// its name spells: `findTop10ByCustomerIdAndPlacedAfterOrderByPlacedDesc`
// is a subject (find, the first 10), predicates joined by And/Or (a
// property, then an operator keyword) and an ordering. This reads a name as
// Spring Data's PartTree does (the keywords, the order in which suffixes
// are tried, `IgnoreCase`, `_` as an explicit property separator) and keeps
// the offsets of each piece in the name, so a finding can point at
// `CustomerId` inside it. Which property a piece names is left to the
// caller, which knows the entity.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DERIVEDQUERIES_H
#define NOSQLINT_EXTRACT_DERIVEDQUERIES_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::extract {

enum class DerivedSubject { Find, Count, Exists, Delete };

/// Part.Type, in the order Spring Data tries the suffixes.
enum class DerivedOperator {
  IsNotNull,
  IsNull,
  Between,
  LessThan,
  LessThanEqual,
  GreaterThan,
  GreaterThanEqual,
  Before,
  After,
  NotLike,
  Like,
  StartingWith,
  EndingWith,
  IsNotEmpty,
  IsEmpty,
  NotContaining,
  Containing,
  NotIn,
  In,
  Near,
  Within,
  Regex,
  Exists,
  True,
  False,
  NegatingSimpleProperty,
  SimpleProperty,
};

/// The operator's name as Spring Data's Part.Type spells it (`GREATER_THAN`).
llvm::StringRef derivedOperatorName(DerivedOperator Op);

struct DerivedPart {
  /// The property as the name spells it, keyword removed: `CustomerId`,
  /// `Key_Customer` (an explicit nested path).
  std::string Property;
  size_t Offset = 0; // of Property within the method name
  DerivedOperator Operator = DerivedOperator::SimpleProperty;
  bool IgnoreCase = false;
};

struct DerivedOrder {
  std::string Property;
  size_t Offset = 0;
  bool Descending = false;
};

struct DerivedQuery {
  DerivedSubject Subject = DerivedSubject::Find;
  bool Distinct = false;
  /// First/Top: at most this many rows (First alone is 1).
  std::optional<unsigned> Limit;
  /// The predicate: Or of And parts. Empty for `findAll`-like names that
  /// match no prefix.
  std::vector<std::vector<DerivedPart>> Or;
  std::vector<DerivedOrder> OrderBy;
};

/// The query a method name spells, or nothing when the name has no query
/// prefix (`find...By`, `count...By`, `exists...By`, `delete...By`, ...) or
/// breaks the grammar (an empty property, OrderBy twice).
std::optional<DerivedQuery> parseDerivedQuery(llvm::StringRef Name);

/// java.beans.Introspector.decapitalize: `CustomerId` -> customerId, but
/// `URL` stays URL (two leading capitals).
std::string decapitalize(llvm::StringRef Name);

} // namespace nosqlint::extract

#endif
