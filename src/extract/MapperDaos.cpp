//===- MapperDaos.cpp - The DataStax object mapper's @Dao methods ---------===//
#include "MapperDaos.h"

#include "JavaAnnotations.h"
#include "SyntaxTree.h"

#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

namespace {

/// The types a DAO method wraps its entity in (sync, async, reactive).
bool isWrapper(llvm::StringRef T) {
  static const char *const Wrappers[] = {
      "PagingIterable", "MappedAsyncPagingIterable", "CompletionStage",
      "CompletableFuture", "Optional", "Stream", "List", "Iterable",
      "MappedReactiveResultSet", "Publisher", "Flux", "Mono"};
  return llvm::is_contained(Wrappers, T);
}

/// The entity a type names through its wrappers: `PagingIterable<User>`
/// -> User; nothing for `ResultSet`, `long`, `void`.
std::optional<std::string> entityOfType(llvm::StringRef T) {
  T = T.trim();
  for (unsigned Depth = 0; Depth < 4; ++Depth) {
    size_t Lt = T.find('<');
    if (Lt == llvm::StringRef::npos)
      break;
    llvm::StringRef Base = T.take_front(Lt).trim();
    Base = Base.substr(Base.rfind('.') + 1);
    if (!isWrapper(Base) || !T.endswith(">"))
      return std::nullopt;
    T = T.slice(Lt + 1, T.size() - 1).trim();
  }
  if (T.empty() || !(T.front() >= 'A' && T.front() <= 'Z') ||
      !llvm::all_of(T, [](char C) { return llvm::isAlnum(C) || C == '_' || C == '.'; }))
    return std::nullopt;
  llvm::StringRef Simple = T.substr(T.rfind('.') + 1);
  static const char *const NotEntities[] = {
      "ResultSet", "AsyncResultSet", "Row", "Void", "Boolean", "Long",
      "Integer", "String", "BoundStatement", "ReactiveResultSet", "Object"};
  if (llvm::is_contained(NotEntities, Simple))
    return std::nullopt;
  return T.str();
}

class DaoReader {
public:
  DaoReader(const Evaluator &E, const FileImports &Imports, FileId File,
            RepositoryFacts &Out)
      : E(E), Imports(Imports), File(File), Out(Out) {}

  void run(TSNode Root) {
    Package = javaPackageOf(E, Root);
    forEachNamedNode(Root, [&](TSNode N) {
      if (E.type(N) != "interface_declaration")
        return;
      bool Dao = llvm::any_of(annotationsOf(E, N), [&](TSNode A) {
        return E.annotationName(A) == "Dao";
      });
      auto Name = childByField(N, "name");
      auto Body = childByField(N, "body");
      if (!Name || !Body)
        return;
      Interface I;
      I.Dao = Dao;
      I.QualifiedName = qualify(E.text(*Name));
      // `interface BaseDao<T extends Entity>`: T, ...
      for (TSNode C : namedChildren(N))
        if (E.type(C) == "type_parameters")
          for (TSNode P : namedChildren(C))
            if (E.type(P) == "type_parameter")
              for (TSNode Id : namedChildren(P))
                if (E.type(Id) == "type_identifier" || E.type(Id) == "identifier") {
                  I.TypeParameters.push_back(E.text(Id).str());
                  break;
                }
      if (Dao)
        readBases(N, I);
      for (TSNode M : namedChildren(*Body))
        if (E.type(M) == "method_declaration")
          readMethod(M, I);
    });
  }

private:
  struct Interface {
    bool Dao = false;
    std::string QualifiedName;
    std::vector<std::string> TypeParameters;
  };

  /// `extends BaseDao<User>, Other`: the generic bases and their entities.
  void readBases(TSNode N, const Interface &I) {
    for (TSNode C : namedChildren(N)) {
      if (E.type(C) != "extends_interfaces")
        continue;
      forEachNamedNode(C, [&](TSNode G) {
        if (E.type(G) != "generic_type")
          return;
        auto Kids = namedChildren(G);
        if (Kids.size() != 2 || E.type(Kids[1]) != "type_arguments")
          return;
        DaoInheritance D;
        D.Dao = I.QualifiedName;
        D.Base = qualify(E.text(Kids[0]));
        for (TSNode A : namedChildren(Kids[1])) {
          D.Arguments.push_back(E.text(A).str());
          D.QualifiedArguments.push_back(qualify(E.text(A)));
        }
        Out.DaoBases.push_back(std::move(D));
      });
    }
  }

  std::string qualify(llvm::StringRef T) const {
    return qualifiedJavaName(T, Imports, Package);
  }

  /// A string element's text and place; false when it is computed.
  bool clause(TSNode V, RepositoryQuery &Q) {
    return clause(V, Q.Clause, Q.ClauseBegin, Q.ClauseLength, Q.ClauseVerbatim);
  }
  bool ifClause(TSNode V, RepositoryQuery &Q) {
    return clause(V, Q.IfClause, Q.IfClauseBegin, Q.IfClauseLength,
                  Q.IfClauseVerbatim);
  }
  bool clause(TSNode V, std::string &Text, uint32_t &Begin, uint32_t &Length,
              bool &Verbatim) {
    if (E.type(V) != "string_literal")
      return false;
    llvm::StringRef T = E.text(V);
    if (T.startswith("\"\"\"") || T.size() < 2)
      return false; // a text block: its indentation is stripped
    llvm::StringRef Body = T.drop_front().drop_back();
    Text = Body.str();
    Verbatim = !Body.contains('\\');
    if (!Verbatim) {
      // Only the common escapes; anything else is not ours to decode.
      std::string D;
      for (size_t I = 0; I < Body.size(); ++I) {
        if (Body[I] != '\\') {
          D.push_back(Body[I]);
          continue;
        }
        if (++I >= Body.size())
          return false;
        char C = Body[I];
        if (C == '"' || C == '\'' || C == '\\')
          D.push_back(C);
        else if (C == 'n' || C == 't')
          D.push_back(' ');
        else
          return false;
      }
      Text = D;
    }
    Begin = ts_node_start_byte(V) + 1;
    Length = static_cast<uint32_t>(Body.size());
    return true;
  }

  void readMethod(TSNode M, const Interface &I) {
    auto Name = childByField(M, "name");
    auto Type = childByField(M, "type");
    auto Params = childByField(M, "parameters");
    if (!Name || !Type || !Params || childByField(M, "body"))
      return;
    RepositoryQuery Q;
    Q.Method = E.text(*Name).str();
    Q.NameBegin = ts_node_start_byte(*Name);
    Q.Range = SourceRange(File, ts_node_start_byte(M), ts_node_end_byte(M));
    std::vector<std::string> ParamTypes;
    for (TSNode P : namedChildren(*Params))
      if (auto T = childByField(P, "type"))
        ParamTypes.push_back(E.text(*T).str());
    std::optional<std::string> Entity;
    bool Known = false, EntityArgument = false;
    for (TSNode A : annotationsOf(E, M)) {
      llvm::StringRef Ann = E.annotationName(A);
      Q.AnnotationBegin = ts_node_start_byte(A);
      Q.AnnotationLength = static_cast<uint32_t>(1 + Ann.size());
      if (Ann == "Select") {
        Known = true;
        Q.Kind = RepositoryQuery::Form::DaoSelect;
        Entity = entityOfType(E.text(*Type));
        if (auto W = annotationElement(E, A, "customWhereClause"); W && !clause(*W, Q))
          return;
        if (auto F = annotationElement(E, A, "allowFiltering"))
          Q.AllowFiltering = E.text(*F) == "true";
        Q.Limited = annotationElement(E, A, "limit").has_value();
        // orderBy, groupBy, perPartitionLimit: not read (nothing built).
        if (annotationElement(E, A, "orderBy") ||
            annotationElement(E, A, "groupBy") ||
            annotationElement(E, A, "perPartitionLimit"))
          return;
      } else if (Ann == "Query") {
        Known = true;
        Q.Kind = RepositoryQuery::Form::DaoQuery;
        Entity = entityOfType(E.text(*Type));
        auto V = annotationElement(E, A, "value");
        if (!V || !clause(*V, Q))
          return;
      } else if (Ann == "Insert" || Ann == "Update") {
        Known = true;
        Q.Kind = Ann == "Insert" ? RepositoryQuery::Form::DaoInsert
                                 : RepositoryQuery::Form::DaoUpdate;
        if (ParamTypes.empty())
          return;
        Entity = entityOfType(ParamTypes.front());
        EntityArgument = Entity.has_value();
        auto Flag = [&](const char *Name) {
          auto V = annotationElement(E, A, Name);
          return V && E.text(*V) == "true";
        };
        Q.IfNotExists = Flag("ifNotExists");
        Q.IfExists = Flag("ifExists");
        Q.Ttl = annotationElement(E, A, "ttl").has_value();
        if (auto W = annotationElement(E, A, "customWhereClause"); W && !clause(*W, Q))
          return;
        if (auto C = annotationElement(E, A, "customIfClause");
            C && (Ann == "Insert" || !ifClause(*C, Q)))
          return;
        if (annotationElement(E, A, "timestamp"))
          return; // not read: an option of its own
        // nullSavingStrategy: which values are bound, not the statement.
      } else if (Ann == "Delete") {
        Known = true;
        Q.Kind = RepositoryQuery::Form::DaoDelete;
        if (auto C = annotationElement(E, A, "entityClass")) {
          llvm::StringRef T = E.text(*C);
          T.consume_back(".class");
          Entity = T.str();
        } else if (!ParamTypes.empty()) {
          Entity = entityOfType(ParamTypes.front());
          EntityArgument = Entity.has_value();
        }
        if (auto W = annotationElement(E, A, "customWhereClause"); W && !clause(*W, Q))
          return;
        if (auto F = annotationElement(E, A, "ifExists")) {
          if (E.text(*F) != "true" && E.text(*F) != "false")
            return;
          Q.IfExists = E.text(*F) == "true";
        }
        if (auto C = annotationElement(E, A, "customIfClause"); C && !ifClause(*C, Q))
          return;
      }
    }
    if (!Known)
      return;
    // Parameters that are not key values: the statement's options.
    unsigned KeyValues = 0;
    for (const std::string &T : ParamTypes) {
      llvm::StringRef S(T);
      S = S.substr(S.rfind('.') + 1);
      if (S.contains("Function") || S == "StatementAttributes" ||
          S.contains("UnaryOperator"))
        continue;
      ++KeyValues;
    }
    Q.Arguments = EntityArgument ? RepositoryQuery::AllKeys : KeyValues;
    if (Entity) {
      Q.Type = llvm::StringRef(*Entity).substr(Entity->rfind('.') + 1).str();
      Q.QualifiedType = qualify(*Entity);
      // The interface's type parameter: each @Dao extending it names it.
      auto P = llvm::find(I.TypeParameters, *Entity);
      if (P != I.TypeParameters.end()) {
        Q.TypeParameter = static_cast<int>(P - I.TypeParameters.begin());
        Q.Interface = I.QualifiedName;
      }
    } else if (Q.Kind != RepositoryQuery::Form::DaoQuery) {
      return;
    }
    if (!I.Dao && Q.TypeParameter < 0)
      return; // not a DAO, nor a base a DAO may extend
    if (I.Dao && Q.TypeParameter >= 0)
      return; // a generic @Dao itself: the mapper rejects it
    Out.Queries.push_back(std::move(Q));
  }

  const Evaluator &E;
  const FileImports &Imports;
  FileId File;
  RepositoryFacts &Out;
  std::string Package;
};

} // namespace

void findMapperDaoQueries(const Evaluator &Eval, const FileImports &Imports,
                          llvm::StringRef Src, FileId File, TSNode Root,
                          RepositoryFacts &Out) {
  if (!Src.contains("api.mapper"))
    return;
  DaoReader(Eval, Imports, File, Out).run(Root);
}

std::vector<RepositoryFacts>
inheritedDaoQueries(llvm::ArrayRef<RepositoryFacts> Files) {
  std::vector<RepositoryFacts> Out;
  std::vector<const DaoInheritance *> Bases;
  for (const RepositoryFacts &F : Files)
    for (const DaoInheritance &D : F.DaoBases)
      Bases.push_back(&D);
  if (Bases.empty())
    return Out;
  auto Simple = [](llvm::StringRef Q) { return Q.substr(Q.rfind('.') + 1); };
  for (const RepositoryFacts &F : Files) {
    RepositoryFacts Made;
    for (const RepositoryQuery &Q : F.Queries) {
      if (Q.TypeParameter < 0)
        continue;
      for (const DaoInheritance *D : Bases) {
        // The base as the DAO's file names it: qualified through its
        // imports, or (a base of another package imported by wildcard)
        // by its simple name.
        if (D->Base != Q.Interface && Simple(D->Base) != Simple(Q.Interface))
          continue;
        size_t I = static_cast<size_t>(Q.TypeParameter);
        if (I >= D->Arguments.size())
          continue;
        RepositoryQuery C = Q;
        C.TypeParameter = -1;
        C.Type = Simple(D->Arguments[I]).str();
        C.QualifiedType = D->QualifiedArguments[I];
        Made.Queries.push_back(std::move(C));
      }
    }
    if (Made.Queries.empty())
      continue;
    Made.File = F.File;
    Made.Directory = F.Directory;
    Out.push_back(std::move(Made));
  }
  return Out;
}

} // namespace nosqlint::extract
