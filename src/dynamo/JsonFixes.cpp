//===- JsonFixes.cpp ------------------------------------------------------===//
#include "JsonFixes.h"

namespace nosqlint::dynamo {

std::string jsonQuoted(llvm::StringRef Text) {
  std::string Out = "\"";
  for (char C : Text) {
    if (C == '"' || C == '\\')
      Out += '\\';
    if (static_cast<unsigned char>(C) < 0x20) {
      static const char Hex[] = "0123456789abcdef";
      Out += "\\u00";
      Out += Hex[(C >> 4) & 0xF];
      Out += Hex[C & 0xF];
      continue;
    }
    Out += C;
  }
  return Out + "\"";
}

std::optional<std::string> jsonText(const json::JsonValue &V) {
  if (V.Unknown || !V.Tag.empty())
    return std::nullopt;
  switch (V.K) {
  case json::JsonValue::Kind::Null:
    return std::string("null");
  case json::JsonValue::Kind::Bool:
    return std::string(V.Bool ? "true" : "false");
  case json::JsonValue::Kind::Number:
    if (V.Str.empty())
      return std::nullopt;
    return V.Str;
  case json::JsonValue::Kind::String:
    return jsonQuoted(V.Str);
  case json::JsonValue::Kind::Array: {
    std::string Out = "[";
    for (const json::JsonValue &E : V.Elements) {
      std::optional<std::string> T = jsonText(E);
      if (!T)
        return std::nullopt;
      Out += (Out.size() > 1 ? ", " : "") + *T;
    }
    return Out + "]";
  }
  case json::JsonValue::Kind::Object: {
    std::string Out = "{";
    for (const json::JsonMember &M : V.Members) {
      std::optional<std::string> T = jsonText(M.Value);
      if (!T)
        return std::nullopt;
      Out += (Out.size() > 1 ? ", " : "") + jsonQuoted(M.Key) + ": " + *T;
    }
    return Out + "}";
  }
  }
  return std::nullopt;
}

std::optional<FixIt> addMember(const Request &R, const json::JsonValue &Object,
                               llvm::StringRef Key, llvm::StringRef ValueJson) {
  if (!R.JsonText || !Object.isObject() || Object.Unknown ||
      Object.End < Object.Begin + 2)
    return std::nullopt;
  std::string Member = jsonQuoted(Key) + ": " + ValueJson.str();
  if (Object.Members.empty()) // {} or { }: just inside the brace
    return FixIt{SourceRange(R.File, Object.Begin + 1, Object.Begin + 1),
                 Member};
  uint32_t After = Object.Members.back().Value.End;
  return FixIt{SourceRange(R.File, After, After), ", " + Member};
}

std::optional<FixIt> removeMember(const Request &R,
                                  const json::JsonValue &Object,
                                  const json::JsonMember &M) {
  if (!R.JsonText || !Object.isObject() || Object.Unknown)
    return std::nullopt;
  const std::vector<json::JsonMember> &Ms = Object.Members;
  size_t I = 0;
  while (I < Ms.size() && &Ms[I] != &M)
    ++I;
  if (I == Ms.size())
    return std::nullopt;
  // From its key to the next key; the last one from the end of the one
  // before it (the comma between them goes with it).
  if (I + 1 < Ms.size())
    return FixIt{SourceRange(R.File, M.KeyBegin, Ms[I + 1].KeyBegin), ""};
  if (I > 0)
    return FixIt{SourceRange(R.File, Ms[I - 1].Value.End, M.Value.End), ""};
  return FixIt{SourceRange(R.File, M.KeyBegin, M.Value.End), ""};
}

const json::JsonMember *memberAt(const json::JsonValue &Object,
                                 uint32_t KeyBegin) {
  for (const json::JsonMember &M : Object.Members)
    if (M.KeyBegin == KeyBegin)
      return &M;
  return nullptr;
}

} // namespace nosqlint::dynamo
