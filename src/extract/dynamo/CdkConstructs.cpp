//===- CdkConstructs.cpp - AWS CDK tables and functions (JS/TS) -----------===//
//
// An AWS CDK app declares its tables and functions as constructs:
//
//   import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
//   const table = new dynamodb.Table(this, 'Orders', {
//     tableName: 'orders',            // absent: CloudFormation names it
//     partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
//     sortKey: { name: 'sk', type: dynamodb.AttributeType.NUMBER },
//     billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
//   });
//   table.addGlobalSecondaryIndex({ indexName, partitionKey, sortKey,
//                                   projectionType, nonKeyAttributes });
//   new lambda.Function(this, 'Fn', { code: lambda.Code.fromAsset('lambda'),
//     handler: 'index.handler', environment: { TABLE: table.tableName } });
//
// Each Table / TableV2 becomes the CreateTable it deploys (named by its
// construct id when tableName is absent, as CloudFormation names a table
// after its logical id in this schema), with the construct id as its
// logical id. Each Function / NodejsFunction becomes a LambdaDeclaration
// whose environment binds variables to the file's table constructs
// (`table.tableName`) or to literal names. Only constructs of the CDK's own
// modules count (their import names them); a computed key, type or name
// leaves the table undefined (the schema loader drops it).
//
//===----------------------------------------------------------------------===//
#include "SdkCalls.h"

#include "JsSdkScopes.h"
#include "SyntaxTree.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <functional>
#include <memory>

namespace nosqlint::extract::sdk {

namespace {

llvm::StringRef typeOf(TSNode N) { return ts_node_type(N); }

/// The local names the file gives to the CDK's DynamoDB and Lambda modules
/// and to their classes.
struct CdkImports {
  llvm::StringSet<> DynamoModules;   // `dynamodb` of `dynamodb.Table`
  llvm::StringSet<> LambdaModules;   // `lambda` of `lambda.Function`
  llvm::StringMap<std::string> Classes; // local name -> Table, Function, ...

  /// The CDK class a constructor expression names: "Table", "TableV2",
  /// "Function", "NodejsFunction"; empty when it is none of them.
  std::string classOf(TSNode Ctor, llvm::StringRef Src) const {
    Ctor = js::unwrapTs(Ctor);
    auto Text = [&](TSNode N) {
      return Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
    };
    if (typeOf(Ctor) == "identifier") {
      auto It = Classes.find(Text(Ctor));
      return It == Classes.end() ? "" : It->second;
    }
    if (typeOf(Ctor) != "member_expression")
      return "";
    auto Obj = childByField(Ctor, "object");
    auto Prop = childByField(Ctor, "property");
    if (!Obj || !Prop || typeOf(*Obj) != "identifier")
      return "";
    llvm::StringRef Module = Text(*Obj), Class = Text(*Prop);
    if (DynamoModules.contains(Module) && (Class == "Table" || Class == "TableV2"))
      return Class.str();
    if (LambdaModules.contains(Module) &&
        (Class == "Function" || Class == "NodejsFunction"))
      return Class.str();
    return "";
  }
};

CdkImports readImports(TSNode Root, llvm::StringRef Src) {
  CdkImports I;
  auto Text = [&](TSNode N) {
    return Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
  };
  for (TSNode S : namedChildren(Root)) {
    if (typeOf(S) != "import_statement")
      continue;
    auto Source = childByField(S, "source");
    if (!Source)
      continue;
    llvm::StringRef From = Text(*Source).trim("'\"`");
    bool Dynamo = From.endswith("/aws-dynamodb");
    bool Lambda = From.endswith("/aws-lambda") || From.endswith("/aws-lambda-nodejs");
    bool Lib = From == "aws-cdk-lib";
    if (!Dynamo && !Lambda && !Lib)
      continue;
    forEachNamedNode(S, [&](TSNode N) {
      if (typeOf(N) == "namespace_import") {
        for (TSNode Id : namedChildren(N))
          if (typeOf(Id) == "identifier") {
            if (Dynamo)
              I.DynamoModules.insert(Text(Id));
            if (Lambda)
              I.LambdaModules.insert(Text(Id));
          }
        return false;
      }
      if (typeOf(N) == "import_specifier") {
        auto Name = childByField(N, "name");
        auto Alias = childByField(N, "alias");
        if (!Name)
          return false;
        llvm::StringRef Imported = Text(*Name);
        llvm::StringRef Local = Alias ? Text(*Alias) : Imported;
        if (Lib && Imported == "aws_dynamodb")
          I.DynamoModules.insert(Local);
        else if (Lib && (Imported == "aws_lambda" || Imported == "aws_lambda_nodejs"))
          I.LambdaModules.insert(Local);
        else if (Dynamo && (Imported == "Table" || Imported == "TableV2"))
          I.Classes[Local] = Imported.str();
        else if (Lambda && (Imported == "Function" || Imported == "NodejsFunction"))
          I.Classes[Local] = Imported.str();
        return false;
      }
      return true;
    });
  }
  return I;
}

/// Object literals assigned to a variable of the file (`const props = {...}`),
/// by name: what a spread (`...props`) adds to an object.
using ObjectVariables = llvm::StringMap<TSNode>;

ObjectVariables objectVariables(TSNode Root, llvm::StringRef Src) {
  ObjectVariables V;
  forEachNamedNode(Root, [&](TSNode N) {
    if (typeOf(N) != "variable_declarator")
      return;
    auto Name = childByField(N, "name");
    auto Value = childByField(N, "value");
    if (!Name || !Value || typeOf(*Name) != "identifier" ||
        typeOf(js::unwrapTs(*Value)) != "object")
      return;
    llvm::StringRef Key =
        Src.slice(ts_node_start_byte(*Name), ts_node_end_byte(*Name));
    if (!V.try_emplace(Key, js::unwrapTs(*Value)).second)
      V[Key] = TSNode{}; // declared twice: which one is unknown
  });
  return V;
}

/// The members of an object literal by key, with those of the objects it
/// spreads (`...props`, a variable of the file holding an object literal);
/// a later member overrides an earlier one, as in JavaScript.
llvm::StringMap<TSNode> membersOf(TSNode Obj, llvm::StringRef Src,
                                  const ObjectVariables *Spreads = nullptr,
                                  unsigned Depth = 0) {
  llvm::StringMap<TSNode> M;
  Obj = js::unwrapTs(Obj);
  if (typeOf(Obj) != "object" || Depth > 4)
    return M;
  for (TSNode P : namedChildren(Obj)) {
    if (typeOf(P) == "spread_element" && Spreads) {
      auto Args = namedChildren(P);
      if (Args.empty() || typeOf(Args[0]) != "identifier")
        continue;
      auto It = Spreads->find(
          Src.slice(ts_node_start_byte(Args[0]), ts_node_end_byte(Args[0])));
      if (It == Spreads->end() || ts_node_is_null(It->second))
        continue;
      for (auto &E : membersOf(It->second, Src, Spreads, Depth + 1))
        M[E.getKey()] = E.getValue();
      continue;
    }
    if (typeOf(P) != "pair")
      continue;
    auto K = childByField(P, "key");
    auto V = childByField(P, "value");
    if (!K || !V)
      continue;
    llvm::StringRef Key =
        Src.slice(ts_node_start_byte(*K), ts_node_end_byte(*K)).trim("'\"");
    M[Key] = *V;
  }
  return M;
}

/// `dynamodb.AttributeType.STRING` -> S (NUMBER N, BINARY B).
std::optional<llvm::StringRef> attributeType(TSNode N, llvm::StringRef Src) {
  llvm::StringRef T = Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
  if (!T.contains("AttributeType."))
    return std::nullopt;
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(
             T.substr(T.rfind('.') + 1))
      .Case("STRING", llvm::StringRef("S"))
      .Case("NUMBER", llvm::StringRef("N"))
      .Case("BINARY", llvm::StringRef("B"))
      .Default(std::nullopt);
}

/// The enum member a `X.Y.MEMBER` expression names: MEMBER.
llvm::StringRef enumMember(TSNode N, llvm::StringRef Src) {
  llvm::StringRef T = Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
  return T.substr(T.rfind('.') + 1);
}

class TableBuilder {
public:
  TableBuilder(SdkContext &C, TSNode Id) : C(C), Id(Id) {}

  /// A key attribute `{ name: 'pk', type: AttributeType.STRING }`; false
  /// when computed.
  bool key(TSNode Spec, bool Hash, JsonValue &KeySchema) {
    llvm::StringMap<TSNode> M = membersOf(Spec, C.Src);
    auto Name = M.find("name");
    auto Type = M.find("type");
    if (Name == M.end() || Type == M.end())
      return false;
    JsonValue N = C.Json.string(Name->second);
    auto T = attributeType(Type->second, C.Src);
    if (N.Unknown || !T)
      return false;
    JsonValue E = C.Json.object(Spec);
    HostJson::add(E, "AttributeName", N);
    HostJson::add(E, "KeyType", C.Json.declared(Spec, Hash ? "HASH" : "RANGE"));
    KeySchema.Elements.push_back(std::move(E));
    if (Defined.insert(N.Str).second) {
      JsonValue D = C.Json.object(Spec);
      HostJson::add(D, "AttributeName", N);
      HostJson::add(D, "AttributeType", C.Json.declared(Type->second, *T));
      Definitions.Elements.push_back(std::move(D));
    }
    return true;
  }

  /// The key schema of `{ partitionKey, sortKey }` props.
  std::optional<JsonValue> keys(TSNode At, const llvm::StringMap<TSNode> &P) {
    JsonValue K = C.Json.array(At);
    auto PK = P.find("partitionKey");
    if (PK == P.end() || !key(PK->second, true, K))
      return std::nullopt;
    auto SK = P.find("sortKey");
    if (SK != P.end() && !key(SK->second, false, K))
      return std::nullopt;
    return K;
  }

  /// A secondary index from `{ indexName, partitionKey?, sortKey,
  /// projectionType, nonKeyAttributes }`.
  bool index(TSNode Spec, bool Global, JsonValue *TableKeys) {
    llvm::StringMap<TSNode> P = membersOf(Spec, C.Src);
    auto Name = P.find("indexName");
    if (Name == P.end())
      return false;
    JsonValue I = C.Json.object(Spec);
    JsonValue N = C.Json.string(Name->second);
    if (N.Unknown)
      return false;
    HostJson::add(I, "IndexName", N);
    std::optional<JsonValue> K;
    if (Global) {
      K = keys(Spec, P);
    } else if (TableKeys && !TableKeys->Elements.empty()) {
      // An LSI: the table's partition key with its own sort key.
      JsonValue L = C.Json.array(Spec);
      L.Elements.push_back(TableKeys->Elements.front());
      auto SK = P.find("sortKey");
      if (SK != P.end() && key(SK->second, false, L))
        K = std::move(L);
    }
    if (!K)
      return false;
    HostJson::add(I, "KeySchema", std::move(*K));
    JsonValue Projection = C.Json.object(Spec);
    llvm::StringRef Type = "ALL";
    if (auto T = P.find("projectionType"); T != P.end())
      Type = enumMember(T->second, C.Src);
    HostJson::add(Projection, "ProjectionType", C.Json.declared(Spec, Type));
    if (auto NK = P.find("nonKeyAttributes"); NK != P.end()) {
      TSNode L = js::unwrapTs(NK->second);
      if (typeOf(L) != "array")
        return false;
      JsonValue A = C.Json.array(L);
      for (TSNode E : namedChildren(L))
        A.Elements.push_back(C.Json.string(E));
      HostJson::add(Projection, "NonKeyAttributes", std::move(A));
    }
    HostJson::add(I, "Projection", std::move(Projection));
    (Global ? Globals : Locals).Elements.push_back(std::move(I));
    return true;
  }

  SdkContext &C;
  TSNode Id;
  JsonValue Definitions = C.Json.array(Id);
  JsonValue Globals = C.Json.array(Id);
  JsonValue Locals = C.Json.array(Id);
  llvm::StringSet<> Defined;
};

/// The variable (or `this.x` property) a construct is assigned to.
std::optional<std::string> assignedTo(TSNode New, llvm::StringRef Src) {
  TSNode P = ts_node_parent(New);
  while (!ts_node_is_null(P) &&
         (typeOf(P) == "as_expression" || typeOf(P) == "parenthesized_expression" ||
          typeOf(P) == "non_null_expression"))
    P = ts_node_parent(P);
  if (ts_node_is_null(P))
    return std::nullopt;
  std::optional<TSNode> Target;
  if (typeOf(P) == "variable_declarator")
    Target = childByField(P, "name");
  else if (typeOf(P) == "assignment_expression")
    Target = childByField(P, "left");
  if (!Target)
    return std::nullopt;
  llvm::StringRef T =
      Src.slice(ts_node_start_byte(*Target), ts_node_end_byte(*Target));
  T.consume_front("this.");
  if (T.empty() || T.contains('.') || T.contains('['))
    return std::nullopt;
  return T.str();
}

} // namespace

void findCdkConstructs(SdkContext &C, TSNode Root) {
  if (!C.Src.contains("aws-dynamodb") && !C.Src.contains("aws_dynamodb"))
    return;
  CdkImports Imports = readImports(Root, C.Src);
  if (Imports.DynamoModules.empty() && Imports.Classes.empty())
    return;

  // Pass one: the table constructs, by variable.
  std::vector<std::unique_ptr<TableBuilder>> Builders;
  struct Table {
    TSNode New, Id;
    std::string Construct;
    TableBuilder *B;
    JsonValue Params;
    bool Defined = false;
    JsonValue Keys;
  };
  std::vector<Table> Tables;
  llvm::StringMap<size_t> ByVariable; // variable -> Tables index
  std::vector<TSNode> Functions;
  std::vector<TSNode> Calls;
  forEachNamedNode(Root, [&](TSNode N) {
    if (typeOf(N) == "call_expression")
      Calls.push_back(N);
    if (typeOf(N) != "new_expression")
      return true;
    auto Ctor = childByField(N, "constructor");
    auto Args = childByField(N, "arguments");
    if (!Ctor || !Args)
      return true;
    std::string Class = Imports.classOf(*Ctor, C.Src);
    if (Class.empty())
      return true;
    if (Class == "Function" || Class == "NodejsFunction") {
      Functions.push_back(N);
      return true;
    }
    auto A = namedChildren(*Args);
    if (A.size() < 3)
      return true;
    JsonValue IdValue = C.Json.string(A[1]);
    if (IdValue.Unknown)
      return true;
    Builders.push_back(std::make_unique<TableBuilder>(C, A[1]));
    TableBuilder &B = *Builders.back();
    llvm::StringMap<TSNode> P = membersOf(A[2], C.Src);
    Table T{N, A[1], IdValue.Str, &B, C.Json.object(N), false, JsonValue()};
    auto Name = P.find("tableName");
    HostJson::add(T.Params, "TableName",
                  Name != P.end() ? C.Json.string(Name->second)
                                  : C.Json.declared(A[1], IdValue.Str));
    if (auto K = B.keys(A[2], P)) {
      T.Keys = *K;
      T.Defined = true;
      HostJson::add(T.Params, "KeySchema", std::move(*K));
    }
    if (auto Billing = P.find("billingMode"); Billing != P.end())
      HostJson::add(T.Params, "BillingMode",
                    C.Json.declared(Billing->second,
                                    enumMember(Billing->second, C.Src)));
    for (const char *List : {"globalSecondaryIndexes", "localSecondaryIndexes"}) {
      auto L = P.find(List);
      if (L == P.end())
        continue;
      TSNode Arr = js::unwrapTs(L->second);
      if (typeOf(Arr) != "array") {
        T.Defined = false;
        continue;
      }
      for (TSNode E : namedChildren(Arr))
        T.Defined &= B.index(E, List[0] == 'g', &T.Keys);
    }
    if (auto V = assignedTo(N, C.Src))
      ByVariable[*V] = Tables.size();
    Tables.push_back(std::move(T));
    return true;
  });

  // `table.addGlobalSecondaryIndex({...})`, `addLocalSecondaryIndex`.
  auto Text = [&](TSNode N) {
    return C.Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
  };
  auto VariableOf = [&](TSNode Obj) -> std::optional<size_t> {
    llvm::StringRef V = Text(js::unwrapTs(Obj));
    V.consume_front("this.");
    auto It = ByVariable.find(V);
    if (It == ByVariable.end())
      return std::nullopt;
    return It->second;
  };
  for (TSNode Call : Calls) {
    auto Fn = childByField(Call, "function");
    auto Args = childByField(Call, "arguments");
    if (!Fn || !Args || typeOf(*Fn) != "member_expression")
      continue;
    auto Obj = childByField(*Fn, "object");
    auto Prop = childByField(*Fn, "property");
    if (!Obj || !Prop)
      continue;
    llvm::StringRef Method = Text(*Prop);
    if (Method != "addGlobalSecondaryIndex" && Method != "addLocalSecondaryIndex")
      continue;
    auto T = VariableOf(*Obj);
    auto A = namedChildren(*Args);
    if (!T || A.empty())
      continue;
    Tables[*T].Defined &=
        Tables[*T].B->index(A[0], Method == "addGlobalSecondaryIndex",
                            &Tables[*T].Keys);
  }
  for (Table &T : Tables) {
    if (!T.Defined)
      continue; // computed keys or indexes: not a definition we can trust
    HostJson::add(T.Params, "AttributeDefinitions", std::move(T.B->Definitions));
    if (!T.B->Globals.Elements.empty())
      HostJson::add(T.Params, "GlobalSecondaryIndexes", std::move(T.B->Globals));
    if (!T.B->Locals.Elements.empty())
      HostJson::add(T.Params, "LocalSecondaryIndexes", std::move(T.B->Locals));
    emitModelTable(C, std::move(T.Params), "aws-cdk", T.New, T.Id);
    C.Out.back().LogicalId = T.Construct;
  }

  // The functions and their environments.
  ObjectVariables Spreads = objectVariables(Root, C.Src);
  for (TSNode N : Functions) {
    auto A = namedChildren(*childByField(N, "arguments"));
    if (A.size() < 3)
      continue;
    JsonValue IdValue = C.Json.string(A[1]);
    if (IdValue.Unknown)
      continue;
    LambdaDeclaration F;
    F.Function = IdValue.Str;
    llvm::StringMap<TSNode> P = membersOf(A[2], C.Src, &Spreads);
    // The code: `Code.fromAsset(<path>)` or `entry: <path>`, each a literal
    // or `path.join(__dirname, <literals>)`.
    std::function<std::optional<std::string>(TSNode)> PathOf =
        [&](TSNode E) -> std::optional<std::string> {
      E = js::unwrapTs(E);
      if (typeOf(E) != "call_expression") {
        JsonValue S = C.Json.string(E);
        return S.Unknown ? std::nullopt : std::optional<std::string>(S.Str);
      }
      auto Fn = childByField(E, "function");
      auto Args = childByField(E, "arguments");
      if (!Fn || !Args)
        return std::nullopt;
      llvm::StringRef Callee = Text(*Fn);
      auto Parts = namedChildren(*Args);
      if (Parts.empty())
        return std::nullopt;
      if (Callee.endswith("Code.fromAsset"))
        return PathOf(Parts[0]);
      if (Callee != "path.join" && Callee != "path.resolve" &&
          Callee != "join" && Callee != "resolve")
        return std::nullopt;
      if (Text(Parts[0]) != "__dirname")
        return std::nullopt;
      std::string Out;
      for (size_t I = 1; I < Parts.size(); ++I) {
        JsonValue S = C.Json.string(Parts[I]);
        if (S.Unknown)
          return std::nullopt;
        if (!Out.empty())
          Out += '/';
        Out += S.Str;
      }
      F.CodeRelativeToFile = true;
      return Out.empty() ? std::string(".") : Out;
    };
    std::optional<std::string> Code;
    if (auto E = P.find("entry"); E != P.end()) {
      Code = PathOf(E->second);
      F.CodeIsFile = true;
    } else if (auto CodeProp = P.find("code"); CodeProp != P.end()) {
      Code = PathOf(CodeProp->second);
    }
    if (!Code)
      continue; // code elsewhere (an image, S3): no folder to match
    F.CodePath = *Code;
    if (auto H = P.find("handler"); H != P.end() && !F.CodeIsFile) {
      JsonValue S = C.Json.string(H->second);
      if (!S.Unknown)
        F.Handler = S.Str;
    }
    auto Env = P.find("environment");
    if (Env != P.end())
      for (const auto &Member : membersOf(Env->second, C.Src, &Spreads)) {
        TSNode V = Member.getValue();
        LambdaDeclaration::Binding B;
        B.Variable = Member.getKey().str();
        B.Range = C.Json.range(V);
        TSNode U = js::unwrapTs(V);
        if (typeOf(U) == "member_expression") {
          auto Obj = childByField(U, "object");
          auto Prop = childByField(U, "property");
          if (Obj && Prop && Text(*Prop) == "tableName")
            if (auto T = VariableOf(*Obj)) {
              B.TableConstruct = Tables[*T].Construct;
              F.Environment.push_back(std::move(B));
            }
          continue;
        }
        JsonValue S = C.Json.string(V);
        if (!S.Unknown && !S.Str.empty()) {
          B.TableName = S.Str;
          F.Environment.push_back(std::move(B));
        }
      }
    if (!F.Environment.empty())
      C.Functions.push_back(std::move(F));
  }
}

} // namespace nosqlint::extract::sdk
