//===- JsElectroDb.cpp - ElectroDB entity calls as DynamoDB requests ------===//
//
// ElectroDB (JavaScript, TypeScript) declares each entity with its keys as
// attribute templates and sends one request per call chain ending in
// `.go()`:
//
//   const Users = new Entity({model: {...}, attributes: {...}, indexes: {
//     byId:    {pk: {field: "pk", composite: ["id"]},
//               sk: {field: "sk", composite: []}},
//     byEmail: {index: "gsi1", pk: {field: "gsi1pk", composite: ["email"]},
//               sk: {field: "gsi1sk", composite: []}}}}, {table: "app"});
//   Users.query.byEmail({email}).go()   // Query, IndexName gsi1,
//                                       // "#pk = :pk and begins_with(#sk1, :sk1)"
//   Users.get({id}).go()                // GetItem, Key {pk, sk}
//   Users.put(item).go(); Users.create(item).go()      // PutItem
//   Users.update({id}).set({...}).go(); Users.patch(..) // UpdateItem
//   Users.delete({id}).go(); Users.remove(..)           // DeleteItem
//   Users.scan.go()                                     // Scan
//
// Each becomes the request ElectroDB sends, positioned at the method that
// names the operation (the access pattern of a query). The key values are
// the composite strings ElectroDB builds from the attribute templates at
// run time (unknown); what ElectroDB adds on its own (the create/patch/
// remove conditions, the update's SET of its bookkeeping attributes, a
// scan's entity filter) is unknown, and so is a chain with a sort-key
// operator or a filter this reader does not write. The entry points are
// the `call electrodb Entity ...` rows of models/javascript.models; only an
// entity declared in the file with `new Entity(..)`, Entity imported from
// "electrodb", is read.
//
//===----------------------------------------------------------------------===//
#include "JsSdkScopes.h"
#include "SdkCalls.h"

#include "LibraryModels.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

namespace nosqlint::extract::sdk {

namespace {

using js::unwrapTs;

llvm::StringRef type(TSNode N) { return ts_node_type(N); }

/// One index of an entity: its DynamoDB index name (none: the table) and
/// key fields (an empty sort key field: none).
struct ElectroIndex {
  std::optional<TSNode> IndexName;
  std::string Pk, Sk;
  bool Known = true;
};

struct ElectroEntity {
  std::optional<TSNode> Table; // the config's `table`
  llvm::StringMap<ElectroIndex> Indexes;
  std::string Primary; // the access pattern without `index`
  bool IndexesKnown = true;
};

class ElectroReader {
public:
  explicit ElectroReader(SdkContext &C)
      : C(C), J(C.Json), Catalog(ModelCatalog::forLanguage(
                             HostLanguage::TypeScript)) {}
  void run(TSNode Root);

private:
  llvm::StringRef text(TSNode N) const {
    return C.Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
  }
  /// The string literal \p N is, without quotes.
  std::optional<std::string> literal(TSNode N) const;
  std::optional<TSNode> member(TSNode Object, llvm::StringRef Key) const;
  void readImports(TSNode Root);
  void readEntity(llvm::StringRef Name, TSNode New);
  /// Whether the library's rows name method \p M of an Entity.
  bool modelled(llvm::StringRef M) const;
  void call(TSNode Call);
  void emit(TSNode Call, TSNode Name, llvm::StringRef Op, JsonValue Params);
  /// The entity's table: its config's `table`, else unknown (at \p At).
  JsonValue tableName(const ElectroEntity &E, TSNode At) {
    if (E.Table)
      return J.string(*E.Table);
    JsonValue U = J.unknown(At);
    U.K = JsonValue::Kind::String;
    return U;
  }

  SdkContext &C;
  HostJson &J;
  const ModelCatalog &Catalog;
  llvm::StringRef EntityClass; // the local name of electrodb's Entity
  llvm::StringMap<ElectroEntity> Entities;
};

std::optional<std::string> ElectroReader::literal(TSNode N) const {
  N = unwrapTs(N);
  llvm::StringRef T = type(N);
  llvm::StringRef W = text(N);
  if ((T == "string" ||
       (T == "template_string" && ts_node_named_child_count(N) == 0)) &&
      W.size() >= 2 && !W.contains('\\'))
    return W.drop_front().drop_back().str();
  return std::nullopt;
}

std::optional<TSNode> ElectroReader::member(TSNode Object,
                                            llvm::StringRef Key) const {
  Object = unwrapTs(Object);
  if (type(Object) != "object")
    return std::nullopt;
  for (TSNode P : namedChildren(Object)) {
    if (type(P) != "pair")
      continue;
    auto K = childByField(P, "key");
    auto V = childByField(P, "value");
    if (!K || !V)
      continue;
    llvm::StringRef KT = type(*K);
    std::optional<std::string> Name;
    if (KT == "property_identifier" || KT == "identifier")
      Name = text(*K).str();
    else
      Name = literal(*K);
    if (Name && *Name == Key)
      return *V;
  }
  return std::nullopt;
}

void ElectroReader::readImports(TSNode Root) {
  forEachNamedNode(Root, [&](TSNode N) {
    if (type(N) != "import_statement")
      return;
    auto Source = childByField(N, "source");
    if (!Source || literal(*Source) != std::optional<std::string>("electrodb"))
      return;
    forEachNamedNode(N, [&](TSNode S) {
      if (type(S) != "import_specifier")
        return;
      auto Name = childByField(S, "name");
      auto Alias = childByField(S, "alias");
      if (Name && text(*Name) == "Entity")
        EntityClass = text(Alias ? *Alias : *Name);
    });
  });
}

bool ElectroReader::modelled(llvm::StringRef M) const {
  for (const SinkModel *S : Catalog.sinksNamed(SinkKind::Call, M))
    if (S->Type == "Entity" &&
        Catalog.libraries()[S->Library].Name == "electrodb")
      return true;
  return false;
}

void ElectroReader::readEntity(llvm::StringRef Name, TSNode New) {
  auto Args = childByField(New, "arguments");
  if (!Args)
    return;
  llvm::SmallVector<TSNode, 2> A;
  for (TSNode K : namedChildren(*Args))
    if (type(K) != "comment")
      A.push_back(K);
  if (A.empty())
    return;
  ElectroEntity E;
  if (A.size() > 1)
    E.Table = member(A[1], "table");
  if (!E.Table)
    if (auto Model = member(A[0], "model"))
      E.Table = member(*Model, "table"); // ElectroDB 1's model.table
  auto Indexes = member(A[0], "indexes");
  if (!Indexes || type(unwrapTs(*Indexes)) != "object") {
    E.IndexesKnown = false;
  } else {
    for (TSNode P : namedChildren(unwrapTs(*Indexes))) {
      if (type(P) != "pair") {
        E.IndexesKnown = false; // a spread: more access patterns
        continue;
      }
      auto K = childByField(P, "key");
      auto V = childByField(P, "value");
      if (!K || !V)
        continue;
      ElectroIndex I;
      I.IndexName = member(*V, "index");
      auto Field = [&](llvm::StringRef Which, std::string &Out) {
        auto Key = member(*V, Which);
        if (!Key)
          return Which == "sk"; // no sort key
        auto F = member(*Key, "field");
        std::optional<std::string> S = F ? literal(*F) : std::nullopt;
        if (!S || S->empty())
          return false;
        Out = *S;
        return true;
      };
      I.Known = Field("pk", I.Pk) && Field("sk", I.Sk);
      std::string Pattern = text(*K).str();
      if (!I.IndexName && E.Primary.empty())
        E.Primary = Pattern;
      E.Indexes[Pattern] = std::move(I);
    }
  }
  Entities[Name] = std::move(E);
}

void ElectroReader::emit(TSNode Call, TSNode Name, llvm::StringRef Op,
                         JsonValue Params) {
  C.Out.push_back(
      makeDynamoCall(J, Op, "electrodb", std::move(Params), Call, Name));
}

void ElectroReader::call(TSNode Call) {
  // X.get(..), X.query.pattern(..), X.scan: the receiver is an entity of
  // the file.
  auto Fn = childByField(Call, "function");
  if (!Fn || type(*Fn) != "member_expression")
    return;
  auto Obj = childByField(*Fn, "object");
  auto Prop = childByField(*Fn, "property");
  if (!Obj || !Prop)
    return;
  llvm::StringRef Method = text(*Prop);
  TSNode Recv = unwrapTs(*Obj);
  std::optional<TSNode> Pattern;
  TSNode Named = *Prop;
  TSNode Start = Call; // the call the chain continues from
  if (type(Recv) == "member_expression") {
    // X.query.pattern(..)
    auto O = childByField(Recv, "object");
    auto P = childByField(Recv, "property");
    if (!O || !P || text(*P) != "query")
      return;
    Pattern = *Prop;
    Method = "query";
    Recv = unwrapTs(*O);
  } else if (Method == "go" && type(Recv) == "member_expression") {
    return;
  }
  if (type(Recv) != "identifier")
    return;
  auto It = Entities.find(text(Recv));
  if (It == Entities.end())
    return;
  const ElectroEntity &E = It->second;
  if (!modelled(Method))
    return;
  const char *Op = llvm::StringSwitch<const char *>(Method)
                       .Case("query", "Query")
                       .Case("get", "GetItem")
                       .Cases("put", "create", "PutItem")
                       .Cases("update", "patch", "upsert", "UpdateItem")
                       .Cases("delete", "remove", "DeleteItem")
                       .Default(nullptr);
  if (!Op)
    return;
  // The chain after the call, to the `.go()` that sends it.
  bool Sent = false, Open = false, Filtered = false;
  TSNode N = Start;
  for (unsigned I = 0; I < 16; ++I) {
    TSNode Sel = ts_node_parent(N);
    if (ts_node_is_null(Sel) || type(Sel) != "member_expression")
      break;
    TSNode Next = ts_node_parent(Sel);
    auto P = childByField(Sel, "property");
    if (ts_node_is_null(Next) || type(Next) != "call_expression" || !P)
      break;
    llvm::StringRef M = text(*P);
    if (M == "go") {
      Sent = true;
      break;
    }
    if (M == "params")
      return; // builds the parameters, sends nothing
    if (M == "where" || M == "filter")
      Filtered = true;
    else if (!(std::string(Op) == "UpdateItem" &&
               (M == "set" || M == "add" || M == "subtract" ||
                M == "append" || M == "remove" || M == "delete" ||
                M == "data" || M == "composite")))
      Open = true; // a sort-key operator, options, ...: not written here
    N = Next;
  }
  JsonValue Params = J.object(Call);
  HostJson::add(Params, "TableName", tableName(E, Recv));
  if (!Sent)
    Params.Unknown = true;
  auto Unknown = [&](TSNode At) {
    JsonValue U = J.unknown(At);
    U.K = JsonValue::Kind::String;
    return U;
  };
  // The index of a query, the table's keys otherwise.
  const ElectroIndex *Index = nullptr;
  if (Pattern) {
    auto I = E.Indexes.find(text(*Pattern));
    if (I == E.Indexes.end()) {
      if (E.IndexesKnown)
        return; // no access pattern of that name: not this entity's query
    } else {
      Index = &I->second;
    }
  } else if (!E.Primary.empty()) {
    Index = &E.Indexes.find(E.Primary)->second;
  }
  bool KeyKnown = Index && Index->Known;
  if (std::string(Op) == "Query") {
    if (Index && Index->IndexName)
      HostJson::add(Params, "IndexName", J.string(*Index->IndexName));
    else if (!Index)
      HostJson::add(Params, "IndexName", Unknown(Named));
    if (!KeyKnown || Open) {
      HostJson::add(Params, "KeyConditionExpression", Unknown(Named));
      JsonValue Names = J.object(Call), Values = J.object(Call);
      Names.Unknown = Values.Unknown = true;
      HostJson::add(Params, "ExpressionAttributeNames", std::move(Names));
      HostJson::add(Params, "ExpressionAttributeValues", std::move(Values));
    } else {
      std::string Text = Index->Sk.empty()
                             ? "#pk = :pk"
                             : "#pk = :pk and begins_with(#sk1, :sk1)";
      HostJson::add(Params, "KeyConditionExpression",
                    J.declared(Named, Text));
      JsonValue Names = J.object(Call), Values = J.object(Call);
      HostJson::add(Names, "#pk", J.declared(Named, Index->Pk), Named);
      HostJson::add(Values, ":pk", J.unknown(Named), Named);
      if (!Index->Sk.empty()) {
        HostJson::add(Names, "#sk1", J.declared(Named, Index->Sk), Named);
        HostJson::add(Values, ":sk1", J.unknown(Named), Named);
      }
      if (Filtered)
        Names.Unknown = Values.Unknown = true;
      HostJson::add(Params, "ExpressionAttributeNames", std::move(Names));
      HostJson::add(Params, "ExpressionAttributeValues", std::move(Values));
    }
    if (Filtered)
      HostJson::add(Params, "FilterExpression", Unknown(Named));
    return emit(Call, Named, Op, std::move(Params));
  }
  llvm::StringRef M = Method;
  if (M == "put" || M == "create" || M == "upsert") {
    JsonValue Item = J.object(Call);
    Item.Unknown = true; // the item and the keys built from it
    HostJson::add(Params, M == "upsert" ? "Key" : "Item", std::move(Item));
  } else {
    JsonValue Key = J.object(Call);
    if (KeyKnown && !Open) {
      HostJson::add(Key, Index->Pk, J.unknown(Named), Named);
      if (!Index->Sk.empty())
        HostJson::add(Key, Index->Sk, J.unknown(Named), Named);
    } else {
      Key.Unknown = true;
    }
    HostJson::add(Params, "Key", std::move(Key));
  }
  if (std::string(Op) == "UpdateItem") {
    HostJson::add(Params, "UpdateExpression", Unknown(Named));
    JsonValue Names = J.object(Call), Values = J.object(Call);
    Names.Unknown = Values.Unknown = true;
    HostJson::add(Params, "ExpressionAttributeNames", std::move(Names));
    HostJson::add(Params, "ExpressionAttributeValues", std::move(Values));
  }
  if (M == "create" || M == "patch" || M == "remove" || Filtered)
    HostJson::add(Params, "ConditionExpression", Unknown(Named));
  if (Open)
    Params.Unknown = true;
  emit(Call, Named, Op, std::move(Params));
}

void ElectroReader::run(TSNode Root) {
  readImports(Root);
  if (EntityClass.empty())
    return;
  forEachNamedNode(Root, [&](TSNode N) {
    if (type(N) != "variable_declarator")
      return;
    auto Name = childByField(N, "name");
    auto V = childByField(N, "value");
    if (!Name || !V || type(*Name) != "identifier")
      return;
    TSNode New = unwrapTs(*V);
    if (type(New) != "new_expression")
      return;
    auto Ctor = childByField(New, "constructor");
    if (Ctor && text(*Ctor) == EntityClass)
      readEntity(text(*Name), New);
  });
  if (Entities.empty())
    return;
  std::vector<TSNode> Calls;
  forEachNamedNode(Root, [&](TSNode N) {
    if (type(N) == "call_expression")
      Calls.push_back(N);
  });
  for (TSNode N : Calls)
    call(N);
  // X.scan.go(): the scan is a property, the call its go().
  forEachNamedNode(Root, [&](TSNode N) {
    if (type(N) != "member_expression")
      return;
    auto O = childByField(N, "object");
    auto P = childByField(N, "property");
    if (!O || !P || text(*P) != "scan" || type(unwrapTs(*O)) != "identifier")
      return;
    auto It = Entities.find(text(unwrapTs(*O)));
    if (It == Entities.end() || !modelled("scan"))
      return;
    TSNode Sel = ts_node_parent(N);
    if (ts_node_is_null(Sel) || type(Sel) != "member_expression")
      return;
    auto Go = childByField(Sel, "property");
    TSNode GoCall = ts_node_parent(Sel);
    if (!Go || text(*Go) != "go" || ts_node_is_null(GoCall) ||
        type(GoCall) != "call_expression")
      return; // a where/filter, or params(): not read
    JsonValue Params = J.object(GoCall);
    HostJson::add(Params, "TableName", tableName(It->second, *O));
    // ElectroDB filters a scan to the entity's own items.
    JsonValue F = J.unknown(*P);
    F.K = JsonValue::Kind::String;
    HostJson::add(Params, "FilterExpression", std::move(F));
    JsonValue Names = J.object(GoCall), Values = J.object(GoCall);
    Names.Unknown = Values.Unknown = true;
    HostJson::add(Params, "ExpressionAttributeNames", std::move(Names));
    HostJson::add(Params, "ExpressionAttributeValues", std::move(Values));
    emit(GoCall, *P, "Scan", std::move(Params));
  });
}

} // namespace

void findElectroDbCalls(SdkContext &C, TSNode Root) {
  if (C.Src.find("electrodb") == llvm::StringRef::npos)
    return;
  ElectroReader(C).run(Root);
}

} // namespace nosqlint::extract::sdk
