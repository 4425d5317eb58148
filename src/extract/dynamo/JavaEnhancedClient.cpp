//===- JavaEnhancedClient.cpp - The AWS SDK for Java v2 enhanced client ---===//
//
// The enhanced client (software.amazon.awssdk.enhanced.dynamodb) maps a bean
// class to a table and sends the low-level requests itself:
//
//   DynamoDbTable<Order> orders =
//       enhanced.table("orders", TableSchema.fromBean(Order.class));
//   orders.query(QueryConditional.sortBeginsWith(
//       Key.builder().partitionValue(id).sortValue("2024-").build()));
//   orders.index("by-status").query(r -> r
//       .queryConditional(QueryConditional.keyEqualTo(k -> k.partitionValue("open")))
//       .filterExpression(Expression.builder().expression("total > :t")
//           .putExpressionValue(":t", AttributeValue.fromN("100")).build()));
//   orders.getItem(Key.builder().partitionValue(id).sortValue(n).build());
//   orders.putItem(order); orders.updateItem(order); orders.deleteItem(key);
//   orders.scan();                                          // a full scan
//   enhanced.batchGetItem(..); enhanced.transactWriteItems(..);
//
// Each becomes the request the client sends: the table of the table(..)
// call the receiver was made by (a local or a field given one value), the
// index of index(..), and the key condition a QueryConditional states,
// written `#k0 = :k0 AND begins_with(#k1, :k1)` over the partition and sort
// key of the table or index queried. Those key names are the bean's
// (@DynamoDbPartitionKey, @DynamoDbSortKey, @DynamoDbSecondaryPartitionKey
// ...), which JavaBeanModels.cpp reads, often in another file: the request
// carries the bean's qualified name (ModelClass) and "@hash" / "@range"
// stand-ins that resolveMapperRequests (ModelTables.h) replaces once every
// file is read. An Expression's text, names and values join the request's;
// an item object's attributes (putItem, updateItem, a key given as an item)
// are computed at run time.
//
//===----------------------------------------------------------------------===//
#include "JavaSdk.h"

#include "llvm/ADT/StringSwitch.h"

namespace nosqlint::extract::sdk::java {

namespace {

constexpr llvm::StringLiteral EnhancedPackage =
    "software.amazon.awssdk.enhanced.dynamodb";

/// The comparison of a QueryConditional factory.
std::optional<llvm::StringRef> conditionalOperator(llvm::StringRef Method) {
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(Method)
      .Case("keyEqualTo", llvm::StringRef("="))
      .Case("sortBeginsWith", llvm::StringRef("begins_with"))
      .Case("sortBetween", llvm::StringRef("BETWEEN"))
      .Case("sortGreaterThan", llvm::StringRef(">"))
      .Case("sortGreaterThanOrEqualTo", llvm::StringRef(">="))
      .Case("sortLessThan", llvm::StringRef("<"))
      .Case("sortLessThanOrEqualTo", llvm::StringRef("<="))
      .Default(std::nullopt);
}

/// The request class a table method takes, and the operation it sends.
struct TableMethod {
  llvm::StringLiteral Method;
  llvm::StringLiteral Operation;
  llvm::StringLiteral RequestClass;
};

const TableMethod TableMethods[] = {
    {"query", "Query", "QueryEnhancedRequest"},
    {"scan", "Scan", "ScanEnhancedRequest"},
    {"getItem", "GetItem", "GetItemEnhancedRequest"},
    {"putItem", "PutItem", "PutItemEnhancedRequest"},
    {"updateItem", "UpdateItem", "UpdateItemEnhancedRequest"},
    {"deleteItem", "DeleteItem", "DeleteItemEnhancedRequest"},
};

/// The enhanced client's multi-table operations.
std::optional<llvm::StringRef> clientOperation(llvm::StringRef Method) {
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(Method)
      .Case("batchGetItem", llvm::StringRef("BatchGetItem"))
      .Case("batchWriteItem", llvm::StringRef("BatchWriteItem"))
      .Case("transactGetItems", llvm::StringRef("TransactGetItems"))
      .Case("transactWriteItems", llvm::StringRef("TransactWriteItems"))
      .Default(std::nullopt);
}

/// The enhanced client's multi-table requests, by class.
std::optional<llvm::StringRef> multiTableOperation(llvm::StringRef Class) {
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(Class)
      .Case("BatchGetItemEnhancedRequest", llvm::StringRef("BatchGetItem"))
      .Case("BatchWriteItemEnhancedRequest", llvm::StringRef("BatchWriteItem"))
      .Case("TransactGetItemsEnhancedRequest",
            llvm::StringRef("TransactGetItems"))
      .Case("TransactWriteItemsEnhancedRequest",
            llvm::StringRef("TransactWriteItems"))
      .Default(std::nullopt);
}

/// A wire string the code does not show (a bean's key name) at \p N.
JsonValue standIn(llvm::StringRef Text, TSNode N) {
  JsonValue V;
  V.K = JsonValue::Kind::String;
  V.Str = Text.str();
  V.Unknown = true;
  V.Begin = V.ContentBegin = ts_node_start_byte(N);
  V.End = V.ContentEnd = ts_node_end_byte(N);
  return V;
}

/// The member \p Wire of \p Obj, made an empty object at \p At if absent.
JsonValue &slot(JsonValue &Obj, llvm::StringRef Wire, JsonValue Empty) {
  for (json::JsonMember &M : Obj.Members)
    if (M.Key == Wire)
      return M.Value;
  HostJson::add(Obj, Wire, std::move(Empty));
  return Obj.Members.back().Value;
}

} // namespace

bool JavaRecognizer::isEnhancedType(TSNode TypeNode,
                                    llvm::StringRef Simple) const {
  llvm::StringRef T = text(TypeNode);
  T = T.take_until([](char Ch) { return Ch == '<'; }).trim();
  if (T.contains('.'))
    return T.startswith(EnhancedPackage) && T.endswith(Simple) &&
           T.drop_back(Simple.size()).endswith(".");
  if (T != Simple || DeclaredClasses.contains(Simple))
    return false;
  return EnhancedImports.contains(Simple) ||
         (EnhancedWildcard && !Imports.count(Simple));
}

std::optional<TSNode> JavaRecognizer::singleValue(TSNode N) const {
  N = unwrap(N);
  llvm::StringRef Var;
  if (type(N) == "identifier") {
    Var = text(N);
  } else if (type(N) == "field_access") {
    auto O = childByField(N, "object");
    auto F = childByField(N, "field");
    if (!O || !F || type(*O) != "this")
      return std::nullopt;
    Var = text(*F);
  } else {
    return std::nullopt;
  }
  auto It = Assignments.find(Var);
  size_t Assigned = It == Assignments.end() ? 0 : It->second.size();
  std::optional<TSNode> Decl =
      C.Eval.declarationValue(Var, ts_node_start_byte(N));
  if (Decl && Assigned == 0)
    return Decl;
  if (!Decl && Assigned == 1)
    return It->second.front();
  if (Decl || Assigned != 0 || type(N) != "identifier")
    return std::nullopt;
  // A local that other methods declare too: its declaration in the blocks
  // around the use.
  uint32_t Use = ts_node_start_byte(N);
  for (TSNode B = ts_node_parent(N); !ts_node_is_null(B);
       B = ts_node_parent(B)) {
    llvm::StringRef T = type(B);
    if (T == "method_declaration" || T == "constructor_declaration" ||
        T == "lambda_expression" || T == "class_body")
      break;
    if (T != "block")
      continue;
    for (TSNode S : namedChildren(B)) {
      if (ts_node_start_byte(S) >= Use)
        break;
      if (type(S) != "local_variable_declaration")
        continue;
      for (TSNode D : namedChildren(S))
        if (type(D) == "variable_declarator")
          if (auto Name = childByField(D, "name"); Name && text(*Name) == Var) {
            auto V = childByField(D, "value");
            return V ? std::optional<TSNode>(*V) : std::nullopt;
          }
    }
  }
  return std::nullopt;
}

std::string JavaRecognizer::schemaBean(TSNode N, unsigned Depth) const {
  N = unwrap(N);
  if (Depth > 4)
    return "";
  if (type(N) == "identifier") {
    std::optional<TSNode> V = singleValue(N);
    return V ? schemaBean(*V, Depth + 1) : "";
  }
  if (type(N) != "method_invocation")
    return "";
  auto Obj = childByField(N, "object");
  auto M = childByField(N, "name");
  auto A = args(N);
  if (!Obj || !M || A.size() != 1)
    return "";
  llvm::StringRef Method = text(*M);
  bool Factory =
      (isEnhancedType(*Obj, "TableSchema") &&
       (Method == "fromBean" || Method == "fromImmutableClass" ||
        Method == "fromClass")) ||
      ((isEnhancedType(*Obj, "BeanTableSchema") ||
        isEnhancedType(*Obj, "ImmutableTableSchema")) &&
       Method == "create");
  TSNode Lit = unwrap(A[0]);
  if (!Factory || type(Lit) != "class_literal")
    return "";
  auto Kids = namedChildren(Lit);
  return Kids.size() == 1 ? resolveClass(text(Kids[0])) : "";
}

std::string JavaRecognizer::declaredBean(llvm::StringRef Var) const {
  std::optional<llvm::StringRef> T = declaredType(Var);
  if (!T)
    return "";
  size_t Lt = T->find('<');
  if (Lt == llvm::StringRef::npos || !T->endswith(">"))
    return "";
  llvm::StringRef Arg = T->slice(Lt + 1, T->size() - 1).trim();
  // A type variable or a wildcard names no bean.
  if (Arg.size() <= 1 || Arg.contains('?') || Arg.contains('<') ||
      Arg.contains(','))
    return "";
  return resolveClass(Arg);
}

std::optional<JavaRecognizer::EnhancedTarget>
JavaRecognizer::enhancedTarget(TSNode R, unsigned Depth) {
  R = unwrap(R);
  if (Depth > 4)
    return std::nullopt;
  llvm::StringRef T = type(R);
  if (T == "method_invocation") {
    auto M = childByField(R, "name");
    auto Obj = childByField(R, "object");
    auto A = args(R);
    if (!M || !Obj)
      return std::nullopt;
    // table.index("by-status")
    if (text(*M) == "index" && A.size() == 1) {
      std::optional<EnhancedTarget> Table = enhancedTarget(*Obj, Depth + 1);
      if (!Table || Table->IndexName)
        return std::nullopt;
      Table->IndexName = stringValue(A[0], 1).V;
      return Table;
    }
    // enhanced.table("orders", TableSchema.fromBean(Order.class))
    if (text(*M) == "table" && A.size() == 2) {
      std::string Bean = schemaBean(A[1], 0);
      if (Bean.empty())
        return std::nullopt;
      return EnhancedTarget{stringValue(A[0], 1).V, std::nullopt,
                            std::move(Bean)};
    }
    return std::nullopt;
  }
  if (T != "identifier" && T != "field_access")
    return std::nullopt;
  llvm::StringRef Var = simpleName(R);
  bool Table = Tables.contains(Var), Index = EnhancedIndexes.contains(Var);
  if (T == "field_access") {
    auto O = childByField(R, "object");
    if (!O || type(*O) != "this")
      return std::nullopt;
  }
  if (std::optional<TSNode> V = singleValue(R)) {
    if (std::optional<EnhancedTarget> Found = enhancedTarget(*V, Depth + 1)) {
      if (Found->ModelClass.empty())
        Found->ModelClass = declaredBean(Var);
      return Found;
    }
  }
  if (!Table && !Index)
    return std::nullopt;
  // A parameter, or a field given its value elsewhere.
  EnhancedTarget Out{opaque(R, "S").V, std::nullopt, declaredBean(Var)};
  if (Index)
    Out.IndexName = opaque(R, "S").V;
  return Out;
}

std::optional<LaterSetters> JavaRecognizer::lambdaCalls(TSNode Lambda) const {
  Lambda = unwrap(Lambda);
  if (type(Lambda) != "lambda_expression")
    return std::nullopt;
  auto Params = childByField(Lambda, "parameters");
  auto Body = childByField(Lambda, "body");
  if (!Params || !Body)
    return std::nullopt;
  // r, (r), (QueryRequest.Builder r)
  llvm::StringRef P = text(*Params).trim("() \t\r\n");
  if (P.contains(','))
    return std::nullopt;
  size_t Space = P.find_last_of(" \t\r\n");
  if (Space != llvm::StringRef::npos)
    P = P.drop_front(Space + 1);
  if (P.empty())
    return std::nullopt;
  LaterSetters Out;
  if (type(*Body) != "block") {
    Chain Ch = chainOf(*Body);
    if (type(Ch.Base) != "identifier" || text(Ch.Base) != P ||
        Ch.Calls.empty())
      return std::nullopt;
    Out.Calls = Ch.Calls;
    return Out;
  }
  // Each statement a chain of calls on the parameter; any other use of it
  // (a condition, a loop, passing it on) may set anything.
  for (TSNode S : namedChildren(*Body)) {
    llvm::StringRef ST = type(S);
    if (ST == "line_comment" || ST == "block_comment")
      continue;
    if (ST == "expression_statement") {
      auto Kids = namedChildren(S);
      if (Kids.size() == 1 && type(Kids[0]) == "method_invocation") {
        Chain Ch = chainOf(Kids[0]);
        if (type(Ch.Base) == "identifier" && text(Ch.Base) == P) {
          Out.Calls.append(Ch.Calls.begin(), Ch.Calls.end());
          continue;
        }
      }
    }
    bool Mentions = false;
    forEachNamedNode(S, [&](TSNode N) {
      Mentions |= type(N) == "identifier" && text(N) == P;
    });
    Out.Open |= Mentions;
  }
  return Out;
}

std::optional<LaterSetters>
JavaRecognizer::enhancedRequestCalls(TSNode N, llvm::StringRef Class,
                                     unsigned Depth) {
  N = unwrap(N);
  if (Depth > 4)
    return std::nullopt;
  if (type(N) == "lambda_expression")
    return lambdaCalls(N);
  if (type(N) == "identifier") {
    bool Mentioned;
    std::optional<TSNode> V = follow(N, Mentioned);
    if (!V)
      return std::nullopt;
    return enhancedRequestCalls(*V, Class, Depth + 1);
  }
  if (type(N) != "method_invocation")
    return std::nullopt;
  Chain Ch = chainOf(N);
  llvm::SmallVector<TSNode, 8> Calls = Ch.Calls;
  bool Known = false;
  if (type(Ch.Base) == "method_invocation") {
    auto M = childByField(Ch.Base, "name");
    auto O = childByField(Ch.Base, "object");
    Known = M && O && text(*M) == "builder" && args(Ch.Base).empty() &&
            isEnhancedType(*O, Class);
  }
  if (!Known && type(Ch.Base) == "identifier" &&
      isEnhancedType(Ch.Base, Class) && !Calls.empty()) {
    // PutItemEnhancedRequest.builder(Order.class)...
    auto M = childByField(Calls.front(), "name");
    Known = M && text(*M) == "builder";
    if (Known)
      Calls.erase(Calls.begin());
  }
  LaterSetters Out;
  if (!Known) {
    // `builder.build()` on a builder variable filled step by step.
    if (type(Ch.Base) != "identifier" || Calls.size() != 1)
      return std::nullopt;
    auto M = childByField(Calls.front(), "name");
    if (!M || text(*M) != "build")
      return std::nullopt;
    bool Mentioned;
    std::optional<TSNode> V = follow(Ch.Base, Mentioned);
    if (!V)
      return std::nullopt;
    // Its later setters are read with the builder's chain.
    return enhancedRequestCalls(*V, Class, Depth + 1);
  }
  Out.Calls = std::move(Calls);
  bool Finished = !Out.Calls.empty() &&
                  text(*childByField(Out.Calls.back(), "name")) == "build";
  Out.Open = !Finished;
  if (!Finished) {
    // An unfinished builder held by a variable: its later setters.
    Out.Open = false;
    LaterSetters Later = laterSetters(chainTop(Ch.Base));
    Out.Calls.append(Later.Calls.begin(), Later.Calls.end());
    Out.Open = Later.Open;
  }
  return Out;
}

Built JavaRecognizer::enhancedKeyValue(TSNode N, unsigned Depth) {
  TSNode X = unwrap(N);
  if (type(X) == "identifier") {
    bool Mentioned;
    if (std::optional<TSNode> V = follow(X, Mentioned))
      X = unwrap(*V);
  }
  if (type(X) == "method_invocation") {
    Chain Ch = chainOf(X);
    auto Obj = childByField(X, "object");
    bool AV = isBuilderCall(Ch.Base, "AttributeValue") ||
              (Obj && isModelType(*Obj, "AttributeValue")) ||
              (!Obj && StaticFactories.contains(
                           text(*childByField(X, "name"))));
    if (AV)
      return attributeValue(X, Depth + 1);
    return opaque(N, "AV");
  }
  // partitionValue("c1"), sortValue(5): a String or a Number literal;
  // anything else of a type not read here.
  return nativeValue(X, Depth + 1);
}

std::optional<JavaRecognizer::EnhancedKey>
JavaRecognizer::enhancedKey(TSNode N, unsigned Depth) {
  N = unwrap(N);
  if (Depth > 4)
    return std::nullopt;
  llvm::SmallVector<TSNode, 8> Calls;
  if (type(N) == "identifier") {
    bool Mentioned;
    std::optional<TSNode> V = follow(N, Mentioned);
    return V ? enhancedKey(*V, Depth + 1) : std::nullopt;
  }
  if (type(N) == "lambda_expression") {
    std::optional<LaterSetters> L = lambdaCalls(N);
    if (!L || L->Open)
      return std::nullopt;
    Calls = L->Calls;
  } else if (type(N) == "method_invocation") {
    Chain Ch = chainOf(N);
    auto O = type(Ch.Base) == "method_invocation"
                 ? childByField(Ch.Base, "object")
                 : std::nullopt;
    if (!O || !isEnhancedType(*O, "Key") || Ch.Calls.empty() ||
        text(*childByField(Ch.Calls.back(), "name")) != "build")
      return std::nullopt;
    Calls.assign(Ch.Calls.begin(), Ch.Calls.end() - 1);
  } else {
    return std::nullopt;
  }
  EnhancedKey K;
  for (TSNode Call : Calls) {
    auto M = childByField(Call, "name");
    auto A = args(Call);
    llvm::StringRef Method = M ? text(*M) : "";
    if (A.size() != 1)
      return std::nullopt;
    if (Method == "partitionValue" && !K.Hash) {
      K.Hash = enhancedKeyValue(A[0], Depth);
      K.HashAt = Call;
    } else if (Method == "sortValue" && !K.Range) {
      K.Range = enhancedKeyValue(A[0], Depth);
      K.RangeAt = Call;
    } else {
      return std::nullopt; // composite keys, or a key set twice
    }
  }
  if (!K.Hash)
    return std::nullopt;
  return K;
}

bool JavaRecognizer::queryConditional(TSNode N,
                                      llvm::SmallVectorImpl<KeyTerm> &Terms,
                                      unsigned Depth) {
  N = unwrap(N);
  if (type(N) == "identifier") {
    bool Mentioned;
    std::optional<TSNode> V = follow(N, Mentioned);
    return V && Depth < 4 && queryConditional(*V, Terms, Depth + 1);
  }
  if (type(N) != "method_invocation")
    return false;
  auto Obj = childByField(N, "object");
  auto M = childByField(N, "name");
  if (!Obj || !M || !isEnhancedType(*Obj, "QueryConditional"))
    return false;
  std::optional<llvm::StringRef> Op = conditionalOperator(text(*M));
  auto A = args(N);
  if (!Op || A.size() != (*Op == "BETWEEN" ? 2u : 1u))
    return false;
  std::optional<EnhancedKey> K = enhancedKey(A[0], Depth);
  if (!K)
    return false;
  bool KeyEqual = text(*M) == "keyEqualTo";
  if (!KeyEqual && !K->Range)
    return false; // the SDK rejects a sort condition without a sort value
  Terms.push_back(KeyTerm{K->HashAt, standIn("@hash", K->HashAt), "=",
                          {std::move(*K->Hash)}});
  if (KeyEqual) {
    if (K->Range)
      Terms.push_back(KeyTerm{K->RangeAt, standIn("@range", K->RangeAt), "=",
                              {std::move(*K->Range)}});
    return true;
  }
  KeyTerm Sort{N, standIn("@range", K->RangeAt), Op->str(),
               {std::move(*K->Range)}};
  if (*Op == "BETWEEN") {
    std::optional<EnhancedKey> To = enhancedKey(A[1], Depth);
    if (!To || !To->Range)
      return false;
    Sort.Values.push_back(std::move(*To->Range));
  }
  Terms.push_back(std::move(Sort));
  return true;
}

void JavaRecognizer::enhancedExpression(JsonValue &Params, llvm::StringRef Wire,
                                        TSNode KeyNode, TSNode N,
                                        unsigned Depth) {
  TSNode X = unwrap(N);
  // The names and values merge with the request's: an expression not read
  // opens both maps.
  auto OpenMaps = [&] {
    slot(Params, "ExpressionAttributeNames", Json.object(N)).Unknown = true;
    slot(Params, "ExpressionAttributeValues", Json.object(N)).Unknown = true;
  };
  if (type(X) == "identifier" && Depth < 4) {
    bool Mentioned;
    if (std::optional<TSNode> V = follow(X, Mentioned)) {
      enhancedExpression(Params, Wire, KeyNode, *V, Depth + 1);
      return;
    }
  }
  Chain Ch = chainOf(X);
  auto O = type(Ch.Base) == "method_invocation"
               ? childByField(Ch.Base, "object")
               : std::nullopt;
  if (!O || !isEnhancedType(*O, "Expression") || Ch.Calls.empty() ||
      text(*childByField(Ch.Calls.back(), "name")) != "build") {
    setMember(Params, Wire, opaque(N, "S").V, KeyNode);
    OpenMaps();
    return;
  }
  bool Text = false;
  auto Merge = [&](llvm::StringRef Map, Built B) {
    JsonValue &Into = slot(Params, Map, Json.object(N));
    if (!Into.isObject())
      return;
    if (B.Opaque || !B.V.isObject()) {
      Into.Unknown = true;
      return;
    }
    Into.Unknown |= B.V.Unknown;
    for (json::JsonMember &E : B.V.Members)
      Into.Members.push_back(std::move(E));
  };
  for (TSNode Call : Ch.Calls) {
    auto M = childByField(Call, "name");
    auto A = args(Call);
    llvm::StringRef Method = M ? text(*M) : "";
    if (Method == "build")
      continue;
    if (Method == "expression" && A.size() == 1) {
      setMember(Params, Wire, stringValue(A[0], Depth + 1).V, KeyNode);
      Text = true;
    } else if (Method == "expressionValues" && A.size() == 1) {
      Merge("ExpressionAttributeValues", value(A[0], "{AV}", Depth + 1));
    } else if (Method == "expressionNames" && A.size() == 1) {
      Merge("ExpressionAttributeNames", value(A[0], "{S}", Depth + 1));
    } else if (Method == "putExpressionValue" && A.size() == 2) {
      JsonValue &Into = slot(Params, "ExpressionAttributeValues", Json.object(N));
      if (Into.isObject())
        addEntry(Into, A[0], value(A[1], "AV", Depth + 1), "AV");
    } else if (Method == "putExpressionName" && A.size() == 2) {
      JsonValue &Into = slot(Params, "ExpressionAttributeNames", Json.object(N));
      if (Into.isObject())
        addEntry(Into, A[0], value(A[1], "S", Depth + 1), "S");
    } else {
      OpenMaps();
    }
  }
  if (!Text) {
    setMember(Params, Wire, opaque(N, "S").V, KeyNode);
    OpenMaps();
  }
}

std::optional<std::pair<llvm::StringRef, TSNode>>
JavaRecognizer::multiTableRequest(TSNode Build) const {
  // X.builder()...build(), or b.build() on `var b = X.builder()...`.
  Build = unwrap(Build);
  if (type(Build) != "method_invocation" || !args(Build).empty())
    return std::nullopt;
  auto M = childByField(Build, "name");
  if (!M || text(*M) != "build")
    return std::nullopt;
  Chain Ch = chainOf(Build);
  TSNode Base = Ch.Base;
  if (type(Base) == "identifier" && Ch.Calls.size() == 1)
    if (std::optional<TSNode> V = singleValue(Base)) {
      Chain Inner = chainOf(*V);
      Base = Inner.Base;
    }
  auto O = type(Base) == "method_invocation" ? childByField(Base, "object")
                                             : std::nullopt;
  auto BM = type(Base) == "method_invocation" ? childByField(Base, "name")
                                              : std::nullopt;
  if (!O || !BM || text(*BM) != "builder" || type(*O) != "identifier")
    return std::nullopt;
  std::optional<llvm::StringRef> Op = multiTableOperation(text(*O));
  if (!Op || !isEnhancedType(*O, text(*O)))
    return std::nullopt;
  return std::make_pair(*Op, *O);
}

void JavaRecognizer::multiTableRecord(TSNode Build) {
  std::optional<std::pair<llvm::StringRef, TSNode>> R = multiTableRequest(Build);
  if (!R)
    return;
  // The request is complete where it is built: its items, of several
  // tables, are not read here.
  TSNode Site = chainTop(Build);
  JsonValue Params = Json.object(Site);
  bool Transaction = R->first.startswith("Transact");
  setMember(Params, Transaction ? "TransactItems" : "RequestItems",
            opaque(Site, Transaction ? "[?]" : "{?}").V, std::nullopt);
  Params.Unknown = true;
  TSNode OpNode = R->second;
  // `b.build()`: the class is named where the builder was made.
  if (ts_node_start_byte(OpNode) < ts_node_start_byte(Site))
    OpNode = *childByField(Build, "name");
  record(Site, OpNode, R->first, std::move(Params), SdkEnhanced);
}

bool JavaRecognizer::enhancedCall(TSNode Call, TSNode Name, TSNode Receiver) {
  llvm::StringRef M = text(Name);
  auto A = args(Call);
  // X.builder()...build() of a multi-table request: a request site.
  if (M == "build" && A.empty() && multiTableRequest(Call)) {
    multiTableRecord(Call);
    return false; // its parts are walked on
  }
  // enhanced.batchGetItem(..): the items of several tables, not read here.
  if (std::optional<llvm::StringRef> Op = clientOperation(M)) {
    TSNode R = unwrap(Receiver);
    if ((type(R) != "identifier" && type(R) != "field_access") ||
        !EnhancedClients.contains(simpleName(R)) || A.size() != 1)
      return false;
    // A request built where this reads it is found there.
    TSNode Arg = unwrap(A[0]);
    if (type(Arg) == "identifier")
      if (std::optional<TSNode> V = singleValue(Arg))
        Arg = unwrap(*V);
    if (multiTableRequest(Arg))
      return true;
    JsonValue Params = Json.object(Call);
    bool Transaction = M.startswith("transact");
    setMember(Params, Transaction ? "TransactItems" : "RequestItems",
              opaque(A[0], Transaction ? "[?]" : "{?}").V, std::nullopt);
    Params.Unknown = true;
    record(Call, Name, *Op, std::move(Params), SdkEnhanced);
    return true;
  }
  const TableMethod *TM = nullptr;
  for (const TableMethod &K : TableMethods)
    if (K.Method == M)
      TM = &K;
  if (!TM || A.size() > 1)
    return false;
  std::optional<EnhancedTarget> T = enhancedTarget(Receiver, 0);
  if (!T)
    return false;
  llvm::StringRef Op = TM->Operation;
  if (T->IndexName && Op != "Query" && Op != "Scan")
    return false;
  if (A.empty() && Op != "Scan")
    return false;
  JsonValue Params = Json.object(Call);
  setMember(Params, "TableName", std::move(T->TableName), std::nullopt);
  if (T->IndexName)
    setMember(Params, "IndexName", std::move(*T->IndexName), std::nullopt);
  const unsigned Depth = 1;
  llvm::SmallVector<KeyTerm, 2> Terms;
  bool TermsRead = false, TermsUnknown = false;
  auto SetKey = [&](TSNode At, TSNode V) {
    std::optional<EnhancedKey> K = enhancedKey(V, Depth);
    if (!K) {
      // A key computed elsewhere, or the item itself: its key attributes.
      setMember(Params, "Key", opaque(V, "{AV}").V, std::nullopt);
      return;
    }
    JsonValue Key = Json.object(At);
    HostJson::add(Key, "@hash", std::move(K->Hash->V), K->HashAt);
    if (K->Range)
      HostJson::add(Key, "@range", std::move(K->Range->V), K->RangeAt);
    setMember(Params, "Key", std::move(Key), std::nullopt);
  };
  if (!A.empty()) {
    TSNode Arg = A[0];
    std::optional<LaterSetters> Calls =
        enhancedRequestCalls(Arg, TM->RequestClass, Depth);
    if (Calls) {
      Params.Unknown |= Calls->Open;
      for (TSNode S : Calls->Calls) {
        auto MN = childByField(S, "name");
        auto SA = args(S);
        llvm::StringRef Setter = MN ? text(*MN) : "";
        if (Setter == "build" || Setter == "overrideConfiguration" ||
            Setter == "ignoreNulls" || Setter == "ignoreNullsMode")
          continue;
        if (SA.empty() && Setter != "addAttributeToProject") {
          Params.Unknown = true;
          continue;
        }
        if (Setter == "queryConditional" && Op == "Query") {
          Terms.clear();
          TermsRead = queryConditional(SA[0], Terms, Depth);
          TermsUnknown = !TermsRead;
        } else if (Setter == "filterExpression" &&
                   (Op == "Query" || Op == "Scan")) {
          enhancedExpression(Params, "FilterExpression", *MN, SA[0], Depth);
        } else if (Setter == "conditionExpression" &&
                   (Op == "PutItem" || Op == "UpdateItem" ||
                    Op == "DeleteItem")) {
          enhancedExpression(Params, "ConditionExpression", *MN, SA[0],
                             Depth);
        } else if (Setter == "key" &&
                   (Op == "GetItem" || Op == "DeleteItem")) {
          SetKey(S, SA[0]);
        } else if (Setter == "item" &&
                   (Op == "PutItem" || Op == "UpdateItem")) {
          setMember(Params, Op == "PutItem" ? "Item" : "Key",
                    opaque(SA[0], "{AV}").V, std::nullopt);
        } else if (Setter == "limit" || Setter == "segment" ||
                   Setter == "totalSegments") {
          llvm::StringRef Wire = Setter == "limit"     ? "Limit"
                                 : Setter == "segment" ? "Segment"
                                                       : "TotalSegments";
          setMember(Params, Wire, numberValue(SA[0], Depth).V, *MN);
        } else if (Setter == "scanIndexForward" || Setter == "consistentRead") {
          setMember(Params,
                    Setter == "consistentRead" ? "ConsistentRead"
                                               : "ScanIndexForward",
                    boolValue(SA[0], Depth).V, *MN);
        } else if (Setter == "exclusiveStartKey") {
          setMember(Params, "ExclusiveStartKey",
                    value(SA[0], "{AV}", Depth).V, *MN);
        } else if (Setter == "returnConsumedCapacity" || Setter == "select" ||
                   Setter == "returnValues" ||
                   Setter == "returnItemCollectionMetrics" ||
                   Setter == "returnValuesOnConditionCheckFailure") {
          std::string Wire = Setter.str();
          Wire[0] = static_cast<char>(Wire[0] - 'a' + 'A');
          setMember(Params, Wire, stringValue(SA[0], Depth).V, *MN);
        } else if (Setter == "attributesToProject" ||
                   Setter == "addAttributeToProject" ||
                   Setter == "addNestedAttributeToProject" ||
                   Setter == "addNestedAttributesToProject") {
          // The client writes the projection over #names of its own.
          setMember(Params, "ProjectionExpression", opaque(S, "S").V, *MN);
        } else {
          Params.Unknown = true;
        }
      }
      if (Op == "Query" && !TermsRead)
        TermsUnknown = true;
    } else if (Op == "Query") {
      TermsRead = queryConditional(Arg, Terms, Depth);
      TermsUnknown = !TermsRead;
    } else if (Op == "Scan") {
      Params.Unknown = true; // a request built where this cannot see
    } else if (Op == "GetItem" || Op == "DeleteItem") {
      SetKey(Arg, Arg);
    } else {
      // putItem(order), updateItem(order): the item's attributes and key.
      setMember(Params, Op == "PutItem" ? "Item" : "Key",
                opaque(Arg, "{AV}").V, std::nullopt);
    }
  }
  if (Op == "UpdateItem")
    Params.Unknown = true; // the client writes the update expression
  if (Op == "Query") {
    if (TermsRead && !TermsUnknown)
      addKeyTerms(Params, Call, Terms);
    else
      setMember(Params, "KeyConditionExpression", opaque(Call, "S").V,
                std::nullopt);
  }
  record(Call, Name, Op, std::move(Params), SdkEnhanced);
  C.Out.back().ModelClass = std::move(T->ModelClass);
  return true;
}

} // namespace nosqlint::extract::sdk::java
