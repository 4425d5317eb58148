//===- EmittersTest.cpp - What byte comparison of the goldens cannot check ===//
#include "ReportFixture.h"

#include "nosqlint/Patterns/Emitters.h"

#include "llvm/Support/JSON.h"

#include <gtest/gtest.h>

namespace nosqlint::patterns {
namespace {

using namespace test;

PatternReport hostile() {
  PatternReport R;
  R.Objects.push_back(table("ks.t", {"k"}, {}, {"k", "v"}));
  Read X = read("ks.t", 3, Served::FullScan);
  // Text that would end the data script or break a Markdown table.
  X.Text = "SELECT '</script><script>alert(1)</script>' | x FROM ks.t";
  X.Consistency = "LOCAL_QUORUM";
  X.PageSize = 500;
  R.Reads.push_back(X);
  computeFindings(R);
  return R;
}

std::string emitted(PatternsFormat F, const PatternReport &R) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  emitPatterns(F, R, OS);
  return OS.str();
}

TEST(EmittersTest, JsonIsVersionedAndParses) {
  std::string J = emitted(PatternsFormat::Json, hostile());
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(J);
  ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError());
  const llvm::json::Object *O = V->getAsObject();
  ASSERT_TRUE(O);
  EXPECT_EQ(O->getInteger("version").getValueOr(0), ReportVersion);
  const llvm::json::Array *Reads = O->getArray("reads");
  ASSERT_TRUE(Reads && Reads->size() == 1);
  const llvm::json::Object *R = (*Reads)[0].getAsObject();
  EXPECT_EQ(R->getString("served").getValueOr(""), "full-scan");
  EXPECT_EQ(R->getString("consistency").getValueOr(""), "LOCAL_QUORUM");
  EXPECT_EQ(R->getInteger("page_size").getValueOr(0), 500);
  EXPECT_TRUE(R->getBoolean("unserved").getValueOr(false));
  // Every object lists the indexes of its reads.
  const llvm::json::Array *Objects = O->getArray("objects");
  ASSERT_TRUE(Objects && Objects->size() == 1);
  EXPECT_EQ((*Objects)[0].getAsObject()->getArray("reads")->size(), 1u);
}

TEST(EmittersTest, FactsAreShownOnlyWhenKnown) {
  PatternReport R = hostile();
  EXPECT_NE(emitted(PatternsFormat::Text, R).find("consistency=LOCAL_QUORUM"),
            std::string::npos);
  R.Reads[0].Consistency.reset();
  R.Reads[0].PageSize.reset();
  EXPECT_EQ(emitted(PatternsFormat::Text, R).find("consistency="),
            std::string::npos);
  EXPECT_EQ(emitted(PatternsFormat::Json, R).find("page_size"),
            std::string::npos);
}

TEST(EmittersTest, HtmlIsSelfContainedAndItsScriptCannotBeEnded) {
  std::string H = emitted(PatternsFormat::Html, hostile());
  // No external asset: no src= or href= and no stylesheet link.
  EXPECT_EQ(H.find(" src="), std::string::npos);
  EXPECT_EQ(H.find("href="), std::string::npos);
  EXPECT_EQ(H.find("<link"), std::string::npos);
  // One end of the data script, one of the drawing script.
  size_t Ends = 0;
  for (size_t P = H.find("</script>"); P != std::string::npos;
       P = H.find("</script>", P + 1))
    ++Ends;
  EXPECT_EQ(Ends, 2u);
  EXPECT_EQ(H.find("<script>alert"), std::string::npos);
}

TEST(EmittersTest, MarkdownCellsKeepTheirRow) {
  std::string M = emitted(PatternsFormat::Markdown, hostile());
  EXPECT_NE(M.find("\\| x FROM ks.t"), std::string::npos);
}

TEST(EmittersTest, FormatNames) {
  EXPECT_EQ(parsePatternsFormat("md"), PatternsFormat::Markdown);
  EXPECT_EQ(parsePatternsFormat("full"), PatternsFormat::Text);
  EXPECT_FALSE(parsePatternsFormat("sarif"));
}

} // namespace
} // namespace nosqlint::patterns
