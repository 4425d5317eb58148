//===- ConfigFileFuzzer.cpp - nosqlint.toml and pyproject.toml ------------===//
//
// One configuration file's text, read both as nosqlint.toml and as a
// pyproject.toml ([tool.nosqlint] only), and every error rendered. Any
// bytes: a configuration file is read as it is (toml++ checks its UTF-8).
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "nosqlint/Config/ConfigFile.h"

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text = fuzz::asText(Data, Size);
  for (bool Pyproject : {false, true}) {
    std::vector<config::ConfigError> Errors;
    std::optional<config::ConfigFile> C = config::parseConfigText(
        Pyproject ? "/p/pyproject.toml" : "/p/nosqlint.toml", Text, Pyproject,
        Errors);
    // A result has no errors; no result has errors, except a pyproject.toml
    // without [tool.nosqlint], which is no configuration at all.
    if (C ? !Errors.empty() : Errors.empty() && !Pyproject)
      __builtin_trap();
    for (const config::ConfigError &E : Errors)
      (void)E.str();
  }
  return 0;
}
