//===- Boto3Conditions.h - boto3.dynamodb.conditions as expressions -*- C++ -*-===//
//
// boto3's resource layer accepts condition objects built with Key(...) and
// Attr(...) (`Key("pk").eq(v) & Attr("n").exists()`) where the wire format
// has an expression string, and writes the expression itself: `#n0`, `:v0`
// placeholders numbered in the order it meets them, `(a AND b)` around every
// `&` and `|`, `(NOT a)` for `~`. ConditionBuilder writes the same text from
// the host code, with a TextOrigin that maps every `#nK` to the Key/Attr
// call, every `:vK` to the value expression and every operator to the method
// or operator that produced it, so a finding on the expression lands on the
// host code that wrote that part.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_BOTO3CONDITIONS_H
#define NOSQLINT_EXTRACT_DYNAMO_BOTO3CONDITIONS_H

#include "HostJson.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace nosqlint::extract::sdk {

/// An expression boto3 would build from a condition object.
struct BuiltCondition {
  std::string Text;
  TextOrigin Origin;
  /// Generated ExpressionAttributeNames: placeholder, the attribute name
  /// (a string spanning the name argument) and the Key/Attr call it maps to.
  struct Name {
    std::string Placeholder;
    JsonValue Value;
    TSNode Node;
  };
  /// Generated ExpressionAttributeValues: placeholder and the host value.
  struct Value {
    std::string Placeholder;
    TSNode Node;
  };
  std::vector<Name> Names;
  std::vector<Value> Values;
};

/// The placeholder counters of one request (boto3 resets them per call).
struct PlaceholderCounters {
  unsigned Names = 0;
  unsigned Values = 0;
};

class ConditionBuilder {
public:
  /// \p Follow: the value a name is bound to, when the condition is held in
  /// a variable built earlier.
  ConditionBuilder(HostJson &Json,
                   std::function<std::optional<TSNode>(TSNode)> Follow)
      : Json(Json), Follow(std::move(Follow)) {}

  /// True when \p N is written as a condition object: a Key/Attr method
  /// chain, or `&`, `|`, `~` of such.
  bool isCondition(TSNode N, unsigned Depth = 0);

  /// The expression of condition \p N; nothing when any part is unknown
  /// (an attribute name computed at run time, a condition from elsewhere, a
  /// method boto3 does not have, Attr in a key condition).
  std::optional<BuiltCondition> build(TSNode N, bool KeyCondition,
                                      PlaceholderCounters &Counters);

private:
  bool emit(TSNode N, unsigned Depth);
  bool emitOperand(TSNode N);
  bool emitName(TSNode KeyOrAttr);
  bool emitValue(TSNode V);
  void piece(llvm::StringRef Text, TSNode At);
  /// `Key("x")` / `Attr("x")` / `conditions.Key("x")`: "Key", "Attr" or "".
  llvm::StringRef builderKind(TSNode N) const;

  HostJson &Json;
  std::function<std::optional<TSNode>(TSNode)> Follow;
  BuiltCondition Out;
  bool KeyCondition = false;
  PlaceholderCounters *Counters = nullptr;
};

} // namespace nosqlint::extract::sdk

#endif
