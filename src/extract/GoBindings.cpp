//===- GoBindings.cpp -----------------------------------------------------===//
#include "GoBindings.h"

#include "SyntaxTree.h"

namespace nosqlint::extract {

namespace {
llvm::StringRef typeOf(TSNode N) { return ts_node_type(N); }
} // namespace

bool isGoFunctionNode(llvm::StringRef T) {
  return T == "function_declaration" || T == "method_declaration" ||
         T == "func_literal";
}

/// The identifiers a declaration node binds, with the value of each (the
/// matching right-hand expression; none for a multi-value call or a
/// parameter).
void goBindingsOf(
    TSNode D, llvm::StringRef Src,
    llvm::SmallVectorImpl<std::pair<TSNode, std::optional<TSNode>>> &Out) {
  llvm::StringRef T = ts_node_type(D);
  auto Ids = [&](TSNode List) {
    llvm::SmallVector<TSNode, 4> V;
    if (llvm::StringRef(ts_node_type(List)) == "expression_list") {
      for (TSNode N : namedChildren(List))
        V.push_back(N);
    } else {
      V.push_back(List);
    }
    return V;
  };
  if (T == "short_var_declaration" || T == "assignment_statement") {
    auto L = childByField(D, "left"), R = childByField(D, "right");
    if (!L)
      return;
    auto Left = Ids(*L);
    llvm::SmallVector<TSNode, 4> Right;
    if (R)
      Right = Ids(*R);
    for (size_t I = 0; I < Left.size(); ++I) {
      if (llvm::StringRef(ts_node_type(Left[I])) != "identifier")
        continue;
      std::optional<TSNode> V;
      if (Right.size() == Left.size())
        V = Right[I];
      Out.push_back({Left[I], V});
    }
    return;
  }
  if (T == "var_spec" || T == "const_spec") {
    llvm::SmallVector<TSNode, 4> Names;
    std::optional<TSNode> Values = childByField(D, "value");
    for (TSNode N : namedChildren(D))
      if (llvm::StringRef(ts_node_type(N)) == "identifier")
        Names.push_back(N);
    llvm::SmallVector<TSNode, 4> Right;
    if (Values)
      Right = Ids(*Values);
    for (size_t I = 0; I < Names.size(); ++I) {
      std::optional<TSNode> V;
      if (Right.size() == Names.size())
        V = Right[I];
      Out.push_back({Names[I], V});
    }
    return;
  }
  if (T == "parameter_declaration" || T == "variadic_parameter_declaration") {
    for (TSNode N : namedChildren(D))
      if (llvm::StringRef(ts_node_type(N)) == "identifier")
        Out.push_back({N, std::nullopt});
    return;
  }
  if (T == "range_clause") {
    if (auto L = childByField(D, "left"))
      for (TSNode N : Ids(*L))
        if (llvm::StringRef(ts_node_type(N)) == "identifier")
          Out.push_back({N, std::nullopt});
  }
  (void)Src;
}

static bool isDeclarationNode(llvm::StringRef T) {
  return T == "short_var_declaration" || T == "assignment_statement" ||
         T == "var_spec" || T == "const_spec" ||
         T == "parameter_declaration" ||
         T == "variadic_parameter_declaration" || T == "range_clause";
}

GoScopes::GoScopes(llvm::StringRef Src) : Src(Src) {}

llvm::StringRef GoScopes::text(TSNode N) const {
  return Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
}

/// The declarations of function (or file) \p F itself: nested function
/// literals are indexes of their own.
const GoScopes::Index &GoScopes::indexOf(TSNode F) {
  auto [It, New] = Indexes.try_emplace(ts_node_start_byte(F));
  Index &I = It->second;
  if (!New)
    return I;
  bool File = !isGoFunctionNode(typeOf(F));
  TSTreeCursor C = ts_tree_cursor_new(F);
  bool Done = !ts_tree_cursor_goto_first_child(&C);
  while (!Done) {
    TSNode N = ts_tree_cursor_current_node(&C);
    llvm::StringRef T = typeOf(N);
    bool Enter = !isGoFunctionNode(T);
    if (File) // the file: its package-level declarations only
      Enter = T == "var_declaration" || T == "const_declaration" ||
              T == "var_spec_list" || T == "const_spec" || T == "var_spec";
    if (File && T == "function_declaration")
      if (auto Name = childByField(N, "name"))
        I.Functions.try_emplace(text(*Name), N);
    if (isDeclarationNode(T) && (!File || T == "var_spec" || T == "const_spec")) {
      llvm::SmallVector<std::pair<TSNode, std::optional<TSNode>>, 4> Bs;
      goBindingsOf(N, Src, Bs);
      for (auto &[Id, V] : Bs)
        I.Names[text(Id)].push_back({ts_node_start_byte(Id), V, N});
    }
    if (Enter && ts_tree_cursor_goto_first_child(&C))
      continue;
    while (!ts_tree_cursor_goto_next_sibling(&C)) {
      if (!ts_tree_cursor_goto_parent(&C) ||
          ts_node_eq(ts_tree_cursor_current_node(&C), F)) {
        Done = true;
        break;
      }
    }
  }
  ts_tree_cursor_delete(&C);
  return I;
}

const std::vector<TSNode> &GoScopes::uses(TSNode F, llvm::StringRef Name) {
  auto Inserted = Uses.try_emplace(ts_node_start_byte(F));
  auto &ByName = Inserted.first->second;
  if (Inserted.second)
    forEachNamedNode(F, [&](TSNode N) {
      if (llvm::StringRef(ts_node_type(N)) == "identifier")
        ByName[text(N)].push_back(N);
    });
  auto U = ByName.find(Name);
  return U == ByName.end() ? NoUses : U->second;
}

GoBinding GoScopes::lookup(llvm::StringRef Name, TSNode Use) {
  GoBinding B;
  uint32_t UseAt = ts_node_start_byte(Use);
  // The enclosing functions, innermost first: the last binding before the
  // use whose value does not hold the use itself (`x := f(x)`).
  TSNode Root = Use;
  for (TSNode F = ts_node_parent(Use); !ts_node_is_null(F);
       F = ts_node_parent(F)) {
    Root = F;
    if (!isGoFunctionNode(typeOf(F)))
      continue;
    const Index &I = indexOf(F);
    auto It = I.Names.find(Name);
    if (It == I.Names.end())
      continue;
    const Entry *Last = nullptr;
    for (const Entry &E : It->second) {
      if (E.At >= UseAt)
        break; // entries are in source order
      if (E.Value && ts_node_start_byte(*E.Value) <= UseAt &&
          UseAt < ts_node_end_byte(*E.Value))
        continue;
      Last = &E;
    }
    if (Last) {
      B.Found = true;
      B.Value = Last->Value;
      B.Declaration = Last->Declaration;
      return B;
    }
  }
  // The file's top level: functions, then package-level variables and
  // constants (seen from anywhere in the package).
  const Index &I = indexOf(Root);
  if (auto F = I.Functions.find(Name); F != I.Functions.end()) {
    B.Found = true;
    B.Function = F->second;
    return B;
  }
  if (auto It = I.Names.find(Name); It != I.Names.end() && !It->second.empty()) {
    B.Found = true;
    B.Value = It->second.front().Value;
    B.Declaration = It->second.front().Declaration;
  }
  return B;
}

GoBinding goLookup(llvm::StringRef Src, llvm::StringRef Name, TSNode Use) {
  GoScopes Scopes(Src);
  return Scopes.lookup(Name, Use);
}

} // namespace nosqlint::extract
