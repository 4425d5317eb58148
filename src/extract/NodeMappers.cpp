//===- NodeMappers.cpp ----------------------------------------------------===//
#include "NodeMappers.h"

#include "LibraryModels.h"
#include "SyntaxTree.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

#include <set>

namespace nosqlint::extract {

namespace {

llvm::StringRef typeOf(TSNode N) { return ts_node_type(N); }

TSNode unwrap(TSNode N) {
  for (unsigned I = 0; I < 8; ++I) {
    llvm::StringRef T = typeOf(N);
    if ((T == "parenthesized_expression" || T == "await_expression" ||
         T == "non_null_expression" || T == "as_expression") &&
        ts_node_named_child_count(N) >= 1)
      N = ts_node_named_child(N, 0);
    else
      break;
  }
  return N;
}

class Reader {
public:
  Reader(const Evaluator &Eval, const FileImports &Imports, FileId File)
      : Eval(Eval), Imports(Imports), File(File),
        Catalog(ModelCatalog::forLanguage(HostLanguage::JavaScript)) {
    for (const Import &I : Imports.all())
      ImportsDriver |= llvm::StringRef(I.Path).startswith("cassandra-driver");
  }

  void run(TSNode Root, BuilderFacts &F);

private:
  llvm::StringRef text(TSNode N) const { return Eval.text(N); }
  std::optional<std::string> stringValue(TSNode N) const;
  std::optional<std::string> keyName(TSNode Pair) const;
  CqlPiece at(TSNode N) const {
    CqlPiece P;
    P.Begin = ts_node_start_byte(N);
    P.Length = ts_node_end_byte(N) - P.Begin;
    return P;
  }
  /// The object an expression is, followed through a `const x = {...}`.
  std::optional<TSNode> objectOf(TSNode N, TSNode Root) const;
  void options(TSNode Object, BuilderFacts &F);
  std::optional<NodeMapperModel> model(llvm::StringRef Name,
                                       TSNode Object) const;
  /// Whether the receiver of `forModel` may be a cassandra-driver Mapper.
  bool mayBeMapper(TSNode Receiver) const;
  void forModel(TSNode Call, TSNode Root, BuilderFacts &F);
  void call(TSNode MethodCall, llvm::StringRef Model, BuilderFacts &F);
  bool document(TSNode Doc, NodeMapperCall &C) const;
  bool docInfo(TSNode Info, NodeMapperCall &C) const;

  const Evaluator &Eval;
  const FileImports &Imports;
  FileId File;
  const ModelCatalog &Catalog;
  bool ImportsDriver = false;
  std::set<uint32_t> Seen; // option objects read
  /// A ModelMapper kept in a variable (from the end of its declaration to
  /// the end of its scope) or a `this.` field (its class).
  struct Holder {
    std::string Model;
    bool Field = false;
    uint32_t Begin = 0, End = 0;
  };
  llvm::StringMap<std::vector<Holder>> Holders;
  void heldCalls(TSNode Root, BuilderFacts &F);
  /// The file's `const x = {...}` declarators by name (gathered once).
  mutable std::optional<llvm::StringMap<std::vector<TSNode>>> Declarators;
};

std::optional<std::string> Reader::stringValue(TSNode N) const {
  N = unwrap(N);
  llvm::StringRef T = typeOf(N);
  llvm::StringRef W = text(N);
  if ((T == "string" || (T == "template_string" &&
                         ts_node_named_child_count(N) == 0)) &&
      W.size() >= 2 && !W.contains('\\'))
    return W.drop_front().drop_back().str();
  return std::nullopt;
}

std::optional<std::string> Reader::keyName(TSNode Pair) const {
  auto K = childByField(Pair, "key");
  if (!K)
    return std::nullopt;
  llvm::StringRef T = typeOf(*K);
  if (T == "property_identifier" || T == "identifier")
    return text(*K).str();
  return stringValue(*K);
}

std::optional<TSNode> Reader::objectOf(TSNode N, TSNode Root) const {
  N = unwrap(N);
  if (typeOf(N) == "object")
    return N;
  if (typeOf(N) != "identifier")
    return std::nullopt;
  // The one declarator of that name, holding an object.
  if (!Declarators) {
    Declarators.emplace();
    forEachNamedNode(Root, [&](TSNode D) {
      if (typeOf(D) != "variable_declarator")
        return;
      if (auto Id = childByField(D, "name"))
        (*Declarators)[text(*Id)].push_back(D);
    });
  }
  auto It = Declarators->find(text(N));
  if (It == Declarators->end() || It->second.size() != 1)
    return std::nullopt;
  auto V = childByField(It->second.front(), "value");
  if (!V || typeOf(unwrap(*V)) != "object")
    return std::nullopt;
  return unwrap(*V);
}

std::optional<NodeMapperModel> Reader::model(llvm::StringRef Name,
                                             TSNode Object) const {
  NodeMapperModel M;
  M.Name = Name.str();
  for (TSNode P : namedChildren(Object)) {
    if (typeOf(P) != "pair")
      return std::nullopt; // a spread or a method: not known
    std::optional<std::string> Key = keyName(P);
    auto V = childByField(P, "value");
    if (!Key || !V)
      return std::nullopt;
    TSNode Value = unwrap(*V);
    if (*Key == "tables") {
      if (typeOf(Value) != "array")
        return std::nullopt;
      for (TSNode E : namedChildren(Value)) {
        if (std::optional<std::string> S = stringValue(E)) {
          M.Tables.push_back(*S);
          continue;
        }
        // { name: 't', isView: true }
        std::optional<std::string> TableName;
        if (typeOf(E) == "object")
          for (TSNode Q : namedChildren(E))
            if (typeOf(Q) == "pair" && keyName(Q) == std::string("name"))
              if (auto QV = childByField(Q, "value"))
                TableName = stringValue(*QV);
        if (!TableName)
          return std::nullopt;
        M.Tables.push_back(*TableName);
      }
    } else if (*Key == "keyspace") {
      std::optional<std::string> S = stringValue(Value);
      if (!S)
        return std::nullopt;
      M.Keyspace = *S;
    } else if (*Key == "mappings") {
      if (typeOf(Value) != "new_expression")
        return std::nullopt;
      auto Ctor = childByField(Value, "constructor");
      llvm::StringRef C = Ctor ? text(*Ctor) : "";
      if (C.endswith("UnderscoreCqlToCamelCaseMappings"))
        M.Underscore = true;
      else if (!C.endswith("DefaultTableMappings"))
        return std::nullopt; // a mapping of its own: names unknown
    } else if (*Key == "columns") {
      if (typeOf(Value) != "object")
        return std::nullopt;
      for (TSNode Q : namedChildren(Value)) {
        if (typeOf(Q) != "pair")
          return std::nullopt;
        std::optional<std::string> Column = keyName(Q);
        auto QV = childByField(Q, "value");
        if (!Column || !QV)
          return std::nullopt;
        std::optional<std::string> Property = stringValue(*QV);
        if (!Property && typeOf(unwrap(*QV)) == "object") {
          Property = *Column; // { name: 'p', toModel: ... }
          for (TSNode R : namedChildren(unwrap(*QV)))
            if (typeOf(R) == "pair" && keyName(R) == std::string("name"))
              if (auto RV = childByField(R, "value"))
                Property = stringValue(*RV);
        }
        if (!Property)
          return std::nullopt;
        M.Columns.push_back({*Property, *Column});
      }
    }
  }
  return M;
}

void Reader::options(TSNode Object, BuilderFacts &F) {
  if (!Seen.insert(ts_node_start_byte(Object)).second)
    return;
  for (TSNode P : namedChildren(Object)) {
    if (typeOf(P) != "pair" || keyName(P) != std::string("models"))
      continue;
    auto V = childByField(P, "value");
    if (!V || typeOf(unwrap(*V)) != "object")
      return;
    for (TSNode M : namedChildren(unwrap(*V))) {
      if (typeOf(M) != "pair")
        continue;
      std::optional<std::string> Name = keyName(M);
      auto MV = childByField(M, "value");
      if (!Name || !MV || typeOf(unwrap(*MV)) != "object")
        continue;
      if (std::optional<NodeMapperModel> Model = model(*Name, unwrap(*MV)))
        F.NodeModels.push_back(std::move(*Model));
    }
  }
}

bool Reader::mayBeMapper(TSNode Receiver) const {
  if (ImportsDriver)
    return true;
  // `require('./mapper').forModel(...)`, a binding of a project module.
  TSNode R = unwrap(Receiver);
  while (typeOf(R) == "member_expression")
    if (auto O = childByField(R, "object"))
      R = unwrap(*O);
    else
      break;
  if (typeOf(R) != "identifier")
    return false;
  auto Path = Imports.pathOf(text(R));
  return Path && Path->startswith(".");
}

/// The document of find/get/insert/update/remove: its properties, each
/// with the q operator its value applies.
bool Reader::document(TSNode Doc, NodeMapperCall &C) const {
  Doc = unwrap(Doc);
  if (typeOf(Doc) != "object") {
    C.DocKnown = false;
    return true;
  }
  C.DocKnown = true;
  for (TSNode P : namedChildren(Doc)) {
    llvm::StringRef T = typeOf(P);
    NodeMapperCall::Property Prop;
    if (T == "shorthand_property_identifier") {
      Prop.Name = text(P).str();
      Prop.At = at(P);
      C.Doc.push_back(std::move(Prop));
      continue;
    }
    if (T != "pair") {
      C.DocKnown = false; // a spread: properties known at run time only
      C.Doc.clear();
      return true;
    }
    std::optional<std::string> Key = keyName(P);
    auto V = childByField(P, "value");
    auto K = childByField(P, "key");
    if (!Key || !V || !K) {
      C.DocKnown = false;
      C.Doc.clear();
      return true;
    }
    Prop.Name = *Key;
    Prop.At = at(*K);
    TSNode Value = unwrap(*V);
    if (typeOf(Value) == "call_expression") {
      auto Fn = childByField(Value, "function");
      if (Fn && typeOf(*Fn) == "member_expression") {
        auto Obj = childByField(*Fn, "object");
        auto Prop2 = childByField(*Fn, "property");
        llvm::StringRef O = Obj ? text(*Obj) : "";
        if (Prop2 && (O == "q" || O.endswith(".q"))) {
          std::optional<llvm::StringRef> Op =
              llvm::StringSwitch<std::optional<llvm::StringRef>>(text(*Prop2))
                  .Case("in_", llvm::StringRef("IN"))
                  .Case("gt", llvm::StringRef(">"))
                  .Case("gte", llvm::StringRef(">="))
                  .Case("lt", llvm::StringRef("<"))
                  .Case("lte", llvm::StringRef("<="))
                  .Case("notEq", llvm::StringRef("!="))
                  .Default(std::nullopt);
          if (!Op)
            return false; // q.and(...), an assignment operator: not read
          Prop.Op = Op->str();
        }
      }
    }
    C.Doc.push_back(std::move(Prop));
  }
  return true;
}

bool Reader::docInfo(TSNode Info, NodeMapperCall &C) const {
  Info = unwrap(Info);
  if (stringValue(Info))
    return true; // an execution profile's name
  if (typeOf(Info) == "null" || typeOf(Info) == "undefined")
    return true;
  if (typeOf(Info) != "object") {
    C.InfoKnown = false;
    return true;
  }
  for (TSNode P : namedChildren(Info)) {
    if (typeOf(P) != "pair") {
      C.InfoKnown = false;
      return true;
    }
    std::optional<std::string> Key = keyName(P);
    auto V = childByField(P, "value");
    if (!Key || !V) {
      C.InfoKnown = false;
      return true;
    }
    TSNode Value = unwrap(*V);
    if (*Key == "fields") {
      if (typeOf(Value) != "array") {
        C.InfoKnown = false;
        return true;
      }
      for (TSNode E : namedChildren(Value)) {
        std::optional<std::string> S = stringValue(E);
        if (!S) {
          C.InfoKnown = false;
          return true;
        }
        NodeMapperCall::Property Prop;
        Prop.Name = *S;
        Prop.At = at(E);
        C.Fields.push_back(std::move(Prop));
      }
    } else if (*Key == "orderBy") {
      if (typeOf(Value) != "object") {
        C.InfoKnown = false;
        return true;
      }
      for (TSNode Q : namedChildren(Value)) {
        std::optional<std::string> Name =
            typeOf(Q) == "pair" ? keyName(Q) : std::nullopt;
        auto QV = typeOf(Q) == "pair" ? childByField(Q, "value") : std::nullopt;
        std::optional<std::string> Dir = QV ? stringValue(*QV) : std::nullopt;
        if (!Name || !Dir)
          return false;
        std::string D = llvm::StringRef(*Dir).upper();
        if (D != "ASC" && D != "DESC")
          return false; // the mapper throws
        C.OrderBy.push_back({*Name, D == "DESC", at(Q)});
      }
    } else if (*Key == "limit") {
      C.Limit = at(P);
    } else if (*Key == "ttl") {
      C.Ttl = at(P);
    } else if (*Key == "ifNotExists" && typeOf(Value) == "true") {
      C.IfNotExists = at(P);
    } else if (*Key == "ifExists" && typeOf(Value) == "true") {
      C.IfExists = at(P);
    }
  }
  return true;
}

void Reader::call(TSNode MethodCall, llvm::StringRef Model, BuilderFacts &F) {
  auto Fn = childByField(MethodCall, "function");
  auto Method = Fn ? childByField(*Fn, "property") : std::nullopt;
  if (!Method)
    return;
  llvm::StringRef M = text(*Method);
  const SinkModel *Row = Catalog.builderRow("ModelMapper", M);
  if (!Row)
    return;
  std::vector<TSNode> Args;
  if (auto A = childByField(MethodCall, "arguments"))
    for (TSNode N : namedChildren(*A))
      Args.push_back(N);
  NodeMapperCall C;
  C.Model = Model.str();
  C.Method = M.str();
  C.MethodAt = at(*Method);
  C.Range = {File, ts_node_start_byte(MethodCall),
             ts_node_end_byte(MethodCall)};
  C.Reason = "a cassandra-driver Mapper call: " +
             Row->describe(Catalog.libraries()) + " (" + Row->File + ":" +
             std::to_string(Row->Line) + ")";
  if (M == "findAll") {
    if (!Args.empty() && !docInfo(Args[0], C))
      return;
  } else {
    if (Args.empty() || !document(Args[0], C))
      return;
    if (Args.size() > 1 && !docInfo(Args[1], C))
      return;
  }
  F.NodeCalls.push_back(std::move(C));
}

/// The class that holds \p N, or null.
TSNode enclosingClass(TSNode N) {
  for (TSNode P = ts_node_parent(N); !ts_node_is_null(P);
       P = ts_node_parent(P)) {
    llvm::StringRef T = ts_node_type(P);
    if (T == "class_declaration" || T == "class" ||
        T == "abstract_class_declaration")
      return P;
  }
  return TSNode{};
}

/// The function (or program) that holds \p N.
TSNode enclosingScope(TSNode N) {
  TSNode Last = N;
  for (TSNode P = ts_node_parent(N); !ts_node_is_null(P);
       P = ts_node_parent(P)) {
    llvm::StringRef T = ts_node_type(P);
    if (T == "function_declaration" || T == "function" ||
        T == "function_expression" || T == "arrow_function" ||
        T == "method_definition" || T == "generator_function_declaration")
      return P;
    Last = P;
  }
  return Last;
}

void Reader::forModel(TSNode Call, TSNode Root, BuilderFacts &F) {
  auto Fn = childByField(Call, "function");
  auto Receiver = Fn ? childByField(*Fn, "object") : std::nullopt;
  auto Args = childByField(Call, "arguments");
  if (!Receiver || !Args || ts_node_named_child_count(*Args) != 1 ||
      !mayBeMapper(*Receiver))
    return;
  std::optional<std::string> Model =
      stringValue(ts_node_named_child(*Args, 0));
  if (!Model)
    return;
  // Called at once: `mapper.forModel('User').find(...)`.
  TSNode P = ts_node_parent(Call);
  if (!ts_node_is_null(P) && typeOf(P) == "member_expression") {
    TSNode G = ts_node_parent(P);
    if (!ts_node_is_null(G) && typeOf(G) == "call_expression")
      call(G, *Model, F);
    return;
  }
  // Kept: `const users = ...forModel('User')`, `this.users = ...`, or a
  // class field `users = ...`.
  while (!ts_node_is_null(P) && (typeOf(P) == "parenthesized_expression" ||
                                 typeOf(P) == "await_expression"))
    P = ts_node_parent(P);
  if (ts_node_is_null(P))
    return;
  std::optional<std::string> Variable, Field;
  llvm::StringRef PT = typeOf(P);
  if (PT == "variable_declarator") {
    if (auto Id = childByField(P, "name"); Id && typeOf(*Id) == "identifier")
      Variable = text(*Id).str();
  } else if (PT == "assignment_expression") {
    auto L = childByField(P, "left");
    if (L && typeOf(*L) == "identifier")
      Variable = text(*L).str();
    else if (L && typeOf(*L) == "member_expression") {
      auto O = childByField(*L, "object");
      auto Pr = childByField(*L, "property");
      if (O && Pr && typeOf(*O) == "this")
        Field = text(*Pr).str();
    }
  } else if (PT == "public_field_definition" || PT == "field_definition") {
    if (auto N = childByField(P, "name"))
      Field = text(*N).str();
    else if (auto N2 = childByField(P, "property"))
      Field = text(*N2).str();
  }
  if (!Variable && !Field)
    return;
  TSNode Scope = Field ? enclosingClass(P) : enclosingScope(P);
  if (ts_node_is_null(Scope))
    Scope = Root;
  Holder H;
  H.Model = *Model;
  H.Field = Field.has_value();
  H.Begin = Field ? ts_node_start_byte(Scope) : ts_node_end_byte(P);
  H.End = ts_node_end_byte(Scope);
  Holders[Field ? *Field : *Variable].push_back(std::move(H));
}

/// The calls on the ModelMappers kept in names: one walk of the file.
void Reader::heldCalls(TSNode Root, BuilderFacts &F) {
  if (Holders.empty())
    return;
  forEachNamedNode(Root, [&](TSNode N) {
    if (typeOf(N) != "call_expression")
      return;
    auto CF = childByField(N, "function");
    if (!CF || typeOf(*CF) != "member_expression")
      return;
    auto Obj = childByField(*CF, "object");
    if (!Obj)
      return;
    TSNode O = unwrap(*Obj);
    llvm::StringRef Name;
    bool Field = false;
    if (typeOf(O) == "identifier") {
      Name = text(O);
    } else if (typeOf(O) == "member_expression") {
      auto OO = childByField(O, "object");
      auto OP = childByField(O, "property");
      if (!OO || !OP || typeOf(*OO) != "this")
        return;
      Name = text(*OP);
      Field = true;
    } else {
      return;
    }
    auto It = Holders.find(Name);
    if (It == Holders.end())
      return;
    // The last holder whose scope holds the call.
    const Holder *Best = nullptr;
    uint32_t At = ts_node_start_byte(N);
    for (const Holder &H : It->second)
      if (H.Field == Field && H.Begin <= At && At < H.End &&
          (!Best || H.Begin >= Best->Begin))
        Best = &H;
    if (Best)
      call(N, Best->Model, F);
  });
}

void Reader::run(TSNode Root, BuilderFacts &F) {
  forEachNamedNode(Root, [&](TSNode N) {
    llvm::StringRef T = typeOf(N);
    if (ImportsDriver && T == "new_expression") {
      auto Ctor = childByField(N, "constructor");
      auto Args = childByField(N, "arguments");
      if (Ctor && Args && text(*Ctor).endswith("Mapper") &&
          ts_node_named_child_count(*Args) >= 2)
        if (auto O = objectOf(ts_node_named_child(*Args, 1), Root))
          options(*O, F);
      return;
    }
    if (ImportsDriver && T == "variable_declarator") {
      auto Type = childByField(N, "type");
      auto V = childByField(N, "value");
      if (Type && V && text(*Type).endswith("MappingOptions") &&
          typeOf(unwrap(*V)) == "object")
        options(unwrap(*V), F);
      return;
    }
    if (T == "call_expression") {
      auto Fn = childByField(N, "function");
      auto Prop = Fn && typeOf(*Fn) == "member_expression"
                      ? childByField(*Fn, "property")
                      : std::nullopt;
      if (Prop && text(*Prop) == "forModel")
        forModel(N, Root, F);
    }
  });
  heldCalls(Root, F);
}

} // namespace

bool mayHoldNodeMapper(llvm::StringRef Text) {
  return Text.contains("forModel(") ||
         (Text.contains("cassandra-driver") && Text.contains("models"));
}

void findNodeMapperFacts(const Evaluator &Eval, const FileImports &Imports,
                         FileId File, TSNode Root, BuilderFacts &Facts) {
  Reader R(Eval, Imports, File);
  R.run(Root, Facts);
}

} // namespace nosqlint::extract
