//===- ExampleAppTest.cpp - The bundled example application ---------------===//
//
// `make run` analyzes corpus/ against schemas/: the example must show every
// kind of finding at least once (CQL .cql files, CQL in Java, Python, Go and
// TypeScript, DynamoDB request JSON, DynamoDB SDK calls in Python and
// TypeScript), so a reader sees each rule at work on realistic code.
//
//===----------------------------------------------------------------------===//
#include "DriverTestSupport.h"

#include "nosqlint/Diag/Rule.h"

#include "llvm/Support/JSON.h"

#include <set>

using namespace nosqlint;
using namespace nosqlint::test;

namespace {

TEST(ExampleApp, ShowsEveryKindOfFinding) {
  DriverOptions O;
  // The schema is an input too (as `make run` gives it): its own findings
  // (hot-partition-key, unbounded-partition, ...) are part of the tour.
  O.Inputs = {NOSQLINT_SOURCE_DIR "/schemas", NOSQLINT_SOURCE_DIR "/corpus"};
  O.Format = OutputFormat::Json;
  RunResult R = runOn(O);
  EXPECT_EQ(R.Exit, ExitFindings) << R.Err;
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(R.Out);
  ASSERT_TRUE(bool(Doc)) << llvm::toString(Doc.takeError());
  std::set<std::string> Seen;
  std::set<std::string> Files;
  if (const llvm::json::Array *Ds = Doc->getAsObject()->getArray("diagnostics"))
    for (const llvm::json::Value &D : *Ds) {
      const llvm::json::Object *Obj = D.getAsObject();
      if (auto Rule = Obj->getString("rule"))
        Seen.insert(Rule->str());
      if (auto File = Obj->getString("file"))
        Files.insert(File->str());
    }
  // Not shown by design: the example has a schema (no-schema), reads
  // cleanly (input-error) and suppresses nothing it does not need
  // (unused-ignore, which also needs --report-unused-ignores); the
  // guardrail-* rules need a server's settings (--guardrails).
  const std::set<std::string> NotShown = {
      "input-error",           "no-schema",         "unused-ignore",
      "guardrail-consistency", "guardrail-query",   "guardrail-schema",
      "guardrail-threshold"};
  for (const RuleInfo &Rule : allRules()) {
    std::string Id = Rule.Name.str();
    if (NotShown.count(Id))
      EXPECT_FALSE(Seen.count(Id)) << Id << " should not occur";
    else
      EXPECT_TRUE(Seen.count(Id)) << "the example application shows no " << Id;
  }
  // Every source of queries contributes.
  for (const char *Suffix : {"queries.cql", "MessageRepository.java",
                             "moderation.py", "devices.go", "userService.ts",
                             "notifications.json", "notifications.py",
                             "threads.ts"}) {
    bool Found = false;
    for (const std::string &F : Files)
      Found |= llvm::StringRef(F).endswith(Suffix);
    EXPECT_TRUE(Found) << "no finding in " << Suffix;
  }
}

} // namespace
