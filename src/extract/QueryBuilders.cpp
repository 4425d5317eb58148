//===- QueryBuilders.cpp - Where builder chains start ---------------------===//
//
// A chain starts at an entry point of a builder the file imports: a
// method of QueryBuilder or SchemaBuilder called on the class (or on its
// qualified name), or statically imported from it. Two more starts:
//
//  - a local variable holding a chain, continued further on
//    (`Insert insert = insertInto(t).value(..); ... insert.ifNotExists()
//    .build()`): the statement of the whole, the declaration's calls first;
//  - a lambda whose parameter is driver 4's CreateTableStart, passed by
//    the application's own helper (`statement -> statement.withPartitionKey
//    (..).withColumn(..)`): a CREATE TABLE whose table is a hole (the
//    helper names it, and what it does with its argument is its own
//    code), so the statement is listed and its columns checked for syntax,
//    but it declares no table of the schema.
//
//===----------------------------------------------------------------------===//
#include "QueryBuilders.h"

#include "BuilderText.h"
#include "Imports.h"
#include "QueryBuilderTranslations.h"
#include "SyntaxTree.h"

namespace nosqlint::extract {

namespace {

enum class Builder { Query4, Schema4, Query3, Schema3 };

struct BuilderLibrary {
  Builder B;
  llvm::StringRef Package; // where the class is
  llvm::StringRef Class;
  llvm::StringRef Reason;
};

const BuilderLibrary Libraries[] = {
    {Builder::Query4, "com.datastax.oss.driver.api.querybuilder", "QueryBuilder",
     "a QueryBuilder chain of the DataStax Java driver 4 "
     "(com.datastax.oss.driver.api.querybuilder)"},
    {Builder::Schema4, "com.datastax.oss.driver.api.querybuilder", "SchemaBuilder",
     "a SchemaBuilder chain of the DataStax Java driver 4 "
     "(com.datastax.oss.driver.api.querybuilder)"},
    {Builder::Query3, "com.datastax.driver.core.querybuilder", "QueryBuilder",
     "a QueryBuilder chain of the DataStax Java driver 3 "
     "(com.datastax.driver.core.querybuilder)"},
    {Builder::Schema3, "com.datastax.driver.core.schemabuilder", "SchemaBuilder",
     "a SchemaBuilder chain of the DataStax Java driver 3 "
     "(com.datastax.driver.core.schemabuilder)"},
};

bool isRootName(Builder B, llvm::StringRef M) {
  switch (B) {
  case Builder::Query4:
    return isQueryBuilder4Root(M);
  case Builder::Query3:
    return isQueryBuilder3Root(M);
  case Builder::Schema4:
    return isSchemaBuilderRoot(M, false);
  case Builder::Schema3:
    return isSchemaBuilderRoot(M, true);
  }
  return false;
}

bool translate(Builder B, BuilderText &T, const std::vector<BuilderCall> &C,
               llvm::StringRef Src) {
  switch (B) {
  case Builder::Query4:
    return translateQueryBuilder4(T, C, Src);
  case Builder::Query3:
    return translateQueryBuilder3(T, C, Src);
  case Builder::Schema4:
    return translateSchemaBuilder(T, C, Src, false);
  case Builder::Schema3:
    return translateSchemaBuilder(T, C, Src, true);
  }
  return false;
}

class ChainFinder {
public:
  ChainFinder(Evaluator &Eval, llvm::StringRef Src, FileId File,
              std::vector<CqlSnippet> &Out)
      : Eval(Eval), Src(Src), File(File), Out(Out),
        Imports(FileImports::scan(HostLanguage::Java, Src)) {}

  void run(TSNode Root) {
    for (const BuilderLibrary &L : Libraries)
      Imported.push_back(Src.contains(L.Package) && importsClass(L));
    Driver4 = Src.contains("com.datastax.oss.driver.api");
    forEachNamedNode(Root, [&](TSNode N) {
      if (llvm::StringRef(ts_node_type(N)) != "method_invocation")
        return;
      if (const BuilderLibrary *L = rootOf(N)) {
        emit(*L, builderChain(N, Src), N, L->Reason);
        return;
      }
      continuation(N);
      lambdaTable(N);
    });
  }

private:
  /// Whether the file names \p L's class: imported, all of its package, or
  /// some of its methods statically.
  bool importsClass(const BuilderLibrary &L) const {
    std::string Qualified = L.Package.str() + "." + L.Class.str();
    for (const Import &I : Imports.all()) {
      llvm::StringRef P(I.Path);
      if (P == Qualified || (I.Wildcard && P == L.Package) ||
          P.startswith(Qualified + "."))
        return true;
    }
    return Src.contains(Qualified + ".");
  }

  /// Whether \p M is statically imported from \p L's class.
  bool staticallyImported(const BuilderLibrary &L, llvm::StringRef M) const {
    std::string Qualified = L.Package.str() + "." + L.Class.str();
    for (const Import &I : Imports.all())
      if ((I.Wildcard && I.Path == Qualified) ||
          (I.Path == Qualified + "." + M.str() && I.LocalName == M))
        return true;
    return false;
  }

  /// The library whose chain \p N starts, if any.
  const BuilderLibrary *rootOf(TSNode N) const {
    llvm::StringRef M = invokedName(N, Src);
    auto Obj = childByField(N, "object");
    for (size_t I = 0; I < std::size(Libraries); ++I) {
      const BuilderLibrary &L = Libraries[I];
      if (!Imported[I] || !isRootName(L.B, M))
        continue;
      if (!Obj) {
        if (staticallyImported(L, M))
          return &L;
        continue;
      }
      llvm::StringRef O = Src.slice(ts_node_start_byte(*Obj), ts_node_end_byte(*Obj));
      if (O == L.Class || O == L.Package.str() + "." + L.Class.str())
        return &L;
    }
    return nullptr;
  }

  void emit(const BuilderLibrary &L, const std::vector<BuilderCall> &Chain,
            TSNode First, llvm::StringRef Reason, bool TableHole = false) {
    BuilderText T(Eval, Src);
    bool Ok = TableHole ? translateSchemaBuilder(T, Chain, Src, false, true)
                        : translate(L.B, T, Chain, Src);
    if (!Ok || T.Failed || T.R.empty())
      return;
    CqlSnippet S;
    S.Text = T.R.text();
    S.Origin = T.R.origin(File);
    TSNode Last = Chain.back().Node;
    S.Range = {File, ts_node_start_byte(First), ts_node_end_byte(Last)};
    S.Trust = T.Opaque ? SnippetTrust::Opaque : T.R.trust();
    S.Holes = T.R.holes() + T.OpaqueHoles;
    S.Source = SnippetSource::Builder;
    S.Reason = Reason.str();
    Out.push_back(std::move(S));
  }

  /// `x.m(..)...` where the local `x` holds a chain of a builder: the
  /// statement of the declaration's calls and these.
  void continuation(TSNode N) {
    auto Obj = childByField(N, "object");
    if (!Obj || llvm::StringRef(ts_node_type(*Obj)) != "identifier")
      return;
    std::vector<BuilderCall> Suffix = builderChain(N, Src);
    if (llvm::all_of(Suffix, [](const BuilderCall &X) {
          return isNeutralBuilderCall(X.Name);
        }))
      return; // the declaration's statement as it is: listed there
    llvm::StringRef Name = Src.slice(ts_node_start_byte(*Obj), ts_node_end_byte(*Obj));
    std::optional<TSNode> Value = Eval.declarationValue(Name, ts_node_start_byte(N));
    if (!Value || ts_node_end_byte(*Value) > ts_node_start_byte(N))
      return;
    std::vector<BuilderCall> Chain = builderChainTo(*Value, Src);
    if (Chain.empty())
      return;
    const BuilderLibrary *L = rootOf(Chain.front().Node);
    if (!L)
      return;
    Chain.insert(Chain.end(), Suffix.begin(), Suffix.end());
    emit(*L, Chain, Chain.front().Node, L->Reason);
  }

  /// `statement -> types -> statement.withPartitionKey(..)...`: the lambda
  /// parameter is driver 4's CreateTableStart.
  void lambdaTable(TSNode N) {
    if (!Driver4 || invokedName(N, Src) != "withPartitionKey")
      return;
    auto Obj = childByField(N, "object");
    if (!Obj || llvm::StringRef(ts_node_type(*Obj)) != "identifier")
      return;
    llvm::StringRef Name = Src.slice(ts_node_start_byte(*Obj), ts_node_end_byte(*Obj));
    if (!isLambdaParameter(N, Name))
      return;
    std::vector<BuilderCall> Chain = builderChain(N, Src);
    Chain.insert(Chain.begin(),
                 BuilderCall{*Obj, "createTable", {}, *Obj});
    emit(Libraries[1], Chain, *Obj,
         "a driver 4 SchemaBuilder CREATE TABLE chain that starts at the "
         "parameter of a lambda (its table is named by the code that calls "
         "the lambda: unknown)",
         /*TableHole=*/true);
  }

  /// Whether \p Name is a parameter of a lambda that encloses \p N.
  bool isLambdaParameter(TSNode N, llvm::StringRef Name) const {
    for (TSNode P = ts_node_parent(N); !ts_node_is_null(P); P = ts_node_parent(P)) {
      llvm::StringRef Type = ts_node_type(P);
      if (Type == "method_declaration" || Type == "class_body")
        return false;
      if (Type != "lambda_expression")
        continue;
      auto Params = childByField(P, "parameters");
      if (!Params)
        continue;
      llvm::StringRef PT = ts_node_type(*Params);
      if (PT == "identifier") {
        if (Src.slice(ts_node_start_byte(*Params), ts_node_end_byte(*Params)) == Name)
          return true;
        continue;
      }
      for (TSNode X : namedChildren(*Params)) {
        TSNode Id = X;
        if (llvm::StringRef(ts_node_type(X)) != "identifier")
          if (auto D = childByField(X, "name"))
            Id = *D;
        if (Src.slice(ts_node_start_byte(Id), ts_node_end_byte(Id)) == Name)
          return true;
      }
    }
    return false;
  }

  Evaluator &Eval;
  llvm::StringRef Src;
  FileId File;
  std::vector<CqlSnippet> &Out;
  FileImports Imports;
  std::vector<bool> Imported;
  bool Driver4 = false;
};

} // namespace

void findQueryBuilderChains(Evaluator &Eval, llvm::StringRef Src, FileId File,
                            TSNode Root, std::vector<CqlSnippet> &Out) {
  if (!Src.contains("com.datastax"))
    return;
  ChainFinder(Eval, Src, File, Out).run(Root);
}

} // namespace nosqlint::extract
