//===- SourceManager.h - Owns every input buffer ---------------*- C++ -*-===//
//
// Owns the bytes of every file that was analyzed (sources and schemas) for the
// whole run, so diagnostics can show source lines and notes can point into
// other files. Built on llvm::SourceMgr; adding files is thread-safe, and
// line/column look-ups use per-file line tables built when a file is added, so
// they are thread-safe too.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_BASIC_SOURCEMANAGER_H
#define NOSQLINT_BASIC_SOURCEMANAGER_H

#include "nosqlint/Basic/SourceLocation.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace nosqlint {

class SourceManager {
public:
  SourceManager();
  ~SourceManager();
  SourceManager(const SourceManager &) = delete;
  SourceManager &operator=(const SourceManager &) = delete;

  /// Registers a buffer under \p DisplayPath (the path as shown to the user).
  FileId addBuffer(std::unique_ptr<llvm::MemoryBuffer> Buffer,
                   llvm::StringRef DisplayPath);

  /// Registers an in-memory text (tests, stdin).
  FileId addText(llvm::StringRef Text, llvm::StringRef DisplayPath);

  /// Frees the text of a file nothing will point into (a host file with no
  /// query): text() is empty from then on, path() stays. Must not run while
  /// another thread reads the file's text.
  void release(FileId File);
  /// Gives a released file its text again (read anew from disk).
  void restore(FileId File, std::unique_ptr<llvm::MemoryBuffer> Buffer);

  /// Gives \p Path the text \p Text in place of its file on disk (stdin
  /// read under --stdin-filename): the driver's file readers take it from
  /// here. Set before the run reads its inputs.
  void setOverlay(llvm::StringRef Path, std::string Text);
  /// A copy of the overlay text of \p Path; null when it has none.
  std::unique_ptr<llvm::MemoryBuffer> overlayBuffer(llvm::StringRef Path) const;

  llvm::StringRef text(FileId File) const;
  llvm::StringRef path(FileId File) const;
  unsigned fileCount() const;

  /// 1-based line and byte column of \p Offset (clamped to the file).
  LineColumn lineColumn(FileId File, uint32_t Offset) const;
  /// The byte offset at which 1-based \p Line starts.
  uint32_t lineStart(FileId File, unsigned Line) const;
  /// The text of 1-based \p Line, without its line terminator.
  llvm::StringRef lineText(FileId File, unsigned Line) const;

  llvm::SMLoc smLoc(FileId File, uint32_t Offset) const;
  const llvm::SourceMgr &llvmSourceMgr() const { return Llvm; }

private:
  struct FileEntry {
    std::string Path;
    llvm::StringRef Text;
    std::vector<uint32_t> LineStarts;
    /// The text's memory. llvm::SourceMgr holds a non-owning view of it
    /// (its buffers cannot be removed), so release() can free it.
    std::unique_ptr<llvm::MemoryBuffer> Owned;
  };
  const FileEntry &entry(FileId File) const;

  mutable std::mutex Mutex;
  llvm::SourceMgr Llvm;
  std::deque<FileEntry> Files; // stable addresses: entry i is FileId{i + 1}
  std::vector<std::pair<std::string, std::string>> Overlays; // path, text
};

} // namespace nosqlint

#endif
