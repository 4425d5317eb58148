//===- Boto3Params.h - boto3 keyword arguments as wire-format JSON -*- C++ -*-===//
//
// Turns the keyword arguments of a boto3 call into the parameters DynamoDB
// receives, guided by the parameter names (Key and Item hold AttributeValue
// maps, TransactItems a list of actions, ...):
//  - the low-level client takes AttributeValues as written ({"S": x});
//  - the resource layer (Table methods, the resource's own client) takes
//    native Python values, marshalled here as boto3's TypeSerializer does
//    (str -> S, int/float/Decimal -> N, bool -> BOOL, None -> NULL, list ->
//    L, dict -> M, set -> SS/NS/BS, bytes/Binary -> B, anything computed ->
//    an unknown value), and conditions built with Key()/Attr() in place of
//    expression strings, whose generated placeholders join
//    ExpressionAttributeNames/Values.
// `**params` expands a dict literal (directly or bound once in scope);
// anything else it could add makes the parameters open.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_BOTO3PARAMS_H
#define NOSQLINT_EXTRACT_DYNAMO_BOTO3PARAMS_H

#include "Boto3Conditions.h"
#include "Boto3Scopes.h"
#include "HostJson.h"

namespace nosqlint::extract::sdk {

/// How AttributeValues are written.
enum class ValueStyle : uint8_t {
  Wire,   // {"S": "x"}
  Native, // "x" (the resource layer)
  Guess,  // an unknown receiver: {"S": ...} read as wire, the rest native
};

/// Sets the key range of a RequestItems member named by string \p Name:
/// the reader takes the table name to lie between the first and the last
/// byte of the key (its quotes in JSON).
void setTableKeyRange(json::JsonMember &M, const JsonValue &Name);

class Boto3Params {
public:
  Boto3Params(HostJson &J, const py::Bindings &Names)
      : J(J), E(J.eval()), Names(Names),
        Conditions(J, [this](TSNode N) { return this->Names.follow(N); }) {}

  /// The parameters of a call: its argument list \p ArgList.
  JsonValue fromArguments(TSNode ArgList, ValueStyle Style);

  /// A string nothing is known of, spanning \p N.
  JsonValue unknownString(TSNode N) const;

private:
  struct Pending {
    std::vector<BuiltCondition::Name> Names;
    std::vector<std::pair<std::string, TSNode>> Values;
    std::optional<TSNode> FirstCondition;
    /// KeyConditionExpression given as a condition: built last, as boto3
    /// does (its placeholders follow those of the other expressions).
    std::optional<std::pair<size_t, TSNode>> KeyCondition;
    /// The request itself, not a transaction action or a batch member:
    /// boto3 puts the generated placeholders at the top of the request
    /// only, so a condition object in a TransactItems action fails in
    /// boto3's parameter validation (boto/boto3#4053) and is left unknown.
    bool TopLevel = true;
  };
  JsonValue structure(TSNode N);
  void member(JsonValue &Obj, llvm::StringRef Key, TSNode KeyNode, TSNode V,
              Pending &P);
  void splat(JsonValue &Obj, TSNode Inner, Pending &P);
  void finish(JsonValue &Obj, Pending &P);
  void condition(JsonValue &Obj, size_t Index, TSNode V, bool Key, Pending &P);
  JsonValue value(llvm::StringRef Key, TSNode V);
  JsonValue generic(TSNode V);
  JsonValue attributeValue(TSNode V, ValueStyle S);
  JsonValue wireValue(TSNode V);
  JsonValue nativeValue(TSNode V);
  JsonValue valueMap(TSNode V, ValueStyle S);
  JsonValue valueList(TSNode V, ValueStyle S);
  JsonValue mapOf(TSNode V, bool TableKeys,
                  llvm::function_ref<JsonValue(TSNode)> Each);
  JsonValue listOf(TSNode V, llvm::function_ref<JsonValue(TSNode)> Each);
  JsonValue numberText(TSNode N, llvm::StringRef Text) const;
  /// The key of a dict pair as a string; nothing when computed.
  std::optional<JsonValue> key(TSNode K);
  bool isWireShaped(TSNode V) const;
  bool isBytesLiteral(TSNode N) const;

  HostJson &J;
  Evaluator &E;
  const py::Bindings &Names;
  ConditionBuilder Conditions;
  ValueStyle Style = ValueStyle::Wire;
  PlaceholderCounters Counters;
  /// How deep the values being converted are nested (bounded: a literal
  /// may nest deeply, or contain itself through a name).
  unsigned Depth = 0;
};

} // namespace nosqlint::extract::sdk

#endif
