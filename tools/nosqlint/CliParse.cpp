//===- CliParse.cpp - Running a CLI11 app the way nosqlint reports ------===//
#include "CliParse.h"

#include "nosqlint/Driver/Driver.h"

#include "llvm/Support/WithColor.h"

#include <vector>

namespace nosqlint::tool {

void usageError(llvm::raw_ostream &Err, const std::string &Message) {
  llvm::WithColor::error(Err, "nosqlint") << Message << "\n";
}

std::optional<int> parseInto(CLI::App &App, llvm::ArrayRef<std::string> Args,
                             llvm::raw_ostream &OS, llvm::raw_ostream &Err) {
  std::vector<const char *> Argv{"nosqlint"};
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  try {
    App.parse(static_cast<int>(Argv.size()), Argv.data());
  } catch (const CLI::CallForHelp &) {
    OS << App.help();
    return ExitClean;
  } catch (const CLI::ParseError &E) {
    usageError(Err, std::string(E.what()) + "; see --help");
    return ExitUsageOrInput;
  }
  return std::nullopt;
}

} // namespace nosqlint::tool
