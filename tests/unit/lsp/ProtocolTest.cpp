//===- ProtocolTest.cpp - Positions in UTF-16, file URIs ------------------===//
#include "Protocol.h"

#include <gtest/gtest.h>

using namespace nosqlint::lsp;

namespace {

TEST(LspProtocol, PositionsCountUtf16CodeUnits) {
  // "é" is 2 bytes, 1 unit; "😀" is 4 bytes, 2 units.
  std::string Text = "ab\n\xC3\xA9x\xF0\x9F\x98\x80y\r\nz";
  LineTable L(Text);
  EXPECT_EQ(L.position(0).Line, 0u);
  Position P = L.position(static_cast<uint32_t>(Text.find('x')));
  EXPECT_EQ(P.Line, 1u);
  EXPECT_EQ(P.Character, 1u);
  P = L.position(static_cast<uint32_t>(Text.find('y')));
  EXPECT_EQ(P.Character, 4u);
  EXPECT_EQ(L.offset({1, 4}), Text.find('y'));
  EXPECT_EQ(L.offset({1, 1}), Text.find('x'));
  // Beyond the line's end: its end, before the CRLF; beyond the text: its end.
  EXPECT_EQ(L.offset({1, 99}), Text.find('\r'));
  EXPECT_EQ(L.offset({7, 0}), Text.size());
  EXPECT_EQ(L.position(9999).Line, 2u);
}

TEST(LspProtocol, PositionsCountBytesUnderUtf8) {
  std::string Text = "ab\n\xC3\xA9x\xF0\x9F\x98\x80y\r\nz";
  LineTable L(Text, PositionEncoding::Utf8);
  EXPECT_EQ(L.position(static_cast<uint32_t>(Text.find('x'))).Character, 2u);
  EXPECT_EQ(L.position(static_cast<uint32_t>(Text.find('y'))).Character, 7u);
  EXPECT_EQ(L.offset({1, 7}), Text.find('y'));
  // A column inside a character's bytes moves to the character's end.
  EXPECT_EQ(L.offset({1, 1}), Text.find('x'));
}

TEST(LspProtocol, Utf8IsChosenOnlyWhenTheClientOffersIt) {
  llvm::json::Array Both{"utf-16", "utf-8"}, Utf32{"utf-32"};
  EXPECT_EQ(negotiatedEncoding(&Both), PositionEncoding::Utf8);
  EXPECT_EQ(negotiatedEncoding(&Utf32), PositionEncoding::Utf16);
  EXPECT_EQ(negotiatedEncoding(nullptr), PositionEncoding::Utf16);
}

TEST(LspProtocol, FileUrisRoundTrip) {
  EXPECT_EQ(pathFromUri("file:///a%20b/c.cql"), std::string("/a b/c.cql"));
  EXPECT_EQ(pathFromUri("file://localhost/x"), std::string("/x"));
  EXPECT_EQ(uriFromPath("/a b/c#.cql"), "file:///a%20b/c%23.cql");
  EXPECT_EQ(*pathFromUri(uriFromPath("/w/ü x.cql")), "/w/ü x.cql");
  EXPECT_FALSE(pathFromUri("untitled:Untitled-1"));
  EXPECT_FALSE(pathFromUri("file://server/share/x"));
  EXPECT_FALSE(pathFromUri("file:///bad%2"));
  EXPECT_FALSE(pathFromUri("file:///nul%00"));
}

TEST(LspProtocol, MalformedPositionsAreRejected) {
  llvm::json::Value Bad = llvm::json::Object{{"line", -1}, {"character", 0}};
  EXPECT_FALSE(positionFrom(&Bad));
  llvm::json::Value Str = llvm::json::Object{{"line", "0"}, {"character", 0}};
  EXPECT_FALSE(positionFrom(&Str));
  EXPECT_FALSE(positionFrom(nullptr));
}

} // namespace
