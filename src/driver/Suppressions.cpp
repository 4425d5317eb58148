//===- Suppressions.cpp - nosqlint: suppression comments ------------------===//
//
// Per file with directives: each directive is placed (the comment's line,
// whether code precedes it there, the next line of code after it), each
// finding is given its statement's lines, and a directive suppresses the
// finding when its kind's placement rule holds (Suppressions.h). Every
// match marks the directive and the rule id it used, so that what never
// matched can be reported.
//
//===----------------------------------------------------------------------===//
#include "Suppressions.h"
#include "SuppressionDirectives.h"

#include "nosqlint/Basic/SourceManager.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <optional>

namespace nosqlint {

namespace {

/// A directive placed in its file.
struct PlacedDirective {
  Directive D;
  std::pair<uint32_t, uint32_t> Comment;
  unsigned Line = 0;     // of the directive
  bool AfterCode = false; // code precedes the comment on its line
  std::optional<unsigned> NextCodeLine;
  std::vector<std::optional<RuleId>> Ids; // per listed rule (none: unknown)
  std::vector<bool> IdUsed;
  bool Used = false;
  /// Disable: where its region ends, per listed rule (or once, bare).
  std::vector<uint32_t> RegionEnd;
};

class FileSuppressions {
public:
  FileSuppressions(const SourceManager &SM, FileId File, const FileSyntax &S)
      : SM(SM), File(File), Syntax(S), Text(SM.text(File)) {
    for (const auto &C : S.Comments) {
      llvm::StringRef Body = Text.slice(C.first, C.second);
      if (!mentionsNosqlint(Body))
        continue;
      for (Directive &D : readDirectives(Body, C.first))
        place(std::move(D), C);
    }
    closeRegions();
  }

  bool empty() const { return Directives.empty(); }

  /// Marks and returns whether a directive suppresses \p D.
  bool suppress(const Diagnostic &D);

  void report(std::vector<Diagnostic> &Out, bool ReportUnused) const;

private:
  unsigned lineOf(uint32_t Offset) const {
    return SM.lineColumn(File, Offset).Line;
  }
  void place(Directive D, std::pair<uint32_t, uint32_t> Comment);
  std::optional<unsigned> nextCodeLine(uint32_t From) const;
  const std::pair<uint32_t, uint32_t> *commentAt(uint32_t Offset) const;
  std::pair<uint32_t, uint32_t> statementOf(const Diagnostic &D) const;
  void closeRegions();
  bool names(const PlacedDirective &P, RuleId Rule, size_t &Index) const;
  std::vector<FixIt> removal(const PlacedDirective &P,
                             std::optional<size_t> Id) const;

  const SourceManager &SM;
  FileId File;
  const FileSyntax &Syntax;
  llvm::StringRef Text;
  std::vector<PlacedDirective> Directives;
};

const std::pair<uint32_t, uint32_t> *
FileSuppressions::commentAt(uint32_t Offset) const {
  auto It = std::lower_bound(
      Syntax.Comments.begin(), Syntax.Comments.end(), Offset,
      [](const std::pair<uint32_t, uint32_t> &C, uint32_t O) {
        return C.first < O;
      });
  if (It == Syntax.Comments.end() || It->first != Offset)
    return nullptr;
  return &*It;
}

std::optional<unsigned> FileSuppressions::nextCodeLine(uint32_t From) const {
  // From the end of a comment: comments are passed over, a line break
  // after a line with nothing on it (a blank line) ends the search.
  size_t P = From;
  bool LineHasContent = true; // the comment's own line
  while (P < Text.size()) {
    char C = Text[P];
    if (C == ' ' || C == '\t' || C == '\r' || C == '\f' || C == '\v') {
      ++P;
      continue;
    }
    if (C == '\n') {
      if (!LineHasContent)
        return std::nullopt;
      LineHasContent = false;
      ++P;
      continue;
    }
    if (const auto *Comment = commentAt(static_cast<uint32_t>(P))) {
      P = std::max<size_t>(Comment->second, P + 1);
      LineHasContent = true;
      continue;
    }
    return lineOf(static_cast<uint32_t>(P));
  }
  return std::nullopt;
}

void FileSuppressions::place(Directive D,
                             std::pair<uint32_t, uint32_t> Comment) {
  PlacedDirective P;
  P.Comment = Comment;
  P.Line = lineOf(D.Offset);
  uint32_t LineBegin = SM.lineStart(File, lineOf(Comment.first));
  P.AfterCode = !Text.slice(LineBegin, Comment.first).trim().empty();
  P.NextCodeLine = nextCodeLine(Comment.second);
  for (const DirectiveRule &R : D.Rules)
    P.Ids.push_back(findRule(R.Name));
  P.IdUsed.assign(D.Rules.size(), false);
  P.D = std::move(D);
  Directives.push_back(std::move(P));
}

void FileSuppressions::closeRegions() {
  auto EndFor = [&](size_t From, std::optional<RuleId> Rule) {
    for (size_t J = From + 1; J < Directives.size(); ++J) {
      const PlacedDirective &E = Directives[J];
      if (E.D.Kind != DirectiveKind::Enable)
        continue;
      if (E.D.Rules.empty() ||
          (Rule && llvm::is_contained(E.Ids, std::optional<RuleId>(Rule))))
        return E.Comment.first;
    }
    return static_cast<uint32_t>(Text.size());
  };
  for (size_t I = 0; I < Directives.size(); ++I) {
    PlacedDirective &P = Directives[I];
    if (P.D.Kind != DirectiveKind::Disable)
      continue;
    if (P.D.Rules.empty())
      P.RegionEnd.push_back(EndFor(I, std::nullopt));
    for (const std::optional<RuleId> &Id : P.Ids)
      P.RegionEnd.push_back(Id ? EndFor(I, Id)
                               : static_cast<uint32_t>(Text.size()));
  }
}

std::pair<uint32_t, uint32_t>
FileSuppressions::statementOf(const Diagnostic &D) const {
  std::optional<std::pair<uint32_t, uint32_t>> Best;
  uint32_t B = D.Range.Begin;
  for (const auto &S : Syntax.Statements) {
    if (B < S.first || (B >= S.second && !(B == S.first && B == S.second)))
      continue;
    if (!Best || S.second - S.first < Best->second - Best->first)
      Best = S;
  }
  if (Best)
    return *Best;
  return {D.Range.Begin, std::max(D.Range.Begin, D.Range.End)};
}

bool FileSuppressions::names(const PlacedDirective &P, RuleId Rule,
                             size_t &Index) const {
  for (size_t I = 0; I < P.Ids.size(); ++I)
    if (P.Ids[I] == Rule) {
      Index = I;
      return true;
    }
  return false;
}

bool FileSuppressions::suppress(const Diagnostic &D) {
  std::pair<uint32_t, uint32_t> S = statementOf(D);
  unsigned First = lineOf(S.first);
  unsigned Last = lineOf(S.second > S.first ? S.second - 1 : S.first);
  bool Suppressed = false;
  for (PlacedDirective &P : Directives) {
    if (P.D.UnclosedList)
      continue;
    std::vector<size_t> Applies; // regions of a disable, by index
    bool Covers = false;
    switch (P.D.Kind) {
    case DirectiveKind::Ignore:
      if (P.AfterCode)
        Covers = P.Line >= First && P.Line <= Last;
      else
        Covers = (P.Comment.first >= S.first && P.Comment.second <= S.second) ||
                 P.NextCodeLine == First;
      break;
    case DirectiveKind::IgnoreNextLine:
      Covers = P.NextCodeLine == First;
      break;
    case DirectiveKind::IgnoreFile:
      Covers = true;
      break;
    case DirectiveKind::Disable: {
      if (D.Range.Begin < P.Comment.second)
        break;
      if (P.D.Rules.empty()) {
        Covers = D.Range.Begin < P.RegionEnd.front();
        break;
      }
      size_t I;
      Covers = names(P, D.Rule, I) && D.Range.Begin < P.RegionEnd[I];
      break;
    }
    case DirectiveKind::Enable:
    case DirectiveKind::Unknown:
      break;
    }
    if (!Covers)
      continue;
    if (P.D.Rules.empty()) {
      P.Used = Suppressed = true;
      continue;
    }
    size_t I;
    if (names(P, D.Rule, I)) {
      P.IdUsed[I] = P.Used = Suppressed = true;
    }
  }
  return Suppressed;
}

/// The rule name nearest to \p Name, if it is near enough to be a typo.
std::optional<llvm::StringRef> nearestRule(llvm::StringRef Name) {
  std::optional<llvm::StringRef> Best;
  unsigned BestDistance = std::max<unsigned>(2, Name.size() / 3) + 1;
  for (const RuleInfo &R : allRules()) {
    unsigned Dist = Name.edit_distance(R.Name, true, BestDistance);
    if (Dist < BestDistance) {
      BestDistance = Dist;
      Best = R.Name;
    }
  }
  return Best;
}

std::optional<llvm::StringRef> nearestKind(llvm::StringRef Word) {
  std::optional<llvm::StringRef> Best;
  unsigned BestDistance = 4;
  for (DirectiveKind K :
       {DirectiveKind::Ignore, DirectiveKind::IgnoreNextLine,
        DirectiveKind::IgnoreFile, DirectiveKind::Disable,
        DirectiveKind::Enable}) {
    unsigned Dist = Word.edit_distance(directiveKindName(K), true, BestDistance);
    if (Dist < BestDistance) {
      BestDistance = Dist;
      Best = directiveKindName(K);
    }
  }
  return Best;
}

/// Whether a comment says nothing once \p Directive is taken out of it:
/// only its delimiters and spaces are left.
bool onlyDirective(llvm::StringRef Comment, uint32_t Begin, uint32_t End) {
  std::string Rest = (Comment.take_front(Begin) + Comment.drop_front(End)).str();
  llvm::StringRef R = llvm::StringRef(Rest).trim();
  for (llvm::StringRef Open : {"//", "--", "#", "/*"})
    if (R.consume_front(Open))
      break;
  R.consume_back("*/");
  return R.trim(" \t\r\n*").empty();
}

std::vector<FixIt> FileSuppressions::removal(const PlacedDirective &P,
                                             std::optional<size_t> Id) const {
  const Directive &D = P.D;
  if (Id && D.Rules.size() > 1) {
    // One id of several: it and the separator next to it.
    size_t I = *Id;
    uint32_t Begin, End;
    if (I + 1 < D.Rules.size()) {
      Begin = D.Rules[I].Offset;
      End = D.Rules[I + 1].Offset;
    } else {
      Begin = D.Rules[I - 1].Offset + D.Rules[I - 1].Length;
      End = D.Rules[I].Offset + D.Rules[I].Length;
    }
    return {{SourceRange(File, Begin, End), ""}};
  }
  llvm::StringRef Comment = Text.slice(P.Comment.first, P.Comment.second);
  uint32_t Begin = D.Offset, End = D.Offset + D.Length;
  if (!onlyDirective(Comment, Begin - P.Comment.first,
                     End - P.Comment.first))
    return {{SourceRange(File, Begin, End), ""}};
  // The whole comment: with its line when it is alone there, else with
  // the spaces that separate it from the code before it.
  Begin = P.Comment.first;
  End = P.Comment.second;
  uint32_t LineBegin = SM.lineStart(File, lineOf(Begin));
  size_t LineEnd = Text.find('\n', End);
  bool Alone = !P.AfterCode &&
               Text.slice(End, LineEnd == llvm::StringRef::npos ? Text.size()
                                                                : LineEnd)
                   .trim()
                   .empty();
  if (Alone) {
    Begin = LineBegin;
    End = LineEnd == llvm::StringRef::npos ? static_cast<uint32_t>(Text.size())
                                           : static_cast<uint32_t>(LineEnd + 1);
  } else {
    while (Begin > LineBegin && (Text[Begin - 1] == ' ' || Text[Begin - 1] == '\t'))
      --Begin;
  }
  return {{SourceRange(File, Begin, End), ""}};
}

Diagnostic problem(SourceRange Range, std::string Message,
                   std::vector<FixIt> Fixes = {}) {
  Diagnostic D;
  D.Rule = RuleId::UnusedIgnore;
  D.Level = ruleInfo(RuleId::UnusedIgnore).DefaultSeverity;
  D.Range = Range;
  D.Message = std::move(Message);
  D.FixIts = std::move(Fixes);
  return D;
}

/// Where a directive's kind applies, for messages.
llvm::StringRef scopeOf(DirectiveKind K) {
  switch (K) {
  case DirectiveKind::Ignore:
    return "in the statement it applies to";
  case DirectiveKind::IgnoreNextLine:
    return "in the statement on the next line of code";
  case DirectiveKind::IgnoreFile:
    return "in the file";
  case DirectiveKind::Disable:
    return "before its enable";
  case DirectiveKind::Enable:
  case DirectiveKind::Unknown:
    return "";
  }
  return "";
}

void FileSuppressions::report(std::vector<Diagnostic> &Out,
                              bool ReportUnused) const {
  for (const PlacedDirective &P : Directives) {
    const Directive &D = P.D;
    SourceRange Whole(File, D.Offset, D.Offset + D.Length);
    if (D.Kind == DirectiveKind::Unknown) {
      std::string M = "unknown suppression 'nosqlint: " + D.Word + "'";
      if (auto Near = nearestKind(D.Word))
        M += "; did you mean 'nosqlint: " + Near->str() + "'?";
      else
        M += " (ignore, ignore-next-line, ignore-file, disable, enable)";
      Out.push_back(problem(Whole, M + "; it suppresses nothing"));
      continue;
    }
    std::string Name = "nosqlint: " + directiveKindName(D.Kind).str();
    if (D.UnclosedList) {
      Out.push_back(problem(Whole, "'" + Name +
                                       "[' has no closing ']' on its line; "
                                       "it suppresses nothing"));
      continue;
    }
    for (size_t I = 0; I < D.Rules.size(); ++I) {
      if (P.Ids[I])
        continue;
      const DirectiveRule &R = D.Rules[I];
      std::string M = "unknown rule '" + R.Name + "' in '" + Name + "'";
      if (auto Near = nearestRule(R.Name))
        M += "; did you mean '" + Near->str() + "'?";
      else
        M += " (`nosqlint rules` lists them)";
      Out.push_back(problem(SourceRange(File, R.Offset, R.Offset + R.Length),
                            M + "; it suppresses nothing"));
    }
    if (!ReportUnused || D.Kind == DirectiveKind::Enable)
      continue;
    if (D.Rules.empty()) {
      if (!P.Used)
        Out.push_back(problem(Whole,
                              "'" + Name + "' suppresses nothing: no finding " +
                                  scopeOf(D.Kind).str(),
                              removal(P, std::nullopt)));
      continue;
    }
    for (size_t I = 0; I < D.Rules.size(); ++I) {
      if (!P.Ids[I] || P.IdUsed[I])
        continue;
      const DirectiveRule &R = D.Rules[I];
      Out.push_back(problem(SourceRange(File, R.Offset, R.Offset + R.Length),
                            "'" + Name + "[" + R.Name +
                                "]' suppresses nothing: no " + R.Name +
                                " finding " + scopeOf(D.Kind).str(),
                            removal(P, I)));
    }
  }
}

} // namespace

void applySuppressions(std::vector<Diagnostic> &Diags, const SourceManager &SM,
                       const FileSyntaxMap &Files,
                       std::vector<Diagnostic> *Problems, bool ReportUnused) {
  std::map<uint32_t, FileSuppressions> ByFile;
  for (const auto &[Id, Syntax] : Files) {
    FileSuppressions S(SM, FileId{Id}, Syntax);
    if (!S.empty())
      ByFile.emplace(Id, std::move(S));
  }
  if (ByFile.empty())
    return;
  llvm::erase_if(Diags, [&](const Diagnostic &D) {
    if (D.Rule == RuleId::InputError || D.Rule == RuleId::UnusedIgnore ||
        !D.Range.isValid())
      return false;
    auto It = ByFile.find(D.Range.File.Value);
    return It != ByFile.end() && It->second.suppress(D);
  });
  if (Problems)
    for (const auto &[Id, S] : ByFile)
      S.report(*Problems, ReportUnused);
}

} // namespace nosqlint
