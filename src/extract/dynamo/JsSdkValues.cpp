//===- JsSdkValues.cpp - Request parameters from JavaScript objects -------===//
#include "JsSdkValues.h"

#include "EnvironmentReads.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace nosqlint::extract::sdk::js {

namespace {

constexpr unsigned MaxDepth = 32;

llvm::StringRef typeOf(TSNode N) { return ts_node_type(N); }

uint32_t startOf(TSNode N) { return ts_node_start_byte(N); }
uint32_t endOf(TSNode N) { return ts_node_end_byte(N); }

} // namespace

//===----------------------------------------------------------------------===//
// Objects and lists
//===----------------------------------------------------------------------===//

bool ParamsBuilder::mayChange(const JsScopes::Binding &B,
                              llvm::StringRef Name) {
  auto [It, New] = Changed.try_emplace(startOf(B.Declarator), false);
  if (!New)
    return It->second;
  // A variable inside another's object inside another's...: past a few
  // levels, assume it may change (and keep the stack small).
  if (ChangeDepth >= 8) {
    Changed[startOf(B.Declarator)] = true;
    return true;
  }
  ++ChangeDepth;
  bool Result = scanForChanges(B, Name);
  --ChangeDepth;
  Changed[startOf(B.Declarator)] = Result;
  return Result;
}

bool ParamsBuilder::scanForChanges(const JsScopes::Binding &B,
                                   llvm::StringRef Name) {
  for (const JsScopes::Use &U : Scopes.uses(Name)) {
    TSNode N = U.Node;
    if (ts_node_eq(N, B.Name) || !Scopes.mayReferTo(B, Name, startOf(N)))
      continue;
    if (U.Ancestors.empty())
      return true;
    // Inside object and array literals: part of another request or of
    // another declared object (whose changes open it whole), or handed on.
    size_t Up = 0;
    TSNode Cur = N;
    while (Up < U.Ancestors.size()) {
      TSNode A = U.Ancestors[Up];
      llvm::StringRef AT = typeOf(A);
      if (AT == "pair") {
        auto V = childByField(A, "value");
        if (!V || !ts_node_eq(*V, Cur))
          break;
      } else if (AT != "object" && AT != "array" && AT != "as_expression" &&
                 AT != "satisfies_expression" &&
                 AT != "non_null_expression" &&
                 AT != "parenthesized_expression") {
        break;
      }
      Cur = A;
      ++Up;
    }
    if (Up > 0) {
      if (Up >= U.Ancestors.size())
        return true;
      TSNode A = U.Ancestors[Up];
      llvm::StringRef AT = typeOf(A);
      if (AT == "variable_declarator") {
        // Part of another variable's object: unchanged while that one is.
        std::optional<JsScopes::Binding> Outer = Scopes.bindingOf(A);
        if (Outer && !mayChange(*Outer, C.Eval.text(Outer->Name)))
          continue;
        return true;
      }
      if (AT == "arguments" && Up + 1 < U.Ancestors.size() &&
          IsRequestArgument && IsRequestArgument(U.Ancestors[Up + 1]))
        continue;
      if (AT == "spread_element")
        continue;
      return true;
    }
    TSNode P = U.Ancestors[0];
    llvm::StringRef PT = typeOf(P);
    if (PT == "spread_element")
      continue;
    if (PT == "member_expression" || PT == "subscript_expression") {
      auto Obj = childByField(P, "object");
      if (!Obj || !ts_node_eq(*Obj, N))
        return true;
      // Up the chain `params.a.b`, then look at what is done with it.
      size_t I = 0;
      while (I + 1 < U.Ancestors.size()) {
        TSNode G = U.Ancestors[I + 1];
        llvm::StringRef GT = typeOf(G);
        auto GO = childByField(G, "object");
        if ((GT != "member_expression" && GT != "subscript_expression") ||
            !GO || !ts_node_eq(*GO, U.Ancestors[I]))
          break;
        ++I;
      }
      if (I + 1 >= U.Ancestors.size())
        return true; // too deep to tell
      TSNode Top = U.Ancestors[I];
      TSNode G = U.Ancestors[I + 1];
      llvm::StringRef GT = typeOf(G);
      if (GT == "assignment_expression" ||
          GT == "augmented_assignment_expression") {
        auto L = childByField(G, "left");
        if (L && ts_node_eq(*L, Top))
          return true;
      }
      if (GT == "update_expression")
        return true;
      if (GT == "unary_expression" && C.Eval.text(G).startswith("delete"))
        return true;
      if (GT == "call_expression") {
        auto F = childByField(G, "function");
        if (F && ts_node_eq(*F, Top))
          return true; // params.Items.push(...)
      }
      continue;
    }
    if (PT == "arguments" && U.Ancestors.size() >= 2) {
      TSNode Call = U.Ancestors[1];
      if (IsRequestArgument && IsRequestArgument(Call))
        continue;
      if (auto F = childByField(Call, "function")) {
        llvm::StringRef FT = C.Eval.text(*F);
        if (FT.startswith("console.") || FT == "JSON.stringify")
          continue;
      }
      return true;
    }
    return true;
  }
  return false;
}

std::optional<TSNode> ParamsBuilder::literal(TSNode N, llvm::StringRef Type,
                                             bool &Open) {
  N = unwrapTs(N);
  for (unsigned Hop = 0; Hop < 4; ++Hop) {
    if (typeOf(N) == Type)
      return N;
    if (typeOf(N) != "identifier")
      return std::nullopt;
    llvm::StringRef Name = C.Eval.text(N);
    std::optional<JsScopes::Binding> B = Scopes.lookup(Name, startOf(N));
    if (!B || !B->Value)
      return std::nullopt;
    if (mayChange(*B, Name))
      Open = true;
    N = unwrapTs(*B->Value);
  }
  return std::nullopt;
}

std::optional<std::string> ParamsBuilder::keyOf(TSNode Key) {
  llvm::StringRef T = typeOf(Key);
  if (T == "property_identifier" || T == "number" ||
      T == "private_property_identifier")
    return C.Eval.text(Key).str();
  TSNode X = Key;
  if (T == "computed_property_name") {
    auto K = namedChildren(Key);
    if (K.size() != 1)
      return std::nullopt;
    X = K[0];
  } else if (T != "string") {
    return std::nullopt;
  }
  Rebuilt R;
  C.Eval.append(X, R);
  if (R.holes() != 0 || R.trust() != SnippetTrust::Full)
    return std::nullopt;
  if (typeOf(X) != "string")
    C.Json.consume(X);
  return R.text();
}

JsonValue ParamsBuilder::open(TSNode N, JsonValue::Kind K) const {
  JsonValue V = C.Json.unknown(N);
  V.K = K;
  return V;
}

JsonValue ParamsBuilder::object(
    TSNode N, unsigned Depth,
    const std::function<JsonValue(TSNode, unsigned)> &Member,
    Shape (*KeyShape)(llvm::StringRef)) {
  bool Open = false;
  std::optional<TSNode> Lit = literal(N, "object", Open);
  if (!Lit || Depth > MaxDepth)
    return open(N, JsonValue::Kind::Object);
  JsonValue Out = C.Json.object(unwrapTs(N));
  // What a variable that may change holds is open at every level (the
  // program may set params.ExpressionAttributeValues[":s"] later).
  Out.Unknown = Open || (ForcedOpen > 0 && KeyShape != AttributeValueShape);
  ForcedOpenScope Forced(*this, Open);
  auto Add = [&](const std::string &Key, TSNode ValueNode, TSNode KeyNode) {
    JsonValue V = KeyShape ? value(ValueNode, KeyShape(Key), Depth + 1)
                           : Member(ValueNode, Depth + 1);
    // A later key replaces an earlier one, as in JavaScript.
    llvm::erase_if(Out.Members,
                   [&](const json::JsonMember &M) { return M.Key == Key; });
    HostJson::add(Out, Key, std::move(V), KeyNode);
  };
  for (TSNode K : namedChildren(*Lit)) {
    llvm::StringRef T = typeOf(K);
    if (T == "pair") {
      auto Key = childByField(K, "key");
      auto Val = childByField(K, "value");
      std::optional<std::string> Name = Key ? keyOf(*Key) : std::nullopt;
      if (!Name || !Val) {
        Out.Unknown = true;
        continue;
      }
      Add(*Name, *Val, *Key);
      continue;
    }
    if (T == "shorthand_property_identifier") {
      Add(C.Eval.text(K).str(), K, K);
      continue;
    }
    if (T == "spread_element") {
      // `...base` of an object literal the file declares: its members, in
      // place; anything else opens the object.
      auto Arg = namedChildren(K);
      bool SpreadOpen = false;
      std::optional<TSNode> Inner =
          Arg.empty() ? std::nullopt : literal(Arg[0], "object", SpreadOpen);
      if (!Inner) {
        Out.Unknown = true;
        continue;
      }
      Out.Unknown |= SpreadOpen;
      ForcedOpenScope SpreadForced(*this, SpreadOpen);
      for (TSNode SK : namedChildren(*Inner)) {
        llvm::StringRef ST = typeOf(SK);
        auto Key = childByField(SK, "key");
        auto Val = childByField(SK, "value");
        std::optional<std::string> Name =
            ST == "pair" && Key ? keyOf(*Key) : std::nullopt;
        if (Name && Val)
          Add(*Name, *Val, *Key);
        else if (ST == "shorthand_property_identifier")
          Add(C.Eval.text(SK).str(), SK, SK);
        else
          Out.Unknown = true; // nested spreads are not followed
      }
      continue;
    }
    Out.Unknown = true; // methods, getters
  }
  return Out;
}

JsonValue
ParamsBuilder::list(TSNode N, unsigned Depth,
                    const std::function<JsonValue(TSNode, unsigned)> &Element) {
  bool Open = false;
  std::optional<TSNode> Lit = literal(N, "array", Open);
  if (!Lit || Depth > MaxDepth)
    return open(N, JsonValue::Kind::Array);
  JsonValue Out = C.Json.array(unwrapTs(N));
  Out.Unknown = Open || ForcedOpen > 0;
  ForcedOpenScope Forced(*this, Open);
  for (TSNode K : namedChildren(*Lit)) {
    if (typeOf(K) == "spread_element") {
      Out.Unknown = true;
      continue;
    }
    Out.Elements.push_back(Element(K, Depth + 1));
  }
  return Out;
}

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

std::optional<JsonValue> ParamsBuilder::constantString(TSNode At,
                                                       llvm::StringRef Name,
                                                       bool *Decided) {
  uint32_t Pos = startOf(At);
  std::optional<TSNode> D;
  bool Local = true;
  if (std::optional<JsScopes::Binding> B = Scopes.lookup(Name, Pos)) {
    // The variable the name means here: a const, or never assigned again.
    if (B->Value && (B->Const || !mayChange(*B, Name)))
      D = *B->Value;
  } else if (!Scopes.shadowed(Name, Pos)) {
    // Declared after the use (a function body runs later), or in a form
    // the index does not follow: as the Evaluator sees it.
    Local = false;
    D = C.Eval.declarationValue(Name, Pos);
  }
  if (Decided)
    *Decided = Local;
  if (D)
    D = unwrapTs(*D); // "AppTable" as const
  if (!D || !C.Eval.isStringy(*D))
    return std::nullopt;
  Rebuilt Value;
  C.Eval.append(*D, Value);
  if (Value.holes() != 0 || Value.trust() != SnippetTrust::Full)
    return std::nullopt;
  C.Json.consume(*D);
  Rebuilt Here;
  Here.appendHole(Pos, endOf(At) - Pos, &Value);
  return C.Json.synthesized(At, Here.text(), Here.origin(C.File));
}

JsonValue ParamsBuilder::string(TSNode N) {
  TSNode U = unwrapTs(N);
  llvm::StringRef T = typeOf(U);
  if (T == "shorthand_property_identifier" || T == "identifier") {
    // A constant (also one the Evaluator does not see through, `as const`);
    // a parameter, a loop variable or a variable assigned again is unknown.
    bool Decided = false;
    if (auto V = constantString(U, C.Eval.text(U), &Decided))
      return std::move(*V);
    if (Decided || T != "identifier") {
      // `const table = process.env.TABLE || ''`: unknown, but read from
      // the environment, which a template may bind.
      JsonValue V = open(U, JsonValue::Kind::String);
      if (std::optional<JsScopes::Binding> B =
              Scopes.lookup(C.Eval.text(U), startOf(U)))
        if (B->Value && (B->Const || !mayChange(*B, C.Eval.text(U))))
          V.FromEnvironment = environmentVariableIn(C.Eval.text(*B->Value));
      return V;
    }
  }
  JsonValue V = C.Json.string(U);
  // The constants a statement or expression is built from are not CQL.
  llvm::SmallVector<TSNode, 16> Stack{U};
  for (unsigned Seen = 0; !Stack.empty() && Seen < 256; ++Seen) {
    TSNode X = Stack.pop_back_val();
    if (typeOf(X) == "identifier") {
      if (auto D = C.Eval.declarationValue(C.Eval.text(X), startOf(X)))
        C.Json.consume(*D);
      continue;
    }
    for (TSNode K : namedChildren(X))
      Stack.push_back(K);
  }
  return V;
}

JsonValue ParamsBuilder::numberText(TSNode N, TSNode At) {
  std::string Text;
  for (char Ch : C.Eval.text(N))
    if (!llvm::isSpace(Ch))
      Text += Ch;
  llvm::StringRef T(Text);
  double D = 0;
  bool Decimal = !T.empty() && llvm::all_of(T, [](char Ch) {
    return llvm::isDigit(Ch) || Ch == '.' || Ch == 'e' || Ch == 'E' ||
           Ch == '-' || Ch == '+';
  });
  if (!Decimal || T.getAsDouble(D))
    return open(At, JsonValue::Kind::String);
  TextOrigin O(C.File);
  O.addSegment(0, static_cast<uint32_t>(Text.size()), startOf(At),
               endOf(At) - startOf(At));
  return C.Json.synthesized(At, Text, std::move(O));
}

JsonValue ParamsBuilder::set(TSNode N, TSNode Elements, unsigned Depth) {
  bool Open = false;
  std::optional<TSNode> Lit = literal(Elements, "array", Open);
  if (!Lit || Open || Depth > MaxDepth)
    return C.Json.unknown(N);
  auto Kids = namedChildren(*Lit);
  if (Kids.empty())
    return C.Json.unknown(N);
  bool Strings = llvm::all_of(Kids, [](TSNode K) { return typeOf(K) == "string"; });
  bool Numbers = llvm::all_of(Kids, [](TSNode K) { return typeOf(K) == "number"; });
  if (!Strings && !Numbers)
    return C.Json.unknown(N);
  JsonValue L = C.Json.array(*Lit);
  for (TSNode K : Kids)
    L.Elements.push_back(Strings ? string(K) : numberText(K, K));
  return C.Json.attributeValue(N, Strings ? "SS" : "NS", std::move(L));
}

JsonValue ParamsBuilder::marshal(TSNode N, unsigned Depth) {
  TSNode U = unwrapTs(N);
  llvm::StringRef T = typeOf(U);
  if (Depth > MaxDepth)
    return C.Json.unknown(N);
  if (T == "string" || T == "template_string" ||
      (T == "binary_expression" && C.Eval.isStringy(U)))
    return C.Json.attributeValue(N, "S", string(U));
  if (T == "number")
    return C.Json.attributeValue(N, "N", numberText(U, U));
  if (T == "unary_expression" && C.Eval.text(U).startswith("-")) {
    auto Arg = childByField(U, "argument");
    if (Arg && typeOf(*Arg) == "number")
      return C.Json.attributeValue(N, "N", numberText(U, U));
    return C.Json.unknown(N);
  }
  if (T == "true" || T == "false")
    return C.Json.attributeValue(N, "BOOL", C.Json.boolean(U));
  if (T == "null") {
    JsonValue True = C.Json.unknown(U);
    True.K = JsonValue::Kind::Bool;
    True.Unknown = false;
    True.Bool = true;
    return C.Json.attributeValue(N, "NULL", std::move(True));
  }
  if (T == "array")
    return C.Json.attributeValue(
        N, "L", list(U, Depth, [&](TSNode E, unsigned D) { return marshal(E, D); }));
  if (T == "object")
    return C.Json.attributeValue(
        N, "M",
        object(U, Depth, [&](TSNode E, unsigned D) { return marshal(E, D); }));
  if (T == "new_expression" || T == "call_expression") {
    // new Set([...]) (v3) and docClient.createSet([...]) (v2).
    CallParts P = C.Eval.callParts(U);
    if ((P.Method == "Set" && T == "new_expression" && !P.ReceiverNode) ||
        (P.Method == "createSet" && P.ReceiverNode)) {
      if (P.Args.empty())
        return C.Json.unknown(N);
      return set(N, P.Args[0], Depth);
    }
    return C.Json.unknown(N);
  }
  if (T == "identifier" || T == "shorthand_property_identifier") {
    llvm::StringRef Name = C.Eval.text(U);
    std::optional<JsScopes::Binding> B = Scopes.lookup(Name, startOf(U));
    if (B && B->Value && B->Const) {
      TSNode V = unwrapTs(*B->Value);
      llvm::StringRef VT = typeOf(V);
      if (VT == "number")
        return C.Json.attributeValue(N, "N", numberText(V, U));
      if (VT == "object" || VT == "array") {
        if (T != "identifier")
          return C.Json.unknown(N);
        auto Each = [&](TSNode E, unsigned D) { return marshal(E, D); };
        if (VT == "object")
          return C.Json.attributeValue(N, "M", object(U, Depth + 1, Each));
        return C.Json.attributeValue(N, "L", list(U, Depth + 1, Each));
      }
      if (C.Eval.isStringy(V))
        if (auto S = constantString(U, Name))
          return C.Json.attributeValue(N, "S", std::move(*S));
    }
    return C.Json.unknown(N);
  }
  return C.Json.unknown(N);
}

JsonValue ParamsBuilder::lowLevelValue(TSNode N, unsigned Depth) {
  bool Open = false;
  if (!literal(N, "object", Open))
    return C.Json.unknown(N);
  return object(N, Depth, nullptr, AttributeValueShape);
}

ParamsBuilder::Shape ParamsBuilder::AttributeValueShape(llvm::StringRef Type) {
  return llvm::StringSwitch<Shape>(Type)
      .Cases("S", "N", "B", Shape::String)
      .Cases("BOOL", "NULL", Shape::Bool)
      .Cases("SS", "NS", "BS", Shape::StringList)
      .Case("L", Shape::AttrList)
      .Case("M", Shape::AttrMap)
      .Default(Shape::Generic);
}

JsonValue ParamsBuilder::generic(TSNode N, unsigned Depth) {
  TSNode U = unwrapTs(N);
  llvm::StringRef T = typeOf(U);
  if (Depth > MaxDepth)
    return C.Json.unknown(N);
  if (T == "string" || T == "template_string" || C.Eval.isStringy(U))
    return string(U);
  if (T == "number")
    return C.Json.number(U);
  if (T == "true" || T == "false")
    return C.Json.boolean(U);
  if (T == "object")
    return object(U, Depth, [&](TSNode E, unsigned D) { return generic(E, D); });
  if (T == "array")
    return list(U, Depth, [&](TSNode E, unsigned D) { return generic(E, D); });
  return C.Json.unknown(N);
}

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

ParamsBuilder::Shape ParamsBuilder::shapeOf(llvm::StringRef Key) {
  return llvm::StringSwitch<Shape>(Key)
      .Cases("TableName", "IndexName", "KeyConditionExpression",
             "FilterExpression", "ProjectionExpression", "ConditionExpression",
             Shape::String)
      .Cases("UpdateExpression", "Select", "ReturnValues",
             "ReturnConsumedCapacity", "ReturnItemCollectionMetrics",
             "ReturnValuesOnConditionCheckFailure", Shape::String)
      .Cases("ConditionalOperator", "Statement", "NextToken",
             "ClientRequestToken", "ComparisonOperator", "Action",
             Shape::String)
      .Cases("Limit", "Segment", "TotalSegments", Shape::Number)
      .Cases("ConsistentRead", "ScanIndexForward", "Exists", Shape::Bool)
      .Case("ExpressionAttributeNames", Shape::StringMap)
      .Cases("ExpressionAttributeValues", "Key", "Item", "ExclusiveStartKey",
             Shape::AttrMap)
      .Case("Value", Shape::AttrValue)
      .Cases("Parameters", "AttributeValueList", Shape::AttrList)
      .Case("Keys", Shape::AttrMapList)
      .Case("AttributesToGet", Shape::StringList)
      .Cases("KeyConditions", "QueryFilter", "ScanFilter", "Expected",
             "AttributeUpdates", Shape::ParamsMap)
      .Cases("TransactItems", "Statements", "TransactStatements",
             Shape::ParamsList)
      .Cases("Get", "Put", "Update", "Delete", "ConditionCheck", Shape::Params)
      .Cases("PutRequest", "DeleteRequest", Shape::Params)
      .Case("RequestItems", Shape::RequestItems)
      .Default(Shape::Generic);
}

JsonValue ParamsBuilder::value(TSNode N, Shape S, unsigned Depth) {
  if (Depth > MaxDepth)
    return C.Json.unknown(N);
  switch (S) {
  case Shape::Params:
    return object(N, Depth, nullptr, shapeOf);
  case Shape::String:
    return string(N);
  case Shape::Number: {
    TSNode U = unwrapTs(N);
    llvm::StringRef T = typeOf(U);
    if (T == "shorthand_property_identifier" || T == "identifier") {
      // A local constant holding a number literal; a parameter, a loop
      // variable or a variable assigned again is unknown.
      uint32_t At = startOf(U);
      llvm::StringRef Name = C.Eval.text(U);
      if (std::optional<JsScopes::Binding> B = Scopes.lookup(Name, At)) {
        std::optional<TSNode> V;
        if (B->Value && (B->Const || !mayChange(*B, Name)))
          V = unwrapTs(*B->Value);
        if (!V || typeOf(*V) != "number")
          return open(U, JsonValue::Kind::Number);
        JsonValue Num = C.Json.number(*V);
        Num.Begin = At;
        Num.End = endOf(U);
        return Num;
      }
      if (T != "identifier" || Scopes.shadowed(Name, At))
        return open(U, JsonValue::Kind::Number);
    }
    return C.Json.number(U);
  }
  case Shape::Bool:
    return C.Json.boolean(unwrapTs(N));
  case Shape::StringMap:
    return object(N, Depth, [&](TSNode V, unsigned) { return string(V); });
  case Shape::AttrMap:
    return attributeMap(N, Depth);
  case Shape::AttrValue:
    return Format == ValueFormat::Native ? marshal(N, Depth)
                                         : lowLevelValue(N, Depth);
  case Shape::AttrList:
    return list(N, Depth, [&](TSNode V, unsigned D) {
      return value(V, Shape::AttrValue, D);
    });
  case Shape::AttrMapList:
    return list(N, Depth,
                [&](TSNode V, unsigned D) { return attributeMap(V, D); });
  case Shape::StringList:
    return list(N, Depth, [&](TSNode V, unsigned) { return string(V); });
  case Shape::ParamsMap:
    return object(N, Depth, [&](TSNode V, unsigned D) {
      return value(V, Shape::Params, D);
    });
  case Shape::ParamsList:
    return list(N, Depth, [&](TSNode V, unsigned D) {
      return value(V, Shape::Params, D);
    });
  case Shape::RequestItems:
    return object(N, Depth, [&](TSNode V, unsigned D) {
      bool Open = false;
      if (literal(V, "array", Open))
        return value(V, Shape::ParamsList, D);
      if (literal(V, "object", Open))
        return value(V, Shape::Params, D);
      return C.Json.unknown(V);
    });
  case Shape::Generic:
    return generic(N, Depth);
  }
  return C.Json.unknown(N);
}

JsonValue ParamsBuilder::attributeMap(TSNode N, unsigned Depth) {
  TSNode U = unwrapTs(N);
  if (typeOf(U) == "call_expression" && IsMarshallCall && IsMarshallCall(U)) {
    // util-dynamodb's marshall({...}): native values in a low-level request.
    CallParts P = C.Eval.callParts(U);
    if (P.Args.empty())
      return open(N, JsonValue::Kind::Object);
    JsonValue M = object(P.Args[0], Depth, [&](TSNode V, unsigned D) {
      return marshal(V, D);
    });
    M.Begin = startOf(U);
    M.End = endOf(U);
    return M;
  }
  return object(N, Depth, [&](TSNode V, unsigned D) {
    return value(V, Shape::AttrValue, D);
  });
}

JsonValue ParamsBuilder::params(TSNode N) {
  return value(N, Shape::Params, 0);
}

} // namespace nosqlint::extract::sdk::js
