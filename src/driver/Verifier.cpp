//===- Verifier.cpp -------------------------------------------------------===//
#include "Verifier.h"

#include "nosqlint/Basic/SourceManager.h"

#include "llvm/ADT/StringExtras.h"

namespace nosqlint {

/// Reads digits at the front of \p S; returns false when there are none.
static bool consumeNumber(llvm::StringRef &S, unsigned &Value) {
  size_t N = 0;
  while (N < S.size() && llvm::isDigit(S[N]))
    ++N;
  if (N == 0)
    return false;
  S.substr(0, N).getAsInteger(10, Value);
  S = S.drop_front(N);
  return true;
}

std::vector<Expectation> parseExpectations(FileId File, llvm::StringRef Text,
                                           bool AbsoluteLinesOnly,
                                           std::vector<std::string> &Problems) {
  std::vector<Expectation> Result;
  unsigned LineNo = 0;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    ++LineNo;
    size_t Pos = 0;
    while ((Pos = Line.find("expect-", Pos)) != llvm::StringRef::npos) {
      llvm::StringRef S = Line.substr(Pos + 7);
      Pos += 7;
      Expectation E;
      E.File = File;
      E.AnnotationLine = LineNo;
      E.Line = LineNo;
      size_t SevLen = 0;
      while (SevLen < S.size() && llvm::isAlpha(S[SevLen]))
        ++SevLen;
      std::optional<Severity> Sev = parseSeverity(S.substr(0, SevLen));
      if (!Sev)
        continue; // "expect-" in ordinary text
      E.Level = *Sev;
      S = S.drop_front(SevLen);
      auto Problem = [&](llvm::StringRef What) {
        Problems.push_back(("line " + llvm::Twine(LineNo) + ": " + What).str());
      };
      if (S.consume_front("@")) {
        bool Plus = S.consume_front("+");
        bool Minus = !Plus && S.consume_front("-");
        unsigned N = 0;
        if (!consumeNumber(S, N)) {
          Problem("expected a line number after '@'");
          continue;
        }
        if ((Plus || Minus) && AbsoluteLinesOnly) {
          Problem("relative lines are not allowed here; use @<line>");
          continue;
        }
        if (Plus)
          E.Line = LineNo + N;
        else if (Minus)
          E.Line = N < LineNo ? LineNo - N : 0;
        else
          E.Line = N;
      } else if (AbsoluteLinesOnly) {
        Problem("an absolute line @<line> is required here");
        continue;
      }
      if (S.consume_front(":") && !consumeNumber(S, E.Column)) {
        Problem("expected a column number after ':'");
        continue;
      }
      S = S.ltrim(" \t");
      size_t RuleLen = 0;
      while (RuleLen < S.size() &&
             (llvm::isAlnum(S[RuleLen]) || S[RuleLen] == '-'))
        ++RuleLen;
      if (RuleLen == 0) {
        Problem("expected a rule id after the severity");
        continue;
      }
      E.Rule = S.substr(0, RuleLen).str();
      S = S.drop_front(RuleLen).ltrim(" \t");
      if (S.consume_front("{{")) {
        size_t Close = S.find("}}");
        if (Close == llvm::StringRef::npos) {
          Problem("unterminated '{{'");
          continue;
        }
        E.MessagePart = S.substr(0, Close).str();
      }
      Result.push_back(std::move(E));
    }
  }
  return Result;
}

static bool matches(const Diagnostic &D, const Expectation &E,
                    const SourceManager &SM) {
  if (D.Range.File != E.File || D.Level != E.Level ||
      ruleInfo(D.Rule).Name != E.Rule)
    return false;
  LineColumn LC = SM.lineColumn(D.Range.File, D.Range.Begin);
  if (LC.Line != E.Line)
    return false;
  if (E.Column != 0 && LC.Column != E.Column)
    return false;
  return llvm::StringRef(D.Message).contains(E.MessagePart);
}

bool verifyDiagnostics(llvm::ArrayRef<Diagnostic> Diags,
                       llvm::ArrayRef<Expectation> Expected,
                       const SourceManager &SM, llvm::raw_ostream &Err) {
  std::vector<bool> Used(Expected.size(), false);
  std::vector<const Diagnostic *> Unexpected;
  // Exact column expectations first, so an any-column expectation does not
  // steal the diagnostic a precise one was written for.
  std::vector<bool> Matched(Diags.size(), false);
  for (int Pass = 0; Pass < 2; ++Pass) {
    for (size_t I = 0; I < Diags.size(); ++I) {
      if (Matched[I])
        continue;
      for (size_t J = 0; J < Expected.size(); ++J) {
        if (Used[J] || (Pass == 0) != (Expected[J].Column != 0))
          continue;
        if (!matches(Diags[I], Expected[J], SM))
          continue;
        Used[J] = Matched[I] = true;
        break;
      }
    }
  }
  bool Ok = true;
  for (size_t I = 0; I < Diags.size(); ++I) {
    if (Matched[I])
      continue;
    Ok = false;
    const Diagnostic &D = Diags[I];
    if (D.Range.isValid()) {
      LineColumn LC = SM.lineColumn(D.Range.File, D.Range.Begin);
      Err << "seen but not expected: " << SM.path(D.Range.File) << ":"
          << LC.Line << ":" << LC.Column << ": ";
    } else {
      Err << "seen but not expected: <no location>: ";
    }
    Err << severityName(D.Level) << " " << ruleInfo(D.Rule).Name << " {{"
        << D.Message << "}}\n";
  }
  for (size_t J = 0; J < Expected.size(); ++J) {
    if (Used[J])
      continue;
    Ok = false;
    const Expectation &E = Expected[J];
    Err << "expected but not seen: " << SM.path(E.File) << ":" << E.Line;
    if (E.Column)
      Err << ":" << E.Column;
    Err << ": " << severityName(E.Level) << " " << E.Rule;
    if (!E.MessagePart.empty())
      Err << " {{" << E.MessagePart << "}}";
    Err << " (written at line " << E.AnnotationLine << ")\n";
  }
  return Ok;
}

} // namespace nosqlint
