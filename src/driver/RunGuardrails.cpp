//===- RunGuardrails.cpp - Reads --guardrails ------------------------------===//
#include "FileReader.h"
#include "Run.h"

#include "nosqlint/Config/GuardrailFile.h"

namespace nosqlint::driver {

void Run::loadGuardrails() {
  if (Options.Guardrails.empty() || Guardrails)
    return;
  config::GuardrailSpec Spec = config::parseGuardrailSpec(Options.Guardrails);
  if (!Spec.Profile.empty()) {
    Guardrails = config::builtinGuardrailProfile(Spec.Profile);
    return;
  }
  std::optional<FileId> File = readInputFile(Spec.Path, SM, Diags);
  if (!File)
    return; // reported: unreadable, not UTF-8
  config::GuardrailRead R =
      config::readGuardrails(SM.text(*File), Spec.Path, *File, Spec.Server);
  for (const config::GuardrailFileError &E : R.Errors)
    Diags.report(RuleId::InputError, Dialect::None,
                 SourceRange(*File, E.Offset, E.Offset),
                 "guardrail settings: " + E.Message);
  Guardrails = std::move(R.Settings);
}

} // namespace nosqlint::driver
