//===- YamlCommandsFuzzer.cpp - YAML and Makefile cqlsh calls -------------===//
//
// Reads the input as a YAML file (YamlCommands: the YAML layer, the scalar
// decoder, template masking, the shell reader behind it) and as a Makefile
// (MakefileRecipes): every statement found is parsed and, when its text is
// fully known, checked against the fixed schema, as the driver does. Traps
// when a rebuilt text maps outside the file or backwards, or a cqlsh file
// names nothing.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "nosqlint/Check/CqlChecker.h"
#include "nosqlint/Extract/MakefileRecipes.h"
#include "nosqlint/Extract/YamlCommands.h"

using namespace nosqlint;

static void checkAll(const extract::ShellExtraction &X, llvm::StringRef Text,
                     schema::CqlCatalog &Catalog, DiagnosticEngine &Diags,
                     SourceManager &SM) {
  check::CqlChecker Checker(Catalog, Diags, SM);
  for (const extract::CqlSnippet &Snippet : X.Snippets) {
    fuzz::trapUnlessMapsForward(Snippet.Origin, Snippet.Text.size(), Text);
    cql::Script S = cql::parseScript(Snippet.Text, Snippet.Origin,
                                     cql::ParseOptions(), Diags);
    if (Snippet.Trust == extract::SnippetTrust::Full)
      Checker.checkScript(S);
  }
  for (const extract::CqlshFile &F : X.Files)
    if (F.Range.End > Text.size() || F.Path.empty())
      __builtin_trap();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (!fuzz::driverWouldRead(fuzz::asText(Data, Size)))
    return -1; // never read by nosqlint; keep it out of the corpus
  SourceManager SM;
  DiagnosticEngine Diags;
  schema::CqlCatalog Catalog;
  fuzz::buildFixedSchema(SM, Catalog, Diags);
  FileId Yaml = SM.addText(fuzz::asText(Data, Size), "job.yaml");
  checkAll(extract::extractYamlFile(Yaml, SM.text(Yaml)), SM.text(Yaml),
           Catalog, Diags, SM);
  FileId Make = SM.addText(fuzz::asText(Data, Size), "Makefile");
  checkAll(extract::extractMakefile(Make, SM.text(Make)), SM.text(Make),
           Catalog, Diags, SM);
  fuzz::renderAll(Diags, SM);
  return 0;
}
