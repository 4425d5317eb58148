//===- Outputs.cpp - Pairing --format with -o -----------------------------===//
#include "nosqlint/Driver/Outputs.h"

#include "nosqlint/Config/SettingValues.h"

namespace nosqlint {

bool pairOutputs(llvm::ArrayRef<OutputArg> Args,
                 std::vector<OutputSpec> &Outputs, std::string &Error) {
  Outputs.clear();
  // Whether the last output already has its file.
  bool LastHasFile = false;
  for (const OutputArg &A : Args) {
    if (A.Kind == OutputArg::Format) {
      std::optional<OutputFormat> F = config::parseOutputFormat(A.Value);
      if (!F) {
        Error = "unknown --format '" + A.Value + "' (expected " +
                config::outputFormatChoices().str() + ")";
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
