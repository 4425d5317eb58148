//===- Outputs.cpp - Pairing --format with -o -----------------------------===//
#include "nosqlint/Driver/Outputs.h"

#include "llvm/ADT/StringSwitch.h"

namespace nosqlint {

std::optional<OutputFormat> parseOutputFormat(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<OutputFormat>>(Name)
      .Cases("full", "text", OutputFormat::Text)
      .Case("concise", OutputFormat::Concise)
      .Case("json", OutputFormat::Json)
      .Case("json-lines", OutputFormat::JsonLines)
      .Case("sarif", OutputFormat::Sarif)
      .Case("github", OutputFormat::Github)
      .Case("gitlab", OutputFormat::Gitlab)
      .Case("junit", OutputFormat::Junit)
      .Default(std::nullopt);
}

llvm::StringRef outputFormatNames() {
  return "full (or text), concise, json, json-lines, sarif, github, gitlab, "
         "junit";
}

bool pairOutputs(llvm::ArrayRef<OutputArg> Args,
                 std::vector<OutputSpec> &Outputs, std::string &Error) {
  Outputs.clear();
  // Whether the last output already has its file.
  bool LastHasFile = false;
  for (const OutputArg &A : Args) {
    if (A.Kind == OutputArg::Format) {
      std::optional<OutputFormat> F = parseOutputFormat(A.Value);
      if (!F) {
        Error = "unknown --format '" + A.Value + "' (expected " +
                outputFormatNames().str() + ")";
        return false;
      }
      Outputs.push_back({*F, std::string()});
      LastHasFile = false;
      continue;
    }
    if (A.Value.empty()) {
      Error = "-o needs a file name";
      return false;
    }
    if (Outputs.empty()) {
      Outputs.push_back({OutputFormat::Text, A.Value});
      LastHasFile = true;
      continue;
    }
    if (LastHasFile) {
      Error = "-o '" + A.Value +
              "' follows another -o: each --format takes one -o";
      return false;
    }
    Outputs.back().Path = A.Value;
    LastHasFile = true;
  }
  unsigned ToStdout = 0;
  for (const OutputSpec &O : Outputs)
    ToStdout += O.Path.empty() || O.Path == "-";
  if (ToStdout > 1) {
    Error = "several --format options write to stdout; give each but one an "
            "-o FILE";
    return false;
  }
  for (OutputSpec &O : Outputs)
    if (O.Path == "-")
      O.Path.clear();
  return true;
}

} // namespace nosqlint
