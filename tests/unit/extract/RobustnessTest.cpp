//===- RobustnessTest.cpp - Damaged host files never break extraction -----===//
//
// Every host fixture, truncated at many points and with bytes flipped,
// goes through the extractor: no crash, and every rebuilt text maps inside
// its file, in order. (Run under AddressSanitizer in CI-like checks.)
//
//===----------------------------------------------------------------------===//
#include "ExtractTestSupport.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <random>

using namespace nosqlint;
using namespace nosqlint::extract;

namespace {

std::vector<std::string> hostFixtures() {
  std::vector<std::string> Files;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator
           It(NOSQLINT_SOURCE_DIR "/tests/fixtures/host", EC), End;
       It != End && !EC; It.increment(EC))
    if (hostLanguageForPath(It->path()))
      Files.push_back(It->path());
  std::sort(Files.begin(), Files.end());
  return Files;
}

void checkInvariants(HostLanguage Lang, const std::string &Src,
                     const std::string &What) {
  std::vector<CqlSnippet> Snippets = extractCql(Lang, FileId{1}, Src);
  for (const CqlSnippet &S : Snippets) {
    ASSERT_LE(S.Range.End, Src.size()) << What;
    uint32_t Prev = 0;
    for (uint32_t I = 0; I <= S.Text.size(); ++I) {
      uint32_t Off = S.Origin.toFileOffset(I);
      ASSERT_LE(Off, Src.size()) << What << " text offset " << I;
      ASSERT_GE(Off, Prev) << What << " text offset " << I << " in \""
                           << S.Text << "\"";
      Prev = Off;
    }
    SourceRange R = S.Origin.toFileRange(0, static_cast<uint32_t>(S.Text.size()));
    ASSERT_LE(R.Begin, R.End) << What;
    ASSERT_LE(R.End, Src.size()) << What;
  }
}

TEST(ExtractRobustness, FixturesTruncatedAndMutated) {
  std::vector<std::string> Files = hostFixtures();
  ASSERT_GE(Files.size(), 10u);
  std::mt19937 Rng(7);
  for (const std::string &Path : Files) {
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    ASSERT_TRUE(bool(Buf)) << Path;
    std::string Src = (*Buf)->getBuffer().str();
    HostLanguage Lang = *hostLanguageForPath(Path);
    checkInvariants(Lang, Src, Path);
    for (unsigned Cut = 1; Cut < Src.size(); Cut += 1 + Src.size() / 40)
      checkInvariants(Lang, Src.substr(0, Cut), Path + " cut " + std::to_string(Cut));
    for (unsigned Round = 0; Round < 30; ++Round) {
      std::string M = Src;
      for (unsigned K = 0; K < 4; ++K) {
        static const char Nasty[] = "\"'`\\{}$%+()\n\0";
        M[Rng() % M.size()] = Nasty[Rng() % (sizeof(Nasty) - 1)];
      }
      checkInvariants(Lang, M, Path + " mutation " + std::to_string(Round));
    }
  }
}

} // namespace
