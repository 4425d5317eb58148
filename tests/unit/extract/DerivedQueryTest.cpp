//===- DerivedQueryTest.cpp - Spring Data's grammar of method names -------===//
//
// Table-driven: each row is a method name and what Spring Data's PartTree
// makes of it (subject, limit, the parts with their operators and where
// their property is written, the ordering), or that it is no derived query.
//
//===----------------------------------------------------------------------===//
#include "DerivedQueries.h"

#include <gtest/gtest.h>

using namespace nosqlint::extract;

namespace {

/// A compact rendering: `find limit=10 | customerId@6:SIMPLE_PROPERTY,
/// placed@20:AFTER | order placed desc`.
std::string render(const std::optional<DerivedQuery> &Q, llvm::StringRef Name) {
  if (!Q)
    return "none";
  std::string S;
  switch (Q->Subject) {
  case DerivedSubject::Find: S = "find"; break;
  case DerivedSubject::Count: S = "count"; break;
  case DerivedSubject::Exists: S = "exists"; break;
  case DerivedSubject::Delete: S = "delete"; break;
  }
  if (Q->Distinct)
    S += " distinct";
  if (Q->Limit)
    S += " limit=" + std::to_string(*Q->Limit);
  for (const auto &Or : Q->Or) {
    S += " |";
    for (const DerivedPart &P : Or) {
      // The offset must point at the property as written in the name.
      EXPECT_EQ(Name.substr(P.Offset, P.Property.size()), P.Property) << Name.str();
      S += " " + P.Property + "@" + std::to_string(P.Offset) + ":" +
           derivedOperatorName(P.Operator).str() + (P.IgnoreCase ? "/ic" : "");
    }
  }
  for (const DerivedOrder &O : Q->OrderBy) {
    EXPECT_EQ(Name.substr(O.Offset, O.Property.size()), O.Property) << Name.str();
    S += " order " + O.Property + (O.Descending ? " desc" : " asc");
  }
  return S;
}

struct Row {
  const char *Name;
  const char *Expected;
};

const Row Rows[] = {
    // Subjects.
    {"findByName", "find | Name@6:SIMPLE_PROPERTY"},
    {"readByName", "find | Name@6:SIMPLE_PROPERTY"},
    {"getByName", "find | Name@5:SIMPLE_PROPERTY"},
    {"queryByName", "find | Name@7:SIMPLE_PROPERTY"},
    {"searchByName", "find | Name@8:SIMPLE_PROPERTY"},
    {"streamByName", "find | Name@8:SIMPLE_PROPERTY"},
    {"findAllByName", "find | Name@9:SIMPLE_PROPERTY"},
    {"findOrdersByName", "find | Name@12:SIMPLE_PROPERTY"},
    {"countByStatus", "count | Status@7:SIMPLE_PROPERTY"},
    {"existsByEmail", "exists | Email@8:SIMPLE_PROPERTY"},
    {"deleteByStatus", "delete | Status@8:SIMPLE_PROPERTY"},
    {"removeByStatus", "delete | Status@8:SIMPLE_PROPERTY"},
    {"findDistinctByName", "find distinct | Name@14:SIMPLE_PROPERTY"},
    // First/Top.
    {"findFirstByName", "find limit=1 | Name@11:SIMPLE_PROPERTY"},
    {"findTop10ByName", "find limit=10 | Name@11:SIMPLE_PROPERTY"},
    {"findFirst3OrdersByName", "find limit=3 | Name@18:SIMPLE_PROPERTY"},
    {"findTopByOrderByPlacedDesc", "find limit=1 order Placed desc"},
    // Operators, each keyword and its Is- form.
    {"findByAgeGreaterThan", "find | Age@6:GREATER_THAN"},
    {"findByAgeIsGreaterThan", "find | Age@6:GREATER_THAN"},
    {"findByAgeGreaterThanEqual", "find | Age@6:GREATER_THAN_EQUAL"},
    {"findByAgeLessThan", "find | Age@6:LESS_THAN"},
    {"findByAgeLessThanEqual", "find | Age@6:LESS_THAN_EQUAL"},
    {"findByPlacedAfter", "find | Placed@6:AFTER"},
    {"findByPlacedBefore", "find | Placed@6:BEFORE"},
    {"findByPlacedBetween", "find | Placed@6:BETWEEN"},
    {"findByStatusIn", "find | Status@6:IN"},
    {"findByStatusNotIn", "find | Status@6:NOT_IN"},
    {"findByNameLike", "find | Name@6:LIKE"},
    {"findByNameNotLike", "find | Name@6:NOT_LIKE"},
    {"findByNameStartingWith", "find | Name@6:STARTING_WITH"},
    {"findByNameStartsWith", "find | Name@6:STARTING_WITH"},
    {"findByNameEndingWith", "find | Name@6:ENDING_WITH"},
    {"findByNameEndsWith", "find | Name@6:ENDING_WITH"},
    {"findByTagsContaining", "find | Tags@6:CONTAINING"},
    {"findByTagsContains", "find | Tags@6:CONTAINING"},
    {"findByTagsNotContaining", "find | Tags@6:NOT_CONTAINING"},
    {"findByNameIsNull", "find | Name@6:IS_NULL"},
    {"findByNameNull", "find | Name@6:IS_NULL"},
    {"findByNameIsNotNull", "find | Name@6:IS_NOT_NULL"},
    {"findByTagsIsEmpty", "find | Tags@6:IS_EMPTY"},
    {"findByTagsIsNotEmpty", "find | Tags@6:IS_NOT_EMPTY"},
    {"findByActiveTrue", "find | Active@6:TRUE"},
    {"findByActiveIsFalse", "find | Active@6:FALSE"},
    {"findByNameNot", "find | Name@6:NEGATING_SIMPLE_PROPERTY"},
    {"findByNameIs", "find | Name@6:SIMPLE_PROPERTY"},
    {"findByNameEquals", "find | Name@6:SIMPLE_PROPERTY"},
    {"findByNameMatchesRegex", "find | Name@6:REGEX"},
    {"findByEmbeddingNear", "find | Embedding@6:NEAR"},
    // IgnoreCase, per part and for all.
    {"findByNameIgnoreCase", "find | Name@6:SIMPLE_PROPERTY/ic"},
    {"findByNameIgnoringCaseAndCity", "find | Name@6:SIMPLE_PROPERTY/ic City@25:SIMPLE_PROPERTY"},
    {"findByNameAndCityAllIgnoreCase", "find | Name@6:SIMPLE_PROPERTY/ic City@13:SIMPLE_PROPERTY/ic"},
    // And, Or, nested paths.
    {"findByCustomerIdAndPlacedAfter",
     "find | CustomerId@6:SIMPLE_PROPERTY Placed@19:AFTER"},
    {"findByNameOrEmail", "find | Name@6:SIMPLE_PROPERTY | Email@12:SIMPLE_PROPERTY"},
    {"findByKey_CustomerId", "find | Key_CustomerId@6:SIMPLE_PROPERTY"},
    {"findByKeyCustomerId", "find | KeyCustomerId@6:SIMPLE_PROPERTY"},
    // Words that contain a keyword but are not one (no capital after it).
    {"findByOrderId", "find | OrderId@6:SIMPLE_PROPERTY"},
    {"findByBrandAndColor", "find | Brand@6:SIMPLE_PROPERTY Color@14:SIMPLE_PROPERTY"},
    {"findByIndexName", "find | IndexName@6:SIMPLE_PROPERTY"},
    // OrderBy.
    {"findByCustomerIdOrderByPlacedDesc",
     "find | CustomerId@6:SIMPLE_PROPERTY order Placed desc"},
    {"findByCustomerIdOrderByPlacedAscTotalDesc",
     "find | CustomerId@6:SIMPLE_PROPERTY order Placed asc order Total desc"},
    {"findByCustomerIdOrderByPlaced",
     "find | CustomerId@6:SIMPLE_PROPERTY order Placed asc"},
    {"findAllByOrderByNameAsc", "find order Name asc"},
    // Kotlin's mangled names keep what comes before the dash.
    {"findByName-x1y2", "find | Name@6:SIMPLE_PROPERTY"},
    // No query: no prefix, no By, or broken.
    {"findAll", "none"},
    {"deleteAll", "none"},
    {"count", "none"},
    {"save", "none"},
    {"customQuery", "none"},
    {"findByIs", "none"},
    {"findByAOrderByBOrderByC", "none"},
    {"findbyName", "none"},
};

TEST(DerivedQuery, MethodNamesReadAsSpringDataReadsThem) {
  for (const Row &R : Rows)
    EXPECT_EQ(render(parseDerivedQuery(R.Name), R.Name), R.Expected)
        << "method " << R.Name;
}

TEST(DerivedQuery, DecapitalizeFollowsIntrospector) {
  EXPECT_EQ(decapitalize("CustomerId"), "customerId");
  EXPECT_EQ(decapitalize("URL"), "URL");
  EXPECT_EQ(decapitalize("X"), "x");
  EXPECT_EQ(decapitalize(""), "");
}

} // namespace
