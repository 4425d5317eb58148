//===- Evaluator.cpp ------------------------------------------------------===//
#include "Evaluator.h"
#include "NumberLiterals.h"
#include "SyntaxTree.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace nosqlint::extract {

namespace {

constexpr unsigned MaxDepth = 48;

bool isIdentChar(char C) { return llvm::isAlnum(C) || C == '_' || C == '$'; }

/// The trailing identifier of a dotted text, generic arguments dropped:
/// `session.execute` -> execute, `s.Execute<Row>` -> Execute.
llvm::StringRef trailingName(llvm::StringRef T) {
  T = T.rtrim();
  if (T.endswith(">")) {
    size_t Open = T.find('<');
    if (Open != llvm::StringRef::npos)
      T = T.take_front(Open).rtrim();
  }
  size_t B = T.size();
  while (B > 0 && isIdentChar(T[B - 1]))
    --B;
  return T.drop_front(B);
}

} // namespace

bool Evaluator::isName(TSNode N) const { return Spec.is(Spec.Names, type(N)); }

llvm::StringRef Evaluator::nameOf(TSNode N) const {
  return trailingName(text(N));
}

TSNode Evaluator::unwrap(TSNode N) const {
  for (unsigned I = 0; I < 8 && Spec.is(Spec.Parens, type(N)); ++I) {
    auto Kids = namedChildren(N);
    if (Kids.size() != 1)
      break;
    N = Kids[0];
  }
  return N;
}

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

/// The name and value of a declaration node, in any of the languages.
static bool declarationParts(const Evaluator &E, TSNode D, TSNode &Name,
                             TSNode &Value) {
  std::optional<TSNode> N = childByField(D, "name");
  if (!N)
    N = childByField(D, "left");
  if (!N)
    N = childByField(D, "pattern");
  auto Kids = namedChildren(D);
  if (!N) {
    for (TSNode K : Kids)
      if (E.type(K) == "variable_declaration") {
        auto Inner = namedChildren(K);
        if (!Inner.empty())
          N = Inner[0];
        break;
      }
  }
  if (!N || Kids.empty())
    return false;
  std::optional<TSNode> V = childByField(D, "value");
  if (!V)
    V = childByField(D, "right");
  if (!V) {
    TSNode Last = Kids.back();
    if (ts_node_eq(Last, *N) || E.type(Last) == "variable_declaration")
      return false;
    V = Last;
  }
  Name = *N;
  Value = *V;
  // Go: `const a, b = "x", "y"` and `q := "..."` hold expression lists.
  if (E.type(Name) == "expression_list" || E.type(Name) == "pattern_list") {
    auto L = namedChildren(Name);
    if (L.size() != 1)
      return false;
    Name = L[0];
  }
  if (E.type(Value) == "expression_list") {
    auto L = namedChildren(Value);
    if (L.size() != 1)
      return false;
    Value = L[0];
  }
  return true;
}

/// Whether the declaration \p D of the name at \p Name cannot be assigned
/// again: `final`, `const`, `val`, `readonly` written before the name (in
/// the declaration or, for a declarator, the statement holding it).
static bool declaredImmutable(const Evaluator &E, TSNode D, TSNode Name) {
  llvm::StringRef T = E.type(D);
  if (T == "val_definition" || T == "const_spec")
    return true;
  TSNode From = D;
  if (T == "variable_declarator" || T == "var_spec") {
    TSNode P = ts_node_parent(D);
    if (!ts_node_is_null(P))
      From = P;
    // C#: variable_declarator < variable_declaration < field_declaration.
    if (E.type(P) == "variable_declaration" &&
        !ts_node_is_null(ts_node_parent(P)))
      From = ts_node_parent(P);
  }
  uint32_t B = ts_node_start_byte(From), End = ts_node_start_byte(Name);
  if (End <= B)
    return false;
  llvm::StringRef Before = E.source().slice(B, End);
  for (llvm::StringRef W : {"final", "const", "val", "readonly"}) {
    for (size_t At = Before.find(W); At != llvm::StringRef::npos;
         At = Before.find(W, At + 1)) {
      size_t After = At + W.size();
      if ((At == 0 || !isIdentChar(Before[At - 1])) &&
          (After >= Before.size() || !isIdentChar(Before[After])))
        return true;
    }
  }
  return false;
}

std::optional<AssignmentParts>
Evaluator::assignment(TSNode A, bool WithDeclarations) const {
  llvm::StringRef T = type(A);
  bool Plain = T == "assignment_expression" || T == "assignment_statement" ||
               T == "augmented_assignment" ||
               T == "augmented_assignment_expression";
  if (T == "assignment")
    Plain = Spec.Lang == HostLanguage::Kotlin ||
            (WithDeclarations && Spec.Lang == HostLanguage::Python);
  if (!Plain)
    return std::nullopt;
  auto Kids = namedChildren(A);
  std::optional<TSNode> L = childByField(A, "left");
  std::optional<TSNode> R = childByField(A, "right");
  if (!L && !Kids.empty())
    L = Kids.front();
  if (!R && Kids.size() >= 2)
    R = Kids.back();
  if (!L || !R || ts_node_eq(*L, *R))
    return std::nullopt;
  auto Single = [&](TSNode X) -> std::optional<TSNode> {
    if (type(X) != "expression_list" && type(X) != "pattern_list")
      return X;
    auto Items = namedChildren(X);
    if (Items.size() != 1)
      return std::nullopt;
    return Items[0];
  };
  std::optional<TSNode> Left = Single(*L), Right = Single(*R);
  if (!Left || !Right)
    return std::nullopt;
  llvm::StringRef Id = text(*Left).trim();
  for (llvm::StringRef Self : {"this.", "self."})
    if (Id.startswith(Self))
      Id = Id.drop_front(Self.size());
  if (Id.empty() || !llvm::all_of(Id, isIdentChar))
    return std::nullopt;
  // The operator: the bytes between the two sides.
  llvm::StringRef Op = Src.slice(ts_node_end_byte(*L), ts_node_start_byte(*R))
                           .trim();
  if (Op.empty() || Op.back() != '=')
    return std::nullopt;
  return AssignmentParts{Id, Op, *Right};
}

static bool isIdentifierNode(TSNode N) {
  llvm::StringRef T = ts_node_type(N);
  return T == "identifier" || T == "simple_identifier";
}

/// The names a parameter list declares, in every host grammar: `a`,
/// `String a`, `a: Int`, `a = 1`, `a, b string` (Go), `...a`.
static void parameterNames(TSNode List,
                           llvm::SmallVectorImpl<TSNode> &Names) {
  for (TSNode P : namedChildren(List)) {
    if (isIdentifierNode(P)) {
      Names.push_back(P);
      continue;
    }
    llvm::StringRef T = ts_node_type(P);
    if (T == "parameter_declaration" || T == "variadic_parameter_declaration") {
      for (TSNode C : namedChildren(P)) // Go: `a, b string`
        if (isIdentifierNode(C))
          Names.push_back(C);
      continue;
    }
    bool Found = false;
    for (const char *Field : {"name", "pattern", "left"}) {
      TSNode F = ts_node_child_by_field_name(P, Field, std::strlen(Field));
      if (!ts_node_is_null(F) && isIdentifierNode(F)) {
        Names.push_back(F);
        Found = true;
      }
    }
    if (!Found) {
      auto Kids = namedChildren(P);
      if (!Kids.empty() && isIdentifierNode(Kids.front()))
        Names.push_back(Kids.front());
    }
  }
}

static bool isParameterList(llvm::StringRef T) {
  return T == "parameter_list" || T == "formal_parameters" ||
         T == "parameters" || T == "function_value_parameters" ||
         T == "lambda_parameters" || T == "class_parameters";
}

bool Evaluator::shadowedByParameter(llvm::StringRef Name, uint32_t Use,
                                    const Declaration *D) const {
  auto P = Parameters.find(Name);
  if (P == Parameters.end())
    return false;
  for (const auto &[Begin, End] : P->second)
    // A declaration inside that function is a local of its own.
    if (Use >= Begin && Use < End && (!D || D->ScopeBegin <= Begin))
      return true;
  return false;
}

void Evaluator::collectDeclarations(TSNode Root) {
  // Assignments after the declaration: a variable given another value (or
  // extended, `q += ..`) in its scope is no constant.
  llvm::SmallVector<std::pair<llvm::StringRef, uint32_t>, 16> Assigned;
  llvm::StringSet<> Immutable;
  forEachNamedNode(Root, [&](TSNode N) {
    if (isParameterList(type(N))) {
      TSNode Fn = ts_node_parent(N);
      if (!ts_node_is_null(Fn)) {
        llvm::SmallVector<TSNode, 4> Names;
        parameterNames(N, Names);
        for (TSNode Name : Names)
          Parameters[text(Name)].push_back(
              {ts_node_start_byte(Fn), ts_node_end_byte(Fn)});
      }
    }
    if (std::optional<AssignmentParts> A = assignment(N, false))
      Assigned.push_back({A->Name, ts_node_start_byte(N)});
    if (Spec.is(Spec.Declarations, type(N))) {
      TSNode Name, Value;
      if (declarationParts(*this, N, Name, Value)) {
        llvm::StringRef Id = text(Name);
        if (!Id.empty() && llvm::all_of(Id, isIdentChar)) {
          // The scope: the nearest enclosing block, body or the file.
          // Each parent once: ts_node_parent searches down from the root.
          TSNode Scope = ts_node_parent(N);
          TSNode Up = ts_node_is_null(Scope) ? TSNode{} : ts_node_parent(Scope);
          while (!ts_node_is_null(Scope) && !ts_node_is_null(Up)) {
            llvm::StringRef T = type(Scope);
            if (T.endswith("block") || T.endswith("body") ||
                T == "statements" || T == "declaration_list")
              break;
            Scope = Up;
            Up = ts_node_parent(Scope);
          }
          if (ts_node_is_null(Scope)) {
            Scope = Root;
            Up = ts_node_parent(Root);
          }
          llvm::StringRef ST = type(Scope);
          bool Top = ts_node_is_null(Up) ||
                     ST.endswith("class_body") || ST == "interface_body" ||
                     ST == "declaration_list" ||
                     ST == "template_body" || ST == "enum_body" ||
                     ST == "object_body";
          Declaration D{Value, ts_node_start_byte(Scope), ts_node_end_byte(Scope),
                        Top};
          auto [It, New] = Declarations.try_emplace(Id, D);
          if (!New)
            Ambiguous.insert(Id);
          else if (declaredImmutable(*this, N, Name))
            Immutable.insert(Id);
        }
      }
    }
  });
  for (const auto &[Name, At] : Assigned) {
    auto It = Declarations.find(Name);
    if (It == Declarations.end() || Immutable.contains(Name) ||
        At < It->second.ScopeBegin || At >= It->second.ScopeEnd)
      continue;
    Reassigned.insert(Name);
  }
}

std::optional<llvm::StringRef> Evaluator::declaredName(TSNode Value) const {
  TSNode P = ts_node_parent(Value);
  if (!ts_node_is_null(P) && type(P) == "expression_list")
    P = ts_node_parent(P);
  if (ts_node_is_null(P) || !Spec.is(Spec.Declarations, type(P)))
    return std::nullopt;
  TSNode Name, V;
  if (!declarationParts(*this, P, Name, V) || !ts_node_eq(V, Value))
    return std::nullopt;
  return text(Name);
}

std::optional<TSNode> Evaluator::declarationValue(llvm::StringRef Name,
                                                  uint32_t Use) const {
  if (Ambiguous.contains(Name))
    return std::nullopt;
  auto It = Declarations.find(Name);
  if (It == Declarations.end() || Use < It->second.ScopeBegin ||
      Use >= It->second.ScopeEnd ||
      shadowedByParameter(Name, Use, &It->second))
    return std::nullopt;
  return unwrap(It->second.Value);
}

const Rebuilt *Evaluator::constant(llvm::StringRef Name, unsigned Depth,
                                   uint32_t Use) {
  if (Ambiguous.contains(Name) || Reassigned.contains(Name))
    return nullptr;
  auto It = Declarations.find(Name);
  // A local of another function is another variable.
  if (It != Declarations.end() &&
      (Use < It->second.ScopeBegin || Use >= It->second.ScopeEnd))
    return nullptr;
  // A parameter of the function it is used in: a value of each call.
  if (shadowedByParameter(Name, Use,
                          It == Declarations.end() ? nullptr : &It->second))
    return nullptr;
  auto Cached = Cache.find(Name);
  if (Cached != Cache.end())
    return Cached->second.get();
  if (It == Declarations.end()) {
    // Declared by another file of the package?
    if (Package) {
      auto P = Package->find(Name);
      if (P != Package->end()) {
        auto R = std::make_unique<Rebuilt>();
        R->appendVerbatim(P->second, 0); // only the text is used
        const Rebuilt *Result = R.get();
        Cache[Name] = std::move(R);
        return Result;
      }
    }
    Unresolved.insert(Name);
    return nullptr;
  }
  if (InProgress.contains(Name) || Depth > MaxDepth)
    return nullptr;
  TSNode V = unwrap(It->second.Value);
  std::unique_ptr<Rebuilt> R;
  if (Spec.is(Spec.Numbers, type(V))) {
    R = std::make_unique<Rebuilt>();
    appendNumber(V, *R);
  } else if (isStringy(V)) {
    InProgress.insert(Name);
    R = std::make_unique<Rebuilt>();
    append(V, *R, Depth + 1);
    InProgress.erase(Name);
  }
  const Rebuilt *Result = R.get();
  Cache[Name] = std::move(R);
  return Result;
}

std::vector<std::pair<std::string, std::string>> Evaluator::knownConstants() {
  std::vector<std::pair<std::string, std::string>> Out;
  std::vector<std::string> Names;
  for (const auto &D : Declarations)
    if (!Ambiguous.contains(D.getKey()) && !Reassigned.contains(D.getKey()) &&
        D.getValue().TopLevel)
      Names.push_back(D.getKey().str());
  std::sort(Names.begin(), Names.end());
  for (const std::string &Name : Names) {
    // Only simple values: a literal, a number, or a concatenation of them.
    const Declaration &D = Declarations.find(Name)->second;
    TSNode V = unwrap(D.Value);
    if (!isStringy(V) && !Spec.is(Spec.Numbers, type(V)))
      continue;
    const Rebuilt *R = constant(Name, 0, D.ScopeBegin);
    if (R && R->trust() == SnippetTrust::Full && R->holes() == 0)
      Out.emplace_back(Name, R->text());
  }
  return Out;
}

void Evaluator::appendNumber(TSNode N, Rebuilt &Out) const {
  llvm::StringRef Written = text(N);
  std::string Cql = cqlNumberLiteral(Spec.Lang, Written);
  if (Cql == Written)
    Out.appendVerbatim(Written, ts_node_start_byte(N));
  else
    Out.appendMapped(Cql, ts_node_start_byte(N),
                     static_cast<uint32_t>(Written.size()));
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

bool Evaluator::isCall(TSNode N) const { return Spec.is(Spec.Calls, type(N)); }

CallParts Evaluator::callParts(TSNode Call) const {
  CallParts P;
  std::optional<TSNode> Callee;
  if (Spec.Lang == HostLanguage::Java && type(Call) == "method_invocation") {
    if (auto Name = childByField(Call, "name"))
      P.Method = text(*Name);
    if (auto Obj = childByField(Call, "object")) {
      P.ReceiverNode = *Obj;
      P.Receiver = text(*Obj);
    }
  } else {
    Callee = childByField(Call, "function");
    if (!Callee)
      Callee = childByField(Call, "constructor");
    if (!Callee)
      Callee = childByField(Call, "type");
    if (!Callee) {
      auto Kids = namedChildren(Call);
      if (!Kids.empty())
        Callee = Kids[0];
    }
    if (Callee) {
      P.Method = nameOf(*Callee);
      auto Kids = namedChildren(*Callee);
      if (Kids.size() >= 2) {
        P.ReceiverNode = Kids[0];
        P.Receiver = text(Kids[0]);
      }
    }
  }
  // The argument list.
  std::optional<TSNode> Args = childByField(Call, "arguments");
  if (!Args) {
    for (TSNode K : namedChildren(Call)) {
      llvm::StringRef T = type(K);
      if (T == "call_suffix") {
        for (TSNode S : namedChildren(K))
          if (type(S) == "value_arguments")
            Args = S;
        break;
      }
      if (T == "argument_list" || T == "arguments" || T == "value_arguments") {
        Args = K;
        break;
      }
    }
  }
  if (!Args)
    return P;
  for (TSNode A : namedChildren(*Args)) {
    llvm::StringRef T = type(A);
    if (T == "keyword_argument") {
      auto Name = childByField(A, "name");
      auto Value = childByField(A, "value");
      if (Name && Value)
        P.NamedArgs.push_back({text(*Name), *Value});
      continue;
    }
    if (T == "argument" || T == "value_argument") {
      auto Kids = namedChildren(A);
      if (!Kids.empty())
        P.Args.push_back(Kids.back());
      continue;
    }
    P.Args.push_back(A);
  }
  return P;
}

llvm::StringRef Evaluator::annotationName(TSNode N) const {
  llvm::StringRef T = text(N).ltrim("@[ \t");
  T = T.take_until([](char C) { return C == '(' || C == ']'; });
  return trailingName(T);
}

std::optional<Evaluator::FormatCall> Evaluator::formatCall(TSNode N) const {
  bool Percent = false;
  if (Spec.PercentOperator && Spec.is(Spec.Binaries, type(N)) &&
      isPlusOrPercent(N, Percent) && Percent) {
    auto L = childByField(N, "left");
    auto R = childByField(N, "right");
    if (!L || !R || !isStringy(unwrap(*L)))
      return std::nullopt;
    FormatCall F{unwrap(*L), FormatStyle::Percent, {}, {}};
    TSNode RV = unwrap(*R);
    if (type(RV) == "tuple") {
      for (TSNode K : namedChildren(RV))
        F.Args.push_back(K);
    } else if (type(RV) == "dictionary") {
      for (TSNode Pair : namedChildren(RV)) {
        auto K = childByField(Pair, "key");
        auto V = childByField(Pair, "value");
        if (K && V)
          F.NamedArgs.push_back({text(*K).trim("'\"bru"), *V});
      }
    } else {
      F.Args.push_back(RV);
    }
    return F;
  }
  if (!isCall(N))
    return std::nullopt;
  CallParts P = callParts(N);
  auto FromArgs = [&](FormatStyle Style) -> std::optional<FormatCall> {
    size_t First = 0;
    // String.format(Locale.ROOT, "...", args)
    if (P.Args.size() >= 2 && !isStringy(P.Args[0]) && isStringy(P.Args[1]))
      First = 1;
    if (P.Args.size() <= First || !isStringy(P.Args[First]))
      return std::nullopt;
    FormatCall F{unwrap(P.Args[First]), Style, {}, P.NamedArgs};
    F.Args.append(P.Args.begin() + First + 1, P.Args.end());
    return F;
  };
  auto FromReceiver = [&](FormatStyle Style) -> std::optional<FormatCall> {
    if (!P.ReceiverNode || !isStringy(*P.ReceiverNode))
      return std::nullopt;
    FormatCall F{unwrap(*P.ReceiverNode), Style, {}, P.NamedArgs};
    F.Args.append(P.Args.begin(), P.Args.end());
    return F;
  };
  switch (Spec.Lang) {
  case HostLanguage::Java:
    if (P.Method == "format" && (P.Receiver == "String" ||
                                 P.Receiver == "java.lang.String"))
      return FromArgs(FormatStyle::Percent);
    if (P.Method == "formatted")
      return FromReceiver(FormatStyle::Percent);
    if (P.Method == "format" && P.Receiver == "MessageFormat")
      return FromArgs(FormatStyle::Braces);
    break;
  case HostLanguage::Kotlin:
  case HostLanguage::Scala:
    if (P.Method == "format" && P.Receiver == "String")
      return FromArgs(FormatStyle::Percent);
    if (P.Method == "format" || P.Method == "formatted")
      return FromReceiver(FormatStyle::Percent);
    break;
  case HostLanguage::Python:
    if (P.Method == "format")
      return FromReceiver(FormatStyle::Braces);
    break;
  case HostLanguage::Go:
    if (P.Receiver == "fmt" && P.Method == "Sprintf")
      return FromArgs(FormatStyle::Percent);
    break;
  case HostLanguage::CSharp:
    if (P.Method == "Format" && (P.Receiver == "string" || P.Receiver == "String"))
      return FromArgs(FormatStyle::Braces);
    break;
  case HostLanguage::JavaScript:
  case HostLanguage::TypeScript:
  case HostLanguage::Tsx:
    if (P.Receiver == "util" && P.Method == "format")
      return FromArgs(FormatStyle::Percent);
    break;
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

bool Evaluator::isPlusOrPercent(TSNode Binary, bool &Percent) const {
  Percent = false;
  std::optional<TSNode> Op = childByField(Binary, "operator");
  llvm::StringRef OpText;
  if (Op) {
    OpText = text(*Op);
  } else {
    uint32_t Count = ts_node_child_count(Binary);
    for (uint32_t I = 0; I < Count; ++I) {
      TSNode C = ts_node_child(Binary, I);
      if (!ts_node_is_named(C)) {
        OpText = text(C);
        break;
      }
    }
  }
  if (OpText == "%") {
    Percent = true;
    return true;
  }
  return OpText == "+";
}

bool Evaluator::builderChain(TSNode N,
                             llvm::SmallVectorImpl<TSNode> &Parts) const {
  if (Spec.Lang != HostLanguage::Java && Spec.Lang != HostLanguage::Kotlin &&
      Spec.Lang != HostLanguage::Scala && Spec.Lang != HostLanguage::CSharp)
    return false;
  llvm::SmallVector<TSNode, 8> Reversed;
  for (unsigned Steps = 0; Steps < 4 * MaxDepth; ++Steps) {
    N = unwrap(N);
    if (!isCall(N))
      return false;
    CallParts P = callParts(N);
    if ((P.Method == "toString" || P.Method == "ToString") && P.Args.empty() &&
        P.ReceiverNode) {
      N = *P.ReceiverNode;
      continue;
    }
    if ((P.Method == "append" || P.Method == "Append") && P.Args.size() == 1 &&
        P.ReceiverNode) {
      Reversed.push_back(P.Args[0]);
      N = *P.ReceiverNode;
      continue;
    }
    if (P.Method == "StringBuilder" || P.Method == "StringBuffer") {
      // new StringBuilder("...") or StringBuilder(); a number is a capacity.
      if (P.Args.size() == 1 && !Spec.is(Spec.Numbers, type(unwrap(P.Args[0]))))
        Reversed.push_back(P.Args[0]);
      break;
    }
    return false;
  }
  Parts.assign(Reversed.rbegin(), Reversed.rend());
  return llvm::any_of(Parts, [&](TSNode X) { return isLiteral(unwrap(X)); });
}

std::optional<TSNode> Evaluator::trimmed(TSNode Call) const {
  if (!isCall(Call))
    return std::nullopt;
  CallParts P = callParts(Call);
  static const char *const OnReceiver[] = {
      "trimIndent", "trimMargin", "stripIndent", "strip", "trim", "Trim",
      "TrimStart", "TrimEnd", "lstrip", "rstrip", "trimStart", "trimEnd",
      "stripMargin", "stripLeading", "stripTrailing"};
  if (P.ReceiverNode && llvm::is_contained(OnReceiver, P.Method) &&
      P.Args.size() <= 1 && isStringy(*P.ReceiverNode))
    return *P.ReceiverNode;
  if (P.Method == "dedent" && P.Args.size() == 1 && isStringy(P.Args[0]))
    return P.Args[0];
  // The Java driver's `CqlIdentifier.fromCql("mailboxId")` is the name as
  // CQL text spells it (fromInternal, which needs quoting, is not).
  if (Spec.Lang == HostLanguage::Java && P.Method == "fromCql" &&
      trailingName(P.Receiver) == "CqlIdentifier" && P.Args.size() == 1 &&
      isStringy(P.Args[0]))
    return P.Args[0];
  return std::nullopt;
}

std::optional<char> Evaluator::marginOf(TSNode Call) const {
  CallParts P = callParts(Call);
  if (P.Method != "stripMargin" && P.Method != "trimMargin")
    return std::nullopt;
  if (P.Args.empty())
    return '|';
  // stripMargin('#'), trimMargin("#"): a one-character literal.
  llvm::StringRef A = text(P.Args[0]);
  if (A.size() == 3 && (A.front() == '\'' || A.front() == '"') &&
      A.back() == A.front())
    return A[1];
  return std::nullopt; // a computed margin: left as it is
}

std::optional<char> Evaluator::marginApplied(TSNode Receiver) const {
  TSNode P = ts_node_parent(Receiver);
  if (ts_node_is_null(P))
    return std::nullopt;
  if (isCall(P)) {
    CallParts C = callParts(P);
    if (C.ReceiverNode && ts_node_eq(*C.ReceiverNode, Receiver))
      return marginOf(P);
    return std::nullopt;
  }
  // Scala `"""...""".stripMargin` without parentheses, Kotlin's
  // navigation before a call: `x.trimMargin()`.
  llvm::StringRef T = type(P);
  if (T != "field_expression" && T != "navigation_expression")
    return std::nullopt;
  llvm::StringRef Text = text(P);
  llvm::StringRef Tail = Text.substr(Text.rfind('.') + 1).trim();
  if (Tail != "stripMargin" && Tail != "trimMargin")
    return std::nullopt;
  TSNode G = ts_node_parent(P);
  if (!ts_node_is_null(G) && isCall(G))
    return marginOf(G);
  return '|';
}

bool Evaluator::isStringy(TSNode N) const {
  // Iterative down the left spine of `a + b + c` chains.
  for (unsigned Depth = 0; Depth < 4 * MaxDepth; ++Depth) {
    N = unwrap(N);
    llvm::StringRef T = type(N);
    if (isLiteral(N) || (!Spec.ImplicitConcat.empty() && T == Spec.ImplicitConcat))
      return true;
    if (Spec.is(Spec.Binaries, T)) {
      bool Percent;
      if (!isPlusOrPercent(N, Percent))
        return false;
      auto Kids = namedChildren(N);
      if (Kids.size() < 2)
        return false;
      TSNode L = childByField(N, "left").value_or(Kids.front());
      TSNode R = childByField(N, "right").value_or(Kids.back());
      if (Percent)
        return isStringy(unwrap(L));
      if (isLiteral(unwrap(R)))
        return true;
      N = L;
      continue;
    }
    if (isCall(N)) {
      if (formatCall(N) || trimmed(N))
        return true;
      llvm::SmallVector<TSNode, 8> Parts;
      return builderChain(N, Parts);
    }
    return false;
  }
  return false;
}

const Rebuilt *Evaluator::knownValue(TSNode N, unsigned Depth) {
  N = unwrap(N);
  uint32_t Use = ts_node_start_byte(N);
  if (Spec.Lang == HostLanguage::Kotlin && type(N) == "interpolated_identifier") {
    UsedAsPart.insert(text(N));
    return constant(text(N), Depth, Use);
  }
  if (isName(N)) {
    llvm::StringRef Name = nameOf(N);
    // `Tables.USERS` names a constant of a class or module; `w.table`,
    // `self.table` and `this.table` are fields of an object: unknown.
    llvm::StringRef Qualifier = text(N).drop_back(Name.size()).rtrim(" \t\n.");
    if (!Qualifier.empty()) {
      llvm::StringRef Last = trailingName(Qualifier);
      if (Last.empty() || !(Last[0] >= 'A' && Last[0] <= 'Z'))
        return nullptr;
    }
    UsedAsPart.insert(Name);
    return constant(Name, Depth, Use);
  }
  if (Spec.is(Spec.Numbers, type(N))) {
    Scratch.push_back(std::make_unique<Rebuilt>());
    appendNumber(N, *Scratch.back());
    return Scratch.back().get();
  }
  if (isStringy(N)) {
    Scratch.push_back(std::make_unique<Rebuilt>());
    append(N, *Scratch.back(), Depth + 1);
    return Scratch.back().get();
  }
  return nullptr;
}

void Evaluator::appendLiteral(TSNode N, Rebuilt &Out, unsigned Depth,
                              FormatCall *Format) {
  // The interpolations of the literal, outermost only, in order.
  llvm::SmallVector<HoleSpan, 4> Holes;
  llvm::SmallVector<TSNode, 4> HoleExprs;
  if (!Spec.Interpolations.empty()) {
    llvm::SmallVector<TSNode, 16> Stack{N};
    llvm::SmallVector<TSNode, 8> Found;
    while (!Stack.empty()) {
      TSNode Cur = Stack.pop_back_val();
      auto Kids = namedChildren(Cur);
      for (auto It = Kids.rbegin(); It != Kids.rend(); ++It) {
        if (Spec.is(Spec.Interpolations, type(*It)))
          Found.push_back(*It);
        else
          Stack.push_back(*It);
      }
    }
    llvm::sort(Found, [](TSNode A, TSNode B) {
      return ts_node_start_byte(A) < ts_node_start_byte(B);
    });
    for (TSNode H : Found) {
      uint32_t B = ts_node_start_byte(H), E = ts_node_end_byte(H);
      // Cover the `$`, `${` and `}` around the expression, when the grammar
      // leaves them out of the node.
      if (B > 0 && Src[B] != '{' && Src[B] != '$') {
        if (Src[B - 1] == '{' && E < Src.size() && Src[E] == '}') {
          --B;
          ++E;
        }
        if (B > 0 && Src[B - 1] == '$')
          --B;
      }
      Holes.push_back({B, E});
      // The expression inside.
      TSNode X = H;
      if (type(H) != "interpolated_identifier") {
        if (auto F = childByField(H, "expression")) {
          X = *F;
        } else {
          for (TSNode K : namedChildren(H)) {
            llvm::StringRef KT = type(K);
            if (KT == "interpolation_brace" || KT == "interpolation_start" ||
                KT == "format_specifier" || KT == "interpolation_format_clause" ||
                KT == "interpolation_alignment_clause")
              continue;
            X = K;
            break;
          }
        }
        if (type(X) == "block") {
          auto Inner = namedChildren(X);
          if (Inner.size() == 1)
            X = Inner[0];
        }
      }
      HoleExprs.push_back(X);
    }
  }
  auto Interp = [&](size_t I) -> const Rebuilt * {
    if (I >= HoleExprs.size() || ts_node_eq(HoleExprs[I], N))
      return nullptr;
    TSNode X = HoleExprs[I];
    if (type(X) == "interpolated_identifier" || isName(X) ||
        Spec.is(Spec.Numbers, type(X)))
      return knownValue(X, Depth);
    return nullptr;
  };
  auto FmtArg = [&](size_t I, llvm::StringRef Name) -> const Rebuilt * {
    if (!Format)
      return nullptr;
    if (!Name.empty()) {
      for (auto &[K, V] : Format->NamedArgs)
        if (K == Name)
          return knownValue(V, Depth);
      return nullptr;
    }
    if (I < Format->Args.size())
      return knownValue(Format->Args[I], Depth);
    return nullptr;
  };
  LiteralCallbacks CB{Interp, FmtArg, Format ? &Format->NextAuto : nullptr};
  decodeLiteral(Spec.Lang, Src, ts_node_start_byte(N), ts_node_end_byte(N),
                Holes, Format ? Format->Style : FormatStyle::None, CB, Out);
}

void Evaluator::appendWithFormat(TSNode N, Rebuilt &Out, unsigned Depth,
                                 FormatCall *Format) {
  N = unwrap(N);
  uint32_t B = ts_node_start_byte(N), E = ts_node_end_byte(N);
  if (Depth > MaxDepth) {
    Out.appendHole(B, E - B);
    return;
  }
  llvm::StringRef T = type(N);
  if (isLiteral(N)) {
    appendLiteral(N, Out, Depth, Format);
    return;
  }
  if (!Spec.ImplicitConcat.empty() && T == Spec.ImplicitConcat) {
    for (TSNode K : namedChildren(N))
      appendWithFormat(K, Out, Depth + 1, Format);
    return;
  }
  if (Spec.is(Spec.Binaries, T)) {
    bool Percent;
    if (isPlusOrPercent(N, Percent) && !Percent) {
      // Flatten the left spine iteratively: long chains are common.
      llvm::SmallVector<TSNode, 8> Rights;
      TSNode Cur = N;
      while (Rights.size() < 4 * MaxDepth) {
        Cur = unwrap(Cur);
        bool P2;
        if (!Spec.is(Spec.Binaries, type(Cur)) || !isPlusOrPercent(Cur, P2) ||
            P2)
          break;
        auto Kids = namedChildren(Cur);
        if (Kids.size() < 2)
          break;
        Rights.push_back(childByField(Cur, "right").value_or(Kids.back()));
        Cur = childByField(Cur, "left").value_or(Kids.front());
      }
      // Cur is the leftmost operand.
      auto Part = [&](TSNode Op) {
        TSNode U = unwrap(Op);
        if (isStringy(U)) {
          appendWithFormat(U, Out, Depth + 1, Format);
          return;
        }
        uint32_t OB = ts_node_start_byte(U), OE = ts_node_end_byte(U);
        Out.appendHole(OB, OE - OB, knownValue(U, Depth + 1));
      };
      Part(Cur);
      for (auto It = Rights.rbegin(); It != Rights.rend(); ++It)
        Part(*It);
      return;
    }
  }
  if (std::optional<FormatCall> F = formatCall(N)) {
    appendWithFormat(F->Format, Out, Depth + 1, &*F);
    return;
  }
  if (std::optional<TSNode> Inner = trimmed(N)) {
    // Trimming changes no CQL: the text keeps its positions. A margin
    // (Scala's stripMargin, Kotlin's trimMargin) is blanked in place.
    size_t From = Out.text().size();
    appendWithFormat(*Inner, Out, Depth + 1, Format);
    if (std::optional<char> Margin = marginOf(N))
      Out.blankMargins(From, *Margin);
    return;
  }
  llvm::SmallVector<TSNode, 8> Parts;
  if (isCall(N) && builderChain(N, Parts)) {
    for (TSNode Part : Parts) {
      TSNode U = unwrap(Part);
      if (isStringy(U)) {
        appendWithFormat(U, Out, Depth + 1, nullptr);
        continue;
      }
      uint32_t OB = ts_node_start_byte(U), OE = ts_node_end_byte(U);
      Out.appendHole(OB, OE - OB, knownValue(U, Depth + 1));
    }
    return;
  }
  Out.appendHole(B, E - B, knownValue(N, Depth + 1));
}

} // namespace nosqlint::extract
