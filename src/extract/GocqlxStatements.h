//===- GocqlxStatements.h - The CQL text of a gocqlx builder -----*- C++ -*-===//
//
// Writes a GocqlxStatement (BuilderFacts.h) as gocqlx's ToCql writes it
// (qb/select.go, insert.go, update.go, delete.go; `SELECT a,b FROM t WHERE
// k=? AND c>? ORDER BY c DESC LIMIT 10 ALLOW FILTERING `), each piece mapped
// to the call that adds it; and adds to a statement what a table model's
// method puts in it (table/table.go: the Get/Select/Update/Delete key
// restrictions, the Insert columns), mapped to the method's name.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_GOCQLXSTATEMENTS_H
#define NOSQLINT_EXTRACT_GOCQLXSTATEMENTS_H

#include "nosqlint/Extract/BuilderFacts.h"

#include <optional>

namespace nosqlint::extract {

/// The snippet of \p S in \p File; nothing when it is not a statement
/// gocqlx can write (no table, an UPDATE without SET, an INSERT without
/// columns).
std::optional<CqlSnippet> writeGocqlxStatement(const GocqlxStatement &S,
                                               FileId File);

/// Puts \p Part of table model \p T at the front of \p S (the model's parts
/// come before what the chain's calls add): its table unless the chain
/// names one, its key restrictions or its columns; all mapped to
/// \p Method. False when the part needs the model's columns and the
/// metadata does not list them.
bool applyGocqlxTable(GocqlxStatement &S, GocqlxTablePart Part,
                      const GocqlxTable &T, const CqlPiece &Method);

/// gocqlx v3's quoteTableName: each part of `ks.t` that is not a lower-case
/// identifier, or is a reserved word, is double-quoted.
std::string quoteGocqlxTableName(llvm::StringRef Name);

} // namespace nosqlint::extract

#endif
