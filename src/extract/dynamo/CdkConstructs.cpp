//===- CdkConstructs.cpp - AWS CDK tables and functions -------------------===//
//
// An AWS CDK app declares its tables and functions as constructs:
//
//   const table = new dynamodb.Table(this, 'Orders', {
//     tableName: 'orders',            // absent: CloudFormation names it
//     partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
//     sortKey: { name: 'sk', type: dynamodb.AttributeType.NUMBER },
//   });
//   table.addGlobalSecondaryIndex({ indexName, partitionKey, sortKey,
//                                   projectionType, nonKeyAttributes });
//   new lambda.Function(this, 'Fn', { code: lambda.Code.fromAsset('lambda'),
//     handler: 'index.handler', environment: { TABLE: table.tableName } });
//   fn.addEnvironment('TABLE', table.tableName);
//
// and the same in Python (`dynamodb.Table(self, "Orders", partition_key=
// dynamodb.Attribute(name="pk", type=...))`, `add_environment`) and Java
// (`Table.Builder.create(this, "Orders").partitionKey(Attribute.builder()
// ...build()).build()`, `environment(Map.of(...))`); CdkSyntax reads each. Each Table / TableV2 becomes the CreateTable it deploys
// (named by its construct id when tableName is absent, as CloudFormation
// names a table after its logical id in this schema), with the construct id
// as its logical id. Each Function / NodejsFunction / PythonFunction becomes
// a LambdaDeclaration whose environment binds variables to the file's table
// constructs (`table.tableName`) or to literal names. Only constructs of the
// CDK's own modules count (the file's imports name them); a computed key,
// type, index or name leaves the table undefined.
//
//===----------------------------------------------------------------------===//
#include "SdkCalls.h"

#include "CdkSyntax.h"
#include "SyntaxTree.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <memory>

namespace nosqlint::extract::sdk {

using cdk::CdkSyntax;
using cdk::ConstructClass;

namespace {

llvm::StringRef typeOf(TSNode N) { return ts_node_type(N); }

/// `dynamodb.AttributeType.STRING` -> S (NUMBER N, BINARY B).
std::optional<llvm::StringRef> attributeType(llvm::StringRef T) {
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
llvm::StringRef enumMember(llvm::StringRef T) {
  return T.substr(T.rfind('.') + 1);
}

/// One table construct: its CreateTable, assembled as its props and later
/// calls (addGlobalSecondaryIndex) say.
class TableBuilder {
public:
  TableBuilder(SdkContext &C, const CdkSyntax &S, const cdk::Construct &K,
               std::string Id)
      : C(C), S(S), Node(K.Node), IdNode(K.Id), Id(std::move(Id)),
        Params(C.Json.object(K.Node)), Keys(C.Json.array(K.Id)),
        Definitions(C.Json.array(K.Id)), Globals(C.Json.array(K.Id)),
        Locals(C.Json.array(K.Id)) {}

  void readProps(std::optional<TSNode> Props) {
    if (!Props) {
      Defined = false;
      return;
    }
    llvm::StringMap<TSNode> P = S.members(*Props);
    auto Name = P.find("tableName");
    HostJson::add(Params, "TableName",
                  Name != P.end() ? C.Json.string(Name->second)
                                  : C.Json.declared(IdNode, Id));
    Defined &= keys(P, Keys);
    if (auto Billing = P.find("billingMode"); Billing != P.end())
      HostJson::add(Params, "BillingMode",
                    C.Json.declared(Billing->second,
                                    enumMember(S.text(Billing->second))));
    for (const char *List : {"globalSecondaryIndexes", "localSecondaryIndexes"}) {
      auto L = P.find(List);
      if (L == P.end())
        continue;
      TSNode Arr = S.unwrap(L->second);
      if (!S.isList(Arr)) {
        Defined = false;
        continue;
      }
      for (TSNode E : namedChildren(Arr))
        if (typeOf(E) != "comment")
          index(E, List[0] == 'g');
    }
  }

  /// A secondary index from `{ indexName, partitionKey?, sortKey,
  /// projectionType, nonKeyAttributes }`.
  void index(TSNode Spec, bool Global) {
    llvm::StringMap<TSNode> P = S.members(Spec);
    auto Name = P.find("indexName");
    JsonValue N = Name != P.end() ? C.Json.string(Name->second) : JsonValue();
    if (Name == P.end() || N.Unknown) {
      Defined = false;
      return;
    }
    JsonValue I = C.Json.object(Spec);
    HostJson::add(I, "IndexName", N);
    JsonValue K = C.Json.array(Spec);
    if (Global) {
      if (!keys(P, K)) {
        Defined = false;
        return;
      }
    } else {
      // An LSI: the table's partition key with its own sort key.
      auto SK = P.find("sortKey");
      if (Keys.Elements.empty() || SK == P.end()) {
        Defined = false;
        return;
      }
      K.Elements.push_back(Keys.Elements.front());
      if (!key(SK->second, false, K)) {
        Defined = false;
        return;
      }
    }
    HostJson::add(I, "KeySchema", std::move(K));
    JsonValue Projection = C.Json.object(Spec);
    llvm::StringRef Type = "ALL";
    if (auto T = P.find("projectionType"); T != P.end())
      Type = enumMember(S.text(T->second));
    HostJson::add(Projection, "ProjectionType", C.Json.declared(Spec, Type));
    if (auto NK = P.find("nonKeyAttributes"); NK != P.end()) {
      TSNode L = S.unwrap(NK->second);
      if (!S.isList(L)) {
        Defined = false;
        return;
      }
      JsonValue A = C.Json.array(L);
      for (TSNode E : namedChildren(L))
        if (typeOf(E) != "comment")
          A.Elements.push_back(C.Json.string(E));
      HostJson::add(Projection, "NonKeyAttributes", std::move(A));
    }
    HostJson::add(I, "Projection", std::move(Projection));
    (Global ? Globals : Locals).Elements.push_back(std::move(I));
  }

  /// Emits the CreateTable, when everything in it is known.
  void emit() {
    if (!Defined)
      return; // computed keys or indexes: not a definition to trust
    HostJson::add(Params, "KeySchema", std::move(Keys));
    HostJson::add(Params, "AttributeDefinitions", std::move(Definitions));
    if (!Globals.Elements.empty())
      HostJson::add(Params, "GlobalSecondaryIndexes", std::move(Globals));
    if (!Locals.Elements.empty())
      HostJson::add(Params, "LocalSecondaryIndexes", std::move(Locals));
    emitModelTable(C, std::move(Params), "aws-cdk", Node, IdNode);
    C.Out.back().LogicalId = Id;
  }

  const std::string &id() const { return Id; }

private:
  /// `{ partitionKey, sortKey }` into \p Out; false when computed.
  bool keys(const llvm::StringMap<TSNode> &P, JsonValue &Out) {
    auto PK = P.find("partitionKey");
    if (PK == P.end() || !key(PK->second, true, Out))
      return false;
    auto SK = P.find("sortKey");
    return SK == P.end() || key(SK->second, false, Out);
  }

  /// `{ name: 'pk', type: AttributeType.STRING }` (or `Attribute(name=...,
  /// type=...)`) into \p Out.
  bool key(TSNode Spec, bool Hash, JsonValue &Out) {
    llvm::StringMap<TSNode> M = S.members(Spec);
    auto Name = M.find("name");
    auto Type = M.find("type");
    if (Name == M.end() || Type == M.end())
      return false;
    JsonValue N = C.Json.string(Name->second);
    auto T = attributeType(S.text(Type->second));
    if (N.Unknown || !T)
      return false;
    JsonValue E = C.Json.object(Spec);
    HostJson::add(E, "AttributeName", N);
    HostJson::add(E, "KeyType", C.Json.declared(Spec, Hash ? "HASH" : "RANGE"));
    Out.Elements.push_back(std::move(E));
    if (Defined_.insert(N.Str).second) {
      JsonValue D = C.Json.object(Spec);
      HostJson::add(D, "AttributeName", N);
      HostJson::add(D, "AttributeType", C.Json.declared(Type->second, *T));
      Definitions.Elements.push_back(std::move(D));
    }
    return true;
  }

  SdkContext &C;
  const CdkSyntax &S;
  TSNode Node, IdNode;
  std::string Id;
  JsonValue Params, Keys, Definitions, Globals, Locals;
  llvm::StringSet<> Defined_;
  bool Defined = true;
};

/// The function a construct declares: its code, handler and environment.
class FunctionReader {
public:
  FunctionReader(SdkContext &C, const CdkSyntax &S,
                 const llvm::StringMap<size_t> &TableVariables,
                 const std::vector<std::unique_ptr<TableBuilder>> &Tables)
      : C(C), S(S), TableVariables(TableVariables), Tables(Tables) {}

  std::optional<LambdaDeclaration> read(const cdk::Construct &K) {
    JsonValue Id = C.Json.string(K.Id);
    if (Id.Unknown || !K.Props)
      return std::nullopt;
    LambdaDeclaration F;
    F.Function = Id.Str;
    llvm::StringMap<TSNode> P = S.members(*K.Props);
    std::optional<std::string> Code;
    if (auto E = P.find("entry"); E != P.end()) {
      Code = S.assetPath(E->second, C.Eval, C.Json, F.CodeRelativeToFile);
      if (Code && K.Class == ConstructClass::PythonFunction) {
        // entry is the folder; index (index.py) the handler's file.
        std::string Index = "index.py";
        if (auto I = P.find("index"); I != P.end()) {
          JsonValue V = C.Json.string(I->second);
          if (V.Unknown)
            return std::nullopt;
          Index = V.Str;
        }
        *Code += "/" + Index;
      }
      F.CodeIsFile = true;
    } else if (auto CodeProp = P.find("code"); CodeProp != P.end()) {
      Code = S.assetPath(CodeProp->second, C.Eval, C.Json, F.CodeRelativeToFile);
    }
    if (!Code)
      return std::nullopt; // an image, S3, inline code: no folder to match
    F.CodePath = *Code;
    if (auto H = P.find("handler"); H != P.end() && !F.CodeIsFile) {
      JsonValue V = C.Json.string(H->second);
      if (!V.Unknown)
        F.Handler = V.Str;
    }
    if (auto Env = P.find("environment"); Env != P.end())
      for (const auto &M : S.members(Env->second))
        bind(M.getKey(), M.getValue(), F);
    return F;
  }

  /// `VAR: table.tableName` or `VAR: 'literal'`.
  void bind(llvm::StringRef Variable, TSNode Value, LambdaDeclaration &F) {
    LambdaDeclaration::Binding B;
    B.Variable = Variable.str();
    B.Range = C.Json.range(Value);
    if (auto A = S.access(Value)) {
      if (A->second != "tableName" && A->second != "table_name")
        return;
      auto T = TableVariables.find(S.receiverName(A->first));
      if (T == TableVariables.end())
        return;
      B.TableConstruct = Tables[T->second]->id();
      F.Environment.push_back(std::move(B));
      return;
    }
    JsonValue V = C.Json.string(Value);
    if (!V.Unknown && !V.Str.empty()) {
      B.TableName = V.Str;
      F.Environment.push_back(std::move(B));
    }
  }

private:
  SdkContext &C;
  const CdkSyntax &S;
  const llvm::StringMap<size_t> &TableVariables;
  const std::vector<std::unique_ptr<TableBuilder>> &Tables;
};

} // namespace

void findCdkConstructs(SdkContext &C, TSNode Root) {
  if (!C.Src.contains("aws-dynamodb") && !C.Src.contains("aws_dynamodb") &&
      !C.Src.contains("awscdk.services.dynamodb"))
    return;
  CdkSyntax S(C.Spec.Lang, C.Src, Root);
  if (!S.usesDynamoDb())
    return;

  std::vector<std::unique_ptr<TableBuilder>> Tables;
  llvm::StringMap<size_t> TableVariables;
  std::vector<cdk::Construct> Functions;
  std::vector<cdk::MethodCall> Calls;
  forEachNamedNode(Root, [&](TSNode N) {
    if (auto K = S.construct(N)) {
      if (K->Class == ConstructClass::Table || K->Class == ConstructClass::TableV2) {
        JsonValue Id = C.Json.string(K->Id);
        if (Id.Unknown)
          return;
        Tables.push_back(std::make_unique<TableBuilder>(C, S, *K, Id.Str));
        Tables.back()->readProps(K->Props);
        if (auto V = S.assignedTo(N))
          TableVariables[*V] = Tables.size() - 1;
      } else {
        Functions.push_back(*K);
      }
      return;
    }
    if (auto M = S.methodCall(N))
      Calls.push_back(*M);
  });

  // table.addGlobalSecondaryIndex({...}) / add_local_secondary_index(...).
  for (const cdk::MethodCall &M : Calls) {
    bool Global = M.Method == "addGlobalSecondaryIndex" ||
                  M.Method == "add_global_secondary_index";
    bool Local = M.Method == "addLocalSecondaryIndex" ||
                 M.Method == "add_local_secondary_index";
    if ((!Global && !Local) || !M.Props)
      continue;
    auto T = TableVariables.find(S.receiverName(M.Receiver));
    if (T != TableVariables.end())
      Tables[T->second]->index(*M.Props, Global);
  }
  for (auto &T : Tables)
    T->emit();

  // The functions, and what addEnvironment adds to those in variables.
  FunctionReader Reader(C, S, TableVariables, Tables);
  llvm::StringMap<size_t> FunctionVariables;
  for (const cdk::Construct &K : Functions)
    if (auto F = Reader.read(K)) {
      if (auto V = S.assignedTo(K.Node))
        FunctionVariables[*V] = C.Functions.size();
      C.Functions.push_back(std::move(*F));
    }
  for (const cdk::MethodCall &M : Calls) {
    if ((M.Method != "addEnvironment" && M.Method != "add_environment") ||
        M.Positional.size() < 2)
      continue;
    auto F = FunctionVariables.find(S.receiverName(M.Receiver));
    JsonValue Name = C.Json.string(M.Positional[0]);
    if (F == FunctionVariables.end() || Name.Unknown)
      continue;
    Reader.bind(Name.Str, M.Positional[1], C.Functions[F->second]);
  }
  // A function that binds no table says nothing to the schema.
  llvm::erase_if(C.Functions, [](const LambdaDeclaration &F) {
    return F.Environment.empty();
  });
}

} // namespace nosqlint::extract::sdk
