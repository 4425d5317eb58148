//===- TextOrigin.h - Where the bytes of an analyzed text come from --*- C++ -*-===//
//
// A front end parses a text: a whole .cql file, or a CQL string rebuilt from
// a host-language literal (escapes decoded, concatenations joined, holes
// replaced by placeholders). A TextOrigin maps each byte offset of that text
// back to a byte offset in the file it came from, so every diagnostic points at
// the exact characters the user wrote.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_BASIC_TEXTORIGIN_H
#define NOSQLINT_BASIC_TEXTORIGIN_H

#include "nosqlint/Basic/SourceLocation.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace nosqlint {

class TextOrigin {
public:
  /// A run of text bytes [TextBegin, TextBegin + Length) that stands for file
  /// bytes [FileBegin, FileBegin + FileLength). When the lengths are equal the
  /// mapping is byte for byte (a plain literal part); otherwise the whole run
  /// maps to the whole file span (an escape sequence, an interpolation hole).
  struct Segment {
    uint32_t TextBegin;
    uint32_t Length;
    uint32_t FileBegin;
    uint32_t FileLength;
  };

  TextOrigin() = default;

  /// The text is the file itself, starting at \p FileBegin.
  static TextOrigin identity(FileId File, uint32_t FileBegin = 0) {
    TextOrigin O(File);
    O.Identity = true;
    O.IdentityBase = FileBegin;
    return O;
  }

  explicit TextOrigin(FileId File) : File(File) {}

  /// Appends a segment; segments must be added in increasing text order.
  void addSegment(uint32_t TextBegin, uint32_t Length, uint32_t FileBegin,
                  uint32_t FileLength);

  FileId file() const { return File; }

  /// Maps a text offset to a file offset. An offset at the end of the text maps
  /// just past the last segment.
  uint32_t toFileOffset(uint32_t TextOffset) const;

  /// Maps a text range; the end is mapped as the end of its last byte, so a
  /// range ending in an escape covers the whole escape.
  SourceRange toFileRange(uint32_t TextBegin, uint32_t TextEnd) const;

  /// The file spans [Begin, End) that are the first \p TextLength bytes of
  /// the text byte for byte (the plain literal parts; not escapes, holes or
  /// the names of constants), adjacent runs joined: the only file bytes an
  /// edit of the text may touch (a fix-it).
  std::vector<std::pair<uint32_t, uint32_t>>
  verbatimFileRuns(uint32_t TextLength) const;

private:
  FileId File;
  bool Identity = false;
  uint32_t IdentityBase = 0;
  std::vector<Segment> Segments;
};

} // namespace nosqlint

#endif
