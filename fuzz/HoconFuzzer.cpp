//===- HoconFuzzer.cpp - HOCON configuration and its statements -----------===//
//
// Reads the input as a HOCON file (HoconStatements): every statement of a
// Cassandra section is parsed and, when it parses, checked against the
// fixed schema. Traps when a rebuilt text maps outside the file or
// backwards.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "nosqlint/Check/CqlChecker.h"
#include "nosqlint/Extract/HoconStatements.h"

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (!fuzz::driverWouldRead(fuzz::asText(Data, Size)))
    return -1; // never read by nosqlint; keep it out of the corpus
  SourceManager SM;
  DiagnosticEngine Diags;
  schema::CqlCatalog Catalog;
  fuzz::buildFixedSchema(SM, Catalog, Diags);
  FileId File = SM.addText(fuzz::asText(Data, Size), "application.conf");
  llvm::StringRef Text = SM.text(File);
  {
    check::CqlChecker Checker(Catalog, Diags, SM);
    for (const extract::CqlSnippet &S :
         extract::extractHoconStatements(File, Text)) {
      fuzz::trapUnlessMapsForward(S.Origin, S.Text.size(), Text);
      DiagnosticEngine Syntax;
      cql::Script Script =
          cql::parseScript(S.Text, S.Origin, cql::ParseOptions(), Syntax);
      if (Syntax.count() == 0)
        Checker.checkScript(Script);
    }
  }
  fuzz::renderAll(Diags, SM);
  return 0;
}
