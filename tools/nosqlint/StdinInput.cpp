//===- StdinInput.cpp - `-` and --stdin-filename --------------------------===//
#include "StdinInput.h"
#include "CliParse.h"

#include "nosqlint/Driver/Driver.h"

#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>

namespace nosqlint::tool {

bool isStdinInput(llvm::StringRef Input) {
  return Input == "-" || Input == "/dev/stdin";
}

std::optional<int> takeStdinInput(DriverOptions &O,
                                  const std::string &StdinFilename,
                                  llvm::raw_ostream &Err) {
  size_t Named = std::count_if(O.Inputs.begin(), O.Inputs.end(), isStdinInput);
  if (Named == 0 && StdinFilename.empty())
    return std::nullopt;
  if (Named > 1) {
    usageError(Err, "standard input ('-' or /dev/stdin) can be read only once");
    return ExitUsageOrInput;
  }
  if (Named == 0 && !O.Inputs.empty()) {
    usageError(Err, "--stdin-filename names the text on standard input: give "
                    "'-' among the inputs, or no other input");
    return ExitUsageOrInput;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getSTDIN();
  if (!Buffer) {
    usageError(Err,
               "cannot read standard input: " + Buffer.getError().message());
    return ExitUsageOrInput;
  }
  std::string Name = StdinFilename.empty() ? "<stdin>" : StdinFilename;
  if (StdinFilename.empty())
    O.StdinAsCql = Name;
  O.StdinPath = Name;
  O.Overlays.emplace_back(Name, (*Buffer)->getBuffer().str());
  if (Named == 0)
    O.Inputs.push_back(Name);
  else
    std::replace_if(O.Inputs.begin(), O.Inputs.end(), isStdinInput, Name);
  return std::nullopt;
}

} // namespace nosqlint::tool
