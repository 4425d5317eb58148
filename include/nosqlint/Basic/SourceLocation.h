//===- SourceLocation.h - Byte ranges in input files -----------*- C++ -*-===//
//
// Every IR node and every diagnostic carries a SourceRange: a file and a
// half-open byte range [Begin, End) in that file as it is on disk. Queries
// taken from inside host-language strings are mapped back to such ranges by a
// TextOrigin (see TextOrigin.h), so positions stay exact through escapes and
// concatenations.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_BASIC_SOURCELOCATION_H
#define NOSQLINT_BASIC_SOURCELOCATION_H

#include <cstdint>

namespace nosqlint {

/// Identifies one file registered with the SourceManager. Id 0 is invalid.
struct FileId {
  uint32_t Value = 0;

  bool isValid() const { return Value != 0; }
  friend bool operator==(FileId A, FileId B) { return A.Value == B.Value; }
  friend bool operator!=(FileId A, FileId B) { return A.Value != B.Value; }
  friend bool operator<(FileId A, FileId B) { return A.Value < B.Value; }
};

/// A half-open byte range [Begin, End) inside one file.
struct SourceRange {
  FileId File;
  uint32_t Begin = 0;
  uint32_t End = 0;

  SourceRange() = default;
  SourceRange(FileId File, uint32_t Begin, uint32_t End)
      : File(File), Begin(Begin), End(End) {}

  bool isValid() const { return File.isValid(); }
  uint32_t size() const { return End - Begin; }

  /// The smallest range covering both; either may be invalid.
  static SourceRange join(const SourceRange &A, const SourceRange &B) {
    if (!A.isValid())
      return B;
    if (!B.isValid() || A.File != B.File)
      return A;
    return {A.File, A.Begin < B.Begin ? A.Begin : B.Begin,
            A.End > B.End ? A.End : B.End};
  }
};

/// A 1-based line and a 1-based column counted in bytes.
struct LineColumn {
  unsigned Line = 0;
  unsigned Column = 0;
};

} // namespace nosqlint

#endif
