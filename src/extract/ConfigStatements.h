//===- ConfigStatements.h - Which configuration values are CQL --*- C++ -*-===//
//
// Configuration files (HOCON, YAML) hold a statement a Cassandra plugin or
// driver runs under a key of its own section. A value is taken for CQL only
// when its key path names Cassandra and its text starts with a statement
// keyword (ConfigStatements.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_CONFIGSTATEMENTS_H
#define NOSQLINT_EXTRACT_CONFIGSTATEMENTS_H

#include "llvm/ADT/StringRef.h"

namespace nosqlint::extract {

/// `cassandra`, `datastax` or `scylla` in \p Key (any case, any segment).
bool namesCassandraKey(llvm::StringRef Key);

/// \p Text starts with a CQL statement keyword that is a word of its own.
bool startsWithStatementKeyword(llvm::StringRef Text);

} // namespace nosqlint::extract

#endif
