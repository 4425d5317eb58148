//===- ToolboxResolve.cpp - dynamodb-toolbox classes re-exported ----------===//
#include "nosqlint/Extract/ToolboxRequests.h"

#include "llvm/ADT/STLExtras.h"

#include <string_view>

namespace nosqlint::extract {

namespace {

bool isLibrary(llvm::StringRef Package) {
  return Package == "dynamodb-toolbox" ||
         Package.startswith("dynamodb-toolbox/");
}

/// Whether the mark of a request (empty: imported from the library itself)
/// leads to the library; the mark is cleared when it does.
bool resolved(std::string &Mark, const std::string &Path, JsModules &M) {
  if (Mark.empty())
    return true;
  llvm::StringRef Spec, Name;
  std::tie(Spec, Name) = llvm::StringRef(Mark).split('\n');
  std::optional<JsModules::Origin> O = M.imported(Path, Spec, Name);
  if (!O || !isLibrary(O->Package) || O->Name != Name)
    return false;
  Mark.clear();
  return true;
}

} // namespace

bool mayHoldToolboxCalls(llvm::StringRef Src) {
  // An import clause that names Entity, Table or TableDef: `import {
  // Entity } from`, `import { Table as T, ... } from`.
  std::string_view Text(Src.data(), Src.size());
  auto IsWord = [](char C) {
    return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
           (C >= '0' && C <= '9') || C == '_' || C == '$';
  };
  for (size_t At = Text.find("import"); At != std::string_view::npos;
       At = Text.find("import", At + 6)) {
    size_t Open = Text.find('{', At);
    size_t Close = Open == std::string_view::npos
                       ? Open
                       : Text.find('}', Open);
    if (Close == std::string_view::npos || Open - At > 16 ||
        Close - Open > 2000)
      continue;
    std::string_view Clause = Text.substr(Open, Close - Open);
    for (std::string_view W : {"Entity", "Table", "TableDef"})
      for (size_t P = Clause.find(W); P != std::string_view::npos;
           P = Clause.find(W, P + 1)) {
        size_t E = P + W.size();
        if (!IsWord(Clause[P - 1]) && (E >= Clause.size() || !IsWord(Clause[E])))
          return true;
      }
  }
  return false;
}

void resolveToolboxRequests(llvm::ArrayRef<ToolboxFile> Files,
                            JsModules &Modules) {
  for (const ToolboxFile &F : Files) {
    if (F.Calls)
      llvm::erase_if(*F.Calls, [&](DynamoCall &C) {
        return C.Sdk == kToolboxSdk && !resolved(C.ModelClass, F.Path, Modules);
      });
    if (!F.Wrappers)
      continue;
    for (WrapperFunction &W : *F.Wrappers)
      llvm::erase_if(W.Requests, [&](WrapperFunction::Template &T) {
        return T.Call.Sdk == kToolboxSdk &&
               !resolved(T.Call.ModelClass, F.Path, Modules);
      });
    llvm::erase_if(*F.Wrappers, [](const WrapperFunction &W) {
      return W.Requests.empty();
    });
  }
}

} // namespace nosqlint::extract
