//===- CqlEngineQueries.cpp - A Python file's cqlengine query chains ------===//
//
// What cassandra/cqlengine (models.py, query.py) does with each call, as
// read here: `Model.objects` is a ModelQuerySet and calling it filters;
// Model.filter/get/all/create are pass-throughs to `objects`; filter/get
// keywords are `column[__op]` (query.py _parse_filter_arg: rsplit at the
// last `__`, `pk__token` the token virtual column), values None refused;
// get() and first() run the queryset's SELECT (its LIMIT unchanged: the
// default 10000); count() runs `SELECT COUNT(*)`; create() saves a new
// instance (INSERT); update()/delete() on a queryset are an UPDATE/DELETE
// of the rows its where clause selects. Querysets are immutable clones, so
// a chain is read link by link; a queryset kept in a variable is read only
// when nothing refines it later.
//
//===----------------------------------------------------------------------===//
#include "CqlEngineQueries.h"

#include "SyntaxTree.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <memory>

namespace nosqlint::extract {

namespace {

using Span = OrmQuery::Span;

bool isUpperChar(char C) { return C >= 'A' && C <= 'Z'; }

Span spanOf(TSNode N) {
  return {ts_node_start_byte(N), ts_node_end_byte(N) - ts_node_start_byte(N)};
}

bool sameNode(std::optional<TSNode> A, TSNode B) {
  return A && ts_node_eq(*A, B);
}

struct Link {
  llvm::StringRef Name;
  TSNode NameNode;
  std::optional<TSNode> Args; // the argument_list; none for `X.objects`
};

/// Functions that run a queryset they are given (its iteration).
bool consumesIterable(llvm::StringRef F) {
  static const char *const Names[] = {"list",  "len",       "sorted", "set",
                                      "tuple", "next",      "iter",   "enumerate",
                                      "any",   "frozenset", "dict",   "zip"};
  return llvm::is_contained(Names, F);
}

class ChainReader {
public:
  ChainReader(const Evaluator &E, const FileImports &Imports, FileId File,
              RepositoryFacts &Out)
      : E(E), Imports(Imports), File(File), Out(Out) {}

  void run(TSNode Root) {
    this->Root = Root;
    forEachNamedNode(Root, [&](TSNode N) {
      if (E.type(N) == "class_definition")
        if (auto Name = childByField(N, "name"))
          Classes.insert(E.text(*Name));
    });
    forEachNamedNode(Root, [&](TSNode N) {
      if (E.type(N) == "call" && !isLink(N))
        readChain(N);
    });
  }

private:
  /// Whether call \p C is the receiver of a further method call.
  bool isLink(TSNode C) const {
    TSNode P = ts_node_parent(C);
    if (ts_node_is_null(P) || E.type(P) != "attribute" ||
        !sameNode(childByField(P, "object"), C))
      return false;
    TSNode G = ts_node_parent(P);
    return !ts_node_is_null(G) && E.type(G) == "call" &&
           sameNode(childByField(G, "function"), P);
  }

  /// The class a `cls` receiver means: the class around the method.
  std::optional<llvm::StringRef> enclosingClass(TSNode N) const {
    for (TSNode P = ts_node_parent(N); !ts_node_is_null(P);
         P = ts_node_parent(P))
      if (E.type(P) == "class_definition")
        if (auto Name = childByField(P, "name"))
          return E.text(*Name);
    return std::nullopt;
  }

  /// A string literal's value, plain quotes and no escapes; else nothing.
  std::optional<std::string> plainString(TSNode N) const {
    if (E.type(N) != "string")
      return std::nullopt;
    llvm::StringRef T = E.text(N);
    if (T.size() < 2 || (T.front() != '\'' && T.front() != '"') ||
        T.back() != T.front() || T.startswith("'''") ||
        T.startswith("\"\"\""))
      return std::nullopt;
    llvm::StringRef S = T.drop_front().drop_back();
    if (S.contains('\\') || S.contains(T.front()))
      return std::nullopt;
    return S.str();
  }

  /// The keyword arguments of \p Args; false on anything else (a
  /// positional where clause, `**kwargs`), or a None value when
  /// \p NoneAllowed is unset.
  bool keywords(TSNode Args, bool ParseOperator, bool NoneAllowed,
                std::vector<OrmQuery::Keyword> &Out) const {
    for (TSNode A : namedChildren(Args)) {
      if (E.type(A) != "keyword_argument")
        return false;
      auto Name = childByField(A, "name");
      auto Value = childByField(A, "value");
      if (!Name || !Value)
        return false;
      if (E.type(*Value) == "none") {
        if (!NoneAllowed)
          return false; // "None values on filter are not allowed"
        continue;       // create(): a None column is not written
      }
      OrmQuery::Keyword K;
      llvm::StringRef Key = E.text(*Name);
      K.Name = Key.str();
      if (ParseOperator && Key != "pk__token") {
        size_t At = Key.rfind("__");
        if (At != llvm::StringRef::npos && At > 0) {
          K.Name = Key.take_front(At).str();
          K.Operator = Key.drop_front(At + 2).lower();
        }
      }
      K.Key = spanOf(*Name);
      K.Value = spanOf(*Value);
      if (E.type(*Value) == "call")
        if (auto F = childByField(*Value, "function")) {
          llvm::StringRef FT = E.text(*F);
          K.TokenValue = FT == "Token" || FT.endswith(".Token");
        }
      Out.push_back(std::move(K));
    }
    return true;
  }

  static bool noArguments(const Link &L) {
    return !L.Args || namedChildren(*L.Args).empty();
  }

  /// Whether a queryset \p Top produces, kept in a variable or handed on,
  /// is run as it is.
  bool runsAsItIs(TSNode Top) const {
    TSNode P = ts_node_parent(Top);
    if (ts_node_is_null(P))
      return false;
    llvm::StringRef T = E.type(P);
    if (T == "for_statement" || T == "for_in_clause")
      return sameNode(childByField(P, "right"), Top);
    if (T == "list_splat")
      return true; // `[*q]`: iterated
    if (T == "argument_list") {
      TSNode Call = ts_node_parent(P);
      auto F = childByField(Call, "function");
      if (F && E.type(*F) == "attribute") {
        // `found.extend(queryset)`: a list's extend iterates it.
        auto A = childByField(*F, "attribute");
        return A && E.text(*A) == "extend" &&
               namedChildren(P).size() == 1;
      }
      return F && E.type(*F) == "identifier" && consumesIterable(E.text(*F));
    }
    if (T == "assignment" && sameNode(childByField(P, "right"), Top)) {
      auto Left = childByField(P, "left");
      return Left && E.type(*Left) == "identifier" &&
             unrefinedLater(E.text(*Left), P);
    }
    return false;
  }

  /// Whether variable \p Name, assigned by \p Assignment, is only run
  /// afterwards in its scope (iterated, `.all()`, `.first()`, `.get()`),
  /// never refined or run another way (`.filter`, `.allow_filtering()`,
  /// `.count()`, `.delete()`, ...).
  bool unrefinedLater(llvm::StringRef Name, TSNode Assignment) const {
    TSNode Scope = Root;
    for (TSNode P = ts_node_parent(Assignment); !ts_node_is_null(P);
         P = ts_node_parent(P))
      if (E.type(P) == "function_definition") {
        Scope = P;
        break;
      }
    uint32_t After = ts_node_end_byte(Assignment);
    bool Clean = true;
    forEachNamedNode(Scope, [&](TSNode N) {
      if (!Clean || ts_node_start_byte(N) < After ||
          E.type(N) != "identifier" || E.text(N) != Name)
        return;
      TSNode P = ts_node_parent(N);
      if (ts_node_is_null(P) || E.type(P) != "attribute" ||
          !sameNode(childByField(P, "object"), N))
        return;
      auto A = childByField(P, "attribute");
      llvm::StringRef M = A ? E.text(*A) : "";
      TSNode G = ts_node_parent(P);
      bool Called = !ts_node_is_null(G) && E.type(G) == "call";
      auto Args = Called ? childByField(G, "arguments") : std::nullopt;
      bool NoArgs = !Args || namedChildren(*Args).empty();
      if (!((M == "all" || M == "first" || M == "get") && Called && NoArgs))
        Clean = false;
    });
    return Clean;
  }

  void readChain(TSNode Top) {
    llvm::SmallVector<Link, 8> Links;
    TSNode N = Top;
    for (unsigned Depth = 0; Depth < 32; ++Depth) {
      llvm::StringRef T = E.type(N);
      std::optional<TSNode> Args;
      if (T == "call") {
        auto F = childByField(N, "function");
        Args = childByField(N, "arguments");
        if (!F || !Args || E.type(*F) != "attribute")
          return;
        N = *F;
      } else if (T != "attribute") {
        break;
      }
      auto Obj = childByField(N, "object");
      auto Attr = childByField(N, "attribute");
      if (!Obj || !Attr)
        return;
      Links.push_back({E.text(*Attr), *Attr, Args});
      N = *Obj;
    }
    if (E.type(N) != "identifier" || Links.empty())
      return;
    std::reverse(Links.begin(), Links.end());

    auto Q = std::make_shared<OrmQuery>();
    llvm::StringRef Base = E.text(N);
    if (Base == "cls") {
      auto C = enclosingClass(N);
      if (!C)
        return;
      Q->Model = C->str();
      Q->Local = true;
    } else {
      if (Base.empty() || !isUpperChar(Base.front()))
        return;
      Q->Model = Base.str();
      Q->Local = Classes.contains(Base);
      if (!Q->Local) {
        auto Path = Imports.pathOf(Base);
        if (!Path)
          return; // a name bound nowhere we can see
        Q->QualifiedModel = Path->str();
      }
    }
    Q->Head = spanOf(N);

    bool Terminal = false;
    size_t I = 0;
    if (Links[0].Name == "objects") {
      if (Links[0].Args &&
          !keywords(*Links[0].Args, true, false, Q->Where))
        return;
      I = 1;
    } else {
      // The Model classmethods that start a query.
      static const char *const Starts[] = {
          "filter", "get",   "all",     "create",        "batch",
          "ttl",    "timestamp", "if_not_exists", "if_exists", "timeout",
          "consistency"};
      if (!llvm::is_contained(Starts, Links[0].Name) || !Links[0].Args)
        return;
    }
    const Link *Last = &Links[0];
    for (; I < Links.size() && !Terminal; ++I) {
      const Link &L = Links[I];
      Last = &L;
      if (!L.Args)
        return; // `.objects` inside a chain, an attribute read
      llvm::SmallVector<TSNode, 4> Args = namedChildren(*L.Args);
      llvm::StringRef M = L.Name;
      if (M == "filter") {
        if (!keywords(*L.Args, true, false, Q->Where))
          return;
      } else if (M == "get") {
        if (!keywords(*L.Args, true, false, Q->Where))
          return;
        Terminal = true;
      } else if (M == "first") {
        if (!Args.empty())
          return;
        Terminal = true;
      } else if (M == "count") {
        if (!Args.empty())
          return;
        Q->Op = OrmQuery::Operation::Count;
        Terminal = true;
      } else if (M == "all") {
        if (!Args.empty())
          return;
      } else if (M == "allow_filtering") {
        Q->AllowFiltering = true;
        Q->AllowFilteringAt = spanOf(L.NameNode);
      } else if (M == "limit") {
        if (Args.size() != 1)
          return;
        llvm::StringRef V = E.text(Args[0]);
        unsigned long long Num = 0;
        if (E.type(Args[0]) == "none")
          Q->Limit = "";
        else if (E.type(Args[0]) == "integer" && !V.getAsInteger(10, Num))
          Q->Limit = Num == 0 ? "" : std::to_string(Num);
        else
          Q->Limit = "?";
        Q->LimitSet = true;
        Q->LimitAt = spanOf(*L.Args);
      } else if (M == "order_by") {
        for (TSNode A : Args) {
          auto S = plainString(A);
          if (!S || S->empty())
            return;
          OrmQuery::Order O;
          O.Descending = llvm::StringRef(*S).startswith("-");
          // cqlengine drops every '-' of the name.
          llvm::StringRef Name(*S);
          std::string Clean;
          for (char C : Name)
            if (C != '-')
              Clean.push_back(C);
          O.Name = Clean;
          O.At = spanOf(A);
          Q->OrderBy.push_back(std::move(O));
        }
      } else if (M == "only" || M == "defer") {
        if (Args.size() != 1 ||
            (E.type(Args[0]) != "list" && E.type(Args[0]) != "tuple"))
          return;
        for (TSNode F : namedChildren(Args[0])) {
          auto S = plainString(F);
          if (!S)
            return;
          (M == "only" ? Q->Only : Q->Defer).push_back(*S);
        }
        if (M == "only" && !Q->Only.empty() && Q->FieldsAt.Length == 0)
          Q->FieldsAt = spanOf(Args[0]);
      } else if (M == "create" || M == "update") {
        bool Create = M == "create";
        if (!keywords(*L.Args, !Create, Create, Q->Values))
          return;
        Q->Op = Create ? OrmQuery::Operation::Insert
                       : OrmQuery::Operation::Update;
        Q->ValuesEnd = {ts_node_end_byte(*L.Args) - 1, 1};
        Terminal = true;
      } else if (M == "delete") {
        if (!Args.empty())
          return;
        Q->Op = OrmQuery::Operation::Delete;
        Terminal = true;
      } else if (M == "if_not_exists" || M == "if_exists") {
        if (!Args.empty())
          return; // `if_not_exists(False)` and the like: not read
        (M == "if_not_exists" ? Q->IfNotExists : Q->IfExists) = true;
        Q->ConditionAt = spanOf(L.NameNode);
      } else if (M == "ttl") {
        if (Args.size() != 1)
          return;
        unsigned long long Num = 0;
        if (E.type(Args[0]) == "none")
          Q->Ttl = "";
        else if (E.type(Args[0]) == "integer" &&
                 !E.text(Args[0]).getAsInteger(10, Num))
          Q->Ttl = std::to_string(Num);
        else
          Q->Ttl = "?";
        Q->TtlAt = spanOf(*L.Args);
      } else if (M == "timestamp") {
        if (Args.size() != 1)
          return;
        Q->Timestamp = E.type(Args[0]) != "none";
      } else if (M == "batch" || M == "consistency" || M == "timeout" ||
                 M == "fetch_size") {
        // The same statement (in a batch, at another consistency).
      } else if (M == "using") {
        for (TSNode A : Args)
          if (E.type(A) != "keyword_argument" ||
              E.text(*childByField(A, "name")) != "connection")
            return; // another keyspace: not the model's table
      } else {
        return; // distinct, values_list, iff, ...: not read
      }
    }
    // Links after a terminal one act on its result (an instance, a number).
    if (!Terminal && !runsAsItIs(Top))
      return;
    Q->End = spanOf(Last->NameNode);
    RepositoryQuery R;
    R.Kind = RepositoryQuery::Form::Orm;
    R.Type = Q->Model;
    R.QualifiedType = Q->QualifiedModel;
    R.Method = Last->Name.str();
    R.NameBegin = ts_node_start_byte(Last->NameNode);
    R.Range = SourceRange(File, ts_node_start_byte(N), ts_node_end_byte(Top));
    R.Orm = std::move(Q);
    Out.Queries.push_back(std::move(R));
  }

  const Evaluator &E;
  const FileImports &Imports;
  FileId File;
  RepositoryFacts &Out;
  TSNode Root{};
  llvm::StringSet<> Classes;
};

bool isWordChar(char C) { return llvm::isAlnum(C) || C == '_'; }

} // namespace

bool mayHoldCqlEngineQueries(llvm::StringRef Text) {
  static const char *const Calls[] = {".objects", ".filter(", ".get(",
                                      ".create(", ".all()"};
  for (const char *C : Calls) {
    llvm::StringRef Needle(C);
    for (size_t At = Text.find(Needle); At != llvm::StringRef::npos;
         At = Text.find(Needle, At + 1)) {
      size_t B = At;
      while (B > 0 && isWordChar(Text[B - 1]))
        --B;
      llvm::StringRef Receiver = Text.slice(B, At);
      if (!Receiver.empty() &&
          (isUpperChar(Receiver.front()) || Receiver == "cls"))
        return true;
    }
  }
  return false;
}

void findCqlEngineQueries(const Evaluator &Eval, const FileImports &Imports,
                          FileId File, TSNode Root, RepositoryFacts &Out) {
  ChainReader(Eval, Imports, File, Out).run(Root);
}

} // namespace nosqlint::extract
