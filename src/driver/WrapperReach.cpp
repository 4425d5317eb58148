//===- WrapperReach.cpp - Which files may call the application's wrappers -===//
#include "WrapperReach.h"

#include "Run.h"

#include "nosqlint/Extract/WrapperCalls.h"

namespace nosqlint::driver {

void WrapperReach::add(const FileAnalysis &A) {
  for (const extract::WrapperFunction &W : extractionOf(A).Wrappers) {
    Folders.insert(packageKey(A.Input));
    Names.emplace_back(A.Input.Host, W.Name);
  }
}

std::vector<std::string>
WrapperReach::namesCallableFrom(const FileAnalysis &A) const {
  std::vector<std::string> Out;
  if (A.Input.Host == extract::HostLanguage::Go &&
      !Folders.count(packageKey(A.Input)))
    return Out;
  for (const auto &[Lang, Name] : Names)
    if (extract::mayCallAcross(Lang, A.Input.Host))
      Out.push_back(Name);
  return Out;
}

} // namespace nosqlint::driver
