//===- PositionedJsonTest.cpp - Positions, escapes, errors, NDJSON --------===//
#include "nosqlint/Json/PositionedJson.h"

#include <gtest/gtest.h>

#include <string>

using namespace nosqlint;
using namespace nosqlint::json;

namespace {

llvm::StringRef slice(llvm::StringRef Text, uint32_t Begin, uint32_t End) {
  return Text.slice(Begin, End);
}

JsonValue parseOk(llvm::StringRef Text) {
  JsonError Err;
  std::optional<JsonValue> V = parseJson(Text, Err);
  EXPECT_TRUE(V.has_value()) << Err.Message << " at " << Err.Offset;
  return V ? std::move(*V) : JsonValue();
}

TEST(PositionedJson, ValueRanges) {
  llvm::StringRef Text = R"(  {"a" : [1, -2.5e3, true, null] ,
 "bee":{"c":"x"}, "d": false}  )";
  JsonValue Root = parseOk(Text);
  ASSERT_TRUE(Root.isObject());
  EXPECT_EQ(slice(Text, Root.Begin, Root.End).front(), '{');
  EXPECT_EQ(slice(Text, Root.Begin, Root.End).back(), '}');
  EXPECT_EQ(Root.End, Text.size() - 2);
  ASSERT_EQ(Root.Members.size(), 3u);

  const JsonMember &A = Root.Members[0];
  EXPECT_EQ(A.Key, "a");
  EXPECT_EQ(slice(Text, A.KeyBegin, A.KeyEnd), "\"a\"");
  EXPECT_EQ(slice(Text, A.Value.Begin, A.Value.End), "[1, -2.5e3, true, null]");
  ASSERT_EQ(A.Value.Elements.size(), 4u);
  EXPECT_EQ(slice(Text, A.Value.Elements[1].Begin, A.Value.Elements[1].End),
            "-2.5e3");
  EXPECT_DOUBLE_EQ(A.Value.Elements[1].Number, -2500.0);
  EXPECT_EQ(A.Value.Elements[1].Str, "-2.5e3");
  EXPECT_EQ(slice(Text, A.Value.Elements[2].Begin, A.Value.Elements[2].End),
            "true");
  EXPECT_TRUE(A.Value.Elements[2].Bool);
  EXPECT_EQ(slice(Text, A.Value.Elements[3].Begin, A.Value.Elements[3].End),
            "null");

  const JsonMember &B = Root.Members[1];
  EXPECT_EQ(slice(Text, B.KeyBegin, B.KeyEnd), "\"bee\"");
  EXPECT_EQ(slice(Text, B.Value.Begin, B.Value.End), "{\"c\":\"x\"}");
  const JsonValue *C = B.Value.get("c");
  ASSERT_NE(C, nullptr);
  EXPECT_EQ(slice(Text, C->Begin, C->End), "\"x\"");
  EXPECT_EQ(slice(Text, C->ContentBegin, C->ContentEnd), "x");
  EXPECT_EQ(slice(Text, Root.Members[2].Value.Begin, Root.Members[2].Value.End),
            "false");
  EXPECT_EQ(Root.getString("d"), std::nullopt);
  EXPECT_EQ(B.Value.getString("c"), llvm::StringRef("x"));
}

TEST(PositionedJson, EmptyContainers) {
  llvm::StringRef Text = "[ {} , [ ] ,\"\"]";
  JsonValue Root = parseOk(Text);
  ASSERT_EQ(Root.Elements.size(), 3u);
  EXPECT_EQ(slice(Text, Root.Elements[0].Begin, Root.Elements[0].End), "{}");
  EXPECT_EQ(slice(Text, Root.Elements[1].Begin, Root.Elements[1].End), "[ ]");
  EXPECT_EQ(slice(Text, Root.Elements[2].Begin, Root.Elements[2].End), "\"\"");
  EXPECT_EQ(Root.Elements[2].ContentBegin, Root.Elements[2].ContentEnd);
}

TEST(PositionedJson, EscapesMapBackToFileOffsets) {
  // Decoded: "a\nb" + "é" (2 bytes) + "c" + U+1F600 (4 bytes) + "d".
  llvm::StringRef Text = R"({"k": "a\nb\u00e9c\ud83d\ude00d\"e"})";
  JsonValue Root = parseOk(Text);
  const JsonValue *S = Root.get("k");
  ASSERT_NE(S, nullptr);
  EXPECT_EQ(S->Str, "a\nb\xC3\xA9"
                    "c\xF0\x9F\x98\x80"
                    "d\"e");
  ASSERT_EQ(S->Escapes.size(), 4u);
  TextOrigin O = S->contentOrigin(FileId{1});
  uint32_t Content = S->ContentBegin;
  EXPECT_EQ(O.toFileOffset(0), Content);          // a
  EXPECT_EQ(O.toFileOffset(1), Content + 1);      // \n starts at its backslash
  EXPECT_EQ(O.toFileOffset(2), Content + 3);      // b
  EXPECT_EQ(O.toFileOffset(3), Content + 4);      // é: the \u00e9 escape
  EXPECT_EQ(O.toFileOffset(5), Content + 10);     // c
  EXPECT_EQ(O.toFileOffset(6), Content + 11);     // the surrogate pair
  EXPECT_EQ(O.toFileOffset(10), Content + 23);    // d
  EXPECT_EQ(O.toFileOffset(12), Content + 26);    // e
  // A decoded range ending in the emoji covers the whole 12-byte escape.
  SourceRange R = S->decodedRange(FileId{1}, 5, 10);
  EXPECT_EQ(slice(Text, R.Begin, R.End), "c\\ud83d\\ude00");
  SourceRange Whole = S->decodedRange(FileId{1}, 0,
                                      static_cast<uint32_t>(S->Str.size()));
  EXPECT_EQ(Whole.Begin, S->ContentBegin);
  EXPECT_EQ(Whole.End, S->ContentEnd);
}

TEST(PositionedJson, PlainStringsUseIdentityOrigin) {
  llvm::StringRef Text = "  \"hello world\"";
  JsonValue S = parseOk(Text);
  EXPECT_TRUE(S.Escapes.empty());
  SourceRange R = S.decodedRange(FileId{1}, 6, 11);
  EXPECT_EQ(slice(Text, R.Begin, R.End), "world");
}

TEST(PositionedJson, KeysWithEscapes) {
  llvm::StringRef Text = R"({"a\u0062": 1})";
  JsonValue Root = parseOk(Text);
  ASSERT_EQ(Root.Members.size(), 1u);
  EXPECT_EQ(Root.Members[0].Key, "ab");
  EXPECT_EQ(slice(Text, Root.Members[0].KeyBegin, Root.Members[0].KeyEnd),
            R"("a\u0062")");
  EXPECT_NE(Root.get("ab"), nullptr);
}

TEST(PositionedJson, ErrorHasOffsetAndRapidJsonMessage) {
  JsonError Err;
  llvm::StringRef Text = "{\"a\": [1, 2,, 3]}";
  EXPECT_FALSE(parseJson(Text, Err));
  EXPECT_EQ(Err.Offset, 12u);
  EXPECT_EQ(Err.Message, "Invalid value.");

  EXPECT_FALSE(parseJson("{\"a\" 1}", Err));
  EXPECT_EQ(Err.Offset, 5u);
  EXPECT_EQ(Err.Message, "Missing a colon after a name of object member.");

  EXPECT_FALSE(parseJson("{} {}", Err));
  EXPECT_EQ(Err.Offset, 3u);
  EXPECT_EQ(Err.Message, "The document root must not be followed by other values.");

  EXPECT_FALSE(parseJson("", Err));
  EXPECT_EQ(Err.Message, "The document is empty.");

  EXPECT_FALSE(parseJson("\"\\ud83d\"", Err));
  EXPECT_EQ(Err.Message, "The surrogate pair in string is invalid.");
}

TEST(PositionedJson, InvalidUtf8IsAnError) {
  JsonError Err;
  EXPECT_FALSE(parseJson("\"a\xFF\"", Err));
  EXPECT_EQ(Err.Message, "Invalid encoding in string.");
}

TEST(PositionedJson, DepthLimit) {
  std::string Deep(100000, '[');
  JsonError Err;
  EXPECT_FALSE(parseJson(Deep, Err));
  EXPECT_EQ(Err.Message, "JSON nested deeper than 512 levels");
  EXPECT_EQ(Err.Offset, 512u);

  std::string DeepObjects;
  for (int I = 0; I < 100000; ++I)
    DeepObjects += "{\"a\":";
  EXPECT_FALSE(parseJson(DeepObjects, Err));
  EXPECT_EQ(Err.Message, "JSON nested deeper than 512 levels");

  // Exactly at the limit is fine.
  std::string AtLimit = std::string(512, '[') + std::string(512, ']');
  EXPECT_TRUE(parseJson(AtLimit, Err).has_value());
  JsonParseOptions Small;
  Small.MaxDepth = 3;
  EXPECT_FALSE(parseJson("[[[[1]]]]", Err, Small));
  EXPECT_EQ(Err.Offset, 3u);
  EXPECT_EQ(Err.Message, "JSON nested deeper than 3 levels");
}

TEST(PositionedJson, NdjsonDocumentsKeepFileOffsets) {
  llvm::StringRef Text = "{\"a\":1}\r\n\n  [\"x\"]\n{\"b\":true}\n";
  JsonDocuments Docs = parseJsonDocuments(Text, /*SplitTopLevelArray=*/false);
  ASSERT_FALSE(Docs.Error.has_value()) << Docs.Error->Message;
  EXPECT_TRUE(Docs.WasNdjson);
  ASSERT_EQ(Docs.Documents.size(), 3u);
  const JsonValue &Second = Docs.Documents[1];
  EXPECT_EQ(slice(Text, Second.Begin, Second.End), "[\"x\"]");
  EXPECT_EQ(slice(Text, Second.Elements[0].ContentBegin,
                  Second.Elements[0].ContentEnd),
            "x");
  EXPECT_EQ(slice(Text, Docs.Documents[2].Begin, Docs.Documents[2].End),
            "{\"b\":true}");
}

TEST(PositionedJson, NdjsonErrorPointsIntoItsLine) {
  llvm::StringRef Text = "{\"a\":1}\n{\"b\":}\n";
  JsonDocuments Docs = parseJsonDocuments(Text, false);
  ASSERT_TRUE(Docs.Error.has_value());
  EXPECT_EQ(Docs.Documents.size(), 1u);
  EXPECT_EQ(Docs.Error->Offset, 13u);
  EXPECT_EQ(Docs.Error->Message, "Invalid value.");
}

TEST(PositionedJson, TopLevelArraySplits) {
  llvm::StringRef Text = "[{\"a\":1}, {\"b\":2}]";
  JsonDocuments Docs = parseJsonDocuments(Text, /*SplitTopLevelArray=*/true);
  ASSERT_FALSE(Docs.Error.has_value());
  ASSERT_EQ(Docs.Documents.size(), 2u);
  EXPECT_EQ(slice(Text, Docs.Documents[1].Begin, Docs.Documents[1].End),
            "{\"b\":2}");
  JsonDocuments Kept = parseJsonDocuments(Text, false);
  ASSERT_EQ(Kept.Documents.size(), 1u);
  EXPECT_TRUE(Kept.Documents[0].isArray());
}

TEST(PositionedJson, SingleDocumentErrorIsNotTakenForNdjson) {
  llvm::StringRef Text = "{\n  \"a\": 1,\n  \"b\": \n}\n";
  JsonDocuments Docs = parseJsonDocuments(Text, false);
  ASSERT_TRUE(Docs.Error.has_value());
  EXPECT_FALSE(Docs.WasNdjson);
  EXPECT_EQ(Docs.Error->Message, "Invalid value.");
  EXPECT_EQ(Docs.Error->Offset, 20u);
}

} // namespace
