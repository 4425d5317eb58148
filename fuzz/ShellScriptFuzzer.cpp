//===- ShellScriptFuzzer.cpp - Shell scripts and their cqlsh calls --------===//
//
// Reads the input as a shell script (ShellWords, ShellScripts): every
// statement a cqlsh call runs is parsed and, when its text is fully known,
// checked against the fixed schema, as the driver does. Traps when a
// rebuilt text maps outside the script (fuzz/CheckShellExtraction.h).
//
//===----------------------------------------------------------------------===//
#include "CheckShellExtraction.h"

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
  fuzz::checkShellExtraction(extract::extractShellScript(File, Text), Text,
                             Catalog, Diags, SM);
  fuzz::renderAll(Diags, SM);
  return 0;
}
