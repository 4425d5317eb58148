//===- CauseGroups.cpp - One text finding per cause -----------------------===//
//
// Groups the findings of each statement by cause (see CauseGroups.h for the
// precedence), folds the rest into the headline as notes, drops notes
// already printed for the statement and cuts messages after their first
// sentence.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Diag/CauseGroups.h"

#include "ReportChunks.h"

#include <map>
#include <set>
#include <tuple>

namespace nosqlint {

std::optional<unsigned> accessPathRank(RuleId Rule) {
  switch (Rule) {
  case RuleId::FilteringRequired:
    return 0;
  case RuleId::FullScan:
    return 1;
  case RuleId::MissingIndex:
    return 2;
  case RuleId::MultiPartitionRead:
    return 3;
  case RuleId::AllowFiltering:
    return 4;
  case RuleId::CountAll:
    return 5;
  case RuleId::UnboundedPartitionRead:
    return 6;
  case RuleId::FilterExpression:
    return 7;
  default:
    return std::nullopt;
  }
}

namespace {

bool endsAbbreviation(llvm::StringRef Before) {
  for (llvm::StringRef A : {"e.g", "i.e", "etc", "vs", "approx", "cf"})
    if (Before.endswith(A) &&
        (Before.size() == A.size() ||
         !isalpha(static_cast<unsigned char>(Before[Before.size() - A.size() - 1]))))
      return true;
  return false;
}

/// Where the group of \p D is keyed: its statement and the cause.
using GroupKey = std::tuple<uint32_t, uint32_t, uint32_t, std::string, int>;

std::optional<GroupKey> groupKey(const Diagnostic &D) {
  if (!D.SubjectRange.isValid() || !accessPathRank(D.Rule))
    return std::nullopt;
  return GroupKey{D.SubjectRange.File.Value, D.SubjectRange.Begin,
                  D.SubjectRange.End, D.Subject, 0};
}

/// Whether \p A is the better headline: higher severity, then lower rank.
bool outranks(const Diagnostic &A, const Diagnostic &B) {
  if (A.Level != B.Level)
    return A.Level > B.Level;
  return accessPathRank(A.Rule).value_or(99) <
         accessPathRank(B.Rule).value_or(99);
}

using NoteKey = std::tuple<std::string, uint32_t, uint32_t, uint32_t, bool>;

NoteKey noteKey(const DiagnosticNote &N) {
  return {N.Message, N.Range.File.Value, N.Range.Begin, N.Range.End,
          N.Range.isValid()};
}

} // namespace

/// The offsets in \p Message of every ". ", "; " and ": " outside quotes
/// and brackets (the punctuation's offset), in order, with the character.
static std::vector<std::pair<size_t, char>> breaks(llvm::StringRef Message) {
  std::vector<std::pair<size_t, char>> Out;
  int Depth = 0;
  char Quote = 0;
  for (size_t I = 0; I + 1 < Message.size(); ++I) {
    char C = Message[I];
    if (Quote) {
      if (C == Quote)
        Quote = 0;
      continue;
    }
    if (C == '\'' || C == '"' || C == '`') {
      // An apostrophe inside a word (doesn't, table's) opens nothing.
      bool InWord =
          I > 0 && isalnum(static_cast<unsigned char>(Message[I - 1]));
      if (!(C == '\'' && InWord))
        Quote = C;
      continue;
    }
    if (C == '(' || C == '[' || C == '{')
      ++Depth;
    else if ((C == ')' || C == ']' || C == '}') && Depth > 0)
      --Depth;
    if (Depth != 0 || Message[I + 1] != ' ' ||
        (C != '.' && C != ';' && C != ':'))
      continue;
    if (C == '.' && endsAbbreviation(Message.take_front(I)))
      continue;
    Out.push_back({I, C});
  }
  return Out;
}

/// A first sentence longer than LongHeadline is cut again at a ": ", the
/// last one within MaxHeadline.
constexpr size_t LongHeadline = 100;
constexpr size_t MaxHeadline = 130;

std::pair<std::string, std::string>
splitFirstSentence(llvm::StringRef Message) {
  std::vector<std::pair<size_t, char>> Breaks = breaks(Message);
  size_t Cut = llvm::StringRef::npos;
  for (const auto &[At, C] : Breaks)
    if (C != ':') {
      Cut = At;
      break;
    }
  size_t HeadEnd = std::min(Cut, Message.size());
  if (HeadEnd > LongHeadline) {
    // The longest head that ends at a colon within MaxHeadline, else the
    // shortest one.
    size_t Longest = llvm::StringRef::npos, Shortest = llvm::StringRef::npos;
    for (const auto &[At, C] : Breaks) {
      if (C != ':' || At < 30 || At >= HeadEnd)
        continue;
      if (Shortest == llvm::StringRef::npos)
        Shortest = At;
      if (At <= MaxHeadline)
        Longest = At;
    }
    if (Longest != llvm::StringRef::npos)
      Cut = Longest;
    else if (Shortest != llvm::StringRef::npos)
      Cut = Shortest;
  }
  if (Cut == llvm::StringRef::npos)
    return {Message.str(), std::string()};
  llvm::StringRef Rest = Message.drop_front(Cut + 1).trim();
  if (Rest.empty())
    return {Message.str(), std::string()};
  return {Message.take_front(Cut).str(), Rest.str()};
}

std::vector<Diagnostic> groupByCause(llvm::ArrayRef<Diagnostic> Diags) {
  // Each group: the indexes of its findings, in input order.
  std::vector<std::vector<size_t>> Groups;
  std::map<GroupKey, size_t> GroupOf;
  for (size_t I = 0; I < Diags.size(); ++I) {
    std::optional<GroupKey> Key = groupKey(Diags[I]);
    if (!Key) {
      Groups.push_back({I});
      continue;
    }
    auto [It, New] = GroupOf.try_emplace(*Key, Groups.size());
    if (New)
      Groups.emplace_back();
    Groups[It->second].push_back(I);
  }

  // Notes already printed, per statement.
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, std::set<NoteKey>> Printed;
  std::vector<Diagnostic> Out;
  Out.reserve(Groups.size());
  for (const std::vector<size_t> &G : Groups) {
    size_t Head = G.front();
    for (size_t I : G)
      if (outranks(Diags[I], Diags[Head]))
        Head = I;
    const Diagnostic &H = Diags[Head];
    Diagnostic D = H;
    D.Notes.clear();
    // An input error names a path and says what is wrong with it: one
    // message, never cut.
    auto [First, Rest] = H.Rule == RuleId::InputError
                             ? std::make_pair(H.Message, std::string())
                             : splitFirstSentence(H.Message);
    D.Message = First;
    std::set<NoteKey> *Seen = nullptr;
    std::set<NoteKey> Local;
    if (H.SubjectRange.isValid())
      Seen = &Printed[{H.SubjectRange.File.Value, H.SubjectRange.Begin,
                       H.SubjectRange.End}];
    else
      Seen = &Local;
    auto AddNote = [&](const DiagnosticNote &N) {
      if (Seen->insert(noteKey(N)).second)
        D.Notes.push_back(N);
    };
    if (!Rest.empty())
      D.Notes.push_back({Rest, SourceRange()});
    for (const DiagnosticNote &N : H.Notes)
      AddNote(N);
    for (size_t I : G) {
      if (I == Head)
        continue;
      const Diagnostic &M = Diags[I];
      std::string Fact = splitFirstSentence(M.Message).first + " [" +
                         ruleInfo(M.Rule).Name.str() + "]";
      // One line: the headline already shows the statement, and JSON and
      // SARIF keep where the finding points.
      D.Notes.push_back({Fact, SourceRange()});
      for (const DiagnosticNote &N : M.Notes)
        AddNote(N);
      for (const FixIt &F : M.FixIts) {
        bool Dup = false;
        for (const FixIt &E : D.FixIts)
          Dup |= E.Range.File == F.Range.File && E.Range.Begin == F.Range.Begin &&
               E.Range.End == F.Range.End && E.Replacement == F.Replacement;
        if (!Dup)
          D.FixIts.push_back(F);
      }
    }
    Out.push_back(std::move(D));
  }
  return Out;
}

std::vector<size_t> causeGroupBounds(llvm::ArrayRef<Diagnostic> Diags,
                                     unsigned Jobs) {
  if (Jobs <= 1)
    return chunkBounds(Diags.size(), 1);
  // What ties findings together: the statement (SubjectRange) keys both
  // the groups and the notes already printed. A finding without one stands
  // alone. Last[I]: the last index of any statement seen up to I.
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, size_t> LastOf;
  for (size_t I = 0; I < Diags.size(); ++I) {
    const SourceRange &R = Diags[I].SubjectRange;
    if (R.isValid())
      LastOf[{R.File.Value, R.Begin, R.End}] = I;
  }
  std::vector<size_t> ReachUpTo(Diags.size() + 1, 0);
  size_t Reach = 0;
  for (size_t I = 0; I < Diags.size(); ++I) {
    const SourceRange &R = Diags[I].SubjectRange;
    if (R.isValid())
      Reach = std::max(Reach, LastOf[{R.File.Value, R.Begin, R.End}]);
    ReachUpTo[I + 1] = Reach;
  }
  return chunkBounds(Diags.size(), Jobs,
                     [&](size_t I) { return ReachUpTo[I] < I; });
}

} // namespace nosqlint
