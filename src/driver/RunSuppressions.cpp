//===- RunSuppressions.cpp - Suppression comments over a run's findings ---===//
//
// Gives applySuppressions what each file's own front end knows of it: the
// comments (tree-sitter for host files, the CQL lexer for .cql files and
// CQL migrations, HCL's grammar for .tf, the YAML rule for .yaml; JSON has
// none) and the statements its findings belong to (the host statement of
// each query, the statements of a .cql file). Only files whose text names
// `nosqlint` are looked at.
//
//===----------------------------------------------------------------------===//
#include "Run.h"
#include "SuppressionDirectives.h"
#include "Suppressions.h"
#include "YamlComments.h"

#include "nosqlint/Cql/Parser.h"
#include "nosqlint/Hcl/Hcl.h"

#include "llvm/Support/Path.h"

namespace nosqlint::driver {

static void addRanges(std::vector<std::pair<uint32_t, uint32_t>> &Out,
                      llvm::ArrayRef<SourceRange> Ranges, FileId File) {
  for (const SourceRange &R : Ranges)
    if (R.File == File)
      Out.emplace_back(R.Begin, R.End);
}

FileSyntaxMap Run::suppressionSyntax() const {
  FileSyntaxMap Out;
  for (const FileAnalysis &A : Analyses) {
    if (!A.File)
      continue;
    FileId F = *A.File;
    llvm::StringRef Text = SM.text(F);
    if (!mentionsNosqlint(Text))
      continue;
    FileSyntax S;
    std::string Ext = llvm::sys::path::extension(A.Input.Path).lower();
    if (A.Input.Kind == InputKind::Host) {
      if (!A.Comments.empty())
        addRanges(S.Comments, A.Comments, F);
      else
        addRanges(S.Comments,
                  extract::hostComments(A.Input.Host, F, Text,
                                        Options.MaxFileBytes),
                  F);
      addRanges(S.Statements, A.HostStatements, F);
    } else if (Ext == ".yaml" || Ext == ".yml") {
      S.Comments = yamlComments(Text);
    } else if (A.Input.Kind == InputKind::Terraform) {
      S.Comments = hcl::parseHcl(Text).Comments;
    } else if (A.Input.Kind == InputKind::Cql ||
               A.Input.Kind == InputKind::SqlMigration) {
      S.Comments = cql::commentRanges(Text);
    } else {
      continue; // JSON: no comments
    }
    for (const auto &St : A.Cql.Statements)
      if (St->Range.File == F)
        S.Statements.emplace_back(St->Range.Begin, St->Range.End);
    if (!S.Comments.empty())
      Out.emplace(F.Value, std::move(S));
  }
  return Out;
}

std::vector<Diagnostic> Run::suppressed(std::vector<Diagnostic> Sorted) {
  FileSyntaxMap Syntax = suppressionSyntax();
  std::vector<Diagnostic> Problems;
  applySuppressions(Sorted, SM, Syntax, &Problems,
                    Options.ReportUnusedIgnores);
  if (Problems.empty())
    return Sorted;
  for (Diagnostic &D : Problems)
    Diags.add(std::move(D));
  std::vector<Diagnostic> All = withoutReferenceFindings(Diags.sorted(SM));
  applySuppressions(All, SM, Syntax);
  return All;
}

} // namespace nosqlint::driver
