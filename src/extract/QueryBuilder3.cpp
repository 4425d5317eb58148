//===- QueryBuilder3.cpp - Driver 3's QueryBuilder chains as CQL ----------===//
//
// What Select, Insert, Update, Delete and Truncate
// (com.datastax.driver.core.querybuilder) write for a chain:
//
//   SELECT [DISTINCT] selection FROM t [WHERE c AND ...] [ORDER BY ...]
//     [PER PARTITION LIMIT n] [LIMIT n] [ALLOW FILTERING]
//   INSERT INTO t (c, ...) VALUES (v, ...) [IF NOT EXISTS] [USING ...]
//   UPDATE t [USING ...] SET a, ... WHERE c AND ... [IF EXISTS | IF ...]
//   DELETE [c, ...] FROM t [USING ...] WHERE c AND ... [IF EXISTS | IF ...]
//   TRUNCATE t
//
// Selection: column, all, countAll, distinct, fcall(name, column(c)...),
// writeTime, ttl, as(alias). Clauses: eq, ne, lt, lte, gt, gte, in,
// contains, containsKey, like. Assignments (`with(..)`, `.and(..)` before
// the WHERE): set, incr, decr, add/addAll, remove/removeAll, append/
// appendAll, prepend/prependAll, discard/discardAll, put/putAll, setIdx.
// Options: `using(ttl(v))`, `using(timestamp(v))`; conditions: ifExists,
// onlyIf(clause).
//
//===----------------------------------------------------------------------===//
#include "QueryBuilderTranslations.h"

#include "SyntaxTree.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace nosqlint::extract {

namespace {

/// One clause: `eq("c", v)`, `in("c", a, b)`: column, operator, values.
bool clause(BuilderText &T, TSNode Clause, llvm::StringRef Src) {
  llvm::StringRef M = invokedName(Clause, Src);
  std::vector<TSNode> Args = builderArgs(Clause);
  auto Op = BuilderText::operatorOf(M);
  if (!Op || *Op == "NOT IN" || *Op == "IS NOT NULL" || Args.size() < 2)
    return false;
  llvm::StringRef Left = invokedName(Args[0], Src);
  if (Left == "token") {
    // gt(token("k"), v): token(k) > v.
    std::vector<TSNode> Keys = builderArgs(Args[0]);
    if (Keys.empty())
      return false;
    T.word("token(", Args[0]);
    for (size_t I = 0; I < Keys.size(); ++I) {
      if (I)
        T.word(", ", Keys[I]);
      T.name(Keys[I]);
    }
    T.word(")", Args[0]);
  } else if (Left == "asList" || Left == "of" || Left == "newArrayList") {
    return false; // eq(List<String>, List<?>): a tuple, not read
  } else {
    // A name: a string, a constant, or computed (`ddl.getKeyColumn()`: a
    // hole, the statement listed, never checked).
    T.name(Args[0]);
  }
  T.relationTail(*Op, {Args.begin() + 1, Args.end()}, Clause);
  return !T.Failed;
}

/// One assignment of `with(..)` / `.and(..)`: `set("c", v)`, `incr("c")`.
bool assignment(BuilderText &T, TSNode A, llvm::StringRef Src) {
  llvm::StringRef M = invokedName(A, Src);
  std::vector<TSNode> X = builderArgs(A);
  if (M == "set" && X.size() == 2) {
    T.name(X[0]);
    T.word(" = ", A);
    T.value(X[1]);
    return !T.Failed;
  }
  if ((M == "setIdx" || M == "put") && X.size() == 3) {
    T.name(X[0]);
    T.word("[", X[1]);
    T.value(X[1]);
    T.word("] = ", X[2]);
    T.value(X[2]);
    return !T.Failed;
  }
  // `c = c + v`, `c = c - v` and `c = v + c`, the value wrapped as the
  // collection it stands for (add: a set, append: a list, put: a map).
  struct Form {
    llvm::StringRef Op, Open, Close;
    bool Prepend;
  };
  std::optional<Form> F =
      llvm::StringSwitch<std::optional<Form>>(M)
          .Cases("incr", "addAll", "appendAll", "putAll", Form{" + ", "", "", false})
          .Cases("decr", "removeAll", "discardAll", Form{" - ", "", "", false})
          .Case("add", Form{" + ", "{", "}", false})
          .Case("remove", Form{" - ", "{", "}", false})
          .Case("append", Form{" + ", "[", "]", false})
          .Case("discard", Form{" - ", "[", "]", false})
          .Case("prepend", Form{" + ", "[", "]", true})
          .Case("prependAll", Form{" + ", "", "", true})
          .Default(std::nullopt);
  bool Counter = M == "incr" || M == "decr";
  if (!F || X.empty() || X.size() > 2 || (!Counter && X.size() != 2))
    return false;
  auto Operand = [&] {
    if (X.size() == 1) {
      T.word("1", A); // incr("c"): by one
      return;
    }
    T.word(F->Open, X[1]);
    T.value(X[1]);
    T.word(F->Close, X[1]);
  };
  T.name(X[0]);
  T.word(" = ", A);
  if (F->Prepend) {
    Operand();
    T.word(F->Op, A);
    T.name(X[0]);
  } else {
    T.name(X[0]);
    T.word(F->Op, A);
    Operand();
  }
  return !T.Failed;
}

/// A selection argument of fcall(..): `column("c")` is a name, anything
/// else a value.
void selectionArgument(BuilderText &T, TSNode A, llvm::StringRef Src) {
  std::vector<TSNode> Args = builderArgs(A);
  if (invokedName(A, Src) == "column" && Args.size() == 1)
    T.name(Args[0]);
  else
    T.value(A);
}

/// `using(ttl(v))`, `using(timestamp(v))`, `.and(ttl(v))` on the options.
struct Using {
  llvm::StringRef What; // TTL or TIMESTAMP
  TSNode Value, At;
};

std::optional<Using> usingOption(TSNode N, llvm::StringRef Src) {
  llvm::StringRef M = invokedName(N, Src);
  std::vector<TSNode> Args = builderArgs(N);
  if ((M != "ttl" && M != "timestamp") || Args.size() != 1)
    return std::nullopt;
  return Using{M == "ttl" ? "TTL" : "TIMESTAMP", Args[0], N};
}

} // namespace

bool isQueryBuilder3Root(llvm::StringRef M) {
  return M == "select" || M == "insertInto" || M == "update" ||
         M == "delete" || M == "truncate";
}

bool translateQueryBuilder3(BuilderText &T, const std::vector<BuilderCall> &C,
                            llvm::StringRef Src) {
  const BuilderCall &Root = C.front();
  TSNode At = Root.NameNode;
  bool Select = Root.Name == "select", Insert = Root.Name == "insertInto",
       Update = Root.Name == "update", Delete = Root.Name == "delete",
       Truncate = Root.Name == "truncate";
  // select("a", "b"), delete("c"): names; the selection calls add more.
  struct Selected {
    TSNode Node;
    std::string Function; // fcall / writetime / ttl; empty for a column
    std::vector<TSNode> Args;
    std::optional<TSNode> Alias;
  };
  std::vector<Selected> Columns;
  for (TSNode A : Root.Args)
    Columns.push_back({A, "", {}, std::nullopt});
  const BuilderCall *From = Select || Delete ? nullptr : &Root;
  std::vector<const BuilderCall *> Values, Where;
  std::vector<TSNode> Sets, Conditions, OrderBy;
  std::vector<Using> Usings;
  bool Star = false, Count = false, Distinct = false, IfExists = false,
       IfNotExists = false, InWhere = false, InUsing = false;
  const BuilderCall *Filtering = nullptr, *Limit = nullptr,
                    *PerPartitionLimit = nullptr, *IfAt = nullptr;
  for (size_t I = 1; I < C.size(); ++I) {
    const BuilderCall &X = C[I];
    llvm::StringRef M = X.Name;
    if (isNeutralBuilderCall(M))
      continue;
    bool Selecting = (Select || Delete) && !From;
    if (Selecting && M == "column" && X.Args.size() == 1) {
      Columns.push_back({X.Args[0], "", {}, std::nullopt});
    } else if (Selecting && (M == "writeTime" || M == "ttl") && X.Args.size() == 1) {
      Columns.push_back({X.NameNode, M.lower(), {X.Args[0]}, std::nullopt});
    } else if (Selecting && M == "fcall" && !X.Args.empty() &&
               llvm::StringRef(ts_node_type(X.Args[0])) == "string_literal") {
      Columns.push_back({X.NameNode,
                         T.text(X.Args[0]).drop_front().drop_back().str(),
                         {X.Args.begin() + 1, X.Args.end()}, std::nullopt});
      if (!llvm::all_of(Columns.back().Function, [](char Ch) {
            return llvm::isAlnum(Ch) || Ch == '_';
          }))
        return false;
    } else if (Selecting && M == "as" && X.Args.size() == 1 && !Columns.empty() &&
               !Columns.back().Alias) {
      Columns.back().Alias = X.Args[0];
    } else if (Selecting && M == "all" && X.Args.empty()) {
      Star = true;
    } else if (Selecting && M == "countAll" && X.Args.empty()) {
      Count = true;
    } else if (Selecting && M == "distinct" && X.Args.empty()) {
      Distinct = true;
    } else if (M == "from" && !From) {
      From = &X;
    } else if (M == "value" && Insert) {
      Values.push_back(&X);
    } else if (M == "with" && Update && X.Args.size() == 1) {
      Sets.push_back(X.Args[0]);
      InUsing = false;
    } else if (M == "where") {
      InWhere = true;
      InUsing = false;
      if (!X.Args.empty())
        Where.push_back(&X);
    } else if (M == "and" && X.Args.size() == 1) {
      if (InUsing) {
        std::optional<Using> U = usingOption(X.Args[0], Src);
        if (!U)
          return false;
        Usings.push_back(*U);
      } else if (InWhere || !Update) {
        Where.push_back(&X);
      } else {
        Sets.push_back(X.Args[0]);
      }
    } else if (M == "using" && X.Args.size() == 1) {
      std::optional<Using> U = usingOption(X.Args[0], Src);
      if (!U || Select)
        return false;
      Usings.push_back(*U);
      InUsing = true;
    } else if (M == "onlyIf" && (Update || Delete)) {
      for (TSNode A : X.Args)
        Conditions.push_back(A);
      IfAt = &X;
      InUsing = false;
    } else if (M == "ifExists" && (Update || Delete) && X.Args.empty()) {
      IfExists = true;
      IfAt = &X;
    } else if (M == "ifNotExists" && Insert && X.Args.empty()) {
      IfNotExists = true;
    } else if (M == "orderBy" && Select && From) {
      OrderBy.insert(OrderBy.end(), X.Args.begin(), X.Args.end());
    } else if (M == "limit" && Select && X.Args.size() == 1 && !Limit) {
      Limit = &X;
    } else if (M == "perPartitionLimit" && Select && X.Args.size() == 1 &&
               !PerPartitionLimit) {
      PerPartitionLimit = &X;
    } else if (M == "allowFiltering" && Select && X.Args.empty()) {
      Filtering = &X;
    } else {
      return false; // a call this translation does not know
    }
  }
  if (!From)
    return false;
  auto Relations = [&]() -> bool {
    for (size_t I = 0; I < Where.size(); ++I) {
      if (Where[I]->Args.size() != 1)
        return false;
      T.word(I == 0 ? " WHERE " : " AND ", Where[I]->NameNode);
      if (!clause(T, Where[I]->Args[0], Src))
        return false;
    }
    return !T.Failed;
  };
  auto UsingClause = [&] {
    for (size_t I = 0; I < Usings.size(); ++I) {
      T.word(I == 0 ? " USING " : " AND ", Usings[I].At);
      T.word(Usings[I].What.str() + " ", Usings[I].At);
      T.value(Usings[I].Value);
    }
  };
  auto IfClause = [&]() -> bool {
    if (IfExists) {
      T.word(" IF EXISTS", IfAt->NameNode);
      return true;
    }
    for (size_t I = 0; I < Conditions.size(); ++I) {
      T.word(I == 0 ? " IF " : " AND ", IfAt->NameNode);
      if (!clause(T, Conditions[I], Src))
        return false;
    }
    return !T.Failed;
  };
  auto ColumnList = [&]() -> bool {
    for (size_t I = 0; I < Columns.size(); ++I) {
      const Selected &S = Columns[I];
      if (I)
        T.word(", ", S.Node);
      if (S.Function.empty()) {
        T.name(S.Node);
      } else {
        T.word(S.Function + "(", S.Node);
        for (size_t J = 0; J < S.Args.size(); ++J) {
          if (J)
            T.word(", ", S.Args[J]);
          if (S.Function == "writetime" || S.Function == "ttl")
            T.name(S.Args[J]);
          else
            selectionArgument(T, S.Args[J], Src);
        }
        T.word(")", S.Node);
      }
      if (S.Alias) {
        T.word(" AS ", *S.Alias);
        T.name(*S.Alias);
      }
    }
    return !T.Failed;
  };
  if (Truncate) {
    if (C.size() > 1 &&
        !llvm::all_of(llvm::drop_begin(C), [](const BuilderCall &X) {
          return isNeutralBuilderCall(X.Name);
        }))
      return false;
    T.word("TRUNCATE ", At);
    T.table(Root.Args);
    return !T.Failed;
  }
  if (Select) {
    if ((Star || Count) && !Columns.empty())
      return false;
    T.word("SELECT ", At);
    if (Distinct)
      T.word("DISTINCT ", At);
    if (Count)
      T.word("count(*)", At);
    else if (Columns.empty())
      T.word("*", At);
    if (!ColumnList())
      return false;
    T.word(" FROM ", From->NameNode);
    T.table(From->Args);
    if (!Relations())
      return false;
    for (size_t I = 0; I < OrderBy.size(); ++I) {
      // asc("c") / desc("c")
      TSNode O = OrderBy[I];
      llvm::StringRef Dir = invokedName(O, Src);
      std::vector<TSNode> A = builderArgs(O);
      if ((Dir != "asc" && Dir != "desc") || A.size() != 1)
        return false;
      T.word(I == 0 ? " ORDER BY " : ", ", O);
      T.name(A[0]);
      T.word(Dir == "desc" ? " DESC" : " ASC", O);
    }
    if (PerPartitionLimit) {
      T.word(" PER PARTITION LIMIT ", PerPartitionLimit->NameNode);
      T.value(PerPartitionLimit->Args[0]);
    }
    if (Limit) {
      T.word(" LIMIT ", Limit->NameNode);
      T.value(Limit->Args[0]);
    }
    if (Filtering)
      T.word(" ALLOW FILTERING", Filtering->NameNode);
    return !T.Failed;
  }
  if (Insert) {
    if (Values.empty() || !Where.empty())
      return false;
    T.word("INSERT INTO ", At);
    T.table(Root.Args);
    T.word(" (", At);
    for (size_t I = 0; I < Values.size(); ++I) {
      if (Values[I]->Args.size() != 2)
        return false;
      if (I)
        T.word(", ", Values[I]->NameNode);
      T.name(Values[I]->Args[0]);
    }
    T.word(") VALUES (", At);
    for (size_t I = 0; I < Values.size(); ++I) {
      if (I)
        T.word(", ", Values[I]->NameNode);
      T.value(Values[I]->Args[1]);
    }
    T.word(")", At);
    if (IfNotExists)
      T.word(" IF NOT EXISTS", At);
    UsingClause();
    return !T.Failed;
  }
  if (Update) {
    if (Sets.empty() || Where.empty())
      return false;
    T.word("UPDATE ", At);
    T.table(Root.Args);
    UsingClause();
    for (size_t I = 0; I < Sets.size(); ++I) {
      T.word(I == 0 ? " SET " : ", ", Sets[I]);
      if (!assignment(T, Sets[I], Src))
        return false;
    }
    if (!Relations() || !IfClause())
      return false;
    return !T.Failed;
  }
  if (Delete) {
    if (Where.empty() || Star || Count || Distinct)
      return false;
    T.word("DELETE", At);
    for (size_t I = 0; I < Columns.size(); ++I) {
      if (!Columns[I].Function.empty() || Columns[I].Alias)
        return false;
      T.word(I == 0 ? " " : ", ", Columns[I].Node);
      T.name(Columns[I].Node);
    }
    T.word(" FROM ", From->NameNode);
    T.table(From->Args);
    UsingClause();
    if (!Relations() || !IfClause())
      return false;
    return !T.Failed;
  }
  return false;
}

} // namespace nosqlint::extract
