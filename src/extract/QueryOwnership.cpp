//===- QueryOwnership.cpp -------------------------------------------------===//
#include "QueryOwnership.h"
#include "SyntaxTree.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

namespace {

/// Node types that only wrap an argument on its way to the call.
bool isArgumentWrapper(llvm::StringRef T) {
  return T == "argument" || T == "value_argument" || T == "argument_list" ||
         T == "arguments" || T == "value_arguments" || T == "call_suffix" ||
         T == "annotation_argument_list" || T == "element_value_pair" ||
         T == "attribute_argument" || T == "attribute_argument_list" ||
         T == "parenthesized_expression" || T == "constructor_invocation" ||
         T == "keyword_argument" || T == "named_argument";
}

/// Calls that turn one string into another: a name passed through them
/// still reaches the API their result goes to.
bool isStringTransform(llvm::StringRef M) {
  static const char *const Names[] = {
      "format",  "formatted", "Sprintf",   "Format",   "format_map",
      "strip",   "trim",      "trimIndent", "stripMargin", "replace",
      "toString", "concat",   "Join",      "join",     "dedent",
      "stripIndent", "lower", "upper",     "Trim",     "Replace"};
  return llvm::is_contained(Names, M);
}

bool contains(TSNode Outer, TSNode Inner) {
  return ts_node_start_byte(Outer) <= ts_node_start_byte(Inner) &&
         ts_node_end_byte(Inner) <= ts_node_end_byte(Outer);
}

bool isIdentifierNode(llvm::StringRef T) {
  return T == "identifier" || T == "simple_identifier" ||
         T == "field_identifier" || T == "property_identifier";
}

std::string rowReason(const SinkModel &Row, const ModelCatalog &C) {
  return Row.describe(C.libraries()) + " (" + Row.File + ":" +
         std::to_string(Row.Line) + ")";
}

} // namespace

/// Whether the file uses \p L for queries: any import of a database
/// library; an SDK of many services only where the text names one of them
/// (`boto3.client("s3")` is not DynamoDB).
static bool usesForQueries(const LibraryModel &L, llvm::StringRef Text) {
  if (L.Services.empty())
    return true;
  return llvm::any_of(L.Services, [&](const std::string &W) {
    return Text.find_insensitive(W) != llvm::StringRef::npos;
  });
}

LibraryUse libraryUseOf(const FileImports &Imports, const ModelCatalog &C,
                        llvm::StringRef Text) {
  LibraryUse U;
  for (const Import &I : Imports.all())
    if (const LibraryModel *L = C.libraryOfPath(I.Path);
        L && usesForQueries(*L, Text)) {
      U.Cql |= L->Dialect == QueryDialect::Cql;
      U.Sql |= L->Dialect == QueryDialect::Sql;
      U.DynamoDb |= L->Dialect == QueryDialect::DynamoDb;
    }
  return U;
}

QueryOwnership::QueryOwnership(const LanguageSpec &Spec, const Evaluator &Eval,
                               const FileImports &Imports)
    : Spec(Spec), Eval(Eval), Imports(Imports),
      Catalog(ModelCatalog::forLanguage(Spec.Lang)),
      Resolver(Spec, Eval, Imports, Catalog),
      Use(libraryUseOf(Imports, Catalog, Eval.source())) {
  for (const Import &I : Imports.all())
    if (const LibraryModel *L = Catalog.libraryOfPath(I.Path))
      if (!llvm::is_contained(Imported, L))
        Imported.push_back(L);
}

void QueryOwnership::index(TSNode Root) {
  // One walk: the resolver's declarations and every use of a name.
  forEachNamedNode(Root, [&](TSNode N) {
    Resolver.indexNode(N);
    if (isIdentifierNode(Eval.type(N)))
      NameUses[Eval.text(N)].push_back(N);
  });
}

std::string QueryOwnership::importedName(QueryDialect D) const {
  for (const LibraryModel *L : Imported)
    if (L->Dialect == D)
      return L->Name;
  return "";
}

std::optional<QueryOwnership::Sink> QueryOwnership::sinkOf(TSNode N,
                                                          bool PassFormat) const {
  // Scala `sql"..."`, `cql"..."`: the interpolator is the API.
  if (Eval.type(N) == "interpolated_string_expression" &&
      Spec.Lang == HostLanguage::Scala) {
    Sink S;
    S.Kind = SinkKind::Interpolator;
    S.Node = N;
    return S;
  }
  // Value: the expression that carries the string (it grows through
  // transforms, concatenations and member accesses).
  TSNode Value = N;
  bool Transformed = false;
  TSNode P = ts_node_parent(N);
  llvm::StringRef ElementName;
  for (unsigned I = 0; I < 8 && !ts_node_is_null(P); ++I) {
    llvm::StringRef T = Eval.type(P);
    if (Spec.is(Spec.Annotations, T) || T == "marker_annotation") {
      Sink S;
      S.Kind = SinkKind::Annotation;
      S.Node = P;
      S.ArgumentName = ElementName;
      S.Argument = ElementName.empty() ? 0 : -1;
      return S;
    }
    if (Eval.isCall(P)) {
      CallParts Parts = Eval.callParts(P);
      if (Parts.ReceiverNode && contains(*Parts.ReceiverNode, Value)) {
        // `q.format(...)`: the string flows on through a transform.
        if (PassFormat && isStringTransform(Parts.Method)) {
          Value = P;
          P = ts_node_parent(P);
          Transformed = true;
          continue;
        }
        return std::nullopt;
      }
      Sink S;
      S.Transformed = Transformed;
      S.Kind = SinkKind::Call;
      S.Node = P;
      for (size_t A = 0; A < Parts.Args.size(); ++A)
        if (contains(Parts.Args[A], Value))
          S.Argument = static_cast<int>(A);
      for (const auto &[Name, Arg] : Parts.NamedArgs)
        if (contains(Arg, Value))
          S.ArgumentName = Name;
      if (S.ArgumentName.empty() && !ElementName.empty())
        S.ArgumentName = ElementName;
      // A JavaScript tagged template: tag`...`.
      if (S.Argument < 0 && S.ArgumentName.empty()) {
        auto Args = childByField(P, "arguments");
        if (Args && ts_node_eq(*Args, Value) &&
            Eval.type(Value) == "template_string") {
          S.Kind = SinkKind::Tag;
          return S;
        }
        return std::nullopt;
      }
      if (PassFormat && isStringTransform(Parts.Method)) {
        Value = P;
        P = ts_node_parent(P);
        Transformed = true;
        continue;
      }
      return S;
    }
    // `cmd.CommandText = "..."`, and in a C# initializer `CommandText = "..."`.
    if ((T == "assignment_expression" || T == "assignment") &&
        !ts_node_is_null(ts_node_parent(P))) {
      auto Left = childByField(P, "left");
      auto Right = childByField(P, "right");
      if (Left && Right && contains(*Right, Value)) {
        llvm::StringRef LT = Eval.type(*Left);
        if (LT == "member_access_expression" || LT == "member_expression" ||
            LT == "field_access" || LT == "attribute") {
          Sink S;
          S.Kind = SinkKind::Property;
          S.Node = P;
          return S;
        }
        TSNode Init = ts_node_parent(P);
        if (Eval.type(Init) == "initializer_expression" &&
            isIdentifierNode(LT)) {
          Sink S;
          S.Kind = SinkKind::Property;
          S.Node = P;
          return S;
        }
        return std::nullopt;
      }
    }
    // The name of an element: `@Query(value = "...")`, Kotlin `query = "..."`.
    if (T == "element_value_pair" || T == "value_argument" ||
        T == "attribute_argument" || T == "argument") {
      auto Key = childByField(P, "key");
      if (!Key)
        Key = childByField(P, "name");
      if (Key && !contains(*Key, Value))
        ElementName = Eval.text(*Key);
      else if (T == "value_argument" || T == "attribute_argument" ||
               T == "argument") {
        // `simple_identifier = value` / `name_equals` / `name_colon`.
        auto Kids = namedChildren(P);
        if (Kids.size() == 2 && !contains(Kids[0], Value))
          ElementName = Eval.text(Kids[0]).rtrim(":= \t").trim();
      }
    }
    if (isArgumentWrapper(T)) {
      P = ts_node_parent(P);
      continue;
    }
    // A use of a name: through `Tables.Q`, `q + "..."`, `q % args`.
    bool Carries = PassFormat &&
                   (Spec.is(Spec.Binaries, T) || T == "field_access" ||
                    T == "member_expression" || T == "navigation_expression" ||
                    T == "navigation_suffix" ||
                    T == "member_access_expression" ||
                    T == "selector_expression" || T == "field_expression" ||
                    T == "attribute");
    if (!Carries)
      return std::nullopt;
    Transformed |= Spec.is(Spec.Binaries, T);
    Value = P;
    P = ts_node_parent(P);
  }
  return std::nullopt;
}

bool QueryOwnership::argumentMatches(const SinkModel &Row,
                                     const Sink &S) const {
  if (Row.Kind == SinkKind::Property || Row.Kind == SinkKind::Interpolator ||
      Row.Kind == SinkKind::Tag)
    return true;
  if (!Row.ArgumentName.empty()) {
    if (S.ArgumentName == Row.ArgumentName)
      return true;
    // An annotation's `value` is also its single unnamed element.
    return Row.ArgumentName == "value" && S.ArgumentName.empty() &&
           S.Argument == 0;
  }
  return S.ArgumentName.empty() && S.Argument == Row.Argument;
}

std::optional<Ownership>
QueryOwnership::byRows(const std::vector<const SinkModel *> &Rows,
                       const Sink &S) const {
  std::vector<const SinkModel *> Matching;
  for (const SinkModel *R : Rows)
    if (argumentMatches(*R, S))
      Matching.push_back(R);
  if (Matching.empty())
    return std::nullopt;
  const auto &Libs = Catalog.libraries();
  auto IsCql = [&](const SinkModel *R) {
    return Libs[R->Library].Dialect == QueryDialect::Cql;
  };
  std::vector<const SinkModel *> ImportedRows;
  for (const SinkModel *R : Matching)
    if (llvm::is_contained(Imported, &Libs[R->Library]))
      ImportedRows.push_back(R);
  Ownership O;
  if (!ImportedRows.empty()) {
    bool AllCql = llvm::all_of(ImportedRows, IsCql);
    bool AnyCql = llvm::any_of(ImportedRows, IsCql);
    const SinkModel *First = ImportedRows.front();
    if (AllCql) {
      O.Result = Ownership::Ours;
      O.ReachedApi = true;
      O.Reason = rowReason(*First, Catalog) +
                 ", the receiver's library from the file's imports";
    } else if (!AnyCql) {
      O.Result = Ownership::NotOurs;
      O.Reason = rowReason(*First, Catalog) +
                 ", the receiver's library from the file's imports";
    } else {
      O.Result = Ownership::NotOurs;
      O.Reason = std::string("'") + First->Member +
                 "' is an API of both a Cassandra and another library the "
                 "file imports, and the receiver is not resolved";
    }
    return O;
  }
  bool AnyCql = llvm::any_of(Matching, IsCql);
  bool AllCql = llvm::all_of(Matching, IsCql);
  const SinkModel *FirstCql = nullptr;
  for (const SinkModel *R : Matching)
    if (IsCql(R) && !FirstCql)
      FirstCql = R;
  if (!AnyCql) {
    // Only other libraries have this API: a query, but not CQL, when the
    // file uses one of their kind; otherwise no API of ours.
    if ((Use.Sql || Use.DynamoDb) && !Use.Cql) {
      O.Result = Ownership::NotOurs;
      O.Reason = rowReason(*Matching.front(), Catalog) +
                 " by name; the file imports no Cassandra library but a "
                 "library of that kind";
      return O;
    }
    return std::nullopt;
  }
  if ((Use.Sql || Use.DynamoDb) && !Use.Cql) {
    O.Result = Ownership::NotOurs;
    O.Reason = std::string("the file imports ") +
               importedName(Use.Sql ? QueryDialect::Sql
                                    : QueryDialect::DynamoDb) +
               " and no Cassandra library; the receiver is not resolved";
    return O;
  }
  if (Use.Cql && Use.Sql && !AllCql) {
    O.Result = Ownership::NotOurs;
    O.Reason = std::string("'") + FirstCql->Member +
               "' is an API of both a Cassandra and a SQL library, the file "
               "imports both, and the receiver is not resolved";
    return O;
  }
  O.ReachedApi = true;
  O.Result = Use.Cql ? Ownership::Ours : Ownership::IfPackageAllows;
  O.Reason = rowReason(*FirstCql, Catalog);
  if (Use.Cql)
    O.Reason += ", by name, in a file that imports " +
                importedName(QueryDialect::Cql);
  else
    O.Reason += ", by name; the file imports no database library";
  return O;
}

std::optional<Ownership> QueryOwnership::decideSink(const Sink &S) const {
  const auto &Libs = Catalog.libraries();
  auto ByLibrary = [&](const LibraryModel *L,
                       const std::vector<const SinkModel *> &Rows,
                       llvm::StringRef What) -> std::optional<Ownership> {
    if (!L)
      return byRows(Rows, S);
    Ownership O;
    for (const SinkModel *R : Rows)
      if (&Libs[R->Library] == L && argumentMatches(*R, S)) {
        O.Result = L->Dialect == QueryDialect::Cql ? Ownership::Ours
                                                   : Ownership::NotOurs;
        O.ReachedApi = L->Dialect == QueryDialect::Cql;
        O.Reason = rowReason(*R, Catalog);
        return O;
      }
    // An extension of L's types by a library the file imports (Dapper's
    // Query on an ADO.NET connection).
    for (const SinkModel *R : Rows)
      if (llvm::is_contained(Imported, &Libs[R->Library]) &&
          Libs[R->Library].Dialect == L->Dialect && argumentMatches(*R, S)) {
        O.Result = L->Dialect == QueryDialect::Cql ? Ownership::Ours
                                                   : Ownership::NotOurs;
        O.ReachedApi = L->Dialect == QueryDialect::Cql;
        O.Reason = rowReason(*R, Catalog);
        return O;
      }
    if (L->Dialect == QueryDialect::Cql)
      return std::nullopt; // an API of the driver that takes no query
    O.Result = Ownership::NotOurs;
    O.Reason = std::string("an argument of ") + What.str() + " of " + L->Name + " (" +
               dialectName(L->Dialect).str() + ")";
    return O;
  };

  switch (S.Kind) {
  case SinkKind::Call:
  case SinkKind::New: {
    CallParts Parts = Eval.callParts(S.Node);
    llvm::StringRef T = Eval.type(S.Node);
    bool IsNew = T == "object_creation_expression" || T == "new_expression" ||
                 T == "instance_expression";
    std::vector<const SinkModel *> Rows;
    const LibraryModel *L = nullptr;
    if (IsNew) {
      Rows = Catalog.sinksNamed(SinkKind::New, Parts.Method);
      L = Resolver.libraryOf(S.Node);
    } else {
      Rows = Catalog.sinksNamed(SinkKind::Call, Parts.Method);
      if (!Parts.ReceiverNode) {
        // Kotlin, Python and Scala construct without `new`.
        auto More = Catalog.sinksNamed(SinkKind::New, Parts.Method);
        Rows.insert(Rows.end(), More.begin(), More.end());
      }
      L = Resolver.libraryOf(S.Node);
    }
    return ByLibrary(L, Rows, ("'" + Parts.Method + "'").str());
  }
  case SinkKind::Annotation: {
    llvm::StringRef Simple = Eval.annotationName(S.Node);
    auto Rows = Catalog.sinksNamed(SinkKind::Annotation, Simple);
    llvm::StringRef Written = Eval.text(S.Node).ltrim("@[ \t");
    Written = Written.take_until(
        [](char C) { return C == '(' || C == ']' || C == ' '; });
    std::optional<std::string> Qualified;
    if (Written.contains('.'))
      Qualified = Written.str();
    else if (auto P = Imports.pathOf(Simple))
      Qualified = P->str();
    if (Qualified) {
      for (const SinkModel *R : Rows)
        if (R->Type == *Qualified && argumentMatches(*R, S)) {
          Ownership O;
          bool Cql = Libs[R->Library].Dialect == QueryDialect::Cql;
          O.Result = Cql ? Ownership::Ours : Ownership::NotOurs;
          O.ReachedApi = Cql;
          O.Reason = rowReason(*R, Catalog);
          return O;
        }
      const LibraryModel *L = Catalog.libraryOfPath(*Qualified);
      if (L && L->Dialect != QueryDialect::Cql) {
        Ownership O;
        O.Reason = std::string("an element of @") + Simple.str() + " of " + L->Name +
                   " (" + dialectName(L->Dialect).str() + ")";
        return O;
      }
      if (!L && !Rows.empty()) {
        // An annotation of the application's own, or of a library nobody
        // modeled: no API of ours.
        Ownership O;
        O.Reason = std::string("@") + Simple.str() + " is " + *Qualified +
                   ", not a modeled query annotation";
        return O;
      }
      return std::nullopt;
    }
    return byRows(Rows, S);
  }
  case SinkKind::Property: {
    auto Left = childByField(S.Node, "left");
    if (!Left)
      return std::nullopt;
    auto Kids = namedChildren(*Left);
    llvm::StringRef Member =
        Kids.empty() ? Eval.text(*Left) : Eval.text(Kids.back());
    auto Rows = Catalog.sinksNamed(SinkKind::Property, Member);
    const LibraryModel *L = nullptr;
    if (Kids.size() >= 2) {
      L = Resolver.libraryOf(Kids[0]);
    } else {
      // An object initializer: the object being created.
      TSNode Obj = ts_node_parent(ts_node_parent(S.Node));
      if (!ts_node_is_null(Obj))
        L = Resolver.libraryOf(Obj);
    }
    return ByLibrary(L, Rows, ("'" + Member + "'").str());
  }
  case SinkKind::Interpolator: {
    auto Kids = namedChildren(S.Node);
    if (Kids.empty())
      return std::nullopt;
    llvm::StringRef Prefix = Eval.text(Kids[0]);
    return byRows(Catalog.sinksNamed(SinkKind::Interpolator, Prefix), S);
  }
  case SinkKind::Tag: {
    CallParts Parts = Eval.callParts(S.Node);
    auto Rows = Catalog.sinksNamed(SinkKind::Tag, Parts.Method);
    return ByLibrary(Resolver.libraryOf(S.Node), Rows,
                     ("'" + Parts.Method + "'").str());
  }
  case SinkKind::Builder:
    return std::nullopt; // a chain, not a string (the builder front ends)
  }
  return std::nullopt;
}

Ownership QueryOwnership::fallback() const {
  Ownership O;
  if (Use.Sql) {
    O.Result = Ownership::NotOurs;
    O.Reason = std::string("reaches no modeled API, and the file imports ") +
               importedName(QueryDialect::Sql);
  } else if (Use.DynamoDb && !Use.Cql) {
    O.Result = Ownership::NotOurs;
    O.Reason = std::string("reaches no modeled API, and the file imports ") +
               importedName(QueryDialect::DynamoDb) +
               " and no Cassandra library";
  } else if (Use.Cql) {
    O.Result = Ownership::Ours;
    O.Reason = std::string("a CQL statement in a file that imports ") +
               importedName(QueryDialect::Cql);
  } else {
    O.Result = Ownership::IfPackageAllows;
    O.Reason = "a CQL statement; the file imports no database library";
  }
  return O;
}

Ownership QueryOwnership::decide(TSNode N) const {
  if (auto S = sinkOf(N, /*PassFormat=*/false))
    if (auto O = decideSink(*S))
      return *O;
  // Assigned to a name: where the name goes.
  std::optional<llvm::StringRef> Name = Eval.declaredName(N);
  if (!Name) {
    TSNode P = ts_node_parent(N);
    if (!ts_node_is_null(P) && Eval.type(P) == "expression_list")
      P = ts_node_parent(P);
    if (!ts_node_is_null(P) && Eval.type(P).contains("assignment")) {
      auto Left = childByField(P, "left");
      auto Kids = namedChildren(P);
      if (!Left && !Kids.empty())
        Left = Kids[0];
      if (Left && !contains(*Left, N)) {
        llvm::StringRef L = Eval.text(*Left);
        L = L.substr(L.rfind('.') + 1);
        Name = L;
      }
    }
  }
  if (Name && !Name->empty()) {
    auto It = NameUses.find(*Name);
    if (It != NameUses.end()) {
      // A use that passes the constant as it is wins over one that extends
      // it (`execute(BASE)` beside `BASE + " WHERE k = ?"`): the constant is
      // then a query of its own, not only a fragment.
      std::optional<Ownership> Other, Extended;
      for (TSNode Use : It->second) {
        if (contains(N, Use))
          continue;
        auto S = sinkOf(Use, /*PassFormat=*/true);
        if (!S)
          continue;
        auto O = decideSink(*S);
        if (!O)
          continue;
        O->Reason = std::string("passed as ") + Name->str() +
                    (S->Transformed ? ", formatted or extended, to "
                                    : " to ") +
                    O->Reason;
        // A template that a format call or a concatenation completes: CQL,
        // but only its shape says whether this text parses on its own.
        if (S->Transformed)
          O->ReachedApi = false;
        if (O->Result == Ownership::Ours && !S->Transformed)
          return *O;
        if (O->Result == Ownership::Ours) {
          if (!Extended)
            Extended = O;
          continue;
        }
        if (!Other || O->Result == Ownership::IfPackageAllows)
          Other = O;
      }
      if (Extended)
        return *Extended;
      if (Other)
        return *Other;
    }
  }
  return fallback();
}

} // namespace nosqlint::extract
