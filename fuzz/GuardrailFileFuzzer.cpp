//===- GuardrailFileFuzzer.cpp - --guardrails cassandra.yaml / scylla.yaml ===//
//
// One server settings file's text, read as each server's (and as told by
// its keys): no crash, no hang, every error inside the text, every setting
// kept with a position inside the text.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "nosqlint/Config/GuardrailFile.h"

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text = fuzz::asText(Data, Size);
  for (std::optional<check::GuardrailServer> Forced :
       {std::optional<check::GuardrailServer>(),
        std::optional<check::GuardrailServer>(check::GuardrailServer::Cassandra),
        std::optional<check::GuardrailServer>(check::GuardrailServer::ScyllaDb)}) {
    config::GuardrailRead R =
        config::readGuardrails(Text, "/p/cassandra.yaml", FileId{1}, Forced);
    for (const config::GuardrailFileError &E : R.Errors)
      if (E.Offset > Text.size() || E.Message.empty())
        __builtin_trap();
    for (const auto &[Name, S] : R.Settings.Settings)
      if (S.Range.End > Text.size() || S.Range.Begin > S.Range.End ||
          Name != S.Name)
        __builtin_trap();
  }
  return 0;
}
