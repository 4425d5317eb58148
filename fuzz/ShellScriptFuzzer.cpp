//===- ShellScriptFuzzer.cpp - Shell scripts and their cqlsh calls --------===//
//
// Reads the input as a shell script (ShellWords, ShellScripts): every
// statement a cqlsh call runs is parsed and, when its text is fully known,
// checked against the fixed schema, as the driver does. Traps when a
// rebuilt text maps outside the script or backwards.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "nosqlint/Check/CqlChecker.h"
#include "nosqlint/Extract/ShellScripts.h"

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (!fuzz::driverWouldRead(fuzz::asText(Data, Size)))
    return -1; // never read by nosqlint; keep it out of the corpus
  SourceManager SM;
  DiagnosticEngine Diags;
  schema::CqlCatalog Catalog;
  fuzz::buildFixedSchema(SM, Catalog, Diags);
  FileId File = SM.addText(fuzz::asText(Data, Size), "script.sh");
  llvm::StringRef Text = SM.text(File);
  extract::ShellExtraction X = extract::extractShellScript(File, Text);
  {
    check::CqlChecker Checker(Catalog, Diags, SM);
    for (const extract::CqlSnippet &Snippet : X.Snippets) {
      fuzz::trapUnlessMapsForward(Snippet.Origin, Snippet.Text.size(), Text);
      cql::Script S = cql::parseScript(Snippet.Text, Snippet.Origin,
                                       cql::ParseOptions(), Diags);
      if (Snippet.Trust == extract::SnippetTrust::Full)
        Checker.checkScript(S);
    }
  }
  for (const extract::CqlshFile &F : X.Files)
    if (F.Range.End > Text.size() || F.Path.empty())
      __builtin_trap();
  fuzz::renderAll(Diags, SM);
  return 0;
}
