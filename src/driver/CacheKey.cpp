//===- CacheKey.cpp - Hashing fields, files and the binary ----------------===//
#include "CacheKey.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <cstring>

#if defined(__linux__)
#include <elf.h>
#include <link.h>
#endif

namespace nosqlint::driver {

void CacheKeyBuilder::add(uint64_t Number) {
  uint8_t Bytes[8];
  llvm::support::endian::write64le(Bytes, Number);
  Hash.update(llvm::ArrayRef<uint8_t>(Bytes, 8));
}

void CacheKeyBuilder::add(llvm::StringRef Field) {
  add(static_cast<uint64_t>(Field.size()));
  Hash.update(Field);
}

CacheKey CacheKeyBuilder::finish() {
  llvm::StringRef Digest = Hash.final();
  CacheKey K{};
  std::memcpy(K.data(), Digest.data(), std::min(K.size(), Digest.size()));
  return K;
}

std::optional<std::string> fileContentHash(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return std::nullopt;
  llvm::StringRef Bytes = (*Buffer)->getBuffer();
  return std::to_string(Bytes.size()) + ":" +
         std::to_string(llvm::xxHash64(Bytes));
}

std::optional<FileStamp> fileStamp(llvm::StringRef Path) {
  llvm::sys::fs::file_status S;
  if (llvm::sys::fs::status(Path, S))
    return std::nullopt;
  auto Modified = std::chrono::duration_cast<std::chrono::nanoseconds>(
      S.getLastModificationTime().time_since_epoch());
  return FileStamp(S.getSize(), Modified.count());
}

#if defined(__linux__)
/// The build id note of the main executable (the first object listed).
static int readBuildId(struct dl_phdr_info *Info, size_t, void *Data) {
  auto &Out = *static_cast<std::string *>(Data);
  for (int I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) &P = Info->dlpi_phdr[I];
    if (P.p_type != PT_NOTE)
      continue;
    const char *At = reinterpret_cast<const char *>(Info->dlpi_addr + P.p_vaddr);
    const char *End = At + P.p_memsz;
    while (At + sizeof(ElfW(Nhdr)) <= End) {
      ElfW(Nhdr) N;
      std::memcpy(&N, At, sizeof(N));
      const char *Name = At + sizeof(N);
      const char *Desc = Name + ((N.n_namesz + 3) & ~3u);
      const char *Next = Desc + ((N.n_descsz + 3) & ~3u);
      if (Next > End)
        break;
      if (N.n_type == NT_GNU_BUILD_ID && N.n_namesz == 4 &&
          std::memcmp(Name, "GNU", 4) == 0) {
        Out.assign(Desc, N.n_descsz);
        return 1;
      }
      At = Next;
    }
  }
  return 1; // only the first object: the executable
}
#endif

static std::string computeBinaryIdentity() {
#if defined(__linux__)
  std::string BuildId;
  dl_iterate_phdr(readBuildId, &BuildId);
  if (!BuildId.empty())
    return "build-id:" + BuildId;
  if (std::optional<std::string> H = fileContentHash("/proc/self/exe"))
    return "exe:" + *H;
#endif
  return std::string();
}

const std::string &binaryIdentity() {
  static const std::string Identity = computeBinaryIdentity();
  return Identity;
}

} // namespace nosqlint::driver
