//===- DotNetDocumentModel.cpp - The .NET SDK's DocumentModel Table -------===//
//
// Amazon.DynamoDBv2.DocumentModel wraps the low-level requests in a Table
// and operation configurations:
//
//   Table orders = Table.LoadTable(client, "Orders");
//   orders.Query(new QueryOperationConfig {
//       KeyExpression = new Expression {
//           ExpressionStatement = "customerId = :c",
//           ExpressionAttributeValues = { [":c"] = id } },
//       FilterExpression = .., IndexName = "by-status", Limit = 10 });
//   orders.Query(customerId, new Expression { .. });   // hash key + filter
//   orders.Scan(new ScanFilter());                     // a full scan
//   await orders.GetItemAsync(customerId, orderId);
//   await orders.PutItemAsync(doc); UpdateItemAsync(doc); DeleteItemAsync(id);
//
// Each call becomes the request the Table sends: the table's name from its
// LoadTable (or `new TableBuilder(client, "..")`) call, an Expression's
// statement, names and values (DynamoDBEntry values marshalled: strings S,
// numbers N, booleans BOOL), set in the initializer or by later statements
// (`expr.ExpressionAttributeValues[":c"] = id;`). The hash key of the
// positional forms is the table's, known where a TableBuilder declares it
// (AddHashKey); a table loaded from the service has keys this reader does
// not see, so such a key stays unknown. QueryFilter and ScanFilter
// conditions, which the Table splits into key conditions and filters by
// the table's keys, are a filter (and key condition) computed at run time.
//
//===----------------------------------------------------------------------===//
#include "DotNetSdk.h"

#include "llvm/ADT/StringSwitch.h"

namespace nosqlint::extract::sdk::dotnet {

namespace {

/// The operation a Table method sends.
std::optional<llvm::StringRef> tableOperation(llvm::StringRef Method) {
  Method.consume_back("Async");
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(Method)
      .Case("Query", llvm::StringRef("Query"))
      .Case("Scan", llvm::StringRef("Scan"))
      .Case("GetItem", llvm::StringRef("GetItem"))
      .Case("PutItem", llvm::StringRef("PutItem"))
      .Case("UpdateItem", llvm::StringRef("UpdateItem"))
      .Case("DeleteItem", llvm::StringRef("DeleteItem"))
      .Default(std::nullopt);
}

/// SelectValues.Count -> COUNT.
std::optional<llvm::StringRef> selectValue(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(Name)
      .Case("Count", llvm::StringRef("COUNT"))
      .Case("SpecificAttributes", llvm::StringRef("SPECIFIC_ATTRIBUTES"))
      .Case("AllAttributes", llvm::StringRef("ALL_ATTRIBUTES"))
      .Case("AllProjectedAttributes",
            llvm::StringRef("ALL_PROJECTED_ATTRIBUTES"))
      .Default(std::nullopt);
}

JsonValue &slot(JsonValue &Obj, llvm::StringRef Wire, JsonValue Empty) {
  for (json::JsonMember &M : Obj.Members)
    if (M.Key == Wire)
      return M.Value;
  HostJson::add(Obj, Wire, std::move(Empty));
  return Obj.Members.back().Value;
}

} // namespace

std::optional<DotNetRecognizer::DocumentTable>
DotNetRecognizer::documentTable(TSNode Receiver, unsigned Depth) {
  TSNode R = unwrap(Receiver);
  if (Depth > 4)
    return std::nullopt;
  llvm::StringRef T = type(R);
  if (T == "identifier" || T == "member_access_expression") {
    if (std::optional<TSNode> V = singleValue(R))
      if (std::optional<DocumentTable> Found = documentTable(*V, Depth + 1))
        return Found;
    llvm::StringRef Var = text(R);
    Var = Var.substr(Var.rfind('.') + 1);
    if (T == "member_access_expression") {
      auto E = childByField(R, "expression");
      if (!E || text(*E) != "this")
        return std::nullopt;
    }
    if (!DocumentTables.contains(Var))
      return std::nullopt;
    return DocumentTable{opaque(R, "S").V, "", "", {}};
  }
  if (T != "invocation_expression")
    return std::nullopt;
  // Table.LoadTable(client, "Orders"[, ..])
  auto Fn = childByField(R, "function");
  auto Args = ctorArgs(R);
  if (!Fn || type(*Fn) != "member_access_expression")
    return std::nullopt;
  auto Obj = childByField(*Fn, "expression");
  auto Name = childByField(*Fn, "name");
  if (!Obj || !Name)
    return std::nullopt;
  if (text(*Name) == "LoadTable" && isSdkType(text(*Obj), "DocumentModel", "Table")) {
    if (Args.size() < 2 || !C.Eval.isStringy(Args[1]))
      return std::nullopt;
    return DocumentTable{stringValue(Args[1], 1).V, "", "", {}};
  }
  // new TableBuilder(client, "Orders").AddHashKey("id", ..)...Build()
  if (text(*Name) != "Build" || !Args.empty())
    return std::nullopt;
  llvm::SmallVector<TSNode, 8> Calls;
  TSNode X = unwrap(*Obj);
  for (unsigned I = 0; I < 32 && type(X) == "invocation_expression"; ++I) {
    Calls.push_back(X);
    auto F = childByField(X, "function");
    auto O = F && type(*F) == "member_access_expression"
                 ? childByField(*F, "expression")
                 : std::nullopt;
    if (!O)
      return std::nullopt;
    X = unwrap(*O);
  }
  auto Ty = type(X) == "object_creation_expression" ? childByField(X, "type")
                                                    : std::nullopt;
  auto CA = ctorArgs(X);
  if (!Ty || !isSdkType(text(*Ty), "DocumentModel", "TableBuilder") ||
      CA.size() < 2)
    return std::nullopt;
  DocumentTable Out{stringValue(CA[1], 1).V, "", "", {}};
  auto Literal = [&](TSNode N) -> std::string {
    JsonValue V = Json.string(N);
    return V.Unknown || !V.isString() ? "" : V.Str;
  };
  for (auto It = Calls.rbegin(); It != Calls.rend(); ++It) {
    auto F = childByField(*It, "function");
    auto M = F ? childByField(*F, "name") : std::nullopt;
    auto A = ctorArgs(*It);
    llvm::StringRef Method = M ? text(*M) : "";
    if (Method == "AddHashKey" && !A.empty())
      Out.Hash = Literal(A[0]);
    else if (Method == "AddRangeKey" && !A.empty())
      Out.Range = Literal(A[0]);
    else if (Method == "AddGlobalSecondaryIndex" && A.size() >= 3)
      Out.Indexes[Literal(A[0])] = {Literal(A[1]),
                                    A.size() >= 5 ? Literal(A[3]) : ""};
    else if (Method == "AddLocalSecondaryIndex" && A.size() >= 3)
      Out.Indexes[Literal(A[0])] = {"", Literal(A[1])};
  }
  for (auto &I : Out.Indexes)
    if (I.second.first.empty())
      I.second.first = Out.Hash; // a local index shares the hash key
  return Out;
}

void DotNetRecognizer::documentExpression(JsonValue &Params,
                                          llvm::StringRef Wire, TSNode N,
                                          unsigned Depth) {
  TSNode X = unwrap(N);
  auto OpenMaps = [&] {
    slot(Params, "ExpressionAttributeNames", Json.object(N)).Unknown = true;
    slot(Params, "ExpressionAttributeValues", Json.object(N)).Unknown = true;
  };
  llvm::SmallVector<LaterAssignment, 8> Sets;
  bool Open = false;
  if (type(X) == "identifier") {
    std::optional<TSNode> V = singleValue(X);
    if (!V || Depth > 4) {
      setMember(Params, Wire, opaque(N, "S").V, std::nullopt);
      OpenMaps();
      return;
    }
    Open = laterAssignments(*V, Sets);
    X = *V;
  }
  auto Ty = type(X) == "object_creation_expression" ? childByField(X, "type")
                                                    : std::nullopt;
  if (!Ty || !isSdkType(text(*Ty), "DocumentModel", "Expression") ||
      !ctorArgs(X).empty()) {
    setMember(Params, Wire, opaque(N, "S").V, std::nullopt);
    OpenMaps();
    return;
  }
  // The initializer's properties first, then the later statements'.
  llvm::SmallVector<LaterAssignment, 8> All;
  if (std::optional<TSNode> Init = initializer(X))
    for (TSNode S : namedChildren(*Init)) {
      auto L = type(S) == "assignment_expression" ? childByField(S, "left")
                                                 : std::nullopt;
      auto R = L ? childByField(S, "right") : std::nullopt;
      if (!L || !R || type(*L) != "identifier") {
        Open = true;
        continue;
      }
      All.push_back({text(*L), std::nullopt, *R, S});
    }
  All.append(Sets.begin(), Sets.end());
  bool Text = false;
  auto AddEntry = [&](llvm::StringRef Map, TSNode Key, TSNode Value) {
    JsonValue &Into = slot(Params, Map, Json.object(N));
    if (!Into.isObject())
      return;
    bool IsNames = Map == "ExpressionAttributeNames";
    addEntry(Into, Key,
             IsNames ? stringValue(Value, Depth + 1) : entryValue(Value, Depth + 1),
             IsNames ? "S" : "AV");
  };
  // A dictionary: `new Dictionary<string, DynamoDBEntry> { {":c", id} }`,
  // `{ [":c"] = id }`; anything else opens the map.
  auto AddMap = [&](llvm::StringRef Map, TSNode Value) {
    TSNode V = unwrap(Value);
    std::optional<TSNode> Init;
    if (type(V) == "initializer_expression")
      Init = V;
    else if (type(V) == "object_creation_expression" &&
             text(V).startswith("new Dictionary<") && ctorArgs(V).empty())
      Init = initializer(V);
    if (!Init) {
      if (type(V) != "object_creation_expression" || ctorArgs(V).size())
        slot(Params, Map, Json.object(N)).Unknown = true;
      else if (!text(V).startswith("new Dictionary<"))
        slot(Params, Map, Json.object(N)).Unknown = true;
      return;
    }
    for (TSNode E : namedChildren(*Init)) {
      if (type(E) == "initializer_expression") {
        auto KV = namedChildren(E);
        if (KV.size() == 2) {
          AddEntry(Map, KV[0], KV[1]);
          continue;
        }
      } else if (type(E) == "assignment_expression") {
        auto L = childByField(E, "left");
        auto R = childByField(E, "right");
        if (L && R && type(*L) == "element_binding_expression") {
          auto K = namedChildren(*L);
          if (K.size() == 1) {
            AddEntry(Map, unwrap(K[0]), *R);
            continue;
          }
        }
      }
      slot(Params, Map, Json.object(N)).Unknown = true;
    }
  };
  for (const LaterAssignment &S : All) {
    if (S.Property == "ExpressionStatement" && !S.Key) {
      setMember(Params, Wire, stringValue(S.Value, Depth + 1).V,
                std::nullopt);
      Text = true;
    } else if (S.Property == "ExpressionAttributeNames" ||
               S.Property == "ExpressionAttributeValues") {
      if (S.Key)
        AddEntry(S.Property, *S.Key, S.Value);
      else
        AddMap(S.Property, S.Value);
    } else {
      OpenMaps();
    }
  }
  if (!Text)
    setMember(Params, Wire, opaque(N, "S").V, std::nullopt);
  if (!Text || Open)
    OpenMaps();
}

void DotNetRecognizer::operationConfig(JsonValue &Params, bool Query, TSNode N,
                                       bool &KeyRead, unsigned Depth) {
  KeyRead = false;
  TSNode X = unwrap(N);
  llvm::SmallVector<LaterAssignment, 8> All;
  bool Open = false;
  if (type(X) == "identifier") {
    std::optional<TSNode> V = singleValue(X);
    if (!V) {
      Params.Unknown = true;
      return;
    }
    Open = laterAssignments(*V, All);
    X = *V;
  }
  auto Ty = type(X) == "object_creation_expression" ? childByField(X, "type")
                                                    : std::nullopt;
  if (!Ty || !isSdkType(text(*Ty), "DocumentModel",
                        Query ? "QueryOperationConfig" : "ScanOperationConfig")) {
    Params.Unknown = true;
    return;
  }
  Params.Unknown |= Open;
  llvm::SmallVector<LaterAssignment, 8> Props;
  if (std::optional<TSNode> Init = initializer(X))
    for (TSNode S : namedChildren(*Init)) {
      auto L = type(S) == "assignment_expression" ? childByField(S, "left")
                                                 : std::nullopt;
      auto R = L ? childByField(S, "right") : std::nullopt;
      if (!L || !R || type(*L) != "identifier") {
        Params.Unknown = true;
        continue;
      }
      Props.push_back({text(*L), std::nullopt, *R, *L});
    }
  Props.append(All.begin(), All.end());
  bool LegacyFilter = false;
  for (const LaterAssignment &P : Props) {
    llvm::StringRef Name = P.Property;
    TSNode V = unwrap(P.Value);
    if (P.Key) {
      Params.Unknown = true;
      continue;
    }
    if (Name == "KeyExpression" && Query) {
      documentExpression(Params, "KeyConditionExpression", V, Depth + 1);
      KeyRead = true;
    } else if (Name == "FilterExpression") {
      documentExpression(Params, "FilterExpression", V, Depth + 1);
    } else if (Name == "Filter") {
      // new QueryFilter() / new ScanFilter(): empty unless conditions.
      bool Empty = type(V) == "object_creation_expression" &&
                   ctorArgs(V).empty() && !initializer(V);
      LegacyFilter |= !Empty;
    } else if (Name == "IndexName") {
      setMember(Params, "IndexName", stringValue(V, Depth).V, std::nullopt);
    } else if (Name == "Limit" || Name == "Segment" || Name == "TotalSegments") {
      setMember(Params, Name, numberValue(V, Depth).V, std::nullopt);
    } else if (Name == "ConsistentRead") {
      setMember(Params, Name, boolValue(V, Depth).V, std::nullopt);
    } else if (Name == "BackwardSearch") {
      if (text(V) == "true" || text(V) == "false")
        setMember(Params, "ScanIndexForward",
                  Json.declared(V, text(V) == "true" ? "false" : "true"),
                  std::nullopt);
    } else if (Name == "Select") {
      auto SN = type(V) == "member_access_expression" ? childByField(V, "name")
                                                      : std::nullopt;
      std::optional<llvm::StringRef> S =
          SN ? selectValue(text(*SN)) : std::nullopt;
      setMember(Params, "Select",
                S ? constantString(V, *S) : opaque(V, "S").V, std::nullopt);
    } else if (Name == "AttributesToGet") {
      setMember(Params, "ProjectionExpression", opaque(V, "S").V,
                std::nullopt);
    } else if (Name == "PaginationToken") {
      setMember(Params, "ExclusiveStartKey", opaque(V, "{AV}").V,
                std::nullopt);
    } else if (Name == "CollectResults" || Name == "ConditionalOperator") {
      continue;
    } else {
      Params.Unknown = true;
    }
  }
  if (LegacyFilter) {
    // The Table splits its conditions into key conditions and a filter by
    // the table's keys.
    if (!Params.get("FilterExpression"))
      setMember(Params, "FilterExpression", opaque(N, "S").V, std::nullopt);
    slot(Params, "ExpressionAttributeNames", Json.object(N)).Unknown = true;
    slot(Params, "ExpressionAttributeValues", Json.object(N)).Unknown = true;
    if (Query && !KeyRead) {
      setMember(Params, "KeyConditionExpression", opaque(N, "S").V,
                std::nullopt);
      KeyRead = true;
    }
  }
}

bool DotNetRecognizer::documentCall(TSNode Call, TSNode Name, TSNode Receiver,
                                    llvm::ArrayRef<TSNode> Args) {
  if (type(Name) != "identifier")
    return false;
  std::optional<llvm::StringRef> Op = tableOperation(text(Name));
  if (!Op)
    return false;
  std::optional<DocumentTable> T = documentTable(Receiver, 0);
  if (!T || Args.empty())
    return false;
  const unsigned Depth = 1;
  JsonValue Params = Json.object(Call);
  setMember(Params, "TableName", std::move(T->TableName), std::nullopt);
  llvm::ArrayRef<TSNode> A = Args;
  // A trailing GetItemOperationConfig, PutItemOperationConfig, ...
  std::optional<TSNode> Config;
  auto TypeOf = [&](TSNode X) -> std::string {
    X = unwrap(X);
    if (type(X) == "object_creation_expression")
      if (auto Ty = childByField(X, "type"))
        return text(*Ty).str();
    if (type(X) == "identifier") {
      auto It = DeclaredTypes.find(text(X));
      if (It != DeclaredTypes.end())
        return It->second;
    }
    return "";
  };
  if (*Op != "Query" && *Op != "Scan" && A.size() >= 2 &&
      llvm::StringRef(TypeOf(A.back())).endswith("OperationConfig")) {
    Config = A.back();
    A = A.drop_back();
  }
  auto KeyName = [&](const std::string &Known, llvm::StringRef StandIn,
                     TSNode At) {
    if (!Known.empty())
      return Json.declared(At, Known);
    JsonValue V = opaque(At, "S").V;
    V.Str = StandIn.str();
    return V;
  };
  if (*Op == "Query") {
    TSNode First = A[0];
    std::string FirstType = TypeOf(First);
    if (A.size() == 1 && llvm::StringRef(FirstType).endswith("QueryOperationConfig")) {
      bool KeyRead = false;
      operationConfig(Params, true, First, KeyRead, Depth);
      if (!KeyRead)
        setMember(Params, "KeyConditionExpression", opaque(First, "S").V,
                  std::nullopt);
    } else if (A.size() == 2) {
      // Query(hashKey, filter): the table's hash key, then the filter.
      TSNode Filter = unwrap(A[1]);
      std::string FT = TypeOf(Filter);
      bool HashOnly = false;
      if (isSdkType(FT, "DocumentModel", "Expression")) {
        documentExpression(Params, "FilterExpression", Filter, Depth);
        HashOnly = true;
      } else if (isSdkType(FT, "DocumentModel", "QueryFilter") &&
                 type(Filter) == "object_creation_expression" &&
                 ctorArgs(Filter).empty() && !initializer(Filter)) {
        HashOnly = true;
      }
      std::string Hash = T->Hash;
      if (HashOnly) {
        llvm::SmallVector<KeyTerm, 1> Terms;
        Terms.push_back(KeyTerm{A[0], KeyName(Hash, "@hash", A[0]), "=",
                                {entryValue(A[0], Depth)}});
        addKeyTerms(Params, Call, Terms);
      } else {
        setMember(Params, "KeyConditionExpression", opaque(Call, "S").V,
                  std::nullopt);
        setMember(Params, "FilterExpression", opaque(Filter, "S").V,
                  std::nullopt);
        slot(Params, "ExpressionAttributeNames", Json.object(Call)).Unknown =
            true;
        slot(Params, "ExpressionAttributeValues", Json.object(Call)).Unknown =
            true;
      }
    } else {
      // Query(QueryFilter): conditions the Table splits by its keys.
      setMember(Params, "KeyConditionExpression", opaque(Call, "S").V,
                std::nullopt);
      Params.Unknown = true;
    }
  } else if (*Op == "Scan") {
    TSNode First = unwrap(A[0]);
    std::string FT = TypeOf(First);
    if (A.size() != 1) {
      Params.Unknown = true;
    } else if (llvm::StringRef(FT).endswith("ScanOperationConfig")) {
      bool KeyRead = false;
      operationConfig(Params, false, First, KeyRead, Depth);
    } else if (isSdkType(FT, "DocumentModel", "Expression")) {
      documentExpression(Params, "FilterExpression", First, Depth);
    } else if (!(type(First) == "object_creation_expression" &&
                 ctorArgs(First).empty() && !initializer(First))) {
      // A ScanFilter with conditions: a filter on every item read.
      setMember(Params, "FilterExpression", opaque(First, "S").V,
                std::nullopt);
      slot(Params, "ExpressionAttributeValues", Json.object(First)).Unknown =
          true;
    }
  } else if (*Op == "GetItem" || *Op == "DeleteItem") {
    // (hashKey[, rangeKey]) on a table whose keys are declared here; a
    // Document or key dictionary otherwise.
    bool Positional = !T->Hash.empty() && A.size() <= 2 &&
                      (A.size() == 2 || C.Eval.isStringy(unwrap(A[0])) ||
                       type(unwrap(A[0])) == "integer_literal");
    if (Positional && (A.size() == 1 || !T->Range.empty())) {
      JsonValue Key = Json.object(A.front());
      Key.End = ts_node_end_byte(A.back());
      HostJson::add(Key, T->Hash, entryValue(A[0], Depth).V, A[0]);
      if (A.size() == 2)
        HostJson::add(Key, T->Range, entryValue(A[1], Depth).V, A[1]);
      setMember(Params, "Key", std::move(Key), std::nullopt);
    } else {
      setMember(Params, "Key", opaque(A[0], "{AV}").V, std::nullopt);
    }
  } else {
    // PutItem(doc) / UpdateItem(doc[, hashKey[, rangeKey]]).
    setMember(Params, *Op == "PutItem" ? "Item" : "Key",
              opaque(A[0], "{AV}").V, std::nullopt);
    if (*Op == "UpdateItem")
      Params.Unknown = true; // the update the Document describes
  }
  if (Config) {
    // ConditionalExpression; ReturnValues and the like change no check.
    TSNode X = unwrap(*Config);
    std::optional<TSNode> Init =
        type(X) == "object_creation_expression" ? initializer(X) : std::nullopt;
    if (!Init)
      Params.Unknown = true;
    else
      for (TSNode S : namedChildren(*Init)) {
        auto L = type(S) == "assignment_expression" ? childByField(S, "left")
                                                   : std::nullopt;
        auto R = L ? childByField(S, "right") : std::nullopt;
        if (L && R && text(*L) == "ConditionalExpression")
          documentExpression(Params, "ConditionExpression", *R, Depth);
        else if (L && R && text(*L) == "ConsistentRead")
          setMember(Params, "ConsistentRead", boolValue(*R, Depth).V, *L);
        else if (!L || (text(*L) != "ReturnValues"))
          Params.Unknown = true;
      }
  }
  record(Call, Name, *Op, Built{std::move(Params)}, SdkDocument);
  return true;
}

} // namespace nosqlint::extract::sdk::dotnet
