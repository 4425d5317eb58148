//===- ParallelReportTest.cpp - The report's bytes do not depend on -j ----===//
//
// Thousands of findings (enough for the report to cut them into chunks),
// with what ties findings together across a cut if a cut were made in the
// wrong place: several findings of one statement grouped by cause, notes
// repeated within a statement, findings without a statement or a range,
// the same subject many times (occurrence indexes), two files of one path.
// Every parallel emitter and the fingerprints must give a serial run's bytes.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Diag/CauseGroups.h"
#include "nosqlint/Diag/DiagnosticEngine.h"
#include "nosqlint/Diag/Emitters.h"
#include "nosqlint/Diag/Fingerprint.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace nosqlint;

namespace {

struct ManyFindings {
  SourceManager SM;
  DiagnosticEngine Engine;
  std::vector<Diagnostic> Diags;

  ManyFindings() {
    std::string Text;
    std::vector<std::pair<uint32_t, uint32_t>> Statements;
    for (unsigned I = 0; I < 1500; ++I) {
      uint32_t Begin = static_cast<uint32_t>(Text.size());
      Text += "SELECT * FROM t WHERE v = " + std::to_string(I % 7) +
              " ALLOW FILTERING;\n";
      Statements.push_back({Begin, static_cast<uint32_t>(Text.size() - 1)});
    }
    FileId A = SM.addText(Text, "queries/a.cql");
    FileId B = SM.addText(Text, "queries/b.cql");
    FileId SameAsA = SM.addText("SELECT 1;\n", "queries/a.cql");
    for (FileId F : {A, B}) {
      for (size_t I = 0; I < Statements.size(); ++I) {
        auto [Begin, End] = Statements[I];
        SourceRange S{F, Begin, End};
        std::string Subject = "SELECT * FROM t WHERE v = ?";
        // Three causes of one statement: one headline, the rest notes.
        Engine.report(RuleId::FullScan, Dialect::Cql, {F, Begin, Begin + 6},
                      "the read scans every partition. Add the key.")
            .subject(S, Subject)
            .note(SourceRange(), "table 't' declared here");
        Engine.report(RuleId::AllowFiltering, Dialect::Cql,
                      {F, End - 16, End - 1}, "ALLOW FILTERING reads and drops "
                                              "rows: e.g. every row here")
            .subject(S, Subject)
            .note(SourceRange(), "table 't' declared here")
            .fixIt({F, End - 16, End - 1}, "");
        if (I % 5 == 0)
          Engine.report(RuleId::SyntaxError, Dialect::Cql,
                        {F, Begin + 7, Begin + 8}, "odd\nmessage; on two lines");
        if (I % 11 == 0)
          Engine.report(RuleId::SyntaxError, Dialect::Cql, {F, End, End},
                        "missing ';' at end of statement")
              .fixIt({F, End, End}, ";");
      }
    }
    Engine.report(RuleId::SyntaxError, Dialect::Cql, {SameAsA, 0, 6},
                  "unknown statement");
    for (unsigned I = 0; I < 3; ++I)
      Engine.report(RuleId::InputError, Dialect::None, SourceRange(),
                    "cannot read 'queries/missing.cql'");
    Diags = Engine.sorted(SM);
  }
};

/// Where \p A and \p B first differ (gtest would print megabytes).
size_t firstDifference(const std::string &A, const std::string &B) {
  size_t I = 0;
  while (I < A.size() && I < B.size() && A[I] == B[I])
    ++I;
  return I == A.size() && I == B.size() ? std::string::npos : I;
}

std::string render(void (*Emit)(llvm::ArrayRef<Diagnostic>,
                                const SourceManager &, const RunSummary &,
                                const EmitOptions &, llvm::raw_ostream &),
                   const ManyFindings &F, llvm::ArrayRef<Diagnostic> Diags,
                   unsigned Jobs, bool Color = false) {
  EmitOptions Options;
  Options.Jobs = Jobs;
  Options.Color = Color;
  RunSummary Summary;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  Emit(Diags, F.SM, Summary, Options, OS);
  OS.flush();
  return Out;
}

TEST(ParallelReport, FingerprintsDoNotDependOnJobs) {
  ManyFindings F;
  std::vector<Diagnostic> Serial = F.Diags, Parallel = F.Diags;
  assignFingerprints(Serial, F.SM, "/work", 1);
  assignFingerprints(Parallel, F.SM, "/work", 3);
  ASSERT_EQ(Serial.size(), Parallel.size());
  for (size_t I = 0; I < Serial.size(); ++I)
    EXPECT_EQ(Serial[I].Fingerprint, Parallel[I].Fingerprint) << I;
  // The same subject in one file counts up; the files of one path share
  // the count.
  EXPECT_NE(Serial[0].Fingerprint, Serial[1].Fingerprint);
}

TEST(ParallelReport, SortedDoesNotDependOnJobs) {
  ManyFindings F;
  std::vector<Diagnostic> Parallel = F.Engine.sorted(F.SM, 4);
  ASSERT_EQ(F.Diags.size(), Parallel.size());
  for (size_t I = 0; I < Parallel.size(); ++I) {
    const Diagnostic &A = F.Diags[I], &B = Parallel[I];
    EXPECT_TRUE(A.Rule == B.Rule && A.Range.File == B.Range.File &&
                A.Range.Begin == B.Range.Begin && A.Range.End == B.Range.End &&
                A.Message == B.Message && A.Subject == B.Subject &&
                A.Notes.size() == B.Notes.size() &&
                A.FixIts.size() == B.FixIts.size())
        << I;
  }
}

TEST(ParallelReport, ChunksNeverSplitAStatement) {
  ManyFindings F;
  std::vector<size_t> Bounds = causeGroupBounds(F.Diags, 4);
  ASSERT_GT(Bounds.size(), 2u) << "the scenario must be cut";
  EXPECT_EQ(Bounds.front(), 0u);
  EXPECT_EQ(Bounds.back(), F.Diags.size());
  for (size_t C = 1; C + 1 < Bounds.size(); ++C) {
    const SourceRange &Before = F.Diags[Bounds[C] - 1].SubjectRange;
    for (size_t I = Bounds[C]; I < F.Diags.size(); ++I) {
      const SourceRange &After = F.Diags[I].SubjectRange;
      if (Before.isValid() && After.isValid())
        EXPECT_FALSE(Before.File == After.File && Before.Begin == After.Begin &&
                     Before.End == After.End)
            << "cut " << Bounds[C] << " splits the statement of " << I;
    }
  }
  EXPECT_EQ(causeGroupBounds(F.Diags, 1).size(), 2u);
}

TEST(ParallelReport, EmittersGiveTheSerialBytes) {
  ManyFindings F;
  std::vector<Diagnostic> Diags = F.Diags;
  assignFingerprints(Diags, F.SM, "");
  for (auto *Emit : {&emitText, &emitConcise, &emitJson, &emitJsonLines}) {
    std::string Serial = render(Emit, F, Diags, 1);
    EXPECT_FALSE(Serial.empty());
    for (unsigned Jobs : {2u, 3u, 8u})
      EXPECT_EQ(firstDifference(Serial, render(Emit, F, Diags, Jobs)),
                std::string::npos)
          << Jobs;
  }
  EXPECT_EQ(firstDifference(render(&emitText, F, Diags, 1, /*Color=*/true),
                            render(&emitText, F, Diags, 4, /*Color=*/true)),
            std::string::npos);
  // Too few findings to cut, and none at all.
  llvm::ArrayRef<Diagnostic> Few = llvm::makeArrayRef(Diags).take_front(5);
  EXPECT_EQ(render(&emitJson, F, Few, 1), render(&emitJson, F, Few, 4));
  EXPECT_EQ(render(&emitConcise, F, {}, 1), render(&emitConcise, F, {}, 4));
  EXPECT_EQ(render(&emitJson, F, {}, 1), render(&emitJson, F, {}, 4));
}

} // namespace
