//===- SarifEmitterTest.cpp - `--format=sarif` ----------------------------===//
//
// Validates the output against the SARIF 2.1.0 JSON schema (from the shared
// folder) and checks what the schema cannot: the rule catalog, rule indexes,
// URIs and UTF-16 columns.
//
//===----------------------------------------------------------------------===//
#include "EmitterScenario.h"

#include "nosqlint/Diag/Rule.h"

#include "rapidjson/document.h"
#include "rapidjson/schema.h"
#include "rapidjson/stringbuffer.h"
#include "rapidjson/writer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "gtest/gtest.h"

namespace nosqlint::test {
namespace {

std::string toString(const rapidjson::Value &V) {
  rapidjson::StringBuffer Buffer;
  rapidjson::Writer<rapidjson::StringBuffer> W(Buffer);
  V.Accept(W);
  return Buffer.GetString();
}

class SarifEmitterTest : public ::testing::Test {
protected:
  void SetUp() override {
    Text = render(emitSarif, S);
    Doc.Parse(Text.c_str(), Text.size());
    ASSERT_FALSE(Doc.HasParseError()) << Text;
  }
  const rapidjson::Value &run() { return Doc["runs"][0]; }

  EmitterScenario S;
  std::string Text;
  rapidjson::Document Doc;
};

std::string schemaPath() {
  return std::string(NOSQLINT_SHARED_DIR) + "/schemas/sarif-schema-2.1.0.json";
}

/// Validates \p Doc against the SARIF schema: an empty string when valid,
/// else where and why it is not.
std::string schemaErrors(const rapidjson::Document &Doc) {
  auto Buffer = llvm::MemoryBuffer::getFile(schemaPath());
  if (!Buffer)
    return "cannot read " + schemaPath();
  rapidjson::Document SchemaJson;
  SchemaJson.Parse((*Buffer)->getBufferStart(), (*Buffer)->getBufferSize());
  if (SchemaJson.HasParseError())
    return "the schema does not parse";
  rapidjson::SchemaDocument Schema(SchemaJson);
  rapidjson::SchemaValidator Validator(Schema);
  if (Doc.Accept(Validator))
    return "";
  rapidjson::StringBuffer SchemaPtr, DocPtr;
  Validator.GetInvalidSchemaPointer().StringifyUriFragment(SchemaPtr);
  Validator.GetInvalidDocumentPointer().StringifyUriFragment(DocPtr);
  return std::string("SARIF output is invalid at ") + DocPtr.GetString() +
         ": schema " + SchemaPtr.GetString() + " keyword '" +
         Validator.GetInvalidSchemaKeyword() + "'";
}

TEST_F(SarifEmitterTest, ValidAgainstTheSchema) {
  if (!llvm::sys::fs::exists(schemaPath()))
    GTEST_SKIP() << schemaPath() << " not found";
  std::string Errors = schemaErrors(Doc);
  EXPECT_TRUE(Errors.empty()) << Errors;
}

TEST(SarifNotificationTest, InputErrorWithALocationIsANotification) {
  SourceManager SM;
  FileId F = SM.addText("", "schema/missing.cql");
  Diagnostic D;
  D.Rule = RuleId::InputError;
  D.Message = "cannot read 'schema/missing.cql'";
  D.Range = {F, 0, 0};
  EmitOptions Options;
  Options.WorkingDirectory = "/w";
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  emitSarif({D}, SM, RunSummary(), Options, OS);
  rapidjson::Document Doc;
  Doc.Parse(OS.str().c_str());
  ASSERT_FALSE(Doc.HasParseError());
  const auto &Run = Doc["runs"][0];
  EXPECT_EQ(Run["results"].Size(), 0u);
  const auto &Invocation = Run["invocations"][0];
  EXPECT_FALSE(Invocation["executionSuccessful"].GetBool());
  const auto &Note = Invocation["toolExecutionNotifications"][0];
  EXPECT_EQ(Note["level"], "error");
  EXPECT_EQ(Note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "schema/missing.cql");
  if (llvm::sys::fs::exists(schemaPath())) {
    std::string Errors = schemaErrors(Doc);
    EXPECT_TRUE(Errors.empty()) << Errors;
  }
}

TEST_F(SarifEmitterTest, SchemaValidationCanFail) {
  // The validator really checks: a wrong version or a result without a
  // message is rejected.
  if (!llvm::sys::fs::exists(schemaPath()))
    GTEST_SKIP() << schemaPath() << " not found";
  Doc["version"].SetString("2.0.0");
  EXPECT_NE(schemaErrors(Doc), "");
  Doc["version"].SetString("2.1.0");
  EXPECT_EQ(schemaErrors(Doc), "");
  Doc["runs"][0]["results"][0].RemoveMember("message");
  EXPECT_NE(schemaErrors(Doc), "");
}

TEST_F(SarifEmitterTest, DriverListsEveryRuleWithItsPage) {
  const auto &Driver = run()["tool"]["driver"];
  EXPECT_EQ(Driver["name"], "nosqlint");
  EXPECT_EQ(Driver["version"], "0.1.0-test");
  EXPECT_EQ(Driver["informationUri"], ToolInformationUri.data());
  const auto &Rules = Driver["rules"];
  llvm::ArrayRef<RuleInfo> All = allRules();
  ASSERT_EQ(Rules.Size(), All.size());
  for (unsigned I = 0; I < All.size(); ++I) {
    const auto &R = Rules[I];
    EXPECT_EQ(R["id"], All[I].Name.str().c_str());
    EXPECT_EQ(R["shortDescription"]["text"], All[I].Summary.str().c_str());
    EXPECT_EQ(R["defaultConfiguration"]["level"],
              severityName(All[I].DefaultSeverity).str().c_str());
    llvm::StringRef Doc = ruleDocumentation(All[I].Id);
    if (!Doc.empty()) {
      EXPECT_EQ(R["help"]["markdown"], Doc.str().c_str());
      EXPECT_EQ(R["help"]["text"], Doc.str().c_str());
    }
  }
}

TEST_F(SarifEmitterTest, FullDescriptionIsWhatItFlags) {
  const auto &Rules = run()["tool"]["driver"]["rules"];
  for (const auto &R : Rules.GetArray()) {
    if (R["id"] != "join")
      continue;
    std::string Full = R["fullDescription"]["text"].GetString();
    EXPECT_EQ(Full.rfind("A CQL statement written as if CQL were SQL", 0), 0u)
        << Full;
    EXPECT_EQ(Full.find("##"), std::string::npos) << Full;
  }
}

TEST_F(SarifEmitterTest, ResultsPointAtRulesAndRelativeUris) {
  const auto &Rules = run()["tool"]["driver"]["rules"];
  const auto &Results = run()["results"];
  // Every located diagnostic is a result; the unlocated input error is a
  // tool execution notification (GitHub rejects results with no location).
  ASSERT_EQ(Results.Size(), S.Diags.size() - 1);
  for (const auto &R : Results.GetArray()) {
    unsigned Index = R["ruleIndex"].GetUint();
    ASSERT_LT(Index, Rules.Size());
    EXPECT_EQ(Rules[Index]["id"], R["ruleId"]);
    ASSERT_EQ(R["locations"].Size(), 1u);
  }
  const auto &Notes = run()["invocations"][0]["toolExecutionNotifications"];
  ASSERT_EQ(Notes.Size(), 1u);
  EXPECT_EQ(Notes[0]["associatedRule"]["id"], "input-error");
  unsigned NoteIndex = Notes[0]["associatedRule"]["index"].GetUint();
  ASSERT_LT(NoteIndex, Rules.Size());
  EXPECT_EQ(Rules[NoteIndex]["id"], "input-error");
  EXPECT_FALSE(run()["invocations"][0]["executionSuccessful"].GetBool());
  EXPECT_EQ(run()["originalUriBaseIds"]["%SRCROOT%"]["uri"],
            "file:///work/project/");
  EXPECT_EQ(run()["columnKind"], "utf16CodeUnits");

  std::vector<std::string> Uris;
  for (const auto &R : Results.GetArray())
    Uris.push_back(
        toString(R["locations"][0]["physicalLocation"]["artifactLocation"]));
  EXPECT_EQ(Uris.front(), "{\"uri\":\"file:///work/vendor/legacy.cql\"}");
  EXPECT_NE(std::find(Uris.begin(), Uris.end(),
                      "{\"uri\":\"queries/caf%C3%A9%20menu/tabs.cql\","
                      "\"uriBaseId\":\"%SRCROOT%\"}"),
            Uris.end());
}

TEST_F(SarifEmitterTest, ColumnsAreUtf16CodeUnits) {
  // "OR" in tabs.cql line 2: "\t\tSELECT * FROM plats WHERE nom = '日本' AND
  // prix > 5 OR ...": byte column 57, UTF-16 column 53 (each of the two CJK
  // characters is 3 bytes, 1 code unit).
  for (const auto &R : run()["results"].GetArray()) {
    if (R["message"]["text"] != "CQL has no 'OR'")
      continue;
    const auto &Region = R["locations"][0]["physicalLocation"]["region"];
    EXPECT_EQ(Region["startLine"].GetInt(), 2);
    EXPECT_EQ(Region["startColumn"].GetInt(), 53);
    EXPECT_EQ(Region["endColumn"].GetInt(), 53 + 11);
    return;
  }
  FAIL() << "result not found";
}

TEST(SarifUriTest, RelativeInsideTheWorkingDirectory) {
  bool Relative = false;
  EXPECT_EQ(sarifUriForPath("a/b.cql", "/w", Relative), "a/b.cql");
  EXPECT_TRUE(Relative);
  EXPECT_EQ(sarifUriForPath("./a/../b c.cql", "/w", Relative), "b%20c.cql");
  EXPECT_TRUE(Relative);
  EXPECT_EQ(sarifUriForPath("/w/x/y.cql", "/w/", Relative), "x/y.cql");
  EXPECT_TRUE(Relative);
  EXPECT_EQ(sarifUriForPath("a#1:%.cql", "/w", Relative), "a%231%3A%25.cql");
  EXPECT_TRUE(Relative);
}

TEST(SarifUriTest, AbsoluteOutsideTheWorkingDirectory) {
  bool Relative = true;
  EXPECT_EQ(sarifUriForPath("../v/x.cql", "/w/p", Relative),
            "file:///w/v/x.cql");
  EXPECT_FALSE(Relative);
  EXPECT_EQ(sarifUriForPath("/wp/x.cql", "/w", Relative), "file:///wp/x.cql");
  EXPECT_FALSE(Relative);
  EXPECT_EQ(sarifUriForPath("/tmp/\xC3\xA9 t.cql", "/w", Relative),
            "file:///tmp/%C3%A9%20t.cql");
}

} // namespace
} // namespace nosqlint::test
