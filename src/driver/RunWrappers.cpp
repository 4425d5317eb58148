//===- RunWrappers.cpp - Requests made through the application's wrappers --===//
//
// Once every host file is extracted, the wrappers each declares (functions
// whose parameters flow into its DynamoDB requests) are joined with the
// calls of the other files (WrapperCalls.h): a Go wrapper is called from
// its folder, a Java, JavaScript or TypeScript one from any file that
// imports it. A file set aside (it names no SDK) is read again only when it
// names a wrapper, and freed again when it calls none.
//
//===----------------------------------------------------------------------===//
#include "Run.h"

#include "nosqlint/Extract/WrapperCalls.h"

#include "llvm/Support/Path.h"

namespace nosqlint::driver {

void Run::addWrapperRequests(
    const std::map<std::string, extract::PackageConstants> &Packages) {
  std::set<std::string> WrapperFolders;
  std::vector<std::pair<extract::HostLanguage, std::string>> WrapperNames;
  for (const FileAnalysis &A : Analyses) {
    if (!A.File || A.Input.Kind != InputKind::Host)
      continue;
    for (const extract::WrapperFunction &W : extractionOf(A).Wrappers) {
      WrapperFolders.insert(packageKey(A.Input));
      WrapperNames.emplace_back(A.Input.Host, W.Name);
    }
  }
  if (WrapperNames.empty())
    return;
  std::vector<extract::WrapperUnit> Units;
  std::vector<FileAnalysis *> Restored;
  for (FileAnalysis &A : Analyses) {
    // A generated file is never read again, not even for its calls.
    if (!A.File || A.Input.Kind != InputKind::Host || A.Generated)
      continue;
    std::vector<std::string> Names;
    for (const auto &[Lang, Name] : WrapperNames)
      if (extract::mayCallAcross(Lang, A.Input.Host))
        Names.push_back(Name);
    if (Names.empty() || (A.Input.Host == extract::HostLanguage::Go &&
                          !WrapperFolders.count(packageKey(A.Input))))
      continue;
    bool Released = SM.text(*A.File).empty();
    if (!restoreText(A))
      continue;
    if (Released) {
      if (!extract::namesAnyCall(SM.text(*A.File), Names)) {
        if (!Options.Verify)
          SM.release(*A.File);
        continue;
      }
      Restored.push_back(&A);
    }
    // A file read again here gets the requests its calls make.
    if (!A.Extraction)
      A.Extraction.emplace();
    auto P = Packages.find(packageKey(A.Input));
    Units.push_back({A.Input.Host, *A.File, SM.text(*A.File), A.Input.Path,
                     llvm::sys::path::parent_path(A.Input.Path).str(),
                     P == Packages.end() ? nullptr : &P->second,
                     &A.Extraction->Wrappers, &A.Extraction->DynamoCalls});
  }
  extract::joinWrapperCalls(Units);
  for (FileAnalysis *A : Restored)
    if (A->Extraction->DynamoCalls.empty() && !Options.Verify)
      SM.release(*A->File);
}

} // namespace nosqlint::driver
