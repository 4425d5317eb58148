//===- SpringRepositories.cpp - A file's Spring Data repository facts -----===//
#include "SpringRepositories.h"

#include "EntityIndex.h"
#include "JavaAnnotations.h"
#include "JvmSyntax.h"
#include "SyntaxTree.h"

namespace nosqlint::extract {

namespace {

/// Parameter types by which Spring Data pages a query instead of limiting it.
bool isPagingType(llvm::StringRef T) {
  return T == "Pageable" || T == "CassandraPageRequest" || T == "Limit" ||
         T == "ScrollPosition" || T == "Sort";
}

/// One method of a repository interface, as either language writes it.
struct InterfaceMethod {
  TSNode Decl, Name;
  bool HasBody = false;
  llvm::SmallVector<llvm::StringRef, 4> ParameterTypes; // simple names
};

class RepositoryReader {
public:
  RepositoryReader(const Evaluator &E, const FileImports &Imports, FileId File,
                   RepositoryFacts &Out)
      : E(E), Imports(Imports), File(File), Out(Out),
        Kotlin(E.language() == HostLanguage::Kotlin) {}

  void run(TSNode Root) {
    Package = javaPackageOf(E, Root);
    Types.collect(E, Root);
    std::vector<TSNode> Calls;
    forEachNamedNode(Root, [&](TSNode N) {
      llvm::StringRef T = E.type(N);
      if (T == "interface_declaration" ||
          (T == "class_declaration" && Kotlin && isKotlinInterface(N)))
        readInterface(N);
      else if (T == "method_invocation" || T == "call_expression")
        Calls.push_back(N);
    });
    for (TSNode C : Calls)
      readCall(C);
  }

private:
  std::string qualify(llvm::StringRef T) const {
    return qualifiedJavaName(T, Imports, Package);
  }

  bool isKotlinInterface(TSNode N) const {
    for (uint32_t I = 0, C = ts_node_child_count(N); I < C; ++I)
      if (E.type(ts_node_child(N, I)) == "interface")
        return true;
    return false;
  }

  /// The entity a supertype names when it is a Spring Data base:
  /// `CassandraRepository<Order, UUID>` -> Order (`Order<T>` kept whole).
  std::optional<std::string> entityOfBase(TSNode G) const {
    llvm::StringRef Written = E.text(G);
    llvm::StringRef Base =
        Written.take_until([](char C) { return C == '<'; }).trim();
    if (!isRepositoryBase(simpleTypeName(Base)) ||
        !isSpringDataType(Base, Imports))
      return std::nullopt;
    for (TSNode K : namedChildren(G)) {
      llvm::StringRef T = E.type(K);
      if (T != "type_arguments")
        continue;
      auto Args = namedChildren(K);
      if (Args.empty())
        return std::nullopt;
      TSNode A = Args[0];
      if (E.type(A) == "type_projection") // Kotlin
        if (auto Inner = namedChildren(A); !Inner.empty())
          A = Inner.back();
      llvm::StringRef AT = E.type(A);
      if (AT == "type_identifier" || AT == "scoped_type_identifier" ||
          AT == "generic_type" || AT == "user_type")
        return E.text(A).str();
      return std::nullopt;
    }
    return std::nullopt;
  }

  void readInterface(TSNode I) {
    std::optional<TSNode> Name, Body;
    std::optional<std::string> Entity;
    if (!Kotlin) {
      Name = childByField(I, "name");
      Body = childByField(I, "body");
      for (TSNode K : namedChildren(I))
        if (E.type(K) == "extends_interfaces")
          forEachNamedNode(K, [&](TSNode G) {
            if (!Entity && E.type(G) == "generic_type")
              Entity = entityOfBase(G);
          });
    } else {
      for (TSNode K : namedChildren(I)) {
        llvm::StringRef T = E.type(K);
        if (T == "type_identifier" && !Name)
          Name = K;
        else if (T == "class_body")
          Body = K;
        else if (T == "delegation_specifier" && !Entity)
          for (TSNode U : namedChildren(K))
            if (E.type(U) == "user_type")
              Entity = entityOfBase(U);
      }
    }
    // Kotlin's `interface Orders : CrudRepository<Order, Long>` has no body.
    if (!Name || (!Body && !Kotlin) || !Entity)
      return;
    RepositoryInterface R;
    R.QualifiedName = qualify(E.text(*Name));
    llvm::StringRef EntityType =
        llvm::StringRef(*Entity).take_until([](char C) { return C == '<'; });
    R.Entity = simpleTypeName(EntityType).str();
    R.QualifiedEntity = qualify(EntityType.trim());
    Out.Interfaces.push_back(R);
    if (Body)
      for (TSNode M : namedChildren(*Body))
        if (auto Method = interfaceMethod(M))
          readMethod(*Method, R);
  }

  std::optional<InterfaceMethod> interfaceMethod(TSNode M) const {
    InterfaceMethod Out;
    Out.Decl = M;
    if (!Kotlin) {
      if (E.type(M) != "method_declaration")
        return std::nullopt;
      auto Name = childByField(M, "name");
      if (!Name)
        return std::nullopt;
      Out.Name = *Name;
      Out.HasBody = childByField(M, "body").has_value();
      if (auto Params = childByField(M, "parameters"))
        for (TSNode P : namedChildren(*Params))
          if (auto T = childByField(P, "type"))
            Out.ParameterTypes.push_back(simpleTypeName(E.text(*T)));
      return Out;
    }
    if (E.type(M) != "function_declaration")
      return std::nullopt;
    std::optional<TSNode> Name;
    for (TSNode K : namedChildren(M)) {
      llvm::StringRef T = E.type(K);
      if (T == "simple_identifier" && !Name)
        Name = K;
      else if (T == "function_body")
        Out.HasBody = true;
      else if (T == "function_value_parameters")
        for (TSNode P : namedChildren(K)) {
          auto Parts = namedChildren(P);
          if (E.type(P) == "parameter" && Parts.size() >= 2)
            Out.ParameterTypes.push_back(
                simpleTypeName(E.text(Parts.back()).rtrim('?')));
        }
    }
    if (!Name)
      return std::nullopt;
    Out.Name = *Name;
    return Out;
  }

  void readMethod(const InterfaceMethod &M, const RepositoryInterface &R) {
    if (M.HasBody)
      return; // a default method runs its own code
    RepositoryQuery Q;
    for (TSNode A : annotationsOf(E, M.Decl)) {
      llvm::StringRef Ann = E.annotationName(A);
      if (Ann == "Query") {
        if (annotationElement(E, A, "value"))
          return; // its string is the query (read as a @Query argument)
        if (auto F = annotationElement(E, A, "allowFiltering"))
          Q.AllowFiltering = E.text(*F) == "true";
      } else if (Ann == "AllowFiltering") {
        Q.AllowFiltering = true;
      }
    }
    Q.Method = E.text(M.Name).trim("`").str();
    for (llvm::StringRef T : M.ParameterTypes)
      Q.Paged |= isPagingType(T);
    Q.Kind = RepositoryQuery::Form::Derived;
    // `<T> findById(id, Class<T>)`: a dynamic projection is a query method
    // of the interface (the name read as a derived one), not the base's.
    bool Projected = llvm::is_contained(M.ParameterTypes, "Class");
    if (isCrudQueryMethod(Q.Method) && !Projected) {
      // The base method redeclared: its calls are the queries, unless the
      // redeclaration pages or sorts them (`Slice<T> findAll(Pageable)`),
      // a query of this interface's own.
      if (!Q.Paged)
        return;
      Q.Kind = RepositoryQuery::Form::Crud;
      Q.TypeIsEntity = true;
      Q.Arguments = static_cast<unsigned>(M.ParameterTypes.size());
    }
    Q.Type = R.Entity;
    Q.QualifiedType = R.QualifiedEntity;
    Q.NameBegin = ts_node_start_byte(M.Name);
    Q.Range = SourceRange(File, ts_node_start_byte(M.Decl),
                          ts_node_end_byte(M.Decl));
    Out.Queries.push_back(std::move(Q));
  }

  void readCall(TSNode Node) {
    std::optional<JvmCall> Call = jvmCall(E, Node);
    if (!Call || !Call->Receiver)
      return;
    llvm::StringRef Method = jvmMethodName(E, *Call);
    if (!isCrudQueryMethod(Method) || jvmInMockSetup(E, Node))
      return;
    std::optional<llvm::StringRef> Receiver = jvmReadName(E, *Call->Receiver);
    if (!Receiver)
      return;
    std::optional<llvm::StringRef> Declared = Types.typeOf(*Receiver, ts_node_start_byte(Node));
    if (!Declared)
      return;
    RepositoryQuery Q;
    Q.Kind = RepositoryQuery::Form::Crud;
    Q.Method = Method.str();
    Q.NameBegin = ts_node_start_byte(Call->Name);
    // From the method's name: a chain split over lines is listed where
    // the call is.
    Q.Range = SourceRange(File, ts_node_start_byte(Call->Name),
                          ts_node_end_byte(Node));
    Q.Arguments = static_cast<unsigned>(llvm::count_if(Call->Args, [&](TSNode A) {
      return E.type(A) != "annotated_lambda";
    }));
    llvm::StringRef Type = *Declared;
    llvm::StringRef Base = Type.take_until([](char C) { return C == '<'; }).trim();
    llvm::StringRef Simple = simpleTypeName(Base);
    if (isRepositoryBase(Simple)) {
      // `CassandraRepository<Order, UUID> orders`: the entity is right here.
      if (!isSpringDataType(Base, Imports))
        return;
      size_t Lt = Type.find('<');
      if (Lt == llvm::StringRef::npos)
        return;
      llvm::StringRef Entity =
          Type.drop_front(Lt + 1).take_until([](char C) {
            return C == ',' || C == '>' || C == '<';
          }).trim();
      Q.TypeIsEntity = true;
      Q.Type = simpleTypeName(Entity).str();
      Q.QualifiedType = qualify(Entity);
    } else {
      Q.Type = Simple.str();
      Q.QualifiedType = qualify(Base);
    }
    Out.Queries.push_back(std::move(Q));
  }

  const Evaluator &E;
  const FileImports &Imports;
  FileId File;
  RepositoryFacts &Out;
  bool Kotlin;
  std::string Package;
  JvmDeclaredTypes Types;
};

} // namespace

bool isRepositoryBase(llvm::StringRef Name) {
  static const char *const Bases[] = {
      "CassandraRepository",         "ReactiveCassandraRepository",
      "TypedIdCassandraRepository",  "MapIdCassandraRepository",
      "CrudRepository",              "ListCrudRepository",
      "ReactiveCrudRepository",      "RxJava3CrudRepository",
      "CoroutineCrudRepository",     "PagingAndSortingRepository",
      "ListPagingAndSortingRepository", "ReactiveSortingRepository",
      "CoroutineSortingRepository",  "Repository"};
  return llvm::is_contained(Bases, Name);
}

bool isSpringDataType(llvm::StringRef Written, const FileImports &Imports) {
  auto IsSpring = [](llvm::StringRef Path) {
    return Path.startswith("org.springframework.data.");
  };
  if (Written.contains('.'))
    return IsSpring(Written);
  if (auto P = Imports.pathOf(Written))
    return IsSpring(*P);
  // A wildcard import of a Spring Data package (a class of that name in the
  // file's own package would shadow it: one file cannot tell).
  return llvm::any_of(Imports.all(), [&](const Import &I) {
    return I.Wildcard && IsSpring(I.Path + ".");
  });
}

bool isCrudQueryMethod(llvm::StringRef Name) {
  return Name == "findAll" || Name == "count" || Name == "deleteAll" ||
         Name == "findById" || Name == "existsById" || Name == "deleteById" ||
         Name == "findAllById" || Name == "deleteAllById" || Name == "save" ||
         Name == "saveAll" || Name == "insert" || Name == "delete";
}

void findRepositoryFacts(const Evaluator &Eval, const FileImports &Imports,
                         FileId File, TSNode Root, RepositoryFacts &Out) {
  RepositoryReader(Eval, Imports, File, Out).run(Root);
}

} // namespace nosqlint::extract
