//===- CqlShape.h - Does a string hold a CQL statement? --------*- C++ -*-===//
//
// A string that reaches a Cassandra API (QueryOwnership.h) is CQL when it
// starts with any statement keyword. Any other string must look like a statement: its first word a
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

} // namespace nosqlint::extract

#endif
