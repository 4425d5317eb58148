//===- FixRanges.h - Where a fix-it may edit a file -------------*- C++ -*-===//
//
// A fix-it is computed on an analyzed text (a .cql file, a JSON request, a
// CQL string rebuilt from Java or Python source) and edits the file on disk.
// That is right only where the text is the file byte for byte. FixRanges
// records those bytes per file: a whole .cql or request JSON file, less the
// JSON escapes; in a host-language file, the plain literal parts of the
// strings that were analyzed (TextOrigin::verbatimFileRuns). An edit that
// touches anything else (an escape, the `" + "` of a concatenation, a
// constant used by its name, a hole) is not made: unknown never causes an
// edit. In a literal, a replacement must need no escaping in any host
// language either.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_FIXRANGES_H
#define NOSQLINT_DRIVER_FIXRANGES_H

#include "nosqlint/Basic/SourceLocation.h"
#include "nosqlint/Basic/TextOrigin.h"
#include "nosqlint/Diag/Diagnostic.h"

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace nosqlint {

class FixRanges {
public:
  /// Every byte of [0, Size) is the analyzed text itself: any replacement
  /// may go anywhere in it (but into the holes given to exclude()).
  void addWholeFile(FileId File, uint32_t Size);
  /// Bytes [Begin, End) of a whole file that an edit must not touch (a JSON
  /// escape sequence).
  void exclude(FileId File, uint32_t Begin, uint32_t End);
  /// The plain literal parts of a text rebuilt from host source.
  void addLiteral(const TextOrigin &Origin, uint32_t TextLength);

  /// Sorts and joins the runs; call once everything is added.
  void finish();

  /// Whether \p F edits only such bytes (an insertion: at or inside them),
  /// with a replacement the file can hold as it is written.
  bool allows(const FixIt &F) const;

private:
  struct FileRuns {
    bool Whole = false;
    std::vector<std::pair<uint32_t, uint32_t>> Runs;     // sorted on demand
    std::vector<std::pair<uint32_t, uint32_t>> Excluded; // Whole only
  };
  std::map<uint32_t, FileRuns> Files;
};

/// Drops the fix of every diagnostic (all its FixIts: they are one change)
/// with a FixIt \p Ranges does not allow. unused-ignore's removal of a
/// suppression comment edits the file's own comment text and is kept.
void dropUnmappableFixes(std::vector<Diagnostic> &Diags,
                         const FixRanges &Ranges);

} // namespace nosqlint

#endif
