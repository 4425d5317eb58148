//===- FileReader.cpp -----------------------------------------------------===//
#include "FileReader.h"

#include "InputCollector.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Diag/DiagnosticEngine.h"

#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cstring>

namespace nosqlint {

std::optional<size_t> findInvalidUtf8(llvm::StringRef Text) {
  const auto *Begin = reinterpret_cast<const llvm::UTF8 *>(Text.data());
  const auto *End = Begin + Text.size();
  // Fast path: skip ASCII runs without calling into ConvertUTF.
  const llvm::UTF8 *P = Begin;
  while (P < End) {
    while (P < End && *P < 0x80)
      ++P;
    if (P == End)
      break;
    unsigned Len = llvm::getNumBytesForUTF8(*P);
    if (Len > static_cast<size_t>(End - P) || !llvm::isLegalUTF8Sequence(P, P + Len))
      return static_cast<size_t>(P - Begin);
    P += Len;
  }
  return std::nullopt;
}

llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
openInputBuffer(llvm::StringRef Path, const SourceManager &SM) {
  if (std::unique_ptr<llvm::MemoryBuffer> Overlay = SM.overlayBuffer(Path))
    return Overlay;
  return llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                     /*RequiresNullTerminator=*/false);
}

std::optional<FileId> readInputFile(llvm::StringRef Path, SourceManager &SM,
                                    DiagnosticEngine &Diags) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      openInputBuffer(Path, SM);
  if (!Buffer) {
    reportInputError(SM, Diags, Path,
                     "cannot read '" + Path.str() + "': " +
                         Buffer.getError().message());
    return std::nullopt;
  }
  llvm::StringRef Text = (*Buffer)->getBuffer();
  if (const void *Nul = std::memchr(Text.data(), '\0', Text.size())) {
    size_t Offset = static_cast<const char *>(Nul) - Text.data();
    reportInputError(SM, Diags, Path,
                     "cannot read '" + Path.str() +
                         "': binary file (NUL byte at offset " +
                         std::to_string(Offset) + ")");
    return std::nullopt;
  }
  if (std::optional<size_t> Bad = findInvalidUtf8(Text)) {
    unsigned Line = 1 + static_cast<unsigned>(
                            std::count(Text.begin(), Text.begin() + *Bad, '\n'));
    reportInputError(SM, Diags, Path,
                     "cannot read '" + Path.str() +
                         "': not valid UTF-8 (first invalid byte at line " +
                         std::to_string(Line) + ", offset " +
                         std::to_string(*Bad) + ")");
    return std::nullopt;
  }
  return SM.addBuffer(std::move(*Buffer), Path);
}

std::optional<FileId> readSourceFileQuietly(llvm::StringRef Path,
                                            SourceManager &SM) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      openInputBuffer(Path, SM);
  if (!Buffer)
    return std::nullopt;
  llvm::StringRef Text = (*Buffer)->getBuffer();
  if (std::memchr(Text.data(), '\0', Text.size()) || findInvalidUtf8(Text))
    return std::nullopt;
  return SM.addBuffer(std::move(*Buffer), Path);
}

} // namespace nosqlint
