//===- HoconStatements.h - CQL statements in HOCON configuration -*- C++ -*-===//
//
// The quoted string values of a HOCON file (`application.conf`,
// `reference.conf`) whose key path names Cassandra and whose text starts
// with a CQL statement keyword (HoconStatements.cpp says which).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_HOCONSTATEMENTS_H
#define NOSQLINT_EXTRACT_HOCONSTATEMENTS_H

#include "nosqlint/Extract/Extract.h"

#include "llvm/ADT/StringRef.h"

#include <vector>

namespace nosqlint::extract {

/// False only when \p Text names no Cassandra section at all.
bool mayHoldHoconStatements(llvm::StringRef Text);

/// The statements, in file order, with Source Config.
std::vector<CqlSnippet> extractHoconStatements(FileId File,
                                               llvm::StringRef Text);

} // namespace nosqlint::extract

#endif
