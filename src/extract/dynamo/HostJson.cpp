//===- HostJson.cpp -------------------------------------------------------===//
#include "HostJson.h"
#include "EnvironmentReads.h"

#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract::sdk {

namespace {

JsonValue spanning(TSNode N, JsonValue::Kind K) {
  JsonValue V;
  V.K = K;
  V.Begin = ts_node_start_byte(N);
  V.End = ts_node_end_byte(N);
  return V;
}

} // namespace

JsonValue HostJson::object(TSNode N) const {
  return spanning(N, JsonValue::Kind::Object);
}

JsonValue HostJson::array(TSNode N) const {
  return spanning(N, JsonValue::Kind::Array);
}

JsonValue HostJson::unknown(TSNode N) const {
  JsonValue V = spanning(N, JsonValue::Kind::Null);
  V.Unknown = true;
  return V;
}

JsonValue HostJson::synthesized(TSNode N, std::string Text,
                                TextOrigin Origin) const {
  JsonValue V = spanning(N, JsonValue::Kind::String);
  SourceRange Content = Origin.toFileRange(0, static_cast<uint32_t>(Text.size()));
  V.ContentBegin = Text.empty() ? V.Begin : Content.Begin;
  V.ContentEnd = Text.empty() ? V.Begin : Content.End;
  V.Str = std::move(Text);
  V.Origin = std::make_shared<const TextOrigin>(std::move(Origin));
  return V;
}

JsonValue HostJson::declared(TSNode N, llvm::StringRef Text) const {
  Rebuilt R;
  R.appendMapped(Text, ts_node_start_byte(N),
                 ts_node_end_byte(N) - ts_node_start_byte(N));
  return synthesized(N, Text.str(), R.origin(File));
}

JsonValue HostJson::string(TSNode N) {
  Rebuilt R;
  Eval.append(N, R);
  consume(N);
  if (R.holes() != 0 || R.trust() != SnippetTrust::Full) {
    JsonValue V = spanning(N, JsonValue::Kind::String);
    V.Unknown = true;
    V.ContentBegin = V.Begin;
    V.ContentEnd = V.End;
    V.FromEnvironment = environmentVariableOf(Eval, N);
    return V;
  }
  return synthesized(N, R.text(), R.origin(File));
}

JsonValue HostJson::number(TSNode N) {
  Rebuilt R;
  Eval.append(N, R);
  llvm::StringRef T = llvm::StringRef(R.text()).trim();
  double D = 0;
  if (R.holes() != 0 || T.empty() || T.getAsDouble(D)) {
    JsonValue V = unknown(N);
    V.K = JsonValue::Kind::Number;
    return V;
  }
  JsonValue V = spanning(N, JsonValue::Kind::Number);
  V.Number = D;
  V.Str = T.str();
  return V;
}

JsonValue HostJson::boolean(TSNode N) {
  llvm::StringRef T = Eval.text(N);
  JsonValue V = spanning(N, JsonValue::Kind::Bool);
  if (T == "true" || T == "True")
    V.Bool = true;
  else if (T == "false" || T == "False")
    V.Bool = false;
  else
    V.Unknown = true;
  return V;
}

JsonValue HostJson::attributeValue(TSNode N, llvm::StringRef Type,
                                   JsonValue V) const {
  JsonValue A = object(N);
  add(A, Type, std::move(V));
  return A;
}

void HostJson::add(JsonValue &Obj, llvm::StringRef Key, JsonValue V,
                   std::optional<TSNode> KeyNode) {
  json::JsonMember M;
  M.Key = Key.str();
  if (KeyNode) {
    M.KeyBegin = ts_node_start_byte(*KeyNode);
    M.KeyEnd = ts_node_end_byte(*KeyNode);
    // A string literal key is quoted; an identifier or a constant's name
    // (`{TableName: ...}`, `Map.of(TABLE, ...)`) is not.
    M.KeyQuoted = llvm::StringRef(ts_node_type(*KeyNode)).contains("string");
  } else {
    M.KeyBegin = V.Begin;
    M.KeyEnd = V.End;
    M.KeyQuoted = false;
  }
  M.Value = std::move(V);
  Obj.Members.push_back(std::move(M));
}

} // namespace nosqlint::extract::sdk
