//===- CqlNames.h - How a CQL identifier is written -------------*- C++ -*-===//
//
// A name as CQL stores it (case kept) and as a statement must spell it:
// unquoted when Cassandra would fold it to itself and it is no reserved
// keyword, otherwise in double quotes. The printer and every front end that
// writes CQL text (the repository and mapper translations) share it.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_BASIC_CQLNAMES_H
#define NOSQLINT_BASIC_CQLNAMES_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace nosqlint {

/// Whether \p Lower is a word an unquoted identifier cannot be (Cassandra's
/// reserved keywords, and the literals our grammar keeps out of names).
bool isReservedCqlWord(llvm::StringRef Lower);

/// \p Name (as stored, case kept) as a statement spells it: `orders`,
/// `"order"`, `"userId"`.
std::string quoteCqlName(llvm::StringRef Name);

/// \p Name written in CQL syntax, which Cassandra folds to lower case (a
/// mapper's `@Column("userId")`, a derived column name): as it is, but a
/// reserved word quoted in its folded form (`order` -> `"order"`), as the
/// drivers quote it.
std::string spellUnquotedCqlName(llvm::StringRef Name);

/// Whether \p Keyspace is one of Cassandra's, ScyllaDB's or DSE's own
/// (system, system_schema, system_auth, ..., dse_system, solr_admin): small
/// node-local or virtual tables that drivers and tools read whole by
/// design, never the application's access patterns, even where a schema
/// dump declares them.
bool isSystemKeyspace(llvm::StringRef Keyspace);

} // namespace nosqlint

#endif
