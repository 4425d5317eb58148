//===- JsSdkValues.h - Request parameters from JavaScript objects -*- C++ -*-===//
//
// Turns the object a JavaScript or TypeScript program passes to the AWS SDK
// (an object literal, a variable holding one, spreads of such variables)
// into the request's wire-format parameters. The low-level clients take
// AttributeValue maps as written; the document clients (v2 DocumentClient,
// v3 lib-dynamodb) take native values, marshalled here the way the SDK does.
// What the object leaves to run time (a spread of an unknown object, a
// computed key, a variable changed after its declaration) makes it open.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_JSSDKVALUES_H
#define NOSQLINT_EXTRACT_DYNAMO_JSSDKVALUES_H

#include "JsSdkScopes.h"
#include "SdkCalls.h"

#include "llvm/ADT/DenseMap.h"

#include <functional>
#include <optional>

namespace nosqlint::extract::sdk::js {

/// How the SDK client reads the values of Key, Item, ExpressionAttributeValues.
enum class ValueFormat { AttributeValue, Native };

class ParamsBuilder {
public:
  /// \p IsRequestArgument: the call or `new` expression is an SDK request
  /// (passing a params variable to it does not change the variable).
  ParamsBuilder(SdkContext &C, TSNode Root, ValueFormat Format,
                std::function<bool(TSNode)> IsRequestArgument)
      : C(C), Scopes(C.Eval, Root), Format(Format),
        IsRequestArgument(std::move(IsRequestArgument)) {}

  /// The value format of the requests built next.
  void setFormat(ValueFormat F) { Format = F; }

  /// The parameters written at \p N (the argument of the SDK call), spanning
  /// \p N; open when \p N is not an object the file spells out.
  JsonValue params(TSNode N);

  /// The AttributeValue map the program writes at \p N (Key, Item, ...).
  JsonValue attributeMap(TSNode N, unsigned Depth = 0);

  /// A native value marshalled the way the document clients do it.
  JsonValue marshal(TSNode N, unsigned Depth = 0);

  /// True when \p N calls util-dynamodb's marshall: set by the recognizer.
  std::function<bool(TSNode)> IsMarshallCall;

private:
  enum class Shape {
    Params,        // an object of request parameters
    String,
    Number,
    Bool,
    StringMap,     // ExpressionAttributeNames
    AttrMap,       // Key, Item, ExpressionAttributeValues
    AttrValue,
    AttrList,      // Parameters, AttributeValueList
    AttrMapList,   // Keys of BatchGetItem
    StringList,    // AttributesToGet
    ParamsMap,     // KeyConditions, QueryFilter, Expected, AttributeUpdates
    ParamsList,    // TransactItems, Statements, TransactStatements
    RequestItems,
    Generic,
  };
  static Shape shapeOf(llvm::StringRef Key);

  JsonValue value(TSNode N, Shape S, unsigned Depth);
  /// The members of an AttributeValue ({"S": ...}).
  static Shape AttributeValueShape(llvm::StringRef Type);
  /// An object: each member built by \p Member, or, with \p KeyShape, by
  /// the shape its key gives.
  JsonValue object(TSNode N, unsigned Depth,
                   const std::function<JsonValue(TSNode, unsigned)> &Member,
                   Shape (*KeyShape)(llvm::StringRef) = nullptr);
  JsonValue list(TSNode N, unsigned Depth,
                 const std::function<JsonValue(TSNode, unsigned)> &Element);
  JsonValue string(TSNode N);
  JsonValue lowLevelValue(TSNode N, unsigned Depth);
  JsonValue numberText(TSNode N, TSNode At);
  JsonValue set(TSNode N, TSNode Elements, unsigned Depth);
  JsonValue generic(TSNode N, unsigned Depth);
  JsonValue open(TSNode N, JsonValue::Kind K) const;

  /// The object or array literal \p N stands for: itself, or the literal a
  /// variable was declared with. \p Open is set when the variable may be
  /// changed after its declaration.
  std::optional<TSNode> literal(TSNode N, llvm::StringRef Type, bool &Open);
  /// True when the variable of \p B is changed, or handed to code that may
  /// change it, after its declaration.
  bool mayChange(const JsScopes::Binding &B, llvm::StringRef Name);
  bool scanForChanges(const JsScopes::Binding &B, llvm::StringRef Name);
  /// The key a pair spells, and whether it is known.
  std::optional<std::string> keyOf(TSNode Key);
  /// The string constant \p Name holds at \p At, as text mapped to \p At.
  /// \p Decided: set when the file's scopes settle what the name is (a
  /// local variable, a parameter), so the Evaluator's file-wide view of
  /// constants must not be asked.
  std::optional<JsonValue> constantString(TSNode At, llvm::StringRef Name,
                                          bool *Decided = nullptr);

  /// While > 0, the objects and lists built come from a variable that may
  /// change: all open.
  unsigned ForcedOpen = 0;
  struct ForcedOpenScope {
    ForcedOpenScope(ParamsBuilder &B, bool On) : B(B), On(On) { B.ForcedOpen += On; }
    ~ForcedOpenScope() { B.ForcedOpen -= On; }
    ParamsBuilder &B;
    bool On;
  };

  SdkContext &C;
  JsScopes Scopes;
  /// mayChange per declarator (its start byte), and how deep it recurses.
  llvm::DenseMap<uint32_t, bool> Changed;
  unsigned ChangeDepth = 0;
  ValueFormat Format;
  std::function<bool(TSNode)> IsRequestArgument;
};

} // namespace nosqlint::extract::sdk::js

#endif
