//===- ExecutionSettingsLoaders.cpp - A session's programmatic configuration ===//
//
// Java driver 4: `CqlSession.builder().withConfigLoader(DriverConfigLoader
// .programmaticBuilder().withString(DefaultDriverOption.REQUEST_CONSISTENCY,
// "QUORUM").withInt(DefaultDriverOption.REQUEST_PAGE_SIZE, 100).build())
// .build()`. The options set that way override application.conf and
// reference.conf (only system properties override them: not modeled); a
// loader's `startProfile("p")` .. `endProfile()` sets them in profile p
// (DefaultProgrammaticDriverConfigLoaderBuilder). Which options count is
// the `session loader` rows' data; the builder's own methods are the
// driver's API, spelled here.
//
// `DriverConfigLoader.fromClasspath("x")`: the session reads x.conf (.json,
// .properties) and reference.conf from the classpath instead of
// application.conf; the statements it runs record that name
// (ProfileChoice::Resource) and the driver finds the file.
//
// The session built with that loader is followed like a Node.js client
// (ExecutionSettingsClients.cpp): from the execute call's receiver to the
// one expression the file binds to that name. The loader may be written in
// place or held in a variable. A value the code computes, an option taken
// away (`without`), a profile named by a variable: unknown.
//
//===----------------------------------------------------------------------===//
#include "ExecutionSettings.h"

#include "SyntaxTree.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

namespace nosqlint::extract {

namespace {

bool isStringLiteral(llvm::StringRef Type) {
  return Type == "string_literal" || Type == "string" ||
         Type == "line_string_literal";
}

} // namespace

std::optional<ExecutionSettings::ClientDefaults>
ExecutionSettings::readLoader(TSNode Loader) const {
  // A variable holding the loader: its one declaration in scope.
  llvm::StringRef T = Eval.type(Loader);
  if (T == "identifier" || T == "simple_identifier") {
    llvm::StringRef Name = Eval.text(Loader);
    std::optional<TSNode> V =
        Eval.declarationValue(Name, ts_node_start_byte(Loader));
    if (!V || Eval.reassigned(Name))
      return std::nullopt;
    Loader = *V;
  }
  // The chain from its first call to its last.
  std::vector<TSNode> Calls;
  TSNode N = Loader;
  for (unsigned Depth = 0; Depth < 256 && Eval.isCall(N); ++Depth) {
    Calls.push_back(N);
    std::optional<TSNode> Object = childByField(N, "object");
    if (!Object)
      break;
    N = *Object;
  }
  if (Calls.empty())
    return std::nullopt;
  std::reverse(Calls.begin(), Calls.end());
  CallParts First = Eval.callParts(Calls.front());
  llvm::StringRef Receiver = First.Receiver.trim();
  llvm::StringRef Class =
      Receiver.contains('.') ? Receiver.rsplit('.').second : Receiver;
  if (Class != "DriverConfigLoader")
    return std::nullopt;
  // fromClasspath("x") (or with a class loader): the session reads x.conf,
  // x.json, x.properties and reference.conf, not application.conf
  // (DriverConfigLoader.fromClasspath's documentation); which file that is
  // the driver finds on the classpath (src/driver/DriverProfiles.cpp).
  if (First.Method == "fromClasspath" && Calls.size() == 1 &&
      (First.Args.size() == 1 || First.Args.size() == 2) &&
      isStringLiteral(Eval.type(First.Args[0]))) {
    llvm::StringRef Name = Eval.text(First.Args[0]).trim();
    if (Name.size() < 2 || Name.front() != '"' || Name.back() != '"')
      return std::nullopt;
    Name = Name.drop_front().drop_back();
    if (Name.empty() || Name.contains('\\') || Name.contains('"'))
      return std::nullopt;
    ClientDefaults D;
    D.Loader = true;
    D.Resource = Name.str();
    return D;
  }
  if (First.Method != "programmaticBuilder")
    return std::nullopt;
  if (Eval.callParts(Calls.back()).Method != "build")
    return std::nullopt;
  ClientDefaults D;
  D.Loader = true;
  std::string Profile;
  for (TSNode C : llvm::drop_begin(Calls)) {
    CallParts Parts = Eval.callParts(C);
    if (Parts.Method == "startProfile") {
      if (Parts.Args.size() != 1 || !isStringLiteral(Eval.type(Parts.Args[0])))
        return std::nullopt; // a profile named at run time
      Profile = Eval.text(Parts.Args[0]).trim("\"").str();
      if (Profile == "default")
        Profile.clear();
      continue;
    }
    if (Parts.Method == "endProfile") {
      Profile.clear();
      continue;
    }
    if (Parts.Args.empty())
      continue;
    llvm::StringRef Option = Eval.text(Parts.Args[0]).trim();
    for (const SettingModel *Row : LoaderRows) {
      if (Option != llvm::StringRef(Row->Name) &&
          Option != llvm::StringRef(Row->Owner + "." + Row->Name))
        continue;
      ExecutionFacts &F = Profile.empty() ? D.Facts : D.Profiles[Profile];
      // The last setting wins; one whose value is not written out, or an
      // option taken away, leaves it unknown.
      clearFact(F, Row->Fact);
      bool Text = Row->Fact != ExecutionFactKind::PageSize;
      if (Parts.Args.size() == 2 &&
          (Text ? Parts.Method == "withString" &&
                      isStringLiteral(Eval.type(Parts.Args[1]))
                : Parts.Method == "withInt" || Parts.Method == "withLong"))
        setFact(*Row, Parts.Args[1], SettingScope::Session, F);
    }
  }
  // A profile's settings are a profile's.
  for (auto &[Name, F] : D.Profiles) {
    (void)Name;
    for (auto *Slot : {&F.Consistency, &F.SerialConsistency})
      if (*Slot)
        (*Slot)->Scope = SettingScope::Profile;
    if (F.PageSize)
      F.PageSize->Scope = SettingScope::Profile;
  }
  return D;
}

void ExecutionSettings::readLoaderBinding(TSNode WithLoader,
                                          const CallParts &Parts) {
  if (Parts.Args.size() != 1)
    return;
  // The session builder's chain, up to its last call: what is bound.
  TSNode Top = WithLoader;
  for (unsigned Depth = 0; Depth < 256; ++Depth) {
    TSNode P = ts_node_parent(Top);
    if (ts_node_is_null(P) || !Eval.isCall(P))
      break;
    std::optional<TSNode> Object = childByField(P, "object");
    if (!Object || !ts_node_eq(*Object, Top))
      break;
    Top = P;
  }
  std::optional<ClientDefaults> D = readLoader(Parts.Args[0]);
  // A loader not read still makes the session's configuration unknown:
  // bound with nothing known, so that a second binding stays ambiguous.
  bindClient(Top, D ? *D : ClientDefaults{ExecutionFacts(), false, false, true, {}, {}});
}

} // namespace nosqlint::extract
