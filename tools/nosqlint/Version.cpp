//===- Version.cpp - What `nosqlint --version` prints ---------------------===//
//
// NOSQLINT_VERSION is the project version and NOSQLINT_GIT_COMMIT the
// commit CMake read at configure time (tools/nosqlint/CMakeLists.txt).
// The allocator line says which malloc serves the process: mimalloc only
// when a block malloc returns lies in mimalloc's heap (cmake/Allocator.cmake).
//
//===----------------------------------------------------------------------===//
#include "Version.h"

#include "nosqlint/Config/SettingValues.h"

#include <cstdlib>

#ifdef NOSQLINT_MIMALLOC
#include <mimalloc.h>
#endif

namespace nosqlint::tool {

static std::string allocator() {
#ifdef NOSQLINT_MIMALLOC
  void *P = std::malloc(16);
  bool Ours = mi_is_in_heap_region(P);
  std::free(P);
  int V = mi_version();
  std::string Name = "mimalloc " + std::to_string(V / 100) + "." +
                     std::to_string(V % 100 / 10) + "." +
                     std::to_string(V % 10);
  return Ours ? Name : "system (" + Name + " linked, not in use)";
#else
  return "system";
#endif
}

void printVersion(llvm::raw_ostream &OS) {
  OS << "nosqlint " << NOSQLINT_VERSION << "\n";
  OS << "commit: " << NOSQLINT_GIT_COMMIT << "\n";
  OS << "targets:";
  for (llvm::StringRef T : config::targetNames())
    OS << " " << T;
  OS << "\n";
  OS << "allocator: " << allocator() << "\n";
}

} // namespace nosqlint::tool
