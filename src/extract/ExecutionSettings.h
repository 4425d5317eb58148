//===- ExecutionSettings.h - CL and page size the code sets on a query -*- C++ -*-===//
//
// Reads, for one extracted statement, the consistency level, serial
// consistency level and page size that the host code sets where it runs it
// (IR/ExecutionFacts.h), by the `setting` rows of models/*.models:
//
//   - on the chain around the string: `session.Query("..").Consistency(
//     gocql.One).PageSize(0)`, `SimpleStatement.newInstance("..")
//     .setConsistencyLevel(..)`, `SimpleStatement("..", fetch_size=None)`,
//     `client.execute("..", [], { consistency: .. })`;
//   - on the variable that chain is stored in, in the statements after it
//     in the same block: `st.setFetchSize(..)`, `st.fetch_size = None`,
//     and on the calls that take that variable;
//   - as the session's default, anywhere in the file:
//     `session.default_fetch_size = None`, `cluster.Consistency = ..`,
//     driver 3 `new QueryOptions().setConsistencyLevel(..)` (a row
//     `Owner.NAME`: the chain starts at a construction of Owner);
//   - from the execution profile it runs with: a profile the file builds
//     (Python `ExecutionProfile(consistency_level=..)` bound to
//     `EXEC_PROFILE_DEFAULT` or a name in `execution_profiles={..}` or
//     `add_execution_profile(name, ..)`), picked by a `profile` row
//     (`execution_profile='x'`, none: the default); a name given twice is
//     ambiguous and dropped. For a driver whose profiles are in a
//     configuration file (`profile config` rows), the statement records
//     the profile it picks (ExecutionFacts::ConfigProfile) and the driver
//     fills the facts from that file (src/driver/DriverProfiles.cpp);
//   - from the client the execute call runs on (Node.js): `new Client({
//     queryOptions: { consistency: .. } })` bound to the call's receiver
//     in the file (`session option Owner.path.NAME` rows, Owner the
//     client's class), after the profile: a profile's unset consistency
//     falls back to the client's, never to the default profile's
//     (ExecutionSettingsClients.cpp); a client imported from another
//     module of the application is recorded (ExecutionFacts::SharedClient)
//     and filled by the driver (ExecutionSettingsShared.cpp,
//     SharedClients.h).
//
// Only values the code spells out are recorded: a level or a size held in a
// variable is unknown, and unknown is absent.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_EXECUTIONSETTINGS_H
#define NOSQLINT_EXTRACT_EXECUTIONSETTINGS_H

#include "Evaluator.h"
#include "Imports.h"
#include "LibraryModels.h"

#include "nosqlint/Extract/SharedClients.h"
#include "nosqlint/IR/ExecutionFacts.h"

#include <tree_sitter/api.h>

#include "llvm/ADT/StringMap.h"

#include <map>
#include <optional>
#include <string>

namespace nosqlint::extract {

class ExecutionSettings {
public:
  /// The rows of the Cassandra libraries \p Imports names.
  ExecutionSettings(const Evaluator &Eval, const ModelCatalog &Catalog,
                    const FileImports &Imports, FileId File);

  bool empty() const { return Rows.empty(); }

  /// The session defaults the file sets (walks the tree once).
  void readSessionDefaults(TSNode Root);

  /// The facts for the statement built by the string expression \p String.
  ExecutionFacts factsFor(TSNode String) const;

  /// The driver client the file (read by readSessionDefaults) exports as
  /// \p Export (SharedClientRef::Export; ExecutionSettingsShared.cpp).
  std::optional<SharedClientDefaults> exportedClient(llvm::StringRef Export) const;

private:
  void readChain(TSNode From, ExecutionFacts &Out, bool Variable) const;
  void readCall(TSNode Call, ExecutionFacts &Out) const;
  void readVariableUses(TSNode Top, TSNode From, ExecutionFacts &Out) const;
  bool readAssignment(TSNode N, SettingScope Scope, ExecutionFacts &Out) const;
  void setFact(const SettingModel &Row, TSNode Value, SettingScope Scope,
               ExecutionFacts &Out) const;
  bool startsAtOwner(const CallParts &Parts, llvm::StringRef Owner,
                     uint32_t Use) const;
  void readProfileDefinition(TSNode Call, const CallParts &Parts);
  void addProfile(const std::string &Name, ExecutionFacts F);
  std::optional<std::string> profileName(TSNode Key) const;

  /// What a client construction of the file sets for every statement it
  /// runs, and whether its execution profiles are all visible.
  struct ClientDefaults {
    ExecutionFacts Facts;
    /// The construction's `profiles` are absent or all built in place
    /// with a literal name: which profile a name picks is known.
    bool ProfilesVisible = true;
    bool HasDefaultProfile = false;
    /// A configuration loader's (Java driver 4): its named profiles' own
    /// settings; a named profile's other settings come from files that
    /// are not followed here.
    bool Loader = false;
    std::map<std::string, ExecutionFacts> Profiles;
    /// `DriverConfigLoader.fromClasspath("x")`: x, the configuration the
    /// session reads instead of application.conf.
    std::string Resource;
  };
  bool isClientConstruction(TSNode N) const;
  ClientDefaults readClientDefaults(TSNode Construction) const;
  void readClientBinding(TSNode Construction);
  void bindClient(TSNode Expression, const ClientDefaults &D);
  void readLoaderBinding(TSNode WithLoader, const CallParts &Parts);
  std::optional<ClientDefaults> readLoader(TSNode Loader) const;
  bool followsClients() const {
    return !ClientRows.empty() || !LoaderRows.empty();
  }
  void pickClient(TSNode Call, const CallParts &Parts) const;
  /// A statement only prepared: the bound statements it runs as
  /// (ExecutionSettingsPrepared.cpp).
  void readBindSites(TSNode String, ExecutionFacts &Out) const;
  std::optional<TSNode> preparingCall(TSNode String) const;
  std::optional<TSNode> receivingCall(TSNode Value) const;
  struct Occurrence {
    TSNode Node, Parent;
  };
  struct Occurrences {
    llvm::StringMap<std::vector<Occurrence>> Names; // identifiers by text
    bool TooLarge = false;
  };
  const Occurrences &occurrencesIn(TSNode Scope) const;
  void applyClientDefaults(ExecutionFacts &Out, bool ProfileFound) const;
  /// The module and export a receiver is imported from (`client` of
  /// `const client = require('./db')`), when the file binds that name once,
  /// by that import, and never assigns it (ExecutionSettingsShared.cpp).
  std::optional<SharedClientRef> importedClient(llvm::StringRef Receiver) const;
  /// How often the file binds \p Name: declarations, parameters, imports,
  /// patterns, assignments.
  unsigned bindingCount(llvm::StringRef Name) const;
  /// Whether a name the file imports from a module of its own is the
  /// receiver of a client's execute method anywhere in its text: else a
  /// file that imports no driver reads no setting at all.
  bool mayRunOnImportedClient() const;
  std::optional<SharedClientDefaults> clientOfValue(TSNode V) const;

  const Evaluator &Eval;
  const ModelCatalog &Catalog;
  const FileImports &Imports;
  FileId File;
  std::vector<const SettingModel *> Rows;
  ExecutionFacts Session;
  /// The profiles the file builds, by name (empty: the default); a name
  /// defined twice maps to nothing.
  std::map<std::string, std::optional<ExecutionFacts>> Profiles;
  /// Profiles built into a variable, waiting for the name they are bound to.
  /// Empty: the variable is given a profile more than once.
  std::map<std::string, std::optional<ExecutionFacts>> ProfileVariables;
  /// While factsFor reads a statement: the profile it picks (a name, empty
  /// for the default; or not Known: a value computed at run time). One
  /// ExecutionSettings reads one file, on one thread.
  struct ProfilePick {
    std::string Name;
    bool Known = true;
  };
  mutable std::optional<ProfilePick> Picked;
  /// The library of the `profile config` rows the file's imports reach.
  std::string ConfigLibrary;
  /// Per fact (ExecutionFactKind order): a named profile built in the file
  /// takes the default's (`inherits` rows).
  bool Inherits[3] = {false, false, false};
  /// Per fact: some profile row can set it (then a client default applies
  /// only once the profile is known not to).
  bool ProfileSets[3] = {false, false, false};

  /// Client rows (`session option Client.queryOptions.consistency`), the
  /// client's class and library, and the methods of that class that run a
  /// statement (its `call` rows).
  std::vector<const SettingModel *> ClientRows;
  /// `session loader` rows: a configuration loader's options.
  std::vector<const SettingModel *> LoaderRows;
  std::string ClientClass;
  unsigned ClientLibrary = 0;
  std::vector<std::string> ExecuteMethods;
  /// The client constructions bound to a name (`client`, `this.client`);
  /// a name bound twice maps to nothing.
  struct ClientBinding {
    ClientDefaults Defaults;
    uint32_t Construction = 0; // its start byte
    bool Declared = false;     // `const client = new Client(..)`
  };
  std::map<std::string, std::optional<ClientBinding>> Clients;
  /// While factsFor reads a statement: the receiver of the execute call
  /// that runs it (empty: none seen; Ambiguous: two different ones).
  mutable std::string PickedClient;
  mutable bool ClientAmbiguous = false;
  /// A JavaScript file that imports no Cassandra library but a module of
  /// the application: the driver's rows are read, for a client imported
  /// from there; a statement's facts hold only with such a client.
  bool DriverAssumed = false;
  /// The file's tree (readSessionDefaults), and the binding counts asked.
  TSNode Root{};
  mutable std::map<std::string, unsigned> Bindings;
  /// The methods that only prepare a statement (`prepares` rows) and those
  /// that bind one (`bind` rows); while factsFor reads a statement: it is
  /// prepared, and not every statement bound from it is seen.
  std::vector<std::string> PrepareMethods, BindMethods;
  mutable bool OnlyPrepared = false;
  /// The driver's methods that run a statement (`execute*` call rows);
  /// while a bind site is read: one of them runs it.
  std::vector<std::string> RunMethods;
  mutable bool RunSeen = false;
  /// The identifiers of a class body, block or file, by its byte range.
  mutable std::map<std::pair<uint32_t, uint32_t>, Occurrences> ScopeNames;
};

} // namespace nosqlint::extract

#endif
