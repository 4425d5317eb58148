//===- QueriesJson.h - `nosqlint queries --format=json` in tests -*- C++ -*-===//
#ifndef NOSQLINT_TESTS_EXTRACT_QUERIESJSON_H
#define NOSQLINT_TESTS_EXTRACT_QUERIESJSON_H

#include "nosqlint/Driver/Driver.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace nosqlint::extract::test {

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
