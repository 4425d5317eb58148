//===- ExecutionSettingsClients.cpp - The defaults a client gives its calls ===//
//
// Node.js: `new Client({ queryOptions: { consistency: .., fetchSize: .. } })`
// sets the consistency, serial consistency and page size of every execute
// call of that client that does not set its own. The driver takes a call's
// option first, then the execution profile it runs with, then the client's
// queryOptions (lib/execution-options.js, lib/client-options.js): a profile
// that leaves the consistency out runs at the client's, not the default
// profile's. So a client's consistency reaches a statement only once its
// profile is known: one the file builds, or the default one of a client
// whose profiles are all built in place and none is named 'default'.
//
// A client is followed from the call's receiver (`client`, `this.client`)
// to the one construction the file binds to that name; the construction
// must name the driver's class through the file's import of the driver. A
// receiver the file imports from a module of its own instead is left to
// the driver (ExecutionSettingsShared.cpp, SharedClients.h).
// Options held in a variable are followed once; a spread or a computed key
// hides what follows it; anything else is unknown.
//
//===----------------------------------------------------------------------===//
#include "ExecutionSettings.h"

#include "SyntaxTree.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

namespace {

enum class KeyLookup { Absent, Found, Unknown };

bool isPlainName(llvm::StringRef T, bool Dotted) {
  return !T.empty() && !T.startswith(".") && !T.endswith(".") &&
         llvm::all_of(T, [&](char C) {
           return llvm::isAlnum(C) || C == '_' || C == '$' ||
                  (Dotted && C == '.');
         });
}

} // namespace

bool ExecutionSettings::isClientConstruction(TSNode N) const {
  if (Eval.type(N) != "new_expression")
    return false;
  std::optional<TSNode> Ctor = childByField(N, "constructor");
  if (!Ctor)
    return false;
  llvm::StringRef C = Eval.text(*Ctor).trim();
  auto [Head, Last] = C.rsplit('.');
  llvm::StringRef Class = Last.empty() ? C : Last;
  llvm::StringRef Local = Last.empty() ? C : Head;
  if (Class != llvm::StringRef(ClientClass) || !isPlainName(Local, false))
    return false;
  // `Client` or `cassandra.Client` as the file imports it from the driver;
  // a class of the file's own, or another library's, is not the driver's.
  std::optional<llvm::StringRef> Path = Imports.pathOf(Local);
  if (!Path)
    return false;
  const LibraryModel *L = Catalog.libraryOfPath(*Path);
  return L && static_cast<unsigned>(L - &Catalog.libraries()[0]) == ClientLibrary;
}

namespace {

/// The object literal \p V is, or the one the variable \p V names.
std::optional<TSNode> objectOf(const Evaluator &Eval, TSNode V,
                               llvm::StringRef Type) {
  llvm::StringRef T = Eval.type(V);
  if (T == Type)
    return V;
  if (T == "identifier" || T == "shorthand_property_identifier") {
    std::optional<TSNode> D =
        Eval.declarationValue(Eval.text(V), ts_node_start_byte(V));
    if (D && Eval.type(*D) == Type)
      return D;
  }
  return std::nullopt;
}

/// The value of \p Key in the object literal \p Obj, as JavaScript reads it:
/// the last entry of that key wins; a spread or a computed key after it
/// may replace it.
KeyLookup lookupKey(const Evaluator &Eval, TSNode Obj, llvm::StringRef Key,
                    TSNode &Out) {
  KeyLookup State = KeyLookup::Absent;
  for (TSNode E : namedChildren(Obj)) {
    llvm::StringRef T = Eval.type(E);
    if (T == "pair") {
      std::optional<TSNode> K = childByField(E, "key");
      std::optional<TSNode> V = childByField(E, "value");
      if (!K || !V)
        continue;
      if (Eval.type(*K) == "computed_property_name") {
        State = KeyLookup::Unknown;
      } else if (Eval.text(*K).trim("\"'`") == Key) {
        Out = *V;
        State = KeyLookup::Found;
      }
    } else if (T == "shorthand_property_identifier") {
      if (Eval.text(E) == Key) {
        Out = E;
        State = KeyLookup::Found;
      }
    } else if (T == "spread_element") {
      State = KeyLookup::Unknown;
    }
  }
  return State;
}

} // namespace

ExecutionSettings::ClientDefaults
ExecutionSettings::readClientDefaults(TSNode Construction) const {
  ClientDefaults D;
  std::optional<TSNode> Args = childByField(Construction, "arguments");
  if (!Args || ts_node_named_child_count(*Args) == 0)
    return D; // `new Client()`: the driver's own defaults, none recorded
  std::optional<TSNode> Opts =
      objectOf(Eval, ts_node_named_child(*Args, 0), "object");
  if (!Opts) {
    D.ProfilesVisible = false;
    return D;
  }
  for (const SettingModel *Row : ClientRows) {
    // The keys after the class: `Client.queryOptions` -> queryOptions.
    llvm::SmallVector<llvm::StringRef, 4> Path;
    llvm::StringRef(Row->Owner).split(Path, '.');
    std::optional<TSNode> Obj = Opts;
    for (llvm::StringRef Key : llvm::ArrayRef<llvm::StringRef>(Path).drop_front()) {
      TSNode V;
      if (lookupKey(Eval, *Obj, Key, V) != KeyLookup::Found ||
          !(Obj = objectOf(Eval, V, "object")))
        break;
    }
    TSNode V;
    if (Obj && lookupKey(Eval, *Obj, Row->Name, V) == KeyLookup::Found)
      setFact(*Row, V, SettingScope::Session, D.Facts);
  }
  // Its execution profiles: which profile a name picks, and whether the
  // default one is the driver's empty one.
  std::string ProfileClass;
  for (const SettingModel *Row : Rows)
    if (Row->Scope == SettingScope::Profile && !Row->Owner.empty())
      ProfileClass = Row->Owner;
  TSNode V;
  KeyLookup Found = lookupKey(Eval, *Opts, "profiles", V);
  if (Found == KeyLookup::Absent)
    return D;
  std::optional<TSNode> List =
      Found == KeyLookup::Found ? objectOf(Eval, V, "array") : std::nullopt;
  if (!List || ProfileClass.empty()) {
    D.ProfilesVisible = false;
    return D;
  }
  for (TSNode E : namedChildren(*List)) {
    std::optional<TSNode> P = objectOf(Eval, E, "new_expression");
    std::optional<TSNode> Name;
    if (P) {
      CallParts Parts = Eval.callParts(*P);
      if (Parts.Method == llvm::StringRef(ProfileClass) && !Parts.Args.empty())
        Name = Parts.Args[0];
    }
    std::optional<std::string> N = Name ? profileName(*Name) : std::nullopt;
    if (!N) {
      D.ProfilesVisible = false;
      return D;
    }
    if (N->empty())
      D.HasDefaultProfile = true;
  }
  return D;
}

void ExecutionSettings::readClientBinding(TSNode Construction) {
  bindClient(Construction, readClientDefaults(Construction));
}

void ExecutionSettings::bindClient(TSNode Construction, const ClientDefaults &D) {
  TSNode P = ts_node_parent(Construction);
  if (ts_node_is_null(P))
    return;
  llvm::StringRef T = Eval.type(P);
  std::optional<TSNode> Key;
  if (T == "variable_declarator") {
    std::optional<TSNode> Value = childByField(P, "value");
    if (Value && ts_node_eq(*Value, Construction))
      Key = childByField(P, "name");
  } else if (T == "assignment_expression") {
    std::optional<TSNode> Right = childByField(P, "right");
    if (Right && ts_node_eq(*Right, Construction))
      Key = childByField(P, "left");
  }
  if (!Key)
    return;
  llvm::StringRef Name = Eval.text(*Key).trim();
  if (!isPlainName(Name, true))
    return;
  ClientBinding B{D, ts_node_start_byte(Construction),
                  T == "variable_declarator"};
  auto [It, New] = Clients.try_emplace(Name.str(), B);
  if (!New)
    It->second.reset(); // bound twice: which client runs is not known here
}

void ExecutionSettings::pickClient(TSNode Call, const CallParts &Parts) const {
  llvm::StringRef R = Parts.Receiver.trim();
  // A receiver the file cannot bind (`getClient().execute`) picks no
  // client; it still counts, so that a second call makes it ambiguous.
  std::string Key = isPlainName(R, true) ? R.str() : std::string("\x01");
  // A variable: the declaration in scope at the call must be the client's
  // (not a parameter, not another function's local of that name), and the
  // variable never assigned again.
  auto It = Clients.find(Key);
  if (It != Clients.end() && It->second && isPlainName(R, false)) {
    std::optional<TSNode> V = Eval.declarationValue(R, ts_node_start_byte(Call));
    bool Same = V && ts_node_start_byte(*V) == It->second->Construction;
    if (It->second->Declared
            ? !Same || Eval.reassigned(R)
            : V.has_value() || Eval.isParameterAt(R, ts_node_start_byte(Call)))
      Key = "\x01";
  }
  if (PickedClient.empty())
    PickedClient = Key;
  else if (PickedClient != Key)
    ClientAmbiguous = true;
}

void ExecutionSettings::applyClientDefaults(ExecutionFacts &Out,
                                            bool ProfileFound) const {
  if (!followsClients() || PickedClient.empty() || ClientAmbiguous)
    return;
  auto It = Clients.find(PickedClient);
  if (It == Clients.end()) {
    // Not built here: a client another module exports, filled by the
    // driver (SharedClients.h).
    std::optional<SharedClientRef> Ref;
    if (!ClientRows.empty() && (Ref = importedClient(PickedClient))) {
      Ref->DriverImported = !DriverAssumed;
      Ref->PickKnown = !Picked || Picked->Known;
      Ref->PickDefault = Ref->PickKnown && (!Picked || Picked->Name.empty());
      Ref->ProfileFound = ProfileFound;
      for (unsigned K = 0; K < 3; ++K)
        Ref->ProfileSets[K] = ProfileSets[K];
      Out.SharedClient = std::move(Ref);
    }
    return;
  }
  if (!It->second)
    return;
  const ClientDefaults &D = It->second->Defaults;
  bool PickKnown = !Picked || Picked->Known;
  bool DefaultPick = PickKnown && (!Picked || Picked->Name.empty());
  if (D.Loader && PickKnown && !DefaultPick) {
    // A named profile: what the loader sets in it; the rest may come from
    // the configuration files the loader still reads.
    auto P = D.Profiles.find(Picked->Name);
    if (P == D.Profiles.end())
      return;
    fillUnsetFacts(Out, P->second);
    return;
  }
  // The profile leaves a fact to the client only where it is known not to
  // set it: a profile the file builds, or the driver's empty default.
  bool ProfileKnown =
      PickKnown && (ProfileFound || (DefaultPick && D.ProfilesVisible &&
                                     !D.HasDefaultProfile));
  if (!Out.Consistency && (!ProfileSets[0] || ProfileKnown))
    Out.Consistency = D.Facts.Consistency;
  if (!Out.SerialConsistency && (!ProfileSets[1] || ProfileKnown))
    Out.SerialConsistency = D.Facts.SerialConsistency;
  if (!Out.PageSize && (!ProfileSets[2] || ProfileKnown))
    Out.PageSize = D.Facts.PageSize;
}

} // namespace nosqlint::extract
