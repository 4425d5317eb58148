//===- JavaDocumentApi.cpp - The AWS SDK for Java v1 Document API ---------===//
//
// The Document API (com.amazonaws.services.dynamodbv2.document) wraps the
// low-level requests in a Table (or an Index of one) and spec objects:
//
//   Table t = dynamo.getTable("Orders");
//   t.query(new QuerySpec().withKeyConditionExpression("customerId = :c")
//       .withValueMap(new ValueMap().withString(":c", id)));
//   t.query("customerId", id, new RangeKeyCondition("orderId").gt(5));
//   t.getItem("customerId", id, "orderId", 5);
//   t.scan("total > :t", null, new ValueMap().withNumber(":t", 100));
//   t.getIndex("by-status").query("status", "open");
//
// Each call becomes the request the SDK sends: the table's name from its
// `getTable("..")` (or `new Table(client, "..")`), specs read through their
// setters, ValueMaps and native values marshalled (String S, numbers N,
// booleans BOOL), and the positional key forms (a hash key, a
// RangeKeyCondition) written as a KeyConditionExpression over #names, the
// way the SDK's KeyConditions mean them. A spec or map built where this
// reader cannot see it makes the request open; a value computed at run
// time is unknown.
//
//===----------------------------------------------------------------------===//
#include "JavaSdk.h"

#include "llvm/ADT/StringSwitch.h"

namespace nosqlint::extract::sdk::java {

namespace {

/// What a spec setter sets.
enum class SpecKind : uint8_t {
  String,  // a wire string parameter
  Number,  // a wire number parameter
  Bool,    // a wire boolean parameter
  Names,   // ExpressionAttributeNames (NameMap)
  Values,  // ExpressionAttributeValues (ValueMap)
  Key,     // withPrimaryKey(..)
  HashKey, // withHashKey(..)
  Range,   // withRangeKeyCondition(..)
  Item,    // withItem(Item)
  Opaque,  // a parameter whose value is not read (legacy filters, start keys)
};

struct SpecSetter {
  llvm::StringLiteral Method;
  llvm::StringLiteral Wire;
  SpecKind Kind;
};

const SpecSetter SpecSetters[] = {
    {"withKeyConditionExpression", "KeyConditionExpression", SpecKind::String},
    {"withFilterExpression", "FilterExpression", SpecKind::String},
    {"withProjectionExpression", "ProjectionExpression", SpecKind::String},
    {"withUpdateExpression", "UpdateExpression", SpecKind::String},
    {"withConditionExpression", "ConditionExpression", SpecKind::String},
    {"withSelect", "Select", SpecKind::String},
    {"withReturnValues", "ReturnValues", SpecKind::String},
    {"withReturnConsumedCapacity", "ReturnConsumedCapacity", SpecKind::String},
    {"withMaxResultSize", "Limit", SpecKind::Number},
    {"withMaxPageSize", "Limit", SpecKind::Number},
    {"withSegment", "Segment", SpecKind::Number},
    {"withTotalSegments", "TotalSegments", SpecKind::Number},
    {"withScanIndexForward", "ScanIndexForward", SpecKind::Bool},
    {"withConsistentRead", "ConsistentRead", SpecKind::Bool},
    {"withNameMap", "ExpressionAttributeNames", SpecKind::Names},
    {"withValueMap", "ExpressionAttributeValues", SpecKind::Values},
    {"withPrimaryKey", "Key", SpecKind::Key},
    {"withHashKey", "", SpecKind::HashKey},
    {"withRangeKeyCondition", "", SpecKind::Range},
    {"withItem", "Item", SpecKind::Item},
    {"withQueryFilters", "QueryFilter", SpecKind::Opaque},
    {"withScanFilters", "ScanFilter", SpecKind::Opaque},
    {"withExclusiveStartKey", "ExclusiveStartKey", SpecKind::Opaque},
    {"withAttributesToGet", "AttributesToGet", SpecKind::Opaque},
    {"withAttributeUpdate", "AttributeUpdates", SpecKind::Opaque},
    {"withExpected", "Expected", SpecKind::Opaque},
};

const SpecSetter *findSpecSetter(llvm::StringRef Method) {
  if (Method.consume_front("set")) {
    std::string With = "with" + Method.str();
    for (const SpecSetter &S : SpecSetters)
      if (S.Method == With)
        return &S;
    return nullptr;
  }
  for (const SpecSetter &S : SpecSetters)
    if (S.Method == Method)
      return &S;
  return nullptr;
}

/// The spec class of operation \p Op.
llvm::StringRef specClass(llvm::StringRef Op) {
  return llvm::StringSwitch<llvm::StringRef>(Op)
      .Case("Query", "QuerySpec")
      .Case("Scan", "ScanSpec")
      .Case("GetItem", "GetItemSpec")
      .Case("PutItem", "PutItemSpec")
      .Case("UpdateItem", "UpdateItemSpec")
      .Case("DeleteItem", "DeleteItemSpec")
      .Default("");
}

/// The comparison a RangeKeyCondition method makes.
std::optional<llvm::StringRef> rangeOperator(llvm::StringRef Method) {
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(Method)
      .Case("eq", llvm::StringRef("="))
      .Case("lt", llvm::StringRef("<"))
      .Case("le", llvm::StringRef("<="))
      .Case("gt", llvm::StringRef(">"))
      .Case("ge", llvm::StringRef(">="))
      .Case("between", llvm::StringRef("BETWEEN"))
      .Case("beginsWith", llvm::StringRef("begins_with"))
      .Default(std::nullopt);
}

} // namespace

void JavaRecognizer::documentTarget(JsonValue &Params, TSNode Receiver) {
  // `Table t = dynamo.getTable("X")`, `new Table(client, "X")`; an Index
  // from `t.getIndex("I")` on such a table.
  auto NameOf = [&](TSNode Var, llvm::StringRef Getter,
                    std::optional<TSNode> &Owner) -> JsonValue {
    Owner.reset();
    llvm::StringRef V = simpleName(Var);
    if (std::optional<TSNode> Init =
            C.Eval.declarationValue(V, ts_node_start_byte(Var))) {
      TSNode X = unwrap(*Init);
      if (type(X) == "method_invocation") {
        auto M = childByField(X, "name");
        auto A = args(X);
        if (M && text(*M) == Getter && A.size() == 1) {
          Owner = childByField(X, "object");
          return Json.string(A[0]);
        }
      }
      if (Getter == "getTable" && type(X) == "object_creation_expression") {
        auto A = args(X);
        if (A.size() == 2)
          return Json.string(A[1]);
      }
    }
    return opaque(Var, "S").V;
  };
  std::optional<TSNode> Owner;
  if (DocumentIndexes.contains(simpleName(Receiver))) {
    JsonValue Index = NameOf(Receiver, "getIndex", Owner);
    JsonValue Table = Owner && DocumentTables.contains(simpleName(*Owner))
                          ? NameOf(*Owner, "getTable", Owner)
                          : opaque(Receiver, "S").V;
    setMember(Params, "TableName", std::move(Table), std::nullopt);
    setMember(Params, "IndexName", std::move(Index), std::nullopt);
    return;
  }
  setMember(Params, "TableName", NameOf(Receiver, "getTable", Owner),
            std::nullopt);
}

Built JavaRecognizer::nativeValue(TSNode N, unsigned Depth) {
  N = unwrap(N);
  llvm::StringRef T = type(N);
  if (T == "true" || T == "false")
    return {Json.attributeValue(N, "BOOL", Json.boolean(N))};
  if (T == "decimal_integer_literal" || T == "decimal_floating_point_literal" ||
      T == "hex_integer_literal")
    return {Json.attributeValue(N, "N", Json.number(N))};
  if (T == "null_literal")
    return {Json.attributeValue(N, "NULL", Json.declared(N, "true"))};
  if (C.Eval.isStringy(N)) {
    Built S = stringValue(N, Depth);
    return {Json.attributeValue(N, "S", std::move(S.V)), S.Opaque};
  }
  return opaque(N, "AV");
}

Built JavaRecognizer::documentMap(TSNode N, bool Names, unsigned Depth) {
  N = unwrap(N);
  if (type(N) == "null_literal")
    return opaque(N, "?");
  if (type(N) == "identifier") {
    bool Mentioned;
    if (std::optional<TSNode> V = follow(N, Mentioned)) {
      Built B = documentMap(*V, Names, Depth + 1);
      if (!B.Opaque) {
        if (Mentioned)
          B.V.Unknown = true; // `values.put(..)` elsewhere
        B.V.Begin = ts_node_start_byte(N);
        B.V.End = ts_node_end_byte(N);
      }
      return B;
    }
    return opaque(N, Names ? "{S}" : "{AV}");
  }
  Chain Ch = chainOf(N);
  if (type(Ch.Base) == "object_creation_expression") {
    auto Ty = childByField(Ch.Base, "type");
    if (!Ty || !isV1Type(*Ty, "document.utils", Names ? "NameMap" : "ValueMap") ||
        !args(Ch.Base).empty())
      return opaque(N, Names ? "{S}" : "{AV}");
    JsonValue Map = Json.object(N);
    LaterSetters Later = chainAndLaterSetters(Ch, N);
    const llvm::SmallVector<TSNode, 8> &Calls = Later.Calls;
    Map.Unknown = Later.Open;
    for (TSNode Call : Calls) {
      auto M = childByField(Call, "name");
      auto A = args(Call);
      llvm::StringRef Method = M ? text(*M) : "";
      if (A.size() != 2 || !Method.startswith("with")) {
        Map.Unknown = true;
        continue;
      }
      if (Names) {
        addEntry(Map, A[0], stringValue(A[1], Depth + 1), "S");
        continue;
      }
      // withString / withNumber / withInt / withLong / withBoolean / with.
      llvm::StringRef Kind = Method.drop_front(4);
      Built V;
      TSNode X = unwrap(A[1]);
      if (Kind == "String")
        V = {Json.attributeValue(X, "S", stringValue(X, Depth + 1).V)};
      else if (Kind == "Number" || Kind == "Int" || Kind == "Long" ||
               Kind == "Double" || Kind == "Float" || Kind == "Short")
        V = {Json.attributeValue(X, "N", numberValue(X, Depth + 1).V)};
      else if (Kind == "Boolean")
        V = {Json.attributeValue(X, "BOOL", boolValue(X, Depth + 1).V)};
      else if (Kind.empty())
        V = nativeValue(X, Depth + 1);
      else
        V = opaque(X, "AV"); // lists, maps, sets, binaries, JSON
      addEntry(Map, A[0], std::move(V), "AV");
    }
    return {std::move(Map)};
  }
  // Map.of(":v", x) of native values, names as strings.
  if (type(N) == "method_invocation") {
    auto M = childByField(N, "name");
    auto Obj = childByField(N, "object");
    llvm::StringRef R = Obj ? simpleName(*Obj) : "";
    auto A = args(N);
    if (M && (((R == "Map" || R == "ImmutableMap") && text(*M) == "of") ||
              (R == "Collections" && text(*M) == "singletonMap"))) {
      JsonValue Map = Json.object(N);
      for (size_t I = 0; I + 1 < A.size(); I += 2)
        addEntry(Map, A[I],
                 Names ? stringValue(A[I + 1], Depth + 1)
                       : nativeValue(A[I + 1], Depth + 1),
                 Names ? "S" : "AV");
      return {std::move(Map)};
    }
  }
  return opaque(N, Names ? "{S}" : "{AV}");
}

bool JavaRecognizer::documentKey(JsonValue &Key, llvm::ArrayRef<TSNode> A,
                                 unsigned Depth) {
  // ("id", v[, "sk", w]): names and values in pairs.
  if (!A.empty() && A.size() % 2 == 0 && C.Eval.isStringy(unwrap(A[0]))) {
    for (size_t I = 0; I + 1 < A.size(); I += 2)
      addEntry(Key, A[I], nativeValue(A[I + 1], Depth + 1), "AV");
    return true;
  }
  // new PrimaryKey("id", v, ..), new KeyAttribute("id", v), or several
  // KeyAttributes; `new PrimaryKey().addComponent("id", v)`.
  for (TSNode Arg : A) {
    TSNode X = unwrap(Arg);
    if (type(X) == "identifier") {
      bool Mentioned;
      if (std::optional<TSNode> V = follow(X, Mentioned); V && !Mentioned)
        X = unwrap(*V);
    }
    Chain Ch = chainOf(X);
    auto Ty = type(Ch.Base) == "object_creation_expression"
                  ? childByField(Ch.Base, "type")
                  : std::nullopt;
    bool Primary = Ty && isV1Type(*Ty, "document", "PrimaryKey");
    if (!Ty || !(Primary || isV1Type(*Ty, "document", "KeyAttribute"))) {
      Key.Unknown = true;
      continue;
    }
    auto CA = args(Ch.Base);
    if (!documentKey(Key, CA, Depth) && !CA.empty())
      Key.Unknown = true;
    for (TSNode Call : Ch.Calls) {
      auto M = childByField(Call, "name");
      auto K = args(Call);
      if (M && text(*M) == "addComponent" && K.size() == 2)
        addEntry(Key, K[0], nativeValue(K[1], Depth + 1), "AV");
      else
        Key.Unknown = true;
    }
  }
  return !A.empty();
}

std::optional<JavaRecognizer::KeyTerm>
JavaRecognizer::rangeKeyCondition(TSNode N, unsigned Depth) {
  N = unwrap(N);
  if (type(N) == "identifier") {
    bool Mentioned;
    std::optional<TSNode> V = follow(N, Mentioned);
    if (!V || Mentioned)
      return std::nullopt;
    N = unwrap(*V);
  }
  Chain Ch = chainOf(N);
  if (type(Ch.Base) != "object_creation_expression" || Ch.Calls.size() != 1)
    return std::nullopt;
  auto Ty = childByField(Ch.Base, "type");
  auto CA = args(Ch.Base);
  if (!Ty || !isV1Type(*Ty, "document", "RangeKeyCondition") || CA.size() != 1)
    return std::nullopt;
  auto M = childByField(Ch.Calls[0], "name");
  std::optional<llvm::StringRef> Op =
      M ? rangeOperator(text(*M)) : std::nullopt;
  if (!Op)
    return std::nullopt;
  KeyTerm T{Ch.Calls[0], Json.string(CA[0]), Op->str(), {}};
  for (TSNode V : args(Ch.Calls[0]))
    T.Values.push_back(nativeValue(V, Depth + 1));
  if (T.Values.size() != (*Op == "BETWEEN" ? 2u : 1u))
    return std::nullopt;
  return T;
}

bool JavaRecognizer::documentSpec(JsonValue &Params, llvm::StringRef Op,
                                  TSNode Spec, unsigned Depth) {
  TSNode N = unwrap(Spec);
  bool Followed = false;
  if (type(N) == "identifier") {
    bool Mentioned;
    std::optional<TSNode> V = follow(N, Mentioned);
    if (!V)
      return false;
    N = unwrap(*V);
    Followed = true;
  }
  Chain Ch = chainOf(N);
  if (type(Ch.Base) != "object_creation_expression")
    return false;
  auto Ty = childByField(Ch.Base, "type");
  if (!Ty || !isV1Type(*Ty, "document.spec", specClass(Op)))
    return false;
  LaterSetters Later = chainAndLaterSetters(Ch, N);
  const llvm::SmallVector<TSNode, 8> &Calls = Later.Calls;
  if (Later.Open || !args(Ch.Base).empty())
    Params.Unknown = true;
  (void)Followed;
  llvm::SmallVector<KeyTerm, 2> Terms;
  bool TermsUnknown = false;
  for (TSNode Call : Calls) {
    auto M = childByField(Call, "name");
    auto A = args(Call);
    const SpecSetter *S = M ? findSpecSetter(text(*M)) : nullptr;
    if (!S) {
      if (!M || !text(*M).startswith("get"))
        Params.Unknown = true;
      continue;
    }
    if (A.empty())
      continue;
    switch (S->Kind) {
    case SpecKind::String:
      setMember(Params, S->Wire, stringValue(A[0], Depth + 1).V, *M);
      break;
    case SpecKind::Number:
      setMember(Params, S->Wire, numberValue(A[0], Depth + 1).V, *M);
      break;
    case SpecKind::Bool:
      setMember(Params, S->Wire, boolValue(A[0], Depth + 1).V, *M);
      break;
    case SpecKind::Names:
    case SpecKind::Values: {
      Built B = documentMap(A[0], S->Kind == SpecKind::Names, Depth + 1);
      if (type(unwrap(A[0])) != "null_literal")
        setMember(Params, S->Wire, std::move(B.V), *M);
      break;
    }
    case SpecKind::Key: {
      JsonValue Key = Json.object(Call);
      documentKey(Key, A, Depth + 1);
      setMember(Params, S->Wire, std::move(Key), *M);
      break;
    }
    case SpecKind::HashKey: {
      if (A.size() == 2 && C.Eval.isStringy(unwrap(A[0]))) {
        Terms.push_back(KeyTerm{Call, Json.string(A[0]), "=",
                                {nativeValue(A[1], Depth + 1)}});
        break;
      }
      JsonValue Key = Json.object(Call);
      documentKey(Key, A, Depth + 1);
      if (Key.Unknown || Key.Members.size() != 1) {
        TermsUnknown = true;
        break;
      }
      json::JsonMember &K = Key.Members[0];
      JsonValue Name;
      Name.K = JsonValue::Kind::String;
      Name.Str = K.Key;
      Name.Begin = Name.ContentBegin = K.KeyBegin;
      Name.End = Name.ContentEnd = K.KeyEnd;
      Terms.push_back(KeyTerm{Call, std::move(Name), "=",
                              {Built{std::move(K.Value)}}});
      break;
    }
    case SpecKind::Range:
      if (std::optional<KeyTerm> T = rangeKeyCondition(A[0], Depth + 1))
        Terms.push_back(std::move(*T));
      else
        TermsUnknown = true;
      break;
    case SpecKind::Item: {
      Built Item = documentItem(A[0], Depth + 1);
      setMember(Params, S->Wire, std::move(Item.V), *M);
      break;
    }
    case SpecKind::Opaque:
      setMember(Params, S->Wire, opaque(A[0], "?").V, *M);
      break;
    }
  }
  if (!Terms.empty() && !Params.get("KeyConditionExpression") && !TermsUnknown)
    addKeyTerms(Params, Spec, Terms);
  else if (TermsUnknown || (!Terms.empty() && Params.get("KeyConditionExpression")))
    setMember(Params, "KeyConditionExpression", opaque(Spec, "S").V,
              std::nullopt);
  return true;
}

Built JavaRecognizer::documentItem(TSNode N, unsigned Depth) {
  N = unwrap(N);
  if (type(N) == "identifier") {
    bool Mentioned;
    if (std::optional<TSNode> V = follow(N, Mentioned)) {
      Built B = documentItem(*V, Depth + 1);
      if (!B.Opaque) {
        B.V.Begin = ts_node_start_byte(N);
        B.V.End = ts_node_end_byte(N);
      }
      return B;
    }
    return opaque(N, "{AV}");
  }
  Chain Ch = chainOf(N);
  auto Ty = type(Ch.Base) == "object_creation_expression"
                ? childByField(Ch.Base, "type")
                : std::nullopt;
  if (!Ty || !isV1Type(*Ty, "document", "Item") || !args(Ch.Base).empty())
    return opaque(N, "{AV}");
  JsonValue Item = Json.object(N);
  LaterSetters Later = chainAndLaterSetters(Ch, N);
  const llvm::SmallVector<TSNode, 8> &Calls = Later.Calls;
  Item.Unknown = Later.Open;
  for (TSNode Call : Calls) {
    auto M = childByField(Call, "name");
    auto A = args(Call);
    llvm::StringRef Method = M ? text(*M) : "";
    if (Method == "withPrimaryKey") {
      if (!documentKey(Item, A, Depth + 1))
        Item.Unknown = true;
      continue;
    }
    if (!Method.consume_front("with") || A.size() != 2) {
      Item.Unknown = true;
      continue;
    }
    TSNode X = unwrap(A[1]);
    Built V;
    if (Method == "String")
      V = {Json.attributeValue(X, "S", stringValue(X, Depth + 1).V)};
    else if (Method == "Number" || Method == "Int" || Method == "Long")
      V = {Json.attributeValue(X, "N", numberValue(X, Depth + 1).V)};
    else if (Method == "Boolean")
      V = {Json.attributeValue(X, "BOOL", boolValue(X, Depth + 1).V)};
    else if (Method.empty())
      V = nativeValue(X, Depth + 1);
    else
      V = opaque(X, "AV");
    addEntry(Item, A[0], std::move(V), "AV");
  }
  return {std::move(Item)};
}

void JavaRecognizer::documentCall(TSNode Call, TSNode Name, TSNode Receiver) {
  llvm::StringRef M = text(Name);
  std::optional<llvm::StringRef> Op = operationOfMethod(M);
  if (!Op || (*Op != "Query" && *Op != "Scan" && *Op != "GetItem" &&
              *Op != "PutItem" && *Op != "UpdateItem" && *Op != "DeleteItem"))
    return;
  bool Index = DocumentIndexes.contains(simpleName(Receiver));
  if (Index && *Op != "Query" && *Op != "Scan")
    return;
  auto A = args(Call);
  JsonValue Params = Json.object(Call);
  documentTarget(Params, Receiver);
  unsigned Depth = 1;
  if (A.size() == 1 && documentSpec(Params, *Op, A[0], Depth)) {
    record(Call, Name, *Op, std::move(Params), SdkDocument);
    return;
  }
  auto Stringy = [&](size_t I) {
    return I < A.size() && C.Eval.isStringy(unwrap(A[I]));
  };
  bool Read = false;
  if (*Op == "Query") {
    // (hashName, hashValue[, RangeKeyCondition]) or (KeyAttribute[, RKC]).
    llvm::SmallVector<KeyTerm, 2> Terms;
    size_t Next = 0;
    if (Stringy(0) && A.size() >= 2) {
      Terms.push_back(KeyTerm{A[0], Json.string(A[0]), "=",
                              {nativeValue(A[1], Depth)}});
      Next = 2;
    } else if (A.size() >= 1) {
      JsonValue Key = Json.object(A[0]);
      documentKey(Key, {A[0]}, Depth);
      if (!Key.Unknown && Key.Members.size() == 1) {
        json::JsonMember &K = Key.Members[0];
        JsonValue KN;
        KN.K = JsonValue::Kind::String;
        KN.Str = K.Key;
        KN.Begin = KN.ContentBegin = K.KeyBegin;
        KN.End = KN.ContentEnd = K.KeyEnd;
        Terms.push_back(
            KeyTerm{A[0], std::move(KN), "=", {Built{std::move(K.Value)}}});
        Next = 1;
      }
    }
    if (!Terms.empty() && A.size() == Next + 1) {
      if (std::optional<KeyTerm> R = rangeKeyCondition(A[Next], Depth)) {
        Terms.push_back(std::move(*R));
        ++Next;
      }
    }
    Read = !Terms.empty() && Next == A.size();
    if (!Terms.empty())
      addKeyTerms(Params, Call, Terms);
  } else if (*Op == "Scan") {
    // scan(); scan(filter, names, values); scan(filter, projection, names,
    // values).
    if (A.empty()) {
      Read = true;
    } else if ((A.size() == 3 || A.size() == 4) && Stringy(0)) {
      setMember(Params, "FilterExpression", stringValue(A[0], Depth).V,
                std::nullopt);
      if (A.size() == 4 && type(unwrap(A[1])) != "null_literal")
        setMember(Params, "ProjectionExpression", stringValue(A[1], Depth).V,
                  std::nullopt);
      TSNode Names = A[A.size() - 2], Values = A[A.size() - 1];
      if (type(unwrap(Names)) != "null_literal")
        setMember(Params, "ExpressionAttributeNames",
                  documentMap(Names, true, Depth).V, std::nullopt);
      if (type(unwrap(Values)) != "null_literal")
        setMember(Params, "ExpressionAttributeValues",
                  documentMap(Values, false, Depth).V, std::nullopt);
      Read = true;
    }
  } else if (*Op == "PutItem") {
    if (!A.empty()) {
      setMember(Params, "Item", documentItem(A[0], Depth).V, std::nullopt);
      Read = A.size() == 1;
    }
  } else {
    // GetItem / DeleteItem: ("id", v[, "sk", w]), a PrimaryKey, or
    // KeyAttributes. UpdateItem: the key, then (updateExpression, names,
    // values).
    llvm::ArrayRef<TSNode> KeyArgs(A);
    if (*Op == "UpdateItem") {
      if (A.size() < 4) {
        KeyArgs = {};
      } else {
        KeyArgs = KeyArgs.drop_back(3);
        TSNode Update = A[A.size() - 3];
        if (C.Eval.isStringy(unwrap(Update)))
          setMember(Params, "UpdateExpression", stringValue(Update, Depth).V,
                    std::nullopt);
        TSNode Names = A[A.size() - 2], Values = A[A.size() - 1];
        if (type(unwrap(Names)) != "null_literal")
          setMember(Params, "ExpressionAttributeNames",
                    documentMap(Names, true, Depth).V, std::nullopt);
        if (type(unwrap(Values)) != "null_literal")
          setMember(Params, "ExpressionAttributeValues",
                    documentMap(Values, false, Depth).V, std::nullopt);
      }
    }
    // (PrimaryKey, projection, names) and the like: not read.
    bool Pairs = !KeyArgs.empty() && KeyArgs.size() % 2 == 0 &&
                 C.Eval.isStringy(unwrap(KeyArgs[0])) &&
                 (KeyArgs.size() == 2 || C.Eval.isStringy(unwrap(KeyArgs[2])));
    bool Objects = !KeyArgs.empty() && !C.Eval.isStringy(unwrap(KeyArgs[0]));
    if (Pairs || Objects) {
      JsonValue Key = Json.object(KeyArgs.front());
      Key.End = ts_node_end_byte(KeyArgs.back());
      documentKey(Key, KeyArgs, Depth);
      setMember(Params, "Key", std::move(Key), std::nullopt);
      Read = true;
    }
  }
  Params.Unknown |= !Read;
  record(Call, Name, *Op, std::move(Params), SdkDocument);
}

} // namespace nosqlint::extract::sdk::java
