//===- Phrases.h - What every format of the report says the same way -*- C++ -*-===//
#ifndef NOSQLINT_PATTERNS_PHRASES_H
#define NOSQLINT_PATTERNS_PHRASES_H

#include "nosqlint/Patterns/PatternReport.h"

#include <string>
#include <vector>

namespace nosqlint::patterns {

/// path:line:column (path:line without a column; "" for no path).
std::string siteText(const Site &S);
/// a, b, c
std::string listText(const std::vector<std::string> &V,
                     llvm::StringRef Sep = ", ");
/// PRIMARY KEY ((a, b), c) for CQL, HASH a RANGE c for DynamoDB.
std::string keyText(const DataObject &O);
/// "index chirp.users.users_country_idx on country (legacy)".
std::string objectTitle(const DataObject &O);
/// How a read is served in words: "one partition by user_id",
/// "through index x, every node", "full scan".
std::string servedText(const Read &R);
/// Counts of the findings by kind: "2 unread, 1 unserved".
std::string findingCounts(const PatternReport &R);
/// The read's optional facts (issue 22 part 3): "consistency=QUORUM
/// page-size=100"; empty when none is known.
std::string queryFacts(const Read &R);

} // namespace nosqlint::patterns

#endif
