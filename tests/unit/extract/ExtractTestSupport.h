//===- ExtractTestSupport.h - Helpers for the extractor tests --*- C++ -*-===//
#ifndef NOSQLINT_TEST_EXTRACTTESTSUPPORT_H
#define NOSQLINT_TEST_EXTRACTTESTSUPPORT_H

#include "nosqlint/Extract/Extract.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace nosqlint::extract::test {

inline std::vector<CqlSnippet> run(HostLanguage Lang,
                                       const std::string &Src) {
  return extractCql(Lang, FileId{1}, Src);
}

/// The file offset that text offset \p TextOffset of \p S maps to, as the
/// substring of \p Src starting there (up to \p Len bytes).
inline std::string at(const CqlSnippet &S, const std::string &Src,
                      size_t TextOffset, size_t Len) {
  uint32_t Off = S.Origin.toFileOffset(static_cast<uint32_t>(TextOffset));
  return Src.substr(Off, Len);
}

/// Maps the first occurrence of \p Word in the snippet's text back to the
/// file and returns the file bytes found there.
inline std::string mapped(const CqlSnippet &S, const std::string &Src,
                          const std::string &Word) {
  size_t Pos = S.Text.find(Word);
  if (Pos == std::string::npos)
    return "<not in text>";
  SourceRange R = S.Origin.toFileRange(static_cast<uint32_t>(Pos),
                                       static_cast<uint32_t>(Pos + Word.size()));
  return Src.substr(R.Begin, R.End - R.Begin);
}

} // namespace nosqlint::extract::test

#endif
