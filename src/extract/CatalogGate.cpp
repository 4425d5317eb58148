//===- CatalogGate.cpp - Which host files can hold a query of ours --------===//
#include "nosqlint/Extract/CatalogGate.h"

#include "LibraryModels.h"

#include "llvm/ADT/STLExtras.h"

namespace nosqlint::extract {

bool namesCassandraLibrary(HostLanguage Lang, llvm::StringRef Text) {
  for (const LibraryModel &L : ModelCatalog::forLanguage(Lang).libraries())
    if (L.Dialect == QueryDialect::Cql &&
        llvm::any_of(L.Packages, [&](const std::string &P) {
          return Text.contains(P);
        }))
      return true;
  return false;
}

PrescanResult prescanHostFile(HostLanguage Lang, llvm::StringRef Text) {
  PrescanResult R;
  R.Use = libraryUse(Lang, Text);
  R.CassandraLibrary = R.Use.Cql || namesCassandraLibrary(Lang, Text);
  if (mayHoldLibraryCalls(Lang, Text))
    R.Result = PrescanResult::Parse;
  else if (!mayHoldStatementText(Lang, Text))
    R.Result = PrescanResult::SetAside;
  else
    R.Result = R.CassandraLibrary ? PrescanResult::Parse
                                  : PrescanResult::IfOwnedNearby;
  return R;
}

bool parsedWhenAlone(const PrescanResult &R) {
  if (R.Result != PrescanResult::IfOwnedNearby)
    return R.Result == PrescanResult::Parse;
  return !R.Use.Cql && !R.Use.Sql && !R.Use.DynamoDb;
}

} // namespace nosqlint::extract
