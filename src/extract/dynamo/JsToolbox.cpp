//===- JsToolbox.cpp - dynamodb-toolbox v0 calls as DynamoDB requests -----===//
//
// dynamodb-toolbox 0.x (JavaScript, TypeScript) wraps the DocumentClient in
// a Table (name, partitionKey, sortKey, indexes) and Entities of it; each
// method sends one request when it executes:
//
//   entity.get(key, {consistent, attributes, execute})   // GetItem
//   entity.put(item, options)       // PutItem
//   entity.update(item, options)    // UpdateItem
//   entity.delete(key, options)     // DeleteItem
//   entity.query(pk, {index, limit, select, reverse, beginsWith, gt, ...})
//   entity.scan(options); table.query(pk, options); table.scan(options)
//   table.batchGet(items); table.batchWrite(items)       // BatchGet/WriteItem
//   table.transactGet(items); table.transactWrite(items)
//   table.get/put/update/delete("EntityName", item)      // the entity's
//
// A method sends its request when its options say `execute: true`, or
// leave it out and the table's autoExecute (true unless configured) holds;
// the `*Params` methods and getBatch/putBatch only build parameters. The
// receiver must be an Entity or Table of the library: created in the file
// with `new Entity(..)` / `new Table(..)`, or declared with that type (a
// parameter `entity: Entity`, a variable, or a property of an interface of
// the file, `const { entity } = params` with `params: GetParams`), the
// class imported from "dynamodb-toolbox" or from a module of the
// application that re-exports it (`export { Entity } from
// "dynamodb-toolbox"`): such requests are marked with the import (ModelClass
// "<specifier>\n<name>") and kept by resolveToolboxRequests only when the
// import leads to the library.
//
// The table, keys and items come from the entity's schema at run time: the
// TableName is unknown (an Entity or Table a function's parameter gives
// makes it a wrapper: WrapperSummaries.h), the Key and Item are unknown, and so are the expressions
// the library writes (KeyConditionExpression, UpdateExpression, filters).
// What the options give literally is kept: a query's IndexName, Limit,
// Select COUNT, ScanIndexForward. Options that are not an object literal,
// a spread in them, or a DynamoDB parameters argument leave the request
// open. The entry points are the `call dynamodb-toolbox ...` rows of
// models/javascript.models.
//
//===----------------------------------------------------------------------===//
#include "JsSdkScopes.h"
#include "SdkCalls.h"
#include "WrapperSummaries.h"

#include "nosqlint/Extract/ToolboxRequests.h"

#include "LibraryModels.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

namespace nosqlint::extract::sdk {

namespace {

using js::unwrapTs;

constexpr unsigned MaxDepth = 8;

llvm::StringRef type(TSNode N) { return ts_node_type(N); }

bool isFunction(llvm::StringRef T) {
  return T == "arrow_function" || T == "function_declaration" ||
         T == "function_expression" || T == "function" ||
         T == "method_definition" || T == "generator_function_declaration";
}

/// A library class the file imports: its local name's import.
struct ClassImport {
  std::string Spec; // the module specifier
  std::string Name; // Entity, Table or TableDef
};

/// What a value is: a library class, or an interface of the file.
struct ValueType {
  const ClassImport *Class = nullptr;
  std::string Interface;
  bool known() const { return Class || !Interface.empty(); }
};

struct Interface {
  llvm::StringMap<TSNode> Properties; // name -> its type node
  std::vector<std::string> Extends;
};

class ToolboxReader {
public:
  explicit ToolboxReader(SdkContext &C)
      : C(C), J(C.Json),
        Catalog(ModelCatalog::forLanguage(HostLanguage::TypeScript)) {}
  void run(TSNode Root);

private:
  llvm::StringRef text(TSNode N) const {
    return C.Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
  }
  void readImports(TSNode Root);
  void readInterfaces(TSNode Root);
  /// The type an annotation (`: Entity<any>`, `Params`) names.
  ValueType annotated(TSNode Type) const;
  ValueType propertyType(const std::string &Iface, llvm::StringRef Name,
                         unsigned Depth) const;
  ValueType typeOf(TSNode Expr, unsigned Depth) const;
  ValueType declaredType(llvm::StringRef Name, TSNode At,
                         unsigned Depth) const;
  /// The type of \p Name bound by pattern \p Pattern (an identifier, or an
  /// object pattern taking it from a value of type \p Whole).
  std::optional<ValueType> bound(TSNode Pattern, llvm::StringRef Name,
                                 std::function<ValueType()> Whole,
                                 std::optional<TSNode> Annotation) const;
  bool modelled(llvm::StringRef Type, llvm::StringRef Method) const;
  /// The variable declarators of \p Block's statements that bind \p Name.
  const std::vector<TSNode> *declarators(TSNode Block,
                                         llvm::StringRef Name) const;
  void call(TSNode Call);

  SdkContext &C;
  HostJson &J;
  const ModelCatalog &Catalog;
  llvm::StringMap<ClassImport> Classes;
  llvm::StringMap<Interface> Interfaces;
  mutable llvm::DenseMap<const void *, llvm::StringMap<std::vector<TSNode>>>
      Blocks;
};

void ToolboxReader::readImports(TSNode Root) {
  for (TSNode S : namedChildren(Root)) {
    if (type(S) != "import_statement")
      continue;
    auto Source = childByField(S, "source");
    if (!Source)
      continue;
    std::string Spec = text(*Source).trim("'\"`").str();
    forEachNamedNode(S, [&](TSNode X) {
      if (type(X) != "import_specifier")
        return;
      auto Name = childByField(X, "name");
      auto Alias = childByField(X, "alias");
      if (!Name)
        return;
      llvm::StringRef N = text(*Name);
      if (N == "Entity" || N == "Table" || N == "TableDef")
        Classes[text(Alias ? *Alias : *Name)] = {Spec, N.str()};
    });
  }
}

void ToolboxReader::readInterfaces(TSNode Root) {
  forEachNamedNode(Root, [&](TSNode N) {
    if (type(N) != "interface_declaration")
      return;
    auto Name = childByField(N, "name");
    auto Body = childByField(N, "body");
    if (!Name || !Body)
      return;
    Interface I;
    for (TSNode K : namedChildren(N))
      if (type(K) == "extends_type_clause")
        for (TSNode T : namedChildren(K)) {
          TSNode B = T;
          if (type(B) == "generic_type")
            if (auto G = childByField(B, "name"))
              B = *G;
          if (type(B) == "type_identifier")
            I.Extends.push_back(text(B).str());
        }
    for (TSNode P : namedChildren(*Body)) {
      if (type(P) != "property_signature")
        continue;
      auto PN = childByField(P, "name");
      auto PT = childByField(P, "type");
      if (PN && PT)
        I.Properties[text(*PN)] = *PT;
    }
    // Declared twice (merged declarations): not read.
    if (!Interfaces.try_emplace(text(*Name), std::move(I)).second)
      Interfaces[text(*Name)] = Interface{};
  });
}

ValueType ToolboxReader::annotated(TSNode T) const {
  for (unsigned I = 0; I < 4; ++I) {
    llvm::StringRef TT = type(T);
    if (TT == "type_annotation" && ts_node_named_child_count(T) == 1) {
      T = ts_node_named_child(T, 0);
      continue;
    }
    if (TT == "generic_type") {
      auto N = childByField(T, "name");
      if (!N)
        return {};
      T = *N;
      continue;
    }
    break;
  }
  if (type(T) != "type_identifier")
    return {};
  ValueType V;
  if (auto It = Classes.find(text(T)); It != Classes.end())
    V.Class = &It->second;
  else if (Interfaces.count(text(T)))
    V.Interface = text(T).str();
  return V;
}

ValueType ToolboxReader::propertyType(const std::string &Iface,
                                      llvm::StringRef Name,
                                      unsigned Depth) const {
  if (Depth > MaxDepth)
    return {};
  auto It = Interfaces.find(Iface);
  if (It == Interfaces.end())
    return {};
  if (auto P = It->second.Properties.find(Name);
      P != It->second.Properties.end())
    return annotated(P->second);
  for (const std::string &E : It->second.Extends)
    if (ValueType V = propertyType(E, Name, Depth + 1); V.known())
      return V;
  return {};
}

ValueType ToolboxReader::typeOf(TSNode E, unsigned Depth) const {
  if (Depth > MaxDepth)
    return {};
  E = unwrapTs(E);
  llvm::StringRef T = type(E);
  if (T == "identifier")
    return declaredType(text(E), E, Depth + 1);
  if (T == "new_expression") {
    auto Ctor = childByField(E, "constructor");
    ValueType V;
    if (Ctor && type(*Ctor) == "identifier")
      if (auto It = Classes.find(text(*Ctor));
          It != Classes.end() && It->second.Name != "TableDef")
        V.Class = &It->second;
    return V;
  }
  if (T == "member_expression") {
    auto O = childByField(E, "object");
    auto P = childByField(E, "property");
    if (!O || !P)
      return {};
    ValueType Of = typeOf(*O, Depth + 1);
    if (!Of.Interface.empty())
      return propertyType(Of.Interface, text(*P), 0);
    return {};
  }
  return {};
}

std::optional<ValueType>
ToolboxReader::bound(TSNode Pattern, llvm::StringRef Name,
                     std::function<ValueType()> Whole,
                     std::optional<TSNode> Annotation) const {
  llvm::StringRef PT = type(Pattern);
  if (PT == "identifier") {
    if (text(Pattern) != Name)
      return std::nullopt;
    if (Annotation)
      return annotated(*Annotation);
    return Whole();
  }
  if (PT != "object_pattern")
    return std::nullopt;
  for (TSNode P : namedChildren(Pattern)) {
    llvm::StringRef T = type(P);
    std::optional<TSNode> Key, Local;
    if (T == "shorthand_property_identifier_pattern") {
      Key = Local = P;
    } else if (T == "object_assignment_pattern") { // `{ options = {} }`
      auto L = childByField(P, "left");
      if (L && type(*L) == "shorthand_property_identifier_pattern")
        Key = Local = *L;
    } else if (T == "pair_pattern") { // `{ items: collection }`
      Key = childByField(P, "key");
      Local = childByField(P, "value");
    }
    if (!Key || !Local || type(*Local) == "object_pattern")
      continue;
    llvm::StringRef LT = type(*Local);
    if ((LT == "identifier" || LT == "shorthand_property_identifier_pattern") &&
        text(*Local) == Name) {
      ValueType W = Annotation ? annotated(*Annotation) : Whole();
      if (W.Interface.empty())
        return ValueType{};
      return propertyType(W.Interface, text(*Key), 0);
    }
  }
  return std::nullopt;
}

ValueType ToolboxReader::declaredType(llvm::StringRef Name, TSNode At,
                                      unsigned Depth) const {
  uint32_t Pos = ts_node_start_byte(At);
  for (TSNode N = ts_node_parent(At); !ts_node_is_null(N);
       N = ts_node_parent(N)) {
    llvm::StringRef T = type(N);
    if (isFunction(T)) {
      auto Params = childByField(N, "parameters");
      if (!Params)
        Params = childByField(N, "parameter");
      if (!Params)
        continue;
      if (type(*Params) == "identifier") {
        if (text(*Params) == Name)
          return {};
        continue;
      }
      for (TSNode P : namedChildren(*Params)) {
        llvm::StringRef PT = type(P);
        if (PT != "required_parameter" && PT != "optional_parameter")
          continue;
        auto Pat = childByField(P, "pattern");
        if (!Pat)
          continue;
        if (auto V = bound(*Pat, Name, [] { return ValueType{}; },
                           childByField(P, "type")))
          return *V;
      }
      continue;
    }
    if (T != "statement_block" && T != "program")
      continue;
    // The last declaration of the block before the use.
    const std::vector<TSNode> *Decls = declarators(N, Name);
    if (!Decls)
      continue;
    std::optional<TSNode> Last;
    for (TSNode V : *Decls)
      if (ts_node_start_byte(V) < Pos)
        Last = V;
    if (!Last)
      continue;
    auto Pat = childByField(*Last, "name");
    auto Val = childByField(*Last, "value");
    auto Whole = [&]() -> ValueType {
      return Val ? typeOf(*Val, Depth + 1) : ValueType{};
    };
    if (auto R = bound(*Pat, Name, Whole, childByField(*Last, "type")))
      return *R;
    return {};
  }
  return {};
}

const std::vector<TSNode> *
ToolboxReader::declarators(TSNode Block, llvm::StringRef Name) const {
  // Each block is read once: the declarators of its statements, by the
  // names their patterns bind (a use looks up its name, not the block).
  auto [It, New] = Blocks.try_emplace(Block.id);
  if (New) {
    for (TSNode S : namedChildren(Block)) {
      TSNode D = S;
      if (type(D) == "export_statement")
        if (auto X = childByField(D, "declaration"))
          D = *X;
      if (type(D) != "lexical_declaration" && type(D) != "variable_declaration")
        continue;
      for (TSNode V : namedChildren(D)) {
        if (type(V) != "variable_declarator")
          continue;
        auto Pat = childByField(V, "name");
        if (!Pat)
          continue;
        if (type(*Pat) == "identifier") {
          It->second[text(*Pat)].push_back(V);
          continue;
        }
        if (type(*Pat) != "object_pattern")
          continue;
        for (TSNode P : namedChildren(*Pat)) {
          llvm::StringRef PT = type(P);
          std::optional<TSNode> Local;
          if (PT == "shorthand_property_identifier_pattern")
            Local = P;
          else if (PT == "object_assignment_pattern")
            Local = childByField(P, "left");
          else if (PT == "pair_pattern")
            Local = childByField(P, "value");
          if (Local)
            It->second[text(*Local)].push_back(V);
        }
      }
    }
  }
  auto F = It->second.find(Name);
  return F == It->second.end() ? nullptr : &F->second;
}

bool ToolboxReader::modelled(llvm::StringRef Type,
                             llvm::StringRef Method) const {
  for (const SinkModel *S : Catalog.sinksNamed(SinkKind::Call, Method))
    if (S->Type == Type &&
        Catalog.libraries()[S->Library].Name == "dynamodb-toolbox")
      return true;
  return false;
}

void ToolboxReader::call(TSNode Call) {
  auto Fn = childByField(Call, "function");
  if (Fn)
    Fn = jsCallee(*Fn); // `await e.query<T>(..)`
  if (!Fn || type(*Fn) != "member_expression")
    return;
  auto Obj = childByField(*Fn, "object");
  auto Prop = childByField(*Fn, "property");
  auto ArgList = childByField(Call, "arguments");
  if (!Obj || !Prop || !ArgList)
    return;
  llvm::StringRef Named = text(*Prop);
  if (!modelled("Entity", Named) && !modelled("Table", Named))
    return; // no method of the library: the receiver is not looked up
  ValueType Recv = typeOf(*Obj, 0);
  if (!Recv.Class)
    return;
  llvm::StringRef Class = Recv.Class->Name == "Entity" ? "Entity" : "Table";
  llvm::StringRef Method = text(*Prop);
  if (!modelled(Class, Method))
    return;
  llvm::SmallVector<TSNode, 4> Args;
  for (TSNode A : namedChildren(*ArgList)) {
    if (type(A) == "comment")
      continue;
    if (type(A) == "spread_element")
      return; // which argument is which is not known
    Args.push_back(A);
  }
  const char *Op = llvm::StringSwitch<const char *>(Method)
                       .Case("get", "GetItem")
                       .Case("put", "PutItem")
                       .Case("update", "UpdateItem")
                       .Case("delete", "DeleteItem")
                       .Case("query", "Query")
                       .Case("scan", "Scan")
                       .Case("batchGet", "BatchGetItem")
                       .Case("batchWrite", "BatchWriteItem")
                       .Case("transactGet", "TransactGetItems")
                       .Case("transactWrite", "TransactWriteItems")
                       .Default(nullptr);
  if (!Op)
    return;
  llvm::StringRef O(Op);
  // Table.get/put/update/delete take the entity's name first.
  size_t First = Class == "Table" && (O == "GetItem" || O == "PutItem" ||
                                      O == "UpdateItem" || O == "DeleteItem")
                     ? 1
                     : 0;
  // Entity.scan(options, params); the others (subject, options, params).
  size_t OptionsAt = O == "Scan" ? 0 : First + 1;
  std::optional<TSNode> Options;
  if (OptionsAt < Args.size())
    Options = unwrapTs(Args[OptionsAt]);
  bool Open = OptionsAt + 1 < Args.size(); // DynamoDB parameters merged in
  // The options given literally; nothing else is read from them.
  llvm::StringMap<TSNode> Given;
  if (Options) {
    if (type(*Options) != "object") {
      Open = true;
    } else {
      for (TSNode P : namedChildren(*Options)) {
        if (type(P) == "comment")
          continue;
        if (type(P) != "pair") {
          Open = true; // a spread, a shorthand: not written out
          continue;
        }
        auto K = childByField(P, "key");
        auto V = childByField(P, "value");
        if (K && V && type(*K) == "property_identifier")
          Given[text(*K)] = unwrapTs(*V);
        else
          Open = true;
      }
    }
  }
  // Sent when `execute: true`, or left out (the table's autoExecute).
  if (auto E = Given.find("execute"); E != Given.end()) {
    if (type(E->second) == "false")
      return; // builds the parameters, sends nothing
    if (type(E->second) != "true")
      Open = true;
  } else {
    Open = true; // the table's autoExecute decides
  }
  auto Unknown = [&](TSNode At) {
    JsonValue U = J.unknown(At);
    U.K = JsonValue::Kind::String;
    return U;
  };
  auto UnknownObject = [&](TSNode At) {
    JsonValue U = J.object(At);
    U.Unknown = true;
    return U;
  };
  JsonValue Params = J.object(Call);
  bool Batch = O.startswith("Batch") || O.startswith("Transact");
  if (!Batch)
    HostJson::add(Params, "TableName", Unknown(*Prop));
  if (O == "GetItem" || O == "DeleteItem" || O == "UpdateItem")
    HostJson::add(Params, "Key",
                  UnknownObject(First < Args.size() ? Args[First] : *Prop));
  if (O == "PutItem")
    HostJson::add(Params, "Item",
                  UnknownObject(First < Args.size() ? Args[First] : *Prop));
  if (O == "UpdateItem") {
    HostJson::add(Params, "UpdateExpression", Unknown(*Prop));
    HostJson::add(Params, "ExpressionAttributeNames", UnknownObject(*Prop));
    HostJson::add(Params, "ExpressionAttributeValues", UnknownObject(*Prop));
  }
  if (O == "BatchGetItem" || O == "BatchWriteItem")
    HostJson::add(Params, "RequestItems", UnknownObject(*Prop));
  if (O == "TransactGetItems" || O == "TransactWriteItems") {
    JsonValue Items = J.array(*Prop);
    Items.Unknown = true;
    HostJson::add(Params, "TransactItems", std::move(Items));
  }
  if (O == "Query" || O == "Scan") {
    if (auto I = Given.find("index"); I != Given.end())
      HostJson::add(Params, "IndexName", J.string(I->second));
    else if (!Options || type(*Options) != "object")
      Params.Unknown = true;
    if (auto L = Given.find("limit"); L != Given.end())
      HostJson::add(Params, "Limit", J.number(L->second));
    if (auto S = Given.find("select"); S != Given.end()) {
      llvm::StringRef W = text(S->second);
      if (W.size() >= 2 && W.drop_front().drop_back().equals_insensitive("count"))
        HostJson::add(Params, "Select", J.declared(S->second, "COUNT"));
      else
        Open = true;
    }
    if (O == "Query") {
      HostJson::add(Params, "KeyConditionExpression", Unknown(*Prop));
      HostJson::add(Params, "ExpressionAttributeNames", UnknownObject(*Prop));
      HostJson::add(Params, "ExpressionAttributeValues", UnknownObject(*Prop));
      if (auto R = Given.find("reverse"); R != Given.end()) {
        if (type(R->second) == "true") {
          JsonValue Forward = J.boolean(R->second);
          Forward.Bool = false; // reverse: true reads the sort key backwards
          HostJson::add(Params, "ScanIndexForward", std::move(Forward));
        } else if (type(R->second) != "false") {
          Open = true;
        }
      }
    }
    if (Given.count("filters") || Given.count("attributes") ||
        Given.count("startKey") || Given.count("segments") ||
        Given.count("consistent") || Given.count("capacity"))
      Open = true; // written by the library from values not read here
  }
  if (Open)
    Params.Unknown = true;
  DynamoCall D =
      makeDynamoCall(J, O, kToolboxSdk, std::move(Params), Call, *Prop);
  if (Recv.Class->Spec != "dynamodb-toolbox" &&
      !llvm::StringRef(Recv.Class->Spec).startswith("dynamodb-toolbox/"))
    D.ModelClass = Recv.Class->Spec + "\n" + Recv.Class->Name;
  C.Out.push_back(std::move(D));
}

void ToolboxReader::run(TSNode Root) {
  readImports(Root);
  if (Classes.empty())
    return;
  readInterfaces(Root);
  forEachNamedNode(Root, [&](TSNode N) {
    if (type(N) == "call_expression")
      call(N);
  });
}

} // namespace

void findToolboxCalls(SdkContext &C, TSNode Root) {
  if (!mayHoldToolboxCalls(C.Src))
    return;
  ToolboxReader(C).run(Root);
}

} // namespace nosqlint::extract::sdk
