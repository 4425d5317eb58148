//===- GoExpression.h - The AWS SDK for Go expression builder --*- C++ -*-===//
//
// Go programs often write their expressions with the SDK's expression
// package (aws-sdk-go-v2/feature/dynamodb/expression, or v1's
// aws-sdk-go/service/dynamodb/expression) and pass its output to the input
// struct:
//
//   kc := expression.Key("pk").Equal(expression.Value(id))
//   expr, err := expression.NewBuilder().WithKeyCondition(kc).
//       WithFilter(expression.Name("total").GreaterThan(expression.Value(9))).
//       Build()
//   &dynamodb.QueryInput{KeyConditionExpression: expr.KeyCondition(),
//       FilterExpression: expr.Filter(), ExpressionAttributeNames: expr.Names(),
//       ExpressionAttributeValues: expr.Values(), ...}
//
// GoExpressionReader writes the text Build() produces (`#0 = :0`,
// `(#0 = :0) AND (begins_with (#1, :1))`, aliases numbered across the
// condition, filter, key condition and projection in that order, a name
// aliased once), each piece mapped to the builder call that wrote it, and
// the Names/Values maps (values are marshalled at run time: unknown). A
// builder, condition or variable this reader cannot follow to one value (a
// name assigned twice, a builder from a function) is unknown.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_GOEXPRESSION_H
#define NOSQLINT_EXTRACT_DYNAMO_GOEXPRESSION_H

#include "HostJson.h"

#include "llvm/ADT/StringMap.h"

#include <map>
#include <memory>

namespace nosqlint::extract::sdk {

/// The value an identifier holds where it is used: the one binding of the
/// name in the enclosing function (a name bound twice holds one value or
/// another: nothing), or for `x, err := f()` the call. Each function's
/// bindings are gathered once.
class GoUniqueValues {
public:
  explicit GoUniqueValues(llvm::StringRef Src) : Src(Src) {}
  std::optional<TSNode> of(TSNode Ident);

private:
  struct Binding {
    unsigned Count = 0;
    std::optional<TSNode> Value;
    TSNode Declaration;
    TSNode Id;
  };
  llvm::StringRef Src;
  std::map<uint32_t, llvm::StringMap<Binding>> ByFunction;
};

/// What an expression.Expression holds.
struct GoBuiltExpression {
  /// By method (KeyCondition, Filter, Condition, Projection): the text, or
  /// nothing when the builder did not set it (the method returns nil).
  std::map<std::string, JsonValue> Texts;
  bool UpdateSet = false; // WithUpdate: its text, when read, is Texts[Update]
  JsonValue Names;
  JsonValue Values;
};

class GoExpressionReader {
public:
  /// \p Package: the expression package's name in the file.
  GoExpressionReader(HostJson &J, llvm::StringRef Src, llvm::StringRef Package)
      : J(J), Src(Src), Pkg(Package), Values(Src) {}

  /// What `x.<Method>()` returns, for an expression variable \p Var (the
  /// result of a Build() this reader follows); nothing when unknown.
  const GoBuiltExpression *of(TSNode Var);

  /// True when \p N calls method KeyCondition, Filter, Condition,
  /// Projection, Update, Names or Values of a variable: sets \p Var and
  /// \p Method.
  static bool accessor(TSNode N, llvm::StringRef Src, TSNode &Var,
                       llvm::StringRef &Method);

private:
  struct Text;
  struct Aliases;
  std::optional<TSNode> valueOf(TSNode Ident) { return Values.of(Ident); }
  std::unique_ptr<GoBuiltExpression> build(TSNode BuildCall);
  bool condition(TSNode N, bool Key, Text &Out, Aliases &A, unsigned Depth);
  bool operand(TSNode N, Text &Out, Aliases &A, unsigned Depth);
  bool name(TSNode Call, Text &Out, Aliases &A);
  /// An UpdateBuilder chain (`expression.Set(..).Remove(..)`): its
  /// clauses, ADD, DELETE, REMOVE, SET as the builder sorts them.
  bool update(TSNode N, Text &Out, Aliases &A);
  /// The value of a SET: an operand, Plus, Minus, ListAppend, IfNotExists.
  bool setValue(TSNode N, Text &Out, Aliases &A, unsigned Depth);
  void value(TSNode At, Text &Out, Aliases &A);
  llvm::StringRef text(TSNode N) const {
    return Src.slice(ts_node_start_byte(N), ts_node_end_byte(N));
  }
  /// `expression.F(args)` / `recv.F(args)`: F, the receiver (none for a
  /// package function) and the arguments.
  bool callOf(TSNode N, llvm::StringRef &F, std::optional<TSNode> &Recv,
              llvm::SmallVectorImpl<TSNode> &Args) const;
  /// callOf for \p N or the value an identifier \p N is bound to (and so
  /// on); \p N becomes that call, \p Depth counts the steps.
  bool followCall(TSNode &N, unsigned &Depth, llvm::StringRef &F,
                  std::optional<TSNode> &Recv,
                  llvm::SmallVectorImpl<TSNode> &Args);

  HostJson &J;
  llvm::StringRef Src;
  llvm::StringRef Pkg;
  GoUniqueValues Values;
  std::map<uint32_t, std::unique_ptr<GoBuiltExpression>> Cache;
};

} // namespace nosqlint::extract::sdk

#endif
