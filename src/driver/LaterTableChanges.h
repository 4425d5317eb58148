//===- LaterTableChanges.h - Statements a later DDL outdates ----*- C++ -*-===//
//
// A schema history runs its statements in order: a migration may fill a
// table (`INSERT INTO repair_config ...`) that a later migration drops,
// or write a column a later one drops or renames. The catalog a run
// checks against is the state after the whole history, where that table or
// column is gone, so checking such a statement there reports what no
// database ever saw (a false unknown-table). These statements are found
// here and left unchecked: what they met when they ran is not the final
// schema, and it is not rebuilt.
//
// In a migration set, a change in any later file of the set counts; in
// the plain history (unrelated files applied in path order), only a change
// later in the same file, because another file's teardown does not say
// what this file's statement met.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_LATERTABLECHANGES_H
#define NOSQLINT_DRIVER_LATERTABLECHANGES_H

#include "nosqlint/IR/Cql.h"

#include "llvm/ADT/ArrayRef.h"

#include <set>

namespace nosqlint::driver {

/// The DML statements of \p Scripts (one history, in apply order) whose
/// table a later statement drops, or whose column it drops or renames.
/// \p AcrossFiles: a later file's change counts (a migration set).
std::set<const cql::Statement *>
statementsOutdatedLater(llvm::ArrayRef<const cql::Script *> Scripts,
                        bool AcrossFiles);

} // namespace nosqlint::driver

#endif
