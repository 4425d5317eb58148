//===- JsModulesFuzzer.cpp - JavaScript imports across a workspace --------===//
//
// The input is split at NUL bytes into a tsconfig.json, a package.json and
// two TypeScript modules of one package; JsModules resolves imports between
// them, follows their re-exports, and dynamodb-toolbox marks are resolved
// through them. Nothing may crash or hang (the re-export walk is bounded,
// cycles included).
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "nosqlint/Extract/JsModules.h"
#include "nosqlint/Extract/ToolboxRequests.h"

#include <map>

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text = fuzz::asText(Data, Size);
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Text.split(Parts, '\0', 3);
  Parts.resize(4);
  std::map<std::string, std::string> Files = {
      {"ws/p/tsconfig.json", Parts[0].str()},
      {"ws/p/package.json", Parts[1].str()},
      {"ws/p/src/a.ts", Parts[2].str()},
      {"ws/p/src/b/index.ts", Parts[3].str()}};
  extract::JsModules M(
      [&](const std::string &P, bool) -> std::optional<std::string> {
        auto It = Files.find(P);
        if (It == Files.end())
          return std::nullopt;
        return It->second;
      },
      {"ws/p/src/a.ts", "ws/p/src/b/index.ts"});
  for (llvm::StringRef Spec : {"./b", "~/a", "@p/x/b", "../src/a", "x"})
    (void)M.resolve("ws/p/src/a.ts", Spec);
  for (llvm::StringRef Name : {"Entity", "Table", "put", "default"}) {
    (void)M.origin("ws/p/src/a.ts", Name);
    (void)M.imported("ws/p/src/b/index.ts", "../a", Name);
  }
  std::vector<extract::DynamoCall> Calls(1);
  Calls[0].Sdk = extract::kToolboxSdk.str();
  Calls[0].ModelClass = "./b\nEntity";
  extract::resolveToolboxRequests({{"ws/p/src/a.ts", &Calls, nullptr}}, M);
  return 0;
}
