//===- LibraryResolver.h - Which library a host value comes from -*- C++ -*-===//
//
// Resolves an expression to the database library its value belongs to, the
// way a reader of the code would: a name bound by an import; a variable,
// field or parameter through its declared type (resolved through the
// imports) or its initializer; `this.x` / `self.x` through the field's
// declaration; a call or member of a library value is a value of that
// library (`conn.cursor()` of a psycopg2 connection is psycopg2's, a
// session's `prepare(...)` is the driver's). Anything else is unresolved:
// the caller falls back on what the file imports.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_LIBRARYRESOLVER_H
#define NOSQLINT_EXTRACT_LIBRARYRESOLVER_H

#include "Evaluator.h"
#include "Imports.h"
#include "LibraryModels.h"

#include "llvm/ADT/StringMap.h"

#include <tree_sitter/api.h>

#include <vector>

namespace nosqlint::extract {

class LibraryResolver {
public:
  LibraryResolver(const LanguageSpec &Spec, const Evaluator &Eval,
                  const FileImports &Imports, const ModelCatalog &Catalog);

  /// Records the typed declarations of the file (one walk).
  void index(TSNode Root);
  /// Records the declaration \p N makes, if any (for a caller's own walk).
  void indexNode(TSNode N);

  /// The library of the value of \p Expr, or null.
  const LibraryModel *libraryOf(TSNode Expr, unsigned Depth = 0) const;
  /// The library of a type written as \p TypeText (`CqlSession`,
  /// `*gocql.Session`, `java.sql.Connection`, `List<Row>`), or null.
  const LibraryModel *libraryOfType(llvm::StringRef TypeText) const;
  /// The library of a name written as a path (`psycopg2.connect`,
  /// `Cluster`, `org.hibernate.Session`), through the imports.
  const LibraryModel *libraryOfName(llvm::StringRef Name) const;

private:
  struct Declared {
    uint32_t ScopeBegin, ScopeEnd;
    llvm::StringRef Type; // as written, may be empty
    TSNode Value;         // the initializer, null when none
    bool HasValue = false;
  };
  void declare(llvm::StringRef Name, TSNode At, llvm::StringRef Type,
               std::optional<TSNode> Value, bool Field = false);
  const Declared *lookup(llvm::StringRef Name, uint32_t Use,
                         bool FieldsOnly) const;
  const LibraryModel *libraryOfDeclared(const Declared &D,
                                        unsigned Depth) const;
  const LibraryModel *libraryOfIdentifier(llvm::StringRef Name, uint32_t Use,
                                          unsigned Depth,
                                          bool FieldsOnly = false) const;

  const LanguageSpec &Spec;
  const Evaluator &Eval;
  const FileImports &Imports;
  const ModelCatalog &Catalog;
  std::vector<std::string> Opened; // wildcard imports
  llvm::StringMap<std::vector<Declared>> Names;
  llvm::StringMap<std::vector<Declared>> Fields;
  llvm::StringMap<llvm::StringRef> ReturnTypes; // function name -> type
};

} // namespace nosqlint::extract

#endif
