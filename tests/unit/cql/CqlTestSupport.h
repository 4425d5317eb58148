//===- CqlTestSupport.h - Parsing helpers for the CQL unit tests -*- C++ -*-===//
#ifndef NOSQLINT_TESTS_CQLTESTSUPPORT_H
#define NOSQLINT_TESTS_CQLTESTSUPPORT_H

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Cql/Parser.h"
#include "nosqlint/Cql/Printer.h"
#include "nosqlint/Diag/DiagnosticEngine.h"

#include "llvm/Support/Casting.h"

#include <memory>
#include <string>
#include <vector>

namespace nosqlint::cql::test {

/// One parsed text with its diagnostics.
struct Parsed {
  SourceManager SM;
  DiagnosticEngine Diags;
  FileId File;
  Script Result;

  std::vector<Diagnostic> diagnostics() const { return Diags.sorted(SM); }
  /// The file text a range covers.
  std::string textOf(SourceRange R) const;
  /// "line:col rule message" for each diagnostic, for readable failures.
  std::string describeDiagnostics() const;
};

std::unique_ptr<Parsed> parse(const std::string &Text,
                              CqlDialect Dialect = CqlDialect::Cassandra);
std::unique_ptr<Parsed> parse(const std::string &Text,
                              const ParseOptions &Options);

/// Parses \p Text, which must be one valid statement, and returns it cast
/// to \p T (null, with a test failure, otherwise).
template <typename T>
const T *parseOne(std::unique_ptr<Parsed> &Holder, const std::string &Text,
                  CqlDialect Dialect = CqlDialect::Cassandra);

/// parse -> print; empty when the text does not parse cleanly.
std::string roundTrip(const std::string &Text,
                      CqlDialect Dialect = CqlDialect::Cassandra);

} // namespace nosqlint::cql::test

#include "gtest/gtest.h"

namespace nosqlint::cql::test {

template <typename T>
const T *parseOne(std::unique_ptr<Parsed> &Holder, const std::string &Text,
                  CqlDialect Dialect) {
  Holder = parse(Text, Dialect);
  EXPECT_EQ(Holder->Diags.count(), 0u) << Text << "\n"
                                       << Holder->describeDiagnostics();
  EXPECT_EQ(Holder->Result.Statements.size(), 1u) << Text;
  if (Holder->Result.Statements.size() != 1)
    return nullptr;
  const T *S = llvm::dyn_cast<T>(Holder->Result.Statements[0].get());
  EXPECT_NE(S, nullptr) << "wrong statement kind for: " << Text;
  return S;
}

} // namespace nosqlint::cql::test

#endif
