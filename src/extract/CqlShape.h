//===- CqlShape.h - Does a string hold a CQL statement? --------*- C++ -*-===//
//
// A string passed to a driver call is CQL when it starts with any statement
// keyword. Any other string must look like a statement: its first word a
// statement keyword written in one case (SELECT or select, not Select), and
// the words that statement needs (SELECT ... FROM, INSERT INTO, UPDATE ...
// SET, DELETE ... FROM, BEGIN ... BATCH, CREATE TABLE, ...), and no SQL-only
// word (JOIN, HAVING, RETURNING, ...).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_CQLSHAPE_H
#define NOSQLINT_EXTRACT_CQLSHAPE_H

#include "nosqlint/Extract/Extract.h"

#include "llvm/ADT/StringRef.h"

namespace nosqlint::extract {

/// Whether \p Word, in any case, is a keyword a CQL statement starts with.
bool isStatementKeyword(llvm::StringRef Word);

/// \p Loose: the string is an argument of a driver call.
bool looksLikeCql(llvm::StringRef Text, bool Loose);

/// Driver methods whose first argument is a CQL statement (and the Query
/// annotation's name).
bool isDriverMethod(llvm::StringRef Method);

/// True when the file uses a SQL database and no Cassandra driver: its
/// SELECT strings are SQL, and only driver-call arguments are taken.
bool isSqlOnlyFile(HostLanguage Lang, llvm::StringRef FileText);

} // namespace nosqlint::extract

#endif
