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
#include "JavaSdk.h"
#include "SdkCalls.h"

#include "llvm/ADT/StringSet.h"

namespace nosqlint::extract::sdk {

namespace java {

namespace {
constexpr llvm::StringLiteral ModelPackage =
    "software.amazon.awssdk.services.dynamodb";
constexpr llvm::StringLiteral V1Package = "com.amazonaws.services.dynamodbv2";
constexpr llvm::StringLiteral EnhancedPackage =
    "software.amazon.awssdk.enhanced.dynamodb";
} // namespace

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
static std::string javaClass(const Shape &S) {
  if (operationOfType(S.Name.str() + "Request", "Request"))
    return S.Name.str() + "Request";
  return S.Name.str();
}

bool JavaRecognizer::applySetters(JsonValue &Obj, const Shape &S,
                                  llvm::ArrayRef<TSNode> Calls,
                                  unsigned Depth, bool V1) {
  bool Union = S.Union, AnyKnown = false;
  for (TSNode Call : Calls) {
    auto NameNode = childByField(Call, "name");
    if (!NameNode)
      continue;
    llvm::StringRef Name = text(*NameNode);
    if (Name == "build" && !V1)
      continue;
    if (V1) {
      // withTableName(..), setTableName(..); addKeyEntry(k, v) adds one
      // entry to map Key.
      if (Name.consume_front("add") && Name.consume_back("Entry")) {
        const Member *M = findMember(S, Name);
        auto A = args(Call);
        if (!M || !isMapType(M->Type) || A.size() != 2) {
          Obj.Unknown = true;
          continue;
        }
        JsonValue *Map = nullptr;
        for (json::JsonMember &Existing : Obj.Members)
          if (Existing.Key == M->Wire)
            Map = &Existing.Value;
        if (!Map) {
          setMember(Obj, M->Wire, Json.object(Call), *NameNode);
          Map = &Obj.Members.back().Value;
        }
        if (Map->isObject() && !Map->Unknown)
          addEntry(*Map, A[0], value(A[1], elementType(M->Type), Depth + 1),
                   elementType(M->Type));
        else
          Map->Unknown = true;
        Map->End = std::max(Map->End, ts_node_end_byte(Call));
        continue;
      }
      if (!Name.consume_front("with") && !Name.consume_front("set")) {
        // A getter reads; anything else may change the object.
        if (!Name.startswith("get") && Name != "toString" &&
            Name != "hashCode")
          Obj.Unknown = true;
        continue;
      }
    }
    const Member *M = findMember(S, Name);
    if (!M && S.Name == "AttributeValue" && Name == "nul")
      M = findMember(S, "NULL");
    if (!M) {
      // overrideConfiguration(..) sets no parameter (nor do v1's request
      // metric and credential settings); applyMutation(..), copy(..) and
      // the unknown may set any.
      if (Name != "overrideConfiguration" &&
          !(V1 && (Name.startswith("General") || Name.startswith("Request") ||
                   Name == "SdkClientExecutionTimeout" ||
                   Name == "SdkRequestTimeout" ||
                   Name == "RequestCredentialsProvider")))
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
    // r -> r.a(..).b(..), or r -> { r.a(..); r.b(..); }
    std::optional<LaterSetters> Calls = lambdaCalls(N);
    if (!Calls || Calls->Calls.empty())
      return std::nullopt;
    JsonValue Obj = Json.object(N);
    if (!applySetters(Obj, S, Calls->Calls, Depth))
      return opaque(N, S.Name);
    Obj.Unknown |= Calls->Open;
    return Built{std::move(Obj)};
  }
  if (type(N) == "object_creation_expression")
    return v1Object(N, S, Depth);
  if (type(N) != "method_invocation")
    return std::nullopt;
  Chain Ch = chainOf(N);
  if (type(Ch.Base) == "object_creation_expression")
    return v1Object(N, S, Depth);
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
  // v1: new AttributeValue("x"), new AttributeValue().withN("5").
  if (type(N) == "object_creation_expression" ||
      (type(N) == "method_invocation" &&
       type(chainOf(N).Base) == "object_creation_expression")) {
    std::optional<Built> B = v1Object(N, AV, Depth);
    if (B && !B->Opaque && !B->V.Unknown && B->V.Members.size() == 1)
      return std::move(*B);
    return opaque(N, "AV");
  }
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
                            JsonValue Params, llvm::StringRef Sdk) {
  DynamoCall Call =
      makeDynamoCall(Json, Op, Sdk, std::move(Params), Site, OpNode);
  // The enhanced client's PageIterable, the Document API's ItemCollection
  // and DynamoDBMapper's PaginatedScanList read page after page (the
  // mapper's scanPage and queryPage read one).
  Call.EveryPage = Sdk == SdkEnhanced || Sdk == SdkDocument ||
                   (Sdk == SdkMapper && !text(OpNode).endswith("Page"));
  C.Out.push_back(std::move(Call));
}

void JavaRecognizer::collectNames(TSNode Root) {
  // The declarations of typed names, read once the imports and the file's
  // own classes are known.
  llvm::SmallVector<std::pair<TSNode, TSNode>, 32> Typed; // name, type
  TSTreeCursor Cur = ts_tree_cursor_new(Root);
  bool Done = false;
  while (!Done) {
    TSNode N = ts_tree_cursor_current_node(&Cur);
    llvm::StringRef T = type(N);
    bool Descend = true;
    if (T == "package_declaration") {
      for (TSNode K : namedChildren(N))
        if (type(K) == "scoped_identifier" || type(K) == "identifier")
          Package = text(K).str();
      Descend = false;
    } else if (T == "import_declaration") {
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
      if (!I.contains(" static ")) {
        llvm::StringRef Q = I.drop_front(6).trim().rtrim(";").trim();
        llvm::StringRef Pkg = Q.substr(0, Q.rfind('.'));
        llvm::StringRef Simple = Q.substr(Q.rfind('.') + 1);
        bool Enhanced = Pkg.startswith(EnhancedPackage);
        if (Simple == "*") {
          if (Pkg.startswith(V1Package))
            V1Wildcards.insert(Pkg);
          EnhancedWildcard |= Enhanced || Q == EnhancedPackage;
        } else {
          if (Enhanced)
            EnhancedImports.insert(Simple);
          Imports[Simple] = Q.str();
          if (Pkg.startswith(V1Package))
            V1Imports[Simple] = Pkg.str();
        }
      }
      if (!I.contains(ModelPackage) && !I.contains("*") &&
          !I.contains(" static ")) {
        I = I.drop_front(6).trim().rtrim(";").trim();
        Foreign.insert(I.substr(I.rfind('.') + 1));
      }
      Descend = false;
    } else if (T == "class_declaration" || T == "interface_declaration" ||
               T == "enum_declaration" || T == "record_declaration") {
      if (auto Id = childByField(N, "name"))
        DeclaredClasses.insert(text(*Id));
    } else if (T == "assignment_expression") {
      // `x = ..`, `this.x = ..`: a field given its value in a constructor.
      auto L = childByField(N, "left");
      auto R = childByField(N, "right");
      if (L && R) {
        if (type(*L) == "identifier")
          Assignments[text(*L)].push_back(*R);
        else if (type(*L) == "field_access")
          if (auto O = childByField(*L, "object"))
            if (type(*O) == "this")
              if (auto F = childByField(*L, "field"))
                Assignments[text(*F)].push_back(*R);
      }
    } else if (T == "formal_parameter" || T == "enhanced_for_statement" ||
               T == "local_variable_declaration" ||
               T == "field_declaration") {
      auto Ty = childByField(N, "type");
      if (Ty && (T == "formal_parameter" || T == "enhanced_for_statement")) {
        if (auto Id = childByField(N, "name"))
          Typed.emplace_back(*Id, *Ty);
      } else if (Ty) {
        for (TSNode D : namedChildren(N))
          if (type(D) == "variable_declarator")
            if (auto Id = childByField(D, "name"))
              Typed.emplace_back(*Id, *Ty);
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
  for (auto [Id, Ty] : Typed) {
    llvm::StringRef Name = simpleName(Ty), Var = text(Id);
    auto [It, New] = DeclaredTypes.try_emplace(Var, text(Ty).str());
    if (!New && It->second != text(Ty))
      It->second.clear(); // declared with several types
    if (Name == "DynamoDbClient" || Name == "DynamoDbAsyncClient")
      Clients.insert(Var);
    else if (Name == "DynamoDbTable" || Name == "DynamoDbAsyncTable")
      Tables.insert(Var);
    else if (Name == "DynamoDbIndex" || Name == "DynamoDbAsyncIndex")
      EnhancedIndexes.insert(Var);
    else if (Name == "DynamoDbEnhancedClient" ||
             Name == "DynamoDbEnhancedAsyncClient")
      EnhancedClients.insert(Var);
    else if (isV1Type(Ty, "document", "Table"))
      DocumentTables.insert(Var);
    else if (isV1Type(Ty, "document", "Index"))
      DocumentIndexes.insert(Var);
    else if (isV1Type(Ty, "datamodeling", "DynamoDBMapper") ||
             isV1Type(Ty, "datamodeling", "IDynamoDBMapper"))
      Mappers.insert(Var);
  }
}

bool JavaRecognizer::isV1Type(TSNode TypeNode, llvm::StringRef Pkg,
                              llvm::StringRef Simple) const {
  std::string Full = V1Package.str() + "." + Pkg.str();
  llvm::StringRef T = text(TypeNode);
  T = T.take_until([](char Ch) { return Ch == '<'; }).trim();
  if (T.contains('.'))
    return T == Full + "." + Simple.str();
  if (T != Simple || DeclaredClasses.contains(Simple))
    return false;
  auto It = V1Imports.find(Simple);
  if (It != V1Imports.end())
    return It->second == Full;
  return !Imports.count(Simple) && V1Wildcards.contains(Full);
}

bool JavaRecognizer::isV1ModelType(TSNode TypeNode) const {
  return isV1Type(TypeNode, "model", simpleName(TypeNode));
}

std::optional<llvm::StringRef>
JavaRecognizer::declaredType(llvm::StringRef Name) const {
  auto It = DeclaredTypes.find(Name);
  if (It == DeclaredTypes.end() || It->second.empty())
    return std::nullopt;
  return llvm::StringRef(It->second);
}

std::string JavaRecognizer::resolveClass(llvm::StringRef Type) const {
  Type = Type.take_until([](char Ch) { return Ch == '<'; }).trim();
  auto [First, Rest] = Type.split('.');
  if (!First.empty() && First[0] >= 'a' && First[0] <= 'z')
    return Type.str(); // written qualified
  std::string Base;
  if (auto It = Imports.find(First); It != Imports.end())
    Base = It->second;
  else
    Base = Package.empty() ? First.str() : Package + "." + First.str();
  // A nested class of the file (Outer.Inner) is not resolved here: its
  // model reader names it pkg.Outer.Inner, which a use by its simple name
  // does not give.
  if (!Rest.empty()) {
    Base += '.';
    Base += Rest.str();
  }
  return Base;
}

//===----------------------------------------------------------------------===//
// SDK v1 model classes
//===----------------------------------------------------------------------===//


void JavaRecognizer::v1Constructor(JsonValue &Obj, const Shape &S,
                                   TSNode Creation, unsigned Depth) {
  auto A = args(Creation);
  if (A.empty())
    return;
  if (S.Name == "AttributeValue" && A.size() == 1) {
    // new AttributeValue("x"); new AttributeValue(List<String>) is SS.
    TSNode V = unwrap(A[0]);
    if (C.Eval.isStringy(V))
      setMember(Obj, "S", value(V, "S", Depth + 1).V, std::nullopt);
    else
      Obj.Unknown = true;
    return;
  }
  if (S.Name == "WriteRequest" && A.size() == 1) {
    for (llvm::StringRef Kind : {"PutRequest", "DeleteRequest"}) {
      TSNode V = unwrap(A[0]);
      Chain Ch = chainOf(V);
      if (type(Ch.Base) == "object_creation_expression")
        if (auto Ty = childByField(Ch.Base, "type"))
          if (simpleName(*Ty) == Kind) {
            setMember(Obj, Kind, value(V, Kind, Depth + 1).V, std::nullopt);
            return;
          }
    }
    Obj.Unknown = true;
    return;
  }
  if (std::optional<llvm::ArrayRef<llvm::StringRef>> Members =
          v1ConstructorMembers(S.Name, A.size())) {
    for (size_t I = 0; I < Members->size(); ++I)
      if (const Member *M = findMember(S, (*Members)[I]))
        setMember(Obj, M->Wire, value(A[I], M->Type, Depth + 1).V,
                  std::nullopt);
    return;
  }
  Obj.Unknown = true; // a constructor not modelled
}

TSNode JavaRecognizer::chainTop(TSNode N) const {
  TSNode Top = N;
  for (;;) {
    TSNode P = ts_node_parent(Top);
    while (!ts_node_is_null(P) && type(P) == "parenthesized_expression") {
      Top = P;
      P = ts_node_parent(P);
    }
    if (ts_node_is_null(P) || type(P) != "method_invocation")
      break;
    auto PObj = childByField(P, "object");
    if (!PObj || !ts_node_eq(*PObj, Top))
      break;
    Top = P;
  }
  return Top;
}

std::optional<Built> JavaRecognizer::v1Object(TSNode Top, const Shape &S,
                                              unsigned Depth) {
  Chain Ch = chainOf(Top);
  if (type(Ch.Base) != "object_creation_expression")
    return std::nullopt;
  auto Ty = childByField(Ch.Base, "type");
  if (!Ty || simpleName(*Ty) != javaClass(S) || !isV1ModelType(*Ty))
    return std::nullopt;
  // `new X() {{ setLimit(5); }}`: an anonymous subclass may set anything.
  bool Anonymous = false;
  for (TSNode K : namedChildren(Ch.Base))
    Anonymous |= type(K) == "class_body";
  JsonValue Obj = Json.object(Top);
  v1Constructor(Obj, S, Ch.Base, Depth);
  // A union is known when its constructor or a setter names its member.
  bool Known = !Obj.Members.empty();
  Known = applySetters(Obj, S, Ch.Calls, Depth, /*V1=*/true) || Known;
  LaterSetters Later = laterSetters(Top);
  Known = applySetters(Obj, S, Later.Calls, Depth, /*V1=*/true) || Known;
  addMaybeSet(Obj, Later.MaybeSet);
  Obj.Unknown |= Later.Open || Anonymous;
  if (!Known)
    return opaque(Top, S.Name);
  return Built{std::move(Obj)};
}

void JavaRecognizer::addMaybeSet(JsonValue &Obj,
                                 llvm::ArrayRef<TSNode> Setters) const {
  for (TSNode M : Setters) {
    llvm::StringRef Name = text(M);
    if (!Name.consume_front("set"))
      Name.consume_front("with");
    if (Name.empty() || !(Name[0] >= 'A' && Name[0] <= 'Z') || Obj.get(Name))
      continue;
    HostJson::add(Obj, Name, Json.unknown(M), M);
  }
}

/// The DynamoDBMapper methods an expression object is sent with.
static const llvm::StringRef MapperMethods[] = {
    "queryPage", "scanPage", "parallelScan", "count", "load", "save",
    "delete",    "batchLoad"};

LaterSetters JavaRecognizer::chainAndLaterSetters(const Chain &Ch,
                                                  TSNode Top) const {
  LaterSetters Later = laterSetters(Top);
  Later.Calls.insert(Later.Calls.begin(), Ch.Calls.begin(), Ch.Calls.end());
  return Later;
}

LaterSetters JavaRecognizer::laterSetters(TSNode Top) const {
  LaterSetters Out;
  TSNode P = ts_node_parent(Top);
  if (ts_node_is_null(P))
    return Out;
  llvm::StringRef PT = type(P);
  // Built where it is used: an argument, a value of another structure.
  if (PT == "argument_list")
    return Out;
  if (PT != "variable_declarator") {
    Out.Open = PT == "return_statement" || PT == "assignment_expression" ||
               PT == "lambda_expression";
    return Out;
  }
  auto NameNode = childByField(P, "name");
  TSNode Decl = ts_node_parent(P);
  TSNode Block = ts_node_is_null(Decl) ? Decl : ts_node_parent(Decl);
  if (!NameNode || ts_node_is_null(Block) ||
      type(Decl) != "local_variable_declaration") {
    // A field: any method may change it.
    Out.Open = true;
    return Out;
  }
  llvm::StringRef Var = text(*NameNode);
  // The statements after the declaration, in its block: setter chains on
  // the variable are read; every other use of it must be as the argument
  // of a call (sending it).
  llvm::SmallVector<TSNode, 16> Accepted; // identifier nodes read here
  bool After = false;
  for (TSNode S : namedChildren(Block)) {
    if (ts_node_eq(S, Decl)) {
      After = true;
      continue;
    }
    if (!After || type(S) != "expression_statement")
      continue;
    auto Kids = namedChildren(S);
    if (Kids.size() != 1 || type(Kids[0]) != "method_invocation")
      continue;
    Chain Ch = chainOf(Kids[0]);
    if (type(Ch.Base) != "identifier" || text(Ch.Base) != Var)
      continue;
    Accepted.push_back(Ch.Base);
    Out.Calls.append(Ch.Calls.begin(), Ch.Calls.end());
  }
  // The other uses of the variable in its block.
  forEachNamedNode(Block, [&](TSNode N) {
    if (Out.Open || type(N) != "identifier" || text(N) != Var ||
        ts_node_eq(N, *NameNode))
      return;
    for (TSNode A : Accepted)
      if (ts_node_eq(A, N))
        return;
    TSNode Up = ts_node_parent(N);
    // `client.query(req)`, `mapper.scan(T.class, expr)`: sent.
    if (!ts_node_is_null(Up) && type(Up) == "argument_list") {
      TSNode Call = ts_node_parent(Up);
      if (!ts_node_is_null(Call) && type(Call) == "method_invocation")
        if (auto M = childByField(Call, "name"))
          if (operationOfMethod(text(*M)) || text(*M).endswith("Async") ||
              text(*M).startswith("with") || text(*M).startswith("set") ||
              text(*M).startswith("add") || text(*M) == "put" ||
              llvm::is_contained(MapperMethods, text(*M)))
            return;
    }
    // `req.getTableName()`: read, not changed; `req.setLimit(n)` in a
    // branch or a loop: maybe set.
    if (!ts_node_is_null(Up) && type(Up) == "method_invocation")
      if (auto O = childByField(Up, "object"))
        if (ts_node_eq(*O, N))
          if (auto M = childByField(Up, "name")) {
            if (text(*M).startswith("get"))
              return;
            if (text(*M).startswith("set") || text(*M).startswith("with"))
              Out.MaybeSet.push_back(*M);
          }
    Out.Open = true;
  });
  return Out;
}

void JavaRecognizer::v1Request(TSNode Creation) {
  auto Ty = childByField(Creation, "type");
  if (!Ty || !isV1ModelType(*Ty))
    return;
  std::optional<llvm::StringRef> Op =
      operationOfType(simpleName(*Ty), "Request");
  if (!Op)
    return;
  TSNode Top = chainTop(Creation);
  std::optional<Built> B = v1Object(Top, *findShape(*Op), 0);
  if (!B)
    return;
  TSNode TypeNode = *Ty;
  if (type(TypeNode) == "generic_type" || type(TypeNode) == "scoped_type_identifier") {
    auto Kids = namedChildren(TypeNode);
    if (!Kids.empty())
      TypeNode = Kids.back();
  }
  record(Top, TypeNode, *Op, std::move(B->V), SdkV1);
}

void JavaRecognizer::run(TSNode Root) {
  collectNames(Root);
  bool V1 = !V1Imports.empty() || !V1Wildcards.empty() ||
            C.Src.contains(V1Package);
  llvm::SmallVector<TSNode, 32> Stack{Root};
  while (!Stack.empty()) {
    TSNode N = Stack.pop_back_val();
    uint32_t Count = ts_node_named_child_count(N);
    for (uint32_t I = Count; I > 0; --I)
      Stack.push_back(ts_node_named_child(N, I - 1));
    if (V1 && type(N) == "object_creation_expression") {
      v1Request(N);
      continue;
    }
    if (type(N) != "method_invocation")
      continue;
    auto Name = childByField(N, "name");
    auto Obj = childByField(N, "object");
    if (!Name || !Obj)
      continue;
    llvm::StringRef M = text(*Name);
    llvm::StringRef Receiver0 = simpleName(*Obj);
    if (V1 && (DocumentTables.contains(Receiver0) ||
               DocumentIndexes.contains(Receiver0)) &&
        (type(*Obj) == "identifier" || type(*Obj) == "field_access")) {
      documentCall(N, *Name, *Obj);
      continue;
    }
    if (V1 && Mappers.contains(Receiver0) &&
        (type(*Obj) == "identifier" || type(*Obj) == "field_access")) {
      mapperCall(N, *Name);
      continue;
    }
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
    // table.query(..), table.index("i").scan(), enhanced.batchGetItem(..)
    if (enhancedCall(N, *Name, *Obj))
      continue;
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

} // namespace java

void findJavaSdkCalls(SdkContext &C, TSNode Root) {
  java::JavaRecognizer R(C);
  R.run(Root);
}

} // namespace nosqlint::extract::sdk
