//===- TransportTest.cpp - Content-Length framing, hostile input ----------===//
#include "LspTestSupport.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::lsp;

namespace {

std::vector<ReadResult> readAll(const std::string &Input,
                                size_t Max = 1 << 20) {
  std::istringstream In(Input);
  MessageReader R(In, Max);
  std::vector<ReadResult> Out;
  for (unsigned N = 0; N < 100; ++N) {
    ReadResult M = R.next();
    if (M.Status == ReadResult::EndOfInput)
      break;
    Out.push_back(std::move(M));
  }
  return Out;
}

TEST(LspTransport, ReadsFramedMessagesBackToBack) {
  auto R = readAll(test::framedText("{\"a\":1}") + test::framedText("{}"));
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R[0].Status, ReadResult::Message);
  EXPECT_EQ(R[0].Body, "{\"a\":1}");
  EXPECT_EQ(R[1].Body, "{}");
}

TEST(LspTransport, AcceptsContentTypeAndBareLineFeeds) {
  auto R = readAll("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"
                   "content-length: 2\n\n{}");
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R[0].Status, ReadResult::Message);
  EXPECT_EQ(R[0].Body, "{}");
}

TEST(LspTransport, MissingLengthIsReportedAndTheNextMessageStillReads) {
  auto R = readAll("Content-Type: x\r\n\r\n" + test::framedText("{}"));
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R[0].Status, ReadResult::BadFrame);
  EXPECT_NE(R[0].Error.find("without Content-Length"), std::string::npos);
  EXPECT_EQ(R[1].Status, ReadResult::Message);
}

TEST(LspTransport, NonNumericLength) {
  auto R = readAll("Content-Length: twelve\r\n\r\n" + test::framedText("{}"));
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R[0].Status, ReadResult::BadFrame);
  EXPECT_NE(R[0].Error.find("not a number"), std::string::npos);
  EXPECT_EQ(R[1].Body, "{}");
}

TEST(LspTransport, HugeLengthIsSkippedWithoutStoringIt) {
  std::string Body(5000, 'x');
  auto R =
      readAll(test::framedText(Body) + test::framedText("{}"), /*Max=*/1000);
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R[0].Status, ReadResult::BadFrame);
  EXPECT_NE(R[0].Error.find("over the limit"), std::string::npos);
  EXPECT_EQ(R[1].Body, "{}");
}

TEST(LspTransport, LengthBeyondTheInputEndsCleanly) {
  auto R = readAll("Content-Length: 18446744073709551615\r\n\r\n{}");
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R[0].Status, ReadResult::BadFrame);
  auto T = readAll("Content-Length: 10\r\n\r\n{}");
  ASSERT_EQ(T.size(), 1u);
  EXPECT_NE(T[0].Error.find("ended inside a message body"), std::string::npos);
}

TEST(LspTransport, EndlessHeaderLineIsBounded) {
  auto R =
      readAll(std::string(100000, 'C') + "\r\n\r\n" + test::framedText("{}"));
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(R[0].Status, ReadResult::BadFrame);
  EXPECT_NE(R[0].Error.find("longer than"), std::string::npos);
  EXPECT_EQ(R[1].Body, "{}");
}

TEST(LspTransport, InputEndingInsideHeader) {
  auto R = readAll("Content-Length: 2\r\n");
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R[0].Status, ReadResult::BadFrame);
}

TEST(LspTransport, WritesAHeaderAndTheBody) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  writeMessage(OS, llvm::json::Object{{"a", 1}});
  EXPECT_EQ(OS.str(), "Content-Length: 7\r\n\r\n{\"a\":1}");
}

} // namespace
