//===- TestSupport.h - Reading requests from a string in tests -*- C++ -*-===//
#ifndef NOSQLINT_TESTS_UNIT_DYNAMO_TESTSUPPORT_H
#define NOSQLINT_TESTS_UNIT_DYNAMO_TESTSUPPORT_H

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Dynamo/Reader.h"

#include <gtest/gtest.h>

namespace nosqlint::dynamo::test {

struct Read {
  SourceManager SM;
  DiagnosticEngine Diags;
  FileId File;
  std::optional<RequestFile> Requests;

  explicit Read(llvm::StringRef Text, llvm::StringRef Name = "requests.json") {
    File = SM.addText(Text, Name);
    Requests = readDynamoRequests(File, SM.text(File), Diags);
  }
  const Request &only() {
    EXPECT_TRUE(Requests);
    EXPECT_EQ(Requests->Requests.size(), 1u);
    return Requests->Requests.front();
  }
  /// The text a range covers.
  std::string text(SourceRange R) {
    return SM.text(File).substr(R.Begin, R.End - R.Begin).str();
  }
  std::vector<std::string> rules() {
    std::vector<std::string> Out;
    for (const Diagnostic &D : Diags.sorted(SM))
      Out.push_back(ruleInfo(D.Rule).Name.str());
    return Out;
  }
};

} // namespace nosqlint::dynamo::test

#endif
