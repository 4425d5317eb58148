//===- ResultCache.cpp - Storing, finding and evicting entries ------------===//
//
// An entry, all integers little-endian:
//
//   "NQLCACHE" u32 format-version  key[32]  i32 exit-code  u32 chunk-count
//   chunk*: u8 kind  u32 path-size path  u64 data-size data
//   u64 xxHash64 of every byte before it
//
// The reader checks each size against the bytes left before it reads, so a
// truncated or hostile file is a miss, never a crash or a huge allocation.
//
//===----------------------------------------------------------------------===//
#include "ResultCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <chrono>

namespace nosqlint::driver {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace endian = llvm::support::endian;

namespace {

constexpr llvm::StringLiteral Magic = "NQLCACHE";
constexpr uint32_t FormatVersion = 1;
constexpr llvm::StringLiteral EntriesFolder = "v1";
constexpr llvm::StringLiteral TempPrefix = "tmp-";

template <typename T> void put(std::string &Out, T Value) {
  char Bytes[sizeof(T)];
  endian::write<T, llvm::support::little, llvm::support::unaligned>(Bytes,
                                                                    Value);
  Out.append(Bytes, sizeof(T));
}

/// Reads from the front of the bytes, failing once anything is short.
class Reader {
public:
  explicit Reader(llvm::StringRef Bytes) : Rest(Bytes) {}

  template <typename T> std::optional<T> get() {
    if (Rest.size() < sizeof(T))
      return std::nullopt;
    T V = endian::read<T, llvm::support::little, llvm::support::unaligned>(
        Rest.data());
    Rest = Rest.drop_front(sizeof(T));
    return V;
  }
  std::optional<llvm::StringRef> bytes(uint64_t N) {
    if (Rest.size() < N)
      return std::nullopt;
    llvm::StringRef S = Rest.take_front(N);
    Rest = Rest.drop_front(N);
    return S;
  }
  bool atEnd() const { return Rest.empty(); }

private:
  llvm::StringRef Rest;
};

} // namespace

std::string cacheKeyHex(const CacheKey &Key) {
  static const char Digits[] = "0123456789abcdef";
  std::string S;
  for (uint8_t B : Key) {
    S += Digits[B >> 4];
    S += Digits[B & 15];
  }
  return S;
}

std::string encodeCacheEntry(const CacheKey &Key, const CacheEntry &E) {
  std::string Out(Magic);
  put<uint32_t>(Out, FormatVersion);
  Out.append(reinterpret_cast<const char *>(Key.data()), Key.size());
  put<int32_t>(Out, E.ExitCode);
  put<uint32_t>(Out, static_cast<uint32_t>(E.Chunks.size()));
  for (const CacheChunk &C : E.Chunks) {
    put<uint8_t>(Out, C.Where);
    put<uint32_t>(Out, static_cast<uint32_t>(C.Path.size()));
    Out += C.Path;
    put<uint64_t>(Out, C.Data.size());
    Out += C.Data;
  }
  put<uint64_t>(Out, llvm::xxHash64(Out));
  return Out;
}

std::optional<CacheEntry> decodeCacheEntry(llvm::StringRef Bytes,
                                           const CacheKey &Key) {
  if (Bytes.size() < sizeof(uint64_t))
    return std::nullopt;
  llvm::StringRef Body = Bytes.drop_back(sizeof(uint64_t));
  uint64_t Sum = endian::read<uint64_t, llvm::support::little,
                              llvm::support::unaligned>(Bytes.end() - 8);
  if (llvm::xxHash64(Body) != Sum)
    return std::nullopt;
  Reader R(Body);
  std::optional<llvm::StringRef> M = R.bytes(Magic.size());
  if (!M || *M != Magic || R.get<uint32_t>() != FormatVersion)
    return std::nullopt;
  std::optional<llvm::StringRef> K = R.bytes(Key.size());
  if (!K || !std::equal(Key.begin(), Key.end(), K->bytes_begin()))
    return std::nullopt;
  std::optional<int32_t> Exit = R.get<int32_t>();
  std::optional<uint32_t> Count = R.get<uint32_t>();
  if (!Exit || !Count)
    return std::nullopt;
  CacheEntry E;
  E.ExitCode = *Exit;
  for (uint32_t I = 0; I < *Count; ++I) {
    std::optional<uint8_t> Kind = R.get<uint8_t>();
    if (!Kind || *Kind > CacheChunk::File)
      return std::nullopt;
    std::optional<uint32_t> PathSize = R.get<uint32_t>();
    std::optional<llvm::StringRef> P =
        PathSize ? R.bytes(*PathSize) : std::nullopt;
    std::optional<uint64_t> DataSize = P ? R.get<uint64_t>() : std::nullopt;
    std::optional<llvm::StringRef> D =
        DataSize ? R.bytes(*DataSize) : std::nullopt;
    if (!D)
      return std::nullopt;
    // Only a file has a path, and it always has one.
    if ((*Kind == CacheChunk::File) != !P->empty())
      return std::nullopt;
    E.Chunks.push_back({static_cast<CacheChunk::Kind>(*Kind), P->str(),
                        D->str()});
  }
  if (!R.atEnd())
    return std::nullopt;
  return E;
}

std::string ResultCache::entriesDir() const {
  llvm::SmallString<256> P(Dir);
  path::append(P, EntriesFolder);
  return std::string(P);
}

std::string ResultCache::entryPath(const CacheKey &Key) const {
  llvm::SmallString<256> P(entriesDir());
  path::append(P, cacheKeyHex(Key));
  return std::string(P);
}

std::optional<CacheEntry> ResultCache::lookup(const CacheKey &Key) const {
  std::string P = entryPath(Key);
  auto Buffer = llvm::MemoryBuffer::getFile(P, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return std::nullopt;
  std::optional<CacheEntry> E = decodeCacheEntry((*Buffer)->getBuffer(), Key);
  if (!E)
    return std::nullopt;
  // A hit makes the entry the newest, so eviction removes the unused ones.
  int FD;
  if (!fs::openFileForWrite(P, FD, fs::CD_OpenExisting, fs::OF_Append)) {
    fs::setLastAccessAndModificationTime(FD, std::chrono::system_clock::now());
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  }
  return E;
}

/// Writes \p Text to \p Path unless it exists already.
static void writeOnce(const std::string &Path, llvm::StringRef Text) {
  if (fs::exists(Path))
    return;
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (!EC)
    OS << Text;
}

bool ResultCache::prepareFolder() const {
  if (fs::create_directories(entriesDir()))
    return false;
  // As ruff does: git and backup tools leave the folder alone.
  llvm::SmallString<256> P(Dir);
  path::append(P, ".gitignore");
  writeOnce(std::string(P), "# Made by nosqlint.\n*\n");
  P = Dir;
  path::append(P, "CACHEDIR.TAG");
  writeOnce(std::string(P),
            "Signature: 8a477f597d28d172789f06886806bc55\n"
            "# This file is a cache directory tag created by nosqlint.\n");
  return true;
}

bool ResultCache::store(const CacheKey &Key, const CacheEntry &E) const {
  if (!prepareFolder())
    return false;
  llvm::SmallString<256> Model(entriesDir());
  path::append(Model, llvm::Twine(TempPrefix) + "%%%%%%%%%%%%%%%%");
  int FD;
  llvm::SmallString<256> Temp;
  if (fs::createUniqueFile(Model, FD, Temp))
    return false;
  bool Ok;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << encodeCacheEntry(Key, E);
    OS.close();
    Ok = !OS.has_error();
    OS.clear_error();
  }
  // The rename replaces an entry another run stored meanwhile (the same
  // key: the same bytes) in one step.
  if (!Ok || fs::rename(Temp, entryPath(Key))) {
    fs::remove(Temp);
    return false;
  }
  evict();
  return true;
}

void ResultCache::evict() const {
  struct Found {
    std::string Path;
    uint64_t Size;
    llvm::sys::TimePoint<> Modified;
  };
  std::vector<Found> Entries;
  uint64_t Total = 0;
  auto Now = std::chrono::system_clock::now();
  std::error_code EC;
  for (fs::directory_iterator It(entriesDir(), EC), End; It != End && !EC;
       It.increment(EC)) {
    fs::file_status S;
    if (fs::status(It->path(), S) || S.type() != fs::file_type::regular_file)
      continue;
    llvm::StringRef Name = path::filename(It->path());
    if (Name.startswith(TempPrefix)) {
      if (Now - S.getLastModificationTime() > std::chrono::hours(1))
        fs::remove(It->path());
      continue;
    }
    Entries.push_back({It->path(), S.getSize(), S.getLastModificationTime()});
    Total += S.getSize();
  }
  if (Total <= MaxBytes)
    return;
  std::sort(Entries.begin(), Entries.end(),
            [](const Found &A, const Found &B) {
              return A.Modified != B.Modified ? A.Modified < B.Modified
                                              : A.Path < B.Path;
            });
  for (const Found &F : Entries) {
    if (Total <= MaxBytes)
      break;
    if (!fs::remove(F.Path))
      Total -= F.Size;
  }
}

} // namespace nosqlint::driver
