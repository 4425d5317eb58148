//===- SdkTestSupport.h - Shows SDK request parameters in tests -*- C++ -*-===//
#ifndef NOSQLINT_TESTS_EXTRACT_SDKTESTSUPPORT_H
#define NOSQLINT_TESTS_EXTRACT_SDKTESTSUPPORT_H

#include "nosqlint/Json/PositionedJson.h"

#include <string>

namespace nosqlint::extract::test {

/// A compact, comparable spelling of request parameters built from host
/// code: strings quoted, unknown values as ?, ?str, ?num, ?bool, open
/// objects and arrays ending in "...".
inline std::string show(const json::JsonValue &V) {
  switch (V.K) {
  case json::JsonValue::Kind::Null:
    return V.Unknown ? "?" : "null";
  case json::JsonValue::Kind::Bool:
    return V.Unknown ? "?bool" : V.Bool ? "true" : "false";
  case json::JsonValue::Kind::Number:
    return V.Unknown ? "?num" : V.Str;
  case json::JsonValue::Kind::String:
    return V.Unknown ? "?str" : "'" + V.Str + "'";
  case json::JsonValue::Kind::Array: {
    std::string S = "[";
    for (size_t I = 0; I < V.Elements.size(); ++I) {
      if (I)
        S += ",";
      S += show(V.Elements[I]);
    }
    if (V.Unknown)
      S += V.Elements.empty() ? "..." : ",...";
    return S + "]";
  }
  case json::JsonValue::Kind::Object: {
    std::string S = "{";
    for (size_t I = 0; I < V.Members.size(); ++I) {
      if (I)
        S += ",";
      S += V.Members[I].Key;
      S += ":";
      S += show(V.Members[I].Value);
    }
    if (V.Unknown)
      S += V.Members.empty() ? "..." : ",...";
    return S + "}";
  }
  }
  return "";
}

} // namespace nosqlint::extract::test

#endif
