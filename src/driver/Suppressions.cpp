//===- Suppressions.cpp ---------------------------------------------------===//
#include "Suppressions.h"

#include "nosqlint/Basic/SourceManager.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <set>

namespace nosqlint {

namespace {

/// One rule id named in an ignore comment, and whether it was needed.
struct IgnoredRule {
  std::string Name;
  uint32_t Offset; // file offset of the name
  bool Used = false;
};

/// One `nosqlint: ignore...` comment.
struct IgnoreComment {
  uint32_t Offset;  // of "nosqlint: ignore"
  uint32_t Length;  // through the closing ']' when there is one
  std::vector<IgnoredRule> Rules; // empty: every rule
  bool Used = false;
};

/// The suppressions written in one file.
struct FileSuppressions {
  std::optional<IgnoreComment> WholeFile;
  std::map<unsigned, IgnoreComment> Lines;

  /// Marks and returns whether the comments at \p Line or the line before
  /// suppress \p Rule.
  bool suppress(unsigned Line, llvm::StringRef Rule) {
    if (WholeFile) {
      WholeFile->Used = true;
      return true;
    }
    bool Suppressed = false;
    for (unsigned L : {Line, Line - 1}) {
      auto It = Lines.find(L);
      if (It == Lines.end())
        continue;
      IgnoreComment &C = It->second;
      if (C.Rules.empty()) {
        C.Used = true;
        Suppressed = true;
        continue;
      }
      for (IgnoredRule &R : C.Rules)
        if (R.Name == Rule) {
          R.Used = true;
          C.Used = true;
          Suppressed = true;
        }
    }
    return Suppressed;
  }
};

FileSuppressions scan(llvm::StringRef Text) {
  FileSuppressions S;
  unsigned LineNo = 0;
  uint32_t LineStart = 0;
  while (LineStart <= Text.size()) {
    size_t Nl = Text.find('\n', LineStart);
    size_t End = Nl == llvm::StringRef::npos ? Text.size() : Nl;
    llvm::StringRef Line = Text.slice(LineStart, End);
    ++LineNo;
    size_t Pos = Line.find("nosqlint: ignore");
    if (Pos != llvm::StringRef::npos) {
      IgnoreComment C;
      C.Offset = LineStart + static_cast<uint32_t>(Pos);
      C.Length = 16;
      llvm::StringRef After = Line.substr(Pos + 16);
      if (After.startswith("-file")) {
        C.Length += 5;
        if (LineNo <= 10 && !S.WholeFile)
          S.WholeFile = C;
      } else {
        if (After.startswith("[")) {
          llvm::StringRef List =
              After.drop_front().take_until([](char Ch) { return Ch == ']'; });
          C.Length += static_cast<uint32_t>(List.size()) + 2;
          uint32_t ListBegin = C.Offset + 17;
          size_t I = 0;
          while (I <= List.size()) {
            size_t Comma = List.find(',', I);
            size_t E = Comma == llvm::StringRef::npos ? List.size() : Comma;
            llvm::StringRef Raw = List.slice(I, E);
            llvm::StringRef Name = Raw.trim();
            if (!Name.empty())
              C.Rules.push_back(
                  {Name.str(),
                   ListBegin + static_cast<uint32_t>(I + (Raw.size() - Raw.ltrim().size())),
                   false});
            if (Comma == llvm::StringRef::npos)
              break;
            I = Comma + 1;
          }
        }
        S.Lines[LineNo] = std::move(C);
      }
    }
    if (Nl == llvm::StringRef::npos)
      break;
    LineStart = static_cast<uint32_t>(Nl + 1);
  }
  return S;
}

Diagnostic unusedNote(FileId File, uint32_t Offset, uint32_t Length,
                      std::string Message) {
  Diagnostic D;
  D.Rule = RuleId::UnusedIgnore;
  D.Level = ruleInfo(RuleId::UnusedIgnore).DefaultSeverity;
  D.Range = SourceRange(File, Offset, Offset + Length);
  D.Message = std::move(Message);
  return D;
}

void reportUnused(FileId File, const FileSuppressions &S,
                  std::vector<Diagnostic> &Out) {
  if (S.WholeFile && !S.WholeFile->Used)
    Out.push_back(unusedNote(File, S.WholeFile->Offset, S.WholeFile->Length,
                             "'nosqlint: ignore-file' suppresses nothing: the "
                             "file has no finding"));
  for (const auto &[Line, C] : S.Lines) {
    (void)Line;
    if (C.Rules.empty()) {
      if (!C.Used && !S.WholeFile)
        Out.push_back(unusedNote(File, C.Offset, C.Length,
                                 "'nosqlint: ignore' suppresses nothing: no "
                                 "finding on this line or the next"));
      continue;
    }
    for (const IgnoredRule &R : C.Rules) {
      uint32_t Len = static_cast<uint32_t>(R.Name.size());
      if (!findRule(R.Name))
        Out.push_back(unusedNote(File, R.Offset, Len,
                                 "unknown rule '" + R.Name +
                                     "' in 'nosqlint: ignore': it suppresses "
                                     "nothing (`nosqlint rules` lists them)"));
      else if (!R.Used && !S.WholeFile)
        Out.push_back(unusedNote(File, R.Offset, Len,
                                 "'nosqlint: ignore[" + R.Name +
                                     "]' suppresses nothing: no " + R.Name +
                                     " finding on this line or the next"));
    }
  }
}

} // namespace

void applySuppressions(std::vector<Diagnostic> &Diags, const SourceManager &SM,
                       std::vector<Diagnostic> *Unused) {
  std::map<uint32_t, FileSuppressions> Cache;
  auto For = [&](FileId F) -> FileSuppressions & {
    auto It = Cache.find(F.Value);
    if (It == Cache.end())
      It = Cache.emplace(F.Value, scan(SM.text(F))).first;
    return It->second;
  };
  llvm::erase_if(Diags, [&](const Diagnostic &D) {
    if (D.Rule == RuleId::InputError || D.Rule == RuleId::UnusedIgnore ||
        !D.Range.isValid())
      return false;
    FileSuppressions &S = For(D.Range.File);
    if (!S.WholeFile && S.Lines.empty())
      return false;
    unsigned Line = SM.lineColumn(D.Range.File, D.Range.Begin).Line;
    return S.suppress(Line, ruleInfo(D.Rule).Name);
  });
  if (!Unused)
    return;
  for (unsigned I = 1; I <= SM.fileCount(); ++I) {
    FileId F{I};
    llvm::StringRef Text = SM.text(F);
    if (Text.find("nosqlint: ignore") == llvm::StringRef::npos)
      continue;
    reportUnused(F, For(F), *Unused);
  }
}

} // namespace nosqlint
