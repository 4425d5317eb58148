//===- KotlinSdk.cpp - DynamoDB requests in Kotlin -------------------------===//
//
// Kotlin code reaches DynamoDB through three SDKs, told apart by the
// imports that name their classes:
//
//  - The AWS SDK for Kotlin (aws.sdk.kotlin.services.dynamodb), whose
//    requests are builder DSLs:
//      val req = QueryRequest {
//          tableName = "Orders"
//          keyConditionExpression = "customerId = :c"
//          expressionAttributeValues = mapOf(":c" to AttributeValue.S(id))
//      }
//      client.getItem { tableName = "Users"; key = mapOf("id" to ..) }
//  - The AWS SDK for Java v2, called from Kotlin:
//      QueryRequest.builder().tableName("Orders")...build()
//      client.query { it.tableName("Orders").keyConditionExpression(..) }
//  - The AWS SDK for Java v1: `QueryRequest().withTableName("Orders")`,
//    `QueryRequest("Orders")`, `QueryRequest().apply { tableName = ".." }`
//    (Kotlin's properties over the Java setters).
//
// Each request becomes its wire parameters (TypedRequests.h): members from
// the DSL's assignments or the builder's setters, maps from mapOf(k to v),
// lists from listOf(..), AttributeValues from AttributeValue.S(..) (Kotlin),
// AttributeValue.fromS / builder() (Java v2) or AttributeValue(..) /
// withS(..) (Java v1), enum values from Select.Count or Select.COUNT. A
// request is found where it is built; a client call with a request lambda
// (`client.query { .. }`) is one where its receiver is the SDK's client (a
// name declared with its type, a value it makes, a `.use { ddb -> }`
// parameter) or, in a file that imports the client, where the lambda sets a
// tableName. What the code computes at run time is unknown.
//
//===----------------------------------------------------------------------===//
#include "SdkCalls.h"
#include "TypedRequests.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

namespace nosqlint::extract::sdk {

namespace {

using namespace typed;

/// The SDK a Kotlin file names a class from.
enum class Family : uint8_t { None, Kotlin, JavaV2, JavaV1 };

constexpr llvm::StringLiteral KotlinPackage = "aws.sdk.kotlin.services.dynamodb";
constexpr llvm::StringLiteral V2Package = "software.amazon.awssdk.services.dynamodb";
constexpr llvm::StringLiteral V1Package = "com.amazonaws.services.dynamodbv2";

Family familyOfPackage(llvm::StringRef Q) {
  if (Q.startswith(KotlinPackage))
    return Family::Kotlin;
  if (Q.startswith(V2Package))
    return Family::JavaV2;
  if (Q.startswith(V1Package))
    return Family::JavaV1;
  return Family::None;
}

llvm::StringRef sdkTag(Family F) {
  switch (F) {
  case Family::Kotlin:
    return "aws-sdk-kotlin";
  case Family::JavaV2:
    return "aws-sdk-java-v2";
  case Family::JavaV1:
    return "aws-sdk-java-v1";
  case Family::None:
    break;
  }
  return "";
}

/// The class of a model structure.
std::string classOf(const Shape &S) {
  if (operationOfType(S.Name.str() + "Request", "Request"))
    return S.Name.str() + "Request";
  return S.Name.str();
}

/// A call taken apart: `recv.name(args) { lambda }` or `name(args)`.
struct CallParts {
  std::optional<TSNode> Receiver;
  TSNode Name{};
  llvm::SmallVector<TSNode, 4> Args; // the values of value_arguments
  bool HasArgs = false;              // (..) written, even empty
  std::optional<TSNode> Lambda;      // the lambda_literal of a trailing lambda
  bool Named = false;                // an argument written `name = value`
};

class KotlinRecognizer : public TypedBuilder {
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
  /// Scala's grammar names its nodes otherwise (fields, `identifier`,
  /// `instance_expression`, `->`); the rest is the same walk.
  bool Scala = C.Spec.Lang == HostLanguage::Scala;
  bool isName(TSNode N) const {
    llvm::StringRef T = type(N);
    return Scala ? T == "identifier" || T == "type_identifier"
                 : T == "simple_identifier";
  }
  /// `k to v` (Kotlin), `k -> v` (Scala): the key and value.
  std::optional<std::pair<TSNode, TSNode>> pairOf(TSNode N) const;
  /// Scala's `x.asJava` (and `.asJava()`): the Scala collection converted.
  TSNode javaConverted(TSNode N) const;
  void readImport(TSNode Decl);
  TSNode unwrap(TSNode N) const {
    for (unsigned I = 0; I < 8 && type(N) == "parenthesized_expression"; ++I) {
      auto Kids = namedChildren(N);
      if (Kids.size() != 1)
        break;
      N = Kids[0];
    }
    return N;
  }
  std::optional<CallParts> call(TSNode N) const;
  /// The last identifier of a navigation (`a.b.C` -> C) or the identifier.
  llvm::StringRef simpleName(TSNode N) const;
  /// The class an imported name (or alias) stands for: `import a.B as C`.
  llvm::StringRef realName(llvm::StringRef Simple) const;
  /// The family the file names class \p Simple from.
  Family familyOf(llvm::StringRef Simple) const;
  bool isClass(TSNode N, llvm::StringRef Simple, Family F) const {
    return isName(N) && realName(text(N)) == Simple &&
           familyOf(text(N)) == F;
  }
  /// `a.b(..).c(..)`: the calls after the base, in order.
  TSNode chain(TSNode N, llvm::SmallVectorImpl<TSNode> &Calls) const;
  /// The outermost call whose receiver chain holds \p N.
  TSNode chainTop(TSNode N) const;
  /// The assignments of a DSL lambda (`{ tableName = ".."; limit = 5 }`)
  /// applied to \p Obj; Unknown for any other statement.
  bool applyAssignments(JsonValue &Obj, const Shape &S, TSNode Lambda,
                        unsigned Depth);
  /// Setter calls (Java v2 `tableName(..)`, v1 `withTableName(..)`).
  bool applyCalls(JsonValue &Obj, const Shape &S, llvm::ArrayRef<TSNode> Calls,
                  unsigned Depth, bool V1);
  /// The calls a consumer lambda `{ it.a(..).b(..) }` / `{ r -> r.a(..) }`
  /// makes on its parameter; nothing when it is not one.
  std::optional<llvm::SmallVector<TSNode, 8>> consumerCalls(TSNode Lambda,
                                                           bool &Open) const;
  bool isClient(TSNode Receiver, unsigned Depth) const;
  void record(TSNode Site, TSNode OpNode, llvm::StringRef Op, JsonValue Params,
              Family F);
  void clientCall(TSNode Call, const CallParts &P);
  void collectNames(TSNode Root);

  llvm::StringMap<std::string> Imports; // simple name (or alias) -> qualified
  llvm::SmallVector<Family, 3> Wildcards;
  llvm::StringSet<> DeclaredClasses;
  llvm::StringSet<> Clients; // names declared with a client type
  llvm::StringSet<> OtherTyped; // names declared with another type
  llvm::StringSet<> LambdaClients; // `.use { ddb -> }` parameters
};

std::optional<CallParts> KotlinRecognizer::call(TSNode N) const {
  N = unwrap(N);
  if (Scala) {
    // f(args), a.f(args), new X(args)
    CallParts P;
    if (type(N) == "instance_expression") {
      auto Kids = namedChildren(N);
      if (Kids.empty())
        return std::nullopt;
      TSNode Ty = Kids[0];
      if (type(Ty) == "generic_type")
        if (auto T = childByField(Ty, "type"))
          Ty = *T;
      if (type(Ty) != "type_identifier")
        return std::nullopt; // `new X { .. }`, a qualified type
      P.Name = Ty;
      for (TSNode K : Kids)
        if (type(K) == "template_body")
          return std::nullopt; // an anonymous subclass may set anything
    } else if (type(N) == "call_expression") {
      auto F = childByField(N, "function");
      if (!F)
        return std::nullopt;
      TSNode Fn = *F;
      if (type(Fn) == "generic_function")
        if (auto G = childByField(Fn, "function"))
          Fn = *G;
      if (type(Fn) == "field_expression") {
        auto V = childByField(Fn, "value");
        auto Fld = childByField(Fn, "field");
        if (!V || !Fld)
          return std::nullopt;
        P.Receiver = *V;
        P.Name = *Fld;
      } else if (type(Fn) == "identifier") {
        P.Name = Fn;
      } else {
        return std::nullopt;
      }
    } else {
      return std::nullopt;
    }
    if (auto A = childByField(N, "arguments")) {
      if (type(*A) != "arguments")
        return std::nullopt; // a block argument
      P.HasArgs = true;
      for (TSNode Arg : namedChildren(*A)) {
        if (type(Arg) == "assignment_expression") {
          P.Named = true;
          if (auto R = childByField(Arg, "right"))
            P.Args.push_back(*R);
          continue;
        }
        P.Args.push_back(Arg);
      }
    }
    return P;
  }
  if (type(N) != "call_expression")
    return std::nullopt;
  auto Kids = namedChildren(N);
  if (Kids.size() != 2 || type(Kids[1]) != "call_suffix")
    return std::nullopt;
  CallParts P;
  TSNode Callee = Kids[0];
  if (type(Callee) == "navigation_expression") {
    auto NK = namedChildren(Callee);
    if (NK.size() != 2 || type(NK[1]) != "navigation_suffix")
      return std::nullopt;
    auto SK = namedChildren(NK[1]);
    if (SK.size() != 1 || type(SK[0]) != "simple_identifier")
      return std::nullopt;
    P.Receiver = NK[0];
    P.Name = SK[0];
  } else if (type(Callee) == "simple_identifier") {
    P.Name = Callee;
  } else {
    return std::nullopt;
  }
  for (TSNode S : namedChildren(Kids[1])) {
    if (type(S) == "value_arguments") {
      P.HasArgs = true;
      for (TSNode A : namedChildren(S)) {
        auto AK = namedChildren(A);
        if (AK.empty())
          continue;
        P.Named |= AK.size() > 1;
        P.Args.push_back(AK.back());
      }
    } else if (type(S) == "annotated_lambda") {
      for (TSNode L : namedChildren(S))
        if (type(L) == "lambda_literal")
          P.Lambda = L;
    }
  }
  return P;
}

llvm::StringRef KotlinRecognizer::simpleName(TSNode N) const {
  llvm::StringRef T = text(N);
  return T.substr(T.rfind('.') + 1).trim();
}

llvm::StringRef KotlinRecognizer::realName(llvm::StringRef Simple) const {
  auto It = Imports.find(Simple);
  if (It == Imports.end())
    return Simple;
  llvm::StringRef Q = It->second;
  return Q.substr(Q.rfind('.') + 1);
}

std::optional<std::pair<TSNode, TSNode>>
KotlinRecognizer::pairOf(TSNode N) const {
  N = unwrap(N);
  if (type(N) != "infix_expression")
    return std::nullopt;
  if (Scala) {
    auto L = childByField(N, "left");
    auto O = childByField(N, "operator");
    auto R = childByField(N, "right");
    if (!L || !O || !R || text(*O) != "->")
      return std::nullopt;
    return std::make_pair(*L, *R);
  }
  auto Kids = namedChildren(N);
  if (Kids.size() != 3 || text(Kids[1]) != "to")
    return std::nullopt;
  return std::make_pair(Kids[0], Kids[2]);
}

TSNode KotlinRecognizer::javaConverted(TSNode N) const {
  N = unwrap(N);
  if (!Scala)
    return N;
  // m.asJava, m.asJava(), m.toMap.asJava
  for (unsigned I = 0; I < 4; ++I) {
    if (type(N) == "field_expression") {
      auto V = childByField(N, "value");
      auto F = childByField(N, "field");
      if (V && F && (text(*F) == "asJava" || text(*F) == "toMap" ||
                     text(*F) == "toList" || text(*F) == "toSeq")) {
        N = unwrap(*V);
        continue;
      }
    }
    if (std::optional<CallParts> P = call(N))
      if (P->Receiver && P->Args.empty() && text(P->Name) == "asJava") {
        N = unwrap(*P->Receiver);
        continue;
      }
    break;
  }
  return N;
}

Family KotlinRecognizer::familyOf(llvm::StringRef Simple) const {
  if (DeclaredClasses.contains(Simple))
    return Family::None;
  auto It = Imports.find(Simple);
  if (It != Imports.end())
    return familyOfPackage(It->second);
  if (Wildcards.size() == 1)
    return Wildcards.front();
  return Family::None;
}

TSNode KotlinRecognizer::chain(TSNode N, llvm::SmallVectorImpl<TSNode> &Calls) const {
  llvm::SmallVector<TSNode, 8> Reversed;
  N = unwrap(N);
  for (unsigned I = 0; I < 256; ++I) {
    std::optional<CallParts> P = call(N);
    if (!P || !P->Receiver)
      break;
    Reversed.push_back(N);
    N = unwrap(*P->Receiver);
  }
  Calls.assign(Reversed.rbegin(), Reversed.rend());
  return N;
}

TSNode KotlinRecognizer::chainTop(TSNode N) const {
  TSNode Top = N;
  if (Scala) {
    // (call_expression function: (field_expression value: Top))
    for (unsigned I = 0; I < 256; ++I) {
      TSNode Fld = ts_node_parent(Top);
      if (ts_node_is_null(Fld) || type(Fld) != "field_expression")
        break;
      auto V = childByField(Fld, "value");
      if (!V || !ts_node_eq(*V, Top))
        break;
      TSNode Call = ts_node_parent(Fld);
      auto F = ts_node_is_null(Call) ? std::nullopt
                                     : childByField(Call, "function");
      if (!F || !ts_node_eq(*F, Fld) || type(Call) != "call_expression")
        break;
      Top = Call;
    }
    return Top;
  }
  for (unsigned I = 0; I < 256; ++I) {
    TSNode Nav = ts_node_parent(Top);
    if (ts_node_is_null(Nav) || type(Nav) != "navigation_expression")
      break;
    auto NK = namedChildren(Nav);
    if (NK.empty() || !ts_node_eq(NK[0], Top))
      break;
    TSNode Call = ts_node_parent(Nav);
    if (ts_node_is_null(Call) || type(Call) != "call_expression")
      break;
    Top = Call;
  }
  return Top;
}

bool KotlinRecognizer::applyAssignments(JsonValue &Obj, const Shape &S,
                                        TSNode Lambda, unsigned Depth) {
  bool AnyKnown = false;
  for (TSNode Stmts : namedChildren(Lambda)) {
    if (type(Stmts) == "lambda_parameters") {
      Obj.Unknown = true; // `{ x -> .. }`: not a DSL block
      continue;
    }
    if (type(Stmts) != "statements")
      continue;
    for (TSNode St : namedChildren(Stmts)) {
      llvm::StringRef T = type(St);
      if (T == "line_comment" || T == "multiline_comment")
        continue;
      if (T == "call_expression") {
        // A nested builder: `provisionedThroughput { readCapacityUnits = 5 }`.
        std::optional<CallParts> P = call(St);
        const Member *M = P && !P->Receiver && P->Lambda && !P->HasArgs
                              ? findMember(S, text(P->Name))
                              : nullptr;
        const Shape *Inner = M ? findShape(M->Type) : nullptr;
        if (!Inner) {
          Obj.Unknown = true;
          continue;
        }
        JsonValue V = Json.object(St);
        bool Known = applyAssignments(V, *Inner, *P->Lambda, Depth + 1);
        AnyKnown |= Known;
        setMember(Obj, M->Wire, Known ? std::move(V) : opaque(St, M->Type).V,
                  P->Name);
        continue;
      }
      if (T != "assignment") {
        Obj.Unknown = true;
        continue;
      }
      auto Kids = namedChildren(St);
      if (Kids.empty() || type(Kids[0]) != "directly_assignable_expression") {
        Obj.Unknown = true;
        continue;
      }
      auto Target = namedChildren(Kids[0]);
      if (Target.size() != 1 || type(Target[0]) != "simple_identifier" ||
          text(St).drop_front(text(Kids[0]).size()).ltrim().startswith("+=")) {
        Obj.Unknown = true;
        continue;
      }
      const Member *M = findMember(S, text(Target[0]));
      if (!M && S.Name == "AttributeValue" && text(Target[0]) == "nul")
        M = findMember(S, "NULL");
      if (!M) {
        Obj.Unknown = true;
        continue;
      }
      if (Kids.size() < 2) // `= null`: not set
        continue;
      Built B = value(Kids[1], M->Type, Depth + 1);
      AnyKnown |= !B.Opaque;
      setMember(Obj, M->Wire, std::move(B.V), Target[0]);
    }
  }
  return !S.Union || AnyKnown;
}

bool KotlinRecognizer::applyCalls(JsonValue &Obj, const Shape &S,
                                  llvm::ArrayRef<TSNode> Calls, unsigned Depth,
                                  bool V1) {
  bool AnyKnown = false;
  for (TSNode Call : Calls) {
    std::optional<CallParts> P = call(Call);
    if (!P)
      continue;
    llvm::StringRef Name = text(P->Name);
    if (Name == "build" && !V1)
      continue;
    if (V1 && (Name == "apply" || Name == "also") && P->Lambda && !P->HasArgs) {
      AnyKnown |= applyAssignments(Obj, S, *P->Lambda, Depth);
      continue;
    }
    if (V1 && !Name.consume_front("with") && !Name.consume_front("set")) {
      if (!Name.startswith("get") && Name != "toString")
        Obj.Unknown = true;
      continue;
    }
    const Member *M = findMember(S, Name);
    if (!M && S.Name == "AttributeValue" && Name == "nul")
      M = findMember(S, "NULL");
    if (!M) {
      if (Name != "overrideConfiguration")
        Obj.Unknown = true;
      continue;
    }
    if (P->Args.empty()) {
      Obj.Unknown |= P->Lambda.has_value(); // a nested consumer lambda
      continue;
    }
    llvm::StringRef T = M->Type;
    Built B;
    if (isListType(T) && P->Args.size() > 1) {
      JsonValue Arr = Json.array(P->Args.front());
      Arr.End = ts_node_end_byte(P->Args.back());
      for (TSNode E : P->Args)
        addElement(Arr, value(E, elementType(T), Depth + 1), elementType(T));
      B = {std::move(Arr)};
    } else if (isListType(T)) {
      // One element, or a collection.
      TSNode A = unwrap(P->Args[0]);
      std::optional<CallParts> AP = call(A);
      bool Collection = AP && !AP->Receiver &&
                        llvm::StringRef(text(AP->Name)).endswith("istOf");
      if (Collection || !isScalarType(elementType(T)) ||
          !C.Eval.isStringy(A)) {
        B = value(A, T, Depth + 1);
        if (B.Opaque && !Collection) {
          Built E = value(A, elementType(T), Depth + 1);
          if (!E.Opaque) {
            JsonValue Arr = Json.array(A);
            addElement(Arr, std::move(E), elementType(T));
            B = {std::move(Arr)};
          }
        }
      } else {
        JsonValue Arr = Json.array(A);
        addElement(Arr, value(A, elementType(T), Depth + 1), elementType(T));
        B = {std::move(Arr)};
      }
    } else {
      B = value(P->Args[0], T, Depth + 1);
    }
    AnyKnown |= !B.Opaque;
    setMember(Obj, M->Wire, std::move(B.V), P->Name);
  }
  return !S.Union || AnyKnown;
}

Built KotlinRecognizer::structValue(TSNode N, const Shape &S, unsigned Depth) {
  TSNode X = unwrap(N);
  std::string Class = classOf(S);
  if (isName(X)) {
    bool Mentioned;
    if (std::optional<TSNode> V = follow(X, Mentioned)) {
      Built B = value(*V, S.Name, Depth + 1);
      if (!B.Opaque) {
        B.V.Begin = ts_node_start_byte(N);
        B.V.End = ts_node_end_byte(N);
      }
      return B;
    }
    return opaque(N, S.Name);
  }
  std::optional<CallParts> P = call(X);
  if (!P)
    return opaque(N, S.Name);
  // Kotlin: QueryRequest { .. }
  if (!P->Receiver && isClass(P->Name, Class, Family::Kotlin) && P->Lambda &&
      !P->HasArgs) {
    JsonValue Obj = Json.object(X);
    if (!applyAssignments(Obj, S, *P->Lambda, Depth))
      return opaque(N, S.Name);
    return {std::move(Obj)};
  }
  llvm::SmallVector<TSNode, 8> Calls;
  TSNode Base = chain(X, Calls);
  // Java v2: QueryRequest.builder()...build()
  if (isClass(Base, Class, Family::JavaV2) && !Calls.empty()) {
    std::optional<CallParts> B = call(Calls.front());
    if (!B || text(B->Name) != "builder" || !B->Args.empty())
      return opaque(N, S.Name);
    JsonValue Obj = Json.object(X);
    llvm::ArrayRef<TSNode> Setters = llvm::ArrayRef<TSNode>(Calls).drop_front();
    if (!applyCalls(Obj, S, Setters, Depth, /*V1=*/false))
      return opaque(N, S.Name);
    bool Finished = !Setters.empty() &&
                    text(call(Setters.back())->Name) == "build";
    Obj.Unknown |= !Finished;
    return {std::move(Obj)};
  }
  // Java v1: QueryRequest("t").withLimit(5), QueryRequest().apply { .. }
  std::optional<CallParts> Ctor = call(Base);
  if (Ctor && !Ctor->Receiver && isClass(Ctor->Name, Class, Family::JavaV1) &&
      Ctor->HasArgs && !Ctor->Lambda) {
    JsonValue Obj = Json.object(X);
    bool Known = false;
    if (!Ctor->Args.empty()) {
      std::optional<llvm::ArrayRef<llvm::StringRef>> Members =
          Ctor->Named ? std::nullopt
                      : v1ConstructorMembers(S.Name, Ctor->Args.size());
      if (S.Name == "AttributeValue" && Ctor->Args.size() == 1 &&
          C.Eval.isStringy(unwrap(Ctor->Args[0]))) {
        setMember(Obj, "S", value(Ctor->Args[0], "S", Depth + 1).V,
                  std::nullopt);
        Known = true;
      } else if (!Members) {
        Obj.Unknown = true;
      } else {
        llvm::ArrayRef<llvm::StringRef> Names = Members.value_or(
            llvm::ArrayRef<llvm::StringRef>());
        for (size_t I = 0; I < Names.size(); ++I)
          if (const Member *M = findMember(S, Names[I])) {
            setMember(Obj, M->Wire, value(Ctor->Args[I], M->Type, Depth + 1).V,
                      std::nullopt);
            Known = true;
          }
      }
    }
    Known = applyCalls(Obj, S, Calls, Depth, /*V1=*/true) || Known;
    if (S.Union && !Known)
      return opaque(N, S.Name);
    return {std::move(Obj)};
  }
  return opaque(N, S.Name);
}

Built KotlinRecognizer::stringValue(TSNode N, unsigned Depth) {
  TSNode X = unwrap(N);
  // Select.Count (Kotlin), Select.COUNT (Java), ReturnValue.ALL_NEW.toString()
  if (std::optional<CallParts> P = call(X))
    if (P->Receiver && text(P->Name) == "toString" && P->Args.empty())
      X = unwrap(*P->Receiver);
  std::optional<std::pair<TSNode, TSNode>> EnumParts;
  if (!Scala && type(X) == "navigation_expression") {
    auto NK = namedChildren(X);
    if (NK.size() == 2)
      EnumParts = std::make_pair(NK[0], NK[1]);
  } else if (Scala && type(X) == "field_expression") {
    auto V = childByField(X, "value");
    auto F = childByField(X, "field");
    if (V && F)
      EnumParts = std::make_pair(*V, *F);
  }
  if (EnumParts) {
    if (isName(EnumParts->first)) {
      llvm::StringRef Enum = text(EnumParts->first);
      llvm::StringRef Const = simpleName(EnumParts->second);
      if (familyOf(Enum) != Family::None) {
        if (auto V = enumConstant(Enum, Const))
          return {constantString(N, *V)};
        if (auto V = goEnumConstant(Enum.str() + Const.str()))
          return {constantString(N, *V)};
      }
    }
  }
  return TypedBuilder::stringValue(X, Depth);
}

Built KotlinRecognizer::attributeValue(TSNode N, unsigned Depth) {
  TSNode X = unwrap(N);
  const Shape &AV = *findShape("AttributeValue");
  if (isName(X)) {
    bool Mentioned;
    if (std::optional<TSNode> V = follow(X, Mentioned)) {
      Built B = value(*V, "AV", Depth + 1);
      if (!B.Opaque)
        return B;
    }
    return opaque(N, "AV");
  }
  std::optional<CallParts> P = call(X);
  if (!P)
    return opaque(N, "AV");
  if (P->Receiver && isName(*P->Receiver) &&
      realName(text(*P->Receiver)) == "AttributeValue") {
    Family F = familyOf(text(*P->Receiver));
    llvm::StringRef M = text(P->Name);
    // Kotlin: AttributeValue.S(x); Java v2: AttributeValue.fromS(x).
    if ((F == Family::Kotlin || (F == Family::JavaV2 && M.consume_front("from"))) &&
        P->Args.size() == 1) {
      const Member *Mem = (M == "Null" || M == "Nul") ? findMember(AV, "NULL")
                                                       : findMember(AV, M);
      if (!Mem)
        return opaque(N, "AV");
      JsonValue Obj = Json.object(X);
      setMember(Obj, Mem->Wire, value(P->Args[0], Mem->Type, Depth + 1).V,
                std::nullopt);
      return {std::move(Obj)};
    }
  }
  // AttributeValue.builder().s(x).build(), AttributeValue().withS(x)
  Built B = structValue(X, AV, Depth);
  if (!B.Opaque && !B.V.Unknown && B.V.Members.size() == 1)
    return B;
  return opaque(N, "AV");
}

Built KotlinRecognizer::mapValue(TSNode N, llvm::StringRef Elem,
                                 unsigned Depth) {
  TSNode X = javaConverted(N);
  std::string MapType = mapOf(Elem);
  if (isName(X)) {
    bool Mentioned;
    if (std::optional<TSNode> V = follow(X, Mentioned)) {
      Built B = value(*V, MapType, Depth + 1);
      if (!B.Opaque) {
        // A mutable map may get more entries where it is mentioned again.
        std::optional<CallParts> VP = call(*V);
        if (Mentioned && (!VP || text(VP->Name) != "mapOf"))
          B.V.Unknown = true;
        B.V.Begin = ts_node_start_byte(N);
        B.V.End = ts_node_end_byte(N);
        return B;
      }
    }
    return opaque(N, MapType);
  }
  std::optional<CallParts> P = call(X);
  if (!P || P->Lambda)
    return opaque(N, MapType);
  llvm::StringRef M = text(P->Name);
  bool Factory = !P->Receiver && (M == "mapOf" || M == "mutableMapOf" ||
                                  M == "hashMapOf" || M == "linkedMapOf" ||
                                  (Scala && M == "Map"));
  bool JavaFactory = P->Receiver && simpleName(*P->Receiver) == "Map" &&
                     M == "of";
  if (!P->Receiver && M == "emptyMap" && P->Args.empty())
    return {Json.object(X)};
  if (JavaFactory) {
    JsonValue Map = Json.object(X);
    for (size_t I = 0; I + 1 < P->Args.size(); I += 2)
      addEntry(Map, P->Args[I], value(P->Args[I + 1], Elem, Depth + 1), Elem);
    return {std::move(Map)};
  }
  if (!Factory)
    return opaque(N, MapType);
  JsonValue Map = Json.object(X);
  for (TSNode E : P->Args) {
    E = unwrap(E);
    // "k" to v, "k" -> v, Pair("k", v)
    if (std::optional<std::pair<TSNode, TSNode>> KV = pairOf(E)) {
      addEntry(Map, KV->first, value(KV->second, Elem, Depth + 1), Elem);
      continue;
    }
    std::optional<CallParts> PP = call(E);
    if (PP && !PP->Receiver && text(PP->Name) == "Pair" && PP->Args.size() == 2 &&
        !Scala) {
      addEntry(Map, PP->Args[0], value(PP->Args[1], Elem, Depth + 1), Elem);
      continue;
    }
    Map.Unknown = true;
  }
  return {std::move(Map)};
}

Built KotlinRecognizer::listValue(TSNode N, llvm::StringRef Elem,
                                  unsigned Depth) {
  TSNode X = javaConverted(N);
  std::string ListType = listOf(Elem);
  if (isName(X)) {
    bool Mentioned;
    if (std::optional<TSNode> V = follow(X, Mentioned)) {
      Built B = value(*V, ListType, Depth + 1);
      if (!B.Opaque) {
        std::optional<CallParts> VP = call(*V);
        if (Mentioned && (!VP || text(VP->Name) != "listOf"))
          B.V.Unknown = true;
        return B;
      }
    }
    return opaque(N, ListType);
  }
  std::optional<CallParts> P = call(X);
  if (!P || P->Lambda)
    return opaque(N, ListType);
  llvm::StringRef M = text(P->Name);
  bool Factory =
      (!P->Receiver &&
       (M == "listOf" || M == "mutableListOf" || M == "arrayListOf" ||
        M == "setOf" || M == "mutableSetOf" || M == "emptyList" ||
        (Scala && (M == "List" || M == "Seq" || M == "Vector" ||
                   M == "Set")))) ||
      (P->Receiver && (simpleName(*P->Receiver) == "List" ||
                       simpleName(*P->Receiver) == "Arrays") &&
       (M == "of" || M == "asList"));
  if (!Factory)
    return opaque(N, ListType);
  JsonValue Arr = Json.array(X);
  for (TSNode E : P->Args)
    addElement(Arr, value(E, Elem, Depth + 1), Elem);
  return {std::move(Arr)};
}

std::optional<llvm::SmallVector<TSNode, 8>>
KotlinRecognizer::consumerCalls(TSNode Lambda, bool &Open) const {
  Open = false;
  llvm::StringRef Param = "it";
  for (TSNode K : namedChildren(Lambda))
    if (type(K) == "lambda_parameters") {
      auto Ps = namedChildren(K);
      if (Ps.size() != 1)
        return std::nullopt;
      auto Ids = namedChildren(Ps[0]);
      if (Ids.empty())
        return std::nullopt;
      Param = text(Ids[0]);
    }
  llvm::SmallVector<TSNode, 8> Out;
  for (TSNode Stmts : namedChildren(Lambda)) {
    if (type(Stmts) != "statements")
      continue;
    for (TSNode St : namedChildren(Stmts)) {
      llvm::SmallVector<TSNode, 8> Calls;
      TSNode Base = chain(St, Calls);
      if (type(Base) == "simple_identifier" && text(Base) == Param &&
          !Calls.empty()) {
        Out.append(Calls.begin(), Calls.end());
        continue;
      }
      bool Mentions = false;
      forEachNamedNode(St, [&](TSNode N) {
        Mentions |= type(N) == "simple_identifier" && text(N) == Param;
      });
      Open |= Mentions;
    }
  }
  if (Out.empty())
    return std::nullopt;
  return Out;
}

bool KotlinRecognizer::isClient(TSNode Receiver, unsigned Depth) const {
  TSNode R = unwrap(Receiver);
  if (Depth > 4)
    return false;
  llvm::StringRef T = type(R);
  if (isName(R) || T == "navigation_expression" || T == "field_expression") {
    llvm::StringRef Var = simpleName(R);
    if (Clients.contains(Var) || LambdaClients.contains(Var))
      return true;
    if (isName(R))
      if (std::optional<TSNode> V =
              C.Eval.declarationValue(Var, ts_node_start_byte(R)))
        return isClient(*V, Depth + 1);
    return false;
  }
  // DynamoDbClient { region = .. }, DynamoDbClient.fromEnvironment(),
  // DynamoDbClient.create(), DynamoDbClient.builder()...build()
  llvm::SmallVector<TSNode, 8> Calls;
  TSNode Base = chain(R, Calls);
  std::optional<CallParts> P = call(Base);
  llvm::StringRef Name = P && !P->Receiver ? text(P->Name) : text(Base);
  return (Name == "DynamoDbClient" || Name == "DynamoDbAsyncClient" ||
          Name == "AmazonDynamoDBClient") &&
         familyOf(Name) != Family::None;
}

void KotlinRecognizer::record(TSNode Site, TSNode OpNode, llvm::StringRef Op,
                              JsonValue Params, Family F) {
  if (F == Family::JavaV1 && mayChangeLater(Site))
    Params.Unknown = true; // `req.limit = 5` later
  if (Op == "CreateTable" || Op == "UpdateTable")
    guardTableDefinition(Site, Params);
  DynamoCall Call =
      makeDynamoCall(Json, Op, sdkTag(F), std::move(Params), Site, OpNode);
  // queryPaginated { .. } (Kotlin), scanPaginator { .. } (Java v2)
  Call.EveryPage = text(OpNode).endswith("Paginated") ||
                   text(OpNode).endswith("Paginator");
  C.Out.push_back(std::move(Call));
}

void KotlinRecognizer::clientCall(TSNode Call, const CallParts &P) {
  llvm::StringRef M = text(P.Name);
  M.consume_back("Paginated"); // Kotlin's queryPaginated { .. }
  M.consume_back("Paginator"); // Java v2's queryPaginator { .. }
  std::optional<llvm::StringRef> Op = operationOfMethod(M);
  if (!Op || M.empty() || M[0] < 'a' || M[0] > 'z' || !P.Lambda ||
      !P.Args.empty())
    return;
  const Shape &S = *findShape(*Op);
  bool Client = isClient(*P.Receiver, 0);
  // A receiver declared with a type of its own is not the client.
  if (!Client && OtherTyped.contains(simpleName(*P.Receiver)))
    return;
  bool Open = false;
  // Java v2: client.query { it.tableName(..) }
  if (std::optional<llvm::SmallVector<TSNode, 8>> Calls =
          consumerCalls(*P.Lambda, Open)) {
    bool SetsTable = llvm::any_of(*Calls, [&](TSNode X) {
      std::optional<CallParts> XP = call(X);
      return XP && text(XP->Name) == "tableName";
    });
    Family F = familyOf("DynamoDbClient");
    if (F == Family::None)
      F = familyOf("DynamoDbAsyncClient");
    if (F != Family::JavaV2 || !(Client || SetsTable))
      return;
    JsonValue Obj = Json.object(*P.Lambda);
    if (!applyCalls(Obj, S, *Calls, 1, /*V1=*/false))
      return;
    Obj.Unknown |= Open;
    record(Call, P.Name, *Op, std::move(Obj), F);
    return;
  }
  // Kotlin: client.query { tableName = ..; .. }
  if (familyOf("DynamoDbClient") != Family::Kotlin)
    return;
  bool SetsTable = false;
  for (TSNode Stmts : namedChildren(*P.Lambda))
    if (type(Stmts) == "statements")
      for (TSNode St : namedChildren(Stmts))
        if (type(St) == "assignment")
          if (auto K = namedChildren(St); !K.empty())
            SetsTable |= text(K[0]) == "tableName";
  if (!Client && !SetsTable)
    return;
  JsonValue Obj = Json.object(*P.Lambda);
  if (!applyAssignments(Obj, S, *P.Lambda, 1))
    return;
  record(Call, P.Name, *Op, std::move(Obj), Family::Kotlin);
}

void KotlinRecognizer::collectNames(TSNode Root) {
  forEachNamedNode(Root, [&](TSNode N) {
    llvm::StringRef T = type(N);
    if (T == "import_list")
      return;
    if (T == "class_declaration" || T == "object_declaration") {
      for (TSNode K : namedChildren(N))
        if (type(K) == "type_identifier") {
          DeclaredClasses.insert(text(K));
          break;
        }
      return;
    }
    if (T == "class_definition" || T == "object_definition" ||
        T == "trait_definition") {
      if (auto Name = childByField(N, "name"))
        DeclaredClasses.insert(text(*Name));
      return;
    }
    // client: DynamoDbClient (a parameter, a property, a class parameter)
    if (T == "parameter" || T == "class_parameter" ||
        T == "variable_declaration" || T == "val_definition" ||
        T == "var_definition") {
      std::optional<TSNode> Id, Ty;
      if (Scala) {
        Id = childByField(N, T == "val_definition" || T == "var_definition"
                                 ? "pattern"
                                 : "name");
        Ty = childByField(N, "type");
        if (Id && !isName(*Id))
          Id.reset();
      } else {
        for (TSNode K : namedChildren(N)) {
          if (type(K) == "simple_identifier" && !Id)
            Id = K;
          else if (type(K) == "user_type" || type(K) == "nullable_type")
            Ty = K;
        }
      }
      if (!Id || !Ty)
        return;
      llvm::StringRef TypeName = text(*Ty).rtrim("?");
      if ((TypeName == "DynamoDbClient" || TypeName == "DynamoDbAsyncClient" ||
           TypeName == "AmazonDynamoDB" || TypeName == "AmazonDynamoDBClient") &&
          familyOf(TypeName) != Family::None)
        Clients.insert(text(*Id));
      else
        OtherTyped.insert(text(*Id));
      return;
    }
    // DynamoDbClient { .. }.use { ddb -> .. }
    if (T == "call_expression") {
      std::optional<CallParts> P = call(N);
      if (!P || !P->Receiver || !P->Lambda || text(P->Name) != "use")
        return;
      if (!isClient(*P->Receiver, 0))
        return;
      llvm::StringRef Param = "it";
      for (TSNode K : namedChildren(*P->Lambda))
        if (type(K) == "lambda_parameters")
          if (auto Ps = namedChildren(K); Ps.size() == 1)
            if (auto Ids = namedChildren(Ps[0]); !Ids.empty())
              Param = text(Ids[0]);
      LambdaClients.insert(Param);
    }
  });
}

void KotlinRecognizer::readImport(TSNode Decl) {
  // import a.b.C; import a.b.{C, D => E}; import a.b._
  std::string Path;
  for (TSNode K : namedChildren(Decl)) {
    llvm::StringRef T = type(K);
    if (T == "identifier") {
      if (!Path.empty())
        Path += '.';
      Path += text(K).str();
      continue;
    }
    Family F = familyOfPackage(Path);
    if (T == "namespace_wildcard") {
      if (F != Family::None && !llvm::is_contained(Wildcards, F) &&
          llvm::StringRef(Path).endswith(".model"))
        Wildcards.push_back(F);
      return;
    }
    if (T != "namespace_selectors")
      continue;
    for (TSNode Sel : namedChildren(K)) {
      if (type(Sel) == "identifier") {
        Imports[text(Sel)] = Path + "." + text(Sel).str();
      } else if (type(Sel) == "arrow_renamed_identifier" ||
                 type(Sel) == "as_renamed_identifier") {
        auto From = childByField(Sel, "name");
        auto To = childByField(Sel, "alias");
        if (From && To)
          Imports[text(*To)] = Path + "." + text(*From).str();
      } else if (type(Sel) == "namespace_wildcard") {
        if (F != Family::None && !llvm::is_contained(Wildcards, F) &&
            llvm::StringRef(Path).endswith(".model"))
          Wildcards.push_back(F);
      }
    }
    return;
  }
  // import a.b.C: the last identifier is the class.
  llvm::StringRef Q = Path;
  if (Q.contains('.'))
    Imports[Q.substr(Q.rfind('.') + 1)] = Q.str();
}

void KotlinRecognizer::run(TSNode Root) {
  // The imports first: the client declarations are read against them.
  if (Scala)
    forEachNamedNode(Root, [&](TSNode N) {
      if (type(N) == "import_declaration")
        readImport(N);
    });
  for (TSNode N : namedChildren(Root))
    if (type(N) == "import_list")
      for (TSNode H : namedChildren(N))
        if (type(H) == "import_header") {
          auto Kids = namedChildren(H);
          if (Kids.empty())
            continue;
          llvm::StringRef Q = text(Kids[0]);
          Family F = familyOfPackage(Q);
          if (text(H).contains(".*")) {
            if (F != Family::None && !llvm::is_contained(Wildcards, F) &&
                (Q.endswith(".model") || Q == KotlinPackage ||
                 Q == V2Package || Q == V1Package))
              Wildcards.push_back(F);
            continue;
          }
          llvm::StringRef Simple = Q.substr(Q.rfind('.') + 1);
          for (TSNode K : Kids)
            if (type(K) == "import_alias")
              if (auto A = namedChildren(K); !A.empty())
                Simple = text(A.back());
          Imports[Simple] = Q.str();
        }
  collectNames(Root);
  llvm::SmallVector<TSNode, 32> Stack{Root};
  while (!Stack.empty()) {
    TSNode N = Stack.pop_back_val();
    uint32_t Count = ts_node_named_child_count(N);
    for (uint32_t I = Count; I > 0; --I)
      Stack.push_back(ts_node_named_child(N, I - 1));
    std::optional<CallParts> P = call(N);
    if (!P)
      continue;
    llvm::StringRef Name = text(P->Name);
    std::optional<llvm::StringRef> Op =
        operationOfType(realName(Name), "Request");
    Family F = Op ? familyOf(Name) : Family::None;
    // Kotlin: QueryRequest { .. }
    if (!P->Receiver && F == Family::Kotlin && P->Lambda && !P->HasArgs) {
      Built B = structValue(N, *findShape(*Op), 0);
      if (!B.Opaque)
        record(N, P->Name, *Op, std::move(B.V), F);
      continue;
    }
    // Java v1: QueryRequest(..)...
    if (!P->Receiver && F == Family::JavaV1 && P->HasArgs && !P->Lambda) {
      TSNode Top = chainTop(N);
      Built B = structValue(Top, *findShape(*Op), 0);
      if (!B.Opaque)
        record(Top, P->Name, *Op, std::move(B.V), F);
      continue;
    }
    // Java v2: QueryRequest.builder()...
    if (P->Receiver && Name == "builder" && P->Args.empty() && !P->Lambda &&
        isName(*P->Receiver)) {
      llvm::StringRef Class = text(*P->Receiver);
      std::optional<llvm::StringRef> BOp =
          operationOfType(realName(Class), "Request");
      if (!BOp || familyOf(Class) != Family::JavaV2)
        continue;
      TSNode Top = chainTop(N);
      Built B = structValue(Top, *findShape(*BOp), 0);
      if (!B.Opaque)
        record(Top, *P->Receiver, *BOp, std::move(B.V), Family::JavaV2);
      continue;
    }
    if (P->Receiver && P->Lambda)
      clientCall(N, *P);
  }
}

} // namespace

void findKotlinSdkCalls(SdkContext &C, TSNode Root) {
  KotlinRecognizer R(C);
  R.run(Root);
}

void findScalaSdkCalls(SdkContext &C, TSNode Root) {
  KotlinRecognizer R(C); // its Scala spelling
  R.run(Root);
}

} // namespace nosqlint::extract::sdk
