//===- GoExpression.cpp - The AWS SDK for Go expression builder -----------===//
#include "GoExpression.h"

#include "GoBindings.h"
#include "SyntaxTree.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

namespace nosqlint::extract::sdk {

namespace {

constexpr unsigned MaxDepth = 24;

llvm::StringRef type(TSNode N) { return ts_node_type(N); }

/// Looks through parentheses and `*p` / `&p`.
TSNode unwrap(TSNode N) {
  for (unsigned I = 0; I < 8; ++I) {
    llvm::StringRef T = type(N);
    if ((T == "parenthesized_expression" || T == "literal_element") &&
        ts_node_named_child_count(N) == 1) {
      N = ts_node_named_child(N, 0);
      continue;
    }
    if (T == "unary_expression")
      if (auto Op = childByField(N, "operand")) {
        N = *Op;
        continue;
      }
    break;
  }
  return N;
}

bool isDeclarationType(llvm::StringRef T) {
  return T == "short_var_declaration" || T == "assignment_statement" ||
         T == "var_spec" || T == "parameter_declaration" ||
         T == "variadic_parameter_declaration" || T == "range_clause";
}

} // namespace

/// An expression's text, as pieces mapped to the host code.
struct GoExpressionReader::Text {
  std::string S;
  TextOrigin Origin;
  explicit Text(FileId F) : Origin(F) {}
  void piece(llvm::StringRef T, TSNode At) {
    if (T.empty())
      return;
    uint32_t B = ts_node_start_byte(At), E = ts_node_end_byte(At);
    Origin.addSegment(static_cast<uint32_t>(S.size()),
                      static_cast<uint32_t>(T.size()), B, E - B);
    S += T.str();
  }
};

/// The aliases of one Build(): names once each, values one per use.
struct GoExpressionReader::Aliases {
  llvm::StringMap<std::string> ByName;
  unsigned Names = 0, Values = 0;
  JsonValue NameMap, ValueMap;
};

bool GoExpressionReader::accessor(TSNode N, llvm::StringRef Src, TSNode &Var,
                                  llvm::StringRef &Method) {
  N = unwrap(N);
  if (type(N) != "call_expression")
    return false;
  auto Fn = childByField(N, "function");
  auto Args = childByField(N, "arguments");
  if (!Fn || !Args || type(*Fn) != "selector_expression" ||
      ts_node_named_child_count(*Args) != 0)
    return false;
  auto Op = childByField(*Fn, "operand");
  auto Field = childByField(*Fn, "field");
  if (!Op || !Field || type(*Op) != "identifier")
    return false;
  llvm::StringRef M = Src.slice(ts_node_start_byte(*Field), ts_node_end_byte(*Field));
  if (M != "KeyCondition" && M != "Filter" && M != "Condition" &&
      M != "Projection" && M != "Update" && M != "Names" && M != "Values")
    return false;
  Var = *Op;
  Method = M;
  return true;
}

std::optional<TSNode> GoUniqueValues::of(TSNode Ident) {
  auto text = [&](TSNode N) {
    return Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
  };
  std::optional<TSNode> F;
  for (TSNode P = ts_node_parent(Ident); !ts_node_is_null(P);
       P = ts_node_parent(P))
    if (isGoFunctionNode(type(P))) {
      F = P;
      break;
    }
  if (!F)
    return std::nullopt;
  auto [It, New] = ByFunction.try_emplace(ts_node_start_byte(*F));
  llvm::StringMap<Binding> &Names = It->second;
  if (New)
    forEachNamedNode(*F, [&](TSNode N) {
      if (!isDeclarationType(type(N)))
        return;
      llvm::SmallVector<std::pair<TSNode, std::optional<TSNode>>, 4> Bs;
      goBindingsOf(N, Src, Bs);
      for (auto &[I, V] : Bs) {
        Binding &B = Names[text(I)];
        ++B.Count;
        B.Value = V;
        B.Declaration = N;
        B.Id = I;
      }
    });
  auto Found = Names.find(text(Ident));
  // The one binding of the name in the function (a name assigned in two
  // places holds one value or the other), before the use.
  if (Found == Names.end() || Found->second.Count != 1 ||
      ts_node_start_byte(Found->second.Id) >= ts_node_start_byte(Ident))
    return std::nullopt;
  const Binding &B = Found->second;
  if (B.Value)
    return unwrap(*B.Value);
  // `expr, err := b.Build()`: the call, for its first result.
  llvm::StringRef T = type(B.Declaration);
  if (T != "short_var_declaration" && T != "assignment_statement")
    return std::nullopt;
  auto L = childByField(B.Declaration, "left"),
       R = childByField(B.Declaration, "right");
  if (!L || !R || type(*L) != "expression_list")
    return std::nullopt;
  auto Left = namedChildren(*L);
  llvm::SmallVector<TSNode, 2> Right;
  if (type(*R) == "expression_list")
    for (TSNode K : namedChildren(*R))
      Right.push_back(K);
  else
    Right.push_back(*R);
  if (Left.empty() || !ts_node_eq(Left[0], B.Id) || Right.size() != 1)
    return std::nullopt;
  return unwrap(Right[0]);
}

bool GoExpressionReader::callOf(TSNode N, llvm::StringRef &F,
                                std::optional<TSNode> &Recv,
                                llvm::SmallVectorImpl<TSNode> &Args) const {
  N = unwrap(N);
  if (type(N) != "call_expression")
    return false;
  auto Fn = childByField(N, "function");
  auto A = childByField(N, "arguments");
  if (!Fn || !A || type(*Fn) != "selector_expression")
    return false;
  auto Op = childByField(*Fn, "operand");
  auto Field = childByField(*Fn, "field");
  if (!Op || !Field)
    return false;
  F = text(*Field);
  if (type(*Op) == "identifier" && text(*Op) == Pkg)
    Recv.reset();
  else
    Recv = *Op;
  for (TSNode K : namedChildren(*A)) {
    if (type(K) == "comment")
      continue;
    if (type(K) == "variadic_argument")
      return false; // how many: known at run time
    Args.push_back(K);
  }
  return true;
}

/// The operands of `recv.F(args)` or `F(args)`, the receiver first.
static llvm::SmallVector<TSNode, 4> operandsOf(std::optional<TSNode> Recv,
                                               llvm::ArrayRef<TSNode> Args) {
  llvm::SmallVector<TSNode, 4> Ops;
  if (Recv)
    Ops.push_back(*Recv);
  Ops.append(Args.begin(), Args.end());
  return Ops;
}

bool GoExpressionReader::followCall(TSNode &N, unsigned &Depth,
                                    llvm::StringRef &F,
                                    std::optional<TSNode> &Recv,
                                    llvm::SmallVectorImpl<TSNode> &Args) {
  for (N = unwrap(N); type(N) == "identifier"; N = unwrap(N)) {
    std::optional<TSNode> V = valueOf(N);
    if (!V || ++Depth > MaxDepth)
      return false;
    N = *V;
  }
  return Depth <= MaxDepth && callOf(N, F, Recv, Args);
}

bool GoExpressionReader::name(TSNode Call, Text &Out, Aliases &A) {
  // expression.Name("a.b[0]") / expression.Key("pk"): each part of the path
  // aliased, the dots and indexes kept.
  llvm::StringRef F;
  std::optional<TSNode> Recv;
  llvm::SmallVector<TSNode, 2> Args;
  if (!callOf(Call, F, Recv, Args) || Recv || Args.size() != 1 ||
      (F != "Name" && F != "Key" && F != "NameNoDotSplit"))
    return false;
  JsonValue Full = J.string(Args[0]);
  if (Full.Unknown || !Full.isString() || Full.Str.empty() || !Full.Origin)
    return false;
  llvm::StringRef S = Full.Str;
  bool Split = F != "NameNoDotSplit";
  size_t I = 0;
  while (I < S.size()) {
    char C = S[I];
    if (Split && C == '[') {
      size_t Close = S.find(']', I);
      if (Close == llvm::StringRef::npos)
        return false;
      Out.piece(S.slice(I, Close + 1), Call);
      I = Close + 1;
      continue;
    }
    if (Split && C == '.') {
      Out.piece(".", Call);
      ++I;
      continue;
    }
    size_t End = Split ? S.find_first_of(".[", I) : S.size();
    if (End == llvm::StringRef::npos)
      End = S.size();
    llvm::StringRef Part = S.slice(I, End);
    std::string &Alias = A.ByName[Part];
    if (Alias.empty()) {
      Alias.assign(1, '#');
      Alias += std::to_string(A.Names++);
      SourceRange R = Full.Origin->toFileRange(static_cast<uint32_t>(I),
                                               static_cast<uint32_t>(End));
      TextOrigin PartOrigin(J.file());
      PartOrigin.addSegment(0, static_cast<uint32_t>(End - I), R.Begin,
                            R.End - R.Begin);
      HostJson::add(A.NameMap, Alias,
                    J.synthesized(Args[0], Part.str(), std::move(PartOrigin)),
                    Call);
    }
    Out.piece(Alias, Call);
    I = End;
  }
  return true;
}

void GoExpressionReader::value(TSNode At, Text &Out, Aliases &A) {
  std::string Alias = ":";
  Alias += std::to_string(A.Values++);
  Out.piece(Alias, At);
  // Marshalled at run time (attributevalue.Marshal).
  HostJson::add(A.ValueMap, Alias, J.unknown(At), At);
}

bool GoExpressionReader::operand(TSNode N, Text &Out, Aliases &A,
                                 unsigned Depth) {
  llvm::StringRef F;
  std::optional<TSNode> Recv;
  llvm::SmallVector<TSNode, 2> Args;
  if (!followCall(N, Depth, F, Recv, Args))
    return false;
  if (!Recv && (F == "Name" || F == "Key" || F == "NameNoDotSplit"))
    return name(N, Out, A);
  if (!Recv && F == "Value" && Args.size() == 1) {
    value(N, Out, A);
    return true;
  }
  if (Recv && F == "Size" && Args.empty()) {
    Out.piece("size (", N);
    if (!operand(*Recv, Out, A, Depth + 1))
      return false;
    Out.piece(")", N);
    return true;
  }
  return false;
}

bool GoExpressionReader::condition(TSNode N, bool Key, Text &Out, Aliases &A,
                                   unsigned Depth) {
  llvm::StringRef F;
  std::optional<TSNode> Recv;
  llvm::SmallVector<TSNode, 3> Args;
  if (!followCall(N, Depth, F, Recv, Args))
    return false;
  // The function forms take the left operand first: KeyEqual(k, v),
  // Equal(name, value), And(c1, c2, ...).
  llvm::SmallVector<TSNode, 4> Ops = operandsOf(Recv, Args);
  llvm::StringRef Fn = F;
  if (Key)
    Fn.consume_front("Key");
  const char *Cmp = llvm::StringSwitch<const char *>(Fn)
                        .Case("Equal", " = ")
                        .Case("NotEqual", Key ? nullptr : " <> ")
                        .Case("LessThan", " < ")
                        .Case("LessThanEqual", " <= ")
                        .Case("GreaterThan", " > ")
                        .Case("GreaterThanEqual", " >= ")
                        .Default(nullptr);
  if (Cmp) {
    if (Ops.size() != 2 || !operand(Ops[0], Out, A, Depth + 1))
      return false;
    Out.piece(Cmp, N);
    return operand(Ops[1], Out, A, Depth + 1);
  }
  if (Fn == "And" || Fn == "Or") {
    if (Ops.size() < 2 || (Key && Fn == "Or") || (Key && Ops.size() != 2))
      return false;
    for (size_t I = 0; I < Ops.size(); ++I) {
      Out.piece(I == 0 ? "(" : (Fn == "And" ? ") AND (" : ") OR ("), N);
      if (!condition(Ops[I], Key, Out, A, Depth + 1))
        return false;
    }
    Out.piece(")", N);
    return true;
  }
  if (Fn == "Not" && !Key && Ops.size() == 1) {
    Out.piece("NOT (", N);
    if (!condition(Ops[0], Key, Out, A, Depth + 1))
      return false;
    Out.piece(")", N);
    return true;
  }
  if (Fn == "Between" && Ops.size() == 3) {
    if (!operand(Ops[0], Out, A, Depth + 1))
      return false;
    Out.piece(" BETWEEN ", N);
    if (!operand(Ops[1], Out, A, Depth + 1))
      return false;
    Out.piece(" AND ", N);
    return operand(Ops[2], Out, A, Depth + 1);
  }
  if ((Fn == "BeginsWith" || (!Key && Fn == "Contains")) && Ops.size() == 2) {
    // The prefix or substring is a Go string: a value.
    Out.piece(Fn == "BeginsWith" ? "begins_with (" : "contains (", N);
    if (!operand(Ops[0], Out, A, Depth + 1))
      return false;
    Out.piece(", ", N);
    value(Ops[1], Out, A);
    Out.piece(")", N);
    return true;
  }
  if (!Key && (Fn == "AttributeExists" || Fn == "AttributeNotExists") &&
      Ops.size() == 1) {
    Out.piece(Fn == "AttributeExists" ? "attribute_exists ("
                                      : "attribute_not_exists (",
              N);
    if (!operand(Ops[0], Out, A, Depth + 1))
      return false;
    Out.piece(")", N);
    return true;
  }
  if (!Key && Fn == "In" && Ops.size() >= 2) {
    if (!operand(Ops[0], Out, A, Depth + 1))
      return false;
    Out.piece(" IN (", N);
    for (size_t I = 1; I < Ops.size(); ++I) {
      if (I > 1)
        Out.piece(", ", N);
      if (!operand(Ops[I], Out, A, Depth + 1))
        return false;
    }
    Out.piece(")", N);
    return true;
  }
  return false;
}

bool GoExpressionReader::setValue(TSNode N, Text &Out, Aliases &A,
                                  unsigned Depth) {
  llvm::StringRef F;
  std::optional<TSNode> Recv;
  llvm::SmallVector<TSNode, 2> Args;
  if (!followCall(N, Depth, F, Recv, Args))
    return false;
  // Plus(l, r) or l.Plus(r); the same for Minus, ListAppend, IfNotExists.
  llvm::SmallVector<TSNode, 4> Ops = operandsOf(Recv, Args);
  if (F == "Plus" || F == "Minus") {
    if (Ops.size() != 2 || !setValue(Ops[0], Out, A, Depth + 1))
      return false;
    Out.piece(F == "Plus" ? " + " : " - ", N);
    return setValue(Ops[1], Out, A, Depth + 1);
  }
  if (F == "ListAppend" || F == "IfNotExists") {
    if (Ops.size() != 2)
      return false;
    Out.piece(F == "ListAppend" ? "list_append(" : "if_not_exists(", N);
    if (!setValue(Ops[0], Out, A, Depth + 1))
      return false;
    Out.piece(", ", N);
    if (!setValue(Ops[1], Out, A, Depth + 1))
      return false;
    Out.piece(")", N);
    return true;
  }
  return operand(N, Out, A, Depth + 1);
}

bool GoExpressionReader::update(TSNode N, Text &Out, Aliases &A) {
  // The operations, outermost first: x.Set(..) on x.Remove(..) on
  // expression.Set(..) (or on expression.UpdateBuilder{}).
  struct Operation {
    llvm::StringRef Mode;
    TSNode Call;
    llvm::SmallVector<TSNode, 2> Args;
  };
  llvm::SmallVector<Operation, 8> Ops;
  for (unsigned Depth = 0;; ++Depth) {
    if (Depth == MaxDepth)
      return false;
    N = unwrap(N);
    if (type(N) == "identifier") {
      auto V = valueOf(N);
      if (!V)
        return false;
      N = *V;
      continue;
    }
    if (type(N) == "composite_literal" && !Ops.empty()) {
      auto T = childByField(N, "type");
      auto Body = childByField(N, "body");
      std::string Type = Pkg.str();
      Type += ".UpdateBuilder";
      if (!T || text(*T) != Type || !Body ||
          ts_node_named_child_count(*Body) != 0)
        return false;
      break;
    }
    llvm::StringRef F;
    std::optional<TSNode> Recv;
    llvm::SmallVector<TSNode, 2> Args;
    if (!callOf(N, F, Recv, Args))
      return false;
    const char *Mode = llvm::StringSwitch<const char *>(F)
                           .Case("Set", "SET")
                           .Case("Remove", "REMOVE")
                           .Case("Add", "ADD")
                           .Case("Delete", "DELETE")
                           .Default(nullptr);
    if (!Mode || Args.size() != (F == "Remove" ? 1u : 2u))
      return false;
    Ops.push_back({Mode, N, Args});
    if (!Recv)
      break;
    N = *Recv;
  }
  std::reverse(Ops.begin(), Ops.end());
  // Each mode once, in sorted order; its operations in call order.
  for (llvm::StringRef Mode : {"ADD", "DELETE", "REMOVE", "SET"}) {
    bool First = true;
    for (const Operation &O : Ops) {
      if (O.Mode != Mode)
        continue;
      std::string Lead = ", ";
      if (First) {
        Lead = Mode.str();
        Lead += ' ';
      }
      Out.piece(Lead, O.Call);
      First = false;
      if (!operand(O.Args[0], Out, A, 0))
        return false;
      if (Mode == "REMOVE")
        continue;
      if (Mode == "SET") {
        Out.piece(" = ", O.Call);
        if (!setValue(O.Args[1], Out, A, 0))
          return false;
      } else {
        Out.piece(" ", O.Call);
        if (!operand(O.Args[1], Out, A, 0))
          return false;
      }
    }
    if (!First)
      Out.piece("\n", Ops.front().Call);
  }
  return !Ops.empty();
}

std::unique_ptr<GoBuiltExpression> GoExpressionReader::build(TSNode BuildCall) {
  // The builder chain, from Build() back to NewBuilder().
  llvm::StringMap<TSNode> With;
  TSNode N = BuildCall;
  bool Started = false;
  for (unsigned Depth = 0; Depth < MaxDepth; ++Depth) {
    N = unwrap(N);
    if (type(N) == "identifier") {
      auto V = valueOf(N);
      if (!V)
        return nullptr;
      N = *V;
      continue;
    }
    llvm::StringRef F;
    std::optional<TSNode> Recv;
    llvm::SmallVector<TSNode, 2> Args;
    if (!callOf(N, F, Recv, Args))
      return nullptr;
    if (!Started) {
      if (F != "Build" || !Recv || !Args.empty())
        return nullptr;
      Started = true;
      N = *Recv;
      continue;
    }
    if (!Recv) {
      if (F != "NewBuilder" || !Args.empty())
        return nullptr;
      break;
    }
    if (!F.consume_front("With") || Args.size() != 1 || With.count(F))
      return nullptr;
    With[F] = Args[0];
    N = *Recv;
    if (Depth + 1 == MaxDepth)
      return nullptr;
  }
  auto Out = std::make_unique<GoBuiltExpression>();
  Aliases A;
  A.NameMap = J.object(BuildCall);
  A.ValueMap = J.object(BuildCall);
  // Build() writes the expressions in this order, aliases running on.
  static const std::pair<const char *, const char *> Order[] = {
      {"Condition", "Condition"},
      {"Filter", "Filter"},
      {"KeyCondition", "KeyCondition"},
      {"Projection", "Projection"}};
  for (auto [With_, Method] : Order) {
    auto It = With.find(With_);
    if (It == With.end())
      continue;
    Text T(J.file());
    bool Ok;
    if (llvm::StringRef(Method) == "Projection") {
      llvm::StringRef F;
      std::optional<TSNode> Recv;
      llvm::SmallVector<TSNode, 4> Args;
      TSNode P = unwrap(It->second);
      if (type(P) == "identifier")
        if (auto V = valueOf(P))
          P = *V;
      Ok = callOf(P, F, Recv, Args) && !Recv && F == "NamesList" &&
           !Args.empty();
      for (size_t I = 0; Ok && I < Args.size(); ++I) {
        if (I)
          T.piece(", ", P);
        Ok = operand(Args[I], T, A, 0);
      }
    } else {
      Ok = condition(It->second, llvm::StringRef(Method) == "KeyCondition", T,
                     A, 0);
    }
    if (!Ok)
      return nullptr; // its aliases would shift every later one
    Out->Texts[Method] = J.synthesized(It->second, std::move(T.S),
                                       std::move(T.Origin));
  }
  if (auto It = With.find("Update"); It != With.end()) {
    // Written last, its aliases running on; one the reader does not follow
    // leaves the update text and the aliases it adds unknown.
    Out->UpdateSet = true;
    Text T(J.file());
    if (update(It->second, T, A)) {
      Out->Texts["Update"] =
          J.synthesized(It->second, std::move(T.S), std::move(T.Origin));
    } else {
      A.NameMap.Unknown = true;
      A.ValueMap.Unknown = true;
    }
  }
  Out->Names = std::move(A.NameMap);
  Out->Values = std::move(A.ValueMap);
  return Out;
}

const GoBuiltExpression *GoExpressionReader::of(TSNode Var) {
  if (type(Var) != "identifier")
    return nullptr;
  std::optional<TSNode> V = valueOf(Var);
  if (!V)
    return nullptr;
  uint32_t Key = ts_node_start_byte(*V);
  auto It = Cache.find(Key);
  if (It == Cache.end())
    It = Cache.emplace(Key, build(*V)).first;
  return It->second.get();
}

} // namespace nosqlint::extract::sdk
