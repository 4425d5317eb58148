//===- SpringRepositories.cpp - A file's Spring Data repository facts -----===//
#include "SpringRepositories.h"

#include "JavaAnnotations.h"
#include "SyntaxTree.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace nosqlint::extract {

namespace {

/// Spring Data's repository bases whose first type argument is the entity.
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

/// Parameter types by which Spring Data pages a query instead of limiting it.
bool isPagingType(llvm::StringRef T) {
  return T == "Pageable" || T == "CassandraPageRequest" || T == "Limit" ||
         T == "ScrollPosition" || T == "Sort";
}

llvm::StringRef simpleName(llvm::StringRef T) {
  T = T.take_until([](char C) { return C == '<'; }).trim();
  return T.substr(T.rfind('.') + 1);
}

class RepositoryReader {
public:
  RepositoryReader(const Evaluator &E, const FileImports &Imports, FileId File,
                   RepositoryFacts &Out)
      : E(E), Imports(Imports), File(File), Out(Out) {}

  void run(TSNode Root) {
    Package = javaPackageOf(E, Root);
    forEachNamedNode(Root, [&](TSNode N) {
      llvm::StringRef T = E.type(N);
      if (T == "interface_declaration") {
        readInterface(N);
      } else if (T == "field_declaration" ||
                 T == "local_variable_declaration") {
        auto Type = childByField(N, "type");
        for (TSNode D : namedChildren(N))
          if (E.type(D) == "variable_declarator")
            if (auto Name = childByField(D, "name"); Name && Type)
              declare(E.text(*Name), E.text(*Type));
      } else if (T == "formal_parameter") {
        auto Type = childByField(N, "type");
        auto Name = childByField(N, "name");
        if (Type && Name)
          declare(E.text(*Name), E.text(*Type));
      } else if (T == "method_invocation") {
        Calls.push_back(N);
      }
    });
    for (TSNode C : Calls)
      readCall(C);
  }

private:
  std::string qualify(llvm::StringRef T) const {
    return qualifiedJavaName(T, Imports, Package);
  }

  void declare(llvm::StringRef Name, llvm::StringRef Type) {
    auto [It, New] = Declared.try_emplace(Name, Type.str());
    if (!New && It->second != Type)
      Ambiguous.insert(Name);
  }

  void readInterface(TSNode I) {
    auto Name = childByField(I, "name");
    auto Body = childByField(I, "body");
    if (!Name || !Body)
      return;
    std::optional<std::string> Entity;
    for (TSNode K : namedChildren(I)) {
      if (E.type(K) != "extends_interfaces")
        continue;
      forEachNamedNode(K, [&](TSNode G) {
        if (Entity || E.type(G) != "generic_type")
          return;
        auto Kids = namedChildren(G);
        if (Kids.size() < 2 || !isRepositoryBase(simpleName(E.text(Kids[0]))))
          return;
        auto Args = namedChildren(Kids[1]);
        if (!Args.empty() && (E.type(Args[0]) == "type_identifier" ||
                              E.type(Args[0]) == "scoped_type_identifier"))
          Entity = E.text(Args[0]).str();
      });
    }
    if (!Entity)
      return;
    RepositoryInterface R;
    R.QualifiedName = qualify(E.text(*Name));
    R.Entity = simpleName(*Entity).str();
    R.QualifiedEntity = qualify(*Entity);
    Out.Interfaces.push_back(R);
    for (TSNode M : namedChildren(*Body))
      if (E.type(M) == "method_declaration")
        readMethod(M, R);
  }

  void readMethod(TSNode M, const RepositoryInterface &R) {
    auto Name = childByField(M, "name");
    if (!Name || childByField(M, "body"))
      return; // a default method runs its own code
    RepositoryQuery Q;
    for (TSNode A : annotationsOf(E, M)) {
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
    Q.Method = E.text(*Name).str();
    if (isCrudQueryMethod(Q.Method))
      return; // the base method redeclared: its calls are the queries
    Q.Kind = RepositoryQuery::Form::Derived;
    Q.Type = R.Entity;
    Q.QualifiedType = R.QualifiedEntity;
    Q.NameBegin = ts_node_start_byte(*Name);
    Q.Range = SourceRange(File, ts_node_start_byte(M), ts_node_end_byte(M));
    if (auto Params = childByField(M, "parameters"))
      for (TSNode P : namedChildren(*Params))
        if (auto T = childByField(P, "type"))
          Q.Paged |= isPagingType(simpleName(E.text(*T)));
    Out.Queries.push_back(std::move(Q));
  }

  void readCall(TSNode Call) {
    auto Name = childByField(Call, "name");
    auto Object = childByField(Call, "object");
    auto Args = childByField(Call, "arguments");
    if (!Name || !Object || !Args || !isCrudQueryMethod(E.text(*Name)))
      return;
    llvm::StringRef Receiver = E.text(*Object);
    Receiver.consume_front("this.");
    auto D = Declared.find(Receiver);
    if (D == Declared.end() || Ambiguous.contains(Receiver))
      return;
    RepositoryQuery Q;
    Q.Kind = RepositoryQuery::Form::Crud;
    Q.Method = E.text(*Name).str();
    Q.NameBegin = ts_node_start_byte(*Name);
    Q.Range = SourceRange(File, ts_node_start_byte(Call), ts_node_end_byte(Call));
    Q.Arguments = namedChildren(*Args).size();
    llvm::StringRef Type = D->second;
    llvm::StringRef Simple = simpleName(Type);
    if (isRepositoryBase(Simple)) {
      // `CassandraRepository<Order, UUID> orders`: the entity is right here.
      size_t Lt = Type.find('<');
      if (Lt == llvm::StringRef::npos)
        return;
      llvm::StringRef Entity =
          Type.drop_front(Lt + 1).take_until([](char C) {
            return C == ',' || C == '>';
          }).trim();
      Q.TypeIsEntity = true;
      Q.Type = simpleName(Entity).str();
      Q.QualifiedType = qualify(Entity);
    } else {
      Q.Type = Simple.str();
      Q.QualifiedType =
          qualify(Type.take_until([](char C) { return C == '<'; }).trim());
    }
    Out.Queries.push_back(std::move(Q));
  }

  const Evaluator &E;
  const FileImports &Imports;
  FileId File;
  RepositoryFacts &Out;
  std::string Package;
  llvm::StringMap<std::string> Declared; // variable -> declared type
  llvm::StringSet<> Ambiguous;           // declared with two types
  std::vector<TSNode> Calls;
};

} // namespace

bool isCrudQueryMethod(llvm::StringRef Name) {
  return Name == "findAll" || Name == "count" || Name == "deleteAll" ||
         Name == "findById" || Name == "existsById" || Name == "deleteById" ||
         Name == "findAllById";
}

void findRepositoryFacts(const Evaluator &Eval, const FileImports &Imports,
                         FileId File, TSNode Root, RepositoryFacts &Out) {
  RepositoryReader(Eval, Imports, File, Out).run(Root);
}

} // namespace nosqlint::extract
