//===- WrapperReach.h - Which files may call the application's wrappers -*- C++ -*-===//
//
// An application's own functions around DynamoDB calls (WrapperCalls.h)
// are called from other files: a Go wrapper from its own package only,
// any other across files as extract::mayCallAcross allows. The wrapper
// join (RunWrappers.cpp) and the package-neighbour test (RunInputs.cpp)
// both ask it.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_WRAPPERREACH_H
#define NOSQLINT_DRIVER_WRAPPERREACH_H

#include "Analysis.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace nosqlint::driver {

class WrapperReach {
public:
  /// Adds the wrappers \p A's extraction holds.
  void add(const FileAnalysis &A);
  bool empty() const { return Names.empty(); }
  /// The names of the wrappers a call written in \p A may reach.
  std::vector<std::string> namesCallableFrom(const FileAnalysis &A) const;

private:
  std::set<std::string> Folders; // the packages that declare one
  std::vector<std::pair<extract::HostLanguage, std::string>> Names;
};

} // namespace nosqlint::driver

#endif
