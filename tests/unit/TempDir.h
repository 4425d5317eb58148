//===- TempDir.h - A temporary directory for a test -------------*- C++ -*-===//
#ifndef NOSQLINT_TESTS_TEMPDIR_H
#define NOSQLINT_TESTS_TEMPDIR_H

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

namespace nosqlint::test {

/// A fresh temporary directory (its real path, so that paths compare with
/// what a walk up from them finds), removed at the end of the test.
class TempDir {
public:
  TempDir() {
    llvm::SmallString<256> Temp;
    std::error_code EC = llvm::sys::fs::createUniqueDirectory("nosqlint", Temp);
    EXPECT_FALSE(EC) << EC.message();
    if (llvm::sys::fs::real_path(Temp, Path))
      Path = Temp;
  }
  ~TempDir() { llvm::sys::fs::remove_directories(Path); }

  std::string path(llvm::StringRef Name) const {
    llvm::SmallString<256> P(Path);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  /// Writes \p Content to \p Name (its folders made first); its path.
  std::string write(llvm::StringRef Name, llvm::StringRef Content) const {
    std::string P = path(Name);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    EXPECT_FALSE(EC) << EC.message();
    OS << Content;
    return P;
  }
  std::string root() const { return std::string(Path); }

private:
  llvm::SmallString<256> Path;
};

} // namespace nosqlint::test

#endif
