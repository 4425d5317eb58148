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
//
//===----------------------------------------------------------------------===//
#include "Boto3Conditions.h"
#include "SdkCalls.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <cstring>

namespace nosqlint::extract::sdk {

namespace {

constexpr unsigned MaxDepth = 12;

std::optional<TSNode> field(TSNode N, const char *Name) {
  TSNode C = ts_node_child_by_field_name(N, Name,
                                         static_cast<uint32_t>(strlen(Name)));
  if (ts_node_is_null(C))
    return std::nullopt;
  return C;
}

llvm::StringRef type(TSNode N) { return ts_node_type(N); }

TSNode unparen(TSNode N) {
  for (unsigned I = 0; I < 16; ++I) {
    llvm::StringRef T = type(N);
    if ((T != "parenthesized_expression" && T != "await") ||
        ts_node_named_child_count(N) != 1)
      break;
    N = ts_node_named_child(N, 0);
  }
  return N;
}

llvm::SmallVector<TSNode, 8> namedChildren(TSNode N) {
  llvm::SmallVector<TSNode, 8> R;
  uint32_t Count = ts_node_named_child_count(N);
  for (uint32_t I = 0; I < Count; ++I) {
    TSNode C = ts_node_named_child(N, I);
    if (type(C) != "comment")
      R.push_back(C);
  }
  return R;
}

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

/// Parameters that hold one string.
bool isStringParam(llvm::StringRef K) {
  return llvm::StringSwitch<bool>(K)
      .Cases("TableName", "IndexName", "KeyConditionExpression",
             "FilterExpression", "ConditionExpression", true)
      .Cases("ProjectionExpression", "UpdateExpression", "Statement",
             "Select", "ReturnValues", true)
      .Cases("ReturnConsumedCapacity", "ReturnItemCollectionMetrics",
             "ConditionalOperator", "ComparisonOperator", "Action", true)
      .Case("ReturnValuesOnConditionCheckFailure", true)
      .Default(false);
}

bool isAttributeValueType(llvm::StringRef K) {
  return llvm::StringSwitch<bool>(K)
      .Cases("S", "N", "B", "SS", "NS", true)
      .Cases("BS", "M", "L", "NULL", "BOOL", true)
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
};

/// How AttributeValues are written.
enum class Mode : uint8_t {
  Wire,   // {"S": "x"}
  Native, // "x"
  Guess,  // an unknown receiver: {"S": ...} read as wire, the rest native
};

/// A name bound in a scope.
struct Binding {
  llvm::StringRef Name;
  TSNode Value;
  TSNode Scope;             // function, lambda, class or module
  uint32_t End = 0;         // the end of the binding statement
  bool Self = false;        // self.Name = ...
  bool Annotation = false;  // Value is a type annotation
  bool Opaque = false;      // an untyped parameter: nothing known
};

class Boto3Finder {
public:
  explicit Boto3Finder(SdkContext &C)
      : C(C), J(C.Json), E(C.Eval),
        Conditions(C.Json, [this](TSNode N) { return follow(N); }) {}

  void run(TSNode Root);

private:
  void collect(TSNode Root);
  void addBinding(TSNode Left, TSNode Value, TSNode Stmt, bool Annotation);
  TSNode scopeOf(TSNode N) const;
  std::optional<TSNode> enclosingClass(TSNode N) const;

  Target classify(TSNode N, unsigned Depth);
  Target combine(llvm::ArrayRef<const Binding *> Bs, unsigned Depth);
  Target lookupName(TSNode Ident, unsigned Depth);
  Target lookupSelf(TSNode Use, llvm::StringRef Name, unsigned Depth);
  Target fromAnnotation(TSNode Type) const;
  std::vector<const Binding *> bindingsOf(TSNode Ident) const;
  std::optional<std::string> constantString(TSNode N);
  bool looksDynamo(TSNode Receiver) const;

  /// The value of a name bound once in its scope (a dict of parameters, a
  /// condition built earlier).
  std::optional<TSNode> follow(TSNode Ident) const;
  /// A dict or list literal \p N stands for, directly or through a name;
  /// \p Open is set when the program may change it after it is built.
  std::optional<TSNode> literal(TSNode N, llvm::StringRef Type, bool &Open) const;
  bool changedBetween(llvm::StringRef Name, uint32_t From, uint32_t To) const;

  void call(TSNode N);
  void emit(TSNode Call, TSNode Method, llvm::StringRef Op, JsonValue Params);

  // Parameters.
  struct Pending {
    std::vector<BuiltCondition::Name> Names;
    std::vector<std::pair<std::string, TSNode>> Values;
    std::optional<TSNode> FirstCondition;
    /// KeyConditionExpression given as a condition: built last, as boto3
    /// does (its placeholders follow those of the other expressions).
    std::optional<std::pair<size_t, TSNode>> KeyCondition;
  };
  JsonValue fromArguments(TSNode ArgList);
  JsonValue structure(TSNode N);
  void member(JsonValue &Obj, llvm::StringRef Key, TSNode KeyNode, TSNode V,
              Pending &P);
  void splat(JsonValue &Obj, TSNode Inner, Pending &P);
  void finish(JsonValue &Obj, Pending &P);
  void condition(JsonValue &Obj, size_t Index, TSNode V, bool Key, Pending &P);
  JsonValue value(llvm::StringRef Key, TSNode V);
  JsonValue generic(TSNode V);
  JsonValue attributeValue(TSNode V, Mode M);
  JsonValue wireValue(TSNode V);
  JsonValue nativeValue(TSNode V);
  JsonValue valueMap(TSNode V, Mode M);
  JsonValue valueList(TSNode V, Mode M);
  JsonValue mapOf(TSNode V, bool TableKeys,
                  llvm::function_ref<JsonValue(TSNode)> Each);
  JsonValue listOf(TSNode V, llvm::function_ref<JsonValue(TSNode)> Each);
  JsonValue unknownString(TSNode N) const;
  JsonValue numberText(TSNode N, llvm::StringRef Text) const;
  /// The key of a dict pair as a string; nothing when computed.
  std::optional<JsonValue> key(TSNode K);

  SdkContext &C;
  HostJson &J;
  Evaluator &E;
  ConditionBuilder Conditions;
  std::vector<Binding> Bindings;
  std::vector<TSNode> Candidates;
  bool TypeStubs = false; // the file imports mypy_boto3_dynamodb's types
  Mode CurMode = Mode::Wire;
  PlaceholderCounters Counters;
};

//===----------------------------------------------------------------------===//
// Scopes and bindings
//===----------------------------------------------------------------------===//

bool isScope(llvm::StringRef T) {
  return T == "function_definition" || T == "lambda" ||
         T == "class_definition" || T == "module";
}

TSNode Boto3Finder::scopeOf(TSNode N) const {
  TSNode P = ts_node_parent(N);
  while (!ts_node_is_null(P) && !isScope(type(P)))
    P = ts_node_parent(P);
  return P;
}

std::optional<TSNode> Boto3Finder::enclosingClass(TSNode N) const {
  for (TSNode P = scopeOf(N); !ts_node_is_null(P); P = scopeOf(P))
    if (type(P) == "class_definition")
      return P;
  return std::nullopt;
}

void Boto3Finder::addBinding(TSNode Left, TSNode Value, TSNode Stmt,
                             bool Annotation) {
  Binding B;
  B.Value = Value;
  B.Scope = scopeOf(Stmt);
  B.End = ts_node_end_byte(Stmt);
  B.Annotation = Annotation;
  if (type(Left) == "identifier") {
    B.Name = E.text(Left);
  } else if (type(Left) == "attribute") {
    auto O = field(Left, "object");
    auto A = field(Left, "attribute");
    if (!O || !A || type(*O) != "identifier" ||
        (E.text(*O) != "self" && E.text(*O) != "cls"))
      return;
    B.Name = E.text(*A);
    B.Self = true;
  } else {
    return;
  }
  if (ts_node_is_null(B.Scope))
    return;
  Bindings.push_back(B);
}

void Boto3Finder::collect(TSNode Root) {
  TSTreeCursor Cur = ts_tree_cursor_new(Root);
  bool Done = false;
  while (!Done) {
    TSNode N = ts_tree_cursor_current_node(&Cur);
    llvm::StringRef T = type(N);
    if (T == "assignment") {
      auto L = field(N, "left");
      auto R = field(N, "right");
      auto Ty = field(N, "type");
      if (L && R)
        addBinding(*L, *R, N, false);
      else if (L && Ty)
        addBinding(*L, *Ty, N, true);
    } else if (T == "as_pattern") {
      // with x() as name:
      auto Alias = field(N, "alias");
      auto Kids = namedChildren(N);
      if (Alias && !Kids.empty()) {
        auto Inner = namedChildren(*Alias);
        if (Inner.size() == 1)
          addBinding(Inner[0], Kids[0], N, false);
      }
    } else if (T == "typed_parameter" || T == "typed_default_parameter") {
      auto Ty = field(N, "type");
      std::optional<TSNode> Name = field(N, "name");
      if (!Name) {
        auto Kids = namedChildren(N);
        if (!Kids.empty() && type(Kids[0]) == "identifier")
          Name = Kids[0];
      }
      if (Name && Ty)
        addBinding(*Name, *Ty, N, true);
    } else if (T == "identifier" || T == "default_parameter") {
      TSNode P = ts_node_parent(N);
      if (!ts_node_is_null(P) && type(P) == "parameters") {
        std::optional<TSNode> Name = N;
        if (T == "default_parameter")
          Name = field(N, "name");
        if (Name) {
          addBinding(*Name, *Name, N, false);
          if (!Bindings.empty() && ts_node_eq(Bindings.back().Value, *Name))
            Bindings.back().Opaque = true;
        }
      }
    } else if (T == "call") {
      auto F = field(N, "function");
      if (F && type(*F) == "attribute")
        if (auto M = field(*F, "attribute")) {
          llvm::StringRef Method = E.text(*M);
          if (clientOperation(Method) || Method == "paginate")
            Candidates.push_back(N);
        }
    }
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

std::vector<const Binding *> Boto3Finder::bindingsOf(TSNode Ident) const {
  llvm::StringRef Name = E.text(Ident);
  bool First = true;
  for (TSNode S = scopeOf(Ident); !ts_node_is_null(S); S = scopeOf(S)) {
    // A class body's names are not seen from its methods.
    if (type(S) == "class_definition" && !First)
      continue;
    First = false;
    std::vector<const Binding *> Found;
    for (const Binding &B : Bindings)
      if (!B.Self && B.Name == Name && ts_node_eq(B.Scope, S))
        Found.push_back(&B);
    if (!Found.empty())
      return Found;
  }
  return {};
}

std::optional<TSNode> Boto3Finder::follow(TSNode Ident) const {
  if (type(Ident) != "identifier")
    return std::nullopt;
  std::vector<const Binding *> Bs = bindingsOf(Ident);
  if (Bs.size() != 1 || Bs[0]->Annotation || Bs[0]->Opaque)
    return std::nullopt;
  return unparen(Bs[0]->Value);
}

bool Boto3Finder::changedBetween(llvm::StringRef Name, uint32_t From,
                                 uint32_t To) const {
  if (From >= To || To > C.Src.size())
    return false;
  llvm::StringRef Text = C.Src.slice(From, To);
  for (size_t Pos = Text.find(Name); Pos != llvm::StringRef::npos;
       Pos = Text.find(Name, Pos + 1)) {
    if (Pos > 0 && (llvm::isAlnum(Text[Pos - 1]) || Text[Pos - 1] == '_' ||
                    Text[Pos - 1] == '.'))
      continue;
    llvm::StringRef After = Text.drop_front(Pos + Name.size()).ltrim(" \t");
    if (After.startswith("[") || After.startswith(".update(") ||
        After.startswith(".setdefault(") || After.startswith(".pop(") ||
        After.startswith(".append(") || After.startswith(".extend(") ||
        After.startswith(".insert(") || After.startswith("|=") ||
        After.startswith("+="))
      return true;
  }
  return false;
}

std::optional<TSNode> Boto3Finder::literal(TSNode N, llvm::StringRef Type,
                                           bool &Open) const {
  N = unparen(N);
  if (type(N) == Type)
    return N;
  if (type(N) != "identifier")
    return std::nullopt;
  std::vector<const Binding *> Bs = bindingsOf(N);
  if (Bs.size() != 1 || Bs[0]->Annotation || Bs[0]->Opaque)
    return std::nullopt;
  TSNode V = unparen(Bs[0]->Value);
  if (type(V) != Type)
    return std::nullopt;
  if (changedBetween(E.text(N), Bs[0]->End, ts_node_start_byte(N)))
    Open = true;
  return V;
}

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
  if (T.endswith("DynamoDBClient"))
    return {Handle::Client, {}, {}, false};
  if (T.endswith("DynamoDBServiceResource"))
    return {Handle::Resource, {}, {}, false};
  if (TypeStubs && (T == "Table" || T.endswith(".Table")))
    return {Handle::Table, {}, {}, false};
  return {};
}

Target Boto3Finder::combine(llvm::ArrayRef<const Binding *> Bs,
                            unsigned Depth) {
  Target R;
  bool Init = false;
  for (const Binding *B : Bs) {
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

Target Boto3Finder::lookupName(TSNode Ident, unsigned Depth) {
  std::vector<const Binding *> Bs = bindingsOf(Ident);
  return combine(Bs, Depth);
}

Target Boto3Finder::lookupSelf(TSNode Use, llvm::StringRef Name,
                               unsigned Depth) {
  std::optional<TSNode> Class = enclosingClass(Use);
  if (!Class)
    return {};
  std::vector<const Binding *> Bs;
  for (const Binding &B : Bindings) {
    if (B.Name != Name)
      continue;
    if (B.Self) {
      std::optional<TSNode> BC = enclosingClass(B.Value);
      if (BC && ts_node_eq(*BC, *Class))
        Bs.push_back(&B);
    } else if (ts_node_eq(B.Scope, *Class)) {
      Bs.push_back(&B); // a class attribute
    }
  }
  return combine(Bs, Depth);
}

Target Boto3Finder::classify(TSNode N, unsigned Depth) {
  if (Depth > MaxDepth)
    return {};
  N = unparen(N);
  llvm::StringRef T = type(N);
  if (T == "identifier")
    return lookupName(N, Depth);
  if (T == "attribute") {
    auto O = field(N, "object");
    auto A = field(N, "attribute");
    if (!O || !A)
      return {};
    llvm::StringRef Attr = E.text(*A);
    TSNode Obj = unparen(*O);
    // resource.meta.client: the resource's client, with its transformations.
    if (Attr == "client" && type(Obj) == "attribute") {
      auto Meta = field(Obj, "attribute");
      auto Owner = field(Obj, "object");
      if (Meta && Owner && E.text(*Meta) == "meta") {
        Target Of = classify(*Owner, Depth + 1);
        if (Of.K == Handle::Resource || Of.K == Handle::Table)
          return {Handle::NativeClient, {}, {}, false};
      }
      return {};
    }
    if (type(Obj) == "identifier" &&
        (E.text(Obj) == "self" || E.text(Obj) == "cls"))
      return lookupSelf(N, Attr, Depth);
    return {};
  }
  if (T != "call")
    return {};
  auto F = field(N, "function");
  if (!F)
    return {};
  TSNode Callee = unparen(*F);
  llvm::StringRef Method;
  std::optional<TSNode> Obj;
  if (type(Callee) == "identifier") {
    Method = E.text(Callee);
  } else if (type(Callee) == "attribute") {
    if (auto A = field(Callee, "attribute"))
      Method = E.text(*A);
    Obj = field(Callee, "object");
  }
  auto Arg = [&](size_t Pos, llvm::StringRef Name) -> std::optional<TSNode> {
    auto Args = field(N, "arguments");
    if (!Args)
      return std::nullopt;
    size_t I = 0;
    for (TSNode K : namedChildren(*Args)) {
      if (type(K) == "keyword_argument") {
        auto KN = field(K, "name");
        if (KN && E.text(*KN) == Name)
          return field(K, "value");
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
    if (Of.K != Handle::Client && Of.K != Handle::NativeClient)
      return {};
    auto S = Arg(0, "operation_name");
    std::optional<std::string> Op = S ? constantString(*S) : std::nullopt;
    if (!Op || (*Op != "query" && *Op != "scan"))
      return {};
    return {Handle::Paginator, {}, *Op == "query" ? "Query" : "Scan",
            Of.K == Handle::NativeClient};
  }
  return {};
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

JsonValue Boto3Finder::unknownString(TSNode N) const {
  JsonValue V = J.unknown(N);
  V.K = JsonValue::Kind::String;
  V.ContentBegin = V.Begin;
  V.ContentEnd = V.End;
  return V;
}

JsonValue Boto3Finder::numberText(TSNode N, llvm::StringRef Text) const {
  // The wire format writes numbers as strings: {"N": "5"}.
  return J.synthesized(N, Text.str(),
                       TextOrigin::identity(J.file(), ts_node_start_byte(N)));
}

std::optional<JsonValue> Boto3Finder::key(TSNode K) {
  JsonValue V = J.string(K);
  if (V.Unknown || !V.isString())
    return std::nullopt;
  return V;
}

JsonValue Boto3Finder::generic(TSNode V) {
  V = unparen(V);
  llvm::StringRef T = type(V);
  if (T == "string" || T == "concatenated_string" ||
      T == "binary_operator" || T == "identifier" || T == "attribute") {
    bool Open = false;
    if (T == "identifier") {
      if (auto D = literal(V, "dictionary", Open))
        return generic(*D);
      if (auto L = literal(V, "list", Open))
        return generic(*L);
      return J.unknown(V);
    }
    if (T == "attribute")
      return J.unknown(V);
    return J.string(V);
  }
  if (T == "integer" || T == "float")
    return J.number(V);
  if (T == "true" || T == "false")
    return J.boolean(V);
  if (T == "none") {
    JsonValue N = J.unknown(V);
    N.Unknown = false; // a known null
    return N;
  }
  if (T == "dictionary")
    return mapOf(V, false, [this](TSNode X) { return generic(X); });
  if (T == "list" || T == "tuple")
    return listOf(V, [this](TSNode X) { return generic(X); });
  return J.unknown(V);
}

JsonValue Boto3Finder::mapOf(TSNode V, bool TableKeys,
                             llvm::function_ref<JsonValue(TSNode)> Each) {
  bool Open = false;
  std::optional<TSNode> D = literal(V, "dictionary", Open);
  if (!D) {
    JsonValue O = J.object(V);
    O.Unknown = true;
    return O;
  }
  JsonValue O = J.object(*D);
  O.Unknown = Open;
  for (TSNode Pair : namedChildren(*D)) {
    if (type(Pair) != "pair") {
      O.Unknown = true; // **more
      continue;
    }
    auto K = field(Pair, "key");
    auto Val = field(Pair, "value");
    if (!K || !Val)
      continue;
    std::optional<JsonValue> Key = key(*K);
    if (!Key) {
      O.Unknown = true;
      continue;
    }
    JsonValue Item = Each(*Val);
    if (TableKeys) {
      // A table name key: the reader takes the name between the quotes.
      json::JsonMember M;
      M.Key = Key->Str;
      M.KeyBegin = Key->ContentBegin - 1;
      M.KeyEnd = Key->ContentEnd + 1;
      M.Value = std::move(Item);
      O.Members.push_back(std::move(M));
      continue;
    }
    HostJson::add(O, Key->Str, std::move(Item), *K);
  }
  return O;
}

JsonValue Boto3Finder::listOf(TSNode V,
                              llvm::function_ref<JsonValue(TSNode)> Each) {
  bool Open = false;
  std::optional<TSNode> L = literal(V, "list", Open);
  if (!L)
    L = literal(V, "tuple", Open);
  if (!L) {
    JsonValue A = J.array(V);
    A.Unknown = true;
    return A;
  }
  JsonValue A = J.array(*L);
  A.Unknown = Open;
  for (TSNode X : namedChildren(*L)) {
    if (type(X) == "list_splat") {
      A.Unknown = true;
      continue;
    }
    A.Elements.push_back(Each(X));
  }
  return A;
}

JsonValue Boto3Finder::valueMap(TSNode V, Mode M) {
  return mapOf(V, false,
               [this, M](TSNode X) { return attributeValue(X, M); });
}

JsonValue Boto3Finder::valueList(TSNode V, Mode M) {
  return listOf(V, [this, M](TSNode X) { return attributeValue(X, M); });
}

/// {"S": ...}: a dict of one AttributeValue type.
static bool isWireShaped(const Evaluator &E, TSNode V) {
  if (type(V) != "dictionary")
    return false;
  auto Kids = namedChildren(V);
  if (Kids.size() != 1 || type(Kids[0]) != "pair")
    return false;
  auto K = field(Kids[0], "key");
  return K && type(*K) == "string" &&
         isAttributeValueType(E.text(*K).trim("'\""));
}

JsonValue Boto3Finder::attributeValue(TSNode V, Mode M) {
  V = unparen(V);
  if (M == Mode::Wire || (M == Mode::Guess && isWireShaped(E, V)))
    return wireValue(V);
  return nativeValue(V);
}

JsonValue Boto3Finder::wireValue(TSNode V) {
  if (!isWireShaped(E, V)) {
    if (type(V) == "dictionary")
      return generic(V); // not an AttributeValue: as written
    return J.unknown(V);
  }
  TSNode Pair = namedChildren(V)[0];
  TSNode K = *field(Pair, "key");
  std::optional<TSNode> Val = field(Pair, "value");
  llvm::StringRef Type = E.text(K).trim("'\"");
  JsonValue Inner;
  if (!Val)
    Inner = J.unknown(V);
  else if (Type == "S" || Type == "N" || Type == "B")
    Inner = J.string(*Val);
  else if (Type == "BOOL" || Type == "NULL")
    Inner = J.boolean(*Val);
  else if (Type == "L")
    Inner = valueList(*Val, Mode::Wire);
  else if (Type == "M")
    Inner = valueMap(*Val, Mode::Wire);
  else
    Inner = generic(*Val); // SS, NS, BS
  JsonValue A = J.object(V);
  HostJson::add(A, Type, std::move(Inner), K);
  return A;
}

static bool isBytesLiteral(const Evaluator &E, TSNode N) {
  if (type(N) != "string")
    return false;
  llvm::StringRef Prefix =
      E.text(N).take_until([](char C) { return C == '\'' || C == '"'; });
  return Prefix.contains_insensitive("b");
}

JsonValue Boto3Finder::nativeValue(TSNode V) {
  llvm::StringRef T = type(V);
  if (T == "string" || T == "concatenated_string") {
    if (isBytesLiteral(E, V))
      return J.attributeValue(V, "B", unknownString(V));
    return J.attributeValue(V, "S", J.string(V));
  }
  if (T == "integer" || T == "float")
    return J.attributeValue(V, "N", numberText(V, E.text(V)));
  if (T == "unary_operator") {
    auto Op = field(V, "operator");
    auto A = field(V, "argument");
    if (Op && A && E.text(*Op) == "-" &&
        (type(*A) == "integer" || type(*A) == "float"))
      return J.attributeValue(V, "N", numberText(V, E.text(V)));
    return J.unknown(V);
  }
  if (T == "true" || T == "false")
    return J.attributeValue(V, "BOOL", J.boolean(V));
  if (T == "none") {
    JsonValue B = J.boolean(V);
    B.Bool = true;
    B.Unknown = false;
    return J.attributeValue(V, "NULL", std::move(B));
  }
  if (T == "list" || T == "tuple")
    return J.attributeValue(V, "L", valueList(V, Mode::Native));
  if (T == "dictionary")
    return J.attributeValue(V, "M", valueMap(V, Mode::Native));
  if (T == "set") {
    // A set of strings, numbers or bytes: SS, NS, BS.
    llvm::StringRef Kind;
    JsonValue A = J.array(V);
    for (TSNode X : namedChildren(V)) {
      llvm::StringRef XT = type(X);
      llvm::StringRef K = XT == "string" ? (isBytesLiteral(E, X) ? "BS" : "SS")
                          : (XT == "integer" || XT == "float") ? "NS"
                                                               : "";
      if (K.empty() || (!Kind.empty() && K != Kind))
        return J.unknown(V);
      Kind = K;
      A.Elements.push_back(K == "SS"   ? J.string(X)
                           : K == "NS" ? numberText(X, E.text(X))
                                       : unknownString(X));
    }
    if (Kind.empty())
      return J.unknown(V);
    return J.attributeValue(V, Kind, std::move(A));
  }
  if (T == "call") {
    auto F = field(V, "function");
    auto Args = field(V, "arguments");
    if (F && Args) {
      llvm::StringRef Callee = E.text(*F);
      auto Kids = namedChildren(*Args);
      if (Callee == "Decimal" || Callee.endswith(".Decimal")) {
        if (Kids.size() == 1 &&
            (type(Kids[0]) == "integer" || type(Kids[0]) == "float"))
          return J.attributeValue(V, "N", numberText(Kids[0], E.text(Kids[0])));
        if (Kids.size() == 1 && type(Kids[0]) == "string") {
          JsonValue S = J.string(Kids[0]);
          double D = 0;
          if (!S.Unknown && !llvm::StringRef(S.Str).trim().getAsDouble(D))
            return J.attributeValue(V, "N", std::move(S));
        }
        return J.attributeValue(V, "N", unknownString(V));
      }
      if (Callee == "Binary" || Callee.endswith(".Binary"))
        return J.attributeValue(V, "B", unknownString(V));
    }
  }
  return J.unknown(V);
}

//===----------------------------------------------------------------------===//
// Parameters
//===----------------------------------------------------------------------===//

JsonValue Boto3Finder::value(llvm::StringRef Key, TSNode V) {
  V = unparen(V);
  Mode M = CurMode;
  if (Key == "Key" || Key == "Item" || Key == "ExclusiveStartKey" ||
      Key == "ExpressionAttributeValues")
    return valueMap(V, M);
  if (Key == "Parameters" || Key == "AttributeValueList")
    return valueList(V, M);
  if (Key == "Value")
    return attributeValue(V, M);
  if (Key == "Keys")
    return listOf(V, [this, M](TSNode X) { return valueMap(X, M); });
  if (Key == "RequestItems")
    return mapOf(V, true, [this](TSNode X) {
      X = unparen(X);
      bool Open = false;
      if (literal(X, "list", Open) || literal(X, "tuple", Open))
        return listOf(X, [this](TSNode W) { return structure(W); });
      return structure(X);
    });
  if (Key == "KeyConditions" || Key == "QueryFilter" || Key == "ScanFilter" ||
      Key == "Expected" || Key == "AttributeUpdates")
    return mapOf(V, false, [this](TSNode X) { return structure(X); });
  if (Key == "TransactItems" || Key == "Statements" ||
      Key == "TransactStatements")
    return listOf(V, [this](TSNode X) { return structure(X); });
  if (Key == "Get" || Key == "Put" || Key == "Update" || Key == "Delete" ||
      Key == "ConditionCheck" || Key == "PutRequest" ||
      Key == "DeleteRequest")
    return structure(V);
  if (Key == "Limit" || Key == "Segment" || Key == "TotalSegments")
    return J.number(V);
  if (Key == "ConsistentRead")
    return J.boolean(V);
  if (isStringParam(Key))
    return J.string(V);
  return generic(V);
}

void Boto3Finder::member(JsonValue &Obj, llvm::StringRef Key, TSNode KeyNode,
                         TSNode V, Pending &P) {
  bool IsKey = Key == "KeyConditionExpression";
  if ((IsKey || Key == "FilterExpression" || Key == "ConditionExpression") &&
      CurMode != Mode::Wire && Conditions.isCondition(V)) {
    // A placeholder value; the expression is written below.
    HostJson::add(Obj, Key, unknownString(V), KeyNode);
    size_t Index = Obj.Members.size() - 1;
    if (IsKey)
      P.KeyCondition = {Index, V};
    else
      condition(Obj, Index, V, false, P);
    return;
  }
  HostJson::add(Obj, Key, value(Key, V), KeyNode);
}

void Boto3Finder::condition(JsonValue &Obj, size_t Index, TSNode V, bool Key,
                            Pending &P) {
  std::optional<BuiltCondition> B = Conditions.build(V, Key, Counters);
  if (!B)
    return; // stays an unknown expression
  Obj.Members[Index].Value = J.synthesized(V, B->Text, std::move(B->Origin));
  if (!P.FirstCondition)
    P.FirstCondition = V;
  for (BuiltCondition::Name &N : B->Names)
    P.Names.push_back(std::move(N));
  for (BuiltCondition::Value &X : B->Values)
    P.Values.emplace_back(X.Placeholder, X.Node);
}

void Boto3Finder::finish(JsonValue &Obj, Pending &P) {
  if (P.KeyCondition)
    condition(Obj, P.KeyCondition->first, P.KeyCondition->second, true, P);
  if (!P.FirstCondition)
    return;
  auto Placeholders = [&](llvm::StringRef Param) -> JsonValue & {
    for (json::JsonMember &M : Obj.Members)
      if (M.Key == Param) {
        if (!M.Value.isObject()) {
          // A map the program builds: open, with boto3's placeholders.
          M.Value.K = JsonValue::Kind::Object;
          M.Value.Unknown = true;
        }
        return M.Value;
      }
    HostJson::add(Obj, Param, J.object(*P.FirstCondition));
    return Obj.Members.back().Value;
  };
  if (!P.Names.empty()) {
    JsonValue &Names = Placeholders("ExpressionAttributeNames");
    for (BuiltCondition::Name &N : P.Names)
      HostJson::add(Names, N.Placeholder, std::move(N.Value), N.Node);
  }
  if (!P.Values.empty()) {
    JsonValue &Values = Placeholders("ExpressionAttributeValues");
    for (auto &[Placeholder, Node] : P.Values)
      HostJson::add(Values, Placeholder, attributeValue(Node, Mode::Native),
                    Node);
  }
}

void Boto3Finder::splat(JsonValue &Obj, TSNode Inner, Pending &P) {
  bool Open = false;
  std::optional<TSNode> D = literal(Inner, "dictionary", Open);
  if (!D) {
    Obj.Unknown = true;
    return;
  }
  if (Open)
    Obj.Unknown = true;
  for (TSNode Pair : namedChildren(*D)) {
    if (type(Pair) == "dictionary_splat") {
      auto Kids = namedChildren(Pair);
      if (Kids.size() == 1)
        splat(Obj, Kids[0], P);
      else
        Obj.Unknown = true;
      continue;
    }
    auto K = field(Pair, "key");
    auto V = field(Pair, "value");
    if (!K || !V)
      continue;
    std::optional<JsonValue> Key = key(*K);
    if (!Key) {
      Obj.Unknown = true;
      continue;
    }
    member(Obj, Key->Str, *K, *V, P);
  }
}

JsonValue Boto3Finder::structure(TSNode N) {
  N = unparen(N);
  JsonValue O = J.object(N);
  Pending P;
  splat(O, N, P);
  finish(O, P);
  return O;
}

JsonValue Boto3Finder::fromArguments(TSNode ArgList) {
  JsonValue O = J.object(ArgList);
  Pending P;
  for (TSNode A : namedChildren(ArgList)) {
    llvm::StringRef T = type(A);
    if (T == "keyword_argument") {
      auto Name = field(A, "name");
      auto V = field(A, "value");
      if (Name && V)
        member(O, E.text(*Name), *Name, *V, P);
      continue;
    }
    if (T == "dictionary_splat") {
      auto Kids = namedChildren(A);
      if (Kids.size() == 1)
        splat(O, Kids[0], P);
      else
        O.Unknown = true;
      continue;
    }
    O.Unknown = true;
  }
  finish(O, P);
  return O;
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

void Boto3Finder::emit(TSNode Call, TSNode Method, llvm::StringRef Op,
                       JsonValue Params) {
  DynamoCall D;
  D.Operation = Op.str();
  D.Sdk = "boto3";
  D.Params = std::make_unique<JsonValue>(std::move(Params));
  D.Range = J.range(Call);
  D.OperationRange = J.range(Method);
  C.Out.push_back(std::move(D));
}

void Boto3Finder::call(TSNode N) {
  auto F = field(N, "function");
  auto ArgList = field(N, "arguments");
  if (!F || !ArgList || type(*ArgList) != "argument_list")
    return;
  auto Obj = field(*F, "object");
  auto MethodNode = field(*F, "attribute");
  if (!Obj || !MethodNode)
    return;
  // boto3 methods take keyword arguments only.
  for (TSNode A : namedChildren(*ArgList))
    if (type(A) != "keyword_argument" && type(A) != "dictionary_splat")
      return;
  llvm::StringRef Method = E.text(*MethodNode);
  Target T = classify(*Obj, 0);
  Counters = {};
  std::optional<llvm::StringRef> Op = clientOperation(Method);
  switch (T.K) {
  case Handle::Client:
  case Handle::NativeClient: {
    if (!Op)
      return;
    CurMode = T.K == Handle::Client ? Mode::Wire : Mode::Native;
    return emit(N, *MethodNode, *Op, fromArguments(*ArgList));
  }
  case Handle::Resource:
    if (Method != "batch_get_item" && Method != "batch_write_item")
      return;
    CurMode = Mode::Native;
    return emit(N, *MethodNode, *Op, fromArguments(*ArgList));
  case Handle::Table: {
    if (!isTableMethod(Method))
      return;
    CurMode = Mode::Native;
    JsonValue Params = fromArguments(*ArgList);
    JsonValue Table =
        T.TableName ? J.string(*T.TableName) : unknownString(*Obj);
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
    CurMode = Mode::Native;
    JsonValue Params = J.object(*ArgList);
    JsonValue Items = J.object(*ArgList);
    JsonValue Table = T.TableName ? J.string(*T.TableName) : unknownString(*Obj);
    if (Table.Unknown || !Table.isString()) {
      Items.Unknown = true; // which table: known at run time only
    } else {
      JsonValue Request = J.object(*ArgList);
      HostJson::add(Request,
                    Method == "put_item" ? "PutRequest" : "DeleteRequest",
                    fromArguments(*ArgList), *MethodNode);
      JsonValue Writes = J.array(*ArgList);
      Writes.Elements.push_back(std::move(Request));
      json::JsonMember M;
      M.Key = Table.Str;
      M.KeyBegin = Table.ContentBegin - 1;
      M.KeyEnd = Table.ContentEnd + 1;
      M.Value = std::move(Writes);
      Items.Members.push_back(std::move(M));
    }
    HostJson::add(Params, "RequestItems", std::move(Items), *MethodNode);
    return emit(N, *MethodNode, "BatchWriteItem", std::move(Params));
  }
  case Handle::Paginator: {
    if (Method != "paginate")
      return;
    CurMode = T.Native ? Mode::Native : Mode::Wire;
    JsonValue Params = fromArguments(*ArgList);
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
    return emit(N, *MethodNode, T.PaginatorOp, std::move(Params));
  }
  case Handle::None:
    break;
  }
  // A receiver nothing is known of: a request only when the parameters are
  // DynamoDB's own.
  if (!Op)
    return;
  CurMode = Mode::Guess;
  JsonValue Params = fromArguments(*ArgList);
  bool Dynamo = false, Client = false;
  for (const json::JsonMember &M : Params.Members) {
    Dynamo |= isDynamoParam(M.Key);
    Client |= M.Key == "TableName" || M.Key == "RequestItems" ||
              M.Key == "TransactItems" || M.Key == "Statement" ||
              M.Key == "Statements" || M.Key == "TransactStatements";
  }
  if (!Dynamo)
    return;
  if (!Client) {
    if (!isTableMethod(Method))
      return;
    // table.query(...) on a table passed in: which table is not known.
    json::JsonMember M;
    M.Key = "TableName";
    M.KeyBegin = ts_node_start_byte(*Obj);
    M.KeyEnd = ts_node_end_byte(*Obj);
    M.Value = unknownString(*Obj);
    Params.Members.insert(Params.Members.begin(), std::move(M));
  }
  emit(N, *MethodNode, *Op, std::move(Params));
}

void Boto3Finder::run(TSNode Root) {
  TypeStubs = C.Src.contains("mypy_boto3_dynamodb") ||
              C.Src.contains("types_boto3_dynamodb");
  collect(Root);
  for (TSNode N : Candidates)
    call(N);
}

} // namespace

void findBoto3Calls(SdkContext &C, TSNode Root) {
  // Most Python files never touch DynamoDB: a text check first.
  if (!C.Src.contains("boto3") && !C.Src.contains_insensitive("dynamodb"))
    return;
  Boto3Finder(C).run(Root);
}

} // namespace nosqlint::extract::sdk
