//===- QueryOwnership.h - Is this string a query of ours? ------*- C++ -*-===//
//
// Decides, per string, whether it is a CQL statement: a string is ours when
// it reaches an API of a Cassandra library, not because it looks like one.
//
//  1. The API the string reaches: the call, constructor, annotation,
//     property or interpolator it is an argument of, directly or through
//     the variable or constant it is assigned to.
//  2. The library of that API: the receiver resolved by LibraryResolver
//     (declared type, initializer, import), the annotation through its
//     import. A row of the catalog for that library and member decides; a
//     library whose queries are not CQL (SQL, DynamoDB) makes the string
//     not ours whatever the member.
//  3. An unresolved receiver falls back on what the file imports: the
//     catalog's rows for that member in the libraries the file uses; with a
//     Cassandra and a SQL library both imported, only a member unique to the
//     Cassandra APIs counts.
//  4. A string that reaches no modeled API is taken only where the file uses
//     a Cassandra library and no SQL or DynamoDB one; a file that imports no
//     database library at all defers to its package (the driver decides).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_QUERYOWNERSHIP_H
#define NOSQLINT_EXTRACT_QUERYOWNERSHIP_H

#include "LibraryResolver.h"

#include "llvm/ADT/StringMap.h"

#include <string>
#include <vector>

namespace nosqlint::extract {

struct Ownership {
  enum Verdict {
    Ours,            // a CQL statement
    NotOurs,         // SQL, DynamoDB, or no query at all
    IfPackageAllows, // ours unless the file's package uses a SQL library
  };
  Verdict Result = NotOurs;
  /// It reached a CQL API: any statement keyword starts a statement (the
  /// loose test), and a syntax error is reported.
  bool ReachedApi = false;
  std::string Reason;
};

/// Which kinds of database library a file imports.
LibraryUse libraryUseOf(const FileImports &Imports, const ModelCatalog &C,
                        llvm::StringRef Text);

class QueryOwnership {
public:
  QueryOwnership(const LanguageSpec &Spec, const Evaluator &Eval,
                 const FileImports &Imports);

  /// Indexes declarations and name uses (one walk).
  void index(TSNode Root);

  /// The decision for the string expression \p N.
  Ownership decide(TSNode N) const;

  LibraryUse fileUse() const { return Use; }

private:
  /// Where a value goes: the API it is an argument of.
  struct Sink {
    SinkKind Kind = SinkKind::Call;
    TSNode Node{};         // the call, annotation, assignment, string
    int Argument = -1;     // positional index
    llvm::StringRef ArgumentName;
    /// The value reached the API through a format call or a concatenation:
    /// its own text is a template of the query, not the query.
    bool Transformed = false;
  };
  std::optional<Sink> sinkOf(TSNode N, bool PassFormat) const;
  /// Rows of the catalog for this sink, and the library resolved for it.
  std::optional<Ownership> decideSink(const Sink &S) const;
  std::optional<Ownership> byRows(const std::vector<const SinkModel *> &Rows,
                                  const Sink &S) const;
  Ownership fallback() const;
  bool argumentMatches(const SinkModel &Row, const Sink &S) const;
  std::string importedName(QueryDialect D) const;

  const LanguageSpec &Spec;
  const Evaluator &Eval;
  const FileImports &Imports;
  const ModelCatalog &Catalog;
  LibraryResolver Resolver;
  LibraryUse Use;
  std::vector<const LibraryModel *> Imported;
  llvm::StringMap<std::vector<TSNode>> NameUses;
};

} // namespace nosqlint::extract

#endif
