//===- Version.cpp - What `nosqlint --version` prints ---------------------===//
//
// NOSQLINT_VERSION is the project version and NOSQLINT_GIT_COMMIT the
// commit CMake read at configure time (tools/nosqlint/CMakeLists.txt).
//
//===----------------------------------------------------------------------===//
#include "Version.h"

#include "nosqlint/Config/SettingValues.h"

namespace nosqlint::tool {

void printVersion(llvm::raw_ostream &OS) {
  OS << "nosqlint " << NOSQLINT_VERSION << "\n";
  OS << "commit: " << NOSQLINT_GIT_COMMIT << "\n";
  OS << "targets:";
  for (llvm::StringRef T : config::targetNames())
    OS << " " << T;
  OS << "\n";
}

} // namespace nosqlint::tool
