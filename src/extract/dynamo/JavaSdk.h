//===- JavaSdk.h - The Java recognizer of DynamoDB requests -----*- C++ -*-===//
//
// One recognizer reads every way a Java file calls DynamoDB, each family in
// its own file over the same model of the wire format (TypedRequests.h):
//
//  - JavaSdk.cpp: the AWS SDK for Java v2 request builders and consumer
//    lambdas, the enhanced client's DynamoDbTable.scan(), and the v1 model
//    classes (`new QueryRequest().withTableName(..)`, constructors, setters
//    on a variable: `req.setTableName(..)`).
//  - JavaDocumentApi.cpp: the v1 Document API (`Table.query(QuerySpec)`,
//    ScanSpec, GetItemSpec, UpdateItemSpec, KeyAttribute forms).
//  - JavaMapperCalls.cpp: DynamoDBMapper calls (`mapper.query(T.class,
//    DynamoDBQueryExpression)`, scan, load, save, count, batchLoad): requests
//    on the table of the mapped class, which resolveMapperRequests
//    (ModelTables.h) names once every file is read.
//
// Each family tags its requests with its own Sdk, which `nosqlint queries`
// shows as the source: aws-sdk-java-v2, aws-sdk-java-v1 (sdk-v1),
// aws-sdk-java-v1-document (document-api), aws-sdk-java-v1-mapper (mapper),
// aws-sdk-java-v2-enhanced (enhanced-client).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_JAVASDK_H
#define NOSQLINT_EXTRACT_DYNAMO_JAVASDK_H

#include "TypedRequests.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace nosqlint::extract::sdk::java {

using namespace typed;

/// A chain of calls on one receiver: `X.builder().a(..).b(..).build()`,
/// `new X().withA(..)` or `p.a(..).b(..)` inside a lambda.
struct Chain {
  TSNode Base;                        // `X.builder()` call, `new X(..)`, or
                                      // the identifier
  llvm::SmallVector<TSNode, 8> Calls; // the calls after the base, in order
};

/// The statements that change a v1 object held by a local variable after
/// its declaration: `req.setLimit(10);`, `req.withIndexName("x");`.
struct LaterSetters {
  llvm::SmallVector<TSNode, 8> Calls; // in order, each call of each chain
  /// The variable is used otherwise too (passed to a helper, returned,
  /// changed under a condition): the object may hold more.
  bool Open = false;
  /// Setters called under a condition (`if (k != null)
  /// req.setExclusiveStartKey(k)`): parameters that may be set, to a value
  /// not known here. The setter's name nodes.
  llvm::SmallVector<TSNode, 4> MaybeSet;
};

/// The Sdk tags of the families (DynamoCall::Sdk).
inline constexpr llvm::StringLiteral SdkV2 = "aws-sdk-java-v2";
inline constexpr llvm::StringLiteral SdkV1 = "aws-sdk-java-v1";
inline constexpr llvm::StringLiteral SdkDocument = "aws-sdk-java-v1-document";
inline constexpr llvm::StringLiteral SdkMapper = "aws-sdk-java-v1-mapper";
inline constexpr llvm::StringLiteral SdkEnhanced = "aws-sdk-java-v2-enhanced";

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
  /// union none of whose members is known. \p V1: the calls are v1 setters
  /// (`withTableName`, `setTableName`, `addKeyEntry`).
  bool applySetters(JsonValue &Obj, const Shape &S,
                    llvm::ArrayRef<TSNode> Calls, unsigned Depth,
                    bool V1 = false);
  /// A structure from a builder chain, a consumer lambda or a v1 `new`
  /// chain; nothing if \p N is none of them.
  std::optional<Built> builtStruct(TSNode N, const Shape &S, unsigned Depth);
  /// `Map.of(..)`-style and `List.of(..)`-style factory calls.
  bool isListFactory(TSNode N) const;
  llvm::SmallVector<TSNode, 8> args(TSNode Call) const;
  void record(TSNode Site, TSNode OpNode, llvm::StringRef Op, JsonValue Params,
              llvm::StringRef Sdk = SdkV2);
  void collectNames(TSNode Root);

  //===--- SDK v1 model classes (JavaSdk.cpp) ------------------------------===//
  /// \p TypeNode names a class of com.amazonaws.services.dynamodbv2.model.
  bool isV1ModelType(TSNode TypeNode) const;
  /// \p TypeNode names class \p Simple of a v1 package (`document`,
  /// `datamodeling`, `model`): imported from it, its package imported, or
  /// written qualified; never a class of the file's own.
  bool isV1Type(TSNode TypeNode, llvm::StringRef Package,
                llvm::StringRef Simple) const;
  /// The object a v1 `new X(..).withA(..)` chain ending at \p Top builds
  /// (the constructor's arguments, then the setters), with the later
  /// setters of the variable it is declared into.
  std::optional<Built> v1Object(TSNode Top, const Shape &S, unsigned Depth);
  /// Applies v1 constructor arguments of class \p S.
  void v1Constructor(JsonValue &Obj, const Shape &S, TSNode Creation,
                     unsigned Depth);
  /// The setters later statements apply to the variable \p Top is declared
  /// into; Open when \p Top may be changed in ways not read here.
  LaterSetters laterSetters(TSNode Top) const;
  /// Adds each parameter a conditional setter may set, as unknown, unless
  /// \p Obj already lists it.
  void addMaybeSet(JsonValue &Obj, llvm::ArrayRef<TSNode> Setters) const;
  /// The calls of \p Ch, then those laterSetters(\p Top) finds.
  LaterSetters chainAndLaterSetters(const Chain &Ch, TSNode Top) const;
  /// `new QueryRequest(..)...`: a request site.
  void v1Request(TSNode Creation);
  /// The chain top of \p N: the outermost call whose receiver chain holds N.
  TSNode chainTop(TSNode N) const;

  //===--- Document API (JavaDocumentApi.cpp) ------------------------------===//
  /// `table.query(..)`, `index.scan(..)`, `table.getItem(..)` ...
  void documentCall(TSNode Call, TSNode Name, TSNode Receiver);
  /// TableName (and IndexName) of a Table or Index variable.
  void documentTarget(JsonValue &Params, TSNode Receiver);
  /// A spec (QuerySpec, ScanSpec, ...) applied to the request.
  bool documentSpec(JsonValue &Params, llvm::StringRef Op, TSNode Spec,
                    unsigned Depth);
  /// Positional forms: (hashName, hashValue[, rangeName, rangeValue]), a
  /// PrimaryKey, KeyAttributes.
  bool documentKey(JsonValue &Key, llvm::ArrayRef<TSNode> Args,
                   unsigned Depth);
  /// A native Java value as an AttributeValue (String S, number N, boolean
  /// BOOL; anything computed unknown).
  Built nativeValue(TSNode N, unsigned Depth);
  /// An Item: `new Item().withPrimaryKey(..).withString(..)`.
  Built documentItem(TSNode N, unsigned Depth);
  /// A ValueMap, NameMap or Map of native values.
  Built documentMap(TSNode N, bool Names, unsigned Depth);
  /// `new RangeKeyCondition("sk").beginsWith(v)`.
  std::optional<KeyTerm> rangeKeyCondition(TSNode N, unsigned Depth);

  //===--- Enhanced client (JavaEnhancedClient.cpp) ------------------------===//
  /// The table (and index) a DynamoDbTable / DynamoDbIndex value names.
  struct EnhancedTarget {
    JsonValue TableName; // Unknown when computed or not seen
    std::optional<JsonValue> IndexName;
    std::string ModelClass; // the bean's qualified name, or empty
  };
  /// A `Key.builder().partitionValue(..).sortValue(..).build()` or a
  /// `k -> k.partitionValue(..)` consumer: its values, each at its setter.
  struct EnhancedKey {
    std::optional<Built> Hash, Range;
    TSNode HashAt{}, RangeAt{};
  };
  /// `t.query(..)`, `t.index("i").scan(..)`, `t.getItem(key)`,
  /// `enhanced.batchGetItem(..)`: records the request; false when \p Call
  /// is no enhanced-client call.
  bool enhancedCall(TSNode Call, TSNode Name, TSNode Receiver);
  /// What receiver \p R names: a table or index variable, field or call.
  std::optional<EnhancedTarget> enhancedTarget(TSNode R, unsigned Depth);
  /// `TransactWriteItemsEnhancedRequest.builder()...build()` (or `b.build()`
  /// of such a builder): its operation and the class's name node.
  std::optional<std::pair<llvm::StringRef, TSNode>>
  multiTableRequest(TSNode Build) const;
  /// Records the multi-table request \p Build completes.
  void multiTableRecord(TSNode Build);
  /// \p TypeNode names class \p Simple of the enhanced client's packages
  /// (imported, a wildcard import, or written qualified), not a class of
  /// the file's own.
  bool isEnhancedType(TSNode TypeNode, llvm::StringRef Simple) const;
  /// The bean class of a `TableSchema.fromBean(X.class)` value (followed
  /// through a constant), qualified; empty when not one.
  std::string schemaBean(TSNode N, unsigned Depth) const;
  /// The bean class a declared `DynamoDbTable<X>` names, qualified.
  std::string declaredBean(llvm::StringRef Var) const;
  std::optional<EnhancedKey> enhancedKey(TSNode N, unsigned Depth);
  /// A key value: an AttributeValue form, a literal, else unknown.
  Built enhancedKeyValue(TSNode N, unsigned Depth);
  /// Adds the key terms of a QueryConditional; false when not read.
  bool queryConditional(TSNode N, llvm::SmallVectorImpl<KeyTerm> &Terms,
                        unsigned Depth);
  /// Applies an enhanced Expression as \p Wire (FilterExpression,
  /// ConditionExpression) with its names and values.
  void enhancedExpression(JsonValue &Params, llvm::StringRef Wire,
                          TSNode KeyNode, TSNode N, unsigned Depth);
  /// The setters of an enhanced request: a builder chain of class \p Class
  /// (`QueryEnhancedRequest.builder()..build()`, `PutItemEnhancedRequest
  /// .builder(T.class)..`), a variable holding one, or a consumer lambda.
  std::optional<LaterSetters> enhancedRequestCalls(TSNode N,
                                                   llvm::StringRef Class,
                                                   unsigned Depth);
  /// The calls a consumer lambda makes on its parameter (an expression
  /// chain `r -> r.a(..).b(..)` or a block of such statements); Open when
  /// the body uses the parameter otherwise. Nothing for another lambda.
  std::optional<LaterSetters> lambdaCalls(TSNode Lambda) const;
  /// The one value a local or field is given (its initializer, or its one
  /// assignment `this.x = ..` when it has none).
  std::optional<TSNode> singleValue(TSNode Name) const;

  //===--- DynamoDBMapper (JavaMapperCalls.cpp) ----------------------------===//
  void mapperCall(TSNode Call, TSNode Name);
  /// The mapped class a `X.class` argument or a typed value names: its
  /// qualified name, or empty.
  std::string mappedClass(TSNode Arg) const;
  /// A DynamoDBQueryExpression / DynamoDBScanExpression applied to Params.
  void mapperExpression(JsonValue &Params, bool Query, TSNode Expr,
                        unsigned Depth);
  /// The qualified name of class \p Type as the file names it.
  std::string resolveClass(llvm::StringRef Type) const;
  /// The declared type of name \p Name (a parameter, local or field), when
  /// the file declares it with one type.
  std::optional<llvm::StringRef> declaredType(llvm::StringRef Name) const;

  llvm::StringSet<> Foreign; // classes imported from other packages
  llvm::StringSet<> Clients; // names declared as DynamoDbClient
  llvm::StringSet<> Tables;  // names declared as the enhanced DynamoDbTable
  llvm::StringSet<> EnhancedIndexes; // names declared as DynamoDbIndex
  llvm::StringSet<> EnhancedClients; // names declared DynamoDbEnhancedClient
  llvm::StringSet<> EnhancedImports; // simple names imported from it
  bool EnhancedWildcard = false;     // a package of it imported whole
  // name -> the values `name = ..` / `this.name = ..` assign
  llvm::StringMap<llvm::SmallVector<TSNode, 1>> Assignments;
  llvm::StringSet<> StaticFactories; // AttributeValue.fromX imported statically
  // v1: simple name -> package of the single-type imports of
  // com.amazonaws.services.dynamodbv2.*, the packages imported whole, the
  // classes the file declares.
  llvm::StringMap<std::string> V1Imports;
  llvm::StringSet<> V1Wildcards;
  llvm::StringSet<> DeclaredClasses;
  llvm::StringSet<> DocumentTables;  // v1 document Table variables
  llvm::StringSet<> DocumentIndexes; // v1 document Index variables
  llvm::StringSet<> Mappers;         // DynamoDBMapper variables
  // Qualified names: the package, simple name -> qualified import.
  std::string Package;
  llvm::StringMap<std::string> Imports;
  llvm::StringMap<std::string> DeclaredTypes; // name -> type ("" ambiguous)
};

} // namespace nosqlint::extract::sdk::java

#endif
