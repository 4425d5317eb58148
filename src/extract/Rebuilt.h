//===- Rebuilt.h - A CQL text rebuilt from host-language pieces -*- C++ -*-===//
//
// The text grows left to right as the evaluator walks a string expression:
// literal bytes map one to one to the file, a decoded escape maps to the
// whole escape, and an interpolation hole maps to the whole hole. A hole with
// an unknown value becomes a placeholder chosen from the text before it (see
// classifyHole), so the CQL front end never reports something the program
// does not do.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_REBUILT_H
#define NOSQLINT_EXTRACT_REBUILT_H

#include "nosqlint/Basic/TextOrigin.h"
#include "nosqlint/Extract/Extract.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace nosqlint::extract {

/// Where a hole stands in the CQL text before it.
enum class HoleKind {
  Value,     // after an operator, LIMIT, TTL, in VALUES (...) or IN (...)
  Table,     // after FROM, INTO, UPDATE, TABLE, TRUNCATE, or `keyspace.`
  InString,  // inside a CQL '...' string literal
  Structure, // anything else: a clause, a column list, a keyword
};

HoleKind classifyHole(llvm::StringRef Before);

class Rebuilt {
public:
  /// Appends decoded literal bytes written at [FileBegin, +Bytes.size()).
  void appendVerbatim(llvm::StringRef Bytes, uint32_t FileBegin);
  /// Appends bytes that stand for the file span [FileBegin, +FileLength)
  /// as a whole (an escape sequence, a resolved constant).
  void appendMapped(llvm::StringRef Bytes, uint32_t FileBegin,
                    uint32_t FileLength);
  /// Appends an interpolation hole spanning [FileBegin, +FileLength). When
  /// \p Known is set (a resolved constant), its text is used; otherwise a
  /// placeholder that fits the position.
  void appendHole(uint32_t FileBegin, uint32_t FileLength,
                  const Rebuilt *Known = nullptr);

  /// Scala's stripMargin, Kotlin's trimMargin: from text offset \p From on,
  /// a \p Margin character that only blanks precede on its line becomes a
  /// blank (CQL reads blanks alike), so every position stays where it is.
  void blankMargins(size_t From, char Margin);

  const std::string &text() const { return Text; }
  SnippetTrust trust() const { return Trust; }
  unsigned holes() const { return Holes; }
  bool empty() const { return Text.empty(); }

  TextOrigin origin(FileId File) const;

private:
  void addSegment(uint32_t Length, uint32_t FileBegin, uint32_t FileLength);
  void lowerTrust(SnippetTrust T) {
    if (static_cast<int>(T) > static_cast<int>(Trust))
      Trust = T;
  }

  std::string Text;
  std::vector<TextOrigin::Segment> Segments;
  SnippetTrust Trust = SnippetTrust::Full;
  unsigned Holes = 0;
  size_t LastHoleEnd = std::string::npos; // text size after the last hole
};

} // namespace nosqlint::extract

#endif
