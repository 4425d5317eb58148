//===- Boto3Params.cpp - boto3 keyword arguments as wire-format JSON ------===//
#include "Boto3Params.h"

#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

namespace nosqlint::extract::sdk {

using namespace py;

namespace {

constexpr unsigned MaxNesting = 48;

struct Nested {
  unsigned &Depth;
  explicit Nested(unsigned &D) : Depth(++D) {}
  ~Nested() { --Depth; }
  bool tooDeep() const { return Depth > MaxNesting; }
};

bool isStringParam(llvm::StringRef K) {
  return llvm::StringSwitch<bool>(K)
      .Cases("TableName", "IndexName", "KeyConditionExpression",
             "FilterExpression", "ConditionExpression", true)
      .Cases("ProjectionExpression", "UpdateExpression", "Statement",
             "Select", "ReturnValues", true)
      .Cases("ReturnConsumedCapacity", "ReturnItemCollectionMetrics",
             "ConditionalOperator", "ComparisonOperator", "Action", true)
      .Case("ReturnValuesOnConditionCheckFailure", true)
      .Default(false);
}

bool isAttributeValueType(llvm::StringRef K) {
  return llvm::StringSwitch<bool>(K)
      .Cases("S", "N", "B", "SS", "NS", true)
      .Cases("BS", "M", "L", "NULL", "BOOL", true)
      .Default(false);
}

} // namespace

void setTableKeyRange(json::JsonMember &M, const JsonValue &Name) {
  M.KeyBegin = Name.ContentBegin > 0 ? Name.ContentBegin - 1 : 0;
  M.KeyEnd = std::max(M.KeyBegin + 2, Name.ContentEnd + 1);
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

JsonValue Boto3Params::unknownString(TSNode N) const {
  JsonValue V = J.unknown(N);
  V.K = JsonValue::Kind::String;
  V.ContentBegin = V.Begin;
  V.ContentEnd = V.End;
  return V;
}

JsonValue Boto3Params::numberText(TSNode N, llvm::StringRef Text) const {
  // The wire format writes numbers as strings: {"N": "5"}.
  return J.synthesized(N, Text.str(),
                       TextOrigin::identity(J.file(), ts_node_start_byte(N)));
}

std::optional<JsonValue> Boto3Params::key(TSNode K) {
  JsonValue V = J.string(K);
  if (V.Unknown || !V.isString())
    return std::nullopt;
  return V;
}

JsonValue Boto3Params::generic(TSNode V) {
  Nested N(Depth);
  if (N.tooDeep())
    return J.unknown(V);
  V = unparen(V);
  llvm::StringRef T = type(V);
  if (T == "identifier") {
    // A dict or list built earlier, or a string constant.
    bool Open = false;
    std::optional<TSNode> L = Names.literal(V, "dictionary", Open);
    if (!L)
      L = Names.literal(V, "list", Open);
    if (L) {
      JsonValue R = generic(*L);
      R.Unknown |= Open;
      return R;
    }
  }
  if (T == "identifier" || T == "attribute") {
    JsonValue S = J.string(V);
    return S.Unknown ? J.unknown(V) : S;
  }
  if (T == "string" || T == "concatenated_string" || T == "binary_operator")
    return J.string(V);
  if (T == "integer" || T == "float")
    return J.number(V);
  if (T == "true" || T == "false")
    return J.boolean(V);
  if (T == "none") {
    JsonValue N = J.unknown(V);
    N.Unknown = false; // a known null
    return N;
  }
  if (T == "dictionary")
    return mapOf(V, false, [this](TSNode X) { return generic(X); });
  if (T == "list" || T == "tuple")
    return listOf(V, [this](TSNode X) { return generic(X); });
  return J.unknown(V);
}

JsonValue Boto3Params::mapOf(TSNode V, bool TableKeys,
                             llvm::function_ref<JsonValue(TSNode)> Each) {
  bool Open = false;
  std::optional<TSNode> D = Names.literal(V, "dictionary", Open);
  if (!D) {
    JsonValue O = J.object(V);
    O.Unknown = true;
    return O;
  }
  JsonValue O = J.object(*D);
  O.Unknown = Open;
  for (TSNode Pair : namedChildren(*D)) {
    if (type(Pair) != "pair") {
      O.Unknown = true; // **more
      continue;
    }
    auto K = childByField(Pair, "key");
    auto Val = childByField(Pair, "value");
    if (!K || !Val)
      continue;
    std::optional<JsonValue> Key = key(*K);
    if (!Key) {
      O.Unknown = true;
      continue;
    }
    JsonValue Item = Each(*Val);
    if (TableKeys) {
      // A table name key: the reader takes the name between the quotes.
      json::JsonMember M;
      M.Key = Key->Str;
      setTableKeyRange(M, *Key);
      M.Value = std::move(Item);
      O.Members.push_back(std::move(M));
      continue;
    }
    HostJson::add(O, Key->Str, std::move(Item), *K);
  }
  return O;
}

JsonValue Boto3Params::listOf(TSNode V,
                              llvm::function_ref<JsonValue(TSNode)> Each) {
  bool Open = false;
  std::optional<TSNode> L = Names.literal(V, "list", Open);
  if (!L)
    L = Names.literal(V, "tuple", Open);
  if (!L) {
    JsonValue A = J.array(V);
    A.Unknown = true;
    return A;
  }
  JsonValue A = J.array(*L);
  A.Unknown = Open;
  for (TSNode X : namedChildren(*L)) {
    if (type(X) == "list_splat") {
      A.Unknown = true;
      continue;
    }
    A.Elements.push_back(Each(X));
  }
  return A;
}

JsonValue Boto3Params::valueMap(TSNode V, ValueStyle M) {
  return mapOf(V, false,
               [this, M](TSNode X) { return attributeValue(X, M); });
}

JsonValue Boto3Params::valueList(TSNode V, ValueStyle M) {
  return listOf(V, [this, M](TSNode X) { return attributeValue(X, M); });
}

/// {"S": ...}: a dict of one AttributeValue type.
bool Boto3Params::isWireShaped(TSNode V) const {
  if (type(V) != "dictionary")
    return false;
  auto Kids = namedChildren(V);
  if (Kids.size() != 1 || type(Kids[0]) != "pair")
    return false;
  auto K = childByField(Kids[0], "key");
  return K && type(*K) == "string" &&
         isAttributeValueType(E.text(*K).trim("'\""));
}

JsonValue Boto3Params::attributeValue(TSNode V, ValueStyle M) {
  Nested N(Depth);
  if (N.tooDeep())
    return J.unknown(V);
  V = unparen(V);
  if (M == ValueStyle::Wire || (M == ValueStyle::Guess && isWireShaped(V)))
    return wireValue(V);
  return nativeValue(V);
}

JsonValue Boto3Params::wireValue(TSNode V) {
  if (!isWireShaped(V)) {
    if (type(V) == "dictionary")
      return generic(V); // not an AttributeValue: as written
    return J.unknown(V);
  }
  TSNode Pair = namedChildren(V)[0];
  TSNode K = *childByField(Pair, "key");
  std::optional<TSNode> Val = childByField(Pair, "value");
  llvm::StringRef Type = E.text(K).trim("'\"");
  JsonValue Inner;
  if (!Val)
    Inner = J.unknown(V);
  else if (Type == "S" || Type == "N" || Type == "B")
    Inner = J.string(*Val);
  else if (Type == "BOOL" || Type == "NULL")
    Inner = J.boolean(*Val);
  else if (Type == "L")
    Inner = valueList(*Val, ValueStyle::Wire);
  else if (Type == "M")
    Inner = valueMap(*Val, ValueStyle::Wire);
  else
    Inner = generic(*Val); // SS, NS, BS
  JsonValue A = J.object(V);
  HostJson::add(A, Type, std::move(Inner), K);
  return A;
}

bool Boto3Params::isBytesLiteral(TSNode N) const {
  if (type(N) != "string")
    return false;
  llvm::StringRef Prefix =
      E.text(N).take_until([](char C) { return C == '\'' || C == '"'; });
  return Prefix.contains_insensitive("b");
}

JsonValue Boto3Params::nativeValue(TSNode V) {
  llvm::StringRef T = type(V);
  if (T == "string" || T == "concatenated_string") {
    if (isBytesLiteral(V))
      return J.attributeValue(V, "B", unknownString(V));
    return J.attributeValue(V, "S", J.string(V));
  }
  if (T == "integer" || T == "float")
    return J.attributeValue(V, "N", numberText(V, E.text(V)));
  if (T == "unary_operator") {
    auto Op = childByField(V, "operator");
    auto A = childByField(V, "argument");
    if (Op && A && E.text(*Op) == "-" &&
        (type(*A) == "integer" || type(*A) == "float"))
      return J.attributeValue(V, "N", numberText(V, E.text(V)));
    return J.unknown(V);
  }
  if (T == "true" || T == "false")
    return J.attributeValue(V, "BOOL", J.boolean(V));
  if (T == "none") {
    JsonValue B = J.boolean(V);
    B.Bool = true;
    B.Unknown = false;
    return J.attributeValue(V, "NULL", std::move(B));
  }
  if (T == "list" || T == "tuple")
    return J.attributeValue(V, "L", valueList(V, ValueStyle::Native));
  if (T == "dictionary")
    return J.attributeValue(V, "M", valueMap(V, ValueStyle::Native));
  if (T == "set") {
    // A set of strings, numbers or bytes: SS, NS, BS.
    llvm::StringRef Kind;
    JsonValue A = J.array(V);
    for (TSNode X : namedChildren(V)) {
      llvm::StringRef XT = type(X);
      llvm::StringRef K = XT == "string" ? (isBytesLiteral(X) ? "BS" : "SS")
                          : (XT == "integer" || XT == "float") ? "NS"
                                                               : "";
      if (K.empty() || (!Kind.empty() && K != Kind))
        return J.unknown(V);
      Kind = K;
      A.Elements.push_back(K == "SS"   ? J.string(X)
                           : K == "NS" ? numberText(X, E.text(X))
                                       : unknownString(X));
    }
    if (Kind.empty())
      return J.unknown(V);
    return J.attributeValue(V, Kind, std::move(A));
  }
  if (T == "call") {
    auto F = childByField(V, "function");
    auto Args = childByField(V, "arguments");
    if (F && Args) {
      llvm::StringRef Callee = E.text(*F);
      auto Kids = namedChildren(*Args);
      if (Callee == "Decimal" || Callee.endswith(".Decimal")) {
        if (Kids.size() == 1 &&
            (type(Kids[0]) == "integer" || type(Kids[0]) == "float"))
          return J.attributeValue(V, "N", numberText(Kids[0], E.text(Kids[0])));
        if (Kids.size() == 1 && type(Kids[0]) == "string") {
          JsonValue S = J.string(Kids[0]);
          double D = 0;
          if (!S.Unknown && !llvm::StringRef(S.Str).trim().getAsDouble(D))
            return J.attributeValue(V, "N", std::move(S));
        }
        return J.attributeValue(V, "N", unknownString(V));
      }
      if (Callee == "Binary" || Callee.endswith(".Binary"))
        return J.attributeValue(V, "B", unknownString(V));
    }
  }
  return J.unknown(V);
}

//===----------------------------------------------------------------------===//
// Parameters
//===----------------------------------------------------------------------===//

JsonValue Boto3Params::value(llvm::StringRef Key, TSNode V) {
  Nested N(Depth);
  if (N.tooDeep())
    return J.unknown(V);
  V = unparen(V);
  ValueStyle M = Style;
  if (Key == "Key" || Key == "Item" || Key == "ExclusiveStartKey" ||
      Key == "ExpressionAttributeValues")
    return valueMap(V, M);
  if (Key == "Parameters" || Key == "AttributeValueList")
    return valueList(V, M);
  if (Key == "Value")
    return attributeValue(V, M);
  if (Key == "Keys")
    return listOf(V, [this, M](TSNode X) { return valueMap(X, M); });
  if (Key == "RequestItems")
    return mapOf(V, true, [this](TSNode X) {
      X = unparen(X);
      bool Open = false;
      if (Names.literal(X, "list", Open) || Names.literal(X, "tuple", Open))
        return listOf(X, [this](TSNode W) { return structure(W); });
      return structure(X);
    });
  if (Key == "KeyConditions" || Key == "QueryFilter" || Key == "ScanFilter" ||
      Key == "Expected" || Key == "AttributeUpdates")
    return mapOf(V, false, [this](TSNode X) { return structure(X); });
  if (Key == "TransactItems" || Key == "Statements" ||
      Key == "TransactStatements")
    return listOf(V, [this](TSNode X) { return structure(X); });
  if (Key == "Get" || Key == "Put" || Key == "Update" || Key == "Delete" ||
      Key == "ConditionCheck" || Key == "PutRequest" ||
      Key == "DeleteRequest")
    return structure(V);
  if (Key == "Limit" || Key == "Segment" || Key == "TotalSegments")
    return J.number(V);
  if (Key == "ConsistentRead")
    return J.boolean(V);
  if (isStringParam(Key))
    return J.string(V);
  return generic(V);
}

void Boto3Params::member(JsonValue &Obj, llvm::StringRef Key, TSNode KeyNode,
                         TSNode V, Pending &P) {
  bool IsKey = Key == "KeyConditionExpression";
  if ((IsKey || Key == "FilterExpression" || Key == "ConditionExpression") &&
      Style != ValueStyle::Wire && P.TopLevel && Conditions.isCondition(V)) {
    // A placeholder value; the expression is written below.
    HostJson::add(Obj, Key, unknownString(V), KeyNode);
    size_t Index = Obj.Members.size() - 1;
    if (IsKey)
      P.KeyCondition = {Index, V};
    else
      condition(Obj, Index, V, false, P);
    return;
  }
  HostJson::add(Obj, Key, value(Key, V), KeyNode);
}

void Boto3Params::condition(JsonValue &Obj, size_t Index, TSNode V, bool Key,
                            Pending &P) {
  std::optional<BuiltCondition> B = Conditions.build(V, Key, Counters);
  if (!B)
    return; // stays an unknown expression
  Obj.Members[Index].Value = J.synthesized(V, B->Text, std::move(B->Origin));
  if (!P.FirstCondition)
    P.FirstCondition = V;
  for (BuiltCondition::Name &N : B->Names)
    P.Names.push_back(std::move(N));
  for (BuiltCondition::Value &X : B->Values)
    P.Values.emplace_back(X.Placeholder, X.Node);
}

void Boto3Params::finish(JsonValue &Obj, Pending &P) {
  if (P.KeyCondition)
    condition(Obj, P.KeyCondition->first, P.KeyCondition->second, true, P);
  if (!P.FirstCondition)
    return;
  auto Placeholders = [&](llvm::StringRef Param) -> JsonValue & {
    for (json::JsonMember &M : Obj.Members)
      if (M.Key == Param) {
        if (!M.Value.isObject()) {
          // A map the program builds: open, with boto3's placeholders.
          M.Value.K = JsonValue::Kind::Object;
          M.Value.Unknown = true;
        }
        return M.Value;
      }
    HostJson::add(Obj, Param, J.object(*P.FirstCondition));
    return Obj.Members.back().Value;
  };
  if (!P.Names.empty()) {
    JsonValue &Names = Placeholders("ExpressionAttributeNames");
    for (BuiltCondition::Name &N : P.Names)
      HostJson::add(Names, N.Placeholder, std::move(N.Value), N.Node);
  }
  if (!P.Values.empty()) {
    JsonValue &Values = Placeholders("ExpressionAttributeValues");
    for (auto &[Placeholder, Node] : P.Values)
      HostJson::add(Values, Placeholder, attributeValue(Node, ValueStyle::Native),
                    Node);
  }
}

void Boto3Params::splat(JsonValue &Obj, TSNode Inner, Pending &P) {
  Nested N(Depth);
  if (N.tooDeep()) {
    Obj.Unknown = true;
    return;
  }
  bool Open = false;
  std::optional<TSNode> D = Names.literal(Inner, "dictionary", Open);
  if (!D) {
    Obj.Unknown = true;
    return;
  }
  if (Open)
    Obj.Unknown = true;
  for (TSNode Pair : namedChildren(*D)) {
    if (type(Pair) == "dictionary_splat") {
      auto Kids = namedChildren(Pair);
      if (Kids.size() == 1)
        splat(Obj, Kids[0], P);
      else
        Obj.Unknown = true;
      continue;
    }
    auto K = childByField(Pair, "key");
    auto V = childByField(Pair, "value");
    if (!K || !V)
      continue;
    std::optional<JsonValue> Key = key(*K);
    if (!Key) {
      Obj.Unknown = true;
      continue;
    }
    member(Obj, Key->Str, *K, *V, P);
  }
}

JsonValue Boto3Params::structure(TSNode N) {
  N = unparen(N);
  JsonValue O = J.object(N);
  Pending P;
  P.TopLevel = false;
  splat(O, N, P);
  finish(O, P);
  return O;
}

JsonValue Boto3Params::fromArguments(TSNode ArgList, ValueStyle S) {
  Style = S;
  Counters = {};
  JsonValue O = J.object(ArgList);
  Pending P;
  for (TSNode A : namedChildren(ArgList)) {
    llvm::StringRef T = type(A);
    if (T == "keyword_argument") {
      auto Name = childByField(A, "name");
      auto V = childByField(A, "value");
      if (Name && V)
        member(O, E.text(*Name), *Name, *V, P);
      continue;
    }
    if (T == "dictionary_splat") {
      auto Kids = namedChildren(A);
      if (Kids.size() == 1)
        splat(O, Kids[0], P);
      else
        O.Unknown = true;
      continue;
    }
    O.Unknown = true;
  }
  finish(O, P);
  return O;
}

} // namespace nosqlint::extract::sdk
