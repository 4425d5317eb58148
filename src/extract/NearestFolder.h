//===- NearestFolder.h - Which declaration a use in a folder means -*- C++ -*-===//
//
// A monorepo's sub-projects may each declare a class of the same name
// (`shop.model.Order` twice). The cross-file joins (mapped DynamoDB classes,
// Spring Data entities, cqlengine models) take the declaration whose folder
// shares the most leading folders with the use's; a tie means no one.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_NEARESTFOLDER_H
#define NOSQLINT_EXTRACT_NEARESTFOLDER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Path.h"

namespace nosqlint::extract {

/// How many leading folders paths \p A and \p B share.
inline unsigned sharedFolders(llvm::StringRef A, llvm::StringRef B) {
  unsigned N = 0;
  auto I = llvm::sys::path::begin(A), IE = llvm::sys::path::end(A);
  auto J = llvm::sys::path::begin(B), JE = llvm::sys::path::end(B);
  for (; I != IE && J != JE && *I == *J; ++I, ++J)
    ++N;
  return N;
}

/// Of \p Candidates (pointers), the one whose folder (\p FolderOf) shares
/// the most leading folders with \p Directory; null on a tie or none.
template <typename Ptr, typename FolderFn>
Ptr nearestByFolder(llvm::ArrayRef<Ptr> Candidates, llvm::StringRef Directory,
                    FolderFn FolderOf) {
  Ptr Best = nullptr;
  unsigned BestShared = 0;
  bool Tie = false;
  for (Ptr C : Candidates) {
    unsigned S = sharedFolders(FolderOf(*C), Directory);
    if (!Best || S > BestShared) {
      Best = C;
      BestShared = S;
      Tie = false;
    } else if (S == BestShared) {
      Tie = true;
    }
  }
  return Tie ? nullptr : Best;
}

} // namespace nosqlint::extract

#endif
