//===- CheckShellExtraction.h - The shell targets' checks -----*- C++ -*-===//
//
// The shell, YAML and Makefile targets all end in a ShellExtraction: every
// statement found is parsed and, when its text is fully known, checked
// against the fixed schema, as the driver does. Traps when a rebuilt text
// maps outside the file, or a cqlsh file names nothing. (It may map
// backwards: a variable set once stands for its value where it is written.)
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_FUZZ_CHECKSHELLEXTRACTION_H
#define NOSQLINT_FUZZ_CHECKSHELLEXTRACTION_H

#include "FuzzSupport.h"

#include "nosqlint/Check/CqlChecker.h"
#include "nosqlint/Extract/ShellScripts.h"

namespace nosqlint::fuzz {

inline void checkShellExtraction(const extract::ShellExtraction &X,
                                 llvm::StringRef Text,
                                 schema::CqlCatalog &Catalog,
                                 DiagnosticEngine &Diags, SourceManager &SM) {
  check::CqlChecker Checker(Catalog, Diags, SM);
  for (const extract::CqlSnippet &Snippet : X.Snippets) {
    trapUnlessMapsIntoFile(Snippet.Origin, Snippet.Text.size(), Text);
    cql::Script S = cql::parseScript(Snippet.Text, Snippet.Origin,
                                     cql::ParseOptions(), Diags);
    if (Snippet.Trust == extract::SnippetTrust::Full)
      Checker.checkScript(S);
  }
  for (const extract::CqlshFile &F : X.Files)
    if (F.Range.End > Text.size() || F.Path.empty())
      __builtin_trap();
}

} // namespace nosqlint::fuzz

#endif
