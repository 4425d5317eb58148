//===- ExecutionSettings.cpp - CL and page size from the code around a query ===//
#include "ExecutionSettings.h"

#include "SyntaxTree.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <climits>

namespace nosqlint::extract {

namespace {

/// Nodes an expression climbs through on its way to the call that runs it:
/// argument lists, member accesses of a chain, parentheses, await.
bool isChainLink(llvm::StringRef T) {
  static const char *const Links[] = {
      "argument_list", "arguments", "argument", "value_argument",
      "value_arguments", "call_suffix", "field_access", "member_expression",
      "selector_expression", "attribute", "navigation_expression",
      "navigation_suffix", "member_access_expression",
      "parenthesized_expression", "await_expression", "await",
      "object_creation_expression", "new_expression", "keyword_argument",
      "pair", "object", "expression_list"};
  return llvm::is_contained(Links, T);
}

bool isAssignment(llvm::StringRef T) {
  return T == "assignment" || T == "assignment_expression" ||
         T == "assignment_statement" || T == "expression_statement_assignment";
}

/// The page size an expression spells: an integer literal (with a sign),
/// or a language's largest int constant.
std::optional<int64_t> pageSizeValue(llvm::StringRef Text) {
  Text = Text.trim();
  static const char *const MaxInts[] = {
      "Integer.MAX_VALUE", "Int.MaxValue", "int.MaxValue", "Int32.MaxValue",
      "math.MaxInt32", "Int.MAX_VALUE", "2147483647", "sys.maxsize"};
  if (llvm::is_contained(MaxInts, Text))
    return INT32_MAX;
  std::string Digits;
  for (char C : Text)
    if (C != '_')
      Digits += C;
  llvm::StringRef D(Digits);
  bool Negative = D.consume_front("-");
  D = D.ltrim();
  if (D.empty() || D.size() > 18 || !llvm::all_of(D, llvm::isDigit))
    return std::nullopt;
  int64_t V = 0;
  for (char C : D)
    V = V * 10 + (C - '0');
  return Negative ? -V : V;
}

bool isNullValue(llvm::StringRef Text) {
  Text = Text.trim();
  return Text == "None" || Text == "null" || Text == "nil";
}

/// A consistency level as the code names it: a qualified constant
/// (`ConsistencyLevel.ALL`, `gocql.One`, `types.consistencies.quorum`) or
/// an upper-case constant (`ALL`, statically imported); never a lower-case
/// variable that happens to be called `one`. A string names a level only
/// where the API reads names (\p Names: Java driver 4's `withString(
/// REQUEST_CONSISTENCY, "QUORUM")`). Elsewhere the driver takes a number or
/// an enum: Node.js sends `consistency: 'quorum'` through Buffer's
/// writeUInt16BE, which turns the string into 0 (lib/requests.js,
/// lib/writers.js; lib/types/index.js maps no names), Python packs it as an
/// int and fails. Such a string is set but unknown (empty).
std::string consistencyValue(llvm::StringRef Text, bool Names) {
  Text = Text.trim();
  bool Quoted = Text.size() >= 2 && (Text.front() == '"' || Text.front() == '\'' ||
                                     Text.front() == '`');
  if (Quoted && !Names)
    return {};
  bool Qualified = Text.contains('.');
  bool Upper = !Text.empty() &&
               llvm::none_of(Text, [](char C) { return C >= 'a' && C <= 'z'; });
  if (!Quoted && !Qualified && !Upper)
    return {};
  return canonicalConsistencyLevel(Text);
}

} // namespace

ExecutionSettings::ExecutionSettings(const Evaluator &Eval,
                                     const ModelCatalog &Catalog,
                                     const FileImports &Imports, FileId File)
    : Eval(Eval), Catalog(Catalog), Imports(Imports), File(File) {
  std::vector<unsigned> Used;
  for (const Import &I : Imports.all())
    if (const LibraryModel *L = Catalog.libraryOfPath(I.Path))
      if (L->Dialect == QueryDialect::Cql)
        Used.push_back(static_cast<unsigned>(L - &Catalog.libraries()[0]));
  // A JavaScript file importing a module of its own and no Cassandra
  // library may run its statements on a client that module exports
  // (ExecutionSettingsShared.cpp): the rows of the driver whose client
  // options the catalog models are read, provisionally.
  HostLanguage Lang = Eval.language();
  if (Used.empty() &&
      (Lang == HostLanguage::JavaScript || Lang == HostLanguage::TypeScript ||
       Lang == HostLanguage::Tsx) &&
      llvm::any_of(Imports.all(), [](const Import &I) {
        return llvm::StringRef(I.Path).startswith("./") ||
               llvm::StringRef(I.Path).startswith("../");
      }))
    for (const SettingModel &S : Catalog.settings())
      if (S.Scope == SettingScope::Session && S.Form == SettingForm::Option &&
          S.Owner.find('.') != std::string::npos &&
          !llvm::is_contained(Used, S.Library)) {
        Used.push_back(S.Library);
        DriverAssumed = true;
      }
  for (const SettingModel &S : Catalog.settings())
    if (llvm::is_contained(Used, S.Library)) {
      Rows.push_back(&S);
      if (S.Scope == SettingScope::Profile &&
          S.Fact != ExecutionFactKind::Profile)
        ProfileSets[static_cast<unsigned>(S.Fact)] = true;
      if (S.Form == SettingForm::Config)
        ConfigLibrary = Catalog.libraries()[S.Library].Name;
      else if (S.Scope == SettingScope::Profile && S.Inherits &&
               S.Fact != ExecutionFactKind::Profile)
        Inherits[static_cast<unsigned>(S.Fact)] = true;
      // `Client.queryOptions.consistency`: an option of the client's
      // constructor, below the path after the class.
      if (S.Scope == SettingScope::Session && S.Form == SettingForm::Option &&
          S.Owner.find('.') != std::string::npos &&
          S.Fact != ExecutionFactKind::Profile) {
        ClientRows.push_back(&S);
        ClientClass = llvm::StringRef(S.Owner).split('.').first.str();
        ClientLibrary = S.Library;
      }
      if (S.Form == SettingForm::Loader && !S.Owner.empty())
        LoaderRows.push_back(&S);
    }
  if (!ClientRows.empty())
    for (const SinkModel &Call : Catalog.sinks())
      if (Call.Kind == SinkKind::Call && Call.Library == ClientLibrary &&
          Call.Type == ClientClass && !llvm::is_contained(ExecuteMethods, Call.Member))
        ExecuteMethods.push_back(Call.Member);
  for (const SinkModel &Call : Catalog.sinks())
    if (Call.Prepares && llvm::is_contained(Used, Call.Library) &&
        !llvm::is_contained(PrepareMethods, Call.Member))
      PrepareMethods.push_back(Call.Member);
  for (const SinkModel &Call : Catalog.sinks())
    if (Call.Kind == SinkKind::Call && !Call.Prepares &&
        llvm::is_contained(Used, Call.Library) &&
        llvm::StringRef(Call.Member).startswith("execute") &&
        !llvm::is_contained(RunMethods, Call.Member))
      RunMethods.push_back(Call.Member);
  for (const BindModel &B : Catalog.binds())
    if (llvm::is_contained(Used, B.Library) &&
        !llvm::is_contained(BindMethods, B.Member))
      BindMethods.push_back(B.Member);
  // The session methods that run a statement (not those that prepare one:
  // the statements bound from it are run, and may be set, elsewhere).
  for (const SettingModel *Row : LoaderRows)
    for (const SinkModel &Call : Catalog.sinks())
      if (Call.Kind == SinkKind::Call && Call.Library == Row->Library &&
          llvm::StringRef(Call.Member).startswith("execute") &&
          !llvm::is_contained(ExecuteMethods, Call.Member))
        ExecuteMethods.push_back(Call.Member);
}

std::optional<std::string> ExecutionSettings::profileName(TSNode Key) const {
  llvm::StringRef T = Eval.text(Key).trim();
  for (const SettingModel *Row : Rows)
    if (Row->Fact == ExecutionFactKind::Profile && !Row->DefaultProfile.empty() &&
        (T == Row->DefaultProfile ||
         T.rsplit('.').second == llvm::StringRef(Row->DefaultProfile)))
      return std::string();
  if (T.size() >= 2 && (T.front() == '"' || T.front() == '\'') &&
      T.back() == T.front()) {
    llvm::StringRef Inner = T.drop_front().drop_back();
    if (!Inner.empty() && !Inner.contains('"') && !Inner.contains('\'') &&
        !Inner.contains('\\') && !Inner.contains('$') && !Inner.contains('{')) {
      for (const SettingModel *Row : Rows)
        if (Row->Fact == ExecutionFactKind::Profile &&
            Inner == llvm::StringRef(Row->DefaultProfile))
          return std::string(); // Node.js: 'default'
      return Inner.str();
    }
  }
  return std::nullopt;
}

void ExecutionSettings::setFact(const SettingModel &Row, TSNode Value,
                                SettingScope Scope,
                                ExecutionFacts &Out) const {
  llvm::StringRef Text = Eval.text(Value);
  SourceRange Range(File, ts_node_start_byte(Value), ts_node_end_byte(Value));
  switch (Row.Fact) {
  case ExecutionFactKind::Consistency:
  case ExecutionFactKind::SerialConsistency: {
    // A level computed at run time is kept as an empty one: the
    // statement's own, which no default may fill (dropRunTimeFacts).
    std::string Level =
        consistencyValue(Text, Row.Form == SettingForm::Loader);
    auto &Slot = Row.Fact == ExecutionFactKind::Consistency
                     ? Out.Consistency
                     : Out.SerialConsistency;
    Slot = ConsistencyFact{Level, Scope, Range};
    return;
  }
  case ExecutionFactKind::Profile:
    // The statement's pick, resolved by factsFor (empty: run-time value).
    if (std::optional<std::string> Name = profileName(Value))
      Picked = ProfilePick{std::move(*Name), true};
    else
      Picked = ProfilePick{std::string(), false};
    return;
  case ExecutionFactKind::PageSize: {
    PageSizeFact P;
    P.Scope = Scope;
    P.Range = Range;
    if (isNullValue(Text)) {
      if (Row.Off != PagingOff::NoneValue)
        return; // what null means to this API is not modeled
      P.Disabled = true;
      Out.PageSize = P;
      return;
    }
    std::optional<int64_t> N = pageSizeValue(Text);
    if (!N) {
      P.Known = false; // computed at run time
      Out.PageSize = P;
      return;
    }
    P.Rows = *N;
    switch (Row.Off) {
    case PagingOff::NonPositive:
      P.Disabled = *N <= 0;
      break;
    case PagingOff::MaxInt:
      // 0 or less is the driver's default page size, unknown here.
      if (*N <= 0)
        return;
      P.Disabled = *N >= INT32_MAX;
      break;
    case PagingOff::NoneValue:
    case PagingOff::Never:
      if (*N <= 0)
        return;
      break;
    }
    Out.PageSize = P;
    return;
  }
  }
}

void ExecutionSettings::readCall(TSNode Call, ExecutionFacts &Out) const {
  CallParts Parts = Eval.callParts(Call);
  if (followsClients() && llvm::is_contained(ExecuteMethods, Parts.Method))
    pickClient(Call, Parts);
  if (llvm::is_contained(RunMethods, Parts.Method))
    RunSeen = true;
  for (const SettingModel *Row : Rows) {
    if (Row->Scope == SettingScope::Session ||
        Row->Scope == SettingScope::Profile || !Row->Owner.empty())
      continue;
    switch (Row->Form) {
    case SettingForm::Method:
      // `st.setConsistencyLevel(..);` on an immutable statement: dropped.
      if (Parts.Method == Row->Name && Parts.Args.size() == 1 &&
          !(Row->Copies &&
            Eval.type(ts_node_parent(Call)) == "expression_statement"))
        setFact(*Row, Parts.Args[0], Row->Scope, Out);
      break;
    case SettingForm::Keyword:
      for (const auto &[Name, Value] : Parts.NamedArgs)
        if (Name == Row->Name)
          setFact(*Row, Value, Row->Scope, Out);
      break;
    case SettingForm::Option:
      for (TSNode A : Parts.Args) {
        if (Eval.type(A) != "object")
          continue;
        for (TSNode Pair : namedChildren(A)) {
          if (Eval.type(Pair) != "pair")
            continue;
          auto Key = childByField(Pair, "key");
          auto Value = childByField(Pair, "value");
          if (Key && Value &&
              Eval.text(*Key).trim("\"'`") == llvm::StringRef(Row->Name))
            setFact(*Row, *Value, Row->Scope, Out);
        }
      }
      break;
    case SettingForm::Assign:
    case SettingForm::Config:
    case SettingForm::Loader:
      break;
    }
  }
}

void ExecutionSettings::readChain(TSNode From, ExecutionFacts &Out,
                                  bool Variable) const {
  TSNode N = From;
  for (unsigned Depth = 0; Depth < 24; ++Depth) {
    TSNode P = ts_node_parent(N);
    if (ts_node_is_null(P))
      break;
    llvm::StringRef T = Eval.type(P);
    if (Eval.isCall(P))
      readCall(P, Out);
    else if (!isChainLink(T))
      break;
    N = P;
  }
  if (!Variable)
    readVariableUses(N, From, Out);
}

bool ExecutionSettings::readAssignment(TSNode N, SettingScope Scope,
                                       ExecutionFacts &Out) const {
  if (!isAssignment(Eval.type(N)))
    return false;
  auto Left = childByField(N, "left");
  auto Right = childByField(N, "right");
  if (!Left || !Right)
    return false;
  if (Eval.type(*Left) == "expression_list" &&
      ts_node_named_child_count(*Left) == 1)
    Left = ts_node_named_child(*Left, 0);
  if (Eval.type(*Right) == "expression_list" &&
      ts_node_named_child_count(*Right) == 1)
    Right = ts_node_named_child(*Right, 0);
  llvm::StringRef L = Eval.text(*Left);
  size_t Dot = L.rfind('.');
  if (Dot == llvm::StringRef::npos)
    return false;
  llvm::StringRef Member = L.substr(Dot + 1).trim();
  bool Any = false;
  for (const SettingModel *Row : Rows)
    if (Row->Form == SettingForm::Assign && Row->Scope == Scope &&
        Row->Owner.empty() && Member == llvm::StringRef(Row->Name)) {
      setFact(*Row, *Right, Scope, Out);
      Any = true;
    }
  return Any;
}

void ExecutionSettings::readVariableUses(TSNode Top, TSNode From,
                                         ExecutionFacts &Out) const {
  // The variable the statement (or its text) is stored in.
  std::optional<llvm::StringRef> Name = Eval.declaredName(Top);
  if (!Name)
    Name = Eval.declaredName(From);
  TSNode P = ts_node_parent(Top);
  if (!Name && !ts_node_is_null(P) && isAssignment(Eval.type(P))) {
    auto Left = childByField(P, "left");
    if (Left && ts_node_named_child_count(*Left) == 0)
      Name = Eval.text(*Left);
  }
  if (!Name || Name->empty() || !llvm::all_of(*Name, [](char C) {
        return llvm::isAlnum(C) || C == '_' || C == '$';
      }))
    return;
  // Its uses after it, in the block that declares it.
  TSNode Block = Top;
  while (!ts_node_is_null(ts_node_parent(Block))) {
    Block = ts_node_parent(Block);
    llvm::StringRef T = Eval.type(Block);
    if (T.contains("block") || T.contains("body") || T == "module" ||
        T == "program" || T == "source_file" || T == "compilation_unit")
      break;
  }
  uint32_t After = ts_node_end_byte(Top);
  unsigned Budget = 20000; // nodes: a huge function is read in part
  TSTreeCursor C = ts_tree_cursor_new(Block);
  bool Done = false;
  while (!Done && Budget-- > 0) {
    TSNode N = ts_tree_cursor_current_node(&C);
    bool Enter = ts_node_end_byte(N) > After;
    if (Enter && ts_node_start_byte(N) >= After && ts_node_is_named(N)) {
      llvm::StringRef T = Eval.type(N);
      std::optional<TSNode> Left =
          isAssignment(T) ? childByField(N, "left") : std::nullopt;
      if (Left && Eval.text(*Left).rsplit('.').first.trim() == *Name) {
        readAssignment(N, SettingScope::Statement, Out); // st.fetch_size = ..
      } else if (ts_node_named_child_count(N) == 0 &&
                 (T == "identifier" || T == "simple_identifier") &&
                 Eval.text(N) == *Name) {
        readChain(N, Out, /*Variable=*/true);
      }
    }
    if (Enter && ts_tree_cursor_goto_first_child(&C))
      continue;
    while (!ts_tree_cursor_goto_next_sibling(&C)) {
      if (!ts_tree_cursor_goto_parent(&C)) {
        Done = true;
        break;
      }
    }
  }
  ts_tree_cursor_delete(&C);
}

bool ExecutionSettings::startsAtOwner(const CallParts &Parts,
                                      llvm::StringRef Owner,
                                      uint32_t Use) const {
  auto IsConstruction = [&](llvm::StringRef T) {
    T = T.trim();
    T.consume_front("new ");
    T = T.ltrim();
    return T.startswith(Owner) && T.drop_front(Owner.size()).ltrim().startswith("(");
  };
  llvm::StringRef R = Parts.Receiver.trim();
  if (IsConstruction(R))
    return true;
  if (R.empty() || !llvm::all_of(R, [](char C) {
        return llvm::isAlnum(C) || C == '_' || C == '$';
      }))
    return false;
  std::optional<TSNode> Value = Eval.declarationValue(R, Use);
  return Value && IsConstruction(Eval.text(*Value));
}

void ExecutionSettings::readProfileDefinition(TSNode Call,
                                              const CallParts &Parts) {
  ExecutionFacts F;
  bool Owned = false;
  for (const SettingModel *Row : Rows) {
    if (Row->Scope != SettingScope::Profile || Row->Owner != Parts.Method)
      continue;
    Owned = true;
    if (Row->Form == SettingForm::Keyword) {
      for (const auto &[Name, Value] : Parts.NamedArgs)
        if (Name == Row->Name)
          setFact(*Row, Value, SettingScope::Profile, F);
    } else if (Row->Form == SettingForm::Option) {
      for (TSNode A : Parts.Args) {
        if (Eval.type(A) != "object")
          continue;
        for (TSNode Pair : namedChildren(A)) {
          auto Key = childByField(Pair, "key");
          auto Value = childByField(Pair, "value");
          if (Eval.type(Pair) == "pair" && Key && Value &&
              Eval.text(*Key).trim("\"'`") == llvm::StringRef(Row->Name))
            setFact(*Row, *Value, SettingScope::Profile, F);
        }
      }
    }
  }
  if (!Owned)
    return;
  // Its name: a dict entry's key, a first argument (Node.js
  // `new ExecutionProfile('x', {..})`), or the variable it is stored in.
  std::optional<std::string> Name;
  TSNode P = ts_node_parent(Call);
  if (!ts_node_is_null(P) && Eval.type(P) == "pair") {
    auto Key = childByField(P, "key");
    auto Value = childByField(P, "value");
    if (Key && Value && ts_node_eq(*Value, Call))
      Name = profileName(*Key);
    if (!Name)
      return;
  } else if (!Parts.Args.empty() && profileName(Parts.Args[0])) {
    Name = profileName(Parts.Args[0]);
  } else if (std::optional<llvm::StringRef> Var = Eval.declaredName(Call)) {
    // A variable given a profile twice (`if ..: p = A() else: p = B()`):
    // which one is bound is not known here.
    auto [It, New] = ProfileVariables.try_emplace(Var->str(), F);
    if (!New)
      It->second.reset();
    return;
  } else {
    return;
  }
  addProfile(*Name, F);
}

void ExecutionSettings::addProfile(const std::string &Name, ExecutionFacts F) {
  auto [It, New] = Profiles.try_emplace(Name, F);
  if (!New)
    It->second.reset(); // defined twice: which one runs is not known here
}

void ExecutionSettings::readSessionDefaults(TSNode Root) {
  this->Root = Root;
  // A file that does not import the driver sets no default of its own,
  // and reads settings only for a client it may import.
  if (DriverAssumed) {
    if (!mayRunOnImportedClient())
      Rows.clear();
    return;
  }
  if (Rows.empty())
    return;
  // Dict entries that bind a profile variable to a name.
  std::vector<std::pair<TSNode, TSNode>> Bindings;
  forEachNamedNode(Root, [&](TSNode N) {
    if (readAssignment(N, SettingScope::Session, Session))
      return;
    if (Eval.type(N) == "pair") {
      auto Key = childByField(N, "key");
      auto Value = childByField(N, "value");
      if (Key && Value && ts_node_named_child_count(*Value) == 0)
        Bindings.emplace_back(*Key, *Value);
      return;
    }
    if (!Eval.isCall(N))
      return;
    if (!ClientRows.empty() && isClientConstruction(N))
      readClientBinding(N);
    CallParts Parts = Eval.callParts(N);
    if (!LoaderRows.empty() && Parts.Method == "withConfigLoader")
      readLoaderBinding(N, Parts);
    for (const SettingModel *Row : Rows)
      if (Row->Scope == SettingScope::Session &&
          Row->Form == SettingForm::Method && Parts.Method == Row->Name &&
          Parts.Args.size() == 1 &&
          (Row->Owner.empty() ||
           startsAtOwner(Parts, Row->Owner, ts_node_start_byte(N))))
        setFact(*Row, Parts.Args[0], SettingScope::Session, Session);
    readProfileDefinition(N, Parts);
  });
  for (const auto &[Key, Value] : Bindings) {
    auto It = ProfileVariables.find(Eval.text(Value).str());
    if (It == ProfileVariables.end())
      continue;
    std::optional<std::string> Name = profileName(Key);
    if (!Name)
      continue;
    if (It->second)
      addProfile(*Name, *It->second);
    else
      Profiles[*Name].reset(); // bound to an ambiguous variable
  }
}

ExecutionFacts ExecutionSettings::factsFor(TSNode String) const {
  ExecutionFacts Out;
  if (Rows.empty())
    return Out;
  Picked.reset();
  PickedClient.clear();
  ClientAmbiguous = false;
  OnlyPrepared = false;
  readChain(String, Out, /*Variable=*/false);
  if (!PrepareMethods.empty())
    readBindSites(String, Out);
  // Precedence, per driver (each from the driver's own source):
  //   - Java driver 3: the statement's level, serial level and fetch size
  //     (a fetch size of 0 or less is unset), else the Cluster's
  //     QueryOptions (SessionManager.java, makeRequestMessage);
  //   - Java driver 4: the statement's, else the profile it names or the
  //     default profile (cql/Conversions.java, toMessage); a
  //     programmatic loader's options sit above the configuration files
  //     (DriverProfiles.cpp);
  //   - gocql: the query's, else the session's (session.go: a new Query
  //     takes the session's level and page size, defaultsFromSession; the
  //     session's come from ClusterConfig or SetConsistency);
  //   - Node.js: the call's option, else its profile's, else the client's
  //     queryOptions (lib/execution-options.js: getConsistency, and
  //     getFetchSize, call then client: a profile has no fetchSize);
  //     applyClientDefaults below;
  //   - Python: the statement's, else the session's legacy default OR the
  //     execution profile's, never both (cluster.py: _create_response_
  //     future reads Session.default_consistency_level only in legacy mode
  //     and the profile only in profile mode; setting a legacy default
  //     once profiles exist, or naming a profile in legacy mode, raises
  //     ValueError). default_fetch_size is no profile setting and applies
  //     in both modes.
  // So a session default of a fact the driver's profiles also set applies
  // only where no profile can be in play: the statement picks none and the
  // file builds none. Otherwise that fact is unknown.
  bool PicksProfile = Picked && !(Picked->Known && Picked->Name.empty());
  if (PicksProfile || !Profiles.empty()) {
    auto Block = [&](std::optional<ConsistencyFact> &Slot,
                     const std::optional<ConsistencyFact> &Default, bool Sets) {
      if (Sets && Default && !Slot)
        Slot = ConsistencyFact{std::string(), Default->Scope, Default->Range};
    };
    Block(Out.Consistency, Session.Consistency, ProfileSets[0]);
    Block(Out.SerialConsistency, Session.SerialConsistency, ProfileSets[1]);
    if (ProfileSets[2] && Session.PageSize && !Out.PageSize) {
      Out.PageSize = *Session.PageSize;
      Out.PageSize->Known = false;
    }
  }
  fillUnsetFacts(Out, Session);
  // A profile the file builds; a profile picked at run time is unknown.
  bool ProfileFound = false;
  if (!Picked || Picked->Known) {
    auto It = Profiles.find(Picked ? Picked->Name : std::string());
    if (It != Profiles.end() && It->second) {
      ProfileFound = true;
      fillUnsetFacts(Out, *It->second);
      // A named profile takes the default's for what it does not set,
      // where the driver does (the rows' `inherits`: Node.js).
      auto Default = Profiles.find(std::string());
      if (!It->first.empty() && Default != Profiles.end() && Default->second) {
        if (!Out.Consistency && Inherits[0])
          Out.Consistency = Default->second->Consistency;
        if (!Out.SerialConsistency && Inherits[1])
          Out.SerialConsistency = Default->second->SerialConsistency;
        if (!Out.PageSize && Inherits[2])
          Out.PageSize = Default->second->PageSize;
      }
    }
  }
  applyClientDefaults(Out, ProfileFound);
  // A driver whose profiles are in its configuration file: the driver
  // fills the rest from the file that governs this one.
  if (!ConfigLibrary.empty())
    Out.ConfigProfile = ProfileChoice{ConfigLibrary,
                                      Picked ? Picked->Name : std::string(),
                                      (!Picked || Picked->Known) &&
                                          !OnlyPrepared};
  // Its session's loader reads another configuration than application.*.
  if (Out.ConfigProfile && !PickedClient.empty() && !ClientAmbiguous) {
    auto It = Clients.find(PickedClient);
    if (It != Clients.end() && It->second)
      Out.ConfigProfile->Resource = It->second->Defaults.Resource;
  }
  // Read as the driver's options on the chance that the client imported
  // from a module of the application is the driver's: nothing else holds.
  if (DriverAssumed && !Out.SharedClient)
    return ExecutionFacts();
  return Out;
}

} // namespace nosqlint::extract
