//===- Boto3.cpp - boto3 client and resource calls ------------------------===//
//
// Finds the DynamoDB requests a Python program makes with boto3:
//  - client calls (`boto3.client("dynamodb").query(TableName=..., ...)`),
//    whose keyword arguments are the wire-format parameters, paginators
//    (`client.get_paginator("scan").paginate(...)`) alike;
//  - resource calls: `dynamodb.Table(name).query(...)`, the batch writer
//    (`with table.batch_writer() as b: b.put_item(Item=...)`, one
//    BatchWriteItem per call), `dynamodb.batch_get_item(...)`, and calls of
//    the resource's own client (`dynamodb.meta.client`): native Python values
//    are marshalled to AttributeValues and Key()/Attr() conditions written
//    out as the expressions boto3 builds (Boto3Conditions.cpp).
//
// What the receiver of a call is comes from the code: the assignments of a
// name in its scope (all of them must agree), `self.x = ...` in the class,
// a `with ... as x`, a parameter's type annotation (mypy_boto3_dynamodb). A
// call on anything else is a request only when its keyword arguments are
// DynamoDB's own (TableName, KeyConditionExpression, Key, Item, ...).
// Names are looked up in Boto3Scopes.cpp, arguments become parameters in
// Boto3Params.cpp.
//
//===----------------------------------------------------------------------===//
#include "Boto3Params.h"
#include "SdkCalls.h"

#include "llvm/ADT/StringSwitch.h"

#include <string_view>

namespace nosqlint::extract::sdk {

using namespace py;

namespace {

constexpr unsigned MaxDepth = 12;

/// The operation a client method performs.
std::optional<llvm::StringRef> clientOperation(llvm::StringRef Method) {
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(Method)
      .Case("query", llvm::StringRef("Query"))
      .Case("scan", llvm::StringRef("Scan"))
      .Case("get_item", llvm::StringRef("GetItem"))
      .Case("put_item", llvm::StringRef("PutItem"))
      .Case("update_item", llvm::StringRef("UpdateItem"))
      .Case("delete_item", llvm::StringRef("DeleteItem"))
      .Case("batch_get_item", llvm::StringRef("BatchGetItem"))
      .Case("batch_write_item", llvm::StringRef("BatchWriteItem"))
      .Case("transact_get_items", llvm::StringRef("TransactGetItems"))
      .Case("transact_write_items", llvm::StringRef("TransactWriteItems"))
      .Case("execute_statement", llvm::StringRef("ExecuteStatement"))
      .Case("batch_execute_statement",
            llvm::StringRef("BatchExecuteStatement"))
      .Case("execute_transaction", llvm::StringRef("ExecuteTransaction"))
      // A table definition in code: it joins the schema.
      .Case("create_table", llvm::StringRef("CreateTable"))
      // Indexes it adds (GlobalSecondaryIndexUpdates Create) join it too.
      .Case("update_table", llvm::StringRef("UpdateTable"))
      .Default(std::nullopt);
}

bool isTableMethod(llvm::StringRef M) {
  return M == "query" || M == "scan" || M == "get_item" || M == "put_item" ||
         M == "update_item" || M == "delete_item";
}

/// Parameters only DynamoDB requests have: a call on an unknown receiver is
/// taken for a request only with one of them.
bool isDynamoParam(llvm::StringRef K) {
  return llvm::StringSwitch<bool>(K)
      .Cases("TableName", "KeyConditionExpression", "FilterExpression",
             "ProjectionExpression", "ConditionExpression", true)
      .Cases("UpdateExpression", "ExpressionAttributeNames",
             "ExpressionAttributeValues", "IndexName", "Key", true)
      .Cases("Item", "RequestItems", "TransactItems", "Statement",
             "Statements", true)
      .Cases("TransactStatements", "ExclusiveStartKey", "KeyConditions",
             "ScanFilter", "QueryFilter", true)
      .Default(false);
}

/// What a receiver is.
enum class Handle : uint8_t {
  None,
  Client,       // boto3.client("dynamodb"): wire-format parameters
  NativeClient, // resource.meta.client: native values, conditions
  Resource,     // boto3.resource("dynamodb")
  Table,        // resource.Table(name)
  BatchWriter,  // table.batch_writer()
  Paginator,    // client.get_paginator("query")
};

struct Target {
  Handle K = Handle::None;
  /// Table, BatchWriter: the expression naming the table; none when the
  /// table is not known (a typed parameter, assignments that disagree).
  std::optional<TSNode> TableName;
  llvm::StringRef PaginatorOp; // "Query" or "Scan"
  bool Native = false;         // a paginator of a resource's client
  /// A paginator of a receiver nothing is known of (a client a function of
  /// another module returns): a request only with DynamoDB's own parameters.
  bool Guess = false;
};

class Boto3Finder {
public:
  explicit Boto3Finder(SdkContext &C)
      : C(C), J(C.Json), E(C.Eval), Names(C.Eval, C.Src),
        Builder(C.Json, Names) {}

  void run(TSNode Root);

private:
  Target classify(TSNode N, unsigned Depth);
  Target combine(llvm::ArrayRef<const py::Binding *> Bs, unsigned Depth);
  Target fromAnnotation(TSNode Type) const;
  std::optional<std::string> constantString(TSNode N);
  bool looksDynamo(TSNode Receiver) const;

  void call(TSNode N);
  /// Whether the keyword arguments \p ArgList name the table (TableName,
  /// written or in a `**params` dict literal).
  bool namesTable(TSNode ArgList) const;
  void emit(TSNode Call, TSNode Method, llvm::StringRef Op, JsonValue Params,
            bool EveryPage = false);

  SdkContext &C;
  HostJson &J;
  Evaluator &E;
  py::Bindings Names;
  Boto3Params Builder;
  std::vector<TSNode> Candidates;
  bool TypeStubs = false; // the file imports mypy_boto3_dynamodb's types
};

//===----------------------------------------------------------------------===//
// What a receiver is
//===----------------------------------------------------------------------===//

std::optional<std::string> Boto3Finder::constantString(TSNode N) {
  Rebuilt R;
  E.append(N, R);
  if (R.holes() != 0 || R.trust() != SnippetTrust::Full || R.empty())
    return std::nullopt;
  return R.text();
}

bool Boto3Finder::looksDynamo(TSNode Receiver) const {
  llvm::StringRef T = E.text(Receiver);
  T = T.substr(T.find_last_of('.') + 1);
  return T.contains_insensitive("dynamo") || T.contains_insensitive("ddb");
}

Target Boto3Finder::fromAnnotation(TSNode Type) const {
  llvm::StringRef T = E.text(Type).trim().trim("'\"");
  // Optional[DynamoDBClient], "DynamoDBClient | None"
  if (T.consume_front("Optional[") || T.consume_front("typing.Optional["))
    T = T.drop_back(T.endswith("]") ? 1 : 0);
  if (T.endswith("| None"))
    T = T.drop_back(6).rtrim();
  if (T.endswith("DynamoDBClient"))
    return {Handle::Client, {}, {}, false};
  if (T.endswith("DynamoDBServiceResource"))
    return {Handle::Resource, {}, {}, false};
  if (TypeStubs && (T == "Table" || T.endswith(".Table")))
    return {Handle::Table, {}, {}, false};
  return {};
}

Target Boto3Finder::combine(llvm::ArrayRef<const py::Binding *> Bs,
                            unsigned Depth) {
  Target R;
  bool Init = false;
  for (const py::Binding *B : Bs) {
    Target T;
    if (B->Annotation)
      T = fromAnnotation(B->Value);
    else if (!B->Opaque)
      T = classify(B->Value, Depth + 1);
    if (!Init) {
      R = T;
      Init = true;
      continue;
    }
    if (T.K != R.K || T.PaginatorOp != R.PaginatorOp || T.Native != R.Native)
      return {};
    // Two tables: which one is unknown.
    if (R.TableName && (!T.TableName ||
                        E.text(*T.TableName) != E.text(*R.TableName)))
      R.TableName.reset();
  }
  return R;
}

Target Boto3Finder::classify(TSNode N, unsigned Depth) {
  if (Depth > MaxDepth)
    return {};
  N = unparen(N);
  llvm::StringRef T = type(N);
  if (T == "identifier")
    return combine(Names.of(N), Depth);
  if (T == "attribute") {
    auto O = childByField(N, "object");
    auto A = childByField(N, "attribute");
    if (!O || !A)
      return {};
    llvm::StringRef Attr = E.text(*A);
    TSNode Obj = unparen(*O);
    // resource.meta.client: the resource's client, with its transformations.
    if (Attr == "client" && type(Obj) == "attribute") {
      auto Meta = childByField(Obj, "attribute");
      auto Owner = childByField(Obj, "object");
      if (Meta && Owner && E.text(*Meta) == "meta") {
        Target Of = classify(*Owner, Depth + 1);
        if (Of.K == Handle::Resource || Of.K == Handle::Table)
          return {Handle::NativeClient, {}, {}, false};
      }
      return {};
    }
    if (type(Obj) == "identifier" &&
        (E.text(Obj) == "self" || E.text(Obj) == "cls"))
      return combine(Names.ofSelf(N, Attr), Depth);
    return {};
  }
  if (T != "call")
    return {};
  auto F = childByField(N, "function");
  if (!F)
    return {};
  TSNode Callee = unparen(*F);
  llvm::StringRef Method;
  std::optional<TSNode> Obj;
  if (type(Callee) == "identifier") {
    Method = E.text(Callee);
  } else if (type(Callee) == "attribute") {
    if (auto A = childByField(Callee, "attribute"))
      Method = E.text(*A);
    Obj = childByField(Callee, "object");
  }
  auto Arg = [&](size_t Pos, llvm::StringRef Name) -> std::optional<TSNode> {
    auto Args = childByField(N, "arguments");
    if (!Args)
      return std::nullopt;
    size_t I = 0;
    for (TSNode K : namedChildren(*Args)) {
      if (type(K) == "keyword_argument") {
        auto KN = childByField(K, "name");
        if (KN && E.text(*KN) == Name)
          return childByField(K, "value");
        continue;
      }
      if (I++ == Pos)
        return K;
    }
    return std::nullopt;
  };
  if (Method == "client" || Method == "resource") {
    auto S = Arg(0, "service_name");
    if (!S)
      return {};
    std::optional<std::string> Service = constantString(*S);
    if (!Service || *Service != "dynamodb")
      return {};
    return {Method == "client" ? Handle::Client : Handle::Resource, {}, {},
            false};
  }
  if (!Obj)
    return {};
  if (Method == "Table") {
    Target Of = classify(*Obj, Depth + 1);
    if (Of.K == Handle::Resource || (Of.K == Handle::None && looksDynamo(*Obj)))
      return {Handle::Table, Arg(0, "name"), {}, false};
    return {};
  }
  if (Method == "batch_writer") {
    Target Of = classify(*Obj, Depth + 1);
    if (Of.K != Handle::Table)
      return {};
    Of.K = Handle::BatchWriter;
    return Of;
  }
  if (Method == "get_paginator") {
    Target Of = classify(*Obj, Depth + 1);
    if (Of.K != Handle::Client && Of.K != Handle::NativeClient &&
        Of.K != Handle::None)
      return {};
    auto S = Arg(0, "operation_name");
    std::optional<std::string> Op = S ? constantString(*S) : std::nullopt;
    if (!Op || (*Op != "query" && *Op != "scan"))
      return {};
    return {Handle::Paginator, {}, *Op == "query" ? "Query" : "Scan",
            Of.K == Handle::NativeClient, Of.K == Handle::None};
  }
  return {};
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

void Boto3Finder::emit(TSNode Call, TSNode Method, llvm::StringRef Op,
                       JsonValue Params, bool EveryPage) {
  DynamoCall D =
      makeDynamoCall(J, Op, "boto3", std::move(Params), Call, Method);
  D.EveryPage = EveryPage;
  C.Out.push_back(std::move(D));
}

bool Boto3Finder::namesTable(TSNode ArgList) const {
  for (TSNode A : namedChildren(ArgList)) {
    if (type(A) == "keyword_argument") {
      auto Name = childByField(A, "name");
      if (Name && E.text(*Name) == "TableName")
        return true;
      continue;
    }
    bool Open = false;
    auto Kids = namedChildren(A);
    if (Kids.size() != 1)
      continue;
    if (auto D = Names.literal(Kids[0], "dictionary", Open))
      for (TSNode Pair : namedChildren(*D))
        if (auto K = childByField(Pair, "key"))
          if (type(*K) == "string" && E.text(*K).trim("'\"") == "TableName")
            return true;
  }
  return false;
}

void Boto3Finder::call(TSNode N) {
  auto F = childByField(N, "function");
  auto ArgList = childByField(N, "arguments");
  if (!F || !ArgList || type(*ArgList) != "argument_list")
    return;
  auto Obj = childByField(*F, "object");
  auto MethodNode = childByField(*F, "attribute");
  if (!Obj || !MethodNode)
    return;
  // boto3 methods take keyword arguments only.
  for (TSNode A : namedChildren(*ArgList))
    if (type(A) != "keyword_argument" && type(A) != "dictionary_splat")
      return;
  llvm::StringRef Method = E.text(*MethodNode);
  Target T = classify(*Obj, 0);
  std::optional<llvm::StringRef> Op = clientOperation(Method);
  switch (T.K) {
  case Handle::Client:
  case Handle::NativeClient: {
    if (!Op)
      return;
    ValueStyle Style =
        T.K == Handle::Client ? ValueStyle::Wire : ValueStyle::Native;
    return emit(N, *MethodNode, *Op, Builder.fromArguments(*ArgList, Style));
  }
  case Handle::Resource:
    if (Method != "batch_get_item" && Method != "batch_write_item" &&
        Method != "create_table")
      return;
    return emit(N, *MethodNode, *Op,
                Builder.fromArguments(*ArgList, ValueStyle::Native));
  case Handle::Table: {
    if (!isTableMethod(Method))
      return;
    JsonValue Params = Builder.fromArguments(*ArgList, ValueStyle::Native);
    JsonValue Table =
        T.TableName ? J.string(*T.TableName) : Builder.unknownString(*Obj);
    json::JsonMember M;
    M.Key = "TableName";
    TSNode KeyAt = T.TableName ? *T.TableName : *Obj;
    M.KeyBegin = ts_node_start_byte(KeyAt);
    M.KeyEnd = ts_node_end_byte(KeyAt);
    M.Value = std::move(Table);
    Params.Members.insert(Params.Members.begin(), std::move(M));
    return emit(N, *MethodNode, *Op, std::move(Params));
  }
  case Handle::BatchWriter: {
    if (Method != "put_item" && Method != "delete_item")
      return;
    JsonValue Params = J.object(*ArgList);
    JsonValue Items = J.object(*ArgList);
    JsonValue Table =
        T.TableName ? J.string(*T.TableName) : Builder.unknownString(*Obj);
    if (Table.Unknown || !Table.isString()) {
      Items.Unknown = true; // which table: known at run time only
    } else {
      JsonValue Request = J.object(*ArgList);
      HostJson::add(Request,
                    Method == "put_item" ? "PutRequest" : "DeleteRequest",
                    Builder.fromArguments(*ArgList, ValueStyle::Native),
                    *MethodNode);
      JsonValue Writes = J.array(*ArgList);
      Writes.Elements.push_back(std::move(Request));
      json::JsonMember M;
      M.Key = Table.Str;
      setTableKeyRange(M, Table);
      M.Value = std::move(Writes);
      Items.Members.push_back(std::move(M));
    }
    HostJson::add(Params, "RequestItems", std::move(Items), *MethodNode);
    return emit(N, *MethodNode, "BatchWriteItem", std::move(Params));
  }
  case Handle::Paginator: {
    if (Method != "paginate" || (T.Guess && !namesTable(*ArgList)))
      return;
    JsonValue Params = Builder.fromArguments(
        *ArgList, T.Guess    ? ValueStyle::Guess
                  : T.Native ? ValueStyle::Native
                             : ValueStyle::Wire);
    // PaginationConfig is the paginator's: its PageSize is the Limit.
    for (size_t I = 0; I < Params.Members.size(); ++I) {
      if (Params.Members[I].Key != "PaginationConfig")
        continue;
      JsonValue Config = std::move(Params.Members[I].Value);
      Params.Members.erase(Params.Members.begin() + I);
      if (!Config.isObject() || Config.Unknown)
        Params.Unknown = true;
      for (json::JsonMember &Setting : Config.Members)
        if (Setting.Key == "PageSize") {
          llvm::erase_if(Params.Members, [](const json::JsonMember &M) {
            return M.Key == "Limit";
          });
          Setting.Key = "Limit";
          Params.Members.push_back(std::move(Setting));
        }
      break;
    }
    return emit(N, *MethodNode, T.PaginatorOp, std::move(Params),
                /*EveryPage=*/true);
  }
  case Handle::None:
    break;
  }
  // A receiver nothing is known of: a request only when the parameters are
  // DynamoDB's own.
  if (!Op)
    return;
  // The parameter names, before anything is read (reading a string marks it
  // as no CQL).
  bool Dynamo = false, Client = false;
  auto See = [&](llvm::StringRef K) {
    Dynamo |= isDynamoParam(K);
    Client |= K == "TableName" || K == "RequestItems" ||
              K == "TransactItems" || K == "Statement" || K == "Statements" ||
              K == "TransactStatements";
  };
  for (TSNode A : namedChildren(*ArgList)) {
    if (type(A) == "keyword_argument") {
      if (auto Name = childByField(A, "name"))
        See(E.text(*Name));
      continue;
    }
    bool Open = false;
    auto Kids = namedChildren(A);
    if (Kids.size() != 1)
      continue;
    if (auto D = Names.literal(Kids[0], "dictionary", Open))
      for (TSNode Pair : namedChildren(*D))
        if (auto K = childByField(Pair, "key"))
          if (type(*K) == "string")
            See(E.text(*K).trim("'\""));
  }
  if (!Dynamo || (!Client && !isTableMethod(Method)))
    return;
  JsonValue Params = Builder.fromArguments(*ArgList, ValueStyle::Guess);
  if (!Client) {
    // table.query(...) on a table passed in: which table is not known.
    json::JsonMember M;
    M.Key = "TableName";
    M.KeyBegin = ts_node_start_byte(*Obj);
    M.KeyEnd = ts_node_end_byte(*Obj);
    M.Value = Builder.unknownString(*Obj);
    Params.Members.insert(Params.Members.begin(), std::move(M));
  }
  emit(N, *MethodNode, *Op, std::move(Params));
}

void Boto3Finder::run(TSNode Root) {
  TypeStubs = C.Src.contains("mypy_boto3_dynamodb") ||
              C.Src.contains("types_boto3_dynamodb");
  Names.collect(Root, [this](TSNode Call, TSNode MethodName) {
    llvm::StringRef Method = E.text(MethodName);
    if (clientOperation(Method) || Method == "paginate")
      Candidates.push_back(Call);
  });
  for (TSNode N : Candidates)
    call(N);
}

} // namespace

/// Whether the file may make a DynamoDB request at all: it names the
/// service (boto3.client("dynamodb"), boto3.dynamodb.conditions,
/// mypy_boto3_dynamodb, DynamoDB in any case) or a parameter only DynamoDB
/// requests have.

void findBoto3Calls(SdkContext &C, TSNode Root) {
  Boto3Finder(C).run(Root);
}

} // namespace nosqlint::extract::sdk
