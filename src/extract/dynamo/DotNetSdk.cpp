//===- DotNetSdk.cpp - AWS SDK for .NET request objects ---------------------===//
//
// Finds the requests a C# file builds with the SDK's model classes
// (Amazon.DynamoDBv2.Model):
//
//   new QueryRequest {
//       TableName = "Orders",
//       KeyConditionExpression = "customerId = :c",
//       ExpressionAttributeValues = new Dictionary<string, AttributeValue> {
//           { ":c", new AttributeValue { S = id } },
//           [":d"] = new AttributeValue("x") },
//       Limit = 10 }
//   new GetItemRequest("Users", key)
//   QueryRequest q = new() { TableName = "Orders", ... };
//   client.GetItemAsync("Users", key)      (IAmazonDynamoDB's overloads)
//   client.QueryAsync(new() { TableName = "Orders", ... })
//
// Properties are the wire parameters; constructor arguments map to the
// parameters the SDK's constructors set; nested structures are object
// creations, maps Dictionary initializers, lists List/array initializers.
// A request whose properties are set after it is built (`req.Limit = 5;`),
// a dictionary filled later or a value from a call is open or Unknown.
// A CreateTableRequest (`new KeySchemaElement("pk", KeyType.HASH)`,
// `new AttributeDefinition("pk", ScalarAttributeType.S)`) is a table
// definition in code, unless its schema properties are set after it is
// built.
//
//===----------------------------------------------------------------------===//
#include "DotNetSdk.h"

#include "llvm/ADT/StringSet.h"

namespace nosqlint::extract::sdk {

namespace {

using namespace typed;

/// The parameters the SDK's constructors take, in order (the longest
/// overload; shorter ones are its prefixes).
struct Constructor {
  llvm::StringLiteral Class;
  llvm::ArrayRef<llvm::StringLiteral> Params;
};
const llvm::StringLiteral TableOnly[] = {"TableName"};
const llvm::StringLiteral GetItemP[] = {"TableName", "Key", "ConsistentRead"};
const llvm::StringLiteral PutItemP[] = {"TableName", "Item", "ReturnValues"};
const llvm::StringLiteral DeleteItemP[] = {"TableName", "Key", "ReturnValues"};
const llvm::StringLiteral UpdateItemP[] = {"TableName", "Key",
                                           "AttributeUpdates", "ReturnValues"};
const llvm::StringLiteral BatchGetP[] = {"RequestItems",
                                         "ReturnConsumedCapacity"};
const llvm::StringLiteral BatchWriteP[] = {"RequestItems"};
const llvm::StringLiteral ItemP[] = {"Item"};
const llvm::StringLiteral KeyP[] = {"Key"};
const llvm::StringLiteral UpdateValueP[] = {"Value", "Action"};
const llvm::StringLiteral CreateTableP[] = {
    "TableName", "KeySchema", "AttributeDefinitions", "ProvisionedThroughput"};
const llvm::StringLiteral KeySchemaElementP[] = {"AttributeName", "KeyType"};
const llvm::StringLiteral AttributeDefinitionP[] = {"AttributeName",
                                                    "AttributeType"};
const llvm::StringLiteral ThroughputP[] = {"ReadCapacityUnits",
                                           "WriteCapacityUnits"};
const Constructor Constructors[] = {
    {"QueryRequest", TableOnly},        {"ScanRequest", TableOnly},
    {"GetItemRequest", GetItemP},       {"PutItemRequest", PutItemP},
    {"DeleteItemRequest", DeleteItemP}, {"UpdateItemRequest", UpdateItemP},
    {"BatchGetItemRequest", BatchGetP}, {"BatchWriteItemRequest", BatchWriteP},
    {"PutRequest", ItemP},              {"DeleteRequest", KeyP},
    {"AttributeValueUpdate", UpdateValueP},
    {"CreateTableRequest", CreateTableP},
    {"KeySchemaElement", KeySchemaElementP},
    {"AttributeDefinition", AttributeDefinitionP},
    {"ProvisionedThroughput", ThroughputP},
};

/// The .NET class of a model structure.
std::string dotNetClass(const Shape &S) {
  if (operationOfType(S.Name.str() + "Request", "Request"))
    return S.Name.str() + "Request";
  return S.Name.str();
}

} // namespace

namespace dotnet {

TSNode DotNetRecognizer::unwrap(TSNode N) const {
  for (unsigned I = 0; I < 8; ++I) {
    llvm::StringRef T = type(N);
    if (T == "parenthesized_expression" || T == "argument") {
      auto Kids = namedChildren(N);
      if (Kids.empty())
        break;
      N = Kids.back(); // an argument's name comes first
      continue;
    }
    break;
  }
  return N;
}

std::optional<llvm::StringRef>
DotNetRecognizer::typeName(TSNode Ty, std::optional<TSNode> *NameNode) const {
  TSNode Last = Ty;
  if (type(Ty) == "qualified_name") {
    llvm::StringRef Q = text(Ty);
    if (!Q.startswith("Amazon.DynamoDBv2.Model.") &&
        !Q.startswith("global::Amazon.DynamoDBv2.Model."))
      return std::nullopt;
    if (auto N = childByField(Ty, "name"))
      Last = *N;
  } else if (!ModelImported) {
    return std::nullopt;
  }
  if (type(Last) == "generic_name") {
    auto Kids = namedChildren(Last);
    if (Kids.empty())
      return std::nullopt;
    Last = Kids[0];
  }
  if (NameNode)
    *NameNode = Last;
  return text(Last);
}

std::optional<llvm::StringRef>
DotNetRecognizer::className(TSNode Creation,
                            std::optional<TSNode> *NameNode) const {
  if (type(Creation) == "implicit_object_creation_expression")
    return llvm::StringRef();
  auto Ty = childByField(Creation, "type");
  if (!Ty)
    return std::nullopt;
  return typeName(*Ty, NameNode);
}

llvm::SmallVector<TSNode, 4> DotNetRecognizer::ctorArgs(TSNode Creation) const {
  llvm::SmallVector<TSNode, 4> R;
  std::optional<TSNode> Args = childByField(Creation, "arguments");
  if (!Args)
    for (TSNode K : namedChildren(Creation))
      if (type(K) == "argument_list")
        Args = K;
  if (Args)
    for (TSNode A : namedChildren(*Args))
      R.push_back(unwrap(A));
  return R;
}

std::optional<TSNode> DotNetRecognizer::initializer(TSNode Creation) const {
  if (auto I = childByField(Creation, "initializer"))
    return I;
  for (TSNode K : namedChildren(Creation))
    if (type(K) == "initializer_expression")
      return K;
  return std::nullopt;
}

std::optional<TSNode> DotNetRecognizer::followName(TSNode N, bool &Open) const {
  Open = false;
  if (type(N) != "identifier")
    return std::nullopt;
  bool Mentioned = false;
  std::optional<TSNode> V = follow(N, Mentioned);
  Open = Mentioned; // model objects and collections are mutable
  return V;
}

bool DotNetRecognizer::applyInitializer(JsonValue &Obj, const Shape &S,
                                        TSNode Init, unsigned Depth) {
  bool AnyKnown = false;
  for (TSNode A : namedChildren(Init)) {
    if (type(A) != "assignment_expression") {
      Obj.Unknown = true;
      continue;
    }
    auto L = childByField(A, "left");
    auto R = childByField(A, "right");
    if (!L || !R || type(*L) != "identifier")
      continue;
    const Member *M = findMember(S, text(*L));
    if (!M)
      continue; // IsBOOLSet and other SDK-only properties
    Built B = value(*R, M->Type, Depth + 1);
    AnyKnown |= !B.Opaque;
    setMember(Obj, M->Wire, std::move(B.V), *L);
  }
  return AnyKnown;
}

Built DotNetRecognizer::structValue(TSNode N, const Shape &S, unsigned Depth) {
  TSNode X = unwrap(N);
  if (isCreation(X)) {
    std::optional<llvm::StringRef> Class = className(X);
    if (!Class || (!Class->empty() && *Class != dotNetClass(S)))
      return opaque(N, S.Name);
    JsonValue Obj = Json.object(X);
    bool AnyKnown = false;
    auto Args = ctorArgs(X);
    if (!Args.empty()) {
      const Constructor *Ctor = nullptr;
      for (const Constructor &K : Constructors)
        if (K.Class == dotNetClass(S))
          Ctor = &K;
      if (S.Name == "WriteRequest" && Args.size() == 1) {
        // new WriteRequest(new PutRequest(..)) or (new DeleteRequest(..))
        std::optional<llvm::StringRef> Inner;
        if (isCreation(Args[0]))
          Inner = className(Args[0]);
        const Member *M = Inner ? findMember(S, *Inner) : nullptr;
        if (!M)
          return opaque(N, S.Name);
        Built B = value(Args[0], M->Type, Depth + 1);
        AnyKnown |= !B.Opaque;
        setMember(Obj, M->Wire, std::move(B.V), std::nullopt);
      } else if (!Ctor || Args.size() > Ctor->Params.size()) {
        return opaque(N, S.Name);
      } else {
        for (size_t I = 0; I < Args.size(); ++I) {
          const Member *M = findMember(S, Ctor->Params[I]);
          if (!M)
            continue;
          Built B = value(Args[I], M->Type, Depth + 1);
          AnyKnown |= !B.Opaque;
          setMember(Obj, M->Wire, std::move(B.V), std::nullopt);
        }
      }
    }
    if (std::optional<TSNode> Init = initializer(X))
      AnyKnown |= applyInitializer(Obj, S, *Init, Depth);
    if (S.Union && !AnyKnown)
      return opaque(N, S.Name);
    return {std::move(Obj)};
  }
  bool Open;
  if (std::optional<TSNode> V = followName(X, Open)) {
    Built B = value(*V, S.Name, Depth + 1);
    if (!B.Opaque) {
      B.V.Unknown |= Open;
      return B;
    }
  }
  return opaque(N, S.Name);
}

Built DotNetRecognizer::stringValue(TSNode N, unsigned Depth) {
  TSNode X = unwrap(N);
  // Select.COUNT, ReturnValue.ALL_NEW
  if (type(X) == "member_access_expression") {
    auto Obj = childByField(X, "expression");
    auto Name = childByField(X, "name");
    if (Obj && Name) {
      llvm::StringRef Enum = text(*Obj);
      Enum = Enum.substr(Enum.rfind('.') + 1);
      if (auto V = enumConstant(Enum, text(*Name)))
        return {constantString(N, *V)};
    }
  }
  return TypedBuilder::stringValue(X, Depth);
}

Built DotNetRecognizer::attributeValue(TSNode N, unsigned Depth) {
  TSNode X = unwrap(N);
  const Shape &AV = *findShape("AttributeValue");
  if (isCreation(X)) {
    std::optional<llvm::StringRef> Class = className(X);
    if (!Class || (!Class->empty() && *Class != "AttributeValue"))
      return opaque(N, "AV");
    JsonValue Obj = Json.object(X);
    auto Args = ctorArgs(X);
    if (Args.size() > 1)
      return opaque(N, "AV");
    if (Args.size() == 1) {
      // new AttributeValue("text") / new AttributeValue(new List<string>{..})
      TSNode A = Args[0];
      if (C.Eval.isStringy(A))
        setMember(Obj, "S", value(A, "S", Depth + 1).V, std::nullopt);
      else if (type(A) == "object_creation_expression" &&
               text(A).startswith("new List<string>"))
        setMember(Obj, "SS", value(A, "[S]", Depth + 1).V, std::nullopt);
      else
        return opaque(N, "AV");
    }
    if (std::optional<TSNode> Init = initializer(X))
      applyInitializer(Obj, AV, *Init, Depth);
    if (Obj.Members.size() == 1 && !Obj.Unknown)
      return {std::move(Obj)};
    return opaque(N, "AV");
  }
  bool Open;
  if (std::optional<TSNode> V = followName(X, Open))
    if (!Open) {
      Built B = value(*V, "AV", Depth + 1);
      if (!B.Opaque)
        return B;
    }
  return opaque(N, "AV");
}

Built DotNetRecognizer::mapValue(TSNode N, llvm::StringRef Elem,
                                 unsigned Depth) {
  TSNode X = unwrap(N);
  std::string MapType = mapOf(Elem);
  std::optional<TSNode> Init;
  bool Open = false;
  if (type(X) == "initializer_expression") {
    // `Key = { ["id"] = .. }`: adds to the dictionary the object made.
    Init = X;
    Open = true;
  } else if (isCreation(X)) {
    // new Dictionary<string, AttributeValue> { .. }, or target-typed new()
    if (type(X) == "object_creation_expression" &&
        !text(X).startswith("new Dictionary<"))
      return opaque(N, MapType);
    Init = initializer(X);
    Open = !Init || !ctorArgs(X).empty(); // filled later, or a copy
    if (!Init)
      return {emptyObject(X, /*Open=*/true)};
  } else if (std::optional<TSNode> V = followName(X, Open)) {
    Built B = value(*V, MapType, Depth + 1);
    if (!B.Opaque) {
      B.V.Unknown |= Open;
      B.V.Begin = ts_node_start_byte(N);
      B.V.End = ts_node_end_byte(N);
      return B;
    }
    return opaque(N, MapType);
  } else {
    return opaque(N, MapType);
  }
  JsonValue Map = Json.object(X);
  Map.Unknown = Open;
  for (TSNode E : namedChildren(*Init)) {
    if (type(E) == "initializer_expression") {
      // { key, value }
      auto KV = namedChildren(E);
      if (KV.size() != 2) {
        Map.Unknown = true;
        continue;
      }
      addEntry(Map, KV[0], value(KV[1], Elem, Depth + 1), Elem);
      continue;
    }
    if (type(E) == "assignment_expression") {
      // [key] = value
      auto L = childByField(E, "left");
      auto R = childByField(E, "right");
      std::optional<TSNode> Key;
      if (L && type(*L) == "element_binding_expression") {
        auto Args = namedChildren(*L);
        if (Args.size() == 1)
          Key = unwrap(Args[0]);
      }
      if (!Key || !R) {
        Map.Unknown = true;
        continue;
      }
      addEntry(Map, *Key, value(*R, Elem, Depth + 1), Elem);
      continue;
    }
    Map.Unknown = true;
  }
  return {std::move(Map)};
}

Built DotNetRecognizer::listValue(TSNode N, llvm::StringRef Elem,
                                  unsigned Depth) {
  TSNode X = unwrap(N);
  std::string ListType = listOf(Elem);
  std::optional<TSNode> Init;
  bool Open = false;
  llvm::StringRef T = type(X);
  if (T == "initializer_expression") {
    Init = X;
    Open = true;
  } else if (isCreation(X)) {
    if (T == "object_creation_expression" && !text(X).startswith("new List<"))
      return opaque(N, ListType);
    Init = initializer(X);
    if (!Init || !ctorArgs(X).empty())
      Open = true;
    if (!Init)
      return {emptyArray(X, /*Open=*/true)};
  } else if (T == "array_creation_expression" ||
             T == "implicit_array_creation_expression") {
    Init = initializer(X);
    if (!Init)
      return opaque(N, ListType);
  } else if (std::optional<TSNode> V = followName(X, Open)) {
    Built B = value(*V, ListType, Depth + 1);
    if (!B.Opaque) {
      B.V.Unknown |= Open;
      return B;
    }
    return opaque(N, ListType);
  } else {
    return opaque(N, ListType);
  }
  JsonValue Arr = Json.array(X);
  Arr.Unknown = Open;
  for (TSNode E : namedChildren(*Init))
    addElement(Arr, value(E, Elem, Depth + 1), Elem);
  return {std::move(Arr)};
}

void DotNetRecognizer::record(TSNode Site, TSNode OpNode, llvm::StringRef Op,
                              Built B, llvm::StringRef Sdk) {
  // `var req = new QueryRequest {..}; req.Limit = 5;` (a request object;
  // the DocumentModel's and DataModel's requests are calls)
  if (Sdk == SdkLowLevel && mayChangeLater(Site))
    B.V.Unknown = true;
  if (Op == "CreateTable" || Op == "UpdateTable")
    guardTableDefinition(Site, B.V);
  DynamoCall Call =
      makeDynamoCall(Json, Op, Sdk, std::move(B.V), Site, OpNode);
  // The DocumentModel's Search and the DataModel's AsyncSearch read page
  // after page (GetRemainingAsync).
  Call.EveryPage = Sdk != SdkLowLevel;
  C.Out.push_back(std::move(Call));
}

void DotNetRecognizer::collectClients(TSNode Root) {
  llvm::SmallVector<TSNode, 32> Stack{Root};
  while (!Stack.empty()) {
    TSNode N = Stack.pop_back_val();
    for (TSNode K : namedChildren(N))
      Stack.push_back(K);
    llvm::StringRef T = type(N);
    if (T != "parameter" && T != "variable_declaration")
      continue;
    auto Ty = childByField(N, "type");
    if (!Ty)
      continue;
    llvm::StringRef Name = text(*Ty);
    Name = Name.substr(Name.rfind('.') + 1);
    if (Name != "IAmazonDynamoDB" && Name != "AmazonDynamoDBClient")
      continue;
    if (T == "parameter") {
      if (auto Id = childByField(N, "name"))
        Clients.insert(text(*Id));
      continue;
    }
    for (TSNode D : namedChildren(N))
      if (type(D) == "variable_declarator")
        if (auto Id = childByField(D, "name"))
          Clients.insert(text(*Id));
  }
}

/// A trailing CancellationToken argument of an async client method.
bool DotNetRecognizer::isCancellation(llvm::StringRef Arg) {
  std::string L = Arg.lower();
  return L == "ct" || L == "default" || llvm::StringRef(L).contains("token") ||
         llvm::StringRef(L).contains("cancel");
}

void DotNetRecognizer::clientCall(TSNode Call) {
  auto Fn = childByField(Call, "function");
  if (!Fn || type(*Fn) != "member_access_expression")
    return;
  auto Recv = childByField(*Fn, "expression");
  auto Name = childByField(*Fn, "name");
  if (!Recv || !Name)
    return;
  llvm::StringRef R = text(*Recv);
  if (!Clients.contains(R.substr(R.rfind('.') + 1)))
    return;
  llvm::StringRef M = text(*Name);
  M.consume_back("Async");
  std::optional<llvm::StringRef> Op = operationOfMethod(M);
  if (!Op)
    return;
  auto Args = ctorArgs(Call);
  while (!Args.empty() && isCancellation(text(Args.back())))
    Args.pop_back();
  if (Args.empty())
    return;
  const Shape &S = *findShape(*Op);
  TSNode First = Args[0];
  // client.QueryAsync(new() { ... }): the parameter's type names the request.
  if (type(First) == "implicit_object_creation_expression") {
    if (Args.size() != 1)
      return;
    Built B = structValue(First, S, 0);
    if (!B.Opaque)
      record(Call, *Name, *Op, std::move(B));
    return;
  }
  // A request object is found where it is made.
  if (Args.size() == 1 && !(type(First) == "object_creation_expression" &&
                            text(First).startswith("new Dictionary<")))
    return;
  // The convenience overloads: GetItemAsync("T", key), ScanAsync("T", attrs)
  llvm::SmallVector<llvm::StringRef, 4> Params;
  if (*Op == "Scan") {
    Params.push_back("TableName");
    for (size_t I = 1; I < Args.size(); ++I) {
      llvm::StringRef A = text(Args[I]);
      if (A.startswith("new List<"))
        Params.push_back("AttributesToGet");
      else if (A.startswith("new Dictionary<"))
        Params.push_back("ScanFilter");
      else
        return;
    }
  } else {
    const Constructor *Ctor = nullptr;
    for (const Constructor &K : Constructors)
      if (K.Class == dotNetClass(S))
        Ctor = &K;
    if (!Ctor || Args.size() > Ctor->Params.size())
      return;
    Params.append(Ctor->Params.begin(), Ctor->Params.begin() + Args.size());
  }
  JsonValue Obj = Json.object(Call);
  for (size_t I = 0; I < Args.size(); ++I)
    if (const Member *Mem = findMember(S, Params[I]))
      setMember(Obj, Mem->Wire, value(Args[I], Mem->Type, 1).V, std::nullopt);
  record(Call, *Name, *Op, Built{std::move(Obj)});
}

void DotNetRecognizer::transactItem(TSNode Item, TSNode NameNode) {
  // Inside a request's literal it is read with the request.
  for (TSNode P = ts_node_parent(Item); !ts_node_is_null(P);
       P = ts_node_parent(P)) {
    if (type(P) == "object_creation_expression") {
      std::optional<llvm::StringRef> Class = className(P);
      if (Class && operationOfType(*Class, "Request"))
        return;
    }
    if (type(P) == "implicit_object_creation_expression")
      return; // a request typed by its declaration or parameter
    // A list a request literal of the file takes: read there.
    if (std::optional<llvm::StringRef> Var = C.Eval.declaredName(P)) {
      std::string Probe = std::string("TransactItems = ") + Var->str();
      if (C.Src.contains(Probe))
        return;
    }
    llvm::StringRef T = type(P);
    if (T == "method_declaration" || T == "local_function_statement" ||
        T == "lambda_expression")
      break;
  }
  // One item of a transaction sent elsewhere: a TransactWriteItems with
  // this item and others not seen here.
  Built E = structValue(Item, *findShape("TransactWriteItem"), 0);
  if (E.Opaque)
    return;
  JsonValue Items = Json.array(Item);
  Items.Elements.push_back(std::move(E.V));
  Items.Unknown = true;
  JsonValue Params = Json.object(Item);
  setMember(Params, "TransactItems", std::move(Items), std::nullopt);
  Params.Unknown = true;
  record(Item, NameNode, "TransactWriteItems", Built{std::move(Params)});
}

void DotNetRecognizer::run(TSNode Root) {
  ModelImported = C.Src.contains("using Amazon.DynamoDBv2.Model");
  DocumentImported = C.Src.contains("Amazon.DynamoDBv2.DocumentModel");
  DataModelImported = C.Src.contains("Amazon.DynamoDBv2.DataModel");
  collectClients(Root);
  if (DocumentImported || DataModelImported)
    collectNames(Root);
  llvm::SmallVector<TSNode, 32> Stack{Root};
  while (!Stack.empty()) {
    TSNode N = Stack.pop_back_val();
    uint32_t Count = ts_node_named_child_count(N);
    for (uint32_t I = Count; I > 0; --I)
      Stack.push_back(ts_node_named_child(N, I - 1));
    if (type(N) == "object_creation_expression") {
      std::optional<TSNode> NameNode;
      std::optional<llvm::StringRef> Class = className(N, &NameNode);
      std::optional<llvm::StringRef> Op =
          Class ? operationOfType(*Class, "Request") : std::nullopt;
      if (!Op && Class && *Class == "TransactWriteItem" && NameNode) {
        transactItem(N, *NameNode);
        continue;
      }
      if (!Op || !NameNode)
        continue;
      Built B = structValue(N, *findShape(*Op), 0);
      if (!B.Opaque)
        record(N, *NameNode, *Op, std::move(B));
      continue;
    }
    if (type(N) == "invocation_expression") {
      if ((DocumentImported || DataModelImported) && modelCall(N))
        continue;
      if (!Clients.empty())
        clientCall(N);
      continue;
    }
    if (type(N) != "implicit_object_creation_expression")
      continue;
    // QueryRequest q = new() { ... }: the declared type names the request.
    TSNode Decl = ts_node_parent(N);
    if (!ts_node_is_null(Decl) && type(Decl) == "equals_value_clause")
      Decl = ts_node_parent(Decl);
    if (ts_node_is_null(Decl) || type(Decl) != "variable_declarator")
      continue;
    TSNode Vars = ts_node_parent(Decl);
    auto Ty = ts_node_is_null(Vars) ? std::nullopt : childByField(Vars, "type");
    if (!Ty)
      continue;
    std::optional<TSNode> NameNode;
    std::optional<llvm::StringRef> Class = typeName(*Ty, &NameNode);
    std::optional<llvm::StringRef> Op =
        Class ? operationOfType(*Class, "Request") : std::nullopt;
    if (!Op || !NameNode)
      continue;
    Built B = structValue(N, *findShape(*Op), 0);
    if (!B.Opaque)
      record(N, *NameNode, *Op, std::move(B));
  }
}

} // namespace dotnet

void findDotNetSdkCalls(SdkContext &C, TSNode Root) {
  dotnet::DotNetRecognizer R(C);
  R.run(Root);
}

} // namespace nosqlint::extract::sdk
