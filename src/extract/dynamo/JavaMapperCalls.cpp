//===- JavaMapperCalls.cpp - DynamoDBMapper calls (AWS SDK for Java v1) ---===//
//
// A DynamoDBMapper call names the class it maps, whose @DynamoDBTable and
// key annotations (JavaMapperModels.cpp) say the table and its keys:
//
//   mapper.query(Order.class, new DynamoDBQueryExpression<Order>()
//       .withHashKeyValues(key).withIndexName("by-status")
//       .withRangeKeyCondition("total", new Condition()
//           .withComparisonOperator(ComparisonOperator.GT)
//           .withAttributeValueList(new AttributeValue().withN("100"))));
//   mapper.scan(Order.class, new DynamoDBScanExpression());   // a full scan
//   mapper.load(Order.class, customerId, orderId);             // GetItem
//   mapper.save(order); mapper.delete(order); mapper.count(..); batchLoad(..)
//
// Each becomes the request the mapper sends. The class is often declared in
// another file, so the request carries its qualified name (ModelClass) and
// stands-ins for what the class decides: an unknown TableName at the class
// argument, "@hash" / "@range" key names, a hash-key #name whose value is
// "@hash"; resolveMapperRequests (ModelTables.h) puts the class's table and
// key names in once every file is read. The hash key of withHashKeyValues
// is the key of the index queried (or the table's); its value, like the
// item save() writes, is computed at run time. The expression setters are
// the Query and Scan parameters of the wire format, read as the v1 model's.
//
//===----------------------------------------------------------------------===//
#include "JavaSdk.h"

#include "llvm/ADT/StringSwitch.h"

namespace nosqlint::extract::sdk::java {

namespace {

/// The expression text of a legacy Condition's operator on a key.
std::optional<llvm::StringRef> keyOperator(llvm::StringRef Op) {
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(Op)
      .Case("EQ", llvm::StringRef("="))
      .Case("LT", llvm::StringRef("<"))
      .Case("LE", llvm::StringRef("<="))
      .Case("GT", llvm::StringRef(">"))
      .Case("GE", llvm::StringRef(">="))
      .Case("BETWEEN", llvm::StringRef("BETWEEN"))
      .Case("BEGINS_WITH", llvm::StringRef("begins_with"))
      .Default(std::nullopt);
}

bool looksLikeConfig(llvm::StringRef Text) {
  return Text.contains("Config") || Text.contains("config");
}

} // namespace

std::string JavaRecognizer::mappedClass(TSNode Arg) const {
  TSNode N = unwrap(Arg);
  if (type(N) == "class_literal") {
    auto Kids = namedChildren(N);
    return Kids.size() == 1 ? resolveClass(text(Kids[0])) : std::string();
  }
  if (type(N) == "object_creation_expression")
    if (auto Ty = childByField(N, "type"))
      return resolveClass(text(*Ty));
  if (type(N) == "identifier")
    if (std::optional<llvm::StringRef> T = declaredType(text(N)))
      if (!T->contains('<') && T->size() > 1) // not a type variable
        return resolveClass(*T);
  return "";
}

void JavaRecognizer::mapperExpression(JsonValue &Params, bool Query,
                                      TSNode Expr, unsigned Depth) {
  TSNode N = unwrap(Expr);
  if (type(N) == "identifier") {
    bool Mentioned;
    std::optional<TSNode> V = follow(N, Mentioned);
    if (!V) {
      Params.Unknown = true;
      return;
    }
    N = unwrap(*V);
  }
  Chain Ch = chainOf(N);
  auto Ty = type(Ch.Base) == "object_creation_expression"
                ? childByField(Ch.Base, "type")
                : std::nullopt;
  if (!Ty ||
      !isV1Type(*Ty, "datamodeling",
                Query ? "DynamoDBQueryExpression" : "DynamoDBScanExpression")) {
    Params.Unknown = true;
    return;
  }
  LaterSetters Later = chainAndLaterSetters(Ch, N);
  const llvm::SmallVector<TSNode, 8> &Calls = Later.Calls;
  Params.Unknown |= Later.Open;
  const Shape &S = *findShape(Query ? "Query" : "Scan");
  llvm::SmallVector<TSNode, 8> Wire;
  llvm::SmallVector<KeyTerm, 2> Terms;
  bool TermsUnknown = false;
  for (TSNode Call : Calls) {
    auto M = childByField(Call, "name");
    llvm::StringRef Method = M ? text(*M) : "";
    auto A = args(Call);
    Method.consume_front("with") || Method.consume_front("set");
    if (Method == "HashKeyValues" && A.size() == 1) {
      // The hash key of the index queried, or of the table: named by the
      // class, valued by the object at run time.
      JsonValue Name;
      Name.K = JsonValue::Kind::String;
      Name.Str = "@hash";
      Name.Unknown = true;
      Name.Begin = Name.ContentBegin = ts_node_start_byte(A[0]);
      Name.End = Name.ContentEnd = ts_node_end_byte(A[0]);
      Terms.insert(Terms.begin(),
                   KeyTerm{Call, std::move(Name), "=", {opaque(A[0], "AV")}});
      continue;
    }
    if (Method == "RangeKeyCondition" && A.size() == 2) {
      Built Cond = value(A[1], "Condition", Depth + 1);
      const JsonValue *Op = Cond.V.get("ComparisonOperator");
      const JsonValue *List = Cond.V.get("AttributeValueList");
      std::optional<llvm::StringRef> K =
          Op && !Op->Unknown && Op->isString() ? keyOperator(Op->Str)
                                               : std::nullopt;
      if (Cond.Opaque || Cond.V.Unknown || !K || !List || List->Unknown ||
          List->Elements.size() != (*K == "BETWEEN" ? 2u : 1u)) {
        TermsUnknown = true;
        continue;
      }
      KeyTerm T{Call, Json.string(A[0]), K->str(), {}};
      for (const JsonValue &E : List->Elements)
        T.Values.push_back(Built{E});
      Terms.push_back(std::move(T));
      continue;
    }
    if (Method == "RangeKeyConditions") {
      TermsUnknown = true;
      continue;
    }
    if (Method == "addFilterCondition" && A.size() == 2) {
      // A legacy filter condition: QueryFilter / ScanFilter entries.
      llvm::StringRef Filter = Query ? "QueryFilter" : "ScanFilter";
      JsonValue *Map = nullptr;
      for (json::JsonMember &E : Params.Members)
        if (E.Key == Filter)
          Map = &E.Value;
      if (!Map) {
        setMember(Params, Filter, Json.object(Call), *M);
        Map = &Params.Members.back().Value;
      }
      addEntry(*Map, A[0], value(A[1], "Condition", Depth + 1), "Condition");
      continue;
    }
    // Mapper settings that are no request parameter.
    if (Method == "MapperConfig" || Method == "BatchLoadRetryStrategy")
      continue;
    Wire.push_back(Call);
  }
  applySetters(Params, S, Wire, Depth, /*V1=*/true);
  if (!Query)
    return;
  if (TermsUnknown || (!Terms.empty() && Params.get("KeyConditionExpression")))
    setMember(Params, "KeyConditionExpression", opaque(Expr, "S").V,
              std::nullopt);
  else if (!Terms.empty())
    addKeyTerms(Params, Expr, Terms);
  else if (!Params.get("KeyConditionExpression"))
    Params.Unknown = true; // the hash key may be set where this cannot see
}

void JavaRecognizer::mapperCall(TSNode Call, TSNode Name) {
  llvm::StringRef M = text(Name);
  auto A = args(Call);
  if (A.empty())
    return;
  std::string Class;
  std::optional<llvm::StringRef> Op;
  JsonValue Params = Json.object(Call);
  auto Table = [&](TSNode At) {
    setMember(Params, "TableName", opaque(At, "S").V, std::nullopt);
  };
  TSNode First = unwrap(A[0]);
  bool ClassArg = type(First) == "class_literal";
  if (M == "load" && ClassArg && A.size() >= 2) {
    Op = "GetItem";
    Class = mappedClass(A[0]);
    Table(A[0]);
    JsonValue Key = Json.object(A[1]);
    size_t Values = A.size() - 1;
    if (Values >= 1 && looksLikeConfig(text(A.back())))
      --Values;
    if (Values >= 1)
      HostJson::add(Key, "@hash", nativeValue(A[1], 1).V, std::nullopt);
    if (Values >= 2)
      HostJson::add(Key, "@range", nativeValue(A[2], 1).V, std::nullopt);
    Key.End = ts_node_end_byte(A[Values]);
    setMember(Params, "Key", std::move(Key), std::nullopt);
  } else if ((M == "load" || M == "save" || M == "delete") && !ClassArg) {
    Op = M == "load" ? "GetItem" : M == "save" ? "PutItem" : "DeleteItem";
    Class = mappedClass(A[0]);
    Table(A[0]);
    // The item or its key: the object's values at run time.
    setMember(Params, M == "save" ? "Item" : "Key", opaque(A[0], "{AV}").V,
              std::nullopt);
  } else if ((M == "query" || M == "queryPage" || M == "scan" ||
              M == "scanPage" || M == "parallelScan" || M == "count") &&
             ClassArg && A.size() >= 2) {
    bool Query = M == "query" || M == "queryPage";
    if (M == "count") {
      // count(T.class, DynamoDBQueryExpression | DynamoDBScanExpression).
      TSNode E = unwrap(A[1]);
      if (type(E) == "identifier")
        if (auto T = declaredType(text(E)))
          Query = T->startswith("DynamoDBQueryExpression");
      if (type(E) == "object_creation_expression" ||
          type(E) == "method_invocation")
        Query = text(E).contains("DynamoDBQueryExpression");
    }
    Op = Query ? "Query" : "Scan";
    Class = mappedClass(A[0]);
    Table(A[0]);
    mapperExpression(Params, Query, A[1], 1);
    if (M == "count")
      setMember(Params, "Select", Json.declared(Name, "COUNT"), std::nullopt);
    if (M == "parallelScan" && A.size() >= 3)
      setMember(Params, "TotalSegments", numberValue(A[2], 1).V, std::nullopt);
  } else if (M == "batchLoad" || M == "batchSave" || M == "batchWrite" ||
             M == "batchDelete" || M == "transactionLoad" ||
             M == "transactionWrite") {
    // The items of several classes: their tables are not read here.
    bool Get = M == "batchLoad" || M == "transactionLoad";
    bool Transaction = M.startswith("transaction");
    Op = Transaction ? (Get ? "TransactGetItems" : "TransactWriteItems")
                     : (Get ? "BatchGetItem" : "BatchWriteItem");
    setMember(Params, Transaction ? "TransactItems" : "RequestItems",
              opaque(A[0], Transaction ? "[?]" : "{?}").V, std::nullopt);
    Params.Unknown = true;
  }
  if (!Op)
    return;
  record(Call, Name, *Op, std::move(Params), SdkMapper);
  C.Out.back().ModelClass = std::move(Class);
}

} // namespace nosqlint::extract::sdk::java
