//===- Outputs.cpp - Pairing --format with -o -----------------------------===//
#include "nosqlint/Driver/Outputs.h"

#include "nosqlint/Config/SettingValues.h"

namespace nosqlint {

bool pairOutputNames(llvm::ArrayRef<OutputArg> Args,
                     llvm::function_ref<bool(llvm::StringRef)> Known,
                     llvm::StringRef Choices, llvm::StringRef DefaultFormat,
                     std::vector<NamedOutput> &Outputs, std::string &Error) {
  Outputs.clear();
  // Whether the last output already has its file.
  bool LastHasFile = false;
  for (const OutputArg &A : Args) {
    if (A.Kind == OutputArg::Format) {
      if (!Known(A.Value)) {
        Error = "unknown --format '" + A.Value + "' (expected " +
                Choices.str() + ")";
        return false;
      }
      Outputs.push_back({A.Value, std::string()});
      LastHasFile = false;
      continue;
    }
    if (A.Value.empty()) {
      Error = "-o needs a file name";
      return false;
    }
    if (Outputs.empty()) {
      Outputs.push_back({DefaultFormat.str(), A.Value});
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
  for (const NamedOutput &O : Outputs)
    ToStdout += O.Path.empty() || O.Path == "-";
  if (ToStdout > 1) {
    Error = "several --format options write to stdout; give each but one an "
            "-o FILE";
    return false;
  }
  for (NamedOutput &O : Outputs)
    if (O.Path == "-")
      O.Path.clear();
  return true;
}

bool pairOutputs(llvm::ArrayRef<OutputArg> Args,
                 std::vector<OutputSpec> &Outputs, std::string &Error) {
  std::vector<NamedOutput> Named;
  Outputs.clear();
  if (!pairOutputNames(
          Args,
          [](llvm::StringRef F) {
            return config::parseOutputFormat(F).has_value();
          },
          config::outputFormatChoices(), "full", Named, Error))
    return false;
  for (const NamedOutput &N : Named)
    Outputs.push_back({*config::parseOutputFormat(N.Format), N.Path});
  return true;
}

} // namespace nosqlint
