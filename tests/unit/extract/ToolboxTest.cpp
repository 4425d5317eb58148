//===- ToolboxTest.cpp - dynamodb-toolbox calls, JavaScript modules -------===//
//
// The requests dynamodb-toolbox 0.x Entities and Tables send (JsToolbox.cpp),
// the classes re-exported by a module of the application
// (ToolboxRequests.h), the files a JavaScript import names across a
// monorepo (JsModules.h), and the helpers that take an Entity from their
// caller as wrappers (WrapperSummaries.h, WrapperCalls.h).
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/Extract.h"
#include "nosqlint/Extract/JsModules.h"
#include "nosqlint/Extract/ToolboxRequests.h"
#include "nosqlint/Extract/WrapperCalls.h"

#include "SdkTestSupport.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

using namespace nosqlint;
using namespace nosqlint::extract;
using nosqlint::extract::test::show;

namespace {

/// A file system of a few files.
struct Files {
  std::map<std::string, std::string> Text;
  JsModules modules() const {
    std::vector<std::string> Run;
    for (const auto &[P, T] : Text)
      if (llvm::StringRef(P).endswith(".ts"))
        Run.push_back(P);
    return JsModules(
        [this](const std::string &P, bool) -> std::optional<std::string> {
          auto It = Text.find(P);
          if (It == Text.end())
            return std::nullopt;
          return It->second;
        },
        Run);
  }
};

std::vector<std::string> ops(const std::vector<DynamoCall> &Calls) {
  std::vector<std::string> Out;
  for (const DynamoCall &C : Calls)
    Out.push_back(C.Operation + " " + show(*C.Params));
  return Out;
}

FileExtraction ts(llvm::StringRef Src, unsigned File = 1) {
  return extractFile(HostLanguage::TypeScript, FileId{File}, Src);
}

const char *Direct =
    "import { Entity, Table } from 'dynamodb-toolbox';\n"
    "const table = new Table({ name: 'App', partitionKey: 'PK' });\n"
    "const User = new Entity({ name: 'User', table, attributes: {} });\n"
    "export async function f(id: string, opts: any) {\n"
    "  await User.get({ PK: id }, { execute: true });\n"
    "  await User.query(id, { index: 'GSI1', limit: 5, reverse: true, execute: true });\n"
    "  await table.scan({ select: 'count', execute: true });\n"
    "  await User.put({ PK: id }, opts);\n"
    "  await table.batchWrite([User.putBatch({ PK: id })], { execute: true });\n"
    "  await table.delete('User', { PK: id }, { execute: true });\n"
    "  User.getParams({ PK: id });\n"
    "  User.update({ PK: id }, { execute: false });\n"
    "}\n";

TEST(Toolbox, EachExecutedMethodIsTheRequestItSends) {
  FileExtraction X = ts(Direct);
  EXPECT_EQ(ops(X.DynamoCalls),
            (std::vector<std::string>{
                "GetItem {TableName:?str,Key:{...}}",
                "Query {TableName:?str,IndexName:'GSI1',Limit:5,"
                "KeyConditionExpression:?str,ExpressionAttributeNames:{...},"
                "ExpressionAttributeValues:{...},ScanIndexForward:false}",
                "Scan {TableName:?str,Select:'COUNT'}",
                // Options computed at run time: open (sent or not).
                "PutItem {TableName:?str,Item:{...},...}",
                "BatchWriteItem {RequestItems:{...}}",
                "DeleteItem {TableName:?str,Key:{...}}"}));
  for (const DynamoCall &C : X.DynamoCalls) {
    EXPECT_EQ(C.Sdk, kToolboxSdk);
    EXPECT_TRUE(C.ModelClass.empty()) << C.Operation;
  }
}

TEST(Toolbox, TypedParametersAndInterfacePropertiesAreEntities) {
  FileExtraction X = ts(
      "import { Entity, TableDef } from 'dynamodb-toolbox';\n"
      "interface Base { entity: Entity<any> }\n"
      "interface Params extends Base { table?: TableDef; n: number }\n"
      "export const a = async (entity: Entity) => entity.delete({}, { execute: true });\n"
      "export const b = async (params: Params) => {\n"
      "  const { entity, table: t } = params;\n"
      "  await entity.get({}, { execute: true });\n"
      "  await t.batchGet([], { execute: true });\n"
      "  await params.entity.scan({ execute: true });\n"
      "};\n"
      "export const c = async ({ entity }: Params) => entity.put({}, { execute: true });\n"
      // Not a library type: a number, an object of the file.
      "export const d = async (params: Params) => { const { n } = params; n.get(); };\n"
      "export const e = async () => { const entity = { get: () => 1 }; entity.get({}, { execute: true }); };\n");
  std::vector<std::string> Ops;
  for (const DynamoCall &C : X.DynamoCalls)
    Ops.push_back(C.Operation);
  EXPECT_EQ(Ops, (std::vector<std::string>{"DeleteItem", "GetItem",
                                           "BatchGetItem", "Scan",
                                           "PutItem"}));
}

TEST(Toolbox, ClassesOfAnotherModuleAreMarkedWithTheImport) {
  FileExtraction X =
      ts("import { Entity as E } from '~/toolbox';\n"
         "export const f = (e: E) => e.get({}, { execute: true });\n");
  ASSERT_EQ(X.DynamoCalls.size(), 1u);
  EXPECT_EQ(X.DynamoCalls[0].ModelClass, "~/toolbox\nEntity");
  // A file that imports no such name is not read.
  EXPECT_TRUE(ts("import { Model } from './m';\n"
                 "export const f = (e: Model) => e.get({}, { execute: true });\n")
                  .DynamoCalls.empty());
  EXPECT_FALSE(mayHoldToolboxCalls("const Entity = 1; x.get()"));
  EXPECT_TRUE(mayHoldToolboxCalls("import { Table as T } from 'x';"));
  EXPECT_FALSE(mayHoldToolboxCalls("import { EntityList } from 'x';"));
}

TEST(Toolbox, HostileInputs) {
  // Many declarations and calls in one block: each block is indexed once.
  std::string Big = "import { Entity } from 'dynamodb-toolbox';\n";
  for (int I = 0; I < 3000; ++I)
    Big += "const e" + std::to_string(I) +
           ": Entity = make();\ne" + std::to_string(I) +
           ".get({}, { execute: true });\n";
  EXPECT_EQ(ts(Big).DynamoCalls.size(), 3000u);
  // A chain of interfaces that extend each other in a cycle, and a
  // property typed by its own interface.
  FileExtraction X = ts(
      "import { Entity } from 'dynamodb-toolbox';\n"
      "interface A extends B { a: A }\ninterface B extends A { b: B }\n"
      "export const f = (p: A) => { const { x } = p; x.get({}, { execute: true }); p.a.a.a.get(); };\n"
      "export const g = (e: Entity) => e.get(...args);\n");
  EXPECT_TRUE(X.DynamoCalls.empty());
}

Files monorepo() {
  Files F;
  F.Text["ws/packages/db/package.json"] = R"({"name": "@ws/db"})";
  F.Text["ws/packages/db/tsconfig.json"] =
      R"({"compilerOptions": {"baseUrl": ".", "paths": {"~/*": ["./src/*"]}}})";
  F.Text["ws/packages/db/src/toolbox.ts"] =
      "export { Entity, Table as Tbl } from 'dynamodb-toolbox';\n";
  F.Text["ws/packages/db/src/index.ts"] = "export * from './utils';\n";
  F.Text["ws/packages/db/src/utils/index.ts"] =
      "export * from './put';\nexport { get as read } from './get';\n";
  F.Text["ws/packages/db/src/utils/put.ts"] =
      "export const put = async () => 1;\n";
  F.Text["ws/packages/db/src/utils/get.ts"] =
      "export function get() {}\n";
  F.Text["ws/packages/app/package.json"] = R"({"name": "@ws/app"})";
  F.Text["ws/packages/app/src/a.ts"] = "";
  F.Text["ws/packages/app/src/model.ts"] = "export class Entity {}\n";
  return F;
}

TEST(JsModules, ImportsResolveAcrossTheWorkspace) {
  Files F = monorepo();
  JsModules M = F.modules();
  // A package of the workspace by its package.json name, its src/ folder.
  EXPECT_EQ(M.resolve("ws/packages/app/src/a.ts", "@ws/db"),
            std::optional<std::string>("ws/packages/db/src/index.ts"));
  EXPECT_EQ(M.resolve("ws/packages/app/src/a.ts", "@ws/db/utils/put"),
            std::optional<std::string>("ws/packages/db/src/utils/put.ts"));
  // tsconfig paths of the importing file's package; relative imports.
  EXPECT_EQ(M.resolve("ws/packages/db/src/utils/put.ts", "~/toolbox"),
            std::optional<std::string>("ws/packages/db/src/toolbox.ts"));
  EXPECT_EQ(M.resolve("ws/packages/db/src/utils/put.ts", "../index"),
            std::optional<std::string>("ws/packages/db/src/index.ts"));
  // The app has no tsconfig: `~/` names nothing there.
  EXPECT_EQ(M.resolve("ws/packages/app/src/a.ts", "~/model"), std::nullopt);
  EXPECT_EQ(M.resolve("ws/packages/app/src/a.ts", "@ws/none"), std::nullopt);
  // Through `export *` and `export { a as b } from`, to the declaration.
  auto Put = M.imported("ws/packages/app/src/a.ts", "@ws/db", "put");
  ASSERT_TRUE(Put);
  EXPECT_EQ(Put->File, "ws/packages/db/src/utils/put.ts");
  auto Read = M.imported("ws/packages/app/src/a.ts", "@ws/db", "read");
  ASSERT_TRUE(Read);
  EXPECT_EQ(Read->File, "ws/packages/db/src/utils/get.ts");
  EXPECT_EQ(Read->Name, "get");
  EXPECT_FALSE(M.imported("ws/packages/app/src/a.ts", "@ws/db", "nothing"));
  // A library's name, under its own name.
  auto T = M.imported("ws/packages/db/src/utils/put.ts", "~/toolbox", "Tbl");
  ASSERT_TRUE(T);
  EXPECT_EQ(T->Package, "dynamodb-toolbox");
  EXPECT_EQ(T->Name, "Table");
  // The application's own class.
  auto E = M.imported("ws/packages/app/src/a.ts", "./model", "Entity");
  ASSERT_TRUE(E);
  EXPECT_EQ(E->File, "ws/packages/app/src/model.ts");
}

TEST(JsModules, CyclesAndTwoSourcesOfANameGiveNothing) {
  Files F;
  F.Text["p/a.ts"] = "export * from './b';\n";
  F.Text["p/b.ts"] = "export * from './a';\n";
  F.Text["p/c.ts"] = "export * from './d';\nexport * from './e';\n";
  F.Text["p/d.ts"] = "export const x = 1;\n";
  F.Text["p/e.ts"] = "export const x = 2;\n";
  // Each file re-exported many times over: read once each.
  std::string Many;
  for (int I = 0; I < 200; ++I)
    Many += "export * from './f';\nexport * from './g';\n";
  F.Text["p/f.ts"] = Many;
  F.Text["p/g.ts"] = Many;
  JsModules M = F.modules();
  EXPECT_FALSE(M.origin("p/a.ts", "x"));
  EXPECT_FALSE(M.origin("p/c.ts", "x"));
  EXPECT_FALSE(M.origin("p/f.ts", "x"));
}

TEST(Toolbox, AMarkIsKeptOnlyWhenTheImportLeadsToTheLibrary) {
  Files F = monorepo();
  JsModules M = F.modules();
  auto Marked = [](const char *Spec) {
    DynamoCall C;
    C.Operation = "GetItem";
    C.Sdk = kToolboxSdk.str();
    C.ModelClass = std::string(Spec) + "\nEntity";
    return C;
  };
  std::vector<DynamoCall> Db, App;
  Db.push_back(Marked("~/toolbox"));
  App.push_back(Marked("@ws/db/toolbox"));
  App.push_back(Marked("./model"));
  App.push_back(Marked("./missing"));
  resolveToolboxRequests(
      {{"ws/packages/db/src/utils/put.ts", &Db, nullptr},
       {"ws/packages/app/src/a.ts", &App, nullptr}},
      M);
  ASSERT_EQ(Db.size(), 1u);
  EXPECT_TRUE(Db[0].ModelClass.empty());
  ASSERT_EQ(App.size(), 1u);
  EXPECT_TRUE(App[0].ModelClass.empty());
}

const char *Helpers =
    "import { Entity, TableDef } from 'dynamodb-toolbox';\n"
    "interface GetParams { entity: Entity; keys: any }\n"
    "export const get = async (params: GetParams) => {\n"
    "  const { entity, keys } = params;\n"
    "  return entity.get(keys, { execute: true });\n"
    "};\n"
    "export const getClean = async <T>(params: GetParams) => {\n"
    "  const r = await get<T>(params);\n"
    "  return r;\n"
    "};\n"
    "interface ReadParams { table?: TableDef; items: any[] }\n"
    "const chunk = async ({ table, items }: ReadParams) => table.batchGet(items, { execute: true });\n"
    "export const readAll = async (params: ReadParams, size = 100) => {\n"
    "  const parts = [params.items];\n"
    "  for (const part of parts) await chunk({ table: params.table, items: part });\n"
    "};\n"
    // The Entity of the helper itself: the same request at every call.
    "const own = new Entity({ name: 'X', attributes: {} });\n"
    "export const fixed = async (keys: any) => own.get(keys, { execute: true });\n";

TEST(ToolboxWrappers, HelpersOfTheCallersEntityAreWrappers) {
  FileExtraction X = ts(Helpers);
  std::map<std::string, std::string> Receivers;
  for (const WrapperFunction &W : X.Wrappers) {
    ASSERT_EQ(W.Requests.size(), 1u) << W.Name;
    const auto &R = W.Requests[0].Receiver;
    ASSERT_TRUE(R) << W.Name;
    Receivers[W.Name] = std::to_string(R->Param) + "." + R->Member + " " +
                        W.Requests[0].Call.Operation + " " +
                        std::to_string(W.Optional);
  }
  EXPECT_EQ(Receivers,
            (std::map<std::string, std::string>{
                {"get", "0.entity GetItem 0"},
                {"getClean", "0.entity GetItem 0"},
                {"chunk", "0.table BatchGetItem 0"},
                {"readAll", "0.table BatchGetItem 1"}}));
}

TEST(ToolboxWrappers, CallsInAnotherPackageAreRequestsThere) {
  Files F = monorepo();
  F.Text["ws/packages/db/src/utils/get.ts"] = Helpers;
  F.Text["ws/packages/db/src/utils/index.ts"] = "export * from './get';\n";
  std::string App =
      "import { getClean, readAll } from '@ws/db';\n"
      "import { get } from '@ws/db/utils/get';\n"
      "export const ops = ({ entity, table }: any) => ({\n"
      "  one: () => getClean<any>({ entity, keys: { PK: 'a', SK: 'b' } }),\n"
      "  two: () => get({ entity, keys: {} }),\n"
      "  many: () => readAll({ table, items: [] }),\n"
      "  // Too many arguments: no such wrapper.\n"
      "  bad: () => readAll({ table, items: [] }, 1, 2),\n"
      "});\n";
  F.Text["ws/packages/app/src/a.ts"] = App;
  JsModules M = F.modules();
  FileExtraction H = ts(Helpers, 1);
  FileExtraction A = ts(App, 2);
  std::vector<WrapperUnit> Units = {
      {HostLanguage::TypeScript, FileId{1}, Helpers,
       "ws/packages/db/src/utils/get.ts", "ws/packages/db/src/utils", nullptr,
       &H.Wrappers, &H.DynamoCalls},
      {HostLanguage::TypeScript, FileId{2}, App, "ws/packages/app/src/a.ts",
       "ws/packages/app/src", nullptr, &A.Wrappers, &A.DynamoCalls}};
  joinWrapperCalls(Units, &M);
  std::vector<std::string> Made;
  for (const DynamoCall &C : A.DynamoCalls) {
    EXPECT_EQ(C.Sdk, WrapperSdk);
    Made.push_back(C.Operation + " " + App.substr(C.OperationRange.Begin,
                                                  C.OperationRange.End -
                                                      C.OperationRange.Begin));
  }
  EXPECT_EQ(Made, (std::vector<std::string>{"GetItem getClean", "GetItem get",
                                            "BatchGetItem readAll"}));
  // Without the workspace's modules, a package import is not followed.
  FileExtraction A2 = ts(App, 2);
  Units[1].Calls = &A2.DynamoCalls;
  joinWrapperCalls(Units);
  EXPECT_TRUE(A2.DynamoCalls.empty());
}

} // namespace
