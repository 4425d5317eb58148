//===- SdkTestSupport.h - Shows SDK request parameters in tests -*- C++ -*-===//
#ifndef NOSQLINT_TESTS_EXTRACT_SDKTESTSUPPORT_H
#define NOSQLINT_TESTS_EXTRACT_SDKTESTSUPPORT_H

#include "nosqlint/Driver/Driver.h"
#include "nosqlint/Json/PositionedJson.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

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

/// The document `nosqlint queries --format=json` prints for \p Inputs
/// against \p Schemas (a test failure and null when it is not JSON).
inline llvm::json::Value queriesJson(std::vector<std::string> Inputs,
                                     std::vector<std::string> Schemas) {
  DriverOptions O;
  O.Inputs = std::move(Inputs);
  O.Schemas = std::move(Schemas);
  O.ListQueries = true;
  O.Format = OutputFormat::Json;
  std::string Out, Err;
  llvm::raw_string_ostream OS(Out), ES(Err);
  runDriver(O, OS, ES);
  OS.flush();
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(Out);
  if (!V) {
    ADD_FAILURE() << llvm::toString(V.takeError()) << "\n" << Out;
    return nullptr;
  }
  return std::move(*V);
}

/// The "queries" array of a queriesJson document, or null.
inline const llvm::json::Array *queryList(const llvm::json::Value &V) {
  const llvm::json::Object *O = V.getAsObject();
  return O ? O->getArray("queries") : nullptr;
}

} // namespace nosqlint::extract::test

#endif
