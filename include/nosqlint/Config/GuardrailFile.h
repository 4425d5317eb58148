//===- GuardrailFile.h - Reads a server's guardrail settings ----*- C++ -*-===//
//
// `--guardrails FILE` (or `guardrails = "FILE"` in nosqlint.toml): a
// cassandra.yaml or scylla.yaml, told apart by its keys unless the spec
// says `cassandra:FILE` or `scylla:FILE`; or `astra`, the built-in profile
// of Astra DB Serverless's documented limits. The YAML is read with LLVM's
// YAML parser; only the guardrail settings are kept (GuardrailSettings.h),
// every other key of the server's file is left alone. A malformed file or a
// guardrail setting with a value the server would not start with is one
// error each, with its position; the settings that read well are kept.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_CONFIG_GUARDRAILFILE_H
#define NOSQLINT_CONFIG_GUARDRAILFILE_H

#include "nosqlint/Basic/SourceLocation.h"
#include "nosqlint/Check/GuardrailSettings.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace nosqlint::config {

/// A `--guardrails` value taken apart: `astra`, `cassandra:PATH`,
/// `scylla:PATH` or `PATH`.
struct GuardrailSpec {
  std::optional<check::GuardrailServer> Server; // forced by a prefix
  std::string Path;                             // empty for a profile
  std::string Profile;                          // `astra`
};
GuardrailSpec parseGuardrailSpec(llvm::StringRef Spec);

/// The built-in profile \p Name (`astra`), or nothing.
std::optional<check::GuardrailSettings>
builtinGuardrailProfile(llvm::StringRef Name);

struct GuardrailFileError {
  uint32_t Offset = 0; // into the text
  std::string Message;
};

struct GuardrailRead {
  check::GuardrailSettings Settings;
  std::vector<GuardrailFileError> Errors;
};

/// Reads the settings of \p Text (the file \p Path, \p File in the source
/// manager), as \p Forced's server or, without it, as the one its keys (or
/// its name) say.
GuardrailRead readGuardrails(llvm::StringRef Text, llvm::StringRef Path,
                             FileId File,
                             std::optional<check::GuardrailServer> Forced);

/// The settings covered, for the rule pages and `--help`: name and kind
/// (`flag`, `threshold`, `levels`, `word`).
struct CoveredGuardrail {
  const char *Name;
  const char *Kind;
};
llvm::ArrayRef<CoveredGuardrail> coveredGuardrails();

} // namespace nosqlint::config

#endif
