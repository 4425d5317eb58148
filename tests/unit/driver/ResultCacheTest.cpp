//===- ResultCacheTest.cpp - Entries stored, found, evicted, rejected -----===//
//
// The cache alone (ResultCache.h): an entry read back is the entry written;
// a truncated, flipped, foreign or hostile entry is a miss; stores from
// several threads leave only whole entries and no temporary file; the
// oldest entries go once the folder is over its bound.
//
//===----------------------------------------------------------------------===//
#include "CacheKey.h"
#include "ResultCache.h"

#include "../TempDir.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/xxhash.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <thread>

using namespace nosqlint;
using namespace nosqlint::driver;
using nosqlint::test::TempDir;

namespace {

CacheKey keyOf(llvm::StringRef Text) {
  CacheKeyBuilder B;
  B.add(Text);
  return B.finish();
}

CacheEntry sampleEntry() {
  CacheEntry E;
  E.ExitCode = 1;
  E.Chunks = {{CacheChunk::Stderr, "", "nosqlint: note: x\n"},
              {CacheChunk::Stdout, "", std::string("a\0b\n", 4)},
              {CacheChunk::File, "out.sarif", "{}"},
              {CacheChunk::Stdout, "", ""}};
  return E;
}

void expectSame(const CacheEntry &A, const CacheEntry &B) {
  EXPECT_EQ(A.ExitCode, B.ExitCode);
  EXPECT_EQ(A.Chunks, B.Chunks);
}

/// \p Body with a correct trailing checksum: a hostile file that passes it.
std::string withChecksum(std::string Body) {
  char Sum[8];
  llvm::support::endian::write64le(Sum, llvm::xxHash64(Body));
  return Body + std::string(Sum, 8);
}

std::vector<std::string> filesIn(const std::string &Dir) {
  std::vector<std::string> Names;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    Names.push_back(llvm::sys::path::filename(It->path()).str());
  std::sort(Names.begin(), Names.end());
  return Names;
}

/// Sets the modification time of \p Path to \p Age ago.
void makeOld(const std::string &Path, std::chrono::hours Age) {
  int FD;
  ASSERT_FALSE(llvm::sys::fs::openFileForWrite(
      Path, FD, llvm::sys::fs::CD_OpenExisting, llvm::sys::fs::OF_Append));
  llvm::sys::fs::setLastAccessAndModificationTime(
      FD, std::chrono::system_clock::now() - Age);
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
}

TEST(ResultCacheTest, EntryReadsBackAsWritten) {
  CacheKey K = keyOf("k");
  std::optional<CacheEntry> E =
      decodeCacheEntry(encodeCacheEntry(K, sampleEntry()), K);
  ASSERT_TRUE(E);
  expectSame(*E, sampleEntry());
}

TEST(ResultCacheTest, EveryTruncationIsAMiss) {
  CacheKey K = keyOf("k");
  std::string Bytes = encodeCacheEntry(K, sampleEntry());
  for (size_t N = 0; N < Bytes.size(); ++N)
    EXPECT_FALSE(decodeCacheEntry(llvm::StringRef(Bytes).take_front(N), K))
        << N;
  EXPECT_FALSE(decodeCacheEntry(Bytes + "x", K));
}

TEST(ResultCacheTest, EveryFlippedByteIsAMiss) {
  CacheKey K = keyOf("k");
  std::string Bytes = encodeCacheEntry(K, sampleEntry());
  for (size_t I = 0; I < Bytes.size(); ++I) {
    std::string Bad = Bytes;
    Bad[I] ^= 0x20;
    EXPECT_FALSE(decodeCacheEntry(Bad, K)) << I;
  }
}

TEST(ResultCacheTest, AnEntryOfAnotherKeyIsAMiss) {
  std::string Bytes = encodeCacheEntry(keyOf("a"), sampleEntry());
  EXPECT_FALSE(decodeCacheEntry(Bytes, keyOf("b")));
}

TEST(ResultCacheTest, HostileSizesAreAMiss) {
  // Well checksummed, but the sizes lie: a chunk count, a path size and a
  // data size far beyond the bytes there, a kind that does not exist, a
  // file without a path and a stdout chunk with one.
  CacheKey K = keyOf("k");
  std::string Head = encodeCacheEntry(K, CacheEntry{});
  Head.resize(Head.size() - 8 - 4); // drop the checksum and the count
  auto Entry = [&](uint32_t Count, llvm::StringRef Chunks) {
    char C[4];
    llvm::support::endian::write32le(C, Count);
    return withChecksum(Head + std::string(C, 4) + Chunks.str());
  };
  auto Chunk = [](uint8_t Kind, uint32_t PathSize, llvm::StringRef Path,
                  uint64_t DataSize, llvm::StringRef Data) {
    std::string S(1, static_cast<char>(Kind));
    char P[4], D[8];
    llvm::support::endian::write32le(P, PathSize);
    llvm::support::endian::write64le(D, DataSize);
    return S + std::string(P, 4) + Path.str() + std::string(D, 8) + Data.str();
  };
  EXPECT_TRUE(decodeCacheEntry(Entry(0, ""), K));
  EXPECT_TRUE(decodeCacheEntry(Entry(1, Chunk(0, 0, "", 1, "x")), K));
  EXPECT_FALSE(decodeCacheEntry(Entry(0xFFFFFFFF, ""), K));
  EXPECT_FALSE(decodeCacheEntry(Entry(1, Chunk(0, 0xFFFFFFFF, "", 0, "")), K));
  EXPECT_FALSE(
      decodeCacheEntry(Entry(1, Chunk(0, 0, "", UINT64_MAX, "x")), K));
  EXPECT_FALSE(decodeCacheEntry(Entry(1, Chunk(3, 0, "", 0, "")), K));
  EXPECT_FALSE(decodeCacheEntry(Entry(1, Chunk(2, 0, "", 0, "")), K));
  EXPECT_FALSE(decodeCacheEntry(Entry(1, Chunk(0, 1, "p", 0, "")), K));
  EXPECT_FALSE(decodeCacheEntry("", K));
  EXPECT_FALSE(decodeCacheEntry(withChecksum("NQLCACHE"), K));
  EXPECT_FALSE(decodeCacheEntry(withChecksum(std::string(100, '\0')), K));
}

TEST(ResultCacheTest, StoresAndFindsInItsFolder) {
  TempDir T;
  ResultCache C(T.path("cache"));
  CacheKey K = keyOf("k");
  EXPECT_FALSE(C.lookup(K));
  ASSERT_TRUE(C.store(K, sampleEntry()));
  std::optional<CacheEntry> E = C.lookup(K);
  ASSERT_TRUE(E);
  expectSame(*E, sampleEntry());
  EXPECT_FALSE(C.lookup(keyOf("other")));
  EXPECT_EQ(filesIn(T.path("cache")),
            (std::vector<std::string>{".gitignore", "CACHEDIR.TAG", "v1"}));
  EXPECT_EQ(filesIn(T.path("cache/v1")),
            std::vector<std::string>{cacheKeyHex(K)});
  EXPECT_EQ(C.entryPath(K), T.path("cache/v1/" + cacheKeyHex(K)));
}

TEST(ResultCacheTest, ACorruptFileOnDiskIsAMissAndIsReplaced) {
  TempDir T;
  ResultCache C(T.path("cache"));
  CacheKey K = keyOf("k");
  ASSERT_TRUE(C.store(K, sampleEntry()));
  T.write("cache/v1/" + cacheKeyHex(K), "NQLCACHE garbage");
  EXPECT_FALSE(C.lookup(K));
  ASSERT_TRUE(C.store(K, sampleEntry()));
  EXPECT_TRUE(C.lookup(K));
}

TEST(ResultCacheTest, AFolderThatCannotBeMadeIsNoCache) {
  TempDir T;
  T.write("file", "x"); // a file where the folder would go
  ResultCache C(T.path("file/cache"));
  EXPECT_FALSE(C.store(keyOf("k"), sampleEntry()));
  EXPECT_FALSE(C.lookup(keyOf("k")));
}

TEST(ResultCacheTest, ConcurrentStoresLeaveWholeEntriesOnly) {
  TempDir T;
  std::vector<std::thread> Threads;
  for (int I = 0; I < 4; ++I)
    Threads.emplace_back([&T, I] {
      ResultCache C(T.path("cache"));
      for (int J = 0; J < 25; ++J) {
        CacheEntry E = sampleEntry();
        E.ExitCode = J % 3;
        // Two threads share each key (the same run twice at once).
        C.store(keyOf(std::to_string((I / 2) * 100 + J)), E);
      }
    });
  for (std::thread &Th : Threads)
    Th.join();
  ResultCache C(T.path("cache"));
  std::vector<std::string> Names = filesIn(T.path("cache/v1"));
  EXPECT_EQ(Names.size(), 50u); // no temporary file is left
  for (int Owner = 0; Owner < 2; ++Owner)
    for (int J = 0; J < 25; ++J) {
      std::optional<CacheEntry> E =
          C.lookup(keyOf(std::to_string(Owner * 100 + J)));
      ASSERT_TRUE(E);
      EXPECT_EQ(E->ExitCode, J % 3);
    }
}

TEST(ResultCacheTest, TheOldestGoBeyondTheBound) {
  TempDir T;
  CacheKey Keys[4] = {keyOf("0"), keyOf("1"), keyOf("2"), keyOf("3")};
  uint64_t Size = encodeCacheEntry(Keys[0], sampleEntry()).size();
  ResultCache Big(T.path("cache"), 100 * Size);
  for (int I = 0; I < 3; ++I) {
    ASSERT_TRUE(Big.store(Keys[I], sampleEntry()));
    // Ages set, not waited for: 0 is the oldest.
    makeOld(Big.entryPath(Keys[I]), std::chrono::hours(10 - I));
  }
  // A hit makes 0 the newest; then a store over a bound of two entries
  // removes the oldest, 1.
  EXPECT_TRUE(Big.lookup(Keys[0]));
  ResultCache Small(T.path("cache"), 2 * Size);
  ASSERT_TRUE(Small.store(Keys[3], sampleEntry()));
  EXPECT_TRUE(Small.lookup(Keys[0]));
  EXPECT_FALSE(Small.lookup(Keys[1]));
  EXPECT_FALSE(Small.lookup(Keys[2]));
  EXPECT_TRUE(Small.lookup(Keys[3]));
}

TEST(ResultCacheTest, LeftoverTemporaryFilesGoWhenOld) {
  TempDir T;
  ResultCache C(T.path("cache"));
  ASSERT_TRUE(C.store(keyOf("k"), sampleEntry()));
  std::string Fresh = T.write("cache/v1/tmp-fresh", "x");
  std::string Old = T.write("cache/v1/tmp-old", "x");
  makeOld(Old, std::chrono::hours(2));
  C.evict();
  EXPECT_TRUE(llvm::sys::fs::exists(Fresh)); // a run may be writing it
  EXPECT_FALSE(llvm::sys::fs::exists(Old));
}

TEST(ResultCacheTest, KeysDifferByEveryFieldAndItsBoundaries) {
  auto Of = [](std::vector<std::string> Fields) {
    CacheKeyBuilder B;
    for (const std::string &F : Fields)
      B.add(F);
    return B.finish();
  };
  EXPECT_EQ(Of({"a", "b"}), Of({"a", "b"}));
  EXPECT_NE(Of({"a", "b"}), Of({"ab", ""}));
  EXPECT_NE(Of({"a", "b"}), Of({"a", "c"}));
  EXPECT_NE(Of({"a"}), Of({"a", ""}));
}

TEST(ResultCacheTest, TheBinaryHasAnIdentity) {
  EXPECT_FALSE(binaryIdentity().empty());
  EXPECT_EQ(&binaryIdentity(), &binaryIdentity());
}

} // namespace
