//===- WrapperSummaries.cpp - Wrappers of the SDK requests a file builds --===//
#include "WrapperSummaries.h"
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

/// The parameter names of a Java, JavaScript or TypeScript parameter list;
/// false when one is not a plain name (a destructuring pattern, a rest or
/// spread parameter: which argument is which is not known).
bool parameterNames(llvm::StringRef Src, TSNode List,
                    llvm::SmallVectorImpl<llvm::StringRef> &Out) {
  if (llvm::StringRef(ts_node_type(List)) == "identifier") {
    Out.push_back(textOf(Src, List)); // `x => ...`
    return true;
  }
  for (TSNode P : namedChildren(List)) {
    llvm::StringRef T = ts_node_type(P);
    if (T == "identifier") { // JavaScript
      Out.push_back(textOf(Src, P));
      continue;
    }
    if (T == "formal_parameter" || T == "required_parameter" ||
        T == "optional_parameter") {
      auto Name = childByField(P, T == "formal_parameter" ? "name" : "pattern");
      if (!Name || llvm::StringRef(ts_node_type(*Name)) != "identifier")
        return false;
      Out.push_back(textOf(Src, *Name));
      continue;
    }
    if (T == "assignment_pattern") { // JavaScript `x = 1`
      auto L = childByField(P, "left");
      if (!L || llvm::StringRef(ts_node_type(*L)) != "identifier")
        return false;
      Out.push_back(textOf(Src, *L));
      continue;
    }
    if (T == "receiver_parameter" || T == "this")
      continue;
    return false; // spread_parameter, rest_pattern, object_pattern, ...
  }
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
  F.Variadic = !parameterNames(Src, *Params, F.Params);
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

std::vector<WrapperFunction>
summarizeWrappers(HostLanguage Lang, llvm::StringRef Src, TSNode Root,
                  const std::vector<DynamoCall> &Calls) {
  std::vector<WrapperFunction> Out;
  llvm::StringRef Package = packageOf(Lang, Src, Root);
  if (Lang == HostLanguage::Go && Package.empty())
    return Out;
  for (const DynamoCall &Call : Calls) {
    if (!Call.Params || Call.Operation == "CreateTable" ||
        Call.Operation == "UpdateTable" || !Call.ModelClass.empty())
      continue;
    std::optional<FunctionSyntax> F =
        enclosingFunction(Lang, Src, Root, Call.Range.Begin);
    if (!F || F->Variadic || F->Params.empty() ||
        hasOverload(Src, *F))
      continue;
    uint32_t BodyBegin = ts_node_start_byte(F->Body);
    uint32_t BodyEnd = ts_node_end_byte(F->Body);
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
      llvm::StringRef Name = nameInside(Src.slice(V->Begin, V->End));
      if (Name.empty())
        continue;
      auto It = llvm::find(F->Params, Name);
      if (It == F->Params.end() || assignedIn(Src, BodyBegin, BodyEnd, Name))
        continue;
      T.Holes.push_back(
          {std::move(P), static_cast<unsigned>(It - F->Params.begin())});
    }
    auto W = llvm::find_if(Out, [&](const WrapperFunction &X) {
      return X.Name == F->Name && X.Owner == F->Owner;
    });
    if (W == Out.end()) {
      WrapperFunction New;
      New.Name = F->Name.str();
      New.Owner = F->Owner.str();
      New.Package = Package.str();
      New.Definition = {Call.Range.File, ts_node_start_byte(F->Node),
                        ts_node_end_byte(F->Node)};
      for (llvm::StringRef P : F->Params)
        New.Params.push_back(P.str());
      Out.push_back(std::move(New));
      W = std::prev(Out.end());
    }
    T.Call.Operation = Call.Operation;
    T.Call.Sdk = Call.Sdk;
    T.Call.Params = std::make_unique<json::JsonValue>(*Call.Params);
    T.Call.Range = Call.Range;
    T.Call.OperationRange = Call.OperationRange;
    W->Requests.push_back(std::move(T));
  }
  // A wrapper whose requests take none of its parameters is the same
  // request at every call: the wrapper's own site already holds it.
  llvm::erase_if(Out, [](const WrapperFunction &W) {
    return llvm::none_of(W.Requests, [](const WrapperFunction::Template &T) {
      return !T.Holes.empty();
    });
  });
  return Out;
}

} // namespace nosqlint::extract::sdk
