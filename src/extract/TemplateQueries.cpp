//===- TemplateQueries.cpp - A file's Spring Data template calls ----------===//
//
// CassandraOperations (and the reactive and async ones) as Spring Data
// Cassandra's CassandraTemplate implements them: select / selectOne /
// stream / slice(Query, Class), count(Class) and count(Query, Class),
// exists(Query | id, Class), selectOneById / deleteById(id, Class),
// update(Query, Update, Class), delete(Query, Class), insert / update /
// delete(entity[, options]), truncate(Class); the fluent query(Class)
// .matching(Query).all() | one() | first() | count() | exists(),
// update(Class).matching(q).apply(u), delete(Class).matching(q).all(),
// insert(Class).one(e); Kotlin's reified extensions (`select<X>(q)`).
// A Query is `Query.query(criteria...)` (Kotlin `query(...)`,
// `Query.empty()`) with `.and(criteria)`, `.sort(Sort)`, `.limit(n)`,
// `.withAllowFiltering()`, `.pageRequest(p)`; a criterion
// `where("k").is(v)` (Kotlin `isEqualTo`, `inValues`, infix `and`) and the
// other CriteriaDefinition operators; an Update `Update.empty()` /
// `Update.update(k, v)` with `.set`, `.increment`, `.decrement`,
// `.addTo(k).append(v)...`, `.remove`, `.clear`.
//
//===----------------------------------------------------------------------===//
#include "TemplateQueries.h"

#include "EntityIndex.h"
#include "JavaAnnotations.h"
#include "JvmSyntax.h"
#include "LibraryModels.h"
#include "LibraryResolver.h"
#include "SyntaxTree.h"

#include "nosqlint/Extract/TemplateFacts.h"

#include "llvm/ADT/StringSwitch.h"

#include <memory>

namespace nosqlint::extract {

namespace {

using Span = TemplateQuery::Span;
using Operation = TemplateQuery::Operation;

/// The types that implement CassandraOperations' entity operations (the
/// catalog's rows name them by that interface).
bool isTemplateType(llvm::StringRef Simple) {
  return Simple == "CassandraTemplate" || Simple == "CassandraOperations" ||
         Simple == "ReactiveCassandraTemplate" ||
         Simple == "ReactiveCassandraOperations" ||
         Simple == "AsyncCassandraTemplate" ||
         Simple == "AsyncCassandraOperations";
}

Span spanOf(TSNode N) {
  return {ts_node_start_byte(N), ts_node_end_byte(N) - ts_node_start_byte(N)};
}

/// From the start of \p A to the end of \p B.
Span spanBetween(TSNode A, TSNode B) {
  uint32_t Begin = ts_node_start_byte(A), End = ts_node_end_byte(B);
  return {Begin, End > Begin ? End - Begin : 0};
}

/// What reading an argument as a Query (or an Update) found.
enum class Read { NotThis, Known, Unknown };

class TemplateReader {
public:
  TemplateReader(Evaluator &E, const FileImports &Imports, FileId File,
                 RepositoryFacts &Out)
      : E(E), Imports(Imports), File(File), Out(Out),
        Catalog(ModelCatalog::forLanguage(E.language())),
        Resolver(languageSpec(E.language()), E, Imports, Catalog) {}

  void run(TSNode Root) {
    Package = javaPackageOf(E, Root);
    Types.collect(E, Root);
    forEachNamedNode(Root, [&](TSNode N) {
      llvm::StringRef T = E.type(N);
      if (T == "method_invocation" || T == "call_expression")
        readCall(N);
    });
  }

private:
  // The receiver.

  bool isTemplate(TSNode Receiver) const {
    std::optional<llvm::StringRef> Name = jvmReadName(E, Receiver);
    if (!Name)
      return false;
    std::optional<llvm::StringRef> Type =
        Types.typeOf(*Name, ts_node_start_byte(Receiver));
    if (!Type)
      return false;
    llvm::StringRef Base =
        Type->take_until([](char C) { return C == '<'; }).trim();
    if (!isTemplateType(simpleTypeName(Base)))
      return false;
    const LibraryModel *L = Resolver.libraryOfType(Base);
    return L && L->Name == "spring-data-cassandra";
  }

  /// The catalog's row of an entity operation (models/java.models).
  const SinkModel *row(llvm::StringRef Type, llvm::StringRef Method) const {
    return Catalog.builderRow(Type, Method);
  }

  // Arguments.

  /// A string the program fixes: a literal, or a constant of the file.
  std::optional<std::string> fixedString(TSNode N) const {
    N = jvmUnwrap(E, N);
    if (auto S = jvmPlainString(E, N))
      return S;
    if (!E.isStringy(N) && !jvmReadName(E, N))
      return std::nullopt; // a constant's name is evaluated, not a call
    Rebuilt R;
    E.append(N, R);
    if (R.holes() != 0)
      return std::nullopt;
    return R.text();
  }

  bool isString(TSNode N) const { return E.isStringy(jvmUnwrap(E, N)); }

  /// The entity class a class literal (or Kotlin `<X>`) names.
  std::optional<llvm::StringRef> classOf(TSNode N) const {
    if (auto C = jvmClassLiteral(E, N))
      return C;
    return std::nullopt;
  }

  /// The class of an entity value: `new X(..)`, `X(..)`, a name declared
  /// with its type. Nothing when only the run knows it.
  std::optional<std::string> entityOfValue(TSNode N,
                                           bool Many = false) const {
    if (auto T = jvmConstructedType(E, N))
      return T->str();
    if (auto Name = jvmReadName(E, N))
      if (auto T = Types.typeOf(*Name, ts_node_start_byte(N))) {
        llvm::StringRef Type = *T;
        llvm::StringRef Base =
            Type.take_until([](char C) { return C == '<'; }).trim();
        // A batch's `insert(entities)`: the element's class.
        static const char *const Collections[] = {
            "List", "Collection", "Iterable", "Set", "MutableList",
            "ArrayList", "MutableCollection"};
        if (Many && llvm::is_contained(Collections, simpleTypeName(Base))) {
          llvm::StringRef Inner = Type.drop_front(Base.size()).trim();
          if (!Inner.consume_front("<") || !Inner.consume_back(">"))
            return std::nullopt;
          Inner = Inner.trim();
          Inner.consume_front("out ");
          return Inner.take_until([](char C) { return C == '<'; }).trim().str();
        }
        if (Many && Base.endswith("[]"))
          return Base.drop_back(2).trim().str();
        return Base.str();
      }
    return std::nullopt;
  }

  /// `template.batchOps()` (and `.withTimestamp(..)` on it): the batch's
  /// call, whose insert / update / delete of entities it adds.
  bool isBatchOf(TSNode Receiver) const {
    std::optional<JvmCall> C = jvmCall(E, jvmUnwrap(E, Receiver));
    for (unsigned Steps = 0; C && Steps < 8; ++Steps) {
      llvm::StringRef M = jvmMethodName(E, *C);
      if (M == "batchOps")
        return C->Receiver && isTemplate(*C->Receiver);
      if ((M != "withTimestamp" && M != "withTtl" && M != "insert" &&
           M != "update" && M != "delete") ||
          !C->Receiver)
        return false;
      C = jvmCall(E, jvmUnwrap(E, *C->Receiver));
    }
    return false;
  }

  /// `template.batchOps().insert(entities).execute()`: each entity's write.
  void readBatch(const JvmCall &Call, TSNode Node) {
    llvm::StringRef Method = jvmMethodName(E, Call);
    const SinkModel *Row = row("CassandraBatchOperations", Method);
    if (!Row || Call.Args.empty() || Call.Args.size() > 2)
      return;
    TemplateQuery T;
    T.Op = Method == "insert"   ? Operation::Insert
           : Method == "update" ? Operation::UpdateEntity
                                : Operation::DeleteEntity;
    T.Batch = true;
    if (Call.Args.size() == 2)
      readOptions(Call.Args[1], T);
    T.UnknownAt = spanOf(Call.Args[0]);
    emit(std::move(T), Call, Node, entityOfValue(Call.Args[0], /*Many=*/true),
         *Row);
  }

  /// `where("k").is(v)` and the other operators; Kotlin `a and b`.
  bool readCriteria(TSNode N, TemplateQuery &Q, unsigned Depth = 0) const {
    N = jvmUnwrap(E, N);
    if (Depth > 8)
      return false;
    if (E.type(N) == "infix_expression") {
      auto Kids = namedChildren(N);
      if (Kids.size() != 3 || E.text(Kids[1]) != "and")
        return false;
      return readCriteria(Kids[0], Q, Depth + 1) &&
             readCriteria(Kids[2], Q, Depth + 1);
    }
    std::optional<JvmCall> Op = jvmCall(E, N);
    if (!Op || !Op->Receiver)
      return false;
    std::optional<JvmCall> Where = jvmCall(E, jvmUnwrap(E, *Op->Receiver));
    if (!Where || jvmMethodName(E, *Where) != "where" || Where->Args.size() != 1)
      return false;
    if (Where->Receiver && E.text(*Where->Receiver) != "Criteria")
      return false;
    std::optional<std::string> Key = fixedString(Where->Args[0]);
    if (!Key || Key->empty())
      return false;
    llvm::StringRef Name = jvmMethodName(E, *Op);
    std::string Operator =
        llvm::StringSwitch<std::string>(Name)
            .Cases("is", "isEqualTo", "=")
            .Cases("in", "inValues", "IN")
            .Case("gt", ">")
            .Case("gte", ">=")
            .Case("lt", "<")
            .Case("lte", "<=")
            .Case("like", "LIKE")
            .Case("contains", "CONTAINS")
            .Case("containsKey", "CONTAINS KEY")
            .Case("isNotNull", "IS NOT NULL")
            .Default(""); // ne (!=): Cassandra has no such relation
    if (Operator.empty())
      return false;
    TemplateQuery::Criterion C;
    C.Key = *Key;
    C.Operator = Operator;
    C.KeyAt = spanOf(Where->Args[0]);
    C.At = spanBetween(Where->Node, Op->Node);
    Q.Where.push_back(std::move(C));
    return true;
  }

  /// `Sort.by("a", "b")`, `Sort.by(Direction.DESC, "a")`,
  /// `Sort.by(Order.desc("a"))`, `.descending()`, `.and(sort)`.
  bool readSort(TSNode N, TemplateQuery &Q, unsigned Depth = 0) const {
    std::optional<JvmCall> C = jvmCall(E, jvmUnwrap(E, N));
    if (!C || Depth > 8)
      return false;
    llvm::StringRef Method = jvmMethodName(E, *C);
    if (Method == "descending" || Method == "ascending") {
      if (!C->Receiver || !C->Args.empty())
        return false;
      size_t From = Q.OrderBy.size();
      if (!readSort(*C->Receiver, Q, Depth + 1))
        return false;
      for (size_t I = From; I < Q.OrderBy.size(); ++I)
        Q.OrderBy[I].Descending = Method == "descending";
      return true;
    }
    if (Method == "and" && C->Receiver && C->Args.size() == 1)
      return readSort(*C->Receiver, Q, Depth + 1) &&
             readSort(C->Args[0], Q, Depth + 1);
    if (Method != "by" || !C->Receiver || E.text(*C->Receiver) != "Sort")
      return false;
    bool Descending = false;
    for (size_t I = 0; I < C->Args.size(); ++I) {
      TSNode A = jvmUnwrap(E, C->Args[I]);
      llvm::StringRef Text = E.text(A);
      if (I == 0 && (Text.endswith("Direction.DESC") ||
                     Text.endswith("Direction.ASC"))) {
        Descending = Text.endswith("DESC");
        continue;
      }
      TemplateQuery::Order O;
      O.At = spanOf(A);
      if (auto Key = fixedString(A)) {
        O.Key = *Key;
        O.Descending = Descending;
      } else if (auto Ord = jvmCall(E, A);
                 Ord && Ord->Args.size() == 1 && Ord->Receiver &&
                 E.text(*Ord->Receiver).endswith("Order") &&
                 (jvmMethodName(E, *Ord) == "asc" ||
                  jvmMethodName(E, *Ord) == "desc" ||
                  jvmMethodName(E, *Ord) == "by")) {
        auto Key = fixedString(Ord->Args[0]);
        if (!Key)
          return false;
        O.Key = *Key;
        O.Descending = jvmMethodName(E, *Ord) == "desc";
      } else {
        return false;
      }
      Q.OrderBy.push_back(std::move(O));
    }
    return !Q.OrderBy.empty();
  }

  /// A Query: `Query.query(c...)`, `Query.empty()`, Kotlin `query(c)`,
  /// and the calls on it; a name assigned one, or declared a Query.
  Read readQuery(TSNode N, TemplateQuery &Q, unsigned Depth = 0) const {
    N = jvmUnwrap(E, N);
    if (Depth > 12)
      return Read::Unknown;
    if (auto Name = jvmReadName(E, N)) {
      std::optional<llvm::StringRef> Type =
          Types.typeOf(*Name, ts_node_start_byte(N));
      bool IsQuery = Type && simpleTypeName(*Type) == "Query";
      if (auto V = E.declarationValue(*Name, ts_node_start_byte(N))) {
        TemplateQuery Probe = Q;
        Read R = readQuery(*V, Probe, Depth + 1);
        if (R == Read::Known) {
          Q = std::move(Probe);
          return R;
        }
        if (R == Read::Unknown || IsQuery)
          return Read::Unknown;
        return Read::NotThis;
      }
      return IsQuery ? Read::Unknown : Read::NotThis;
    }
    std::optional<JvmCall> C = jvmCall(E, N);
    if (!C)
      return Read::NotThis;
    llvm::StringRef Method = jvmMethodName(E, *C);
    bool Base = (!C->Receiver && E.language() == HostLanguage::Kotlin) ||
                (C->Receiver && E.text(*C->Receiver) == "Query");
    if (Base && (Method == "query" || Method == "empty")) {
      if (Method == "empty")
        return C->Args.empty() ? Read::Known : Read::NotThis;
      for (TSNode A : C->Args)
        if (!readCriteria(A, Q))
          return Read::Unknown;
      return Read::Known;
    }
    if (!C->Receiver)
      return Read::NotThis;
    static const char *const Chained[] = {
        "and",   "limit",       "withAllowFiltering", "sort",
        "pageRequest", "columns", "queryOptions", "withoutAllowFiltering"};
    if (!llvm::is_contained(Chained, Method))
      return Read::NotThis;
    Read Inner = readQuery(*C->Receiver, Q, Depth + 1);
    if (Inner != Read::Known)
      return Inner;
    if (Method == "and") {
      if (C->Args.size() != 1 || !readCriteria(C->Args[0], Q))
        return Read::Unknown;
    } else if (Method == "limit") {
      if (C->Args.size() != 1)
        return Read::Unknown;
      Q.LimitAt = spanBetween(C->Name, C->Node);
      llvm::StringRef V = E.text(jvmUnwrap(E, C->Args[0]));
      unsigned N = 0;
      Q.Limit = V.getAsInteger(10, N) ? "?" : std::to_string(N);
    } else if (Method == "withAllowFiltering") {
      Q.AllowFilteringAt = spanBetween(C->Name, C->Node);
    } else if (Method == "withoutAllowFiltering") {
      Q.AllowFilteringAt.reset();
    } else if (Method == "sort") {
      if (C->Args.size() != 1 || !readSort(C->Args[0], Q))
        return Read::Unknown;
    } else if (Method == "pageRequest") {
      Q.PagedAt = spanBetween(C->Name, C->Node);
    }
    return Read::Known;
  }

  /// An Update: `Update.empty()` / `Update.update(k, v)` and the
  /// assignments chained on it.
  Read readUpdate(TSNode N, TemplateQuery &Q, unsigned Depth = 0) const {
    N = jvmUnwrap(E, N);
    if (Depth > 16)
      return Read::Unknown;
    if (auto Name = jvmReadName(E, N)) {
      std::optional<llvm::StringRef> Type =
          Types.typeOf(*Name, ts_node_start_byte(N));
      if (auto V = E.declarationValue(*Name, ts_node_start_byte(N)))
        return readUpdate(*V, Q, Depth + 1) == Read::Known ? Read::Known
                                                            : Read::Unknown;
      return Type && simpleTypeName(*Type) == "Update" ? Read::Unknown
                                                       : Read::NotThis;
    }
    std::optional<JvmCall> C = jvmCall(E, N);
    if (!C || !C->Receiver)
      return Read::NotThis;
    llvm::StringRef Method = jvmMethodName(E, *C);
    using Kind = TemplateQuery::Assignment::Kind;
    auto Assign = [&](TSNode KeyArg, Kind How, TSNode From) {
      std::optional<std::string> Key = fixedString(KeyArg);
      if (!Key || Key->empty())
        return false;
      TemplateQuery::Assignment A;
      A.Key = *Key;
      A.How = How;
      A.KeyAt = spanOf(KeyArg);
      A.At = spanBetween(From, C->Node);
      Q.Assignments.push_back(std::move(A));
      return true;
    };
    if (E.text(*C->Receiver) == "Update") {
      if (Method == "empty" && C->Args.empty())
        return Read::Known;
      if (Method == "update" && C->Args.size() == 2)
        return Assign(C->Args[0], Kind::Set, C->Name) ? Read::Known
                                                      : Read::Unknown;
      return Method == "of" ? Read::Unknown : Read::NotThis;
    }
    // `.set(k).atIndex(i).to(v)`, `.addTo(k).append(v)`: the builder's
    // column is the key of the call two (or one) below.
    auto Builder = [&](llvm::StringRef Start, unsigned Below,
                       Kind How) -> Read {
      TSNode R = *C->Receiver;
      for (unsigned I = 1; I < Below; ++I) {
        std::optional<JvmCall> Step = jvmCall(E, jvmUnwrap(E, R));
        if (!Step || !Step->Receiver)
          return Read::Unknown;
        R = *Step->Receiver;
      }
      std::optional<JvmCall> S = jvmCall(E, jvmUnwrap(E, R));
      if (!S || jvmMethodName(E, *S) != Start || S->Args.size() != 1 ||
          !S->Receiver)
        return Read::Unknown;
      Read Inner = readUpdate(*S->Receiver, Q, Depth + 1);
      if (Inner != Read::Known)
        return Read::Unknown;
      return Assign(S->Args[0], How, S->Name) ? Read::Known : Read::Unknown;
    };
    if (Method == "to")
      return Builder("set", 2, Kind::SetAt);
    if (Method == "append" || Method == "appendAll" || Method == "entry" ||
        Method == "entries")
      return Builder("addTo", 1, Kind::Add);
    if (Method == "prepend" || Method == "prependAll")
      return Builder("addTo", 1, Kind::Prepend);
    static const char *const Direct[] = {"set", "increment", "decrement",
                                         "remove", "clear"};
    if (!llvm::is_contained(Direct, Method))
      return Read::NotThis;
    if (C->Args.empty())
      return Read::Unknown;
    Read Inner = readUpdate(*C->Receiver, Q, Depth + 1);
    if (Inner != Read::Known)
      return Read::Unknown;
    Kind How = llvm::StringSwitch<Kind>(Method)
                   .Case("increment", Kind::Add)
                   .Cases("decrement", "remove", Kind::Subtract)
                   .Default(Kind::Set);
    if (Method == "set" && C->Args.size() != 2)
      return Read::Unknown;
    return Assign(C->Args[0], How, C->Name) ? Read::Known : Read::Unknown;
  }

  /// InsertOptions / UpdateOptions / DeleteOptions built in the call.
  void readOptions(TSNode N, TemplateQuery &Q) const {
    N = jvmUnwrap(E, N);
    std::optional<JvmCall> C = jvmCall(E, N);
    bool Any = false;
    for (unsigned Steps = 0; C && Steps < 16; ++Steps) {
      llvm::StringRef M = jvmMethodName(E, *C);
      if (M == "withIfNotExists")
        Q.IfNotExists = Any = true;
      else if (M == "withIfExists")
        Q.IfExists = Any = true;
      else if (M == "ttl" || M == "withTtl")
        Q.Ttl = Any = true;
      if (!C->Receiver)
        break;
      C = jvmCall(E, jvmUnwrap(E, *C->Receiver));
    }
    if (Any)
      Q.OptionsAt = spanOf(N);
  }

  // Calls.

  void emit(TemplateQuery &&T, const JvmCall &Base, TSNode Last,
            std::optional<std::string> Entity, const SinkModel &Row) {
    T.Row = Row.describe(Catalog.libraries()) + " (" + Row.File + ":" +
            std::to_string(Row.Line) + ")";
    RepositoryQuery Q;
    Q.Kind = RepositoryQuery::Form::Template;
    Q.Method = jvmMethodName(E, Base).str();
    Q.NameBegin = ts_node_start_byte(Base.Name);
    Q.Range = SourceRange(File, ts_node_start_byte(Base.Name),
                          ts_node_end_byte(Last));
    if (Entity) {
      llvm::StringRef Written =
          llvm::StringRef(*Entity).take_until([](char C) { return C == '<'; });
      Q.Type = simpleTypeName(Written).str();
      Q.QualifiedType = qualifiedJavaName(Written.trim(), Imports, Package);
    }
    T.MethodAt = spanOf(Base.Name);
    Q.Template = std::make_shared<const TemplateQuery>(std::move(T));
    Out.Queries.push_back(std::move(Q));
  }

  void readCall(TSNode Node) {
    std::optional<JvmCall> Call = jvmCall(E, Node);
    if (!Call || !Call->Receiver || jvmInMockSetup(E, Node))
      return;
    if (!isTemplate(*Call->Receiver)) {
      if (isBatchOf(*Call->Receiver))
        readBatch(*Call, Node);
      return;
    }
    llvm::StringRef Method = jvmMethodName(E, *Call);
    const SinkModel *Row = row("CassandraOperations", Method);
    if (!Row)
      return; // not an entity operation of the catalog
    llvm::SmallVector<TSNode, 4> Args;
    for (TSNode A : Call->Args)
      if (E.type(A) != "annotated_lambda")
        Args.push_back(A);
    if (!Args.empty() && isString(Args[0]))
      return; // select("SELECT ...", X.class): a string query
    // The entity class: the last argument's class literal, or `<X>`.
    std::optional<std::string> Entity;
    size_t Rest = Args.size(); // the arguments before the class
    if (!Args.empty())
      if (auto C = classOf(Args.back())) {
        Entity = C->str();
        --Rest;
      }
    if (!Entity && Call->TypeArgument)
      Entity = E.text(*Call->TypeArgument).str();
    TemplateQuery T;
    auto WithQuery = [&](Operation Op, size_t At) -> bool {
      T.Op = Op;
      if (At >= Rest)
        return true; // count(X): every row
      Read R = readQuery(Args[At], T);
      if (R == Read::NotThis)
        return false;
      if (R == Read::Unknown) {
        T.QueryUnknown = true;
        T.UnknownAt = spanOf(Args[At]);
      }
      return true;
    };
    static const char *const Selects[] = {"select", "selectOne", "stream",
                                          "slice"};
    bool Classed = Entity.has_value();
    if (llvm::is_contained(Selects, Method) && Classed && Rest == 1) {
      if (WithQuery(Operation::Select, 0))
        emit(std::move(T), *Call, Node, Entity, *Row);
    } else if (Method == "count" && Classed && Rest <= 1) {
      if (WithQuery(Operation::Count, 0))
        emit(std::move(T), *Call, Node, Entity, *Row);
    } else if (Method == "exists" && Classed && Rest == 1) {
      if (!WithQuery(Operation::Exists, 0))
        T.Op = Operation::ExistsById; // exists(id, X)
      emit(std::move(T), *Call, Node, Entity, *Row);
    } else if ((Method == "selectOneById" || Method == "deleteById") &&
               Classed && Rest == 1) {
      T.Op = Method == "deleteById" ? Operation::DeleteById
                                    : Operation::SelectById;
      emit(std::move(T), *Call, Node, Entity, *Row);
    } else if (Method == "truncate" && Classed && Rest == 0) {
      T.Op = Operation::Truncate;
      emit(std::move(T), *Call, Node, Entity, *Row);
    } else if (Method == "update" && Classed && Rest == 2) {
      if (!WithQuery(Operation::Update, 0))
        return;
      Read U = readUpdate(Args[1], T);
      if (U == Read::NotThis)
        return;
      if (U == Read::Unknown) {
        T.UpdateUnknown = true;
        if (!T.QueryUnknown)
          T.UnknownAt = spanOf(Args[1]);
      }
      emit(std::move(T), *Call, Node, Entity, *Row);
    } else if (Method == "delete" && Classed && Rest == 1) {
      if (WithQuery(Operation::Delete, 0))
        emit(std::move(T), *Call, Node, Entity, *Row);
    } else if ((Method == "query" || Method == "update" ||
                Method == "delete" || Method == "insert") &&
               Classed && Rest == 0) {
      readFluent(*Call, Method, *Entity, *Row);
    } else if ((Method == "insert" || Method == "update" ||
                Method == "delete") &&
               !Classed && (Args.size() == 1 || Args.size() == 2)) {
      T.Op = Method == "insert"   ? Operation::Insert
             : Method == "update" ? Operation::UpdateEntity
                                  : Operation::DeleteEntity;
      if (Args.size() == 2)
        readOptions(Args[1], T);
      T.UnknownAt = spanOf(Args[0]); // the entity's table, if only the run knows it
      if (Method == "delete") {
        // delete(query) of a Query of unknown entity: not ours.
        TemplateQuery Probe;
        if (readQuery(Args[0], Probe) != Read::NotThis)
          return;
      }
      emit(std::move(T), *Call, Node, entityOfValue(Args[0]), *Row);
    }
  }

  /// `query(X).matching(q).all()` and the other fluent chains: the
  /// statement is the terminal call's.
  void readFluent(const JvmCall &Base, llvm::StringRef Kind,
                  const std::string &Entity, const SinkModel &Row) {
    TemplateQuery T;
    TSNode Last = Base.Node;
    bool Matched = false;
    for (unsigned Steps = 0; Steps < 12; ++Steps) {
      std::optional<JvmCall> Next = jvmNextCall(E, Last);
      if (!Next)
        return; // no terminal call: made elsewhere
      Last = Next->Node;
      llvm::StringRef M = jvmMethodName(E, *Next);
      if (M == "inTable") {
        // Another table than the entity's, named here or unknown.
        if (Next->Args.size() != 1)
          return;
        std::optional<std::string> Name = fixedString(Next->Args[0]);
        if (Name && !Name->empty())
          T.Table = *Name;
        else
          T.TableAt = spanOf(Next->Args[0]); // named at run time
        continue;
      }
      if (M == "as" || M == "asType" || M == "withOptions") {
        if (M == "withOptions" && Next->Args.size() == 1)
          readOptions(Next->Args[0], T);
        continue;
      }
      if (M == "matching" && !Matched && Next->Args.size() == 1) {
        Matched = true;
        Read R = readQuery(Next->Args[0], T);
        if (R == Read::NotThis)
          return;
        if (R == Read::Unknown) {
          T.QueryUnknown = true;
          T.UnknownAt = spanOf(Next->Args[0]);
        }
        continue;
      }
      if (M == "matchingId")
        return; // by an id: the key's statement, not read here
      Span TerminalAt = spanBetween(Next->Name, Next->Node);
      if (Kind == "query") {
        if (M == "all" || M == "stream" || M == "flow" || M == "slice") {
          T.Op = Operation::Select;
        } else if (M == "one" || M == "oneValue" || M == "awaitOne" ||
                   M == "awaitOneOrNull") {
          T.Op = Operation::Select; // two rows tell one from many
          if (!T.LimitAt) {
            T.LimitAt = TerminalAt;
            T.Limit = "2";
          }
        } else if (M == "first" || M == "firstValue" || M == "awaitFirst" ||
                   M == "awaitFirstOrNull") {
          T.Op = Operation::Select;
          T.LimitAt = TerminalAt;
          T.Limit = "1";
        } else if (M == "count" || M == "awaitCount") {
          T.Op = Operation::Count;
        } else if (M == "exists" || M == "awaitExists") {
          T.Op = Operation::Exists;
        } else {
          return;
        }
      } else if (Kind == "update") {
        if ((M != "apply" && M != "applyAndAwait") || Next->Args.size() != 1)
          return;
        T.Op = Operation::Update;
        Read U = readUpdate(Next->Args[0], T);
        if (U == Read::NotThis)
          return;
        if (U == Read::Unknown) {
          T.UpdateUnknown = true;
          if (!T.QueryUnknown)
            T.UnknownAt = spanOf(Next->Args[0]);
        }
      } else if (Kind == "delete") {
        if (M != "all" && M != "allAndAwait")
          return;
        T.Op = Operation::Delete;
      } else { // insert
        if ((M != "one" && M != "oneAndAwait") || Next->Args.size() != 1)
          return;
        T.Op = Operation::Insert;
      }
      emit(std::move(T), Base, Last, Entity, Row);
      return;
    }
  }

  Evaluator &E; // evaluates the strings of keys (caching)
  const FileImports &Imports;
  FileId File;
  RepositoryFacts &Out;
  const ModelCatalog &Catalog;
  LibraryResolver Resolver; // a receiver's declared type -> its library
  std::string Package;
  JvmDeclaredTypes Types;
};

} // namespace

bool mayCallCassandraTemplate(llvm::StringRef Text) {
  return Text.contains("CassandraTemplate") ||
         Text.contains("CassandraOperations");
}

void findTemplateQueries(Evaluator &Eval, const FileImports &Imports,
                         FileId File, TSNode Root, RepositoryFacts &Out) {
  if (!mayCallCassandraTemplate(Eval.source()))
    return;
  TemplateReader(Eval, Imports, File, Out).run(Root);
}

} // namespace nosqlint::extract
