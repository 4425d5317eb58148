//===- QueryBuilder4.cpp - Driver 4's QueryBuilder chains as CQL ----------===//
//
// What DefaultSelect, DefaultInsert, DefaultUpdate, DefaultDelete and
// DefaultTruncate (com.datastax.oss.driver.internal.querybuilder) write
// for a chain:
//
//   SELECT [DISTINCT] selectors FROM t [WHERE r AND ...] [GROUP BY ...]
//     [ORDER BY c ASC, ...] [PER PARTITION LIMIT n] [LIMIT n] [ALLOW FILTERING]
//   INSERT INTO t (c, ...) VALUES (v, ...) [IF NOT EXISTS]
//     [USING TIMESTAMP ts AND TTL n]
//   UPDATE t [USING TIMESTAMP ts AND TTL n] SET a, ... WHERE r AND ...
//     [IF EXISTS | IF cond AND ...]
//   DELETE [c, ...] FROM t [USING TIMESTAMP ts] WHERE r AND ...
//     [IF EXISTS | IF cond AND ...]
//   TRUNCATE t
//
// (The driver writes LIMIT before PER PARTITION LIMIT, which CQL's grammar
// does not accept; the statement here is the one CQL reads, in CQL's
// order.) Selectors: all() (`*`, cancelling the others, as a later
// selector cancels it), countAll(), column(s), writeTime, ttl, function
// with column arguments, toDate/toTimestamp/toUnixTimestamp, as(alias).
// Relations: whereColumn(s)/whereToken/whereMapValue followed by their
// operator, or where(Relation...) with Relation.column/columns/token/
// mapValue. Assignments: setColumn, setMapValue/setListValue, increment,
// decrement, append/prepend/remove and their Element/Entry forms, as calls
// of the chain or as Assignment arguments of set(...). Conditions: ifExists,
// ifColumn/ifElement/ifField with an operator, if_(Condition...).
// `where(relations)` of a list and `columns(names.toArray(..))` the program
// computes make the statement opaque (listed, never reported); ScyllaDB's
// `usingTimeout` is left out of the text (how long it may run, and an
// extension the default dialect rejects).
//
//===----------------------------------------------------------------------===//
#include "QueryBuilderTranslations.h"

#include "SyntaxTree.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <optional>

namespace nosqlint::extract {

namespace {

/// The left side of a relation or condition.
struct LeftOperand {
  enum Kind { Column, Columns, Token, Element, Field } K = Column;
  std::vector<TSNode> Names; // the column(s); Field: column, field
  std::optional<TSNode> Index; // Element: the key or index term
};

/// `left OP values`, one relation of WHERE or one condition of IF.
struct Comparison {
  LeftOperand Left;
  llvm::StringRef Op;
  std::vector<TSNode> Values;
  TSNode At; // the operator call: the relation's text maps there
  TSNode LeftAt;
};

/// One assignment of an UPDATE.
struct Assign {
  llvm::StringRef Method; // setColumn, increment, appendSetElement, ...
  std::vector<TSNode> Args;
  TSNode At;
};

/// One selector of a SELECT.
struct SelectorItem {
  enum Kind { ColumnName, Count, Call, Computed } K = ColumnName;
  std::string Function;       // writetime, ttl, todate, a user function
  std::vector<TSNode> Args;   // ColumnName: one name; Function: selectors
  std::optional<TSNode> Alias;
  TSNode At;
};

/// The left operand a relation builder starts from: `column(c)`,
/// `Relation.column(c)`, `columns(a, b)`, `token(a)`, `mapValue(c, k)`
/// (and the chain forms `whereColumn(c)`...).
std::optional<LeftOperand> leftOperand(llvm::StringRef M,
                                       const std::vector<TSNode> &Args) {
  LeftOperand L;
  if ((M == "column" || M == "whereColumn" || M == "ifColumn") &&
      Args.size() == 1) {
    L.K = LeftOperand::Column;
  } else if ((M == "columns" || M == "whereColumns" || M == "columnIds" ||
              M == "whereColumnIds") &&
             !Args.empty()) {
    L.K = LeftOperand::Columns;
  } else if ((M == "token" || M == "whereToken") && !Args.empty()) {
    L.K = LeftOperand::Token;
  } else if ((M == "mapValue" || M == "whereMapValue" || M == "ifElement" ||
              M == "element") &&
             Args.size() == 2) {
    L.K = LeftOperand::Element;
    L.Names = {Args[0]};
    L.Index = Args[1];
    return L;
  } else if ((M == "ifField" || M == "field") && Args.size() == 2) {
    L.K = LeftOperand::Field;
  } else {
    return std::nullopt;
  }
  L.Names = Args;
  return L;
}

/// A Relation or Condition argument: `column(c).isEqualTo(v)`.
std::optional<Comparison> comparisonArgument(TSNode N, llvm::StringRef Src) {
  llvm::StringRef Op = invokedName(N, Src);
  auto Obj = childByField(N, "object");
  if (Op.empty() || !Obj || !BuilderText::operatorOf(Op))
    return std::nullopt;
  llvm::StringRef LeftM = invokedName(*Obj, Src);
  if (LeftM.empty())
    return std::nullopt;
  // `column(c)` statically imported, or `Relation.column(c)`.
  if (auto Owner = childByField(*Obj, "object")) {
    llvm::StringRef O = Src.slice(ts_node_start_byte(*Owner), ts_node_end_byte(*Owner));
    if (O != "Relation" && O != "Condition" && !O.endswith(".Relation") &&
        !O.endswith(".Condition"))
      return std::nullopt;
  }
  std::optional<LeftOperand> L = leftOperand(LeftM, builderArgs(*Obj));
  if (!L)
    return std::nullopt;
  auto OpName = childByField(N, "name");
  return Comparison{*L, *BuilderText::operatorOf(Op), builderArgs(N), *OpName,
                    *Obj};
}

void emitLeft(BuilderText &T, const LeftOperand &L, TSNode At) {
  switch (L.K) {
  case LeftOperand::Column:
    T.name(L.Names[0]);
    return;
  case LeftOperand::Columns:
  case LeftOperand::Token:
    T.word(L.K == LeftOperand::Token ? "token(" : "(", At);
    for (size_t I = 0; I < L.Names.size(); ++I) {
      if (I)
        T.word(", ", L.Names[I]);
      T.name(L.Names[I]);
    }
    T.word(")", At);
    return;
  case LeftOperand::Element:
    T.name(L.Names[0]);
    T.word("[", *L.Index);
    T.value(*L.Index);
    T.word("]", *L.Index);
    return;
  case LeftOperand::Field:
    T.name(L.Names[0]);
    T.word(".", L.Names[1]);
    T.name(L.Names[1]);
    return;
  }
}

void emitComparison(BuilderText &T, const Comparison &C) {
  emitLeft(T, C.Left, C.LeftAt);
  T.relationTail(C.Op, C.Values, C.At);
}

/// An Assignment argument of `set(...)`: `setColumn(c, v)`,
/// `Assignment.append(c, v)`.
std::optional<Assign> assignmentArgument(TSNode N, llvm::StringRef Src) {
  llvm::StringRef M = invokedName(N, Src);
  if (M.empty())
    return std::nullopt;
  if (auto Owner = childByField(N, "object")) {
    llvm::StringRef O = Src.slice(ts_node_start_byte(*Owner), ts_node_end_byte(*Owner));
    if (O != "Assignment" && !O.endswith(".Assignment"))
      return std::nullopt;
  }
  return Assign{M, builderArgs(N), N};
}

/// The CQL of one assignment; false on a form it does not know.
bool emitAssignment(BuilderText &T, const Assign &A) {
  const std::vector<TSNode> &X = A.Args;
  llvm::StringRef M = A.Method;
  if (M == "setColumn" && X.size() == 2) {
    T.name(X[0]);
    T.word(" = ", A.At);
    T.value(X[1]);
    return true;
  }
  if ((M == "setMapValue" || M == "setListValue") && X.size() == 3) {
    T.name(X[0]);
    T.word("[", X[1]);
    T.value(X[1]);
    T.word("] = ", X[2]);
    T.value(X[2]);
    return true;
  }
  if (M == "setField" && X.size() == 3) {
    T.name(X[0]);
    T.word(".", X[1]);
    T.name(X[1]);
    T.word(" = ", X[2]);
    T.value(X[2]);
    return true;
  }
  if ((M == "increment" || M == "decrement") && (X.size() == 1 || X.size() == 2)) {
    T.name(X[0]);
    T.word(" = ", A.At);
    T.name(X[0]);
    T.word(M == "increment" ? " + " : " - ", A.At);
    if (X.size() == 2)
      T.value(X[1]);
    else
      T.word("1", A.At); // the driver's literal(1)
    return true;
  }
  // append/prepend/remove and their element and entry forms.
  bool Append = M.startswith("append"), Prepend = M.startswith("prepend"),
       Remove = M.startswith("remove");
  if (!Append && !Prepend && !Remove)
    return false;
  llvm::StringRef Form = M.drop_front(Append ? 6 : Prepend ? 7 : 6);
  llvm::StringRef Open = llvm::StringSwitch<llvm::StringRef>(Form)
                             .Case("", "")
                             .Case("ListElement", "[")
                             .Cases("SetElement", "MapEntry", "{")
                             .Default("!");
  if (Open == "!")
    return false;
  bool Entry = Form == "MapEntry";
  if (X.size() != (Entry ? 3u : 2u))
    return false;
  auto Operand = [&] {
    if (!Open.empty())
      T.word(Open, X[1]);
    T.value(X[1]);
    if (Entry) {
      T.word(": ", X[2]);
      T.value(X[2]);
    }
    if (!Open.empty())
      T.word(Open == "[" ? "]" : "}", X.back());
  };
  T.name(X[0]);
  T.word(" = ", A.At);
  if (Prepend) {
    Operand();
    T.word(" + ", A.At);
    T.name(X[0]);
  } else {
    T.name(X[0]);
    T.word(Remove ? " - " : " + ", A.At);
    Operand();
  }
  return true;
}

/// A Selector argument of function(...) / selector(...): a column.
bool emitSelectorArgument(BuilderText &T, TSNode N, llvm::StringRef Src) {
  llvm::StringRef M = invokedName(N, Src);
  std::vector<TSNode> Args = builderArgs(N);
  if (M == "column" && Args.size() == 1) {
    if (auto Owner = childByField(N, "object")) {
      llvm::StringRef O = Src.slice(ts_node_start_byte(*Owner), ts_node_end_byte(*Owner));
      if (O != "Selector" && !O.endswith(".Selector"))
        return false;
    }
    T.name(Args[0]);
    return true;
  }
  return false;
}

bool emitSelector(BuilderText &T, const SelectorItem &S, llvm::StringRef Src) {
  switch (S.K) {
  case SelectorItem::ColumnName:
    T.name(S.Args[0]);
    break;
  case SelectorItem::Count:
    T.word("count(*)", S.At);
    break;
  case SelectorItem::Computed:
    T.opaque(S.Args[0]);
    break;
  case SelectorItem::Call:
    T.word(S.Function + "(", S.At);
    for (size_t I = 0; I < S.Args.size(); ++I) {
      if (I)
        T.word(", ", S.Args[I]);
      if (S.Function == "writetime" || S.Function == "ttl" ||
          S.Function == "todate" || S.Function == "totimestamp" ||
          S.Function == "tounixtimestamp") {
        T.name(S.Args[I]); // a column name
      } else if (!emitSelectorArgument(T, S.Args[I], Src)) {
        return false;
      }
    }
    T.word(")", S.At);
    break;
  }
  if (S.Alias) {
    T.word(" AS ", *S.Alias);
    T.name(*S.Alias);
  }
  return true;
}

enum class Kind { Select, Insert, Update, Delete, Truncate };

struct Statement {
  Kind K = Kind::Select;
  const BuilderCall *Root = nullptr;
  std::vector<SelectorItem> Selectors;
  bool Star = false, Distinct = false;
  std::vector<const BuilderCall *> Values; // .value(c, v)
  std::vector<Assign> Sets;
  std::vector<TSNode> Deleted; // DELETE c, ...
  std::vector<Comparison> Where, If;
  std::vector<TSNode> GroupBy;
  std::vector<const BuilderCall *> OrderBy;
  const BuilderCall *Limit = nullptr, *PerPartitionLimit = nullptr,
                    *Filtering = nullptr, *Ttl = nullptr, *Timestamp = nullptr;
  /// `where(relations)` of a list the program computes: an opaque WHERE.
  std::optional<TSNode> ComputedWhere;
  bool IfExists = false, IfNotExists = false;
  TSNode IfAt;
};

/// Reads the calls after the root into \p S; false on one it does not know.
bool readChain(const std::vector<BuilderCall> &C, llvm::StringRef Src,
               Statement &S) {
  for (size_t I = 1; I < C.size(); ++I) {
    const BuilderCall &X = C[I];
    llvm::StringRef M = X.Name;
    if (isNeutralBuilderCall(M))
      continue;
    // A relation or condition builder, then its operator.
    if (M == "whereColumn" || M == "whereColumns" || M == "whereColumnIds" ||
        M == "whereToken" || M == "whereMapValue" || M == "ifColumn" ||
        M == "ifElement" || M == "ifField") {
      std::optional<LeftOperand> L = leftOperand(M, X.Args);
      if (!L || I + 1 >= C.size() || !BuilderText::operatorOf(C[I + 1].Name))
        return false;
      const BuilderCall &OpCall = C[++I];
      Comparison Cmp{*L, *BuilderText::operatorOf(OpCall.Name), OpCall.Args,
                     OpCall.NameNode, X.NameNode};
      (M.startswith("if") ? S.If : S.Where).push_back(Cmp);
      if (M.startswith("if"))
        S.IfAt = X.NameNode;
      continue;
    }
    if (M == "where" && X.Args.size() == 1 && invokedName(X.Args[0], Src).empty() &&
        S.Where.empty() && !S.ComputedWhere) {
      // `where(relations)`, an Iterable<Relation> computed at run time.
      S.ComputedWhere = X.Args[0];
      continue;
    }
    if (M == "where" || M == "if_") {
      if (X.Args.empty() || S.ComputedWhere)
        return false;
      for (TSNode A : X.Args) {
        std::optional<Comparison> Cmp = comparisonArgument(A, Src);
        if (!Cmp)
          return false; // a raw snippet, a custom index, a list variable
        (M == "where" ? S.Where : S.If).push_back(*Cmp);
      }
      if (M == "if_")
        S.IfAt = X.NameNode;
      continue;
    }
    if (M == "ifExists" && X.Args.empty()) {
      S.IfExists = true;
      S.IfAt = X.NameNode;
      continue;
    }
    if (M == "ifNotExists" && X.Args.empty()) {
      S.IfNotExists = true;
      continue;
    }
    if (M == "usingTtl" && X.Args.size() == 1) {
      S.Ttl = &X;
      continue;
    }
    if (M == "usingTimestamp" && X.Args.size() == 1) {
      S.Timestamp = &X;
      continue;
    }
    if (M == "usingTimeout" && X.Args.size() == 1) {
      // ScyllaDB's fork of the driver: USING TIMEOUT, how long the
      // statement may run. Left out of the text: it says nothing of what
      // the statement reads, and a Cassandra check would reject the
      // extension the application's own driver targets.
      continue;
    }
    switch (S.K) {
    case Kind::Select: {
      auto Selector = [&](SelectorItem Item) {
        if (S.Star) {
          S.Star = false; // a selector after `*` cancels it
          S.Selectors.clear();
        }
        S.Selectors.push_back(std::move(Item));
      };
      if (M == "all" && X.Args.empty()) {
        S.Selectors.clear();
        S.Star = true;
      } else if (M == "countAll" && X.Args.empty()) {
        Selector({SelectorItem::Count, "", {}, std::nullopt, X.NameNode});
      } else if (M == "columns" && X.Args.size() == 1 &&
                 !invokedName(X.Args[0], Src).empty() &&
                 invokedName(X.Args[0], Src) != "fromCql") {
        // `columns(list.toArray(...))`: the columns the program computes.
        Selector({SelectorItem::Computed, "", {X.Args[0]}, std::nullopt, X.Args[0]});
      } else if ((M == "column" || M == "columns") && !X.Args.empty()) {
        for (TSNode A : X.Args)
          Selector({SelectorItem::ColumnName, "", {A}, std::nullopt, A});
      } else if ((M == "writeTime" || M == "ttl" || M == "toDate" ||
                  M == "toTimestamp" || M == "toUnixTimestamp") &&
                 X.Args.size() == 1) {
        Selector({SelectorItem::Call, M.lower(), {X.Args[0]}, std::nullopt,
                  X.NameNode});
      } else if (M == "function" && !X.Args.empty() &&
                 llvm::StringRef(ts_node_type(X.Args[0])) == "string_literal") {
        llvm::StringRef Fn = Src.slice(ts_node_start_byte(X.Args[0]) + 1,
                                       ts_node_end_byte(X.Args[0]) - 1);
        if (Fn.empty() || !llvm::all_of(Fn, [](char Ch) {
              return llvm::isAlnum(Ch) || Ch == '_';
            }))
          return false;
        Selector({SelectorItem::Call, Fn.str(),
                  {X.Args.begin() + 1, X.Args.end()}, std::nullopt, X.NameNode});
      } else if (M == "as" && X.Args.size() == 1 && !S.Selectors.empty() &&
                 !S.Selectors.back().Alias) {
        S.Selectors.back().Alias = X.Args[0];
      } else if (M == "distinct" && X.Args.empty()) {
        S.Distinct = true;
      } else if ((M == "groupBy" || M == "groupByColumns" ||
                  M == "groupByColumnIds") &&
                 !X.Args.empty() &&
                 llvm::all_of(X.Args, [&](TSNode A) {
                   return invokedName(A, Src).empty() ||
                          invokedName(A, Src) == "fromCql";
                 })) {
        S.GroupBy.insert(S.GroupBy.end(), X.Args.begin(), X.Args.end());
      } else if (M == "orderBy" && X.Args.size() == 2) {
        S.OrderBy.push_back(&X);
      } else if (M == "limit" && X.Args.size() == 1 && !S.Limit) {
        S.Limit = &X;
      } else if (M == "perPartitionLimit" && X.Args.size() == 1 &&
                 !S.PerPartitionLimit) {
        S.PerPartitionLimit = &X;
      } else if (M == "allowFiltering" && X.Args.empty()) {
        S.Filtering = &X;
      } else {
        return false;
      }
      continue;
    }
    case Kind::Insert:
      if (M == "value" && X.Args.size() == 2) {
        S.Values.push_back(&X);
        continue;
      }
      return false; // values(Map), json(...), ...
    case Kind::Update:
      if (M == "set") {
        if (X.Args.empty())
          return false;
        for (TSNode A : X.Args) {
          std::optional<Assign> As = assignmentArgument(A, Src);
          if (!As)
            return false;
          S.Sets.push_back(*As);
        }
        continue;
      }
      S.Sets.push_back({M, X.Args, X.NameNode}); // checked when written
      continue;
    case Kind::Delete:
      if (M == "column" && X.Args.size() == 1) {
        S.Deleted.push_back(X.Args[0]);
        continue;
      }
      return false; // field(..), element(..): not read
    case Kind::Truncate:
      return false;
    }
  }
  return true;
}

bool emitWhere(BuilderText &T, const Statement &S) {
  if (S.ComputedWhere) {
    // What it restricts, and whether anything, is the program's: opaque.
    T.word(" WHERE ", *S.ComputedWhere);
    T.opaque(*S.ComputedWhere);
    return !T.Failed;
  }
  for (size_t I = 0; I < S.Where.size(); ++I) {
    T.word(I == 0 ? " WHERE " : " AND ", S.Where[I].LeftAt);
    emitComparison(T, S.Where[I]);
  }
  return !T.Failed;
}

void emitIf(BuilderText &T, const Statement &S) {
  if (S.IfExists) {
    T.word(" IF EXISTS", S.IfAt);
    return;
  }
  for (size_t I = 0; I < S.If.size(); ++I) {
    T.word(I == 0 ? " IF " : " AND ", S.If[I].LeftAt);
    emitComparison(T, S.If[I]);
  }
}

/// ` USING TIMESTAMP ts AND TTL n` (either alone).
void emitUsing(BuilderText &T, const Statement &S) {
  if (S.Timestamp) {
    T.word(" USING TIMESTAMP ", S.Timestamp->NameNode);
    T.value(S.Timestamp->Args[0]);
  }
  if (S.Ttl) {
    T.word(S.Timestamp ? " AND TTL " : " USING TTL ", S.Ttl->NameNode);
    T.value(S.Ttl->Args[0]);
  }
}

bool emitSelect(BuilderText &T, const Statement &S, llvm::StringRef Src) {
  TSNode At = S.Root->NameNode;
  T.word("SELECT ", At);
  if (S.Distinct)
    T.word("DISTINCT ", At);
  if (S.Selectors.empty()) {
    if (!S.Star)
      return false; // no selector: the driver refuses to build it
    T.word("*", At);
  }
  for (size_t I = 0; I < S.Selectors.size(); ++I) {
    if (I)
      T.word(", ", S.Selectors[I].At);
    if (!emitSelector(T, S.Selectors[I], Src))
      return false;
  }
  T.word(" FROM ", At);
  T.table(S.Root->Args);
  if (!emitWhere(T, S))
    return false;
  for (size_t I = 0; I < S.GroupBy.size(); ++I) {
    T.word(I == 0 ? " GROUP BY " : ", ", S.GroupBy[I]);
    T.name(S.GroupBy[I]);
  }
  for (size_t I = 0; I < S.OrderBy.size(); ++I) {
    const BuilderCall *X = S.OrderBy[I];
    llvm::StringRef Dir = T.text(X->Args[1]);
    if (!Dir.endswith("ASC") && !Dir.endswith("DESC"))
      return false; // an order computed at run time
    T.word(I == 0 ? " ORDER BY " : ", ", X->NameNode);
    T.name(X->Args[0]);
    T.word(Dir.endswith("DESC") ? " DESC" : " ASC", X->Args[1]);
  }
  if (S.PerPartitionLimit) {
    T.word(" PER PARTITION LIMIT ", S.PerPartitionLimit->NameNode);
    T.value(S.PerPartitionLimit->Args[0]);
  }
  if (S.Limit) {
    T.word(" LIMIT ", S.Limit->NameNode);
    T.value(S.Limit->Args[0]);
  }
  if (S.Filtering)
    T.word(" ALLOW FILTERING", S.Filtering->NameNode);
  return !T.Failed;
}

bool emitInsert(BuilderText &T, const Statement &S) {
  if (S.Values.empty() || !S.Where.empty() || S.ComputedWhere || !S.If.empty() ||
      S.IfExists)
    return false;
  TSNode At = S.Root->NameNode;
  T.word("INSERT INTO ", At);
  T.table(S.Root->Args);
  T.word(" (", At);
  for (size_t I = 0; I < S.Values.size(); ++I) {
    if (I)
      T.word(", ", S.Values[I]->NameNode);
    T.name(S.Values[I]->Args[0]);
  }
  T.word(") VALUES (", At);
  for (size_t I = 0; I < S.Values.size(); ++I) {
    if (I)
      T.word(", ", S.Values[I]->NameNode);
    T.value(S.Values[I]->Args[1]);
  }
  T.word(")", At);
  if (S.IfNotExists)
    T.word(" IF NOT EXISTS", At);
  emitUsing(T, S);
  return !T.Failed;
}

bool emitUpdate(BuilderText &T, const Statement &S) {
  if (S.Sets.empty() || (S.Where.empty() && !S.ComputedWhere) || S.IfNotExists)
    return false;
  TSNode At = S.Root->NameNode;
  T.word("UPDATE ", At);
  T.table(S.Root->Args);
  emitUsing(T, S);
  for (size_t I = 0; I < S.Sets.size(); ++I) {
    T.word(I == 0 ? " SET " : ", ", S.Sets[I].At);
    if (!emitAssignment(T, S.Sets[I]))
      return false;
  }
  if (!emitWhere(T, S))
    return false;
  emitIf(T, S);
  return !T.Failed;
}

bool emitDelete(BuilderText &T, const Statement &S) {
  if ((S.Where.empty() && !S.ComputedWhere) || S.IfNotExists || S.Ttl)
    return false;
  TSNode At = S.Root->NameNode;
  T.word("DELETE", At);
  for (size_t I = 0; I < S.Deleted.size(); ++I) {
    T.word(I == 0 ? " " : ", ", S.Deleted[I]);
    T.name(S.Deleted[I]);
  }
  T.word(" FROM ", At);
  T.table(S.Root->Args);
  emitUsing(T, S);
  if (!emitWhere(T, S))
    return false;
  emitIf(T, S);
  return !T.Failed;
}

} // namespace

bool isQueryBuilder4Root(llvm::StringRef M) {
  return M == "selectFrom" || M == "insertInto" || M == "update" ||
         M == "deleteFrom" || M == "truncate";
}

bool translateQueryBuilder4(BuilderText &T, const std::vector<BuilderCall> &C,
                            llvm::StringRef Src) {
  Statement S;
  S.Root = &C.front();
  S.K = llvm::StringSwitch<Kind>(S.Root->Name)
            .Case("selectFrom", Kind::Select)
            .Case("insertInto", Kind::Insert)
            .Case("update", Kind::Update)
            .Case("deleteFrom", Kind::Delete)
            .Default(Kind::Truncate);
  if (!readChain(C, Src, S))
    return false;
  // Options that a statement of this kind does not have.
  if (S.K != Kind::Update && S.K != Kind::Delete && (!S.If.empty() || S.IfExists))
    return false;
  if (S.K == Kind::Select && (S.Ttl || S.Timestamp || S.IfNotExists))
    return false;
  switch (S.K) {
  case Kind::Select:
    return emitSelect(T, S, Src);
  case Kind::Insert:
    return emitInsert(T, S);
  case Kind::Update:
    return emitUpdate(T, S);
  case Kind::Delete:
    return emitDelete(T, S);
  case Kind::Truncate:
    if (S.Ttl || S.Timestamp || S.IfNotExists)
      return false;
    T.word("TRUNCATE ", S.Root->NameNode);
    T.table(S.Root->Args);
    return !T.Failed;
  }
  return false;
}

} // namespace nosqlint::extract
