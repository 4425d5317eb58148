//===- JsonEmitterTest.cpp - `--format=json` -----------------------------===//
#include "EmitterScenario.h"

#include "rapidjson/document.h"
#include "gtest/gtest.h"

#include <vector>

namespace nosqlint::test {
namespace {

std::vector<std::string> keys(const rapidjson::Value &Object) {
  std::vector<std::string> Keys;
  for (const auto &M : Object.GetObject())
    Keys.push_back(M.name.GetString());
  return Keys;
}

class JsonEmitterTest : public ::testing::Test {
protected:
  void SetUp() override {
    Text = render(emitJson, S);
    Doc.Parse(Text.c_str(), Text.size());
    ASSERT_FALSE(Doc.HasParseError()) << Text;
  }
  EmitterScenario S;
  std::string Text;
  rapidjson::Document Doc;
};

TEST_F(JsonEmitterTest, KeysInTheDocumentedOrder) {
  EXPECT_EQ(keys(Doc),
            (std::vector<std::string>{"version", "diagnostics", "summary"}));
  EXPECT_EQ(Doc["version"].GetInt(), 1);
  const auto &Diags = Doc["diagnostics"];
  ASSERT_EQ(Diags.Size(), S.Diags.size());
  for (const auto &D : Diags.GetArray()) {
    EXPECT_EQ(keys(D),
              (std::vector<std::string>{
                  "rule", "severity", "message", "file", "line", "column",
                  "end_line", "end_column", "dialect", "fingerprint", "notes",
                  "fixits"}));
    for (const auto &N : D["notes"].GetArray())
      EXPECT_EQ(keys(N), (std::vector<std::string>{"message", "file", "line",
                                                   "column"}));
    for (const auto &F : D["fixits"].GetArray())
      EXPECT_EQ(keys(F), (std::vector<std::string>{"file", "line", "column",
                                                   "end_line", "end_column",
                                                   "replacement", "safety"}));
  }
  EXPECT_EQ(keys(Doc["summary"]),
            (std::vector<std::string>{"files", "statements", "errors",
                                      "warnings", "notes"}));
}

TEST_F(JsonEmitterTest, PositionsAreOneBasedBytesWithExclusiveEnd) {
  // The join in queries/reports.cql: line 2, "JOIN" at byte column 37.
  const rapidjson::Value *Join = nullptr;
  for (const auto &D : Doc["diagnostics"].GetArray())
    if (D["rule"] == "join" && D["file"] == "queries/reports.cql")
      Join = &D;
  ASSERT_NE(Join, nullptr);
  EXPECT_EQ((*Join)["line"].GetInt(), 2);
  EXPECT_EQ((*Join)["column"].GetInt(), 37);
  EXPECT_EQ((*Join)["end_line"].GetInt(), 2);
  EXPECT_EQ((*Join)["end_column"].GetInt(),
            37 + int(llvm::StringRef("JOIN orders o ON o.user_id = u.user_id")
                         .size()));
  EXPECT_EQ((*Join)["dialect"], "cql");
  const auto &Notes = (*Join)["notes"];
  ASSERT_EQ(Notes.Size(), 3u);
  EXPECT_EQ(Notes[0]["file"], "schema/shop.cql");
  EXPECT_EQ(Notes[0]["line"].GetInt(), 1);
  EXPECT_EQ(Notes[0]["column"].GetInt(), 14);
  EXPECT_TRUE(Notes[2]["file"].IsNull());
  EXPECT_TRUE(Notes[2]["line"].IsNull());
  EXPECT_TRUE(Notes[2]["column"].IsNull());
}

TEST_F(JsonEmitterTest, UnlocatedDiagnosticHasNulls) {
  const auto &First = Doc["diagnostics"][0];
  EXPECT_EQ(First["rule"], "input-error");
  for (const char *Key :
       {"file", "line", "column", "end_line", "end_column", "dialect"})
    EXPECT_TRUE(First[Key].IsNull()) << Key;
}

TEST_F(JsonEmitterTest, SummaryCountsFindings) {
  const auto &Sum = Doc["summary"];
  EXPECT_EQ(Sum["files"].GetInt(), 5);
  EXPECT_EQ(Sum["statements"].GetInt(), 8);
  EXPECT_EQ(Sum["errors"].GetInt(), 7);
  EXPECT_EQ(Sum["warnings"].GetInt(), 1);
  EXPECT_EQ(Sum["notes"].GetInt(), 1);
}

TEST(JsonEmitterInvalidUtf8Test, OutputStaysValidUtf8) {
  SourceManager SM;
  FileId F = SM.addText("x\n", "bad\xFF.cql");
  Diagnostic D;
  D.Message = "bad byte \xC3";
  D.Range = {F, 0, 1};
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  emitJson({D}, SM, RunSummary(), EmitOptions(), OS);
  rapidjson::Document Doc;
  Doc.Parse<rapidjson::kParseValidateEncodingFlag>(OS.str().c_str());
  EXPECT_FALSE(Doc.HasParseError()) << OS.str();
}

TEST_F(JsonEmitterTest, Deterministic) { EXPECT_EQ(render(emitJson, S), Text); }

TEST(JsonEmitterStatisticsTest, PerRuleCountsAndBaselineFields) {
  EmitterScenario S;
  S.Options.Statistics = true;
  S.Summary.HasBaseline = true;
  S.Summary.Baselined = 4;
  S.Summary.BaselineGone = 1;
  std::string Text = render(emitJson, S);
  rapidjson::Document Doc;
  Doc.Parse(Text.c_str(), Text.size());
  ASSERT_FALSE(Doc.HasParseError()) << Text;
  EXPECT_EQ(keys(Doc), (std::vector<std::string>{"version", "diagnostics",
                                                 "summary", "statistics"}));
  EXPECT_EQ(Doc["summary"]["baselined"].GetUint(), 4u);
  EXPECT_EQ(Doc["summary"]["baseline_fixed"].GetUint(), 1u);
  unsigned Total = 0, Previous = ~0u;
  for (const auto &R : Doc["statistics"].GetArray()) {
    EXPECT_EQ(keys(R), (std::vector<std::string>{"rule", "count"}));
    EXPECT_LE(R["count"].GetUint(), Previous) << "most frequent first";
    Previous = R["count"].GetUint();
    Total += Previous;
  }
  EXPECT_EQ(Total, S.Diags.size());
}

} // namespace
} // namespace nosqlint::test
