//===- JsSdk.cpp - AWS SDK for JavaScript v2 and v3 -----------------------===//
//
// Finds the DynamoDB requests a JavaScript or TypeScript file builds:
// - v3 commands, `new QueryCommand({...})`, imported (or required) from
//   @aws-sdk/client-dynamodb (AttributeValue maps) or @aws-sdk/lib-dynamodb
//   (native values), also through a namespace, an alias or a paginator
//   (`paginateQuery(config, {...})`);
// - the v3 aggregated clients `new DynamoDB(...)` and `DynamoDBDocument.from`
//   and the v2 clients `new AWS.DynamoDB()` and `new AWS.DynamoDB.
//   DocumentClient()`: a method of a variable, field or typed parameter bound
//   to one of them (`docClient.query({...})`).
// Only names the file takes from the AWS SDK count: `db.query(sql)`,
// `map.get(k)` or `fetch(...)` are never requests. A file that does not
// mention aws-sdk is not walked.
//
//===----------------------------------------------------------------------===//
#include "JsSdkValues.h"
#include "SdkCalls.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

#include <string_view>

namespace nosqlint::extract::sdk {

namespace {

using js::unwrapTs;
using js::ValueFormat;

llvm::StringRef typeOf(TSNode N) { return ts_node_type(N); }

/// The SDK modules that build DynamoDB requests.
enum class Module : uint8_t {
  V2,         // aws-sdk
  V2DynamoDB, // aws-sdk/clients/dynamodb
  Client,     // @aws-sdk/client-dynamodb
  Lib,        // @aws-sdk/lib-dynamodb
  Util,       // @aws-sdk/util-dynamodb
};

std::optional<Module> moduleOf(llvm::StringRef Source) {
  Source = Source.trim("'\"`");
  return llvm::StringSwitch<std::optional<Module>>(Source)
      .Case("aws-sdk", Module::V2)
      .Case("aws-sdk/clients/dynamodb", Module::V2DynamoDB)
      .Case("@aws-sdk/client-dynamodb", Module::Client)
      .Case("@aws-sdk/lib-dynamodb", Module::Lib)
      .Case("@aws-sdk/util-dynamodb", Module::Util)
      .Default(std::nullopt);
}

/// A module, or a member path inside it: AWS.DynamoDB.DocumentClient is
/// {V2, [DynamoDB, DocumentClient]}.
struct Symbol {
  Module M;
  llvm::SmallVector<std::string, 2> Path;
};

enum class What : uint8_t {
  None,
  Command,    // a v3 command class
  Paginator,  // paginateQuery, paginateScan
  LowV2,      // the v2 DynamoDB class
  DocV2,      // the v2 DocumentClient class
  LowV3,      // the v3 aggregated DynamoDB class
  DocV3,      // the v3 DynamoDBDocument class
  Marshall,   // util-dynamodb's marshall
};

What classify(const Symbol &S) {
  const auto &P = S.Path;
  auto Is = [&](std::initializer_list<llvm::StringRef> Want) {
    if (P.size() != Want.size())
      return false;
    size_t I = 0;
    for (llvm::StringRef W : Want)
      if (P[I++] != W)
        return false;
    return true;
  };
  switch (S.M) {
  case Module::V2:
    if (Is({"DynamoDB"}))
      return What::LowV2;
    if (Is({"DynamoDB", "DocumentClient"}))
      return What::DocV2;
    if (Is({"DynamoDB", "Converter", "marshall"}))
      return What::Marshall;
    return What::None;
  case Module::V2DynamoDB:
    if (P.empty())
      return What::LowV2;
    if (Is({"DocumentClient"}))
      return What::DocV2;
    if (Is({"Converter", "marshall"}))
      return What::Marshall;
    return What::None;
  case Module::Client:
  case Module::Lib:
    if (P.size() != 1)
      return What::None;
    if (llvm::StringRef(P[0]).endswith("Command"))
      return What::Command;
    if (P[0] == "paginateQuery" || P[0] == "paginateScan")
      return What::Paginator;
    if (S.M == Module::Client && P[0] == "DynamoDB")
      return What::LowV3;
    if (S.M == Module::Lib && P[0] == "DynamoDBDocument")
      return What::DocV3;
    return What::None;
  case Module::Util:
    return Is({"marshall"}) ? What::Marshall : What::None;
  }
  return What::None;
}

/// The operation of a v3 command class.
std::optional<llvm::StringRef> commandOperation(Module M,
                                                llvm::StringRef Name) {
  if (!Name.consume_back("Command"))
    return std::nullopt;
  using R = std::optional<llvm::StringRef>;
  if (M == Module::Client)
    return llvm::StringSwitch<R>(Name)
        .Cases("GetItem", "PutItem", "UpdateItem", "DeleteItem", Name)
        .Cases("Query", "Scan", "BatchGetItem", "BatchWriteItem", Name)
        .Cases("TransactGetItems", "TransactWriteItems", Name)
        .Cases("ExecuteStatement", "BatchExecuteStatement",
               "ExecuteTransaction", Name)
        .Case("CreateTable", Name) // a table definition: joins the schema
        .Case("UpdateTable", Name) // its index updates join it too
        .Default(std::nullopt);
  return llvm::StringSwitch<R>(Name)
      .Case("Get", llvm::StringRef("GetItem"))
      .Case("Put", llvm::StringRef("PutItem"))
      .Case("Update", llvm::StringRef("UpdateItem"))
      .Case("Delete", llvm::StringRef("DeleteItem"))
      .Case("BatchGet", llvm::StringRef("BatchGetItem"))
      .Case("BatchWrite", llvm::StringRef("BatchWriteItem"))
      .Case("TransactGet", llvm::StringRef("TransactGetItems"))
      .Case("TransactWrite", llvm::StringRef("TransactWriteItems"))
      .Cases("Query", "Scan", "ExecuteStatement", "BatchExecuteStatement",
             "ExecuteTransaction", Name)
      .Default(std::nullopt);
}

/// The operation a client method sends.
std::optional<llvm::StringRef> methodOperation(What Client,
                                               llvm::StringRef Method) {
  using R = std::optional<llvm::StringRef>;
  if (Client == What::LowV2 || Client == What::LowV3)
    return llvm::StringSwitch<R>(Method)
        .Case("getItem", llvm::StringRef("GetItem"))
        .Case("putItem", llvm::StringRef("PutItem"))
        .Case("updateItem", llvm::StringRef("UpdateItem"))
        .Case("deleteItem", llvm::StringRef("DeleteItem"))
        .Case("query", llvm::StringRef("Query"))
        .Case("scan", llvm::StringRef("Scan"))
        .Case("batchGetItem", llvm::StringRef("BatchGetItem"))
        .Case("batchWriteItem", llvm::StringRef("BatchWriteItem"))
        .Case("transactGetItems", llvm::StringRef("TransactGetItems"))
        .Case("transactWriteItems", llvm::StringRef("TransactWriteItems"))
        .Case("executeStatement", llvm::StringRef("ExecuteStatement"))
        .Case("batchExecuteStatement", llvm::StringRef("BatchExecuteStatement"))
        .Case("executeTransaction", llvm::StringRef("ExecuteTransaction"))
        .Default(std::nullopt);
  if (Client != What::DocV2 && Client != What::DocV3)
    return std::nullopt;
  R Op = llvm::StringSwitch<R>(Method)
             .Case("get", llvm::StringRef("GetItem"))
             .Case("put", llvm::StringRef("PutItem"))
             .Case("update", llvm::StringRef("UpdateItem"))
             .Case("delete", llvm::StringRef("DeleteItem"))
             .Case("query", llvm::StringRef("Query"))
             .Case("scan", llvm::StringRef("Scan"))
             .Case("batchGet", llvm::StringRef("BatchGetItem"))
             .Case("batchWrite", llvm::StringRef("BatchWriteItem"))
             .Case("transactGet", llvm::StringRef("TransactGetItems"))
             .Case("transactWrite", llvm::StringRef("TransactWriteItems"))
             .Default(std::nullopt);
  if (Op || Client == What::DocV2)
    return Op;
  return llvm::StringSwitch<R>(Method)
      .Case("executeStatement", llvm::StringRef("ExecuteStatement"))
      .Case("batchExecuteStatement", llvm::StringRef("BatchExecuteStatement"))
      .Case("executeTransaction", llvm::StringRef("ExecuteTransaction"))
      .Default(std::nullopt);
}

/// What a recognized call or `new` sends.
struct Found {
  std::string Operation;
  bool V3 = true;
  ValueFormat Format = ValueFormat::AttributeValue;
  TSNode OperationNode;
  std::optional<TSNode> Params;
  bool EveryPage = false; // paginateQuery, paginateScan
};

class JsRecognizer {
public:
  explicit JsRecognizer(SdkContext &C) : C(C) {}

  void run(TSNode Root);

private:
  template <typename Fn> void walk(TSNode Root, Fn Visit);
  void collectImport(TSNode N);
  void collectRequire(TSNode Declarator);
  void collectClient(TSNode N);
  void bindClient(llvm::StringRef Key, What Kind);

  std::optional<Symbol> resolve(TSNode N, unsigned Depth = 0) const;
  std::optional<Symbol> resolveText(llvm::StringRef Dotted) const;
  What resolved(TSNode N) const {
    std::optional<Symbol> S = resolve(N);
    return S ? classify(*S) : What::None;
  }
  /// The client class an expression constructs (`new AWS.DynamoDB()`,
  /// `DynamoDBDocument.from(c)`), or None.
  What clientOf(TSNode Value, unsigned Depth = 0) const;
  /// The client class a type annotation names, or None.
  What clientOfType(TSNode Type) const;
  /// The client a call's receiver holds, or None.
  What receiverClient(TSNode Receiver) const;

  std::optional<Found> recognize(TSNode N) const;
  void emit(TSNode N, const Found &F);

  SdkContext &C;
  llvm::StringMap<Symbol> Symbols;
  /// The key of a receiver or bound name written at \p At: `docClient`, or
  /// `this.db` qualified by the class around it (two classes of one file
  /// may hold different things in fields of the same name).
  std::string clientKey(llvm::StringRef Text, uint32_t At) const;
  /// The class bodies of the file, [begin, end).
  std::vector<std::pair<uint32_t, uint32_t>> Classes;
  /// Names (`docClient`, `this.db`) bound to a client; None when a name is
  /// also bound to anything else.
  llvm::StringMap<What> Clients;
  std::optional<js::ParamsBuilder> Builder;
};

template <typename Fn> void JsRecognizer::walk(TSNode Root, Fn Visit) {
  TSTreeCursor Cur = ts_tree_cursor_new(Root);
  bool Done = false;
  while (!Done) {
    TSNode N = ts_tree_cursor_current_node(&Cur);
    if (ts_node_is_named(N))
      Visit(N);
    if (ts_tree_cursor_goto_first_child(&Cur))
      continue;
    while (!ts_tree_cursor_goto_next_sibling(&Cur)) {
      if (!ts_tree_cursor_goto_parent(&Cur)) {
        Done = true;
        break;
      }
    }
  }
  ts_tree_cursor_delete(&Cur);
}

//===----------------------------------------------------------------------===//
// Imports
//===----------------------------------------------------------------------===//

void JsRecognizer::collectImport(TSNode N) {
  // TypeScript: import AWS = require("aws-sdk");
  for (TSNode K : namedChildren(N)) {
    if (typeOf(K) != "import_require_clause")
      continue;
    auto Src = childByField(K, "source");
    auto Kids = namedChildren(K);
    if (!Src || Kids.empty() || typeOf(Kids[0]) != "identifier")
      return;
    if (std::optional<Module> M = moduleOf(C.Eval.text(*Src)))
      Symbols[C.Eval.text(Kids[0])] = Symbol{*M, {}};
    return;
  }
  auto Src = childByField(N, "source");
  if (!Src)
    return;
  std::optional<Module> M = moduleOf(C.Eval.text(*Src));
  if (!M)
    return;
  for (TSNode Clause : namedChildren(N)) {
    if (typeOf(Clause) != "import_clause")
      continue;
    for (TSNode K : namedChildren(Clause)) {
      llvm::StringRef T = typeOf(K);
      if (T == "identifier") { // default import
        Symbols[C.Eval.text(K)] = Symbol{*M, {}};
      } else if (T == "namespace_import") {
        for (TSNode I : namedChildren(K))
          if (typeOf(I) == "identifier")
            Symbols[C.Eval.text(I)] = Symbol{*M, {}};
      } else if (T == "named_imports") {
        for (TSNode S : namedChildren(K)) {
          if (typeOf(S) != "import_specifier")
            continue;
          auto Name = childByField(S, "name");
          auto Alias = childByField(S, "alias");
          if (!Name)
            continue;
          Symbol Sym{*M, {}};
          Sym.Path.push_back(C.Eval.text(*Name).trim("'\"").str());
          Symbols[C.Eval.text(Alias ? *Alias : *Name)] = std::move(Sym);
        }
      }
    }
  }
}

void JsRecognizer::collectRequire(TSNode Declarator) {
  auto Name = childByField(Declarator, "name");
  auto Value = childByField(Declarator, "value");
  if (!Name || !Value)
    return;
  std::optional<Symbol> S = resolve(*Value);
  if (!S)
    return;
  if (typeOf(*Name) == "identifier") {
    Symbols[C.Eval.text(*Name)] = *S;
    return;
  }
  if (typeOf(*Name) != "object_pattern")
    return;
  for (TSNode P : namedChildren(*Name)) {
    Symbol Member = *S;
    if (typeOf(P) == "shorthand_property_identifier_pattern") {
      Member.Path.push_back(C.Eval.text(P).str());
      Symbols[C.Eval.text(P)] = std::move(Member);
    } else if (typeOf(P) == "pair_pattern") {
      auto K = childByField(P, "key");
      auto V = childByField(P, "value");
      if (!K || !V || typeOf(*V) != "identifier")
        continue;
      Member.Path.push_back(C.Eval.text(*K).trim("'\"").str());
      Symbols[C.Eval.text(*V)] = std::move(Member);
    }
  }
}

std::optional<Symbol> JsRecognizer::resolve(TSNode N, unsigned Depth) const {
  if (Depth > 8)
    return std::nullopt;
  N = unwrapTs(N);
  llvm::StringRef T = typeOf(N);
  if (T == "identifier") {
    auto It = Symbols.find(C.Eval.text(N));
    if (It == Symbols.end())
      return std::nullopt;
    return It->second;
  }
  if (T == "member_expression") {
    auto Obj = childByField(N, "object");
    auto Prop = childByField(N, "property");
    if (!Obj || !Prop)
      return std::nullopt;
    std::optional<Symbol> S = resolve(*Obj, Depth + 1);
    if (!S || S->Path.size() > 3)
      return std::nullopt;
    S->Path.push_back(C.Eval.text(*Prop).str());
    return S;
  }
  if (T == "call_expression") {
    CallParts P = C.Eval.callParts(N);
    if (P.Method == "require" && !P.ReceiverNode && P.Args.size() == 1 &&
        typeOf(P.Args[0]) == "string") {
      if (std::optional<Module> M = moduleOf(C.Eval.text(P.Args[0])))
        return Symbol{*M, {}};
      return std::nullopt;
    }
    // AWSXRay.captureAWS(require("aws-sdk"))
    if (P.Method == "captureAWS" && P.Args.size() == 1)
      return resolve(P.Args[0], Depth + 1);
  }
  return std::nullopt;
}

std::optional<Symbol> JsRecognizer::resolveText(llvm::StringRef Dotted) const {
  Dotted = Dotted.trim();
  Dotted = Dotted.take_until([](char Ch) { return Ch == '<'; }).rtrim();
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Dotted.split(Parts, '.');
  if (Parts.empty())
    return std::nullopt;
  auto It = Symbols.find(Parts[0].trim());
  if (It == Symbols.end())
    return std::nullopt;
  Symbol S = It->second;
  for (size_t I = 1; I < Parts.size(); ++I)
    S.Path.push_back(Parts[I].trim().str());
  return S;
}

//===----------------------------------------------------------------------===//
// Clients
//===----------------------------------------------------------------------===//

bool isClient(What W) {
  return W == What::LowV2 || W == What::DocV2 || W == What::LowV3 ||
         W == What::DocV3;
}

What JsRecognizer::clientOf(TSNode Value, unsigned Depth) const {
  Value = unwrapTs(Value);
  llvm::StringRef T = typeOf(Value);
  if (T == "new_expression") {
    auto Ctor = childByField(Value, "constructor");
    What W = Ctor ? resolved(*Ctor) : What::None;
    return isClient(W) ? W : What::None;
  }
  if (T == "call_expression") {
    CallParts P = C.Eval.callParts(Value);
    if (P.Method == "from" && P.ReceiverNode &&
        resolved(*P.ReceiverNode) == What::DocV3)
      return What::DocV3;
    if (P.Method == "captureAWSClient" && P.Args.size() == 1 && Depth < 4)
      return clientOf(P.Args[0], Depth + 1);
  }
  return What::None;
}

What JsRecognizer::clientOfType(TSNode Type) const {
  auto Kids = namedChildren(Type);
  TSNode Named = Kids.empty() ? Type : Kids[0];
  std::optional<Symbol> S = resolveText(C.Eval.text(Named));
  What W = S ? classify(*S) : What::None;
  return isClient(W) ? W : What::None;
}

void JsRecognizer::bindClient(llvm::StringRef Key, What Kind) {
  auto [It, New] = Clients.try_emplace(Key, Kind);
  if (!New && It->second != Kind)
    It->second = What::None;
}

std::string JsRecognizer::clientKey(llvm::StringRef Text, uint32_t At) const {
  std::string K;
  for (char Ch : Text)
    if (!llvm::isSpace(static_cast<unsigned char>(Ch)))
      K += Ch;
  if (!llvm::StringRef(K).startswith("this."))
    return K;
  // The innermost class body around the position.
  uint32_t Best = UINT32_MAX, BestSize = UINT32_MAX;
  for (auto [Begin, End] : Classes)
    if (Begin <= At && At < End && End - Begin < BestSize) {
      Best = Begin;
      BestSize = End - Begin;
    }
  return std::to_string(Best) + ":" + K;
}

void JsRecognizer::collectClient(TSNode N) {
  llvm::StringRef T = typeOf(N);
  if (T == "variable_declarator") {
    auto Name = childByField(N, "name");
    if (!Name || typeOf(*Name) != "identifier")
      return;
    auto V = childByField(N, "value");
    auto Ty = childByField(N, "type");
    if (!V && !Ty)
      return; // `let client;`: the assignment binds it
    // The value's class, else the declared type (`db: DocumentClient = f()`).
    What W = V ? clientOf(*V) : What::None;
    if (W == What::None && Ty)
      W = clientOfType(*Ty);
    bindClient(C.Eval.text(*Name), W);
    return;
  }
  if (T == "assignment_expression") {
    auto L = childByField(N, "left");
    auto R = childByField(N, "right");
    if (!L || !R)
      return;
    llvm::StringRef LT = typeOf(*L);
    if (LT == "identifier" || LT == "member_expression")
      bindClient(clientKey(C.Eval.text(*L), ts_node_start_byte(*L)),
                 clientOf(*R));
    return;
  }
  if (T == "public_field_definition" || T == "field_definition") {
    auto Name = childByField(N, T == "field_definition" ? "property" : "name");
    if (!Name)
      return;
    std::string Key =
        clientKey("this." + C.Eval.text(*Name).str(), ts_node_start_byte(N));
    auto V = childByField(N, "value");
    auto Ty = childByField(N, "type");
    if (!V && !Ty)
      return;
    What W = V ? clientOf(*V) : What::None;
    if (W == What::None && Ty)
      W = clientOfType(*Ty);
    bindClient(Key, W);
    return;
  }
  if (T == "required_parameter" || T == "optional_parameter") {
    auto P = childByField(N, "pattern");
    if (!P || typeOf(*P) != "identifier")
      return;
    auto Ty = childByField(N, "type");
    What W = Ty ? clientOfType(*Ty) : What::None;
    bindClient(C.Eval.text(*P), W);
    // A parameter property: constructor(private readonly db: ...).
    bool Property = C.Eval.text(N).startswith("readonly");
    for (TSNode K : namedChildren(N))
      Property |= typeOf(K) == "accessibility_modifier";
    if (Property)
      bindClient(clientKey("this." + C.Eval.text(*P).str(),
                           ts_node_start_byte(N)),
                 W);
    return;
  }
  if (T == "formal_parameters") { // JavaScript: plain identifiers
    for (TSNode K : namedChildren(N))
      if (typeOf(K) == "identifier")
        bindClient(C.Eval.text(K), What::None);
    return;
  }
  if (T == "arrow_function")
    if (auto P = childByField(N, "parameter"); P && typeOf(*P) == "identifier")
      bindClient(C.Eval.text(*P), What::None);
}

What JsRecognizer::receiverClient(TSNode Receiver) const {
  Receiver = unwrapTs(Receiver);
  llvm::StringRef T = typeOf(Receiver);
  if (T == "new_expression" || T == "call_expression")
    return clientOf(Receiver);
  if (T != "identifier" && T != "member_expression")
    return What::None;
  auto It = Clients.find(
      clientKey(C.Eval.text(Receiver), ts_node_start_byte(Receiver)));
  return It == Clients.end() ? What::None : It->second;
}

//===----------------------------------------------------------------------===//
// Requests
//===----------------------------------------------------------------------===//

std::optional<Found> JsRecognizer::recognize(TSNode N) const {
  llvm::StringRef T = typeOf(N);
  if (T == "new_expression") {
    auto Ctor = childByField(N, "constructor");
    if (!Ctor)
      return std::nullopt;
    std::optional<Symbol> S = resolve(*Ctor);
    if (!S || classify(*S) != What::Command)
      return std::nullopt;
    std::optional<llvm::StringRef> Op = commandOperation(S->M, S->Path[0]);
    if (!Op)
      return std::nullopt;
    Found F;
    F.Operation = Op->str();
    F.Format = S->M == Module::Lib ? ValueFormat::Native
                                   : ValueFormat::AttributeValue;
    F.OperationNode = *Ctor;
    if (typeOf(*Ctor) == "member_expression")
      if (auto Prop = childByField(*Ctor, "property"))
        F.OperationNode = *Prop;
    CallParts P = C.Eval.callParts(N);
    if (!P.Args.empty())
      F.Params = P.Args[0];
    return F;
  }
  if (T != "call_expression")
    return std::nullopt;
  auto Fn = childByField(N, "function");
  if (!Fn)
    return std::nullopt;
  CallParts P = C.Eval.callParts(N);
  Found F;
  F.OperationNode = *Fn;
  if (typeOf(*Fn) == "member_expression")
    if (auto Prop = childByField(*Fn, "property"))
      F.OperationNode = *Prop;
  if (std::optional<Symbol> S = resolve(*Fn);
      S && classify(*S) == What::Paginator) {
    F.Operation = S->Path[0] == "paginateQuery" ? "Query" : "Scan";
    F.EveryPage = true;
    F.Format = S->M == Module::Lib ? ValueFormat::Native
                                   : ValueFormat::AttributeValue;
    if (P.Args.size() >= 2)
      F.Params = P.Args[1];
    return F;
  }
  if (!P.ReceiverNode || typeOf(*Fn) != "member_expression")
    return std::nullopt;
  What Client = receiverClient(*P.ReceiverNode);
  if (!isClient(Client))
    return std::nullopt;
  std::optional<llvm::StringRef> Op = methodOperation(Client, P.Method);
  if (!Op)
    return std::nullopt;
  if (!P.Args.empty()) {
    llvm::StringRef AT = typeOf(unwrapTs(P.Args[0]));
    if (AT == "string" || AT == "template_string")
      return std::nullopt; // not the SDK's signature
    F.Params = P.Args[0];
  }
  F.Operation = Op->str();
  F.V3 = Client == What::LowV3 || Client == What::DocV3;
  F.Format = Client == What::DocV2 || Client == What::DocV3
                 ? ValueFormat::Native
                 : ValueFormat::AttributeValue;
  return F;
}

void JsRecognizer::emit(TSNode N, const Found &F) {
  js::ParamsBuilder &B = *Builder;
  B.setFormat(F.Format);
  JsonValue Params;
  if (F.Params) {
    Params = B.params(*F.Params);
  } else {
    Params = C.Json.object(N);
    Params.Unknown = true;
  }
  DynamoCall Call =
      makeDynamoCall(C.Json, F.Operation, F.V3 ? "aws-sdk-js-v3" : "aws-sdk-js-v2",
                     std::move(Params), N, F.OperationNode);
  Call.EveryPage = F.EveryPage;
  C.Out.push_back(std::move(Call));
}

void JsRecognizer::run(TSNode Root) {
  walk(Root, [&](TSNode N) {
    llvm::StringRef T = typeOf(N);
    if (T == "import_statement")
      collectImport(N);
    else if (T == "variable_declarator")
      collectRequire(N);
    else if (T == "class_body")
      Classes.emplace_back(ts_node_start_byte(N), ts_node_end_byte(N));
  });
  if (Symbols.empty())
    return;
  walk(Root, [&](TSNode N) { collectClient(N); });
  Builder.emplace(C, Root, ValueFormat::AttributeValue, [this](TSNode Call) {
    return recognize(Call).has_value();
  });
  Builder->IsMarshallCall = [this](TSNode Call) {
    auto Fn = childByField(Call, "function");
    return Fn && resolved(*Fn) == What::Marshall;
  };
  walk(Root, [&](TSNode N) {
    llvm::StringRef T = typeOf(N);
    if (T == "pair") {
      // `Statement: "SELECT ..."` in a file that uses DynamoDB is PartiQL,
      // also when the client it goes to is not recognized: not CQL.
      auto K = childByField(N, "key");
      auto V = childByField(N, "value");
      if (K && V && C.Eval.text(*K).trim("'\"") == "Statement")
        C.Json.consume(unwrapTs(*V));
      return;
    }
    if (T != "new_expression" && T != "call_expression")
      return;
    if (std::optional<Found> F = recognize(N))
      emit(N, *F);
  });
}

} // namespace

void findJsSdkCalls(SdkContext &C, TSNode Root) {
  JsRecognizer(C).run(Root);
}

} // namespace nosqlint::extract::sdk
