//===- TemplateFacts.h - A Spring Data template call, as a file writes it -*- C++ -*-===//
//
// CassandraTemplate / ReactiveCassandraTemplate / AsyncCassandraTemplate
// (and their *Operations interfaces) map entities to statements:
// `select(Query.query(where("k").is(v)).limit(10), X.class)`,
// `update(query, Update.update("c", v), X.class)`, `insert(entity)`,
// `deleteById(id, X.class)`, `truncate(X.class)`, the fluent
// `query(X.class).matching(query).all()`. One file reads the call (its
// criteria, assignments, sort, limit and options, each with its place in
// the file); the entity, usually declared in another file, supplies the
// table and maps property names to columns when the run's facts are
// joined (Repositories.h).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_TEMPLATEFACTS_H
#define NOSQLINT_EXTRACT_TEMPLATEFACTS_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint::extract {

struct TemplateQuery {
  enum class Operation {
    Select,       // select/selectOne/stream/slice(query, X), query(X)...all()
    Count,        // count(query, X), count(X), query(X)...count()
    Exists,       // exists(query, X), query(X)...exists(): LIMIT 1
    Update,       // update(query, update, X), update(X).matching(q).apply(u)
    Delete,       // delete(query, X), delete(X).matching(q).all()
    SelectById,   // selectOneById(id, X)
    ExistsById,   // exists(id, X)
    DeleteById,   // deleteById(id, X)
    Insert,       // insert(entity), insert(X).one(entity)
    UpdateEntity, // update(entity)
    DeleteEntity, // delete(entity)
    Truncate,     // truncate(X)
  };
  /// A place in the file: [Begin, Begin + Length).
  struct Span {
    uint32_t Begin = 0, Length = 0;
  };
  struct Criterion {
    std::string Key;      // as written: a property path or a column name
    std::string Operator; // `=`, `>`, `IN`, `LIKE`, `CONTAINS KEY`, `IS NOT NULL`
    Span KeyAt;           // the key's string
    Span At;              // the whole criterion
  };
  struct Assignment {
    std::string Key;
    /// `c = ?` (set), `c = c + ?` (increment, append, add to a set or
    /// map), `c = ? + c` (prepend), `c = c - ?` (decrement, remove),
    /// `c[?] = ?` (set at an index or key).
    enum class Kind { Set, Add, Prepend, Subtract, SetAt };
    Kind How = Kind::Set;
    Span KeyAt, At;
  };
  struct Order {
    std::string Key;
    bool Descending = false;
    Span At;
  };

  Operation Op = Operation::Select;
  std::string Row; // the catalog row of the entry point, as a reason names it
  bool Batch = false; // an entity's write added to batchOps()
  std::string Table;   // `inTable("t")`: the table instead of the entity's
  std::optional<Span> TableAt; // `inTable(name)` of a name the run knows
  Span MethodAt; // the method's name, where the statement begins
  /// The Query (or Update) argument is an expression this reader does not
  /// follow (a parameter, a method's result): its part of the statement
  /// is unknown, and it spans \p UnknownAt.
  bool QueryUnknown = false, UpdateUnknown = false;
  Span UnknownAt;
  std::vector<Criterion> Where;
  std::vector<Assignment> Assignments;
  std::vector<Order> OrderBy;
  std::optional<Span> LimitAt; // `.limit(n)`; `first()`/`one()` limit too
  std::string Limit;           // its value when a literal, else `?`
  std::optional<Span> AllowFilteringAt; // `.withAllowFiltering()`
  std::optional<Span> PagedAt;          // `.pageRequest(p)`: one page
  /// InsertOptions / UpdateOptions / DeleteOptions written in the call.
  bool IfNotExists = false, IfExists = false, Ttl = false;
  std::optional<Span> OptionsAt;
};

} // namespace nosqlint::extract

#endif
