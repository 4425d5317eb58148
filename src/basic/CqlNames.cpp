//===- CqlNames.cpp - How a CQL identifier is written ---------------------===//
#include "nosqlint/Basic/CqlNames.h"

#include "llvm/ADT/StringSet.h"

namespace nosqlint {

/// Words an unquoted identifier cannot be (Cassandra's reserved keywords,
/// plus the literals our grammar keeps out of identifiers).
bool isReservedCqlWord(llvm::StringRef Lower) {
  static const llvm::StringSet<> Words = {
      "add",      "allow",     "alter",        "and",      "apply",
      "asc",      "authorize", "batch",        "begin",    "by",
      "columnfamily", "create", "delete",      "desc",     "describe",
      "drop",     "entries",   "execute",      "from",     "full",
      "grant",    "if",        "in",           "index",    "infinity",
      "insert",   "into",      "is",           "keyspace", "limit",
      "materialized", "modify", "nan",         "norecursive", "not",
      "null",     "of",        "on",           "or",       "order",
      "primary",  "rename",    "replace",      "revoke",   "schema",
      "select",   "set",       "table",        "to",       "token",
      "truncate", "unlogged",  "update",       "use",      "using",
      "view",     "where",     "with",         "true",     "false"};
  return Words.contains(Lower);
}

static bool isPlainName(llvm::StringRef Name) {
  if (Name.empty() || !(Name[0] >= 'a' && Name[0] <= 'z'))
    return false;
  for (char C : Name)
    if (!((C >= 'a' && C <= 'z') || (C >= '0' && C <= '9') || C == '_'))
      return false;
  return !isReservedCqlWord(Name);
}

std::string quoteCqlName(llvm::StringRef Name) {
  if (isPlainName(Name))
    return Name.str();
  std::string Out = "\"";
  for (char C : Name) {
    if (C == '"')
      Out += '"';
    Out += C;
  }
  return Out + "\"";
}

std::string spellUnquotedCqlName(llvm::StringRef Name) {
  std::string Lower = Name.lower();
  return isReservedCqlWord(Lower) ? "\"" + Lower + "\"" : Name.str();
}

bool isSystemKeyspace(llvm::StringRef Keyspace) {
  std::string K = Keyspace.lower();
  llvm::StringRef L(K);
  return L == "system" || L.startswith("system_") || L.startswith("dse_") ||
         L == "solr_admin" || L == "opscenter";
}

} // namespace nosqlint
