//===- LaterExtensions.cpp ------------------------------------------------===//
#include "LaterExtensions.h"

#include "SyntaxTree.h"

#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

namespace {

constexpr unsigned MaxStatements = 256;

bool isWordChar(char C) { return llvm::isAlnum(C) || C == '_' || C == '$'; }

/// The word occurrences of \p Name in [Begin, End), each passed to \p Fn
/// with the text after it; stops when \p Fn returns true.
template <typename Fn>
bool forEachUse(llvm::StringRef Src, llvm::StringRef Name, uint32_t Begin,
                uint32_t End, Fn &&F) {
  if (Name.empty() || End > Src.size())
    return false;
  llvm::StringRef Range = Src.slice(0, End);
  for (size_t Pos = Range.find(Name, Begin); Pos != llvm::StringRef::npos;
       Pos = Range.find(Name, Pos + 1)) {
    size_t After = Pos + Name.size();
    if ((Pos > 0 && isWordChar(Src[Pos - 1])) ||
        (After < Src.size() && isWordChar(Src[After])))
      continue;
    if (F(Range.drop_front(After)))
      return true;
  }
  return false;
}

bool mentions(llvm::StringRef Src, llvm::StringRef Name, TSNode N) {
  return forEachUse(Src, Name, ts_node_start_byte(N), ts_node_end_byte(N),
                    [](llvm::StringRef) { return true; });
}

/// A node whose named children are statements run in order.
bool isStatementList(llvm::StringRef T) {
  return T == "block" || T == "statements" || T == "statement_list" ||
         T == "module" || T == "program" || T == "source_file" ||
         T == "compilation_unit" || T == "constructor_body";
}

/// The statement of a statement list that holds \p Value, climbing only
/// through the declaration or assignment that binds it.
std::optional<TSNode> holdingStatement(const Evaluator &Eval, TSNode Value) {
  TSNode Cur = Value;
  for (unsigned Steps = 0; Steps < 6; ++Steps) {
    TSNode P = ts_node_parent(Cur);
    if (ts_node_is_null(P))
      return std::nullopt;
    llvm::StringRef T = Eval.type(P);
    if (isStatementList(T))
      return Cur;
    if (Eval.isCall(P) || T.contains("argument") || T.endswith("body") ||
        T.contains("lambda") || T.contains("function"))
      return std::nullopt;
    Cur = P;
  }
  return std::nullopt;
}

class Follower {
public:
  Follower(Evaluator &Eval, llvm::StringRef Name, Rebuilt &Out)
      : Eval(Eval), Name(Name), Out(Out) {}

  /// Appends what statement \p S adds; false when \p S is no extension.
  bool extension(TSNode S) {
    TSNode X = S;
    if (Eval.type(X) == "expression_statement") {
      auto Kids = namedChildren(X);
      if (Kids.size() != 1)
        return false;
      X = Kids[0];
    }
    if (std::optional<AssignmentParts> A = Eval.assignment(X, true)) {
      if (A->Name != Name)
        return false;
      if (A->Op == "+=") {
        Eval.append(A->Right, Out);
        return true;
      }
      return A->Op == "=" && concatenationOnto(A->Right);
    }
    return appendCalls(X);
  }

private:
  /// `Name + a + b`: appends a and b.
  bool concatenationOnto(TSNode Right) {
    llvm::SmallVector<TSNode, 8> Rights;
    TSNode Cur = Right;
    for (unsigned Steps = 0; Steps < 64; ++Steps) {
      while (Eval.type(Cur) == "parenthesized_expression" &&
             namedChildren(Cur).size() == 1)
        Cur = namedChildren(Cur)[0];
      if (Eval.text(Cur) == Name) {
        for (auto It = Rights.rbegin(); It != Rights.rend(); ++It)
          Eval.append(*It, Out);
        return !Rights.empty();
      }
      std::optional<TSNode> L = childByField(Cur, "left");
      std::optional<TSNode> R = childByField(Cur, "right");
      auto Kids = namedChildren(Cur);
      if (!L && Kids.size() == 2)
        L = Kids[0], R = Kids[1];
      if (!L || !R)
        return false;
      llvm::StringRef Op =
          Eval.source()
              .slice(ts_node_end_byte(*L), ts_node_start_byte(*R))
              .trim();
      if (Op != "+")
        return false;
      Rights.push_back(*R);
      Cur = *L;
    }
    return false;
  }

  /// `Name.append(a).append(b)`: appends a and b.
  bool appendCalls(TSNode X) {
    llvm::SmallVector<TSNode, 8> Args;
    TSNode Cur = X;
    for (unsigned Steps = 0; Steps < 64; ++Steps) {
      if (Eval.text(Cur) == Name) {
        for (auto It = Args.rbegin(); It != Args.rend(); ++It)
          Eval.append(*It, Out);
        return !Args.empty();
      }
      if (!Eval.isCall(Cur))
        return false;
      CallParts P = Eval.callParts(Cur);
      if ((P.Method != "append" && P.Method != "Append") ||
          P.Args.size() != 1 || !P.ReceiverNode)
        return false;
      Args.push_back(P.Args[0]);
      Cur = *P.ReceiverNode;
    }
    return false;
  }

  Evaluator &Eval;
  llvm::StringRef Name;
  Rebuilt &Out;
};

} // namespace

bool isExtendedWithin(llvm::StringRef Src, llvm::StringRef Name,
                      uint32_t Begin, uint32_t End) {
  return forEachUse(Src, Name, Begin, End, [&](llvm::StringRef Rest) {
    Rest = Rest.ltrim(" \t");
    if (Rest.startswith("+=") || Rest.startswith(".append(") ||
        Rest.startswith(".Append(") || Rest.startswith(".concat("))
      return true;
    // Name = Name + ...
    if (!Rest.startswith("=") || Rest.startswith("=="))
      return false;
    llvm::StringRef Rhs = Rest.drop_front().ltrim(" \t");
    return Rhs.startswith(Name) && Rhs.size() > Name.size() &&
           !isWordChar(Rhs[Name.size()]) &&
           Rhs.drop_front(Name.size()).ltrim(" \t").startswith("+");
  });
}

unsigned appendLaterExtensions(Evaluator &Eval, TSNode Value,
                               llvm::StringRef Name, Rebuilt &Out) {
  llvm::StringRef Src = Eval.source();
  std::optional<TSNode> Stmt = holdingStatement(Eval, Value);
  if (!Stmt) {
    // A field, a lambda's value: extended where this reading does not
    // follow. The rest is one unknown piece.
    uint32_t End = ts_node_end_byte(Value);
    Out.appendHole(End > 0 ? End - 1 : 0, 1);
    return 0;
  }
  Follower F(Eval, Name, Out);
  unsigned Followed = 0;
  TSNode S = ts_node_next_named_sibling(*Stmt);
  for (unsigned I = 0; I < MaxStatements && !ts_node_is_null(S);
       ++I, S = ts_node_next_named_sibling(S)) {
    if (isCommentType(Eval.type(S)) || !mentions(Src, Name, S))
      continue;
    if (F.extension(S)) {
      ++Followed;
      continue;
    }
    uint32_t B = ts_node_start_byte(S), E = ts_node_end_byte(S);
    if (!isExtendedWithin(Src, Name, B, E))
      break; // a use: the value is complete here
    // Extended inside a loop or a branch: as many times as it runs.
    Out.appendHole(B, E - B);
    ++Followed;
  }
  return Followed;
}

} // namespace nosqlint::extract
