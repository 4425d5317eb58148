//===- CdkSyntax.h - The syntax of CDK apps in TypeScript and Python -*- C++ -*-===//
//
// AWS CDK apps are written in several languages with one model: a construct
// is `new dynamodb.Table(this, 'Id', { partitionKey: ... })` in TypeScript
// and JavaScript, `dynamodb.Table(self, "Id", partition_key=...)` in Python,
// `Table.Builder.create(this, "Id").partitionKey(...).build()` or
// `new Table(this, "Id", TableProps.builder()....build())` in Java.
// CdkSyntax hides the difference from the construct reader
// (CdkConstructs.cpp): which names the file gives the CDK's DynamoDB and
// Lambda modules, which calls construct what, the members of a props object
// (an object literal, keyword arguments, a dict, `...spread` of a variable,
// a Java builder chain, `Map.of(...)`, a map filled by `put` calls, a local
// variable holding any of these; Python's snake_case keyword arguments as
// camelCase keys), member access (`getTableName()` as `tableName`), the
// variable a construct is assigned to, and the asset paths of function code.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_CDKSYNTAX_H
#define NOSQLINT_EXTRACT_DYNAMO_CDKSYNTAX_H

#include "SdkCalls.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::extract::sdk::cdk {

/// The CDK classes the reader knows.
enum class ConstructClass { None, Table, TableV2, Function, NodejsFunction, PythonFunction };

/// A construct call: its class, its id argument and its props (an object
/// literal in TypeScript, the call's own keyword arguments in Python).
struct Construct {
  ConstructClass Class = ConstructClass::None;
  TSNode Node;  // the whole `new X(...)` / `X(...)`
  TSNode Id;    // the id argument
  std::optional<TSNode> Props;
};

/// A method call `receiver.method(args)` with its positional arguments and
/// its props (the first argument in TypeScript, the keywords in Python).
struct MethodCall {
  TSNode Node;
  TSNode Receiver;
  llvm::StringRef Method; // as written: addEnvironment, add_environment
  std::vector<TSNode> Positional;
  std::optional<TSNode> Props;
};

class CdkSyntax {
public:
  CdkSyntax(HostLanguage Lang, llvm::StringRef Src, TSNode Root);

  /// The file imports the CDK's DynamoDB module at all.
  bool usesDynamoDb() const { return !DynamoModules.empty() || HasDynamoClass; }

  /// The construct \p N calls, when it is one of the known classes.
  std::optional<Construct> construct(TSNode N) const;
  /// \p N as a method call on some receiver.
  std::optional<MethodCall> methodCall(TSNode N) const;

  /// The members of a props value by key: an object literal (and what it
  /// spreads) or a dict, as written; a Python call's keyword arguments in
  /// camelCase (partition_key as partitionKey).
  llvm::StringMap<TSNode> members(TSNode Props) const;
  /// `a.b` (member_expression / attribute): a and b.
  std::optional<std::pair<TSNode, llvm::StringRef>> access(TSNode N) const;
  /// The variable or `this.x` / `self.x` attribute \p Construct is assigned
  /// to, without `this.`.
  std::optional<std::string> assignedTo(TSNode Construct) const;
  /// The name a receiver expression refers to (`table`, `this.table`).
  std::string receiverName(TSNode N) const;

  /// A function's code path: a literal, or one joined to the file's own
  /// folder (`path.join(__dirname, ...)`, `os.path.join(os.path.dirname(
  /// __file__), ...)`, setting \p RelativeToFile); nullopt when computed.
  std::optional<std::string> assetPath(TSNode N, Evaluator &Eval,
                                       HostJson &Json,
                                       bool &RelativeToFile) const;

  llvm::StringRef text(TSNode N) const {
    return Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
  }
  TSNode unwrap(TSNode N) const;
  bool isPython() const { return Lang == Language::Python; }
  bool isJava() const { return Lang == Language::Java; }
  /// Whether \p N is a list literal of the language.
  bool isList(TSNode N) const;

private:
  void readTsImports(TSNode Root);
  void readPythonImports(TSNode Root);
  void readJavaImports(TSNode Root);
  void collectJavaVariables(TSNode Root);
  /// Java: a local variable's value (its one initializer or assignment).
  std::optional<TSNode> javaValue(TSNode Identifier) const;
  void addBuilderMembers(TSNode Build, llvm::StringMap<TSNode> &Out) const;
  ConstructClass classOf(TSNode Callee) const;
  void collectObjectVariables(TSNode Root);
  void addMembers(TSNode Props, llvm::StringMap<TSNode> &Out,
                  unsigned Depth) const;

  enum class Language { TypeScript, Python, Java };
  Language Lang;
  llvm::StringRef Src;
  llvm::StringSet<> DynamoModules, LambdaModules;
  llvm::StringMap<ConstructClass> Classes; // imported by name
  bool HasDynamoClass = false;
  /// Object literals (dicts) assigned once to a variable: what `...x`
  /// spreads into another object.
  llvm::StringMap<std::optional<TSNode>> ObjectVariables;
  /// Java: variables assigned once, and the `put` calls on each.
  llvm::StringMap<std::optional<TSNode>> JavaVariables;
  llvm::StringMap<std::vector<TSNode>> JavaPuts;
};

} // namespace nosqlint::extract::sdk::cdk

#endif
