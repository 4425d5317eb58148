//===- EmitterRobustnessTest.cpp - Odd inputs never break an emitter ------===//
//
// Random (fixed seed) files made of awkward pieces (tabs, CRLF, multi-byte
// and invalid UTF-8, empty files) and random ranges (past the end, reversed,
// invalid) for diagnostics, notes, fix-its and subjects. Every emitter must
// finish, and JSON, JSON lines, SARIF and GitLab must stay valid UTF-8 JSON. Run under ASan to catch more.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Diag/Emitters.h"
#include "nosqlint/Diag/Fingerprint.h"

#include "rapidjson/document.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <random>

namespace nosqlint::test {
namespace {

TEST(EmitterRobustnessTest, RandomInputs) {
  std::mt19937 Rng(20261130);
  const char *Pieces[] = {"a",
                          " ",
                          "\t",
                          "\n",
                          "\r\n",
                          "\xC3\xA9",
                          "\xE6\x97\xA5",
                          "\xF0\x9F\x98\x80",
                          "\xFF",
                          "\xC3",
                          ";",
                          "''",
                          "SELECT"};
  for (int Iter = 0; Iter < 150; ++Iter) {
    SourceManager SM;
    std::vector<FileId> Files;
    for (int F = 0; F < 2; ++F) {
      std::string Text;
      for (int I = Rng() % 30; I > 0; --I)
        Text += Pieces[Rng() % std::size(Pieces)];
      Files.push_back(SM.addText(Text, F ? "d/\xC3\xA9 x.cql" : "../a.cql"));
    }
    auto RandomRange = [&]() -> SourceRange {
      if (Rng() % 8 == 0)
        return SourceRange();
      FileId F = Files[Rng() % 2];
      uint32_t Size = static_cast<uint32_t>(SM.text(F).size());
      return {F, static_cast<uint32_t>(Rng() % (Size + 3)),
              static_cast<uint32_t>(Rng() % (Size + 3))};
    };
    std::vector<Diagnostic> Diags(Rng() % 4);
    for (Diagnostic &D : Diags) {
      D.Level = static_cast<Severity>(Rng() % 3);
      D.Rule = Rng() % 2 ? RuleId::FullScan : RuleId::MissingIndex;
      const char *Messages[] = {"message \xC3", "a. b; c: d", "",
                                "'open. quote", "x: ", "%\r\n,:<&>\"\x01"};
      D.Message = Messages[Rng() % std::size(Messages)];
      D.Range = RandomRange();
      if (Rng() % 2) {
        D.SubjectRange = RandomRange();
        D.Subject = "SELECT";
      }
      for (int K = Rng() % 3; K > 0; --K)
        D.Notes.push_back({"note", RandomRange()});
      const char *Texts[] = {"", "x", "x\ty", "\xC3\xA9", "a\nb"};
      for (int K = Rng() % 3; K > 0; --K)
        D.FixIts.push_back({RandomRange(), Texts[Rng() % std::size(Texts)]});
    }
    EmitOptions Options;
    Options.Color = Rng() % 2;
    Options.WorkingDirectory = "/w";
    assignFingerprints(Diags, SM, Options.WorkingDirectory);
    for (auto *Emit : {&emitText, &emitConcise, &emitGithub, &emitJunit,
                       &emitJsonLines, &emitJson, &emitSarif, &emitGitlab}) {
      std::string Out;
      llvm::raw_string_ostream OS(Out);
      Emit(Diags, SM, RunSummary(), Options, OS);
      OS.flush();
      if (Emit == &emitText || Emit == &emitConcise || Emit == &emitGithub ||
          Emit == &emitJunit)
        continue;
      if (Emit == &emitJsonLines) {
        llvm::SmallVector<llvm::StringRef, 0> Lines;
        llvm::StringRef(Out).split(Lines, '\n', -1, /*KeepEmpty=*/false);
        EXPECT_EQ(Lines.size(), Diags.size());
        for (llvm::StringRef L : Lines) {
          rapidjson::Document Doc;
          Doc.Parse<rapidjson::kParseValidateEncodingFlag>(L.data(), L.size());
          ASSERT_FALSE(Doc.HasParseError()) << L.str();
        }
        continue;
      }
      rapidjson::Document Doc;
      Doc.Parse<rapidjson::kParseValidateEncodingFlag>(Out.c_str(), Out.size());
      ASSERT_FALSE(Doc.HasParseError()) << "iteration " << Iter << "\n" << Out;
    }
  }
}

} // namespace
} // namespace nosqlint::test
