//===- HoconFuzzer.cpp - HOCON configuration and its statements -----------===//
//
// Reads the input as a HOCON file (HoconStatements): every statement of a
// Cassandra section is parsed and, when it parses, checked against the
// fixed schema. Traps when a rebuilt text maps outside the file or
// backwards. The same text is read as a driver's configuration
// (DriverConfig.h); traps when a profile's setting lies outside the file.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "nosqlint/Check/CqlChecker.h"
#include "nosqlint/Extract/DriverConfig.h"
#include "nosqlint/Extract/HoconStatements.h"

#include <cstdlib>

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
  for (const extract::DriverConfigFile &C :
       extract::readDriverConfig(File, Text))
    for (const auto &[Name, Facts] : C.Profiles) {
      (void)Name;
      for (const auto *L : {&Facts.Consistency, &Facts.SerialConsistency})
        if (*L && ((*L)->Range.End > Text.size() || (*L)->Range.Begin > (*L)->Range.End))
          std::abort();
      if (Facts.PageSize && Facts.PageSize->Range.End > Text.size())
        std::abort();
      (void)extract::profileFacts(C, Name);
    }
  fuzz::renderAll(Diags, SM);
  return 0;
}
