//===- FileReader.h - Reads one input file into the SourceManager -*- C++ -*-===//
#ifndef NOSQLINT_DRIVER_FILEREADER_H
#define NOSQLINT_DRIVER_FILEREADER_H

#include "nosqlint/Basic/SourceLocation.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ErrorOr.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>

#include <optional>

namespace nosqlint {

class DiagnosticEngine;
class SourceManager;

/// The bytes of \p Path: its overlay in \p SM (stdin under
/// --stdin-filename), else the file on disk.
llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
openInputBuffer(llvm::StringRef Path, const SourceManager &SM);

/// Reads \p Path. On failure (unreadable, not UTF-8, binary) reports one
/// input-error naming the path and returns nothing.
std::optional<FileId> readInputFile(llvm::StringRef Path, SourceManager &SM,
                                    DiagnosticEngine &Diags);

/// Reads a source file found by a directory walk. Unreadable, binary
/// (a NUL byte) and not-UTF-8 files are skipped without a diagnostic.
std::optional<FileId> readSourceFileQuietly(llvm::StringRef Path,
                                            SourceManager &SM);

/// The offset of the first byte that is not valid UTF-8, if any.
std::optional<size_t> findInvalidUtf8(llvm::StringRef Text);

/// The number of bytes of a leading UTF-8 byte order mark (0 or 3).
inline unsigned byteOrderMarkLength(llvm::StringRef Text) {
  return Text.startswith("\xEF\xBB\xBF") ? 3 : 0;
}

} // namespace nosqlint

#endif
