//===- Mapper3Calls.cpp - The driver 3 object mapper's Mapper<T> calls ----===//
#include "Mapper3Calls.h"

#include "JavaAnnotations.h"
#include "Rebuilt.h"
#include "SyntaxTree.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace nosqlint::extract {

namespace {

/// The `Mapper.Option` factories a call may pass after its values.
bool isOption(const Evaluator &E, TSNode A) {
  if (E.type(A) != "method_invocation")
    return false;
  CallParts P = E.callParts(A);
  llvm::StringRef Owner = P.Receiver.substr(P.Receiver.rfind('.') + 1);
  bool Named = P.Method == "ttl" || P.Method == "timestamp" ||
               P.Method == "consistencyLevel" || P.Method == "tracing" ||
               P.Method == "saveNullFields" || P.Method == "ifNotExists";
  return Named && (P.Receiver.empty() || Owner == "Option");
}

class Reader {
public:
  Reader(const Evaluator &E, const FileImports &Imports, FileId File,
         RepositoryFacts &Out, std::vector<CqlSnippet> &Partial)
      : E(E), Imports(Imports), File(File), Out(Out), Partial(Partial) {}

  void run(TSNode Root) {
    Package = javaPackageOf(E, Root);
    // Type parameters, then the Mapper variables, then the calls.
    forEachNamedNode(Root, [&](TSNode N) {
      if (E.type(N) == "type_parameter")
        for (TSNode Id : namedChildren(N))
          if (E.type(Id) == "type_identifier" || E.type(Id) == "identifier") {
            TypeParameters.insert(E.text(Id));
            break;
          }
    });
    forEachNamedNode(Root, [&](TSNode N) {
      llvm::StringRef T = E.type(N);
      if (T == "field_declaration" || T == "local_variable_declaration")
        declaration(N);
      else if (T == "formal_parameter")
        parameter(N);
      else if (T == "assignment_expression")
        assignment(N);
    });
    forEachNamedNode(Root, [&](TSNode N) {
      if (E.type(N) == "method_invocation")
        call(N);
    });
  }

private:
  /// `Mapper<User>` (imported from com.datastax.driver.mapping): User.
  std::optional<std::string> mapperArgument(TSNode Type) const {
    if (E.type(Type) != "generic_type")
      return std::nullopt;
    auto Kids = namedChildren(Type);
    if (Kids.size() != 2 || E.type(Kids[1]) != "type_arguments")
      return std::nullopt;
    llvm::StringRef Base = E.text(Kids[0]);
    if (Base != "com.datastax.driver.mapping.Mapper" &&
        !(Base == "Mapper" &&
          qualifiedJavaName("Mapper", Imports, Package) ==
              "com.datastax.driver.mapping.Mapper"))
      return std::nullopt;
    auto Args = namedChildren(Kids[1]);
    if (Args.size() != 1)
      return std::nullopt;
    return E.text(Args[0]).str();
  }

  /// `manager.mapper(User.class)`: User.
  std::optional<std::string> mapperOf(TSNode Value) const {
    if (E.type(Value) != "method_invocation")
      return std::nullopt;
    CallParts P = E.callParts(Value);
    if (P.Method != "mapper" || P.Args.size() != 1 ||
        E.type(P.Args[0]) != "class_literal")
      return std::nullopt;
    llvm::StringRef T = E.text(P.Args[0]);
    T.consume_back(".class");
    return T.trim().str();
  }

  void bind(llvm::StringRef Name, const std::string &Entity) {
    auto [It, New] = Mappers.try_emplace(Name, Entity);
    if (!New && It->second != Entity)
      Ambiguous.insert(Name);
  }

  void declaration(TSNode N) {
    auto Type = childByField(N, "type");
    if (!Type)
      return;
    std::optional<std::string> Declared = mapperArgument(*Type);
    for (TSNode D : namedChildren(N)) {
      if (E.type(D) != "variable_declarator")
        continue;
      auto Name = childByField(D, "name");
      if (!Name)
        continue;
      std::optional<std::string> Entity = Declared;
      if (auto V = childByField(D, "value"))
        if (std::optional<std::string> Made = mapperOf(*V); Made && !Entity)
          Entity = Made;
      if (Entity)
        bind(E.text(*Name), *Entity);
    }
  }

  void parameter(TSNode N) {
    auto Type = childByField(N, "type");
    auto Name = childByField(N, "name");
    if (!Type || !Name)
      return;
    if (std::optional<std::string> Entity = mapperArgument(*Type))
      bind(E.text(*Name), *Entity);
  }

  void assignment(TSNode N) {
    auto L = childByField(N, "left");
    auto R = childByField(N, "right");
    if (!L || !R)
      return;
    std::optional<std::string> Entity = mapperOf(*R);
    if (!Entity)
      return;
    llvm::StringRef Name = E.text(*L);
    Name.consume_front("this.");
    // A declared Mapper<X> decides; an assignment names an undeclared one.
    if (!Mappers.count(Name))
      bind(Name, *Entity);
  }

  void call(TSNode N) {
    CallParts P = E.callParts(N);
    static const char *const Methods[] = {
        "save",   "saveAsync",   "saveQuery",   "get",        "getAsync",
        "getQuery", "delete",    "deleteAsync", "deleteQuery"};
    if (!P.ReceiverNode || !llvm::is_contained(Methods, P.Method))
      return;
    llvm::StringRef Receiver = P.Receiver;
    Receiver.consume_front("this.");
    auto It = Mappers.find(Receiver);
    if (It == Mappers.end() || Ambiguous.count(Receiver))
      return;
    llvm::StringRef Entity = It->second;
    auto Name = childByField(N, "name");
    if (!Name)
      return;
    RepositoryQuery Q;
    Q.Method = P.Method.str();
    Q.NameBegin = ts_node_start_byte(*Name);
    Q.Range = SourceRange(File, ts_node_start_byte(N), ts_node_end_byte(N));
    unsigned Values = 0;
    for (TSNode A : P.Args) {
      if (!isOption(E, A)) {
        ++Values;
        continue;
      }
      llvm::StringRef O = E.callParts(A).Method;
      Q.Ttl |= O == "ttl";
      Q.IfNotExists |= O == "ifNotExists";
    }
    llvm::StringRef M(Q.Method);
    if (M.startswith("save")) {
      if (Values != 1)
        return;
      Q.Kind = RepositoryQuery::Form::DaoInsert;
      Q.Arguments = RepositoryQuery::AllKeys;
    } else if (M.startswith("get")) {
      if (Values == 0)
        return;
      Q.Kind = RepositoryQuery::Form::DaoSelect;
      Q.Arguments = Values;
      Q.WholeKey = true;
    } else {
      if (Values == 0)
        return;
      Q.Kind = RepositoryQuery::Form::DaoDelete;
      // One value: the entity, or a key of one column; either way the
      // whole key.
      Q.Arguments = Values == 1 ? RepositoryQuery::AllKeys : Values;
      Q.WholeKey = true;
    }
    Q.Api = "a DataStax driver 3 object mapper call (Mapper." + Q.Method + ")";
    if (TypeParameters.contains(Entity)) {
      partial(Q);
      return;
    }
    Q.Type = Entity.substr(Entity.rfind('.') + 1).str();
    Q.QualifiedType = qualifiedJavaName(Entity, Imports, Package);
    Out.Queries.push_back(std::move(Q));
  }

  /// The statement of a `Mapper<T>` whose T only the caller knows: its
  /// shape, the table and columns placeholders (listed, never checked).
  void partial(const RepositoryQuery &Q) {
    const std::string H(HolePlaceholderName);
    std::string Text =
        Q.Kind == RepositoryQuery::Form::DaoInsert
            ? "INSERT INTO " + H + " (" + H + ") VALUES (?)"
        : Q.Kind == RepositoryQuery::Form::DaoSelect
            ? "SELECT * FROM " + H + " WHERE " + H + " = ?"
            : "DELETE FROM " + H + " WHERE " + H + " = ?";
    Rebuilt R;
    R.appendMapped(Text, Q.NameBegin, static_cast<uint32_t>(Q.Method.size()));
    CqlSnippet S;
    S.Text = R.text();
    S.Origin = R.origin(File);
    S.Range = Q.Range;
    S.Trust = SnippetTrust::Opaque;
    S.Holes = 2;
    S.Source = SnippetSource::Mapper;
    S.Reason = Q.Api + " of a type parameter (the entity is the caller's)";
    Partial.push_back(std::move(S));
  }

  const Evaluator &E;
  const FileImports &Imports;
  FileId File;
  RepositoryFacts &Out;
  std::vector<CqlSnippet> &Partial;
  std::string Package;
  llvm::StringSet<> TypeParameters;
  llvm::StringMap<std::string> Mappers; // variable -> entity as written
  llvm::StringSet<> Ambiguous;
};

} // namespace

void findMapper3Calls(const Evaluator &Eval, const FileImports &Imports,
                      llvm::StringRef Src, FileId File, TSNode Root,
                      RepositoryFacts &Out, std::vector<CqlSnippet> &Partial) {
  if (!Src.contains("com.datastax.driver.mapping"))
    return;
  Reader(Eval, Imports, File, Out, Partial).run(Root);
}

} // namespace nosqlint::extract
