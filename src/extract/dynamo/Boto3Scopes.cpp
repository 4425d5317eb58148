//===- Boto3Scopes.cpp - Python scopes and bindings, in one walk ----------===//
#include "Boto3Scopes.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace nosqlint::extract::sdk::py {

TSNode unparen(TSNode N) {
  for (unsigned I = 0; I < 16; ++I) {
    llvm::StringRef T = type(N);
    if ((T != "parenthesized_expression" && T != "await") ||
        ts_node_named_child_count(N) != 1)
      break;
    N = ts_node_named_child(N, 0);
  }
  return N;
}

void Bindings::add(TSNode Left, TSNode Value, uint32_t End, unsigned Scope,
                   bool Annotation, bool Opaque) {
  Binding B;
  B.Value = Value;
  B.Scope = Scope;
  B.End = End;
  B.Annotation = Annotation;
  B.Opaque = Opaque;
  if (type(Left) == "identifier") {
    B.Name = E.text(Left);
  } else if (type(Left) == "attribute") {
    auto O = childByField(Left, "object");
    auto A = childByField(Left, "attribute");
    if (!O || !A || type(*O) != "identifier" ||
        (E.text(*O) != "self" && E.text(*O) != "cls"))
      return;
    B.Name = E.text(*A);
    B.Self = true;
  } else {
    return;
  }
  ByName[B.Name].push_back(static_cast<unsigned>(All.size()));
  All.push_back(B);
}

void Bindings::parameters(TSNode Params, unsigned Scope) {
  for (TSNode P : namedChildren(Params)) {
    llvm::StringRef T = type(P);
    uint32_t End = ts_node_end_byte(P);
    if (T == "identifier") {
      add(P, P, End, Scope, false, /*Opaque=*/true);
      continue;
    }
    std::optional<TSNode> Name = childByField(P, "name");
    if (!Name)
      for (TSNode K : namedChildren(P))
        if (type(K) == "identifier") {
          Name = K;
          break;
        }
    if (!Name)
      continue;
    std::optional<TSNode> Ty = childByField(P, "type");
    if (Ty && (T == "typed_parameter" || T == "typed_default_parameter"))
      add(*Name, *Ty, End, Scope, /*Annotation=*/true);
    else
      add(*Name, *Name, End, Scope, false, /*Opaque=*/true);
  }
}

void Bindings::collect(TSNode Root,
                       llvm::function_ref<void(TSNode, TSNode)> OnCall) {
  Scopes.push_back({ts_node_start_byte(Root), ts_node_end_byte(Root), -1,
                    false});
  struct OpenScope {
    unsigned Depth;
    unsigned Index;
  };
  llvm::SmallVector<OpenScope, 16> Stack{{0, 0}};
  TSTreeCursor Cur = ts_tree_cursor_new(Root);
  unsigned Depth = 0;
  bool Done = false;
  while (!Done) {
    TSNode N = ts_tree_cursor_current_node(&Cur);
    llvm::StringRef T = type(N);
    unsigned Scope = Stack.back().Index;
    if (Depth > 0 && (T == "function_definition" || T == "lambda" ||
                      T == "class_definition")) {
      Scopes.push_back({ts_node_start_byte(N), ts_node_end_byte(N),
                        static_cast<int>(Scope), T == "class_definition"});
      Scope = static_cast<unsigned>(Scopes.size() - 1);
      Stack.push_back({Depth, Scope});
    } else if (T == "assignment") {
      auto L = childByField(N, "left");
      auto R = childByField(N, "right");
      auto Ty = childByField(N, "type");
      if (L && R)
        add(*L, *R, ts_node_end_byte(N), Scope, false);
      else if (L && Ty)
        add(*L, *Ty, ts_node_end_byte(N), Scope, true);
    } else if (T == "as_pattern") {
      // with x() as name:
      auto Alias = childByField(N, "alias");
      auto Kids = namedChildren(N);
      if (Alias && !Kids.empty()) {
        auto Inner = namedChildren(*Alias);
        if (Inner.size() == 1)
          add(Inner[0], Kids[0], ts_node_end_byte(N), Scope, false);
      }
    } else if (T == "parameters" || T == "lambda_parameters") {
      parameters(N, Scope);
    } else if (T == "call" && ts_node_named_child_count(N) != 0) {
      TSNode Callee = ts_node_named_child(N, 0); // the function
      uint32_t Parts = ts_node_named_child_count(Callee);
      if (Parts >= 2 && type(Callee) == "attribute")
        OnCall(N, ts_node_named_child(Callee, Parts - 1));
    }
    // Nothing is bound or called inside a string (f-string holes aside).
    if (T != "string" && T != "concatenated_string" &&
        ts_tree_cursor_goto_first_child(&Cur)) {
      ++Depth;
      continue;
    }
    while (true) {
      if (ts_tree_cursor_goto_next_sibling(&Cur)) {
        // The node left behind closes its scope.
        while (Stack.size() > 1 && Stack.back().Depth >= Depth)
          Stack.pop_back();
        break;
      }
      if (!ts_tree_cursor_goto_parent(&Cur)) {
        Done = true;
        break;
      }
      --Depth;
      while (Stack.size() > 1 && Stack.back().Depth > Depth)
        Stack.pop_back();
    }
  }
  ts_tree_cursor_delete(&Cur);
}

unsigned Bindings::scopeAt(uint32_t Offset) const {
  auto It = std::upper_bound(
      Scopes.begin(), Scopes.end(), Offset,
      [](uint32_t O, const Scope &S) { return O < S.Begin; });
  int I = It == Scopes.begin() ? 0 : static_cast<int>(It - Scopes.begin()) - 1;
  while (I > 0 && !(Scopes[I].Begin <= Offset && Offset < Scopes[I].End))
    I = Scopes[I].Parent;
  return I < 0 ? 0 : static_cast<unsigned>(I);
}

std::optional<unsigned> Bindings::classAt(uint32_t Offset) const {
  for (int I = static_cast<int>(scopeAt(Offset)); I >= 0;
       I = Scopes[I].Parent)
    if (Scopes[I].Class)
      return static_cast<unsigned>(I);
  return std::nullopt;
}

llvm::SmallVector<const Binding *, 2> Bindings::of(TSNode Ident) const {
  llvm::SmallVector<const Binding *, 2> Found;
  auto Named = ByName.find(E.text(Ident));
  if (Named == ByName.end())
    return Found;
  bool First = true;
  for (int S = static_cast<int>(scopeAt(ts_node_start_byte(Ident))); S >= 0;
       S = Scopes[S].Parent) {
    // A class body's names are not seen from its methods.
    if (Scopes[S].Class && !First)
      continue;
    First = false;
    for (unsigned I : Named->second)
      if (!All[I].Self && All[I].Scope == static_cast<unsigned>(S))
        Found.push_back(&All[I]);
    if (!Found.empty())
      return Found;
  }
  return Found;
}

llvm::SmallVector<const Binding *, 2>
Bindings::ofSelf(TSNode Use, llvm::StringRef Name) const {
  llvm::SmallVector<const Binding *, 2> Found;
  std::optional<unsigned> Class = classAt(ts_node_start_byte(Use));
  auto Named = ByName.find(Name);
  if (!Class || Named == ByName.end())
    return Found;
  for (unsigned I : Named->second) {
    const Binding &B = All[I];
    if (!B.Self) {
      if (B.Scope == *Class)
        Found.push_back(&B); // a class attribute
      continue;
    }
    int S = static_cast<int>(B.Scope);
    while (S >= 0 && !Scopes[S].Class)
      S = Scopes[S].Parent;
    if (S == static_cast<int>(*Class))
      Found.push_back(&B);
  }
  return Found;
}

std::optional<TSNode> Bindings::follow(TSNode Ident) const {
  if (type(Ident) != "identifier")
    return std::nullopt;
  auto Bs = of(Ident);
  if (Bs.size() != 1 || Bs[0]->Annotation || Bs[0]->Opaque)
    return std::nullopt;
  return unparen(Bs[0]->Value);
}

bool Bindings::changedBetween(llvm::StringRef Name, uint32_t From,
                              uint32_t To) const {
  if (From >= To || To > Src.size())
    return false;
  llvm::StringRef Text = Src.slice(From, To);
  for (size_t Pos = Text.find(Name); Pos != llvm::StringRef::npos;
       Pos = Text.find(Name, Pos + 1)) {
    if (Pos > 0 && (llvm::isAlnum(Text[Pos - 1]) || Text[Pos - 1] == '_' ||
                    Text[Pos - 1] == '.'))
      continue;
    llvm::StringRef After = Text.drop_front(Pos + Name.size()).ltrim(" \t");
    if (After.startswith("[") || After.startswith(".update(") ||
        After.startswith(".setdefault(") || After.startswith(".pop(") ||
        After.startswith(".append(") || After.startswith(".extend(") ||
        After.startswith(".insert(") || After.startswith("|=") ||
        After.startswith("+="))
      return true;
  }
  return false;
}

std::optional<TSNode> Bindings::literal(TSNode N, llvm::StringRef Type,
                                        bool &Open) const {
  N = unparen(N);
  if (type(N) == Type)
    return N;
  if (type(N) != "identifier")
    return std::nullopt;
  auto Bs = of(N);
  if (Bs.size() != 1 || Bs[0]->Annotation || Bs[0]->Opaque)
    return std::nullopt;
  TSNode V = unparen(Bs[0]->Value);
  if (type(V) != Type)
    return std::nullopt;
  if (changedBetween(E.text(N), Bs[0]->End, ts_node_start_byte(N)))
    Open = true;
  return V;
}

} // namespace nosqlint::extract::sdk::py
