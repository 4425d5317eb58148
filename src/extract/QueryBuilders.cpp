//===- QueryBuilders.cpp --------------------------------------------------===//
#include "QueryBuilders.h"

#include "Rebuilt.h"
#include "SyntaxTree.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <optional>

namespace nosqlint::extract {

namespace {

llvm::StringRef typeOf(TSNode N) { return ts_node_type(N); }

enum class Flavor { Driver3, Driver4 };

/// One call of a chain: `.name(args)`.
struct Call {
  TSNode Node;
  llvm::StringRef Name;
  std::vector<TSNode> Args;
  TSNode NameNode; // `allowFiltering` of `.allowFiltering()`: where a
                   // finding about the clause points
};

/// Builds the CQL text of one chain, piece by piece, each mapped to the
/// call or argument it comes from.
class Translator {
public:
  Translator(Evaluator &Eval, llvm::StringRef Src) : Eval(Eval), Src(Src) {}

  Rebuilt R;
  bool Failed = false;
  uint32_t Cursor = 0; // the last file byte the text maps to so far

  llvm::StringRef text(TSNode N) const {
    return Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
  }
  /// Text standing for node \p N as a whole. The statement's text reads
  /// left to right and so must its map: a piece whose node lies before what
  /// the text already maps to (the `VALUES` of `.value(c, v)` calls, read
  /// after their columns) stands at the last byte mapped so far.
  void word(llvm::StringRef W, TSNode N) {
    uint32_t Begin = std::max(ts_node_start_byte(N), Cursor);
    uint32_t End = std::max(ts_node_end_byte(N), Begin + 1);
    if (ts_node_end_byte(N) <= Cursor)
      End = Begin + 1;
    R.appendMapped(W, Begin, End - Begin);
    Cursor = std::max(Cursor, Begin); // every byte of it maps to Begin
  }
  /// Notes that the text now maps up to node \p N.
  void advance(TSNode N) {
    if (ts_node_end_byte(N) > 0)
      Cursor = std::max(Cursor, ts_node_end_byte(N) - 1);
  }
  void space(TSNode N) { word(" ", N); }

  /// A name argument: a string (literal or constant, exact through the
  /// evaluator), `CqlIdentifier.fromCql("x")`; a computed one is a hole.
  void name(TSNode N) {
    if (typeOf(N) == "method_invocation") {
      auto M = childByField(N, "name");
      auto Args = childByField(N, "arguments");
      if (M && Args && (text(*M) == "fromCql" || text(*M) == "fromInternal") &&
          ts_node_named_child_count(*Args) == 1) {
        name(ts_node_named_child(*Args, 0));
        return;
      }
    }
    // A literal or constant as it is; anything computed is a hole.
    if (ts_node_start_byte(N) < Cursor) {
      // Read out of order (an INSERT's columns before their values are
      // mapped): stands where the text is.
      Rebuilt Piece;
      Eval.append(N, Piece);
      if (Piece.holes() != 0 || Piece.trust() != SnippetTrust::Full) {
        Failed = true; // a computed name, out of order: no statement
        return;
      }
      R.appendMapped(Piece.text(), Cursor, 1);
      return;
    }
    Eval.append(N, R);
    advance(N);
  }
  /// `ks, table` or `table`.
  void table(const std::vector<TSNode> &Args) {
    if (Args.empty() || Args.size() > 2) {
      Failed = true;
      return;
    }
    if (Args.size() == 2) {
      name(Args[0]);
      word(".", Args[0]);
    }
    name(Args.back());
  }
  /// A value: `bindMarker()` is `?`, `bindMarker("n")` is `:n`; anything
  /// else is sent by the driver as a value the checks cannot see: `?`.
  void value(TSNode N) {
    if (typeOf(N) == "method_invocation") {
      auto M = childByField(N, "name");
      auto Args = childByField(N, "arguments");
      if (M && Args && text(*M) == "bindMarker" &&
          ts_node_named_child_count(*Args) == 1) {
        TSNode A = ts_node_named_child(*Args, 0);
        if (typeOf(A) == "string_literal") {
          llvm::StringRef Name = text(A).trim('"');
          if (!Name.empty() && llvm::all_of(Name, [](char C) {
                return llvm::isAlnum(C) || C == '_';
              })) {
            word(":" + Name.str(), N);
            return;
          }
        }
      }
    }
    word("?", N);
  }
  /// An operator method's CQL.
  static std::optional<llvm::StringRef> operatorOf(llvm::StringRef M) {
    return llvm::StringSwitch<std::optional<llvm::StringRef>>(M)
        .Cases("isEqualTo", "eq", llvm::StringRef("="))
        .Cases("isNotEqualTo", "ne", llvm::StringRef("!="))
        .Cases("isLessThan", "lt", llvm::StringRef("<"))
        .Cases("isLessThanOrEqualTo", "lte", llvm::StringRef("<="))
        .Cases("isGreaterThan", "gt", llvm::StringRef(">"))
        .Cases("isGreaterThanOrEqualTo", "gte", llvm::StringRef(">="))
        .Case("contains", llvm::StringRef("CONTAINS"))
        .Case("containsKey", llvm::StringRef("CONTAINS KEY"))
        .Case("like", llvm::StringRef("LIKE"))
        .Case("in", llvm::StringRef("IN"))
        .Default(std::nullopt);
  }
  /// `OP values` after a column (`in` takes a list).
  void relationTail(llvm::StringRef Op, const std::vector<TSNode> &Values,
                    TSNode At) {
    space(At);
    word(Op, At);
    space(At);
    if (Op == "IN") {
      if (Values.size() == 1 && text(Values[0]).startswith("bindMarker")) {
        value(Values[0]); // IN ? (a bound list)
        return;
      }
      word("(", At);
      for (size_t I = 0; I < Values.size(); ++I) {
        if (I)
          word(", ", At);
        value(Values[I]);
      }
      word(")", At);
      return;
    }
    if (Values.size() != 1) {
      Failed = true;
      return;
    }
    value(Values[0]);
  }

private:
  Evaluator &Eval;
  llvm::StringRef Src;
};

std::vector<TSNode> argsOf(TSNode Invocation) {
  std::vector<TSNode> Out;
  auto Args = childByField(Invocation, "arguments");
  if (!Args)
    return Out;
  for (TSNode A : namedChildren(*Args))
    if (typeOf(A) != "line_comment" && typeOf(A) != "block_comment")
      Out.push_back(A);
  return Out;
}

/// The calls of the chain that starts at \p Root, in order: \p Root, then
/// every `.m(...)` applied to the result.
std::vector<Call> chainFrom(TSNode Root, llvm::StringRef Src) {
  std::vector<Call> Chain;
  TSNode N = Root;
  for (unsigned Guard = 0; Guard < 256; ++Guard) {
    auto Name = childByField(N, "name");
    if (!Name)
      break;
    Chain.push_back({N, Src.slice(ts_node_start_byte(*Name),
                                  ts_node_end_byte(*Name)),
                     argsOf(N), *Name});
    TSNode P = ts_node_parent(N);
    if (ts_node_is_null(P) || typeOf(P) != "method_invocation")
      break;
    auto Obj = childByField(P, "object");
    if (!Obj || !ts_node_eq(*Obj, N))
      break;
    N = P;
  }
  return Chain;
}

/// Calls that end a chain or only shape how it runs, not what it reads.
bool isNeutral(llvm::StringRef M) {
  return M == "build" || M == "builder" || M == "getQueryString" ||
         M == "asCql" || M == "toString" || M == "setConsistencyLevel" ||
         M == "setIdempotent" || M == "setFetchSize" || M == "setTimeout" ||
         M == "setTracing" || M == "enableTracing" || M == "setPageSize";
}

/// The calls both drivers spell alike: modifiers of the statement.
struct Modifiers {
  bool Star = false, Count = false, Distinct = false;
  bool IfExists = false, IfNotExists = false;
  const Call *Filtering = nullptr, *Limit = nullptr;
  std::vector<const Call *> OrderBy;

  /// Takes \p X if it is one of them.
  bool take(const Call &X) {
    if (X.Name == "all")
      Star = true;
    else if (X.Name == "countAll")
      Count = true;
    else if (X.Name == "distinct")
      Distinct = true;
    else if (X.Name == "ifExists")
      IfExists = true;
    else if (X.Name == "ifNotExists")
      IfNotExists = true;
    else if (X.Name == "allowFiltering")
      Filtering = &X;
    else if (X.Name == "limit")
      Limit = &X;
    else if (X.Name == "orderBy")
      OrderBy.push_back(&X);
    else
      return false;
    return true;
  }
};

/// One restriction of driver 3 (`eq("c", v)`, `in("c", a, b)`), or of
/// driver 4's `Relation.column("c").isEqualTo(v)`: column, operator, values.
bool restriction(Translator &T, TSNode Clause, llvm::StringRef Src) {
  if (typeOf(Clause) != "method_invocation")
    return false;
  std::vector<Call> Inner;
  // Driver 4: Relation.column("c").op(v): the chain from column(...).
  auto Name = childByField(Clause, "name");
  auto Obj = childByField(Clause, "object");
  if (!Name)
    return false;
  llvm::StringRef M = Src.slice(ts_node_start_byte(*Name), ts_node_end_byte(*Name));
  std::vector<TSNode> Args = argsOf(Clause);
  if (Obj && typeOf(*Obj) == "method_invocation") {
    auto ColName = childByField(*Obj, "name");
    std::vector<TSNode> ColArgs = argsOf(*Obj);
    auto Op = Translator::operatorOf(M);
    if (!ColName || !Op || ColArgs.size() != 1 ||
        Src.slice(ts_node_start_byte(*ColName), ts_node_end_byte(*ColName)) !=
            "column")
      return false;
    T.name(ColArgs[0]);
    T.relationTail(*Op, Args, Clause);
    return !T.Failed;
  }
  // Driver 3: op("c", values...).
  auto Op = Translator::operatorOf(M);
  if (!Op || Args.size() < 2)
    return false;
  T.name(Args[0]);
  T.relationTail(*Op, {Args.begin() + 1, Args.end()}, Clause);
  return !T.Failed;
}

/// `INSERT INTO t (c, ...) VALUES (v, ...)` from `.value(c, v)` calls (both
/// drivers spell them alike).
bool insertValues(Translator &T, const Call &Root,
                  const std::vector<const Call *> &Values, TSNode At) {
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
  return true;
}

/// Driver 4: `selectFrom`, `insertInto`, `update`, `deleteFrom` chains.
bool translate4(Translator &T, const std::vector<Call> &C, llvm::StringRef Src) {
  const Call &Root = C.front();
  enum { Select, Insert, Update, Delete } Kind;
  if (Root.Name == "selectFrom")
    Kind = Select;
  else if (Root.Name == "insertInto")
    Kind = Insert;
  else if (Root.Name == "update")
    Kind = Update;
  else
    Kind = Delete;
  std::vector<const Call *> Columns, Values, Sets, Where;
  Modifiers M;
  const Call *PerPartition = nullptr, *Ttl = nullptr;
  for (size_t I = 1; I < C.size(); ++I) {
    const Call &X = C[I];
    if (isNeutral(X.Name) || M.take(X))
      continue;
    if (X.Name == "column" || X.Name == "columns")
      Columns.push_back(&X);
    else if (X.Name == "value")
      Values.push_back(&X);
    else if (X.Name == "setColumn")
      Sets.push_back(&X);
    else if (X.Name == "whereColumn") {
      // The next call is its operator.
      if (I + 1 >= C.size() || !Translator::operatorOf(C[I + 1].Name))
        return false;
      Where.push_back(&X);
      Where.push_back(&C[++I]);
    } else if (X.Name == "where") {
      Where.push_back(&X);
      Where.push_back(nullptr); // a Relation argument
    } else if (X.Name == "perPartitionLimit")
      PerPartition = &X;
    else if (X.Name == "usingTtl")
      Ttl = &X;
    else
      return false; // a call this translation does not know
  }
  TSNode At = Root.NameNode;
  auto Relations = [&]() -> bool {
    for (size_t I = 0; I < Where.size(); I += 2) {
      T.word(I == 0 ? " WHERE " : " AND ", Where[I]->NameNode);
      if (Where[I + 1]) {
        if (Where[I]->Args.size() != 1)
          return false;
        T.name(Where[I]->Args[0]);
        auto Op = Translator::operatorOf(Where[I + 1]->Name);
        T.relationTail(*Op, Where[I + 1]->Args, Where[I + 1]->NameNode);
      } else {
        if (Where[I]->Args.size() != 1 ||
            !restriction(T, Where[I]->Args[0], Src))
          return false;
      }
    }
    return !T.Failed;
  };
  auto Number = [&](const Call *X) {
    if (X->Args.size() != 1)
      return false;
    T.space(X->NameNode);
    T.value(X->Args[0]);
    return true;
  };
  switch (Kind) {
  case Select: {
    T.word("SELECT ", At);
    if (M.Distinct)
      T.word("DISTINCT ", At);
    bool Any = false;
    for (const Call *X : Columns)
      for (TSNode A : X->Args) {
        if (Any)
          T.word(", ", X->NameNode);
        T.name(A);
        Any = true;
      }
    if (M.Count) {
      if (Any)
        return false;
      T.word("count(*)", At);
      Any = true;
    }
    if (!Any || M.Star) {
      if (Any)
        return false;
      T.word("*", At);
    }
    T.word(" FROM ", At);
    T.table(Root.Args);
    if (!Relations())
      return false;
    for (size_t I = 0; I < M.OrderBy.size(); ++I) {
      const Call *X = M.OrderBy[I];
      if (X->Args.size() != 2)
        return false;
      T.word(I == 0 ? " ORDER BY " : ", ", X->NameNode);
      T.name(X->Args[0]);
      T.word(T.text(X->Args[1]).endswith("DESC") ? " DESC" : " ASC",
             X->Args[1]);
    }
    if (PerPartition) {
      T.word(" PER PARTITION LIMIT", PerPartition->NameNode);
      if (!Number(PerPartition))
        return false;
    }
    if (M.Limit) {
      T.word(" LIMIT", M.Limit->NameNode);
      if (!Number(M.Limit))
        return false;
    }
    if (M.Filtering)
      T.word(" ALLOW FILTERING", M.Filtering->NameNode);
    return !T.Failed;
  }
  case Insert: {
    if (Values.empty())
      return false;
    if (!insertValues(T, Root, Values, At))
      return false;
    if (M.IfNotExists)
      T.word(" IF NOT EXISTS", At);
    if (Ttl) {
      T.word(" USING TTL", Ttl->NameNode);
      if (!Number(Ttl))
        return false;
    }
    return !T.Failed && Where.empty();
  }
  case Update: {
    if (Sets.empty() || Where.empty())
      return false;
    T.word("UPDATE ", At);
    T.table(Root.Args);
    if (Ttl) {
      T.word(" USING TTL", Ttl->NameNode);
      if (!Number(Ttl))
        return false;
    }
    for (size_t I = 0; I < Sets.size(); ++I) {
      if (Sets[I]->Args.size() != 2)
        return false;
      T.word(I == 0 ? " SET " : ", ", Sets[I]->NameNode);
      T.name(Sets[I]->Args[0]);
      T.word(" = ", Sets[I]->NameNode);
      T.value(Sets[I]->Args[1]);
    }
    if (!Relations())
      return false;
    if (M.IfExists)
      T.word(" IF EXISTS", At);
    return !T.Failed;
  }
  case Delete: {
    if (Where.empty())
      return false;
    T.word("DELETE", At);
    bool Any = false;
    for (const Call *X : Columns)
      for (TSNode A : X->Args) {
        T.word(Any ? ", " : " ", X->NameNode);
        T.name(A);
        Any = true;
      }
    T.word(" FROM ", At);
    T.table(Root.Args);
    if (!Relations())
      return false;
    if (M.IfExists)
      T.word(" IF EXISTS", At);
    return !T.Failed;
  }
  }
  return false;
}

/// Driver 3: `select(...)...from(...)`, `insertInto(...)`, `update(...)`,
/// `delete(...)...from(...)` chains.
bool translate3(Translator &T, const std::vector<Call> &C, llvm::StringRef Src) {
  const Call &Root = C.front();
  TSNode At = Root.NameNode;
  bool Select = Root.Name == "select", Insert = Root.Name == "insertInto",
       Update = Root.Name == "update", Delete = Root.Name == "delete";
  std::vector<TSNode> Columns = Root.Args; // select("a", "b"), delete("c")
  const Call *From = Select || Delete ? nullptr : &Root;
  std::vector<const Call *> Values, Sets, Where;
  Modifiers M;
  bool InWhere = false;
  std::optional<TSNode> Ttl; // `using(ttl(v))`
  for (size_t I = 1; I < C.size(); ++I) {
    const Call &X = C[I];
    if (isNeutral(X.Name) || M.take(X))
      continue;
    if (X.Name == "column")
      Columns.insert(Columns.end(), X.Args.begin(), X.Args.end());
    else if (X.Name == "from" && !From)
      From = &X;
    else if (X.Name == "value")
      Values.push_back(&X);
    else if (X.Name == "with")
      Sets.push_back(&X);
    else if (X.Name == "where") {
      InWhere = true;
      if (!X.Args.empty())
        Where.push_back(&X);
    } else if (X.Name == "and")
      (InWhere || !Update ? Where : Sets).push_back(&X);
    else if (X.Name == "using" && X.Args.size() == 1 &&
             T.text(X.Args[0]).contains("ttl(") && argsOf(X.Args[0]).size() == 1)
      Ttl = argsOf(X.Args[0])[0];
    else
      return false;
  }
  if (!From)
    return false;
  auto Relations = [&]() -> bool {
    for (size_t I = 0; I < Where.size(); ++I) {
      if (Where[I]->Args.size() != 1)
        return false;
      T.word(I == 0 ? " WHERE " : " AND ", Where[I]->NameNode);
      if (!restriction(T, Where[I]->Args[0], Src))
        return false;
    }
    return !T.Failed;
  };
  if (Select) {
    T.word("SELECT ", At);
    if (M.Distinct)
      T.word("DISTINCT ", At);
    if (M.Count && Columns.empty())
      T.word("count(*)", At);
    else if (M.Star || Columns.empty())
      T.word("*", At);
    for (size_t I = 0; I < Columns.size(); ++I) {
      if (I)
        T.word(", ", Columns[I]);
      T.name(Columns[I]);
    }
    T.word(" FROM ", From->NameNode);
    T.table(From->Args);
    if (!Relations())
      return false;
    for (size_t I = 0; I < M.OrderBy.size(); ++I)
      for (TSNode O : M.OrderBy[I]->Args) {
        // asc("c") / desc("c")
        auto Dir = childByField(O, "name");
        auto A = argsOf(O);
        if (!Dir || A.size() != 1)
          return false;
        T.word(I == 0 && ts_node_eq(O, M.OrderBy[I]->Args.front())
                   ? " ORDER BY "
                   : ", ",
               O);
        T.name(A[0]);
        T.word(T.text(*Dir) == "desc" ? " DESC" : " ASC", O);
      }
    if (M.Limit) {
      if (M.Limit->Args.size() != 1)
        return false;
      T.word(" LIMIT ", M.Limit->NameNode);
      T.value(M.Limit->Args[0]);
    }
    if (M.Filtering)
      T.word(" ALLOW FILTERING", M.Filtering->NameNode);
    return !T.Failed;
  }
  if (Insert) {
    if (Values.empty() || !Where.empty())
      return false;
    if (!insertValues(T, Root, Values, At))
      return false;
    if (M.IfNotExists)
      T.word(" IF NOT EXISTS", At);
    if (Ttl) {
      T.word(" USING TTL ", *Ttl);
      T.value(*Ttl);
    }
    return !T.Failed;
  }
  if (Update) {
    if (Sets.empty() || Where.empty())
      return false;
    T.word("UPDATE ", At);
    T.table(Root.Args);
    if (Ttl) {
      T.word(" USING TTL ", *Ttl);
      T.value(*Ttl);
    }
    size_t N = 0;
    for (const Call *S : Sets) {
      if (S->Args.size() != 1)
        return false;
      // set("c", v)
      TSNode A = S->Args[0];
      auto M = childByField(A, "name");
      auto Args = argsOf(A);
      if (!M || T.text(*M) != "set" || Args.size() != 2)
        return false;
      T.word(N++ == 0 ? " SET " : ", ", A);
      T.name(Args[0]);
      T.word(" = ", A);
      T.value(Args[1]);
    }
    if (!Relations())
      return false;
    if (M.IfExists)
      T.word(" IF EXISTS", At);
    return !T.Failed;
  }
  if (Delete) {
    if (Where.empty())
      return false;
    T.word("DELETE", At);
    for (size_t I = 0; I < Columns.size(); ++I) {
      T.word(I == 0 ? " " : ", ", Columns[I]);
      T.name(Columns[I]);
    }
    T.word(" FROM ", From->NameNode);
    T.table(From->Args);
    if (!Relations())
      return false;
    if (M.IfExists)
      T.word(" IF EXISTS", At);
    return !T.Failed;
  }
  return false;
}

/// Whether \p N starts a chain: a root method of the flavor, called on
/// QueryBuilder or imported statically from it.
bool isRoot(TSNode N, llvm::StringRef Src, Flavor F, bool StaticImport) {
  auto Name = childByField(N, "name");
  if (!Name)
    return false;
  llvm::StringRef M = Src.slice(ts_node_start_byte(*Name), ts_node_end_byte(*Name));
  bool Known = F == Flavor::Driver4
                   ? (M == "selectFrom" || M == "insertInto" || M == "update" ||
                      M == "deleteFrom")
                   : (M == "select" || M == "insertInto" || M == "update" ||
                      M == "delete");
  if (!Known)
    return false;
  auto Obj = childByField(N, "object");
  if (!Obj)
    return StaticImport;
  llvm::StringRef O = Src.slice(ts_node_start_byte(*Obj), ts_node_end_byte(*Obj));
  return O == "QueryBuilder" || O.endswith(".QueryBuilder");
}

} // namespace

void findQueryBuilderChains(Evaluator &Eval, llvm::StringRef Src, FileId File,
                            TSNode Root, std::vector<CqlSnippet> &Out) {
  struct Library {
    Flavor F;
    llvm::StringRef Package;
    llvm::StringRef Reason;
  };
  static const Library Libraries[] = {
      {Flavor::Driver4, "com.datastax.oss.driver.api.querybuilder",
       "a QueryBuilder chain of the DataStax Java driver 4 "
       "(com.datastax.oss.driver.api.querybuilder)"},
      {Flavor::Driver3, "com.datastax.driver.core.querybuilder",
       "a QueryBuilder chain of the DataStax Java driver 3 "
       "(com.datastax.driver.core.querybuilder)"},
  };
  for (const Library &L : Libraries) {
    if (!Src.contains(L.Package))
      continue;
    // `import static ...QueryBuilder.*` or `.QueryBuilder.selectFrom`.
    bool StaticImport = Src.contains(L.Package.str() + ".QueryBuilder.");
    forEachNamedNode(Root, [&](TSNode N) {
      if (typeOf(N) != "method_invocation" || !isRoot(N, Src, L.F, StaticImport))
        return;
      std::vector<Call> Chain = chainFrom(N, Src);
      Translator T(Eval, Src);
      bool Ok = L.F == Flavor::Driver4 ? translate4(T, Chain, Src)
                                       : translate3(T, Chain, Src);
      if (!Ok || T.Failed || T.R.empty())
        return;
      CqlSnippet S;
      S.Text = T.R.text();
      S.Origin = T.R.origin(File);
      TSNode Last = Chain.back().Node;
      S.Range = {File, ts_node_start_byte(N), ts_node_end_byte(Last)};
      S.Trust = T.R.trust();
      S.Holes = T.R.holes();
      S.Source = SnippetSource::Builder;
      S.Reason = L.Reason.str();
      Out.push_back(std::move(S));
    });
  }
}

} // namespace nosqlint::extract
