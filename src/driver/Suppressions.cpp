//===- Suppressions.cpp ---------------------------------------------------===//
#include "Suppressions.h"

#include "nosqlint/Basic/SourceManager.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <set>

namespace nosqlint {

namespace {

/// The suppressions written in one file.
struct FileSuppressions {
  bool WholeFile = false;
  /// Line -> rule ids suppressed there; an empty set means every rule.
  std::map<unsigned, std::set<std::string>> Lines;

  bool suppresses(unsigned Line, llvm::StringRef Rule) const {
    for (unsigned L : {Line, Line - 1}) {
      auto It = Lines.find(L);
      if (It == Lines.end())
        continue;
      if (It->second.empty() || It->second.count(Rule.str()))
        return true;
    }
    return false;
  }
};

FileSuppressions scan(llvm::StringRef Text) {
  FileSuppressions S;
  unsigned LineNo = 0;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    ++LineNo;
    size_t Pos = Line.find("nosqlint: ignore");
    if (Pos == llvm::StringRef::npos)
      continue;
    llvm::StringRef After = Line.substr(Pos + 16);
    if (After.startswith("-file")) {
      if (LineNo <= 10)
        S.WholeFile = true;
      continue;
    }
    std::set<std::string> Rules;
    if (After.consume_front("[")) {
      llvm::StringRef List = After.take_until([](char C) { return C == ']'; });
      llvm::SmallVector<llvm::StringRef, 4> Parts;
      List.split(Parts, ',');
      for (llvm::StringRef P : Parts)
        if (!P.trim().empty())
          Rules.insert(P.trim().str());
    }
    S.Lines[LineNo] = std::move(Rules);
  }
  return S;
}

} // namespace

void applySuppressions(std::vector<Diagnostic> &Diags, const SourceManager &SM) {
  std::map<uint32_t, FileSuppressions> Cache;
  auto For = [&](FileId F) -> const FileSuppressions & {
    auto It = Cache.find(F.Value);
    if (It == Cache.end())
      It = Cache.emplace(F.Value, scan(SM.text(F))).first;
    return It->second;
  };
  llvm::erase_if(Diags, [&](const Diagnostic &D) {
    if (D.Rule == RuleId::InputError || !D.Range.isValid())
      return false;
    const FileSuppressions &S = For(D.Range.File);
    if (S.WholeFile)
      return true;
    if (S.Lines.empty())
      return false;
    unsigned Line = SM.lineColumn(D.Range.File, D.Range.Begin).Line;
    return S.suppresses(Line, ruleInfo(D.Rule).Name);
  });
}

} // namespace nosqlint
