//===- ExecutionSettingsPrepared.cpp - The statements bound from a prepared one ===//
//
// A statement the code only prepares (a `prepares` row's call receives its
// text: `session.prepare("..")`) is not what runs: the statements bound
// from it are (`bind` rows: `ps.bind(..)`, `ps.boundStatementBuilder(..)`),
// and each may set its own level where it is bound:
//
//   this.byKey = session.prepare("SELECT ..");
//   ..
//   session.execute(byKey.boundStatementBuilder(k)
//       .setConsistencyLevel(ConsistencyLevel.LOCAL_ONE).build());
//
// Java only, where the prepared statement is held in a private field of the
// class (or a local variable of the block) that is given it once: every use
// of that name in its scope is then seen. Each use must be a bind, whose
// chain (and the variable it is stored in) gives one site's settings, or a
// setting of the prepared statement itself (driver 3's PreparedStatement
// .setConsistencyLevel: a default of the statements bound from it), or
// another method of it (getQuery()). The statement then runs with what
// every site gives alike: a fact the sites set differently is unknown (kept
// as set at run time, so that no default fills it), never one site's; a
// fact no site sets comes from the session and the configuration as for
// any statement, where every site hands its statement to the driver's
// execute call (a wrapper of the application's may pick another profile:
// then the profile is unknown, the sites' own settings still count).
// Otherwise (the name passed on, returned, given twice,
// shadowed, a field other classes may reach) the statement stays only
// prepared: which configuration profile its bound statements run with is
// unknown (ExecutionFacts::ConfigProfile not Known).
//
//===----------------------------------------------------------------------===//
#include "ExecutionSettings.h"

#include "SyntaxTree.h"

#include "llvm/ADT/STLExtras.h"

namespace nosqlint::extract {

namespace {

bool sameLevel(const std::optional<ConsistencyFact> &L,
               const std::optional<ConsistencyFact> &R) {
  return L.has_value() == R.has_value() && (!L || L->Level == R->Level);
}

bool samePageSize(const std::optional<PageSizeFact> &L,
                  const std::optional<PageSizeFact> &R) {
  return L.has_value() == R.has_value() &&
         (!L || (L->Known == R->Known && L->Disabled == R->Disabled &&
                 L->Rows == R->Rows));
}

/// \p Site's facts over \p Acc's, the first site's taken as they are: what
/// two sites give differently is set at run time.
void agree(ExecutionFacts &Acc, const ExecutionFacts &Site, bool First,
           SourceRange At) {
  if (First) {
    Acc.Consistency = Site.Consistency;
    Acc.SerialConsistency = Site.SerialConsistency;
    Acc.PageSize = Site.PageSize;
    return;
  }
  if (!sameLevel(Acc.Consistency, Site.Consistency))
    Acc.Consistency = ConsistencyFact{std::string(), SettingScope::Statement, At};
  if (!sameLevel(Acc.SerialConsistency, Site.SerialConsistency))
    Acc.SerialConsistency =
        ConsistencyFact{std::string(), SettingScope::Statement, At};
  if (!samePageSize(Acc.PageSize, Site.PageSize)) {
    PageSizeFact P;
    P.Known = false;
    P.Range = At;
    Acc.PageSize = P;
  }
}

bool isDeclaringNode(llvm::StringRef T) {
  return T == "variable_declarator" || T == "formal_parameter" ||
         T == "catch_formal_parameter" || T == "enhanced_for_statement" ||
         T == "resource" || T == "spread_parameter" ||
         T == "lambda_expression" || T == "inferred_parameters";
}

/// Nodes between a value and the call it is an argument of.
bool isArgumentLink(llvm::StringRef T) {
  return T == "argument_list" || T == "arguments" || T == "argument" ||
         T == "value_argument" || T == "value_arguments" ||
         T == "call_suffix" || T == "parenthesized_expression";
}

/// \p Parent assigns to \p Name (`Q = ..`): no use of its value.
bool isAssignmentOf(TSNode Parent, TSNode Name) {
  llvm::StringRef T = ts_node_type(Parent);
  if (T != "assignment_expression" && T != "assignment")
    return false;
  std::optional<TSNode> Left = childByField(Parent, "left");
  return Left && ts_node_eq(*Left, Name);
}

TSNode enclosing(TSNode N, llvm::StringRef Type) {
  for (TSNode P = ts_node_parent(N); !ts_node_is_null(P); P = ts_node_parent(P))
    if (Type == ts_node_type(P))
      return P;
  return TSNode{};
}

} // namespace

const ExecutionSettings::Occurrences &
ExecutionSettings::occurrencesIn(TSNode Scope) const {
  auto [It, New] = ScopeNames.try_emplace(
      std::make_pair(ts_node_start_byte(Scope), ts_node_end_byte(Scope)));
  if (!New)
    return It->second;
  Occurrences &Out = It->second;
  unsigned Budget = 400000; // nodes: a huge class is not followed
  forEachNamedNodeWithParent(Scope, [&](TSNode N, TSNode Parent) {
    if (Out.TooLarge || --Budget == 0) {
      Out.TooLarge = true;
      return;
    }
    llvm::StringRef T = Eval.type(N);
    if (T == "identifier" || T == "simple_identifier")
      Out.Names[Eval.text(N)].push_back({N, Parent});
  });
  return Out;
}

std::optional<TSNode> ExecutionSettings::receivingCall(TSNode Value) const {
  TSNode Call = Value;
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    TSNode P = ts_node_parent(Call);
    if (ts_node_is_null(P))
      return std::nullopt;
    if (Eval.isCall(P))
      return P;
    if (!isArgumentLink(Eval.type(P)))
      return std::nullopt;
    Call = P;
  }
  return std::nullopt;
}

std::optional<TSNode> ExecutionSettings::preparingCall(TSNode String) const {
  auto Prepares = [&](TSNode Call) {
    return llvm::is_contained(PrepareMethods, Eval.callParts(Call).Method);
  };
  if (std::optional<TSNode> Call = receivingCall(String))
    return Prepares(*Call) ? Call : std::nullopt;
  // A constant or variable that holds the text: the call of its one use.
  std::optional<llvm::StringRef> Name = Eval.declaredName(String);
  if (!Name)
    return std::nullopt;
  TSNode Root = String;
  while (!ts_node_is_null(ts_node_parent(Root)))
    Root = ts_node_parent(Root);
  const Occurrences &InFile = occurrencesIn(Root);
  auto It = InFile.Names.find(*Name);
  if (InFile.TooLarge || It == InFile.Names.end())
    return std::nullopt;
  std::optional<TSNode> Prepare;
  unsigned Uses = 0, Declarations = 0;
  for (const Occurrence &O : It->second) {
    std::optional<TSNode> Call = receivingCall(O.Node);
    if (!Call) {
      if (isDeclaringNode(Eval.type(O.Parent)))
        ++Declarations;
      else if (!isAssignmentOf(O.Parent, O.Node))
        ++Uses; // a use in an expression, not an argument
      continue;
    }
    ++Uses;
    if (Prepares(*Call))
      Prepare = Call;
  }
  if (!Prepare)
    return std::nullopt;
  // Prepared, and used elsewhere too: prepared, not followed.
  OnlyPrepared = true;
  // Two texts of that name (two classes' constants): which one it is is
  // not known here.
  if (Uses != 1 || Declarations != 1)
    return std::nullopt;
  return Prepare;
}

void ExecutionSettings::readBindSites(TSNode String, ExecutionFacts &Out) const {
  std::optional<TSNode> Prepare = preparingCall(String);
  if (!Prepare)
    return;
  TSNode Call = *Prepare;
  OnlyPrepared = true; // until every statement bound from it is seen
  if (Eval.language() != HostLanguage::Java)
    return;
  // The prepared statement's chain (driver 3 `.setConsistencyLevel(..)`
  // returns it); a bind on it is the statement that runs, read already.
  TSNode Top = Call;
  for (unsigned Depth = 0; Depth < 64; ++Depth) {
    TSNode P = ts_node_parent(Top);
    if (ts_node_is_null(P))
      break;
    if (Eval.type(P) == "parenthesized_expression") {
      Top = P;
      continue;
    }
    std::optional<TSNode> Object = childByField(P, "object");
    if (!Eval.isCall(P) || !Object || !ts_node_eq(*Object, Top))
      break;
    if (llvm::is_contained(BindMethods, Eval.callParts(P).Method)) {
      OnlyPrepared = false;
      return;
    }
    Top = P;
  }
  // The name it is held in, and the scope every use of it is in.
  TSNode Holder = ts_node_parent(Top);
  if (ts_node_is_null(Holder))
    return;
  llvm::StringRef Name;
  bool Field = false;
  TSNode Declaration{}; // the holder's declarator, when Top is its value
  if (Eval.type(Holder) == "variable_declarator") {
    std::optional<TSNode> N = childByField(Holder, "name");
    if (!N)
      return;
    Name = Eval.text(*N);
    Declaration = Holder;
  } else if (Eval.type(Holder) == "assignment_expression") {
    std::optional<TSNode> Left = childByField(Holder, "left");
    std::optional<TSNode> Right = childByField(Holder, "right");
    if (!Left || !Right || !ts_node_eq(*Right, Top))
      return;
    if (Eval.type(*Left) == "field_access") {
      std::optional<TSNode> Object = childByField(*Left, "object");
      std::optional<TSNode> F = childByField(*Left, "field");
      if (!Object || !F || Eval.type(*Object) != "this")
        return;
      Name = Eval.text(*F);
      Field = true;
    } else if (Eval.type(*Left) == "identifier") {
      Name = Eval.text(*Left);
    } else {
      return;
    }
  } else {
    return;
  }
  TSNode Class = enclosing(Holder, "class_body");
  if (ts_node_is_null(Class))
    return;
  // Its one declaration in the class: a private field, or a local.
  const Occurrences &InClass = occurrencesIn(Class);
  auto Found = InClass.Names.find(Name);
  if (InClass.TooLarge || Found == InClass.Names.end())
    return;
  std::optional<TSNode> Declarator;
  for (const Occurrence &O : Found->second)
    if (isDeclaringNode(Eval.type(O.Parent))) {
      std::optional<TSNode> N = childByField(O.Parent, "name");
      bool Names = N ? ts_node_eq(*N, O.Node) : true;
      if (!Names)
        continue; // the declarator's value: a use
      if (Declarator || Eval.type(O.Parent) != "variable_declarator")
        return; // declared twice, or a parameter: shadowed somewhere
      Declarator = O.Parent;
    }
  if (!Declarator)
    return;
  TSNode Decl = ts_node_parent(*Declarator);
  TSNode Scope{};
  if (Eval.type(Decl) == "field_declaration") {
    if (!ts_node_eq(ts_node_parent(Decl), Class))
      return; // a field of a class nested in it
    bool Private = false;
    for (TSNode C : namedChildren(Decl))
      if (Eval.type(C) == "modifiers")
        Private = llvm::StringRef(Eval.text(C)).contains("private");
    if (!Private)
      return; // other classes may bind it
    Scope = Class;
  } else if (Eval.type(Decl) == "local_variable_declaration" && !Field) {
    Scope = ts_node_parent(Decl);
  } else {
    return;
  }
  if (!ts_node_is_null(Declaration) && !ts_node_eq(Declaration, *Declarator))
    return;
  // Every use of the name in its scope.
  const Occurrences &Uses = occurrencesIn(Scope);
  auto UsesOf = Uses.Names.find(Name);
  if (Uses.TooLarge || UsesOf == Uses.Names.end())
    return;
  ExecutionFacts Base;
  std::optional<ProfilePick> Before = Picked;
  Picked.reset();
  // What the prepare call's own chain sets (from its argument: the text
  // may be a constant's).
  CallParts PrepareParts = Eval.callParts(Call);
  readChain(PrepareParts.Args.empty() ? String : PrepareParts.Args[0], Base,
            /*Variable=*/true);
  std::optional<ProfilePick> BasePick = Picked;
  std::vector<TSNode> Sites;
  uint32_t DeclStart = ts_node_start_byte(*Declarator);
  for (const Occurrence &O : UsesOf->second) {
    TSNode Use = O.Node;
    TSNode Parent = O.Parent;
    llvm::StringRef PT = Eval.type(Parent);
    if (ts_node_eq(Parent, *Declarator))
      continue; // `PreparedStatement byKey = ..`
    if (PT == "method_invocation") {
      std::optional<TSNode> MethodName = childByField(Parent, "name");
      if (MethodName && ts_node_eq(*MethodName, Use))
        continue; // a method that happens to have the name
    }
    if (PT == "field_access") {
      std::optional<TSNode> Object = childByField(Parent, "object");
      std::optional<TSNode> F = childByField(Parent, "field");
      if (!F || !ts_node_eq(*F, Use))
        return; // `byKey.x`: no field of a prepared statement is read
      if (!Object || Eval.type(*Object) != "this" || !ts_node_eq(Scope, Class))
        return; // another object's field of that name
      Use = Parent;
      Parent = ts_node_parent(Use);
      PT = Eval.type(Parent);
    }
    if (ts_node_start_byte(Use) < DeclStart && !ts_node_eq(Scope, Class))
      return; // a use before a local's declaration: another variable
    if (PT == "assignment_expression") {
      std::optional<TSNode> Left = childByField(Parent, "left");
      if (Left && ts_node_eq(*Left, Use)) {
        if (!ts_node_eq(Parent, Holder))
          return; // given another statement elsewhere
        continue;
      }
    }
    std::optional<TSNode> Object =
        PT == "method_invocation" ? childByField(Parent, "object") : std::nullopt;
    if (!Object || !ts_node_eq(*Object, Use))
      return; // passed on, returned, stored: bound where it is not seen
    llvm::StringRef Method = Eval.callParts(Parent).Method;
    if (llvm::is_contained(BindMethods, Method)) {
      Sites.push_back(Use);
      continue;
    }
    // A setting of the prepared statement (driver 3): for all its binds.
    readCall(Parent, Base);
  }
  if (Sites.empty()) {
    Picked = Before;
    return;
  }
  ExecutionFacts Combined;
  std::optional<ProfilePick> Pick;
  bool EveryRunSeen = true;
  SourceRange At(File, ts_node_start_byte(Call), ts_node_end_byte(Call));
  for (size_t I = 0; I < Sites.size(); ++I) {
    ExecutionFacts Site;
    Picked.reset();
    RunSeen = false;
    readChain(Sites[I], Site, /*Variable=*/false);
    EveryRunSeen &= RunSeen;
    fillUnsetFacts(Site, Base);
    std::optional<ProfilePick> SitePick = Picked ? Picked : BasePick;
    agree(Combined, Site, I == 0, At);
    if (I == 0)
      Pick = SitePick;
    else if (Pick.has_value() != SitePick.has_value() ||
             (Pick && (Pick->Known != SitePick->Known ||
                       Pick->Name != SitePick->Name)))
      Pick = ProfilePick{std::string(), false};
  }
  Out.Consistency = Combined.Consistency;
  Out.SerialConsistency = Combined.SerialConsistency;
  Out.PageSize = Combined.PageSize;
  Picked = Pick;
  // A bound statement handed to code of the application's own (a wrapper
  // that may pick its profile or level) runs with what is not seen here.
  OnlyPrepared = !EveryRunSeen;
}

} // namespace nosqlint::extract
