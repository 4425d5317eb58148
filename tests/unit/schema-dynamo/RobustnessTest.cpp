//===- RobustnessTest.cpp - Damaged schema files never crash the loader ---===//
//
// Every fixture of tests/fixtures/schema-dynamo, truncated at many offsets and
// with bytes replaced by structural characters (deterministic positions), is
// loaded: the loader must not crash, and every diagnostic and note must lie
// inside the file.
//
//===----------------------------------------------------------------------===//
#include "DynamoTestSupport.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::test;

namespace {

std::vector<std::pair<std::string, std::string>> fixtures() {
  std::vector<std::pair<std::string, std::string>> Result;
  std::error_code EC;
  std::string Dir = NOSQLINT_SOURCE_DIR "/tests/fixtures/schema-dynamo";
  // The Serverless folders hold requests too: only their .yml are schemas.
  for (const char *Sub : {"", "/serverless", "/serverless/clean"}) {
    for (llvm::sys::fs::directory_iterator It(Dir + Sub, EC), End;
         It != End && !EC; It.increment(EC)) {
      llvm::StringRef Ext = llvm::sys::path::extension(It->path());
      if (*Sub ? Ext != ".yml"
               : Ext != ".json" && Ext != ".yaml" && Ext != ".ndjson")
        continue;
      if (auto Buffer = llvm::MemoryBuffer::getFile(It->path()))
        Result.emplace_back(It->path(), (*Buffer)->getBuffer().str());
    }
  }
  std::sort(Result.begin(), Result.end());
  return Result;
}

void expectRangesInside(const Loaded &L, const std::string &What) {
  auto Inside = [&](const SourceRange &R) {
    return R.Begin <= R.End && R.End <= L.Text.size();
  };
  for (const Diagnostic &D : L.Diags) {
    EXPECT_TRUE(Inside(D.Range)) << What << ": " << D.Message;
    for (const DiagnosticNote &N : D.Notes) {
      if (N.Range.isValid()) {
        EXPECT_TRUE(Inside(N.Range)) << What << ": " << N.Message;
      }
    }
  }
}

TEST(DynamoRobustness, FixturesLoad) {
  auto Files = fixtures();
  ASSERT_GE(Files.size(), 10u);
  for (const auto &[Path, Text] : Files) {
    auto L = load(Text, Path);
    EXPECT_TRUE(L->Recognized) << Path;
    EXPECT_FALSE(L->Catalog.empty() && L->Diags.empty()) << Path;
  }
}

TEST(DynamoRobustness, TruncatedAndDamagedFilesStayInBounds) {
  const char Damage[] = {'{', '}', '[', ']', ':', ',', '"', '\'', '\n', '-',
                         '!', '&', '*', '#', '\\', '\0'};
  for (const auto &[Path, Text] : fixtures()) {
    size_t Step = std::max<size_t>(1, Text.size() / 60);
    for (size_t Cut = 0; Cut < Text.size(); Cut += Step) {
      std::string Truncated = Text.substr(0, Cut);
      auto T = load(Truncated, Path);
      expectRangesInside(*T, Path + " cut at " + std::to_string(Cut));

      std::string Damaged = Text;
      Damaged[Cut] = Damage[(Cut / Step) % sizeof(Damage)];
      auto D = load(Damaged, Path);
      expectRangesInside(*D, Path + " damaged at " + std::to_string(Cut));
    }
  }
}

TEST(DynamoRobustness, AliasBombIsRefused) {
  std::string Text = "Resources:\n  A: &a0 [\"AWS::DynamoDB::Table\"]\n";
  for (int I = 1; I < 12; ++I) {
    std::string Prev = "*a";
    Prev += std::to_string(I - 1);
    Text += "  A";
    Text += std::to_string(I);
    Text += ": &a";
    Text += std::to_string(I);
    Text += " [";
    for (int J = 0; J < 4; ++J) {
      Text += J ? ", " : "";
      Text += Prev;
    }
    Text += "]\n";
  }
  auto L = load(Text, "bomb.yaml");
  ASSERT_EQ(L->Diags.size(), 1u) << L->dump();
  EXPECT_NE(L->Diags[0].Message.find("YAML aliases expand to more than"),
            std::string::npos)
      << L->Diags[0].Message;
}

} // namespace
