//===- SuppressionsTest.cpp - Suppression directives and their reach ------===//
//
// The directive reader on odd and hostile comment texts, the YAML comment
// rule, and where each directive kind reaches, on a text with hand-placed
// comments and statements.
//
//===----------------------------------------------------------------------===//
#include "SuppressionDirectives.h"
#include "Suppressions.h"
#include "YamlComments.h"

#include "nosqlint/Basic/SourceManager.h"

#include <gtest/gtest.h>

using namespace nosqlint;

namespace {

TEST(SuppressionDirectives, CaseAndSpacingAreTolerated) {
  for (const char *C : {"// nosqlint: ignore[full-scan, count-all]",
                        "// nosqlint:ignore[full-scan,count-all]",
                        "// NOSQLINT: IGNORE[FULL-SCAN, count-all]",
                        "// nosqlint : ignore [ full-scan , count-all ]"}) {
    SCOPED_TRACE(C);
    std::vector<Directive> D = readDirectives(C, 100);
    ASSERT_EQ(D.size(), 1u);
    EXPECT_EQ(D[0].Kind, DirectiveKind::Ignore);
    ASSERT_EQ(D[0].Rules.size(), 2u);
    EXPECT_EQ(D[0].Rules[0].Name, "full-scan");
    EXPECT_EQ(D[0].Rules[1].Name, "count-all");
    EXPECT_EQ(D[0].Offset, 103u);
    llvm::StringRef Text(C);
    EXPECT_EQ(Text.substr(D[0].Rules[1].Offset - 100, D[0].Rules[1].Length)
                  .lower(),
              "count-all");
  }
}

TEST(SuppressionDirectives, KindsAndProse) {
  EXPECT_EQ(readDirectives("# nosqlint: ignore-next-line", 0)[0].Kind,
            DirectiveKind::IgnoreNextLine);
  EXPECT_EQ(readDirectives("# nosqlint: ignore-file[a]", 0)[0].Kind,
            DirectiveKind::IgnoreFile);
  EXPECT_EQ(readDirectives("/* nosqlint: disable */", 0)[0].Kind,
            DirectiveKind::Disable);
  EXPECT_EQ(readDirectives("# nosqlint: ignroe", 0)[0].Kind,
            DirectiveKind::Unknown);
  // Naming the tool is not a directive.
  EXPECT_TRUE(readDirectives("# run nosqlint on this file", 0).empty());
  EXPECT_TRUE(readDirectives("# see mynosqlint: ignore", 0).empty());
  // Two in one comment.
  EXPECT_EQ(readDirectives("/* nosqlint: disable[a] nosqlint: enable */", 0)
                .size(),
            2u);
}

TEST(SuppressionDirectives, HostileTexts) {
  EXPECT_TRUE(readDirectives("", 0).empty());
  EXPECT_EQ(readDirectives("nosqlint:", 0).size(), 1u);
  std::vector<Directive> U = readDirectives("// nosqlint: ignore[a, b", 0);
  ASSERT_EQ(U.size(), 1u);
  EXPECT_TRUE(U[0].UnclosedList);
  // A list does not run on past its line.
  EXPECT_TRUE(readDirectives("/* nosqlint: ignore[a\n] */", 0)[0].UnclosedList);
  std::vector<Directive> E = readDirectives("# nosqlint: ignore[,,]", 0);
  ASSERT_EQ(E.size(), 1u);
  EXPECT_TRUE(E[0].Rules.empty());
  std::string Long = "# nosqlint: ignore[" + std::string(100000, 'a') + "]";
  EXPECT_EQ(readDirectives(Long, 0)[0].Rules.at(0).Length, 100000u);
  std::string Many;
  for (int I = 0; I < 10000; ++I)
    Many += "nosqlint:";
  EXPECT_EQ(readDirectives(Many, 0).size(), 10000u);
}

TEST(YamlComments, QuotesAndBlockScalars) {
  llvm::StringRef Text = "a: 1 # one\n"
                         "b: 'x # not' # two\n"
                         "c: \"y # not\"\n"
                         "d: |\n"
                         "  # not: content\n"
                         "e: x#not\n"
                         "# three\n";
  std::vector<std::pair<uint32_t, uint32_t>> C = yamlComments(Text);
  ASSERT_EQ(C.size(), 3u);
  EXPECT_EQ(Text.slice(C[0].first, C[0].second), "# one");
  EXPECT_EQ(Text.slice(C[1].first, C[1].second), "# two");
  EXPECT_EQ(Text.slice(C[2].first, C[2].second), "# three");
}

/// A finding of \p Rule on line \p Line (column 1) of \p File.
Diagnostic findingAt(const SourceManager &SM, FileId File, unsigned Line,
                     RuleId Rule = RuleId::FullScan) {
  Diagnostic D;
  D.Rule = Rule;
  D.Level = Severity::Warning;
  uint32_t B = SM.lineStart(File, Line);
  D.Range = SourceRange(File, B, B + 1);
  return D;
}

/// Every `#...` to the end of its line is a comment; every line that
/// starts with `q` is a statement through the next `;`.
FileSyntax syntaxOf(llvm::StringRef Text) {
  FileSyntax S;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '#') {
      size_t E = Text.find('\n', I);
      E = E == llvm::StringRef::npos ? Text.size() : E;
      S.Comments.emplace_back(I, E);
      I = E;
    } else if (Text[I] == 'q' && (I == 0 || Text[I - 1] == '\n')) {
      S.Statements.emplace_back(I, Text.find(';', I) + 1);
    }
  }
  return S;
}

std::vector<unsigned> survivors(llvm::StringRef Text,
                                std::vector<unsigned> Lines) {
  SourceManager SM;
  FileId F = SM.addText(Text, "t.txt");
  FileSyntaxMap Files{{F.Value, syntaxOf(SM.text(F))}};
  std::vector<Diagnostic> Diags;
  for (unsigned L : Lines)
    Diags.push_back(findingAt(SM, F, L));
  applySuppressions(Diags, SM, Files);
  std::vector<unsigned> Out;
  for (const Diagnostic &D : Diags)
    Out.push_back(SM.lineColumn(F, D.Range.Begin).Line);
  return Out;
}

TEST(Suppressions, WhereEachKindReaches) {
  // A trailing ignore: its own statement (all its lines), never the next.
  EXPECT_EQ(survivors("q a\n  b; # nosqlint: ignore\nq c;\n", {1, 3}),
            std::vector<unsigned>{3});
  // On a line of its own: the statement below, across comment lines.
  EXPECT_EQ(survivors("# nosqlint: ignore\n# why\nq a\n b;\nq c;\n", {4, 5}),
            std::vector<unsigned>{5});
  // A blank line ends its reach.
  EXPECT_EQ(survivors("# nosqlint: ignore\n\nq a;\n", {3}),
            std::vector<unsigned>{3});
  // ignore-next-line after code: the next statement only.
  EXPECT_EQ(survivors("q a; # nosqlint: ignore-next-line\nq b;\nq c;\n",
                      {1, 2, 3}),
            (std::vector<unsigned>{1, 3}));
  // disable / enable.
  EXPECT_EQ(survivors("q a;\n# nosqlint: disable[full-scan]\nq b;\n"
                      "# nosqlint: enable[full-scan]\nq c;\n",
                      {1, 3, 5}),
            (std::vector<unsigned>{1, 5}));
  // Another rule's id suppresses nothing.
  EXPECT_EQ(survivors("q a; # nosqlint: ignore[count-all]\n", {1}),
            std::vector<unsigned>{1});
  // ignore-file, anywhere.
  EXPECT_EQ(survivors("q a;\nq b;\n# nosqlint: ignore-file\n", {1, 2}),
            std::vector<unsigned>{});
}

TEST(Suppressions, UnusedIdsComeWithAFixThatRemovesThem) {
  SourceManager SM;
  FileId F = SM.addText("q a; # nosqlint: ignore[full-scan, count-all]\n"
                        "# nosqlint: ignore[count-all]\n"
                        "q b;\n",
                        "t.txt");
  llvm::StringRef Text = SM.text(F);
  FileSyntaxMap Files{{F.Value, syntaxOf(Text)}};
  std::vector<Diagnostic> Diags{findingAt(SM, F, 1)};
  std::vector<Diagnostic> Problems;
  applySuppressions(Diags, SM, Files, &Problems, /*ReportUnused=*/true);
  EXPECT_TRUE(Diags.empty());
  ASSERT_EQ(Problems.size(), 2u);
  std::string Fixed = Text.str();
  // Apply back to front.
  for (auto It = Problems.rbegin(); It != Problems.rend(); ++It) {
    ASSERT_EQ(It->FixIts.size(), 1u);
    const FixIt &X = It->FixIts[0];
    Fixed.replace(X.Range.Begin, X.Range.End - X.Range.Begin, X.Replacement);
  }
  EXPECT_EQ(Fixed, "q a; # nosqlint: ignore[full-scan]\nq b;\n");
}

} // namespace
