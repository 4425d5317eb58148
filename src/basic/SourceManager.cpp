//===- SourceManager.cpp --------------------------------------------------===//
#include "nosqlint/Basic/SourceManager.h"

#include <algorithm>
#include <cassert>
#include <cstring>

namespace nosqlint {

SourceManager::SourceManager() = default;
SourceManager::~SourceManager() = default;

static std::vector<uint32_t> computeLineStarts(llvm::StringRef Text) {
  std::vector<uint32_t> Starts;
  Starts.push_back(0);
  const char *Begin = Text.data();
  const char *End = Begin + Text.size();
  for (const char *P = Begin; P < End;) {
    const void *NL = std::memchr(P, '\n', End - P);
    if (!NL)
      break;
    P = static_cast<const char *>(NL) + 1;
    Starts.push_back(static_cast<uint32_t>(P - Begin));
  }
  return Starts;
}

FileId SourceManager::addBuffer(std::unique_ptr<llvm::MemoryBuffer> Buffer,
                                llvm::StringRef DisplayPath) {
  llvm::StringRef Text = Buffer->getBuffer();
  std::vector<uint32_t> Starts = computeLineStarts(Text);
  std::lock_guard<std::mutex> Lock(Mutex);
  unsigned Id = Llvm.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(Text, Buffer->getBufferIdentifier(),
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  assert(Id == Files.size() + 1 && "buffer ids and file ids must agree");
  Files.push_back(
      FileEntry{DisplayPath.str(), Text, std::move(Starts), std::move(Buffer)});
  return FileId{Id};
}

void SourceManager::release(FileId File) {
  assert(File.isValid() && "invalid file id");
  std::lock_guard<std::mutex> Lock(Mutex);
  assert(File.Value <= Files.size() && "unknown file id");
  FileEntry &E = Files[File.Value - 1];
  // The view llvm::SourceMgr keeps now dangles. Nothing looks it up: the
  // text emitter gives SMDiagnostic the line itself, and SMDiagnostic::print
  // never asks its SourceMgr.
  E.Text = {};
  E.LineStarts = {0};
  E.Owned.reset();
}

void SourceManager::restore(FileId File,
                            std::unique_ptr<llvm::MemoryBuffer> Buffer) {
  llvm::StringRef Text = Buffer->getBuffer();
  std::vector<uint32_t> Starts = computeLineStarts(Text);
  std::lock_guard<std::mutex> Lock(Mutex);
  assert(File.isValid() && File.Value <= Files.size() && "unknown file id");
  FileEntry &E = Files[File.Value - 1];
  E.Text = Text;
  E.LineStarts = std::move(Starts);
  E.Owned = std::move(Buffer);
}

void SourceManager::setOverlay(llvm::StringRef Path, std::string Text) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Overlays.emplace_back(Path.str(), std::move(Text));
}

std::unique_ptr<llvm::MemoryBuffer>
SourceManager::overlayBuffer(llvm::StringRef Path) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  for (const auto &[P, Text] : Overlays)
    if (P == Path)
      return llvm::MemoryBuffer::getMemBufferCopy(Text, Path);
  return nullptr;
}

FileId SourceManager::addText(llvm::StringRef Text,
                              llvm::StringRef DisplayPath) {
  return addBuffer(llvm::MemoryBuffer::getMemBufferCopy(Text, DisplayPath),
                   DisplayPath);
}

const SourceManager::FileEntry &SourceManager::entry(FileId File) const {
  assert(File.isValid() && "invalid file id");
  std::lock_guard<std::mutex> Lock(Mutex);
  assert(File.Value <= Files.size() && "unknown file id");
  return Files[File.Value - 1];
}

llvm::StringRef SourceManager::text(FileId File) const {
  return entry(File).Text;
}

llvm::StringRef SourceManager::path(FileId File) const {
  return entry(File).Path;
}

unsigned SourceManager::fileCount() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return static_cast<unsigned>(Files.size());
}

LineColumn SourceManager::lineColumn(FileId File, uint32_t Offset) const {
  const FileEntry &E = entry(File);
  Offset = std::min<uint32_t>(Offset, static_cast<uint32_t>(E.Text.size()));
  auto It = std::upper_bound(E.LineStarts.begin(), E.LineStarts.end(), Offset);
  unsigned LineIndex = static_cast<unsigned>(It - E.LineStarts.begin()) - 1;
  return {LineIndex + 1, Offset - E.LineStarts[LineIndex] + 1};
}

uint32_t SourceManager::lineStart(FileId File, unsigned Line) const {
  const FileEntry &E = entry(File);
  if (Line == 0)
    return 0;
  if (Line > E.LineStarts.size())
    return static_cast<uint32_t>(E.Text.size());
  return E.LineStarts[Line - 1];
}

llvm::StringRef SourceManager::lineText(FileId File, unsigned Line) const {
  const FileEntry &E = entry(File);
  if (Line == 0 || Line > E.LineStarts.size())
    return {};
  uint32_t Begin = E.LineStarts[Line - 1];
  uint32_t End = Line < E.LineStarts.size() ? E.LineStarts[Line]
                                            : static_cast<uint32_t>(E.Text.size());
  llvm::StringRef L = E.Text.slice(Begin, End);
  if (L.endswith("\n"))
    L = L.drop_back();
  if (L.endswith("\r"))
    L = L.drop_back();
  return L;
}

llvm::SMLoc SourceManager::smLoc(FileId File, uint32_t Offset) const {
  const FileEntry &E = entry(File);
  Offset = std::min<uint32_t>(Offset, static_cast<uint32_t>(E.Text.size()));
  return llvm::SMLoc::getFromPointer(E.Text.data() + Offset);
}

} // namespace nosqlint
