//===- JavaSdk.cpp - AWS SDK for Java v2 request builders ------------------===//
//
// Finds the requests a Java file builds with the SDK v2 model classes
// (software.amazon.awssdk.services.dynamodb.model):
//
//   QueryRequest.builder().tableName("Orders").keyConditionExpression("...")
//       .expressionAttributeValues(Map.of(":c", AttributeValue.fromS(id)))
//       .build()
//   client.query(r -> r.tableName("Orders").keyConditionExpression("..."))
//
// Setters are the lowerCamel wire parameters; nested structures come from
// their own builders or consumer lambdas, maps from Map.of / Map.ofEntries /
// Collections.singletonMap, lists from List.of / Arrays.asList or varargs,
// AttributeValues from AttributeValue.fromX(..) or AttributeValue.builder().
// The enhanced client's DynamoDbTable.scan() is a Scan of the table the
// variable was made for (`enhanced.table("Customers", schema)`), or of an
// Unknown table.
// CreateTableRequest (KeySchemaElement, AttributeDefinition, index and
// Projection builders or consumer lambdas; KeyType / ScalarAttributeType
// constants) is a table definition in code (see DynamoCodeTables).
// A builder left unbuilt (filled in later steps), a map made empty and
// filled later, or a value from a call is open or Unknown.
//
//===----------------------------------------------------------------------===//
#include "SdkCalls.h"
#include "TypedRequests.h"

#include "llvm/ADT/StringSet.h"

namespace nosqlint::extract::sdk {

namespace {

using namespace typed;

constexpr llvm::StringLiteral ModelPackage =
    "software.amazon.awssdk.services.dynamodb";

/// A chain of calls on one receiver: `X.builder().a(..).b(..).build()` or
/// `p.a(..).b(..)` inside a lambda.
struct Chain {
  TSNode Base;                      // `X.builder()` call, or the identifier
  llvm::SmallVector<TSNode, 8> Calls; // the calls after the base, in order
};

class JavaRecognizer : public TypedBuilder {
public:
  using TypedBuilder::TypedBuilder;

  void run(TSNode Root);

protected:
  Built stringValue(TSNode N, unsigned Depth) override;
  Built attributeValue(TSNode N, unsigned Depth) override;
  Built mapValue(TSNode N, llvm::StringRef Elem, unsigned Depth) override;
  Built listValue(TSNode N, llvm::StringRef Elem, unsigned Depth) override;
  Built structValue(TSNode N, const Shape &S, unsigned Depth) override;

private:
  llvm::StringRef text(TSNode N) const { return C.Eval.text(N); }
  llvm::StringRef type(TSNode N) const { return ts_node_type(N); }
  TSNode unwrap(TSNode N) const;
  /// The simple name of a type or a qualified name: a.b.QueryRequest ->
  /// QueryRequest.
  llvm::StringRef simpleName(TSNode N) const;
  bool isModelType(TSNode N, llvm::StringRef Name) const {
    return simpleName(N) == Name && !Foreign.contains(Name);
  }
  /// `N` taken apart into the calls made on one base.
  Chain chainOf(TSNode N) const;
  /// `X.builder()` (no arguments) of model type \p Name.
  bool isBuilderCall(TSNode N, llvm::StringRef Name) const;
  /// Applies the setter calls to \p Obj, a value of shape \p S. False for a
  /// union none of whose members is known.
  bool applySetters(JsonValue &Obj, const Shape &S,
                    llvm::ArrayRef<TSNode> Calls, unsigned Depth);
  /// A structure from a builder chain or a consumer lambda; nothing if \p N
  /// is neither.
  std::optional<Built> builtStruct(TSNode N, const Shape &S, unsigned Depth);
  /// `Map.of(..)`-style and `List.of(..)`-style factory calls.
  bool isListFactory(TSNode N) const;
  llvm::SmallVector<TSNode, 8> args(TSNode Call) const;
  void record(TSNode Site, TSNode OpNode, llvm::StringRef Op, JsonValue Params);
  void collectNames(TSNode Root);
  /// `table.scan(..)` on an enhanced-client DynamoDbTable.
  void enhancedScan(TSNode Call, TSNode Name, TSNode Table);

  llvm::StringSet<> Foreign; // classes imported from other packages
  llvm::StringSet<> Clients; // names declared as DynamoDbClient
  llvm::StringSet<> Tables;  // names declared as the enhanced DynamoDbTable
  llvm::StringSet<> StaticFactories; // AttributeValue.fromX imported statically
};

TSNode JavaRecognizer::unwrap(TSNode N) const {
  for (unsigned I = 0; I < 8 && type(N) == "parenthesized_expression"; ++I) {
    auto Kids = namedChildren(N);
    if (Kids.size() != 1)
      break;
    N = Kids[0];
  }
  return N;
}

llvm::StringRef JavaRecognizer::simpleName(TSNode N) const {
  llvm::StringRef T = text(N);
  size_t Lt = T.find('<');
  if (Lt != llvm::StringRef::npos)
    T = T.take_front(Lt);
  T = T.trim();
  size_t Dot = T.rfind('.');
  if (Dot != llvm::StringRef::npos)
    T = T.drop_front(Dot + 1);
  return T.trim();
}

llvm::SmallVector<TSNode, 8> JavaRecognizer::args(TSNode Call) const {
  llvm::SmallVector<TSNode, 8> R;
  if (auto A = childByField(Call, "arguments"))
    R = namedChildren(*A);
  return R;
}

Chain JavaRecognizer::chainOf(TSNode N) const {
  Chain Ch;
  llvm::SmallVector<TSNode, 8> Reversed;
  N = unwrap(N);
  for (unsigned I = 0; I < 256 && type(N) == "method_invocation"; ++I) {
    auto Name = childByField(N, "name");
    auto Obj = childByField(N, "object");
    if (!Name || !Obj)
      break;
    if (text(*Name) == "builder" && args(N).empty()) {
      Ch.Base = N;
      Ch.Calls.assign(Reversed.rbegin(), Reversed.rend());
      return Ch;
    }
    Reversed.push_back(N);
    N = unwrap(*Obj);
  }
  Ch.Base = N;
  Ch.Calls.assign(Reversed.rbegin(), Reversed.rend());
  return Ch;
}

bool JavaRecognizer::isBuilderCall(TSNode N, llvm::StringRef Name) const {
  if (type(N) != "method_invocation")
    return false;
  auto M = childByField(N, "name");
  auto Obj = childByField(N, "object");
  return M && Obj && text(*M) == "builder" && args(N).empty() &&
         isModelType(*Obj, Name);
}

/// The Java class of a model structure.
std::string javaClass(const Shape &S) {
  if (operationOfType(S.Name.str() + "Request", "Request"))
    return S.Name.str() + "Request";
  return S.Name.str();
}

bool JavaRecognizer::applySetters(JsonValue &Obj, const Shape &S,
                                  llvm::ArrayRef<TSNode> Calls,
                                  unsigned Depth) {
  bool Union = S.Union, AnyKnown = false;
  for (TSNode Call : Calls) {
    auto NameNode = childByField(Call, "name");
    if (!NameNode)
      continue;
    llvm::StringRef Name = text(*NameNode);
    if (Name == "build")
      continue;
    const Member *M = findMember(S, Name);
    if (!M && S.Name == "AttributeValue" && Name == "nul")
      M = findMember(S, "NULL");
    if (!M) {
      // overrideConfiguration(..) sets no parameter; applyMutation(..),
      // copy(..) and the unknown may set any.
      if (Name != "overrideConfiguration")
        Obj.Unknown = true;
      continue;
    }
    auto A = args(Call);
    if (A.empty())
      continue;
    llvm::StringRef T = M->Type;
    if (isListType(T)) {
      // A collection, or varargs of elements.
      llvm::StringRef Elem = elementType(T);
      std::optional<Built> Single;
      if (A.size() == 1) {
        TSNode First = unwrap(A[0]);
        bool Mentioned = false;
        std::optional<TSNode> Followed;
        if (type(First) == "identifier")
          Followed = follow(First, Mentioned);
        TSNode Probe = Followed ? unwrap(*Followed) : First;
        if (isListFactory(Probe)) {
          setMember(Obj, M->Wire, value(A[0], T, Depth + 1).V, *NameNode);
          continue;
        }
        // One element, when it reads as one; a collection made elsewhere
        // otherwise.
        if (isScalarType(Elem) && Elem != "AV") {
          if (C.Eval.isStringy(Probe))
            Single = value(A[0], Elem, Depth + 1);
        } else {
          Built E = value(A[0], Elem, Depth + 1);
          if (!E.Opaque)
            Single = std::move(E);
        }
        if (!Single) {
          setMember(Obj, M->Wire, opaque(A[0], T).V, *NameNode);
          continue;
        }
      }
      JsonValue Arr = Json.array(A.front());
      Arr.End = ts_node_end_byte(A.back());
      if (Single)
        addElement(Arr, std::move(*Single), Elem);
      else
        for (TSNode E : A)
          addElement(Arr, value(E, Elem, Depth + 1), Elem);
      setMember(Obj, M->Wire, std::move(Arr), *NameNode);
      if (Union)
        AnyKnown = true;
      continue;
    }
    Built V = value(A[0], T, Depth + 1);
    if (Union && !V.Opaque)
      AnyKnown = true;
    setMember(Obj, M->Wire, std::move(V.V), *NameNode);
    continue;
  }
  return !Union || AnyKnown;
}

std::optional<Built> JavaRecognizer::builtStruct(TSNode N, const Shape &S,
                                                 unsigned Depth) {
  N = unwrap(N);
  if (type(N) == "lambda_expression") {
    auto Params = childByField(N, "parameters");
    auto Body = childByField(N, "body");
    if (!Params || !Body)
      return std::nullopt;
    llvm::StringRef P = text(*Params).trim("() \t\n");
    Chain Ch = chainOf(*Body);
    if (type(Ch.Base) != "identifier" || text(Ch.Base) != P ||
        Ch.Calls.empty())
      return std::nullopt; // a block body: its statements are not read
    JsonValue Obj = Json.object(N);
    if (!applySetters(Obj, S, Ch.Calls, Depth))
      return opaque(N, S.Name);
    return Built{std::move(Obj)};
  }
  if (type(N) != "method_invocation")
    return std::nullopt;
  Chain Ch = chainOf(N);
  if (!isBuilderCall(Ch.Base, javaClass(S)))
    return std::nullopt;
  JsonValue Obj = Json.object(N);
  if (!applySetters(Obj, S, Ch.Calls, Depth))
    return opaque(N, S.Name);
  // A builder not built here may get more settings elsewhere.
  bool Finished = !Ch.Calls.empty() &&
                  text(*childByField(Ch.Calls.back(), "name")) == "build";
  Obj.Unknown = !Finished;
  return Built{std::move(Obj)};
}

Built JavaRecognizer::structValue(TSNode N, const Shape &S, unsigned Depth) {
  N = unwrap(N);
  if (std::optional<Built> B = builtStruct(N, S, Depth))
    return std::move(*B);
  if (type(N) == "identifier") {
    bool Mentioned;
    if (std::optional<TSNode> V = follow(N, Mentioned)) {
      // Model objects are immutable: their other mentions change nothing.
      Built B = value(*V, S.Name, Depth + 1);
      if (!B.Opaque) {
        B.V.Begin = ts_node_start_byte(N);
        B.V.End = ts_node_end_byte(N);
      }
      return B;
    }
  }
  return opaque(N, S.Name);
}

Built JavaRecognizer::stringValue(TSNode N, unsigned Depth) {
  N = unwrap(N);
  TSNode E = N;
  // Select.COUNT, ReturnValue.ALL_NEW.toString()
  if (type(E) == "method_invocation" && args(E).empty())
    if (auto M = childByField(E, "name"))
      if (text(*M) == "toString")
        if (auto Obj = childByField(E, "object"))
          E = unwrap(*Obj);
  if (type(E) == "field_access") {
    auto Obj = childByField(E, "object");
    auto F = childByField(E, "field");
    if (Obj && F)
      if (auto V = enumConstant(simpleName(*Obj), text(*F)))
        return {constantString(N, *V)};
  }
  return TypedBuilder::stringValue(N, Depth);
}

Built JavaRecognizer::attributeValue(TSNode N, unsigned Depth) {
  N = unwrap(N);
  const Shape &AV = *findShape("AttributeValue");
  if (type(N) == "method_invocation") {
    auto Name = childByField(N, "name");
    auto Obj = childByField(N, "object");
    llvm::StringRef M = Name ? text(*Name) : "";
    // AttributeValue.fromS(..), or fromS(..) imported statically.
    bool Factory = Obj ? isModelType(*Obj, "AttributeValue")
                       : StaticFactories.contains(M);
    if (Factory && M.startswith("from")) {
      auto A = args(N);
      llvm::StringRef Wire = M.drop_front(4);
      const Member *Mem = Wire == "Nul" ? findMember(AV, "NULL")
                                        : findMember(AV, Wire);
      if (Mem && A.size() == 1) {
        JsonValue Obj = Json.object(N);
        setMember(Obj, Mem->Wire, value(A[0], Mem->Type, Depth + 1).V,
                  std::nullopt);
        return {std::move(Obj)};
      }
      return opaque(N, "AV");
    }
    Chain Ch = chainOf(N);
    if (isBuilderCall(Ch.Base, "AttributeValue")) {
      JsonValue Obj = Json.object(N);
      applySetters(Obj, AV, Ch.Calls, Depth);
      bool Finished = !Ch.Calls.empty() &&
                      text(*childByField(Ch.Calls.back(), "name")) == "build";
      if (Finished && Obj.Members.size() == 1)
        return {std::move(Obj)};
      return opaque(N, "AV");
    }
  }
  if (type(N) == "identifier") {
    bool Mentioned;
    if (std::optional<TSNode> V = follow(N, Mentioned)) {
      Built B = value(*V, "AV", Depth + 1);
      if (!B.Opaque)
        return B;
    }
  }
  return opaque(N, "AV");
}

bool JavaRecognizer::isListFactory(TSNode N) const {
  if (type(N) != "method_invocation")
    return false;
  auto Name = childByField(N, "name");
  auto Obj = childByField(N, "object");
  if (!Name || !Obj)
    return false;
  llvm::StringRef M = text(*Name), R = simpleName(*Obj);
  return ((R == "List" || R == "Set" || R == "ImmutableList" ||
           R == "ImmutableSet") &&
          M == "of") ||
         (R == "Arrays" && M == "asList") ||
         (R == "Collections" &&
          (M == "singletonList" || M == "singleton" || M == "emptyList" ||
           M == "emptySet"));
}

Built JavaRecognizer::listValue(TSNode N, llvm::StringRef Elem,
                                unsigned Depth) {
  N = unwrap(N);
  if (isListFactory(N)) {
    JsonValue Arr = Json.array(N);
    for (TSNode E : args(N))
      addElement(Arr, value(E, Elem, Depth + 1), Elem);
    return {std::move(Arr)};
  }
  if (type(N) == "identifier") {
    bool Mentioned;
    if (std::optional<TSNode> V = follow(N, Mentioned)) {
      Built B = value(*V, listOf(Elem), Depth + 1);
      if (!B.Opaque) {
        if (!isListFactory(unwrap(*V)))
          B.V.Unknown = true;
        return B;
      }
    }
  }
  return opaque(N, listOf(Elem));
}

Built JavaRecognizer::mapValue(TSNode N, llvm::StringRef Elem,
                               unsigned Depth) {
  N = unwrap(N);
  std::string MapType = mapOf(Elem);
  if (type(N) == "method_invocation") {
    auto Name = childByField(N, "name");
    auto Obj = childByField(N, "object");
    llvm::StringRef M = Name ? text(*Name) : "";
    llvm::StringRef R = Obj ? simpleName(*Obj) : "";
    auto A = args(N);
    bool MapClass = R == "Map" || R == "ImmutableMap";
    if ((MapClass && M == "of") ||
        (R == "Collections" && M == "singletonMap")) {
      JsonValue Map = Json.object(N);
      for (size_t I = 0; I + 1 < A.size(); I += 2)
        addEntry(Map, A[I], value(A[I + 1], Elem, Depth + 1), Elem);
      return {std::move(Map)};
    }
    if (R == "Collections" && M == "emptyMap")
      return {Json.object(N)};
    if (MapClass && M == "ofEntries") {
      JsonValue Map = Json.object(N);
      for (TSNode E : A) {
        E = unwrap(E);
        auto EName = childByField(E, "name");
        auto EA = type(E) == "method_invocation" ? args(E)
                                                 : llvm::SmallVector<TSNode, 8>();
        if (!EName || text(*EName) != "entry" || EA.size() != 2) {
          Map.Unknown = true;
          continue;
        }
        addEntry(Map, EA[0], value(EA[1], Elem, Depth + 1), Elem);
      }
      return {std::move(Map)};
    }
  }
  if (type(N) == "object_creation_expression") {
    // new HashMap<>(): filled by later calls.
    return {emptyObject(N, /*Open=*/true)};
  }
  if (type(N) == "identifier") {
    bool Mentioned;
    if (std::optional<TSNode> V = follow(N, Mentioned)) {
      Built B = value(*V, MapType, Depth + 1);
      if (!B.Opaque) {
        B.V.Begin = ts_node_start_byte(N);
        B.V.End = ts_node_end_byte(N);
        return B;
      }
    }
  }
  return opaque(N, MapType);
}

void JavaRecognizer::record(TSNode Site, TSNode OpNode, llvm::StringRef Op,
                            JsonValue Params) {
  DynamoCall Call;
  Call.Operation = Op.str();
  Call.Sdk = "aws-sdk-java-v2";
  Call.Params = std::make_unique<JsonValue>(std::move(Params));
  Call.Range = Json.range(Site);
  Call.OperationRange = Json.range(OpNode);
  C.Out.push_back(std::move(Call));
}

void JavaRecognizer::enhancedScan(TSNode Call, TSNode Name, TSNode Table) {
  // The table's name, when the variable holds `enhanced.table("X", schema)`.
  JsonValue TableName = opaque(Table, "S").V;
  llvm::StringRef Var = simpleName(Table);
  if (std::optional<TSNode> V =
          C.Eval.declarationValue(Var, ts_node_start_byte(Table))) {
    TSNode X = unwrap(*V);
    auto M = childByField(X, "name");
    auto A = type(X) == "method_invocation" ? args(X)
                                            : llvm::SmallVector<TSNode, 8>();
    if (M && text(*M) == "table" && A.size() == 2)
      TableName = Json.string(A[0]);
  }
  // The request may hold more (a filter, a projection): open.
  JsonValue Params = emptyObject(Call, /*Open=*/true);
  setMember(Params, "TableName", std::move(TableName), std::nullopt);
  DynamoCall D;
  D.Operation = "Scan";
  D.Sdk = "aws-sdk-java-v2-enhanced";
  D.Params = std::make_unique<JsonValue>(std::move(Params));
  D.Range = Json.range(Call);
  D.OperationRange = Json.range(Name);
  C.Out.push_back(std::move(D));
}

void JavaRecognizer::collectNames(TSNode Root) {
  TSTreeCursor Cur = ts_tree_cursor_new(Root);
  bool Done = false;
  while (!Done) {
    TSNode N = ts_tree_cursor_current_node(&Cur);
    llvm::StringRef T = type(N);
    bool Descend = true;
    if (T == "import_declaration") {
      llvm::StringRef I = text(N);
      // import static ...model.AttributeValue.fromS; / .AttributeValue.*;
      size_t At = I.find(".model.AttributeValue.");
      if (I.contains(" static ") && I.contains(ModelPackage) &&
          At != llvm::StringRef::npos) {
        llvm::StringRef What = I.drop_front(At + 22).rtrim("; \t\n");
        if (What == "*")
          for (llvm::StringRef F :
               {"fromS", "fromN", "fromB", "fromSs", "fromNs", "fromBs",
                "fromM", "fromL", "fromBool", "fromNul"})
            StaticFactories.insert(F);
        else
          StaticFactories.insert(What);
      }
      if (!I.contains(ModelPackage) && !I.contains("*") &&
          !I.contains(" static ")) {
        I = I.drop_front(6).trim().rtrim(";").trim();
        Foreign.insert(I.substr(I.rfind('.') + 1));
      }
      Descend = false;
    } else if (T == "formal_parameter" || T == "local_variable_declaration" ||
               T == "field_declaration") {
      auto Ty = childByField(N, "type");
      llvm::StringRef Name = Ty ? simpleName(*Ty) : "";
      llvm::StringSet<> *Into = nullptr;
      if (Name == "DynamoDbClient" || Name == "DynamoDbAsyncClient")
        Into = &Clients;
      else if (Name == "DynamoDbTable" || Name == "DynamoDbAsyncTable")
        Into = &Tables;
      if (Into && T == "formal_parameter") {
        if (auto Id = childByField(N, "name"))
          Into->insert(text(*Id));
      } else if (Into) {
        for (TSNode D : namedChildren(N))
          if (type(D) == "variable_declarator")
            if (auto Id = childByField(D, "name"))
              Into->insert(text(*Id));
      }
    }
    if (Descend && ts_tree_cursor_goto_first_child(&Cur))
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

void JavaRecognizer::run(TSNode Root) {
  collectNames(Root);
  llvm::SmallVector<TSNode, 32> Stack{Root};
  while (!Stack.empty()) {
    TSNode N = Stack.pop_back_val();
    uint32_t Count = ts_node_named_child_count(N);
    for (uint32_t I = Count; I > 0; --I)
      Stack.push_back(ts_node_named_child(N, I - 1));
    if (type(N) != "method_invocation")
      continue;
    auto Name = childByField(N, "name");
    auto Obj = childByField(N, "object");
    if (!Name || !Obj)
      continue;
    llvm::StringRef M = text(*Name);
    // QueryRequest.builder() ... : the whole chain built on it.
    if (M == "builder" && args(N).empty()) {
      std::optional<llvm::StringRef> Op =
          operationOfType(simpleName(*Obj), "Request");
      if (!Op || Foreign.contains(simpleName(*Obj)))
        continue;
      TSNode Top = N;
      for (;;) {
        TSNode P = ts_node_parent(Top);
        if (ts_node_is_null(P) || type(P) != "method_invocation")
          break;
        auto PObj = childByField(P, "object");
        if (!PObj || !ts_node_eq(*PObj, Top))
          break;
        Top = P;
      }
      std::optional<Built> B = builtStruct(Top, *findShape(*Op), 0);
      if (!B)
        continue;
      // The type name: the last identifier of the receiver.
      TSNode TypeNode = *Obj;
      if (type(TypeNode) != "identifier")
        if (auto F = childByField(TypeNode, "field"))
          TypeNode = *F;
      record(Top, TypeNode, *Op, std::move(B->V));
      continue;
    }
    // table.scan(): the enhanced client reads the whole table.
    if (M == "scan" && args(N).size() <= 1 &&
        Tables.contains(simpleName(*Obj))) {
      enhancedScan(N, *Name, *Obj);
      continue;
    }
    // client.query(r -> r.tableName(..)...)
    std::optional<llvm::StringRef> Op = operationOfMethod(M);
    auto A = args(N);
    if (!Op || M[0] < 'a' || M[0] > 'z' || A.size() != 1 ||
        type(unwrap(A[0])) != "lambda_expression")
      continue;
    llvm::StringRef Receiver = text(*Obj);
    bool IsClient = Clients.contains(simpleName(*Obj)) ||
                    Receiver.startswith("DynamoDbClient.") ||
                    Receiver.startswith("DynamoDbAsyncClient.");
    if (!IsClient)
      continue;
    std::optional<Built> B = builtStruct(A[0], *findShape(*Op), 0);
    if (!B)
      continue;
    record(N, *Name, *Op, std::move(B->V));
  }
}

} // namespace

void findJavaSdkCalls(SdkContext &C, TSNode Root) {
  JavaRecognizer R(C);
  R.run(Root);
}

} // namespace nosqlint::extract::sdk
