//===- Describe.h - Short renderings of IR for messages --------*- C++ -*-===//
#ifndef NOSQLINT_CHECK_DESCRIBE_H
#define NOSQLINT_CHECK_DESCRIBE_H

#include "nosqlint/IR/Cql.h"

#include <optional>
#include <string>

namespace nosqlint::check {

/// A value as written: 'abc', 42, ?, :name; collections in brackets.
std::string describeTerm(const cql::Term &T);
/// A relation as Cassandra prints it in messages: `country != 'SE'`.
std::string describeRelation(const cql::Relation &R);
/// The value of an integer literal (or a negated one), if \p T is one.
std::optional<long long> literalInteger(const cql::Term &T);
/// Identifiers joined with ", ".
std::string joinNames(const std::vector<std::string> &Names);

} // namespace nosqlint::check

#endif
