//===- HostJson.h - DynamoDB request parameters built from host code -*- C++ -*-===//
//
// The SDK recognizers (Boto3.cpp, JsSdk.cpp, ...) turn the arguments of an
// SDK call into the positioned JSON tree the DynamoDB front end reads, as if
// the request had been written as JSON: every value spans the host
// expression it came from, strings keep a TextOrigin through escapes and
// concatenations (so an expression error points inside the host literal),
// and what the program computes at run time is an Unknown value.
//
// Every string this builder evaluates is remembered as consumed: the CQL
// extractor does not take a PartiQL statement or an expression for CQL.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DYNAMO_HOSTJSON_H
#define NOSQLINT_EXTRACT_DYNAMO_HOSTJSON_H

#include "Evaluator.h"

#include "nosqlint/Json/PositionedJson.h"

#include <utility>
#include <vector>

namespace nosqlint::extract::sdk {

using json::JsonValue;

class HostJson {
public:
  HostJson(Evaluator &Eval, FileId File) : Eval(Eval), File(File) {}

  /// An empty object / array spanning \p N.
  JsonValue object(TSNode N) const;
  JsonValue array(TSNode N) const;
  /// A value nothing is known of, spanning \p N.
  JsonValue unknown(TSNode N) const;
  /// The string \p N evaluates to (literals, concatenations, constants,
  /// format calls); Unknown (a String) when any part is computed at run time.
  JsonValue string(TSNode N);
  /// A number literal (or a constant holding one); Unknown otherwise.
  JsonValue number(TSNode N);
  /// A boolean literal spelled \p Text (true/True/false/False); Unknown
  /// otherwise.
  JsonValue boolean(TSNode N);
  /// A string made by the recognizer itself (a name of an SDK method mapped
  /// to an operation, an expression built from boto3 conditions): \p Text,
  /// mapped by \p Origin, spanning \p N.
  JsonValue synthesized(TSNode N, std::string Text, TextOrigin Origin) const;

  /// A string the recognizer writes for what node \p N declares (a key
  /// type, an attribute name a model implies): \p Text, every byte of it
  /// mapped to the whole of \p N.
  JsonValue declared(TSNode N, llvm::StringRef Text) const;
  /// `{"S": ...}`-style AttributeValue wrapping \p V: {Type: V}, spanning
  /// \p N. The document clients' native values are marshalled with this.
  JsonValue attributeValue(TSNode N, llvm::StringRef Type, JsonValue V) const;

  /// Appends member \p Key (spelled at \p KeyNode, or synthesized at the
  /// value's position when \p KeyNode is null) to object \p Obj.
  static void add(JsonValue &Obj, llvm::StringRef Key, JsonValue V,
                  std::optional<TSNode> KeyNode = std::nullopt);

  /// The byte ranges of host strings read into requests.
  const std::vector<std::pair<uint32_t, uint32_t>> &consumed() const {
    return Consumed;
  }
  void consume(TSNode N) {
    Consumed.emplace_back(ts_node_start_byte(N), ts_node_end_byte(N));
  }

  Evaluator &eval() { return Eval; }
  FileId file() const { return File; }
  SourceRange range(TSNode N) const {
    return {File, ts_node_start_byte(N), ts_node_end_byte(N)};
  }

private:
  Evaluator &Eval;
  FileId File;
  std::vector<std::pair<uint32_t, uint32_t>> Consumed;
};

} // namespace nosqlint::extract::sdk

#endif
