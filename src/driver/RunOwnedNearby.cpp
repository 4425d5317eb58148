//===- RunOwnedNearby.cpp - Files that their neighbours let through -------===//
//
// A host file whose strings may read as statements but that imports and
// names no Cassandra library (CatalogGate.h, IfOwnedNearby) yields a query
// in two ways only, both facts of other files:
//  - its strings are CQL where the nearest directory whose code imports a
//    database library uses Cassandra alone, or where no file above it
//    imports one (SubtreeUses.h: what a NeedsPackage snippet asks later);
//  - its constants serve a file of its package that uses a Cassandra
//    library.
// Such a file is parsed now, as if the prescan had let it through. The
// others stay set aside: whatever extraction found in them would be dropped,
// and a parsed neighbour still reads them for their constants
// (extractSetAsideNeighbours).
//
// A Go file that may call the methods of a gocqlx table model declared
// elsewhere (UsesGocqlxModels) is parsed now when some Go file of the run
// may declare one; otherwise no use of it can be joined to a model.
//
//===----------------------------------------------------------------------===//
#include "Run.h"

#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <set>

namespace nosqlint::driver {

void Run::extractOwnedNearby() {
  SubtreeUses Uses;
  std::set<std::string> CassandraPackages;
  bool AnyOwnedNearby = false, AnyGocqlxModelUse = false;
  bool GocqlxModelsDeclared = false;
  for (const FileAnalysis &A : Analyses) {
    if (!A.File || A.Input.Kind != InputKind::Host)
      continue;
    Uses.add(A.Input.Path, A.Uses);
    if (A.CassandraLibrary)
      CassandraPackages.insert(packageKey(A.Input));
    AnyOwnedNearby |= A.OwnedNearby;
    AnyGocqlxModelUse |= A.UsesGocqlxModels;
    GocqlxModelsDeclared |= A.DeclaresGocqlxModels;
  }
  if (!AnyOwnedNearby && !(AnyGocqlxModelUse && GocqlxModelsDeclared))
    return;
  llvm::ThreadPool Pool(llvm::hardware_concurrency(Options.Jobs));
  for (FileAnalysis &A : Analyses) {
    bool OwnedNearby = A.OwnedNearby;
    bool ModelUse = A.UsesGocqlxModels && GocqlxModelsDeclared;
    A.OwnedNearby = A.UsesGocqlxModels = false;
    if (!OwnedNearby && !ModelUse)
      continue;
    if (!ModelUse && !Uses.nearest(A.Input.Path).allowsCql() &&
        !CassandraPackages.count(packageKey(A.Input)))
      continue;
    Pool.async([this, &A] {
      if (!restoreText(A))
        return;
      A.PassedPrescan = true;
      extractHostFile(A, nullptr);
    });
  }
  Pool.wait();
}

} // namespace nosqlint::driver
