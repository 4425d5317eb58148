//===- YamlCommandsFuzzer.cpp - YAML and Makefile cqlsh calls -------------===//
//
// Reads the input as a YAML file (YamlCommands: the YAML layer, the scalar
// decoder, template masking, the shell reader behind it) and as a Makefile
// (MakefileRecipes): every statement found is parsed and, when its text is
// fully known, checked against the fixed schema, as the driver does. Traps
// when a rebuilt text maps outside the file, or a cqlsh file
// names nothing.
//
//===----------------------------------------------------------------------===//
#include "CheckShellExtraction.h"

#include "nosqlint/Extract/MakefileRecipes.h"
#include "nosqlint/Extract/YamlCommands.h"

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (!fuzz::driverWouldRead(fuzz::asText(Data, Size)))
    return -1; // never read by nosqlint; keep it out of the corpus
  SourceManager SM;
  DiagnosticEngine Diags;
  schema::CqlCatalog Catalog;
  fuzz::buildFixedSchema(SM, Catalog, Diags);
  FileId Yaml = SM.addText(fuzz::asText(Data, Size), "job.yaml");
  fuzz::checkShellExtraction(extract::extractYamlFile(Yaml, SM.text(Yaml)),
                             SM.text(Yaml), Catalog, Diags, SM);
  FileId Make = SM.addText(fuzz::asText(Data, Size), "Makefile");
  fuzz::checkShellExtraction(extract::extractMakefile(Make, SM.text(Make)),
                             SM.text(Make), Catalog, Diags, SM);
  fuzz::renderAll(Diags, SM);
  return 0;
}
