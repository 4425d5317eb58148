//===- OrmFacts.h - Python cqlengine query chains, per file and joined -*- C++ -*-===//
//
// A cqlengine query names its model class (`User.objects.filter(a=1)`,
// `User.get(id=x)`, `User.create(...)`), and the class is usually declared
// in another module. Each Python file yields the chains it writes
// (CqlEngineQueries.cpp) and the models it declares (CqlEntityModels.cpp,
// MappedEntity with CqlEngine set); once every file is read, the join
// (OrmQueries.cpp) turns each chain into the statement cqlengine sends,
// positioned on the call (a relation on the keyword that names its column).
// A model no file of the run declares, or two folders declare alike, a
// column the model lacks, a filter built from `**kwargs`, a query cqlengine
// itself refuses before sending it: no statement.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_ORMFACTS_H
#define NOSQLINT_EXTRACT_ORMFACTS_H

#include "nosqlint/Extract/Repositories.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::extract {

/// One cqlengine query chain as the file writes it; names are the model's
/// Python attribute names (the join maps them to db_field columns).
struct OrmQuery {
  enum class Operation { Select, Count, Insert, Update, Delete };
  struct Span {
    uint32_t Begin = 0, Length = 0;
  };
  /// A keyword argument: `status__gt=x` is Name `status`, Operator `gt`.
  struct Keyword {
    std::string Name, Operator;
    Span Key, Value;
    bool TokenValue = false; // the value is a `Token(...)` call
  };
  struct Order {
    std::string Name;
    bool Descending = false;
    Span At;
  };

  Operation Op = Operation::Select;
  std::string Model;          // the class as the call names it
  std::string QualifiedModel; // through the file's imports; empty if not imported
  bool Local = false;         // a class this file declares
  Span Head;                  // the model's name in the call
  Span End;                   // the chain's last method name
  std::vector<Keyword> Where; // filter/objects(...)/get(...) keywords
  std::vector<Order> OrderBy;
  /// The LIMIT: cqlengine's default 10000 unless `.limit(...)` says
  /// otherwise ("" none: `.limit(0)`/`.limit(None)`; "?" computed).
  std::string Limit = "10000";
  Span LimitAt;
  bool LimitSet = false;
  bool AllowFiltering = false;
  Span AllowFilteringAt;
  std::vector<std::string> Only, Defer;
  Span FieldsAt;
  std::vector<Keyword> Values; // create(...)/update(...)
  Span ValuesEnd;              // the closing parenthesis of their call
  bool IfNotExists = false, IfExists = false;
  Span ConditionAt;
  std::string Ttl; // "" none, a number, or "?"
  Span TtlAt;
  bool Timestamp = false;
};

/// The statements of the run's cqlengine query chains, each with its file.
std::vector<RepositorySnippet>
joinOrmQueries(llvm::ArrayRef<RepositoryFacts> Files);

} // namespace nosqlint::extract

#endif
