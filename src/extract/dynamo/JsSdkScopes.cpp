//===- JsSdkScopes.cpp - JavaScript syntax helpers and scopes -------------===//
#include "JsSdkScopes.h"

#include <cstring>

namespace nosqlint::extract::sdk::js {

namespace {

llvm::StringRef typeOf(TSNode N) { return ts_node_type(N); }

bool isFunction(llvm::StringRef T) {
  return T == "function_declaration" || T == "function_expression" ||
         T == "function" || T == "arrow_function" || T == "method_definition" ||
         T == "generator_function_declaration" || T == "generator_function";
}

bool isBlock(llvm::StringRef T) {
  return T == "statement_block" || T == "program" || T == "switch_case" ||
         T == "class_static_block";
}

uint32_t startOf(TSNode N) { return ts_node_start_byte(N); }
uint32_t endOf(TSNode N) { return ts_node_end_byte(N); }

} // namespace

TSNode unwrapTs(TSNode N) {
  for (unsigned I = 0; I < 16; ++I) {
    llvm::StringRef T = typeOf(N);
    if (T == "parenthesized_expression" || T == "as_expression" ||
        T == "satisfies_expression" || T == "non_null_expression") {
      auto K = namedChildren(N);
      if (K.empty())
        break;
      N = K.front();
      continue;
    }
    if (T == "type_assertion") {
      auto K = namedChildren(N);
      if (K.empty())
        break;
      N = K.back();
      continue;
    }
    break;
  }
  return N;
}

//===----------------------------------------------------------------------===//
// Scopes
//===----------------------------------------------------------------------===//

JsScopes::JsScopes(const Evaluator &Eval, TSNode Root) : Eval(Eval) {
  // Pre-order walk keeping the ancestors of the current node.
  llvm::SmallVector<TSNode, 32> Stack;
  TSTreeCursor Cur = ts_tree_cursor_new(Root);
  bool Done = false;
  while (!Done) {
    TSNode N = ts_tree_cursor_current_node(&Cur);
    if (ts_node_is_named(N)) {
      llvm::SmallVector<TSNode, 12> Ancestors;
      for (size_t I = Stack.size(); I > 0 && Ancestors.size() < 12; --I)
        Ancestors.push_back(Stack[I - 1]);
      add(N, Ancestors);
    }
    if (ts_tree_cursor_goto_first_child(&Cur)) {
      Stack.push_back(N);
      continue;
    }
    while (!ts_tree_cursor_goto_next_sibling(&Cur)) {
      if (!ts_tree_cursor_goto_parent(&Cur)) {
        Done = true;
        break;
      }
      Stack.pop_back();
    }
  }
  ts_tree_cursor_delete(&Cur);
}

void JsScopes::shadow(TSNode Pattern, TSNode Region) {
  llvm::SmallVector<TSNode, 16> Work{Pattern};
  while (!Work.empty()) {
    TSNode N = Work.pop_back_val();
    llvm::StringRef T = typeOf(N);
    if (T == "identifier" || T == "shorthand_property_identifier_pattern") {
      Shadows[Eval.text(N)].push_back({startOf(Region), endOf(Region)});
      continue;
    }
    for (TSNode K : namedChildren(N))
      Work.push_back(K);
  }
}

void JsScopes::add(TSNode N, llvm::ArrayRef<TSNode> Ancestors) {
  llvm::StringRef T = typeOf(N);
  if (T == "identifier" || T == "shorthand_property_identifier") {
    Use U{N, {}};
    U.Ancestors.append(Ancestors.begin(), Ancestors.end());
    Uses[Eval.text(N)].push_back(std::move(U));
    return;
  }
  if (isFunction(T)) {
    for (const char *F : {"parameters", "parameter"})
      if (auto Ps = childByField(N, F))
        shadow(*Ps, N);
    return;
  }
  if (T == "catch_clause") {
    if (auto P = childByField(N, "parameter"))
      shadow(*P, N);
    return;
  }
  if (T == "for_in_statement") {
    // for (const x of xs): x is the loop's own; for (x of xs) assigns.
    if (auto L = childByField(N, "left"); L && childByField(N, "kind"))
      shadow(*L, N);
    return;
  }
  if (T != "variable_declarator" || Ancestors.size() < 2)
    return;
  auto Name = childByField(N, "name");
  if (!Name)
    return;
  TSNode Decl = Ancestors[0];
  TSNode Holder = Ancestors[1];
  TSNode Statement = Decl;
  if (typeOf(Holder) == "export_statement" && Ancestors.size() >= 3) {
    Statement = Holder;
    Holder = Ancestors[2];
  }
  llvm::StringRef HT = typeOf(Holder);
  if (HT == "for_statement" || HT == "for_in_statement") {
    shadow(*Name, Holder); // for (let i = 0; ...)
    return;
  }
  if (!isBlock(HT)) {
    shadow(*Name, Holder);
    return;
  }
  if (typeOf(*Name) != "identifier") {
    shadow(*Name, Holder); // destructuring: values not followed
    return;
  }
  Binding B{N,
            *Name,
            startOf(Holder),
            endOf(Holder),
            endOf(Statement),
            childByField(N, "value"),
            Eval.text(Decl).startswith("const")};
  Bindings[Eval.text(*Name)].push_back(B);
}

std::optional<JsScopes::Binding> JsScopes::lookup(llvm::StringRef Name,
                                                  uint32_t At) const {
  auto It = Bindings.find(Name);
  if (It == Bindings.end())
    return std::nullopt;
  // The innermost block declaring the name before the use; the last
  // declaration there.
  const Binding *Best = nullptr;
  for (const Binding &B : It->second) {
    if (At < B.ScopeBegin || At >= B.ScopeEnd || B.StatementEnd > At)
      continue;
    if (!Best || B.ScopeBegin > Best->ScopeBegin ||
        (B.ScopeBegin == Best->ScopeBegin &&
         startOf(B.Declarator) > startOf(Best->Declarator)))
      Best = &B;
  }
  if (!Best)
    return std::nullopt;
  // A parameter or loop variable of the same name between the two?
  auto S = Shadows.find(Name);
  if (S != Shadows.end())
    for (auto [Begin, End] : S->second)
      if (Begin <= At && At < End && Begin >= Best->ScopeBegin)
        return std::nullopt;
  // Any other declaration of the name inside the scope, in a block around
  // the use that this index does not model (a `var` in a nested block):
  // caught by the rule that the innermost block wins.
  return *Best;
}

bool JsScopes::mayReferTo(const Binding &B, llvm::StringRef Name,
                          uint32_t At) const {
  if (At < B.ScopeBegin || At >= B.ScopeEnd)
    return false;
  if (auto It = Bindings.find(Name); It != Bindings.end())
    for (const Binding &Other : It->second)
      if (Other.ScopeBegin > B.ScopeBegin && Other.ScopeBegin <= At &&
          At < Other.ScopeEnd)
        return false;
  if (auto S = Shadows.find(Name); S != Shadows.end())
    for (auto [Begin, End] : S->second)
      if (Begin <= At && At < End && Begin >= B.ScopeBegin)
        return false;
  return true;
}

bool JsScopes::shadowed(llvm::StringRef Name, uint32_t At) const {
  auto S = Shadows.find(Name);
  if (S == Shadows.end())
    return false;
  for (auto [Begin, End] : S->second)
    if (Begin <= At && At < End)
      return true;
  return false;
}

std::optional<JsScopes::Binding> JsScopes::bindingOf(TSNode Declarator) const {
  auto Name = childByField(Declarator, "name");
  if (!Name)
    return std::nullopt;
  auto It = Bindings.find(Eval.text(*Name));
  if (It == Bindings.end())
    return std::nullopt;
  for (const Binding &B : It->second)
    if (ts_node_eq(B.Declarator, Declarator))
      return B;
  return std::nullopt;
}

llvm::ArrayRef<JsScopes::Use> JsScopes::uses(llvm::StringRef Name) const {
  auto It = Uses.find(Name);
  if (It == Uses.end())
    return {};
  return It->second;
}

} // namespace nosqlint::extract::sdk::js
