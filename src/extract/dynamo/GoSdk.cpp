//===- GoSdk.cpp - AWS SDK for Go input structs -----------------------------===//
//
// Finds the requests a Go file builds as input structs of the SDK's
// dynamodb package (v2, github.com/aws/aws-sdk-go-v2/service/dynamodb, or
// v1, github.com/aws/aws-sdk-go/service/dynamodb), under whatever name the
// file imports it:
//
//   &dynamodb.QueryInput{
//       TableName:              aws.String("Orders"),
//       KeyConditionExpression: aws.String("customerId = :c"),
//       ExpressionAttributeValues: map[string]types.AttributeValue{
//           ":c": &types.AttributeValueMemberS{Value: id}},
//       Limit: aws.Int32(10),
//   }
//
// Fields are the wire parameters; nested structures are composite literals
// (their type may be elided inside a slice or map literal); AttributeValues
// are v2's AttributeValueMemberX{Value: ..} or v1's AttributeValue{S: ..}.
// attributevalue.MarshalMap and other calls are Unknown; the expression
// builder's `expr.KeyCondition()`, `expr.Filter()`, `expr.Names()`, ...
// are what its Build() writes (GoExpression.h); a variable changed after it
// was built (`in.Limit = ...`) makes its request open. A CreateTableInput is a table definition in code,
// unless its schema members are changed after it is built.
//
//===----------------------------------------------------------------------===//
#include "GoExpression.h"
#include "SdkCalls.h"
#include "TypedRequests.h"

#include <memory>

namespace nosqlint::extract::sdk {

namespace {

using namespace typed;

class GoRecognizer : public TypedBuilder {
public:
  using TypedBuilder::TypedBuilder;

  /// Reads the imports; false when the file does not import the SDK's
  /// dynamodb package.
  bool readImports(TSNode Root);
  void run(TSNode Root);

protected:
  Built stringValue(TSNode N, unsigned Depth) override;
  Built numberValue(TSNode N, unsigned Depth) override;
  Built boolValue(TSNode N, unsigned Depth) override;
  Built attributeValue(TSNode N, unsigned Depth) override;
  Built mapValue(TSNode N, llvm::StringRef Elem, unsigned Depth) override;
  Built listValue(TSNode N, llvm::StringRef Elem, unsigned Depth) override;
  Built structValue(TSNode N, const Shape &S, unsigned Depth) override;

private:
  llvm::StringRef text(TSNode N) const { return C.Eval.text(N); }
  llvm::StringRef type(TSNode N) const { return ts_node_type(N); }
  /// Looks through parentheses, `&x` and a literal_element wrapper.
  TSNode unwrap(TSNode N) const;
  /// `aws.String(x)`-style helpers: their argument; \p N otherwise.
  TSNode awsArgument(TSNode N, std::initializer_list<llvm::StringRef> Fns) const;
  /// The body of a composite literal (or an elided-type literal_value).
  std::optional<TSNode> literalBody(TSNode N) const;
  /// `pkg.Name` of a composite literal's type: {pkg, Name}.
  std::pair<llvm::StringRef, llvm::StringRef> literalType(TSNode N) const;
  /// The keyed elements of a literal body: (key node, value node).
  llvm::SmallVector<std::pair<TSNode, TSNode>, 8> keyed(TSNode Body) const;
  /// The value a name holds, with `Open` when the name is used elsewhere.
  std::optional<TSNode> followName(TSNode N, bool &Open) const;
  /// `expr.<Method>()` of an expression the builder made: what it returns
  /// for member \p Member (a string, or the Names/Values maps); nothing
  /// when \p N is no such call or the expression is not known.
  std::optional<Built> builtExpression(TSNode N, bool Map);

  /// A PartiQL statement of a batch built on its own (`append(stmts,
  /// types.BatchStatementRequest{Statement: ..})`): one statement of a
  /// BatchExecuteStatement, unless it is written inside the input itself.
  void statement(TSNode Literal, TSNode Name);
  /// The input \p Site is sent by a paginator, page after page:
  /// `NewScanPaginator(c, in)` (v2), `ScanPages(in, fn)` (v1), with the
  /// input written in the call or held by a variable of its function.
  bool sentByPaginator(TSNode Site) const;

  llvm::StringRef Ddb;   // the dynamodb package's name in this file
  llvm::StringRef Types; // v2's types package
  llvm::StringRef Aws;   // the aws helpers package
  llvm::StringRef Expr;  // the expression builder's package
  std::unique_ptr<GoExpressionReader> Expressions;
  bool V1 = false;
};

TSNode GoRecognizer::unwrap(TSNode N) const {
  for (unsigned I = 0; I < 8; ++I) {
    llvm::StringRef T = type(N);
    if (T == "literal_element" || T == "parenthesized_expression") {
      auto Kids = namedChildren(N);
      if (Kids.size() != 1)
        break;
      N = Kids[0];
      continue;
    }
    if (T == "unary_expression" && text(N).startswith("&")) {
      if (auto Op = childByField(N, "operand")) {
        N = *Op;
        continue;
      }
    }
    break;
  }
  return N;
}

bool GoRecognizer::readImports(TSNode Root) {
  llvm::SmallVector<TSNode, 16> Stack{Root};
  while (!Stack.empty()) {
    TSNode N = Stack.pop_back_val();
    llvm::StringRef T = type(N);
    if (T == "source_file" || T == "import_declaration" ||
        T == "import_spec_list") {
      for (TSNode K : namedChildren(N))
        Stack.push_back(K);
      continue;
    }
    if (T != "import_spec")
      continue;
    auto Path = childByField(N, "path");
    if (!Path)
      continue;
    llvm::StringRef P = text(*Path).trim("\"`");
    llvm::StringRef Name = P.substr(P.rfind('/') + 1);
    if (auto Alias = childByField(N, "name"))
      Name = text(*Alias);
    if (Name == "_" || Name == ".")
      continue;
    if (P == "github.com/aws/aws-sdk-go-v2/service/dynamodb") {
      Ddb = Name;
    } else if (P == "github.com/aws/aws-sdk-go/service/dynamodb") {
      Ddb = Name;
      V1 = true;
    } else if (P == "github.com/aws/aws-sdk-go-v2/service/dynamodb/types") {
      Types = Name;
    } else if (P == "github.com/aws/aws-sdk-go-v2/aws" ||
               P == "github.com/aws/aws-sdk-go/aws") {
      Aws = Name;
    } else if (P == "github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression" ||
               P == "github.com/aws/aws-sdk-go/service/dynamodb/expression") {
      Expr = Name;
    }
  }
  if (!Expr.empty())
    Expressions = std::make_unique<GoExpressionReader>(C.Json, C.Src, Expr);
  return !Ddb.empty();
}

TSNode GoRecognizer::awsArgument(
    TSNode N, std::initializer_list<llvm::StringRef> Fns) const {
  N = unwrap(N);
  if (type(N) != "call_expression" || Aws.empty())
    return N;
  auto Fn = childByField(N, "function");
  auto Args = childByField(N, "arguments");
  if (!Fn || !Args || type(*Fn) != "selector_expression")
    return N;
  auto Pkg = childByField(*Fn, "operand");
  auto Field = childByField(*Fn, "field");
  auto A = namedChildren(*Args);
  if (!Pkg || !Field || text(*Pkg) != Aws || A.size() != 1)
    return N;
  for (llvm::StringRef F : Fns)
    if (text(*Field) == F)
      return unwrap(A[0]);
  return N;
}

std::optional<TSNode> GoRecognizer::literalBody(TSNode N) const {
  N = unwrap(N);
  if (type(N) == "literal_value")
    return N;
  if (type(N) == "composite_literal")
    return childByField(N, "body");
  return std::nullopt;
}

std::pair<llvm::StringRef, llvm::StringRef>
GoRecognizer::literalType(TSNode N) const {
  N = unwrap(N);
  if (type(N) != "composite_literal")
    return {};
  auto Ty = childByField(N, "type");
  if (!Ty)
    return {};
  if (type(*Ty) == "qualified_type") {
    auto Pkg = childByField(*Ty, "package");
    auto Name = childByField(*Ty, "name");
    if (Pkg && Name)
      return {text(*Pkg), text(*Name)};
  }
  return {"", text(*Ty)};
}

llvm::SmallVector<std::pair<TSNode, TSNode>, 8>
GoRecognizer::keyed(TSNode Body) const {
  llvm::SmallVector<std::pair<TSNode, TSNode>, 8> R;
  for (TSNode E : namedChildren(Body)) {
    if (type(E) != "keyed_element")
      continue;
    auto K = childByField(E, "key");
    auto V = childByField(E, "value");
    if (!K || !V) {
      auto Kids = namedChildren(E);
      if (Kids.size() != 2)
        continue;
      K = Kids[0];
      V = Kids[1];
    }
    R.push_back({unwrap(*K), *V});
  }
  return R;
}

std::optional<TSNode> GoRecognizer::followName(TSNode N, bool &Open) const {
  Open = false;
  if (type(N) != "identifier")
    return std::nullopt;
  bool Mentioned = false;
  std::optional<TSNode> V = follow(N, Mentioned);
  // A Go map, slice or struct may be changed through any other mention.
  Open = Mentioned;
  return V;
}

std::optional<Built> GoRecognizer::builtExpression(TSNode N, bool Map) {
  TSNode Var;
  llvm::StringRef Method;
  if (!Expressions || !GoExpressionReader::accessor(N, C.Src, Var, Method) ||
      (Map != (Method == "Names" || Method == "Values")))
    return std::nullopt;
  const GoBuiltExpression *X = Expressions->of(Var);
  if (!X)
    return std::nullopt;
  auto Span = [&](JsonValue V) {
    V.Begin = ts_node_start_byte(N);
    V.End = ts_node_end_byte(N);
    return Built{std::move(V)};
  };
  if (Method == "Names")
    return Span(X->Names);
  if (Method == "Values")
    return Span(X->Values);
  auto It = X->Texts.find(Method.str());
  if (It == X->Texts.end())
    return std::nullopt; // nil, or an update: not known here
  Built B{It->second};
  B.V.Begin = ts_node_start_byte(N);
  B.V.End = ts_node_end_byte(N);
  return B;
}

Built GoRecognizer::stringValue(TSNode N, unsigned Depth) {
  if (std::optional<Built> B = builtExpression(N, false))
    return std::move(*B);
  TSNode X = awsArgument(N, {"String"});
  if (type(X) == "selector_expression") {
    auto Pkg = childByField(X, "operand");
    auto Field = childByField(X, "field");
    if (Pkg && Field &&
        (text(*Pkg) == Types || text(*Pkg) == Ddb))
      if (auto V = goEnumConstant(text(*Field)))
        return {constantString(N, *V)};
  }
  // types.Select("COUNT"): a conversion to an enum type.
  if (type(X) == "call_expression")
    if (auto Fn = childByField(X, "function"))
      if (type(*Fn) == "selector_expression")
        if (auto Pkg = childByField(*Fn, "operand"))
          if (auto Args = childByField(X, "arguments"))
            if (text(*Pkg) == Types && namedChildren(*Args).size() == 1)
              X = unwrap(namedChildren(*Args)[0]);
  if (type(X) == "unary_expression")
    return opaque(N, "S"); // &name: a variable's current value
  Built B = TypedBuilder::stringValue(X, Depth);
  B.V.Begin = ts_node_start_byte(N);
  B.V.End = ts_node_end_byte(N);
  if (B.V.Unknown) {
    B.V.ContentBegin = B.V.Begin;
    B.V.ContentEnd = B.V.End;
  }
  return B;
}

Built GoRecognizer::numberValue(TSNode N, unsigned Depth) {
  TSNode X = awsArgument(N, {"Int32", "Int64", "Int"});
  return TypedBuilder::numberValue(X, Depth);
}

Built GoRecognizer::boolValue(TSNode N, unsigned Depth) {
  TSNode X = awsArgument(N, {"Bool"});
  return TypedBuilder::boolValue(X, Depth);
}

Built GoRecognizer::attributeValue(TSNode N, unsigned Depth) {
  TSNode X = unwrap(N);
  const Shape &AV = *findShape("AttributeValue");
  if (std::optional<TSNode> Body = literalBody(X)) {
    auto [Pkg, Name] = literalType(X);
    llvm::StringRef Kind = Name;
    if (!V1 && Kind.consume_front("AttributeValueMember") &&
        (Pkg == Types || Pkg.empty())) {
      // v2: &types.AttributeValueMemberS{Value: ...}
      const Member *M = findMember(AV, Kind);
      for (auto [K, V] : keyed(*Body))
        if (M && text(K) == "Value") {
          JsonValue Obj = Json.object(X);
          setMember(Obj, M->Wire, value(V, M->Type, Depth + 1).V,
                    std::nullopt);
          return {std::move(Obj)};
        }
      return opaque(N, "AV");
    }
    if (V1 && (Name == "AttributeValue" || Name.empty())) {
      // v1: &dynamodb.AttributeValue{S: aws.String("x")}, or elided.
      JsonValue Obj = Json.object(X);
      for (auto [K, V] : keyed(*Body))
        if (const Member *M = findMember(AV, text(K)))
          setMember(Obj, M->Wire, value(V, M->Type, Depth + 1).V, K);
      if (Obj.Members.size() == 1)
        return {std::move(Obj)};
    }
    return opaque(N, "AV");
  }
  bool Open;
  if (std::optional<TSNode> V = followName(X, Open)) {
    Built B = value(*V, "AV", Depth + 1);
    if (!B.Opaque)
      return B;
  }
  return opaque(N, "AV");
}

Built GoRecognizer::mapValue(TSNode N, llvm::StringRef Elem, unsigned Depth) {
  if (std::optional<Built> B = builtExpression(N, true))
    return std::move(*B);
  TSNode X = unwrap(N);
  std::string MapType = mapOf(Elem);
  if (std::optional<TSNode> Body = literalBody(X)) {
    auto Ty = type(X) == "composite_literal" ? childByField(X, "type")
                                             : std::nullopt;
    if (Ty && type(*Ty) != "map_type")
      return opaque(N, MapType);
    JsonValue Map = Json.object(X);
    for (auto [K, V] : keyed(*Body))
      addEntry(Map, K, value(V, Elem, Depth + 1), Elem);
    return {std::move(Map)};
  }
  bool Open;
  if (std::optional<TSNode> V = followName(X, Open)) {
    Built B = value(*V, MapType, Depth + 1);
    if (!B.Opaque) {
      B.V.Unknown |= Open;
      B.V.Begin = ts_node_start_byte(N);
      B.V.End = ts_node_end_byte(N);
      return B;
    }
  }
  return opaque(N, MapType);
}

Built GoRecognizer::listValue(TSNode N, llvm::StringRef Elem, unsigned Depth) {
  TSNode X = unwrap(N);
  std::string ListType = listOf(Elem);
  if (std::optional<TSNode> Body = literalBody(X)) {
    auto Ty = type(X) == "composite_literal" ? childByField(X, "type")
                                             : std::nullopt;
    if (Ty && type(*Ty) != "slice_type" && type(*Ty) != "array_type" &&
        type(*Ty) != "implicit_length_array_type")
      return opaque(N, ListType);
    JsonValue Arr = Json.array(X);
    for (TSNode E : namedChildren(*Body)) {
      if (type(E) == "keyed_element") { // [...]T{2: x}: positions unknown
        Arr.Unknown = true;
        continue;
      }
      addElement(Arr, value(E, Elem, Depth + 1), Elem);
    }
    return {std::move(Arr)};
  }
  bool Open;
  if (std::optional<TSNode> V = followName(X, Open)) {
    Built B = value(*V, ListType, Depth + 1);
    if (!B.Opaque) {
      B.V.Unknown |= Open;
      return B;
    }
  }
  return opaque(N, ListType);
}

/// The Go type name of a model structure.
std::string goType(const Shape &S) {
  if (operationOfType(S.Name.str() + "Request", "Request"))
    return S.Name.str() + "Input";
  return S.Name.str();
}

Built GoRecognizer::structValue(TSNode N, const Shape &S, unsigned Depth) {
  TSNode X = unwrap(N);
  if (std::optional<TSNode> Body = literalBody(X)) {
    auto [Pkg, Name] = literalType(X);
    if (type(X) == "composite_literal" && Name != goType(S))
      return opaque(N, S.Name);
    JsonValue Obj = Json.object(X);
    bool AnyKnown = false;
    for (auto [K, V] : keyed(*Body)) {
      const Member *M = findMember(S, text(K));
      if (!M)
        continue;
      Built B = value(V, M->Type, Depth + 1);
      AnyKnown |= !B.Opaque;
      setMember(Obj, M->Wire, std::move(B.V), K);
    }
    if (S.Union && !AnyKnown)
      return opaque(N, S.Name);
    return {std::move(Obj)};
  }
  bool Open;
  if (std::optional<TSNode> V = followName(X, Open)) {
    Built B = value(*V, S.Name, Depth + 1);
    if (!B.Opaque) {
      B.V.Unknown |= Open;
      return B;
    }
  }
  return opaque(N, S.Name);
}

void GoRecognizer::statement(TSNode Literal, TSNode Name) {
  // Inside a BatchExecuteStatementInput literal: read with it.
  for (TSNode P = ts_node_parent(Literal); !ts_node_is_null(P);
       P = ts_node_parent(P)) {
    llvm::StringRef T = type(P);
    if (T == "function_declaration" || T == "method_declaration" ||
        T == "func_literal")
      break;
    if (T == "composite_literal" && literalType(P).first == Ddb)
      return;
  }
  TSNode Site = Literal;
  TSNode Up = ts_node_parent(Literal);
  if (!ts_node_is_null(Up) && type(Up) == "unary_expression")
    Site = Up;
  Built B = structValue(Site, *findShape("BatchStatementRequest"), 0);
  if (B.Opaque || !B.V.get("Statement"))
    return;
  JsonValue Params = Json.object(Site);
  JsonValue List = Json.array(Site);
  List.Elements.push_back(std::move(B.V));
  // The other statements of the batch are the program's.
  List.Unknown = true;
  setMember(Params, "Statements", std::move(List), std::nullopt);
  C.Out.push_back(makeDynamoCall(Json, "BatchExecuteStatement",
                                 V1 ? "aws-sdk-go" : "aws-sdk-go-v2",
                                 std::move(Params), Site, Name));
}

void GoRecognizer::run(TSNode Root) {
  llvm::SmallVector<TSNode, 32> Stack{Root};
  while (!Stack.empty()) {
    TSNode N = Stack.pop_back_val();
    uint32_t Count = ts_node_named_child_count(N);
    for (uint32_t I = Count; I > 0; --I)
      Stack.push_back(ts_node_named_child(N, I - 1));
    if (type(N) != "composite_literal")
      continue;
    auto Ty = childByField(N, "type");
    if (!Ty || type(*Ty) != "qualified_type")
      continue;
    auto Pkg = childByField(*Ty, "package");
    auto Name = childByField(*Ty, "name");
    if (!Pkg || !Name)
      continue;
    if (text(*Name) == "BatchStatementRequest" &&
        (V1 ? text(*Pkg) == Ddb
            : (!Types.empty() && text(*Pkg) == Types))) {
      statement(N, *Name);
      continue;
    }
    if (text(*Pkg) != Ddb)
      continue;
    std::optional<llvm::StringRef> Op = operationOfType(text(*Name), "Input");
    if (!Op)
      continue;
    TSNode Site = N;
    TSNode P = ts_node_parent(N);
    if (!ts_node_is_null(P) && type(P) == "unary_expression")
      Site = P;
    Built B = structValue(Site, *findShape(*Op), 0);
    if (B.Opaque)
      continue;
    // `in := &dynamodb.QueryInput{..}; in.Limit = aws.Int32(5)`
    if (mayChangeLater(Site))
      B.V.Unknown = true;
    if (*Op == "CreateTable" || *Op == "UpdateTable")
      guardTableDefinition(Site, B.V);
    DynamoCall Call = makeDynamoCall(Json, *Op,
                                     V1 ? "aws-sdk-go" : "aws-sdk-go-v2",
                                     std::move(B.V), Site, *Name);
    Call.EveryPage = sentByPaginator(Site);
    C.Out.push_back(std::move(Call));
  }
}

/// `dynamodb.NewScanPaginator`, `svc.QueryPagesWithContext`, ...
static bool isPaginatorFunction(llvm::StringRef Callee) {
  llvm::StringRef Name = Callee.rsplit('.').second;
  if (Name.empty())
    Name = Callee;
  return (Name.startswith("New") && Name.endswith("Paginator")) ||
         Name.endswith("Pages") || Name.endswith("PagesWithContext");
}

bool GoRecognizer::sentByPaginator(TSNode Site) const {
  auto CalleeOf = [&](TSNode Args) -> llvm::StringRef {
    TSNode Call = ts_node_parent(Args);
    if (ts_node_is_null(Call) || type(Call) != "call_expression")
      return "";
    auto Fn = childByField(Call, "function");
    return Fn ? text(*Fn) : "";
  };
  TSNode P = ts_node_parent(Site);
  if (!ts_node_is_null(P) && type(P) == "argument_list")
    return isPaginatorFunction(CalleeOf(P));
  std::optional<llvm::StringRef> Var = C.Eval.declaredName(Site);
  if (!Var)
    return false;
  TSNode Body = Site;
  for (TSNode Up = P; !ts_node_is_null(Up); Up = ts_node_parent(Up)) {
    Body = Up;
    llvm::StringRef T = type(Up);
    if (T == "function_declaration" || T == "method_declaration" ||
        T == "func_literal")
      break;
  }
  bool Paged = false;
  forEachNamedNode(Body, [&](TSNode N) {
    if (Paged || type(N) != "identifier" || text(N) != *Var)
      return;
    TSNode Up = ts_node_parent(N);
    if (!ts_node_is_null(Up) && type(Up) == "unary_expression")
      Up = ts_node_parent(Up); // &in
    if (!ts_node_is_null(Up) && type(Up) == "argument_list")
      Paged = isPaginatorFunction(CalleeOf(Up));
  });
  return Paged;
}

} // namespace

void findGoSdkCalls(SdkContext &C, TSNode Root) {
  GoRecognizer R(C);
  if (!R.readImports(Root))
    return;
  R.run(Root);
}

} // namespace nosqlint::extract::sdk
