//===- SharedClients.h - A Node.js client one module builds, others use -*- C++ -*-===//
//
// The common shape of a Node.js application: one module builds the
// driver's client and exports it, the others import it and run their
// statements on it.
//
//   // db.js
//   const client = new cassandra.Client({ queryOptions: { consistency: .. } });
//   module.exports = client;          // or { client }, exports.client = ..,
//                                     // export default client, export const
//   // users.js
//   const client = require('./db');   // or const { client } = require(..),
//   client.execute('SELECT ..');      // import client from './db', ..
//
// Extraction records, for a statement run on an imported name, which
// module and export it names (ExecutionFacts::SharedClient); the driver
// resolves the relative specifier to a file of the run (JsModules.h) and
// asks that file here for the client it exports under that name. Only the
// driver's Client, constructed once at the module's top level into a name
// bound once and never assigned again (or constructed in the export
// itself), exported once, counts; a client a factory function returns, a
// re-export from a third module, `export *`, a spread or computed key in
// `module.exports = {..}` leave the statement's facts unknown.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_SHAREDCLIENTS_H
#define NOSQLINT_EXTRACT_SHAREDCLIENTS_H

#include "nosqlint/Basic/SourceLocation.h"
#include "nosqlint/Extract/Extract.h"
#include "nosqlint/IR/ExecutionFacts.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace nosqlint::extract {

/// What an exported client gives the statements it runs.
struct SharedClientDefaults {
  ExecutionFacts Facts; // its queryOptions (session scope)
  /// Its `profiles` are absent or all built in place with a literal name.
  bool ProfilesVisible = true;
  /// One of them is named 'default' (it replaces the driver's empty one).
  bool HasDefaultProfile = false;
};

/// The client the file \p Src (at \p File, in \p Lang) exports as \p Export
/// (SharedClientRef::Export), or nothing when it exports none, or not one
/// the code shows to be the driver's, built once.
std::optional<SharedClientDefaults>
exportedClientDefaults(HostLanguage Lang, FileId File, llvm::StringRef Src,
                       llvm::StringRef Export);

/// Fills the facts \p Out leaves unset from the client \p D, as the driver
/// does (after the call's option and its profile's), by what
/// Out.SharedClient says of the statement's profile.
void applySharedClient(ExecutionFacts &Out, const SharedClientDefaults &D);

} // namespace nosqlint::extract

#endif
