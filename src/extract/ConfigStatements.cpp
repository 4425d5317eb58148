//===- ConfigStatements.cpp - Which configuration values are CQL ----------===//
#include "ConfigStatements.h"

#include "llvm/ADT/StringExtras.h"

#include <string>

namespace nosqlint::extract {

bool namesCassandraKey(llvm::StringRef S) {
  std::string L = S.lower();
  llvm::StringRef T(L);
  return T.contains("cassandra") || T.contains("datastax") ||
         T.contains("scylla");
}

bool startsWithStatementKeyword(llvm::StringRef Text) {
  llvm::StringRef T = Text.ltrim();
  llvm::StringRef W = T.take_while([](char C) { return llvm::isAlpha(C); });
  // A word of its own: `select-all` is a name, not a statement.
  if (W.size() >= T.size() || !llvm::isSpace(T[W.size()]))
    return false;
  std::string U = W.upper();
  static const char *const Keywords[] = {"SELECT", "INSERT", "UPDATE",
                                         "DELETE", "CREATE", "ALTER",
                                         "DROP",   "TRUNCATE", "BEGIN"};
  for (const char *K : Keywords)
    if (U == K)
      return true;
  return false;
}

} // namespace nosqlint::extract
