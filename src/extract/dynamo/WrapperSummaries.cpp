//===- WrapperSummaries.cpp - Wrappers of the SDK requests a file builds --===//
#include "WrapperSummaries.h"

#include "nosqlint/Extract/ToolboxRequests.h"

#include <set>
#include "SyntaxTree.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract::sdk {

namespace {

llvm::StringRef textOf(llvm::StringRef Src, TSNode N) {
  return Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
}

bool isWord(char C) { return llvm::isAlnum(C) || C == '_' || C == '$'; }

bool isIdentifier(llvm::StringRef S) {
  return !S.empty() && !llvm::isDigit(S[0]) && llvm::all_of(S, isWord);
}

/// Go: `func (p *T) name(a, b string, c int)`.
std::optional<FunctionSyntax> goFunction(llvm::StringRef Src, TSNode N) {
  llvm::StringRef T = ts_node_type(N);
  if (T != "function_declaration" && T != "method_declaration")
    return std::nullopt;
  auto Name = childByField(N, "name");
  auto Params = childByField(N, "parameters");
  auto Body = childByField(N, "body");
  if (!Name || !Params || !Body)
    return std::nullopt;
  FunctionSyntax F{N, *Body, textOf(Src, *Name), {}, {}, {}, false};
  if (auto Recv = childByField(N, "receiver")) {
    for (TSNode D : namedChildren(*Recv)) {
      if (llvm::StringRef(ts_node_type(D)) != "parameter_declaration")
        continue;
      auto Ty = childByField(D, "type");
      if (!Ty)
        return std::nullopt;
      TSNode X = *Ty;
      if (llvm::StringRef(ts_node_type(X)) == "pointer_type" &&
          ts_node_named_child_count(X) == 1)
        X = ts_node_named_child(X, 0);
      if (llvm::StringRef(ts_node_type(X)) != "type_identifier")
        return std::nullopt; // generic receivers: not read
      F.Owner = textOf(Src, X);
      if (auto RN = childByField(D, "name"))
        F.ReceiverName = textOf(Src, *RN);
    }
    if (F.Owner.empty())
      return std::nullopt;
  }
  for (TSNode D : namedChildren(*Params)) {
    llvm::StringRef DT = ts_node_type(D);
    if (DT == "variadic_parameter_declaration") {
      F.Variadic = true;
      continue;
    }
    if (DT != "parameter_declaration")
      continue;
    bool Named = false;
    for (TSNode K : namedChildren(D))
      if (llvm::StringRef(ts_node_type(K)) == "identifier") {
        F.Params.push_back(textOf(Src, K));
        Named = true;
      }
    if (!Named)
      F.Params.push_back(""); // `func f(string)`: no name to flow
  }
  return F;
}

/// The name of the innermost class (or interface, enum, record, object)
/// declaring \p N.
llvm::StringRef enclosingClass(llvm::StringRef Src, TSNode N) {
  for (N = ts_node_parent(N); !ts_node_is_null(N); N = ts_node_parent(N)) {
    llvm::StringRef T = ts_node_type(N);
    if (T == "class_declaration" || T == "interface_declaration" ||
        T == "enum_declaration" || T == "record_declaration" ||
        T == "abstract_class_declaration" || T == "class")
      if (auto Name = childByField(N, "name"))
        return textOf(Src, *Name);
  }
  return {};
}

/// The stand-in name of a parameter written as an object pattern: no
/// identifier, so no value's text is ever that name.
constexpr llvm::StringLiteral kPatternParameter = "{}";

/// The parameter names of a Java, JavaScript or TypeScript parameter list;
/// false when one is not a plain name (a destructuring pattern, a rest or
/// spread parameter: which argument is which is not known).
bool parameterNames(llvm::StringRef Src, TSNode List,
                    llvm::SmallVectorImpl<llvm::StringRef> &Out,
                    unsigned *Optional = nullptr) {
  if (llvm::StringRef(ts_node_type(List)) == "identifier") {
    Out.push_back(textOf(Src, List)); // `x => ...`
    return true;
  }
  unsigned Trailing = 0;
  for (TSNode P : namedChildren(List)) {
    llvm::StringRef T = ts_node_type(P);
    if (T == "identifier") { // JavaScript
      Out.push_back(textOf(Src, P));
      Trailing = 0;
      continue;
    }
    if (T == "formal_parameter" || T == "required_parameter" ||
        T == "optional_parameter") {
      auto Name = childByField(P, T == "formal_parameter" ? "name" : "pattern");
      if (Name && T != "formal_parameter" &&
          llvm::StringRef(ts_node_type(*Name)) == "object_pattern") {
        // TypeScript `({ entity, item }: Params)`: one argument, its
        // properties read by name (parameterSource).
        Out.push_back(kPatternParameter);
        Trailing = 0;
        continue;
      }
      if (!Name || llvm::StringRef(ts_node_type(*Name)) != "identifier")
        return false;
      Out.push_back(textOf(Src, *Name));
      // TypeScript `n?: number`, `n = 25`: a call may leave it out.
      bool Opt = T == "optional_parameter" ||
                 (T == "required_parameter" && childByField(P, "value"));
      Trailing = Opt ? Trailing + 1 : 0;
      continue;
    }
    if (T == "assignment_pattern") { // JavaScript `x = 1`
      auto L = childByField(P, "left");
      if (!L || llvm::StringRef(ts_node_type(*L)) != "identifier")
        return false;
      Out.push_back(textOf(Src, *L));
      ++Trailing;
      continue;
    }
    if (T == "receiver_parameter" || T == "this")
      continue;
    return false; // spread_parameter, rest_pattern, object_pattern, ...
  }
  if (Optional)
    *Optional = Trailing;
  return true;
}

/// Java: `Result name(String table, int n) {..}` in class Owner.
std::optional<FunctionSyntax> javaFunction(llvm::StringRef Src, TSNode N) {
  if (llvm::StringRef(ts_node_type(N)) != "method_declaration")
    return std::nullopt;
  auto Name = childByField(N, "name");
  auto Params = childByField(N, "parameters");
  auto Body = childByField(N, "body");
  if (!Name || !Params || !Body)
    return std::nullopt;
  FunctionSyntax F{N, *Body, textOf(Src, *Name), enclosingClass(Src, N),
                   {}, {}, false};
  if (F.Owner.empty())
    return std::nullopt;
  F.Variadic = !parameterNames(Src, *Params, F.Params);
  return F;
}

/// JavaScript/TypeScript: `function name(a, b) {..}`, `const name =
/// async (a, b) => {..}`, a class's method `name(a, b) {..}`.
std::optional<FunctionSyntax> jsFunction(llvm::StringRef Src, TSNode N) {
  llvm::StringRef T = ts_node_type(N);
  std::optional<TSNode> Name, Params, Body;
  llvm::StringRef Owner;
  if (T == "function_declaration" || T == "generator_function_declaration" ||
      T == "method_definition") {
    Name = childByField(N, "name");
    Params = childByField(N, "parameters");
    Body = childByField(N, "body");
    if (T == "method_definition") {
      Owner = enclosingClass(Src, N);
      if (Owner.empty())
        return std::nullopt; // an object literal's method
    }
  } else if (T == "arrow_function" || T == "function_expression" ||
             T == "function") {
    TSNode Decl = ts_node_parent(N);
    if (ts_node_is_null(Decl) ||
        llvm::StringRef(ts_node_type(Decl)) != "variable_declarator")
      return std::nullopt;
    Name = childByField(Decl, "name");
    Params = childByField(N, "parameters");
    if (!Params)
      Params = childByField(N, "parameter");
    Body = childByField(N, "body");
    // Only a module-level declaration is a function other files import.
    TSNode Lex = ts_node_parent(Decl);
    TSNode Top = ts_node_is_null(Lex) ? Lex : ts_node_parent(Lex);
    if (!ts_node_is_null(Top) &&
        llvm::StringRef(ts_node_type(Top)) == "export_statement")
      Top = ts_node_parent(Top);
    if (ts_node_is_null(Top) ||
        llvm::StringRef(ts_node_type(Top)) != "program")
      return std::nullopt;
  } else {
    return std::nullopt;
  }
  if (!Name || !Params || !Body ||
      llvm::StringRef(ts_node_type(*Name)) == "computed_property_name")
    return std::nullopt;
  FunctionSyntax F{N, *Body, textOf(Src, *Name), Owner, {}, {}, false};
  F.Variadic = !parameterNames(Src, *Params, F.Params, &F.Optional);
  return F;
}

/// The Unknown string and number values of a request, with their paths.
void collectUnknowns(
    const json::JsonValue &V, std::vector<JsonStep> &Path,
    std::vector<std::pair<std::vector<JsonStep>, const json::JsonValue *>>
        &Out) {
  if (V.isObject()) {
    for (const json::JsonMember &M : V.Members) {
      Path.push_back({M.Key, -1});
      collectUnknowns(M.Value, Path, Out);
      Path.pop_back();
    }
    return;
  }
  if (V.isArray()) {
    for (size_t I = 0; I < V.Elements.size(); ++I) {
      Path.push_back({"", static_cast<int>(I)});
      collectUnknowns(V.Elements[I], Path, Out);
      Path.pop_back();
    }
    return;
  }
  if (V.Unknown && (V.isString() || V.isNumber()))
    Out.emplace_back(Path, &V);
}

/// `table`, `aws.String(table)`, `*index`, `&x`, `(x)`: the name alone the
/// text stands for, or empty.
llvm::StringRef nameInside(llvm::StringRef S) {
  for (unsigned I = 0; I < 4; ++I) {
    S = S.trim();
    if (isIdentifier(S))
      return S;
    if (S.consume_front("*") || S.consume_front("&"))
      continue;
    if (S.startswith("(") && S.endswith(")")) {
      S = S.drop_front().drop_back();
      continue;
    }
    // A helper call on the name alone: `aws.String(x)`, `String.valueOf(x)`.
    size_t Open = S.find('(');
    if (Open == llvm::StringRef::npos || !S.endswith(")"))
      return {};
    llvm::StringRef Callee = S.take_front(Open);
    if (Callee.empty() ||
        !llvm::all_of(Callee, [](char C) { return isWord(C) || C == '.'; }))
      return {};
    S = S.slice(Open + 1, S.size() - 1);
    if (S.contains(',') || S.contains('('))
      return {};
  }
  return {};
}

bool namesWord(llvm::StringRef C, llvm::StringRef P) {
  if (P.empty())
    return false;
  for (size_t At = C.find(P); At != llvm::StringRef::npos;
       At = C.find(P, At + 1)) {
    bool Left = At == 0 || !isWord(C[At - 1]);
    bool Right = At + P.size() >= C.size() || !isWord(C[At + P.size()]);
    if (Left && Right)
      return true;
  }
  return false;
}

/// Statements and expressions that run their parts or not.
bool isConditional(llvm::StringRef T) {
  static constexpr llvm::StringLiteral Types[] = {
      "if_statement",         "for_statement",
      "for_in_statement",     "enhanced_for_statement",
      "while_statement",      "do_statement",
      "switch_statement",     "switch_expression",
      "expression_switch_statement", "type_switch_statement",
      "select_statement",     "ternary_expression",
      "conditional_expression", "binary_expression",
      "switch_block_statement_group", "switch_case",
      "expression_case",      "type_case",
      "communication_case",   "switch_rule",
      "catch_clause",
  };
  return llvm::is_contained(Types, T);
}

/// A condition around \p Site inside \p Body that names a parameter: the
/// request is sent or not depending on the call. Any part of a conditional
/// that runs before the part holding the site (the condition, an earlier
/// branch) counts, and the whole of a do-while.
bool guardedByParameter(llvm::StringRef Src, TSNode Site, TSNode Body,
                        llvm::ArrayRef<llvm::StringRef> Params) {
  TSNode Child = Site;
  for (TSNode N = ts_node_parent(Site); !ts_node_is_null(N);
       Child = N, N = ts_node_parent(N)) {
    if (ts_node_eq(N, Body))
      return false;
    llvm::StringRef T = ts_node_type(N);
    if (!isConditional(T))
      continue;
    uint32_t Holder = ts_node_start_byte(Child);
    for (TSNode K : namedChildren(N)) {
      if (ts_node_eq(K, Child) ||
          (T != "do_statement" && ts_node_start_byte(K) >= Holder))
        continue;
      llvm::StringRef C = textOf(Src, K);
      if (llvm::any_of(Params,
                       [&](llvm::StringRef P) { return namesWord(C, P); }))
        return true;
    }
  }
  return false;
}

/// Java: another method of the class with the same name and as many
/// parameters (which one a call means takes the argument types).
bool hasOverload(llvm::StringRef Src, const FunctionSyntax &F) {
  if (llvm::StringRef(ts_node_type(F.Node)) != "method_declaration")
    return false;
  TSNode Class = ts_node_parent(F.Node);
  if (ts_node_is_null(Class) ||
      llvm::StringRef(ts_node_type(Class)) != "class_body")
    return false; // Go: methods of other types share the file
  for (TSNode M : namedChildren(Class)) {
    if (ts_node_eq(M, F.Node) ||
        llvm::StringRef(ts_node_type(M)) != "method_declaration")
      continue;
    auto Name = childByField(M, "name");
    auto Params = childByField(M, "parameters");
    llvm::SmallVector<llvm::StringRef, 8> P;
    if (Name && Params && textOf(Src, *Name) == F.Name &&
        (!parameterNames(Src, *Params, P) || P.size() == F.Params.size()))
      return true;
  }
  return false;
}

/// Where a value of a function's body comes from: one of its parameters,
/// or a property of one (`params.table`, JavaScript's `const { table,
/// items: xs } = params`), the parameter never assigned.
struct ParamSource {
  unsigned Param = 0;
  std::string Member;
};

std::optional<ParamSource> parameterSource(llvm::StringRef Src,
                                           const FunctionSyntax &F,
                                           TSNode Root, uint32_t Begin,
                                           uint32_t End) {
  uint32_t BB = ts_node_start_byte(F.Body), BE = ts_node_end_byte(F.Body);
  auto Param = [&](llvm::StringRef N) -> std::optional<unsigned> {
    auto It = llvm::find(F.Params, N);
    if (It == F.Params.end() || assignedIn(Src, BB, BE, N))
      return std::nullopt;
    return static_cast<unsigned>(It - F.Params.begin());
  };
  llvm::StringRef Text = Src.slice(Begin, End);
  llvm::StringRef Name = nameInside(Text);
  if (!Name.empty()) {
    if (auto P = Param(Name))
      return ParamSource{*P, ""};
    if (assignedIn(Src, BB, BE, Name))
      return std::nullopt;
    // TypeScript `({ Name, key: Name }: Params) => ..`: a property of the
    // argument.
    auto List = childByField(F.Node, "parameters");
    for (unsigned I = 0; List && I < F.Params.size(); ++I) {
      if (F.Params[I] != kPatternParameter)
        continue;
      unsigned At = 0;
      for (TSNode P : namedChildren(*List)) {
        llvm::StringRef PT = ts_node_type(P);
        if (PT != "required_parameter" && PT != "optional_parameter")
          continue;
        if (At++ != I)
          continue;
        auto Pat = childByField(P, "pattern");
        if (!Pat)
          break;
        for (TSNode E : namedChildren(*Pat)) {
          llvm::StringRef ET = ts_node_type(E);
          if (ET == "shorthand_property_identifier_pattern" &&
              textOf(Src, E) == Name)
            return ParamSource{I, Name.str()};
          auto K = childByField(E, "key");
          auto V = childByField(E, "value");
          if (ET == "pair_pattern" && K && V &&
              llvm::StringRef(ts_node_type(*V)) == "identifier" &&
              textOf(Src, *V) == Name)
            return ParamSource{I, textOf(Src, *K).str()};
        }
      }
    }
    // JavaScript: `const { Name } = p` / `const { key: Name } = p` among
    // the body's own statements.
    for (TSNode S : namedChildren(F.Body)) {
      llvm::StringRef ST = ts_node_type(S);
      if (ST != "lexical_declaration" && ST != "variable_declaration")
        continue;
      for (TSNode D : namedChildren(S)) {
        auto Pat = childByField(D, "name");
        auto Val = childByField(D, "value");
        if (!Pat || !Val ||
            llvm::StringRef(ts_node_type(*Pat)) != "object_pattern" ||
            llvm::StringRef(ts_node_type(*Val)) != "identifier")
          continue;
        auto P = Param(textOf(Src, *Val));
        if (!P)
          continue;
        for (TSNode E : namedChildren(*Pat)) {
          llvm::StringRef ET = ts_node_type(E);
          if (ET == "shorthand_property_identifier_pattern" &&
              textOf(Src, E) == Name)
            return ParamSource{*P, Name.str()};
          if (ET != "pair_pattern")
            continue;
          auto K = childByField(E, "key");
          auto V = childByField(E, "value");
          if (K && V && llvm::StringRef(ts_node_type(*V)) == "identifier" &&
              textOf(Src, *V) == Name)
            return ParamSource{*P, textOf(Src, *K).str()};
        }
      }
    }
    return std::nullopt;
  }
  // `p.member`
  TSNode N = ts_node_descendant_for_byte_range(Root, Begin, End);
  if (ts_node_is_null(N) || ts_node_start_byte(N) != Begin ||
      ts_node_end_byte(N) != End ||
      llvm::StringRef(ts_node_type(N)) != "member_expression")
    return std::nullopt;
  auto O = childByField(N, "object");
  auto M = childByField(N, "property");
  if (!O || !M || llvm::StringRef(ts_node_type(*O)) != "identifier" ||
      llvm::StringRef(ts_node_type(*M)) != "property_identifier")
    return std::nullopt;
  if (auto P = Param(textOf(Src, *O)))
    return ParamSource{*P, textOf(Src, *M).str()};
  return std::nullopt;
}

std::optional<ParamSource> sourceOf(llvm::StringRef Src,
                                    const FunctionSyntax &F, TSNode Root,
                                    TSNode N) {
  return parameterSource(Src, F, Root, ts_node_start_byte(N),
                         ts_node_end_byte(N));
}

/// JavaScript: the hole \p H of a wrapper called with \p Args from
/// function \p G, as a hole of G: the argument, or its property, comes
/// from one of G's parameters.
std::optional<WrapperHole> throughCall(llvm::StringRef Src, TSNode Root,
                                       const FunctionSyntax &G,
                                       llvm::ArrayRef<TSNode> Args,
                                       const WrapperHole &H) {
  if (H.Param >= Args.size())
    return std::nullopt;
  TSNode A = Args[H.Param];
  auto With = [&](std::optional<ParamSource> S,
                  llvm::StringRef Member) -> std::optional<WrapperHole> {
    if (!S || (!S->Member.empty() && !Member.empty()))
      return std::nullopt; // a property of a property: not followed
    WrapperHole Out{H.Path, S->Param,
                    S->Member.empty() ? Member.str() : S->Member};
    return Out;
  };
  if (H.Member.empty() ||
      llvm::StringRef(ts_node_type(A)) != "object")
    return With(sourceOf(Src, G, Root, A), H.Member);
  // `{ ...params, table: x }`: the last part of the literal that sets it.
  std::optional<WrapperHole> Last;
  for (TSNode P : namedChildren(A)) {
    llvm::StringRef PT = ts_node_type(P);
    if (PT == "shorthand_property_identifier" && textOf(Src, P) == H.Member) {
      Last = With(sourceOf(Src, G, Root, P), "");
    } else if (PT == "pair") {
      auto K = childByField(P, "key");
      auto V = childByField(P, "value");
      if (K && V && textOf(Src, *K).trim("'\"") == H.Member)
        Last = With(sourceOf(Src, G, Root, *V), "");
    } else if (PT == "spread_element" && ts_node_named_child_count(P) == 1) {
      Last = With(sourceOf(Src, G, Root, ts_node_named_child(P, 0)), H.Member);
    }
  }
  return Last;
}

} // namespace

std::optional<FunctionSyntax> enclosingFunction(HostLanguage Lang,
                                                llvm::StringRef Src,
                                                TSNode Root, uint32_t Offset) {
  TSNode N = ts_node_descendant_for_byte_range(Root, Offset, Offset);
  for (; !ts_node_is_null(N); N = ts_node_parent(N)) {
    switch (Lang) {
    case HostLanguage::Go:
      if (auto F = goFunction(Src, N))
        return F;
      break;
    case HostLanguage::Java:
      if (auto F = javaFunction(Src, N))
        return F;
      break;
    case HostLanguage::JavaScript:
    case HostLanguage::TypeScript:
    case HostLanguage::Tsx:
      if (auto F = jsFunction(Src, N))
        return F;
      break;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

llvm::StringRef packageOf(HostLanguage Lang, llvm::StringRef Src,
                          TSNode Root) {
  for (TSNode K : namedChildren(Root)) {
    llvm::StringRef T = ts_node_type(K);
    if (Lang == HostLanguage::Java && T == "package_declaration")
      for (TSNode I : namedChildren(K))
        return textOf(Src, I);
    if (Lang != HostLanguage::Go || T != "package_clause")
      continue;
    for (TSNode I : namedChildren(K))
      if (llvm::StringRef(ts_node_type(I)) == "package_identifier")
        return textOf(Src, I);
  }
  return {};
}

TSNode jsCallee(TSNode Fn) {
  // tree-sitter-typescript reads `await f<T>(x)` as a call of `await f`
  // with type arguments: the call is f's, awaited.
  if (llvm::StringRef(ts_node_type(Fn)) == "await_expression" &&
      ts_node_named_child_count(Fn) == 1 &&
      !ts_node_is_null(ts_node_next_named_sibling(Fn)) &&
      llvm::StringRef(ts_node_type(ts_node_next_named_sibling(Fn))) ==
          "type_arguments")
    return ts_node_named_child(Fn, 0);
  return Fn;
}

bool assignedIn(llvm::StringRef Src, uint32_t Begin, uint32_t End,
                llvm::StringRef Name) {
  llvm::StringRef B = Src.slice(Begin, End);
  for (size_t At = B.find(Name); At != llvm::StringRef::npos;
       At = B.find(Name, At + 1)) {
    if (At > 0 && isWord(B[At - 1]))
      continue;
    size_t E = At + Name.size();
    if (E < B.size() && isWord(B[E]))
      continue;
    if (At > 0 && B[At - 1] == '&')
      return true;
    llvm::StringRef Rest = B.drop_front(E).ltrim(" \t");
    // `x, y = ...` / `x, err := ...`: the name on the left of a list.
    while (Rest.consume_front(",")) {
      Rest = Rest.ltrim(" \t");
      size_t W = 0;
      while (W < Rest.size() && isWord(Rest[W]))
        ++W;
      if (W == 0)
        break;
      Rest = Rest.drop_front(W).ltrim(" \t");
    }
    if (Rest.startswith(":=") || Rest.startswith("+=") ||
        Rest.startswith("-=") || Rest.startswith("++") ||
        Rest.startswith("--") ||
        (Rest.startswith("=") && !Rest.startswith("==")))
      return true;
  }
  return false;
}

namespace {

/// JavaScript: a function of the file that calls one of its wrappers,
/// passing its own parameters (or their properties) where the wrapper
/// takes them, is a wrapper too (`getClean(params)` calling `get(params)`),
/// to three calls deep.
template <typename WrapperOfFn>
void deriveWrappers(HostLanguage Lang, llvm::StringRef Src, TSNode Root,
                    std::vector<WrapperFunction> &Out, WrapperOfFn WrapperOf) {
  std::set<uint32_t> Done; // the calls already read
  for (unsigned Round = 0; Round < 3; ++Round) {
    struct Found {
      std::string Callee;
      FunctionSyntax G;
      llvm::SmallVector<TSNode, 4> Args;
      TSNode Call;
    };
    std::vector<Found> Calls;
    forEachNamedNode(Root, [&](TSNode N) {
      if (llvm::StringRef(ts_node_type(N)) != "call_expression" ||
          Done.count(ts_node_start_byte(N)))
        return;
      auto Fn = childByField(N, "function");
      auto ArgList = childByField(N, "arguments");
      if (Fn)
        Fn = jsCallee(*Fn);
      if (!Fn || !ArgList ||
          llvm::StringRef(ts_node_type(*Fn)) != "identifier")
        return;
      llvm::StringRef Name = textOf(Src, *Fn);
      if (llvm::none_of(Out, [&](const WrapperFunction &W) {
            return W.Name == Name && W.Owner.empty();
          }))
        return;
      std::optional<FunctionSyntax> G =
          enclosingFunction(Lang, Src, Root, ts_node_start_byte(N));
      if (!G || G->Variadic || G->Params.empty() || G->Name == Name ||
          !G->Owner.empty() || llvm::is_contained(G->Params, Name) ||
          guardedByParameter(Src, N, G->Body, G->Params))
        return;
      Found F{Name.str(), *G, {}, N};
      for (TSNode A : namedChildren(*ArgList)) {
        if (llvm::StringRef(ts_node_type(A)) == "spread_element")
          return;
        if (llvm::StringRef(ts_node_type(A)) != "comment")
          F.Args.push_back(A);
      }
      Calls.push_back(std::move(F));
    });
    bool Made = false;
    for (Found &F : Calls) {
      Done.insert(ts_node_start_byte(F.Call));
      auto W = llvm::find_if(Out, [&](const WrapperFunction &X) {
        return X.Name == F.Callee && X.Owner.empty();
      });
      if (W == Out.end() || F.Args.size() > W->Params.size() ||
          F.Args.size() + W->Optional < W->Params.size())
        continue;
      std::vector<WrapperFunction::Template> New;
      for (const WrapperFunction::Template &T : W->Requests) {
        WrapperFunction::Template D;
        for (const WrapperHole &H : T.Holes)
          if (auto M = throughCall(Src, Root, F.G, F.Args, H))
            D.Holes.push_back(std::move(*M));
        if (T.Receiver)
          D.Receiver = throughCall(Src, Root, F.G, F.Args, *T.Receiver);
        if (D.Holes.empty() && !D.Receiver)
          continue;
        D.Call.Operation = T.Call.Operation;
        D.Call.Sdk = T.Call.Sdk;
        D.Call.ModelClass = T.Call.ModelClass;
        D.Call.Params = std::make_unique<json::JsonValue>(*T.Call.Params);
        D.Call.Range = {T.Call.Range.File, ts_node_start_byte(F.Call),
                        ts_node_end_byte(F.Call)};
        D.Call.OperationRange = T.Call.OperationRange;
        New.push_back(std::move(D));
      }
      if (New.empty())
        continue;
      auto G = WrapperOf(F.G); // may move Out's elements: W is not used again
      for (WrapperFunction::Template &T : New)
        G->Requests.push_back(std::move(T));
      Made = true;
    }
    if (!Made)
      return;
  }
}

} // namespace

std::vector<WrapperFunction>
summarizeWrappers(HostLanguage Lang, llvm::StringRef Src, TSNode Root,
                  const std::vector<DynamoCall> &Calls) {
  std::vector<WrapperFunction> Out;
  llvm::StringRef Package = packageOf(Lang, Src, Root);
  if (Lang == HostLanguage::Go && Package.empty())
    return Out;
  bool Js = Lang == HostLanguage::JavaScript ||
            Lang == HostLanguage::TypeScript || Lang == HostLanguage::Tsx;
  auto WrapperOf = [&](const FunctionSyntax &F) {
    auto W = llvm::find_if(Out, [&](const WrapperFunction &X) {
      return X.Name == F.Name && X.Owner == F.Owner;
    });
    if (W != Out.end())
      return W;
    WrapperFunction New;
    New.Name = F.Name.str();
    New.Owner = F.Owner.str();
    New.Package = Package.str();
    New.Definition = {Calls.empty() ? FileId{} : Calls.front().Range.File,
                      ts_node_start_byte(F.Node), ts_node_end_byte(F.Node)};
    for (llvm::StringRef P : F.Params)
      New.Params.push_back(P.str());
    New.Optional = F.Optional;
    Out.push_back(std::move(New));
    return std::prev(Out.end());
  };
  for (const DynamoCall &Call : Calls) {
    // A marked request waits for its mark's resolution, but for a
    // dynamodb-toolbox one (resolved with the wrappers: ToolboxRequests.h).
    if (!Call.Params || Call.Operation == "CreateTable" ||
        Call.Operation == "UpdateTable" ||
        (!Call.ModelClass.empty() && Call.Sdk != kToolboxSdk))
      continue;
    std::optional<FunctionSyntax> F =
        enclosingFunction(Lang, Src, Root, Call.Range.Begin);
    if (!F || F->Variadic || F->Params.empty() ||
        hasOverload(Src, *F))
      continue;
    // The request site: the node the call's range names.
    TSNode Site = ts_node_descendant_for_byte_range(Root, Call.Range.Begin,
                                                    Call.Range.End);
    if (guardedByParameter(Src, Site, F->Body, F->Params))
      continue;
    std::vector<JsonStep> Path;
    std::vector<std::pair<std::vector<JsonStep>, const json::JsonValue *>> U;
    collectUnknowns(*Call.Params, Path, U);
    WrapperFunction::Template T;
    for (auto &[P, V] : U) {
      if (V->End <= V->Begin || V->End > Src.size())
        continue;
      std::optional<ParamSource> From =
          Js ? parameterSource(Src, *F, Root, V->Begin, V->End)
             : std::nullopt;
      if (!Js) {
        llvm::StringRef Name = nameInside(Src.slice(V->Begin, V->End));
        auto It = llvm::find(F->Params, Name);
        if (Name.empty() || It == F->Params.end() ||
            assignedIn(Src, ts_node_start_byte(F->Body),
                       ts_node_end_byte(F->Body), Name))
          continue;
        From = ParamSource{static_cast<unsigned>(It - F->Params.begin()), ""};
      }
      if (From)
        T.Holes.push_back({std::move(P), From->Param, From->Member});
    }
    // A dynamodb-toolbox request on an Entity or Table the caller gives.
    if (Call.Sdk == kToolboxSdk &&
        llvm::StringRef(ts_node_type(Site)) == "call_expression")
      if (auto Fn = childByField(Site, "function");
          Fn && llvm::StringRef(ts_node_type(*Fn)) == "member_expression")
        if (auto O = childByField(*Fn, "object"))
          if (auto From = sourceOf(Src, *F, Root, *O))
            T.Receiver = WrapperHole{{}, From->Param, From->Member};
    auto W = WrapperOf(*F);
    T.Call.Operation = Call.Operation;
    T.Call.Sdk = Call.Sdk;
    T.Call.ModelClass = Call.ModelClass;
    T.Call.Params = std::make_unique<json::JsonValue>(*Call.Params);
    T.Call.Range = Call.Range;
    T.Call.OperationRange = Call.OperationRange;
    W->Requests.push_back(std::move(T));
  }
  if (Js)
    deriveWrappers(Lang, Src, Root, Out, WrapperOf);
  // A wrapper whose requests take none of its parameters is the same
  // request at every call: the wrapper's own site already holds it.
  llvm::erase_if(Out, [](const WrapperFunction &W) {
    return llvm::none_of(W.Requests, [](const WrapperFunction::Template &T) {
      return !T.Holes.empty() || T.Receiver;
    });
  });
  return Out;
}

} // namespace nosqlint::extract::sdk
