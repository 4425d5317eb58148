//===- UnifiedDiff.cpp ----------------------------------------------------===//
#include "UnifiedDiff.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <vector>

namespace nosqlint {

namespace {

constexpr unsigned Context = 3;

/// Splits into lines, each with its terminator (the last may lack one).
std::vector<llvm::StringRef> splitLines(llvm::StringRef Text) {
  std::vector<llvm::StringRef> Lines;
  while (!Text.empty()) {
    size_t NL = Text.find('\n');
    size_t Len = NL == llvm::StringRef::npos ? Text.size() : NL + 1;
    Lines.push_back(Text.take_front(Len));
    Text = Text.drop_front(Len);
  }
  return Lines;
}

/// Old lines [First, Last) become New.
struct Change {
  unsigned First = 0;
  unsigned Last = 0;
  std::vector<std::string> New;
  int NewEnd = 0; // lineChanges: where the inserted lines end in the middle
};

void printLine(std::string &Out, char Mark, llvm::StringRef Line) {
  Out += Mark;
  Out += Line.str();
  if (!Line.endswith("\n"))
    Out += "\n\\ No newline at end of file\n";
}

/// The changes that turn \p Old into \p New: Myers' greedy forward search
/// for the shortest edit script, then its path walked back. Beyond
/// \p MaxCost the rest is one change (a bound on time and memory).
std::vector<Change> lineChanges(llvm::ArrayRef<llvm::StringRef> Old,
                                llvm::ArrayRef<llvm::StringRef> New) {
  unsigned Head = 0;
  while (Head < Old.size() && Head < New.size() && Old[Head] == New[Head])
    ++Head;
  unsigned Tail = 0;
  while (Tail < Old.size() - Head && Tail < New.size() - Head &&
         Old[Old.size() - 1 - Tail] == New[New.size() - 1 - Tail])
    ++Tail;
  llvm::ArrayRef<llvm::StringRef> A = Old.slice(Head, Old.size() - Head - Tail);
  llvm::ArrayRef<llvm::StringRef> B = New.slice(Head, New.size() - Head - Tail);
  const int N = static_cast<int>(A.size()), M = static_cast<int>(B.size());
  auto Whole = [&] {
    Change C{Head, Head + static_cast<unsigned>(N), {}};
    for (llvm::StringRef L : B)
      C.New.push_back(L.str());
    return std::vector<Change>{C};
  };
  if (N == 0 && M == 0)
    return {};
  const int Max = N + M;
  const int MaxCost = 2000;
  std::vector<int> V(2 * Max + 2, 0);
  std::vector<std::vector<int>> Trace;
  int Found = -1;
  for (int D = 0; D <= Max && D <= MaxCost && Found < 0; ++D) {
    Trace.push_back(V);
    for (int K = -D; K <= D; K += 2) {
      int X = (K == -D || (K != D && V[Max + K - 1] < V[Max + K + 1]))
                  ? V[Max + K + 1]
                  : V[Max + K - 1] + 1;
      int Y = X - K;
      while (X < N && Y < M && A[X] == B[Y])
        ++X, ++Y;
      V[Max + K] = X;
      if (X >= N && Y >= M) {
        Found = D;
        break;
      }
    }
  }
  if (Found < 0)
    return Whole();
  // Walk back: each step is a deletion or an insertion, then a diagonal.
  struct Step {
    bool Insert;
    int X, Y; // the position before the step
  };
  std::vector<Step> Steps;
  int X = N, Y = M;
  for (int D = Found; D > 0; --D) {
    const std::vector<int> &Prev = Trace[D];
    int K = X - Y;
    bool Down = K == -D || (K != D && Prev[Max + K - 1] < Prev[Max + K + 1]);
    int PrevK = Down ? K + 1 : K - 1;
    int PrevX = Prev[Max + PrevK];
    int PrevY = PrevX - PrevK;
    Steps.push_back({Down, PrevX, PrevY});
    X = PrevX;
    Y = PrevY;
  }
  std::reverse(Steps.begin(), Steps.end());
  std::vector<Change> Changes;
  for (const Step &S : Steps) {
    unsigned At = Head + static_cast<unsigned>(S.X);
    bool Joins = !Changes.empty() && Changes.back().Last == At &&
                 Changes.back().NewEnd == S.Y;
    if (!Joins)
      Changes.push_back({At, At, {}, S.Y});
    Change &C = Changes.back();
    if (S.Insert) {
      C.New.push_back(B[S.Y].str());
      C.NewEnd = S.Y + 1;
    } else {
      C.Last = At + 1;
    }
  }
  return Changes;
}

} // namespace

std::string unifiedDiff(llvm::StringRef Path, llvm::StringRef Before,
                        llvm::StringRef After) {
  std::vector<llvm::StringRef> Old = splitLines(Before);
  std::vector<Change> Changes = lineChanges(Old, splitLines(After));
  if (Changes.empty())
    return std::string();

  // git's a/ and b/ before a relative path; an absolute one as it is.
  Path.consume_front("./");
  bool Absolute = Path.startswith("/");
  std::string Out = (Absolute ? "--- " : "--- a/") + Path.str() +
                    (Absolute ? "\n+++ " : "\n+++ b/") + Path.str() + "\n";
  int Delta = 0; // new line numbers minus old ones, before the hunk
  for (size_t I = 0; I < Changes.size();) {
    size_t J = I + 1;
    while (J < Changes.size() &&
           Changes[J].First <= Changes[J - 1].Last + 2 * Context)
      ++J;
    unsigned HunkFirst =
        Changes[I].First > Context ? Changes[I].First - Context : 0;
    unsigned HunkLast =
        std::min<unsigned>(Changes[J - 1].Last + Context, Old.size());
    std::string Body;
    unsigned OldCount = 0, NewCount = 0;
    unsigned At = HunkFirst;
    int HunkDelta = 0;
    for (size_t K = I; K < J; ++K) {
      for (; At < Changes[K].First; ++At, ++OldCount, ++NewCount)
        printLine(Body, ' ', Old[At]);
      for (; At < Changes[K].Last; ++At, ++OldCount)
        printLine(Body, '-', Old[At]);
      for (const std::string &L : Changes[K].New) {
        printLine(Body, '+', L);
        ++NewCount;
      }
      HunkDelta += static_cast<int>(Changes[K].New.size()) -
                   static_cast<int>(Changes[K].Last - Changes[K].First);
    }
    for (; At < HunkLast; ++At, ++OldCount, ++NewCount)
      printLine(Body, ' ', Old[At]);
    // diff -u numbers an empty side from the line before it.
    auto Range = [](unsigned Start, unsigned Count) {
      unsigned Shown = Count == 0 ? Start : Start + 1;
      return std::to_string(Shown) +
             (Count == 1 ? std::string() : "," + std::to_string(Count));
    };
    Out += "@@ -" + Range(HunkFirst, OldCount) + " +" +
           Range(static_cast<unsigned>(static_cast<int>(HunkFirst) + Delta),
                 NewCount) +
           " @@\n" + Body;
    Delta += HunkDelta;
    I = J;
  }
  return Out;
}

std::optional<std::string> applyUnifiedDiff(llvm::StringRef Before,
                                            llvm::StringRef Diff) {
  std::vector<llvm::StringRef> Old = splitLines(Before);
  std::vector<llvm::StringRef> Lines = splitLines(Diff);
  std::string Out;
  size_t At = 0; // next old line to copy
  size_t I = 0;
  if (Lines.size() >= 2 && Lines[0].startswith("--- ") &&
      Lines[1].startswith("+++ "))
    I = 2;
  // A line of the diff, its "\ No newline" marker folded back in.
  auto Body = [&](size_t &K) {
    std::string L = Lines[K].drop_front().str();
    if (K + 1 < Lines.size() && Lines[K + 1].startswith("\\ ")) {
      if (!L.empty() && L.back() == '\n')
        L.pop_back();
      ++K;
    }
    return L;
  };
  while (I < Lines.size()) {
    llvm::StringRef H = Lines[I++];
    unsigned OldStart = 0, OldCount = 1;
    if (!H.consume_front("@@ -"))
      return std::nullopt;
    llvm::StringRef OldSpec = H.split(' ').first;
    auto [StartText, CountText] = OldSpec.split(',');
    if (StartText.getAsInteger(10, OldStart) ||
        (!CountText.empty() && CountText.getAsInteger(10, OldCount)))
      return std::nullopt;
    size_t First = OldCount == 0 ? OldStart : OldStart - 1;
    if (First < At || First > Old.size())
      return std::nullopt;
    for (; At < First; ++At)
      Out += Old[At].str();
    while (I < Lines.size() && !Lines[I].startswith("@@")) {
      char Mark = Lines[I].empty() ? '?' : Lines[I].front();
      std::string L = Body(I);
      ++I;
      if (Mark == '+') {
        Out += L;
        continue;
      }
      if ((Mark != ' ' && Mark != '-') || At >= Old.size() || Old[At] != L)
        return std::nullopt;
      if (Mark == ' ')
        Out += L;
      ++At;
    }
  }
  for (; At < Old.size(); ++At)
    Out += Old[At].str();
  return Out;
}

} // namespace nosqlint
