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
#include "WrapperReach.h"

#include "nosqlint/Extract/JsModules.h"
#include "nosqlint/Extract/ToolboxRequests.h"
#include "nosqlint/Extract/WrapperCalls.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace nosqlint::driver {

namespace {

bool isJs(extract::HostLanguage L) {
  return L == extract::HostLanguage::JavaScript ||
         L == extract::HostLanguage::TypeScript ||
         L == extract::HostLanguage::Tsx;
}

} // namespace

void Run::addWrapperRequests(
    const std::map<std::string, extract::PackageConstants> &Packages) {
  // JavaScript imports across the workspace's packages and re-exports
  // (JsModules.h): the files are read from the disk, once each.
  std::vector<std::string> JsFiles;
  for (const FileAnalysis &A : Analyses)
    if (A.Input.Kind == InputKind::Host && isJs(A.Input.Host))
      JsFiles.push_back(A.Input.Path);
  extract::JsModules Modules(
      [](const std::string &Path,
         bool Contents) -> std::optional<std::string> {
        if (Path.empty() || !llvm::sys::fs::is_regular_file(Path))
          return std::nullopt;
        if (!Contents)
          return std::string();
        auto B = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false);
        if (!B)
          return std::nullopt;
        return (*B)->getBuffer().str();
      },
      JsFiles);
  // dynamodb-toolbox classes imported through a module of the application.
  std::vector<extract::ToolboxFile> Toolbox;
  for (FileAnalysis &A : Analyses)
    if (A.File && A.Input.Kind == InputKind::Host && isJs(A.Input.Host) &&
        A.Extraction)
      Toolbox.push_back({A.Input.Path, &A.Extraction->DynamoCalls,
                         &A.Extraction->Wrappers});
  extract::resolveToolboxRequests(Toolbox, Modules);

  WrapperReach Reach;
  for (const FileAnalysis &A : Analyses)
    if (A.File && A.Input.Kind == InputKind::Host)
      Reach.add(A);
  if (Reach.empty())
    return;
  std::vector<extract::WrapperUnit> Units;
  std::vector<FileAnalysis *> Restored;
  for (FileAnalysis &A : Analyses) {
    // A generated file is never read again, not even for its calls.
    if (!A.File || A.Input.Kind != InputKind::Host || A.Generated)
      continue;
    std::vector<std::string> Names = Reach.namesCallableFrom(A);
    if (Names.empty())
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
  extract::joinWrapperCalls(Units, &Modules);
  for (FileAnalysis *A : Restored)
    if (A->Extraction->DynamoCalls.empty() && !Options.Verify)
      SM.release(*A->File);
}

} // namespace nosqlint::driver
