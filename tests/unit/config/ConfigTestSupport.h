//===- ConfigTestSupport.h - A temporary tree of config files ---*- C++ -*-===//
#ifndef NOSQLINT_TESTS_CONFIGTESTSUPPORT_H
#define NOSQLINT_TESTS_CONFIGTESTSUPPORT_H

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

namespace nosqlint::test {

/// A fresh temporary directory (real path), removed at the end of the test.
class ConfigTree {
public:
  ConfigTree() {
    llvm::SmallString<256> Temp;
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("nosqlint-config", Temp));
    llvm::sys::fs::real_path(Temp, Root);
  }
  ~ConfigTree() { llvm::sys::fs::remove_directories(Root); }

  std::string path(llvm::StringRef Name) const {
    llvm::SmallString<256> P(Root);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  std::string write(llvm::StringRef Name, llvm::StringRef Content) const {
    std::string P = path(Name);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    EXPECT_FALSE(EC) << EC.message();
    OS << Content;
    return P;
  }

private:
  llvm::SmallString<256> Root;
};

} // namespace nosqlint::test

#endif
