//===- CatalogGate.cpp - Which host files can hold a query of ours --------===//
#include "nosqlint/Extract/CatalogGate.h"

#include "GocqlxQueries.h"
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
  if (mayHoldOwnLibraryCalls(Lang, Text))
    R.Result = PrescanResult::Parse;
  else if (!mayHoldStatementText(Lang, Text))
    R.Result = PrescanResult::SetAside;
  else
    R.Result = R.CassandraLibrary ? PrescanResult::Parse
                                  : PrescanResult::IfOwnedNearby;
  // A model of another file: its uses are joined to the declaration by name
  // (joinGocqlxTables), and this file declares none (it names no gocqlx
  // package, so no `table.New` of it is read as one), nor reads any model
  // of its own (an inline model is a `table.New` too).
  R.UsesGocqlxModels = R.Result != PrescanResult::Parse &&
                       Lang == HostLanguage::Go && mayCallGocqlxTable(Text);
  return R;
}

bool mayDeclareGocqlxModels(HostLanguage Lang, llvm::StringRef Text) {
  return Lang == HostLanguage::Go && mentionsGocqlx(Text);
}

bool parsedWhenAlone(const PrescanResult &R) {
  if (R.Result != PrescanResult::IfOwnedNearby)
    return R.Result == PrescanResult::Parse;
  return !R.Use.Cql && !R.Use.Sql && !R.Use.DynamoDb;
}

} // namespace nosqlint::extract
