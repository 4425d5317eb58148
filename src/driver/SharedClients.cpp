//===- SharedClients.cpp - A Node.js client one module exports, others run ===//
//
// Once every host file is extracted, a statement run on a client imported
// from a module of the application (ExecutionFacts::SharedClient) takes,
// for each fact it leaves unset, that client's queryOptions
// (extract/SharedClients.h). The specifier is resolved relative to the
// statement's file, to a JavaScript or TypeScript file of this run only
// (JsModules.h); a file set aside by the prescan is read again for the
// question, and freed again unless it exports a client (its settings'
// lines are shown). A client not found leaves the facts the
// driver's would give unknown, and a statement whose file imports no
// driver loses the call options it was read with.
//
//===----------------------------------------------------------------------===//
#include "Run.h"

#include "nosqlint/Extract/JsModules.h"
#include "nosqlint/Extract/SharedClients.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"

#include <map>

namespace nosqlint::driver {

namespace {

bool isJs(extract::HostLanguage L) {
  return L == extract::HostLanguage::JavaScript ||
         L == extract::HostLanguage::TypeScript ||
         L == extract::HostLanguage::Tsx;
}

std::string normalized(llvm::StringRef P) {
  llvm::SmallString<128> S(P);
  llvm::sys::path::remove_dots(S, /*remove_dot_dot=*/true);
  return std::string(S.str());
}

} // namespace

void Run::applySharedClients() {
  bool Any = false;
  for (const FileAnalysis &A : Analyses)
    for (const HostQuery &Q : A.Host)
      Any |= Q.Snippet.Execution.SharedClient.has_value();
  if (!Any)
    return;
  // The JavaScript files of the run, by path: the only ones a specifier
  // may name.
  llvm::StringMap<FileAnalysis *> ByPath;
  std::vector<std::string> JsFiles;
  for (FileAnalysis &A : Analyses)
    if (A.File && A.Input.Kind == InputKind::Host && isJs(A.Input.Host)) {
      ByPath[normalized(A.Input.Path)] = &A;
      JsFiles.push_back(A.Input.Path);
    }
  extract::JsModules Modules(
      [&](const std::string &Path, bool) -> std::optional<std::string> {
        if (!ByPath.count(normalized(Path)))
          return std::nullopt;
        return std::string(); // only resolve() asks: existence is enough
      },
      JsFiles);
  std::map<std::pair<std::string, std::string>,
           std::optional<extract::SharedClientDefaults>>
      Cache;
  auto Exported = [&](const std::string &Path, const std::string &Export)
      -> const std::optional<extract::SharedClientDefaults> & {
    auto [It, New] = Cache.try_emplace({Path, Export});
    if (!New)
      return It->second;
    FileAnalysis &T = *ByPath[Path];
    bool Released = SM.text(*T.File).empty();
    if (!restoreText(T))
      return It->second;
    It->second = extract::exportedClientDefaults(T.Input.Host, *T.File,
                                                 SM.text(*T.File), Export);
    // Kept when it exports a client: the facts' lines are read from it.
    if (Released && !It->second && !Options.Verify)
      SM.release(*T.File);
    return It->second;
  };
  for (FileAnalysis &A : Analyses) {
    for (HostQuery &Q : A.Host) {
      ExecutionFacts &X = Q.Snippet.Execution;
      if (!X.SharedClient)
        continue;
      const std::optional<extract::SharedClientDefaults> *D = nullptr;
      if (Q.Snippet.Source == extract::SnippetSource::DriverCall)
        if (std::optional<std::string> To =
                Modules.resolve(A.Input.Path, X.SharedClient->Specifier))
          if (ByPath.count(normalized(*To)))
            D = &Exported(normalized(*To), X.SharedClient->Export);
      if (D && *D)
        extract::applySharedClient(X, **D);
      else if (!X.SharedClient->DriverImported)
        X = ExecutionFacts();
      X.SharedClient.reset();
    }
  }
}

} // namespace nosqlint::driver
