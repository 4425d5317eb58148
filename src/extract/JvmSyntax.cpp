//===- JvmSyntax.cpp ------------------------------------------------------===//
#include "JvmSyntax.h"

#include "SyntaxTree.h"

#include "llvm/ADT/StringSet.h"

#include <functional>

namespace nosqlint::extract {

namespace {

bool isKotlin(const Evaluator &E) {
  return E.language() == HostLanguage::Kotlin;
}

/// A Kotlin navigation_suffix's name (`.x`, `?.x`).
std::optional<TSNode> suffixName(const Evaluator &E, TSNode Suffix) {
  for (TSNode K : namedChildren(Suffix))
    if (E.type(K) == "simple_identifier")
      return K;
  return std::nullopt;
}

/// A Kotlin value_argument's value (`name = v`: v; `null`, a keyword, is
/// the argument itself).
TSNode argumentValue(TSNode A) {
  auto Kids = namedChildren(A);
  return Kids.empty() ? A : Kids.back();
}

} // namespace

TSNode jvmUnwrap(const Evaluator &E, TSNode N) {
  for (unsigned Steps = 0; Steps < 16; ++Steps) {
    llvm::StringRef T = E.type(N);
    auto Kids = namedChildren(N);
    if (Kids.empty())
      return N;
    if (T == "parenthesized_expression" || T == "postfix_expression" ||
        T == "value_argument") {
      N = Kids.back();
      continue;
    }
    // Kotlin `x as T`: the value is x's.
    if (T == "as_expression" || T == "cast_expression") {
      N = T == "cast_expression" ? Kids.back() : Kids.front();
      continue;
    }
    return N;
  }
  return N;
}

std::optional<JvmCall> jvmCall(const Evaluator &E, TSNode N) {
  JvmCall C;
  C.Node = N;
  if (E.type(N) == "method_invocation") {
    auto Name = childByField(N, "name");
    auto Args = childByField(N, "arguments");
    if (!Name || !Args)
      return std::nullopt;
    C.Name = *Name;
    C.Receiver = childByField(N, "object");
    if (auto TA = childByField(N, "type_arguments"))
      if (auto Kids = namedChildren(*TA); !Kids.empty())
        C.TypeArgument = Kids.front();
    for (TSNode A : namedChildren(*Args))
      C.Args.push_back(A);
    return C;
  }
  if (E.type(N) != "call_expression" || !isKotlin(E))
    return std::nullopt;
  auto Kids = namedChildren(N);
  if (Kids.size() != 2 || E.type(Kids[1]) != "call_suffix")
    return std::nullopt;
  TSNode Callee = Kids[0];
  if (E.type(Callee) == "simple_identifier") {
    C.Name = Callee;
  } else if (E.type(Callee) == "navigation_expression") {
    auto Parts = namedChildren(Callee);
    if (Parts.size() != 2 || E.type(Parts[1]) != "navigation_suffix")
      return std::nullopt;
    auto Name = suffixName(E, Parts[1]);
    if (!Name)
      return std::nullopt;
    C.Name = *Name;
    C.Receiver = Parts[0];
  } else {
    return std::nullopt;
  }
  for (TSNode S : namedChildren(Kids[1])) {
    llvm::StringRef T = E.type(S);
    if (T == "value_arguments") {
      for (TSNode A : namedChildren(S))
        C.Args.push_back(argumentValue(A));
    } else if (T == "type_arguments") {
      for (TSNode P : namedChildren(S)) {
        auto Inner = namedChildren(P); // type_projection -> the type
        C.TypeArgument = Inner.empty() ? P : Inner.back();
        break;
      }
    } else if (T == "annotated_lambda") {
      C.Args.push_back(S); // a trailing lambda is an argument too
    }
  }
  return C;
}

llvm::StringRef jvmMethodName(const Evaluator &E, const JvmCall &C) {
  return E.text(C.Name).trim("`");
}

std::optional<JvmCall> jvmNextCall(const Evaluator &E, TSNode Call) {
  TSNode N = Call;
  for (unsigned Steps = 0; Steps < 8; ++Steps) {
    TSNode P = ts_node_parent(N);
    if (ts_node_is_null(P))
      return std::nullopt;
    llvm::StringRef T = E.type(P);
    if (T == "parenthesized_expression" || T == "postfix_expression") {
      N = P;
      continue;
    }
    if (T == "method_invocation") {
      auto Obj = childByField(P, "object");
      if (!Obj || !ts_node_eq(*Obj, N))
        return std::nullopt;
      return jvmCall(E, P);
    }
    if (T == "navigation_expression") {
      auto Kids = namedChildren(P);
      if (Kids.empty() || !ts_node_eq(Kids[0], N))
        return std::nullopt;
      TSNode Outer = ts_node_parent(P);
      if (ts_node_is_null(Outer) || E.type(Outer) != "call_expression")
        return std::nullopt;
      return jvmCall(E, Outer);
    }
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<llvm::StringRef> jvmClassLiteral(const Evaluator &E, TSNode N) {
  N = jvmUnwrap(E, N);
  llvm::StringRef T = E.type(N);
  if (T == "class_literal") {
    auto Kids = namedChildren(N);
    if (!Kids.empty())
      return E.text(Kids[0]);
    return std::nullopt;
  }
  // Kotlin `X::class.java`, `X::class`.
  if (T == "navigation_expression") {
    auto Kids = namedChildren(N);
    if (Kids.size() != 2 || E.text(Kids[1]) != ".java")
      return std::nullopt;
    N = Kids[0];
    T = E.type(N);
  }
  if (T == "callable_reference" && E.text(N).endswith("::class")) {
    auto Kids = namedChildren(N);
    if (!Kids.empty())
      return E.text(Kids[0]);
  }
  return std::nullopt;
}

std::optional<llvm::StringRef> jvmConstructedType(const Evaluator &E,
                                                   TSNode N) {
  N = jvmUnwrap(E, N);
  if (E.type(N) == "object_creation_expression") {
    if (auto T = childByField(N, "type"))
      return E.text(*T);
    return std::nullopt;
  }
  if (!isKotlin(E) || E.type(N) != "call_expression")
    return std::nullopt;
  auto C = jvmCall(E, N);
  if (!C || C->Receiver)
    return std::nullopt;
  llvm::StringRef Name = E.text(C->Name);
  if (Name.empty() || Name.front() < 'A' || Name.front() > 'Z')
    return std::nullopt; // a function, not a class
  return Name;
}

bool jvmInMockSetup(const Evaluator &E, TSNode Call) {
  static const char *const Mocking[] = {"when",  "given",   "whenever",
                                        "every", "coEvery", "verify",
                                        "coVerify"};
  TSNode N = Call;
  for (unsigned Steps = 0; Steps < 10; ++Steps) {
    TSNode P = ts_node_parent(N);
    if (ts_node_is_null(P))
      return false;
    llvm::StringRef T = E.type(P);
    // Up to the statement; a Kotlin lambda's statements are the mock's
    // (`every { .. }`).
    if (T == "method_declaration" || T == "function_declaration" ||
        T == "class_body" || T == "block" ||
        (T == "statements" &&
         E.type(ts_node_parent(P)) != "lambda_literal"))
      return false;
    if (T == "method_invocation" || T == "call_expression")
      if (std::optional<JvmCall> C = jvmCall(E, P);
          C && !ts_node_eq(C->Name, N) &&
          llvm::is_contained(Mocking, jvmMethodName(E, *C)))
        return true;
    N = P;
  }
  return false;
}

std::optional<llvm::StringRef> jvmReadName(const Evaluator &E, TSNode N) {
  N = jvmUnwrap(E, N);
  llvm::StringRef T = E.type(N);
  if (T == "identifier" || T == "simple_identifier")
    return E.text(N);
  if (T == "field_access") {
    auto Obj = childByField(N, "object");
    auto Field = childByField(N, "field");
    if (Obj && Field && E.type(*Obj) == "this")
      return E.text(*Field);
    return std::nullopt;
  }
  if (T == "navigation_expression") {
    auto Kids = namedChildren(N);
    if (Kids.size() == 2 && E.type(Kids[0]) == "this_expression")
      if (auto Name = suffixName(E, Kids[1]))
        return E.text(*Name);
  }
  return std::nullopt;
}

std::optional<std::string> jvmPlainString(const Evaluator &E, TSNode N) {
  N = jvmUnwrap(E, N);
  if (E.type(N) != "string_literal")
    return std::nullopt;
  auto Kids = namedChildren(N);
  if (Kids.empty())
    return std::string();
  if (Kids.size() != 1)
    return std::nullopt;
  llvm::StringRef T = E.type(Kids[0]);
  if (T != "string_fragment" && T != "string_content")
    return std::nullopt;
  llvm::StringRef S = E.text(Kids[0]);
  if (S.contains('$') && isKotlin(E))
    return std::nullopt;
  return S.str();
}

/// The scope a declaration at \p At holds in: the nearest block, method,
/// lambda or class around it (a class's parameters and fields: the class).
static TSNode scopeOf(const Evaluator &E, TSNode At) {
  static const char *const Scopes[] = {
      "block",           "method_declaration",  "constructor_declaration",
      "lambda_expression", "class_declaration", "interface_declaration",
      "object_declaration", "companion_object", "function_declaration",
      "lambda_literal",
      "anonymous_function", "for_statement",     "catch_clause",
      "enhanced_for_statement", "program",       "source_file"};
  for (TSNode N = ts_node_parent(At); !ts_node_is_null(N);
       N = ts_node_parent(N))
    if (llvm::is_contained(Scopes, E.type(N)))
      return N;
  return At;
}

void JvmDeclaredTypes::declare(const Evaluator &E, TSNode At,
                               llvm::StringRef Name, llvm::StringRef Type) {
  Type = Type.trim().rtrim('?').trim();
  if (Name.empty() || Type.empty() || Type == "var" || Type == "val")
    return;
  TSNode Scope = scopeOf(E, At);
  Types[Name].push_back(
      {ts_node_start_byte(Scope), ts_node_end_byte(Scope), Type.str()});
}

std::optional<llvm::StringRef>
JvmDeclaredTypes::typeOf(llvm::StringRef Name, uint32_t Use) const {
  auto It = Types.find(Name);
  if (It == Types.end())
    return std::nullopt;
  const Declared *Best = nullptr;
  bool Ambiguous = false;
  for (const Declared &D : It->second) {
    if (Use < D.ScopeBegin || Use >= D.ScopeEnd)
      continue;
    uint32_t Size = D.ScopeEnd - D.ScopeBegin;
    if (!Best || Size < Best->ScopeEnd - Best->ScopeBegin) {
      Best = &D;
      Ambiguous = false;
    } else if (Size == Best->ScopeEnd - Best->ScopeBegin &&
               D.Type != Best->Type) {
      Ambiguous = true;
    }
  }
  if (!Best || Ambiguous)
    return std::nullopt;
  return llvm::StringRef(Best->Type);
}

void JvmDeclaredTypes::collect(const Evaluator &E, TSNode Root) {
  auto IsType = [&](TSNode K) {
    llvm::StringRef T = E.type(K);
    return T == "user_type" || T == "nullable_type";
  };
  // The file's functions and what they return (`fun newUser(): User`).
  llvm::StringMap<std::string> Returns;
  llvm::StringSet<> Overloaded;
  forEachNamedNode(Root, [&](TSNode N) {
    std::optional<TSNode> Name, Type;
    if (E.type(N) == "method_declaration") {
      Name = childByField(N, "name");
      Type = childByField(N, "type");
    } else if (E.type(N) == "function_declaration") {
      bool Params = false;
      for (TSNode K : namedChildren(N)) {
        llvm::StringRef KT = E.type(K);
        if (KT == "simple_identifier" && !Name)
          Name = K;
        else if (KT == "function_value_parameters")
          Params = true;
        else if (Params && !Type && IsType(K))
          Type = K;
      }
    }
    if (!Name || !Type)
      return;
    auto [It, New] = Returns.try_emplace(E.text(*Name), E.text(*Type).str());
    if (!New && It->second != E.text(*Type))
      Overloaded.insert(E.text(*Name));
  });
  // The type of a value: a construction, a call of one of the file's
  // functions, a Kotlin data class's `copy` of a typed name.
  std::function<std::optional<std::string>(TSNode, unsigned)> ValueType =
      [&](TSNode V, unsigned Depth) -> std::optional<std::string> {
    if (auto Made = jvmConstructedType(E, V))
      return Made->str();
    std::optional<JvmCall> C = jvmCall(E, jvmUnwrap(E, V));
    if (!C || Depth > 4)
      return std::nullopt;
    llvm::StringRef Name = jvmMethodName(E, *C);
    // Kotlin's `x.apply { .. }`, `x.also { .. }` are x.
    if (C->Receiver && (Name == "apply" || Name == "also"))
      return ValueType(*C->Receiver, Depth + 1);
    if (!C->Receiver) {
      auto It = Returns.find(Name);
      if (It != Returns.end() && !Overloaded.contains(Name))
        return It->second;
      return std::nullopt;
    }
    if (Name == "copy")
      if (auto R = jvmReadName(E, *C->Receiver))
        if (auto T = typeOf(*R, ts_node_start_byte(V)))
          return T->str();
    return std::nullopt;
  };
  forEachNamedNode(Root, [&](TSNode N) {
    llvm::StringRef T = E.type(N);
    if (T == "field_declaration" || T == "local_variable_declaration") {
      auto Type = childByField(N, "type");
      for (TSNode D : namedChildren(N)) {
        if (E.type(D) != "variable_declarator")
          continue;
        auto Name = childByField(D, "name");
        if (!Name || !Type)
          continue;
        if (E.text(*Type) != "var") {
          declare(E, N, E.text(*Name), E.text(*Type));
        } else if (auto V = childByField(D, "value")) {
          if (auto Made = ValueType(*V, 0))
            declare(E, N, E.text(*Name), *Made); // `var t = new T(..)`
        }
      }
    } else if (T == "formal_parameter") {
      auto Type = childByField(N, "type");
      auto Name = childByField(N, "name");
      if (Type && Name)
        declare(E, N, E.text(*Name), E.text(*Type));
    } else if (T == "class_parameter" || T == "parameter") {
      // Kotlin: `private val repo: FooRepository<T>`, `p: T`.
      std::optional<TSNode> Name, Type;
      for (TSNode K : namedChildren(N)) {
        if (!Name && E.type(K) == "simple_identifier")
          Name = K;
        else if (Name && !Type && IsType(K))
          Type = K;
      }
      if (Name && Type)
        declare(E, N, E.text(*Name), E.text(*Type));
    } else if (T == "property_declaration") {
      // Kotlin: `val t: T`, `lateinit var t: T`, `val t = T(..)`.
      std::optional<TSNode> Decl, Value;
      for (TSNode K : namedChildren(N)) {
        llvm::StringRef KT = E.type(K);
        if (KT == "variable_declaration")
          Decl = K;
        else if (Decl && KT != "property_delegate" && KT != "getter" &&
                 KT != "setter" && !Value)
          Value = K;
      }
      if (!Decl)
        return;
      auto Parts = namedChildren(*Decl);
      if (Parts.empty() || E.type(Parts[0]) != "simple_identifier")
        return;
      if (Parts.size() >= 2 && IsType(Parts[1]))
        declare(E, N, E.text(Parts[0]), E.text(Parts[1]));
      else if (Value)
        if (auto Made = ValueType(*Value, 0))
          declare(E, N, E.text(Parts[0]), *Made);
    }
  });
}

} // namespace nosqlint::extract
