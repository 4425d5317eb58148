//===- DotNetSdk.h - The .NET recognizer of DynamoDB requests ---*- C++ -*-===//
//
// One recognizer reads every way a C# file calls DynamoDB, each family in
// its own file over the same model of the wire format (TypedRequests.h):
//
//  - DotNetSdk.cpp: the low-level request objects of Amazon.DynamoDBv2.Model
//    (`new QueryRequest { TableName = .. }`) and IAmazonDynamoDB's
//    convenience overloads.
//  - DotNetDocumentModel.cpp: Amazon.DynamoDBv2.DocumentModel's Table
//    (`Table.LoadTable(client, "t").Query(new QueryOperationConfig {..})`),
//    source document-api.
//  - DotNetDataModel.cpp: Amazon.DynamoDBv2.DataModel's DynamoDBContext
//    (`ctx.QueryAsync<Order>(id, QueryOperator.BeginsWith, "2024")`) on
//    the table of a [DynamoDBTable] class (DotNetDataModels.cpp), which
//    resolveMapperRequests (ModelTables.h) names once every file is read;
//    source mapper.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_DOTNETSDK_H
#define NOSQLINT_EXTRACT_DYNAMO_DOTNETSDK_H

#include "SdkCalls.h"
#include "TypedRequests.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace nosqlint::extract::sdk::dotnet {

using namespace typed;

/// The Sdk tags of the families (DynamoCall::Sdk).
inline constexpr llvm::StringLiteral SdkLowLevel = "aws-sdk-net";
inline constexpr llvm::StringLiteral SdkDocument = "aws-sdk-net-document";
inline constexpr llvm::StringLiteral SdkDataModel = "aws-sdk-net-datamodel";

class DotNetRecognizer : public TypedBuilder {
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
  bool isCreation(TSNode N) const {
    return type(N) == "object_creation_expression" ||
           type(N) == "implicit_object_creation_expression";
  }
  /// The class a creation names (`new()`: empty); \p NameNode its last
  /// identifier. Nothing for a class of another namespace.
  std::optional<llvm::StringRef> className(TSNode Creation,
                                           std::optional<TSNode> *NameNode =
                                               nullptr) const;
  /// The simple name of a type node, generic arguments dropped; nothing
  /// when it is qualified by a namespace other than the SDK's.
  std::optional<llvm::StringRef> typeName(TSNode Ty,
                                          std::optional<TSNode> *NameNode) const;
  llvm::SmallVector<TSNode, 4> ctorArgs(TSNode Creation) const;
  std::optional<TSNode> initializer(TSNode Creation) const;
  /// Sets the members an initializer assigns; for a union, whether any is
  /// known.
  bool applyInitializer(JsonValue &Obj, const Shape &S, TSNode Init,
                        unsigned Depth);
  std::optional<TSNode> followName(TSNode N, bool &Open) const;
  void record(TSNode Site, TSNode OpNode, llvm::StringRef Op, Built B,
              llvm::StringRef Sdk = SdkLowLevel);
  /// A trailing CancellationToken argument of an async method.
  static bool isCancellation(llvm::StringRef Arg);
  /// Names declared as IAmazonDynamoDB / AmazonDynamoDBClient.
  void collectClients(TSNode Root);
  /// `client.QueryAsync(new() {..})`, `client.GetItemAsync("T", key)`.
  void clientCall(TSNode Call);

  //===--- DocumentModel and DataModel (DotNetDocumentModel.cpp,
  //        DotNetDataModel.cpp) ---------------------------------------===//
  /// The table a DocumentModel Table value names, and the keys a
  /// TableBuilder declares (empty when loaded from the service).
  struct DocumentTable {
    JsonValue TableName;
    std::string Hash, Range;
    llvm::StringMap<std::pair<std::string, std::string>> Indexes;
  };
  /// `new TransactWriteItem { Put = .. }` outside a request literal: one
  /// item of a transaction the code sends elsewhere.
  void transactItem(TSNode Item, TSNode NameNode);
  /// A DocumentModel or DataModel call: recorded, true.
  bool modelCall(TSNode Call);
  /// `table.Query(..)`, `table.GetItemAsync(..)` on a DocumentModel Table.
  bool documentCall(TSNode Call, TSNode Name, TSNode Receiver,
                    llvm::ArrayRef<TSNode> Args);
  std::optional<DocumentTable> documentTable(TSNode Receiver, unsigned Depth);
  /// An Amazon.DynamoDBv2.DocumentModel Expression applied as \p Wire with
  /// its names and values; false when it is not one.
  void documentExpression(JsonValue &Params, llvm::StringRef Wire, TSNode N,
                          unsigned Depth);
  /// A QueryOperationConfig / ScanOperationConfig applied to Params.
  void operationConfig(JsonValue &Params, bool Query, TSNode N, bool &KeyRead,
                       unsigned Depth);
  /// A native value (DynamoDBEntry, Primitive, object) as an AttributeValue.
  Built entryValue(TSNode N, unsigned Depth);
  /// \p Receiver is a DynamoDBContext: declared so, or given a new one.
  bool isContext(TSNode Receiver) const;
  /// `ctx.CreateBatchWrite<Order>()`, `table.CreateBatchGet()`: a batch
  /// request the code fills and sends later.
  bool batchCall(TSNode Call, TSNode Name, TSNode Receiver);
  /// `ctx.QueryAsync<Order>(..)` on a DynamoDBContext.
  bool contextCall(TSNode Call, TSNode Name, TSNode Receiver,
                   llvm::ArrayRef<TSNode> Args);
  /// The mapped class a call's type argument (or its object argument)
  /// names, as the candidates the file's namespaces give it.
  std::string mappedClass(TSNode Name, llvm::ArrayRef<TSNode> Args) const;
  /// The assignments `x.P = v` / `x.P[k] = v` that statements after the
  /// declaration of \p Value's variable make; Open when it is used
  /// otherwise (passed to a method before being sent, changed in a loop).
  struct LaterAssignment {
    llvm::StringRef Property;
    std::optional<TSNode> Key; // `x.P[k] = v`
    TSNode Value;
    TSNode At;
  };
  bool laterAssignments(TSNode Value,
                        llvm::SmallVectorImpl<LaterAssignment> &Out) const;
  /// The one value a field or local is given (initializer or assignment).
  std::optional<TSNode> singleValue(TSNode Name) const;
  /// \p Ty (a type node or its text) names \p Simple of namespace \p Ns of
  /// the SDK, and the file declares no class of that name.
  bool isSdkType(llvm::StringRef Ty, llvm::StringRef Ns,
                 llvm::StringRef Simple) const;
  void collectNames(TSNode Root);

  bool ModelImported = false;
  bool DocumentImported = false; // using Amazon.DynamoDBv2.DocumentModel
  bool DataModelImported = false; // using Amazon.DynamoDBv2.DataModel
  llvm::StringSet<> Clients;
  llvm::StringSet<> DocumentTables; // names declared as Table
  llvm::StringSet<> Contexts;       // names declared as IDynamoDBContext
  llvm::StringSet<> DeclaredClasses;
  std::string Namespace;                      // the file's (first) namespace
  llvm::SmallVector<std::string, 8> Usings;   // namespaces opened
  llvm::StringMap<std::string> Aliases;       // using A = N.B;
  llvm::StringMap<std::string> DeclaredTypes; // name -> type ("" if several)
  llvm::StringMap<llvm::SmallVector<TSNode, 1>> Assignments;
};


} // namespace nosqlint::extract::sdk::dotnet

#endif
