//===- SharedClientFuzzer.cpp - A Node.js client one module exports --------===//
//
// The input is split at a NUL byte into a module that may build and export
// the driver's client and a module that imports it and runs statements on
// it (SharedClients.h): the importer is extracted, the client module asked
// for each export name a statement names and for the usual ones, and the
// defaults applied. Nothing may crash or hang.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "nosqlint/Extract/Extract.h"
#include "nosqlint/Extract/SharedClients.h"

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text = fuzz::asText(Data, Size);
  auto [Module, Importer] = Text.split('\0');
  extract::FileExtraction X =
      extract::extractFile(extract::HostLanguage::JavaScript, FileId{1},
                           Importer, nullptr, extract::ExtractOptions());
  for (extract::CqlSnippet &S : X.Snippets) {
    if (!S.Execution.SharedClient)
      continue;
    if (std::optional<extract::SharedClientDefaults> D =
            extract::exportedClientDefaults(extract::HostLanguage::JavaScript,
                                            FileId{2}, Module,
                                            S.Execution.SharedClient->Export))
      extract::applySharedClient(S.Execution, *D);
  }
  for (const char *Export : {"", "default", "client"})
    (void)extract::exportedClientDefaults(extract::HostLanguage::TypeScript,
                                          FileId{2}, Module, Export);
  return 0;
}
