//===- RuleCatalogTest.cpp - Every rule is documented and tested ----------===//
//
// The promises of the rule catalog: every rule in Rules.def has exactly one
// page docs/rules/<id>.md in the fixed format, embedded in the binary, whose
// severity line agrees with the catalog; no page lacks a rule; and every rule
// is expected somewhere in the fixture corpus (findings are tested).
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Diag/Rule.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

using namespace nosqlint;

namespace {

std::string readFile(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  return Buffer ? (*Buffer)->getBuffer().str() : std::string();
}

std::string docPath(llvm::StringRef Id) {
  return std::string(NOSQLINT_SOURCE_DIR) + "/docs/rules/" + Id.str() + ".md";
}

TEST(RuleCatalog, IdsAreSortedAndUnique) {
  llvm::ArrayRef<RuleInfo> Rules = allRules();
  for (size_t I = 1; I < Rules.size(); ++I)
    EXPECT_LT(Rules[I - 1].Name, Rules[I].Name) << "Rules.def must stay sorted";
}

TEST(RuleCatalog, EveryRuleHasItsPage) {
  for (const RuleInfo &R : allRules()) {
    std::string Page = readFile(docPath(R.Name));
    ASSERT_FALSE(Page.empty()) << "missing docs/rules/" << R.Name.str() << ".md";
    EXPECT_EQ(ruleDocumentation(R.Id), llvm::StringRef(Page))
        << R.Name.str() << ": the embedded page differs from the file";
    EXPECT_TRUE(llvm::StringRef(Page).startswith("# " + R.Name.str() + "\n"))
        << R.Name.str();
    std::string Severity =
        "Default severity: **" + severityName(R.DefaultSeverity).str() + "**";
    EXPECT_NE(Page.find(Severity), std::string::npos) << R.Name.str();
    for (const char *Heading : {"## What it flags", "## Example", "## Use instead",
                                "## The query-first fix", "## Suppressing it"})
      EXPECT_NE(Page.find(Heading), std::string::npos)
          << R.Name.str() << " lacks " << Heading;
    EXPECT_TRUE(Page.find("## Why it hurts at scale") != std::string::npos ||
                Page.find("## Why it matters") != std::string::npos)
        << R.Name.str();
  }
}

TEST(RuleCatalog, EveryPageHasItsRule) {
  std::error_code EC;
  std::string Dir = std::string(NOSQLINT_SOURCE_DIR) + "/docs/rules";
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::stem(It->path());
    if (llvm::sys::path::extension(It->path()) != ".md" || Name == "README")
      continue;
    EXPECT_TRUE(findRule(Name).has_value())
        << "docs/rules/" << Name.str() << ".md documents no rule";
  }
}

/// The rule ids named by `expect-<severity>[@line][:col] <rule-id>`
/// annotations in \p Text.
void collectExpectedRules(llvm::StringRef Text, llvm::StringSet<> &Rules) {
  size_t Pos = 0;
  while ((Pos = Text.find("expect-", Pos)) != llvm::StringRef::npos) {
    llvm::StringRef S = Text.substr(Pos + 7);
    Pos += 7;
    if (!S.consume_front("error") && !S.consume_front("warning") &&
        !S.consume_front("note"))
      continue;
    S = S.drop_while([](char C) { return C != ' ' && C != '\t' && C != '\n'; });
    S = S.ltrim(" \t");
    llvm::StringRef Id = S.take_while(
        [](char C) { return llvm::isAlnum(C) || C == '-'; });
    if (!Id.empty())
      Rules.insert(Id);
  }
}

TEST(RuleCatalog, EveryRuleIsExpectedInSomeFixture) {
  llvm::StringSet<> Expected;
  std::error_code EC;
  std::string Root = std::string(NOSQLINT_SOURCE_DIR) + "/tests/fixtures";
  for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End;
       It != End && !EC; It.increment(EC))
    if (It->type() == llvm::sys::fs::file_type::regular_file)
      collectExpectedRules(readFile(It->path()), Expected);
  for (const RuleInfo &R : allRules()) {
    if (R.Id == RuleId::InputError)
      continue; // tested by the driver's bad-input tests
    EXPECT_TRUE(Expected.count(R.Name)) << R.Name.str()
                                        << " is expected in no fixture";
  }
}

} // namespace
