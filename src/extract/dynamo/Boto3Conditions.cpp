//===- Boto3Conditions.cpp - Key()/Attr() conditions to expressions -------===//
#include "Boto3Conditions.h"
#include "PyCallArgs.h"
#include "SyntaxTree.h"

#include "llvm/ADT/StringSwitch.h"

#include <cstring>

namespace nosqlint::extract::sdk {

namespace {

constexpr unsigned MaxDepth = 32;

llvm::StringRef type(TSNode N) { return ts_node_type(N); }

TSNode unparen(TSNode N) {
  for (unsigned I = 0; I < 16 && type(N) == "parenthesized_expression"; ++I) {
    if (ts_node_named_child_count(N) != 1)
      break;
    N = ts_node_named_child(N, 0);
  }
  return N;
}

using py::methodCall;
using Args = py::CallArgs;

Args arguments(const Evaluator &E, TSNode Call) {
  return py::callArguments(E, Call);
}

const char *comparison(llvm::StringRef Method) {
  return llvm::StringSwitch<const char *>(Method)
      .Case("eq", " = ")
      .Case("ne", " <> ")
      .Case("lt", " < ")
      .Case("lte", " <= ")
      .Case("gt", " > ")
      .Case("gte", " >= ")
      .Default(nullptr);
}

/// Methods every attribute (Key, Attr, Attr(...).size()) has.
bool isBaseMethod(llvm::StringRef M) {
  return M == "eq" || M == "lt" || M == "lte" || M == "gt" || M == "gte" ||
         M == "begins_with" || M == "between";
}

/// Methods only Attr has.
bool isAttrMethod(llvm::StringRef M) {
  return M == "ne" || M == "is_in" || M == "exists" || M == "not_exists" ||
         M == "contains" || M == "attribute_type";
}

} // namespace

llvm::StringRef ConditionBuilder::builderKind(TSNode N) const {
  N = unparen(N);
  if (type(N) != "call")
    return "";
  auto F = childByField(N, "function");
  if (!F)
    return "";
  llvm::StringRef Callee = Json.eval().text(*F);
  if (Callee == "Key" || Callee.endswith(".Key"))
    return "Key";
  if (Callee == "Attr" || Callee.endswith(".Attr"))
    return "Attr";
  return "";
}

bool ConditionBuilder::isCondition(TSNode N, unsigned Depth) {
  N = unparen(N);
  if (Depth > MaxDepth)
    return false;
  llvm::StringRef T = type(N);
  if (T == "binary_operator") {
    auto Op = childByField(N, "operator");
    auto L = childByField(N, "left");
    if (!Op || !L)
      return false;
    llvm::StringRef O = Json.eval().text(*Op);
    return (O == "&" || O == "|") && isCondition(*L, Depth + 1);
  }
  if (T == "unary_operator") {
    auto Op = childByField(N, "operator");
    auto A = childByField(N, "argument");
    return Op && A && Json.eval().text(*Op) == "~" &&
           isCondition(*A, Depth + 1);
  }
  if (T == "identifier") {
    if (auto V = Follow(N))
      return isCondition(*V, Depth + 1);
    return false;
  }
  TSNode Object, Method;
  if (!methodCall(N, Object, Method))
    return false;
  llvm::StringRef M = Json.eval().text(Method);
  if (!isBaseMethod(M) && !isAttrMethod(M))
    return false;
  if (!builderKind(Object).empty())
    return true;
  // Attr("x").size().eq(3)
  TSNode Inner, InnerMethod;
  return methodCall(unparen(Object), Inner, InnerMethod) &&
         Json.eval().text(InnerMethod) == "size" &&
         builderKind(Inner) == "Attr";
}

void ConditionBuilder::piece(llvm::StringRef Text, TSNode At) {
  if (Text.empty())
    return;
  uint32_t B = ts_node_start_byte(At);
  uint32_t E = ts_node_end_byte(At);
  Out.Origin.addSegment(static_cast<uint32_t>(Out.Text.size()),
                        static_cast<uint32_t>(Text.size()), B, E - B);
  Out.Text += Text.str();
}

bool ConditionBuilder::emitName(TSNode Builder) {
  Args A = arguments(Json.eval(), Builder);
  std::optional<TSNode> Arg = A.get(0, "name");
  if (!Arg || A.count() != 1 || A.Splat)
    return false;
  JsonValue Full = Json.string(*Arg);
  if (Full.Unknown || !Full.isString() || Full.Str.empty() || !Full.Origin)
    return false;
  // boto3 replaces every part of a document path by a placeholder and keeps
  // the dots and the list indexes: "a.b[0]" -> "#n0.#n1[0]".
  llvm::StringRef S = Full.Str;
  size_t I = 0;
  while (I < S.size()) {
    char C = S[I];
    if (C == '[') {
      size_t Close = S.find(']', I);
      if (Close == llvm::StringRef::npos)
        Close = S.size() - 1;
      piece(S.slice(I, Close + 1), Builder);
      I = Close + 1;
      continue;
    }
    if (C == '.' || C == ']') {
      piece(S.substr(I, 1), Builder);
      ++I;
      continue;
    }
    size_t End = S.find_first_of(".[]", I);
    if (End == llvm::StringRef::npos)
      End = S.size();
    std::string Placeholder = "#n" + std::to_string(Counters->Names++);
    piece(Placeholder, Builder);
    SourceRange R = Full.Origin->toFileRange(static_cast<uint32_t>(I),
                                             static_cast<uint32_t>(End));
    TextOrigin PartOrigin(Json.file());
    PartOrigin.addSegment(0, static_cast<uint32_t>(End - I), R.Begin,
                          R.End - R.Begin);
    Out.Names.push_back({Placeholder,
                         Json.synthesized(*Arg, S.slice(I, End).str(),
                                          std::move(PartOrigin)),
                         Builder});
    I = End;
  }
  return true;
}

bool ConditionBuilder::emitValue(TSNode V) {
  std::string Placeholder = ":v" + std::to_string(Counters->Values++);
  piece(Placeholder, V);
  Out.Values.push_back({Placeholder, V});
  return true;
}

/// The attribute side of a condition: Key(..), Attr(..) or Attr(..).size().
bool ConditionBuilder::emitOperand(TSNode N) {
  N = unparen(N);
  llvm::StringRef Kind = builderKind(N);
  if (!Kind.empty())
    return emitName(N);
  TSNode Inner, Method;
  if (!methodCall(N, Inner, Method) || Json.eval().text(Method) != "size" ||
      builderKind(Inner) != "Attr")
    return false;
  Args A = arguments(Json.eval(), N);
  if (A.count() != 0 || A.Splat || !A.List)
    return false;
  piece("size(", Method);
  if (!emitName(unparen(Inner)))
    return false;
  piece(")", *A.List);
  return true;
}

bool ConditionBuilder::emit(TSNode N, unsigned Depth) {
  N = unparen(N);
  if (Depth > MaxDepth)
    return false;
  llvm::StringRef T = type(N);
  if (T == "binary_operator" || T == "unary_operator") {
    auto Op = childByField(N, "operator");
    if (!Op)
      return false;
    llvm::StringRef O = Json.eval().text(*Op);
    if (T == "unary_operator") {
      auto A = childByField(N, "argument");
      if (O != "~" || !A)
        return false;
      piece("(", N);
      piece("NOT ", *Op);
      if (!emit(*A, Depth + 1))
        return false;
      piece(")", N);
      return true;
    }
    auto L = childByField(N, "left");
    auto R = childByField(N, "right");
    if ((O != "&" && O != "|") || !L || !R)
      return false;
    piece("(", N);
    if (!emit(*L, Depth + 1))
      return false;
    piece(O == "&" ? " AND " : " OR ", *Op);
    if (!emit(*R, Depth + 1))
      return false;
    piece(")", N);
    return true;
  }
  if (T == "identifier") {
    if (auto V = Follow(N))
      return emit(*V, Depth + 1);
    return false;
  }
  TSNode Object, MethodNode;
  if (!methodCall(N, Object, MethodNode))
    return false;
  llvm::StringRef M = Json.eval().text(MethodNode);
  Object = unparen(Object);
  llvm::StringRef Kind = builderKind(Object);
  if (Kind.empty()) {
    TSNode Inner, InnerMethod;
    if (methodCall(Object, Inner, InnerMethod) &&
        Json.eval().text(InnerMethod) == "size" &&
        builderKind(Inner) == "Attr")
      Kind = "Size";
  }
  if (Kind.empty())
    return false;
  // Only Key attributes in a key condition (boto3 raises otherwise); the
  // methods each kind really has.
  if (KeyCondition && Kind != "Key")
    return false;
  if (!isBaseMethod(M) && !(Kind == "Attr" && isAttrMethod(M)))
    return false;
  Args A = arguments(Json.eval(), N);
  if (A.Splat || !A.List)
    return false;
  TSNode Close = *A.List;
  if (const char *Op = comparison(M)) {
    auto V = A.get(0, "value");
    if (!V || A.count() != 1)
      return false;
    if (!emitOperand(Object))
      return false;
    piece(Op, MethodNode);
    return emitValue(*V);
  }
  if (M == "between") {
    auto Low = A.get(0, "low_value");
    auto High = A.get(1, "high_value");
    if (!Low || !High || A.count() != 2)
      return false;
    if (!emitOperand(Object))
      return false;
    piece(" BETWEEN ", MethodNode);
    emitValue(*Low);
    piece(" AND ", MethodNode);
    return emitValue(*High);
  }
  if (M == "exists" || M == "not_exists") {
    if (A.count() != 0)
      return false;
    piece(M == "exists" ? "attribute_exists(" : "attribute_not_exists(",
          MethodNode);
    if (!emitOperand(Object))
      return false;
    piece(")", Close);
    return true;
  }
  if (M == "is_in") {
    auto V = A.get(0, "value");
    if (!V || A.count() != 1)
      return false;
    TSNode List = unparen(*V);
    llvm::StringRef LT = type(List);
    if (LT != "list" && LT != "tuple")
      return false; // how many values: known at run time only
    llvm::SmallVector<TSNode, 8> Elements;
    uint32_t Count = ts_node_named_child_count(List);
    for (uint32_t I = 0; I < Count; ++I) {
      TSNode E = ts_node_named_child(List, I);
      if (type(E) == "comment")
        continue;
      if (type(E) == "list_splat")
        return false;
      Elements.push_back(E);
    }
    if (Elements.empty())
      return false;
    if (!emitOperand(Object))
      return false;
    piece(" IN (", MethodNode);
    for (size_t I = 0; I < Elements.size(); ++I) {
      if (I != 0)
        piece(", ", MethodNode);
      emitValue(Elements[I]);
    }
    piece(")", Close);
    return true;
  }
  // begins_with, contains, attribute_type: function(attr, value).
  auto V = A.get(0, "value");
  if (!V || A.count() != 1)
    return false;
  piece(M.str() + "(", MethodNode);
  if (!emitOperand(Object))
    return false;
  piece(", ", MethodNode);
  emitValue(*V);
  piece(")", Close);
  return true;
}

std::optional<BuiltCondition>
ConditionBuilder::build(TSNode N, bool IsKeyCondition,
                        PlaceholderCounters &C) {
  Out = BuiltCondition();
  Out.Origin = TextOrigin(Json.file());
  KeyCondition = IsKeyCondition;
  PlaceholderCounters Saved = C;
  Counters = &C;
  bool Ok = emit(N, 0);
  Counters = nullptr;
  if (!Ok || Out.Text.empty()) {
    C = Saved;
    return std::nullopt;
  }
  return std::move(Out);
}

} // namespace nosqlint::extract::sdk
