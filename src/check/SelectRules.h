//===- SelectRules.h - Shared wording for the SELECT rules -----*- C++ -*-===//
#ifndef NOSQLINT_CHECK_SELECTRULES_H
#define NOSQLINT_CHECK_SELECTRULES_H

#include "CheckContext.h"

#include <string>

namespace nosqlint::check {

inline constexpr const char *RequiresAllowFilteringMessage =
    "Cannot execute this query as it might involve data filtering and thus "
    "may have unpredictable performance. If you want to execute this query "
    "despite the performance unpredictability, use ALLOW FILTERING";

/// "every partition of table ks.t", "3 partitions", "one partition".
std::string describeScope(const SelectContext &C);
/// "column 'v' (no index)", "'a' and 'b' (each legacy index serves one)"...
std::string describeUnserved(const SelectContext &C);
/// The range that best shows why the read is not confined to partitions.
SourceRange scopeRange(const SelectContext &C);

} // namespace nosqlint::check

#endif
