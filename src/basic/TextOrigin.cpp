//===- TextOrigin.cpp -----------------------------------------------------===//
#include "nosqlint/Basic/TextOrigin.h"

#include <algorithm>
#include <cassert>

namespace nosqlint {

void TextOrigin::addSegment(uint32_t TextBegin, uint32_t Length,
                            uint32_t FileBegin, uint32_t FileLength) {
  assert(!Identity && "identity origins take no segments");
  assert((Segments.empty() ||
          Segments.back().TextBegin + Segments.back().Length <= TextBegin) &&
         "segments must be added in text order");
  Segments.push_back({TextBegin, Length, FileBegin, FileLength});
}

uint32_t TextOrigin::toFileOffset(uint32_t TextOffset) const {
  if (Identity)
    return IdentityBase + TextOffset;
  if (Segments.empty())
    return 0;
  // The last segment starting at or before the offset.
  auto It = std::upper_bound(
      Segments.begin(), Segments.end(), TextOffset,
      [](uint32_t Off, const Segment &S) { return Off < S.TextBegin; });
  if (It == Segments.begin())
    return Segments.front().FileBegin;
  const Segment &S = *(It - 1);
  uint32_t Delta = TextOffset - S.TextBegin;
  if (Delta >= S.Length)
    return S.FileBegin + S.FileLength; // just past this segment
  if (S.Length == S.FileLength)
    return S.FileBegin + Delta;
  return S.FileBegin; // inside an escape or hole: its start
}

SourceRange TextOrigin::toFileRange(uint32_t TextBegin,
                                    uint32_t TextEnd) const {
  uint32_t Begin = toFileOffset(TextBegin);
  if (TextEnd <= TextBegin)
    return {File, Begin, Begin};
  // Map the last byte, then step past it (an escape's last byte covers the
  // whole escape).
  uint32_t Last = TextEnd - 1;
  uint32_t End;
  if (Identity) {
    End = IdentityBase + TextEnd;
  } else {
    auto It = std::upper_bound(
        Segments.begin(), Segments.end(), Last,
        [](uint32_t Off, const Segment &S) { return Off < S.TextBegin; });
    if (It == Segments.begin()) {
      End = Begin;
    } else {
      const Segment &S = *(It - 1);
      uint32_t Delta = Last - S.TextBegin;
      if (Delta >= S.Length || S.Length != S.FileLength)
        End = S.FileBegin + S.FileLength;
      else
        End = S.FileBegin + Delta + 1;
    }
  }
  return {File, Begin, std::max(Begin, End)};
}

std::vector<std::pair<uint32_t, uint32_t>>
TextOrigin::verbatimFileRuns(uint32_t TextLength) const {
  std::vector<std::pair<uint32_t, uint32_t>> Runs;
  if (Identity) {
    if (TextLength > 0)
      Runs.push_back({IdentityBase, IdentityBase + TextLength});
    return Runs;
  }
  uint32_t PrevTextEnd = 0;
  for (const Segment &S : Segments) {
    if (S.TextBegin >= TextLength)
      break;
    if (S.Length != S.FileLength || S.Length == 0) {
      PrevTextEnd = UINT32_MAX; // an escape or a hole breaks the run
      continue;
    }
    uint32_t Length = std::min(S.Length, TextLength - S.TextBegin);
    bool Joins = !Runs.empty() && PrevTextEnd == S.TextBegin &&
                 Runs.back().second == S.FileBegin;
    if (Joins)
      Runs.back().second += Length;
    else
      Runs.push_back({S.FileBegin, S.FileBegin + Length});
    PrevTextEnd = S.TextBegin + Length;
  }
  return Runs;
}

} // namespace nosqlint
