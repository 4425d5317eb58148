//===- SharedClientsTest.cpp - A Node.js client one module exports ---------===//
//
// Both ends of SharedClients.h: the import a statement's receiver names
// (ExecutionFacts::SharedClient), the client a module exports under a
// name, and how its defaults fill a statement; then the edges of the
// precedence (a consistency given as a string, Python's legacy defaults
// beside profiles).
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/Extract.h"
#include "nosqlint/Extract/SharedClients.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::extract;

namespace {

std::vector<CqlSnippet> snippets(llvm::StringRef Src,
                                 HostLanguage Lang = HostLanguage::JavaScript) {
  return extractFile(Lang, FileId{1}, Src, nullptr, ExtractOptions()).Snippets;
}

std::optional<SharedClientRef> refOf(llvm::StringRef Src) {
  std::vector<CqlSnippet> S = snippets(Src);
  if (S.size() != 1)
    return std::nullopt;
  return S[0].Execution.SharedClient;
}

const char *const Q = "client.execute('SELECT * FROM ks.t WHERE k = 1');\n";

TEST(SharedClientImport, EachImportFormNamesModuleAndExport) {
  struct Case {
    std::string Binding;
    std::string Spec, Export;
  } Cases[] = {
      {"const client = require('./db');", "./db", ""},
      {"const { client } = require('../lib/db');", "../lib/db", "client"},
      {"const { session: client } = require('./db');", "./db", "session"},
      {"const client = require('./db').cassandra;", "./db", "cassandra"},
      {"import client from './db';", "./db", "default"},
      {"import { db as client } from './db';", "./db", "db"},
  };
  for (const Case &C : Cases) {
    std::optional<SharedClientRef> R = refOf(C.Binding + "\n" + Q);
    ASSERT_TRUE(R) << C.Binding;
    EXPECT_EQ(R->Specifier, C.Spec) << C.Binding;
    EXPECT_EQ(R->Export, C.Export) << C.Binding;
    EXPECT_FALSE(R->DriverImported) << C.Binding;
  }
  std::optional<SharedClientRef> R =
      refOf("const db = require('./db');\n"
            "db.client.execute('SELECT * FROM ks.t WHERE k = 1');\n");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Export, "client");
}

TEST(SharedClientImport, OtherBindingsAreUnknown) {
  const char *const Cases[] = {
      // a computed or package specifier
      "const client = require(name);",
      "const client = require('./' + 'db');",
      "const client = require(`./${x}`);",
      "const client = require('db');",
      // the namespace object
      "import * as client from './db';",
      // bound again: a parameter, an assignment, a second declaration
      "const client = require('./db');\nfunction f(client) {}",
      "let client = require('./db');\nclient = other;",
      "const client = require('./db');\n{ const client = 1; }",
      // a factory's result
      "const client = require('./db')();",
  };
  for (const char *C : Cases) {
    std::vector<CqlSnippet> S = snippets(std::string(C) + "\n" + Q);
    ASSERT_EQ(S.size(), 1u) << C;
    EXPECT_FALSE(S[0].Execution.SharedClient) << C;
    // A file that imports no driver keeps no call option either.
    EXPECT_TRUE(S[0].Execution.empty()) << C;
  }
}

TEST(SharedClientImport, CallOptionsHoldOnlyWithTheClient) {
  const char *Src = "const client = require('./db');\n"
                    "client.execute('SELECT * FROM ks.t WHERE k = 1', [], "
                    "{ consistency: x.types.consistencies.all });\n"
                    "pool.execute('SELECT * FROM ks.t WHERE k = 2', [], "
                    "{ consistency: x.types.consistencies.all });\n";
  std::vector<CqlSnippet> S = snippets(Src);
  ASSERT_EQ(S.size(), 2u);
  ASSERT_TRUE(S[0].Execution.SharedClient);
  ASSERT_TRUE(S[0].Execution.Consistency);
  EXPECT_EQ(S[0].Execution.Consistency->Level, "ALL");
  EXPECT_TRUE(S[1].Execution.empty());
}

const char *const Build =
    "const cassandra = require('cassandra-driver');\n"
    "const client = new cassandra.Client({ queryOptions: { consistency: "
    "cassandra.types.consistencies.all, fetchSize: 10 } });\n";

std::optional<SharedClientDefaults> exported(llvm::StringRef Src,
                                             llvm::StringRef Export) {
  return exportedClientDefaults(HostLanguage::JavaScript, FileId{2}, Src,
                                Export);
}

TEST(SharedClientExport, EachExportFormGivesTheClient) {
  struct Case {
    std::string Export, Code;
  } Cases[] = {
      {"", "module.exports = client;"},
      {"default", "module.exports = client;"},
      {"client", "module.exports = { client };"},
      {"db", "module.exports = { db: client, close() {} };"},
      {"client", "exports.client = client;"},
      {"client", "module.exports.client = client;"},
      {"default", "export default client;"},
      {"db", "export { client as db };"},
  };
  for (const Case &C : Cases) {
    std::optional<SharedClientDefaults> D =
        exported(std::string(Build) + C.Code + "\n", C.Export);
    ASSERT_TRUE(D) << C.Code;
    ASSERT_TRUE(D->Facts.Consistency) << C.Code;
    EXPECT_EQ(D->Facts.Consistency->Level, "ALL") << C.Code;
    EXPECT_EQ(D->Facts.Consistency->Scope, SettingScope::Session);
    EXPECT_EQ(D->Facts.Consistency->Range.File, FileId{2});
    ASSERT_TRUE(D->Facts.PageSize) << C.Code;
    EXPECT_EQ(D->Facts.PageSize->Rows, 10);
  }
  std::optional<SharedClientDefaults> D =
      exported("import { Client, types } from 'cassandra-driver';\n"
               "export const client = new Client({ queryOptions: { "
               "consistency: types.consistencies.one } });\n",
               "client");
  ASSERT_TRUE(D && D->Facts.Consistency);
  EXPECT_EQ(D->Facts.Consistency->Level, "ONE");
}

TEST(SharedClientExport, LookAlikesGiveNothing) {
  struct Case {
    std::string Export, Code;
  } Cases[] = {
      // another name, another shape
      {"other", "module.exports = { client };"},
      {"client", "module.exports = client;"},
      {"", "module.exports = { client };"},
      // exported twice, or inside a branch
      {"", "module.exports = client;\nmodule.exports = other;"},
      {"", "if (x) { module.exports = client; }"},
      {"client", "exports.client = client;\nif (x) { exports.client = y; }"},
      // `module.exports = {..}` replaces the object `exports.a` set
      {"client", "exports.client = client;\nmodule.exports = { other };"},
      {"client", "module.exports = { other };\nexports.client = client;"},
      // a spread or a computed key may replace it
      {"client", "module.exports = { client, ...more };"},
      {"client", "module.exports = { [k]: x, client };"},
      // re-exported from a third module
      {"client", "export { client } from './other';"},
      {"client", "export * from './other';"},
      // the client given another value
      {"", "client = null;\nmodule.exports = client;"},
      // a factory
      {"", "module.exports = makeClient();"},
      {"", "module.exports = () => client;"},
  };
  for (const Case &C : Cases)
    EXPECT_FALSE(exported(std::string(Build) + C.Code + "\n", C.Export))
        << C.Code;
  // An application's own Client class.
  EXPECT_FALSE(exported("const { types } = require('cassandra-driver');\n"
                        "class Client {}\n"
                        "module.exports = new Client({ queryOptions: { "
                        "consistency: types.consistencies.all } });\n",
                        ""));
  // A client built inside a function.
  EXPECT_FALSE(exported("const cassandra = require('cassandra-driver');\n"
                        "function f() { const client = new cassandra.Client({}); }\n"
                        "module.exports = client;\n",
                        ""));
}

TEST(SharedClientExport, HostileInputGivesNothing) {
  std::string Deep = std::string(Build) + "module.exports = ";
  for (int I = 0; I < 3000; ++I)
    Deep += "[";
  for (int I = 0; I < 3000; ++I)
    Deep += "]";
  const std::string Cases[] = {
      "", "module.exports", "module.exports = ", "export default",
      "exports. = client;", std::string(Build) + "module.exports = {",
      std::string("\0\xff\xfe", 3), Deep};
  for (const std::string &C : Cases)
    for (const char *Export : {"", "default", "client"})
      EXPECT_FALSE(exported(C, Export));
  // An unterminated import, a require of nothing.
  EXPECT_TRUE(snippets("import client from './db\n" + std::string(Q)).empty() ||
              !snippets("import client from './db\n" + std::string(Q))[0]
                   .Execution.SharedClient);
  std::vector<CqlSnippet> S = snippets("const client = require();\n" +
                                       std::string(Q));
  ASSERT_EQ(S.size(), 1u);
  EXPECT_FALSE(S[0].Execution.SharedClient);
}

TEST(SharedClientApply, TheProfileDecidesTheLevel) {
  SharedClientDefaults D;
  D.Facts.Consistency = ConsistencyFact{"ALL", SettingScope::Session, {}};
  D.Facts.PageSize = PageSizeFact{};
  D.Facts.PageSize->Rows = 10;
  SharedClientRef Ref;
  Ref.ProfileSets[0] = Ref.ProfileSets[1] = true;

  ExecutionFacts Default;
  Default.SharedClient = Ref;
  applySharedClient(Default, D);
  ASSERT_TRUE(Default.Consistency);
  EXPECT_EQ(Default.Consistency->Level, "ALL");

  // A named profile may set its own level; the page size is the client's.
  ExecutionFacts Named;
  Named.SharedClient = Ref;
  Named.SharedClient->PickDefault = false;
  applySharedClient(Named, D);
  EXPECT_FALSE(Named.Consistency);
  ASSERT_TRUE(Named.PageSize);
  EXPECT_EQ(Named.PageSize->Rows, 10);

  // A 'default' profile of the client's replaces the driver's empty one.
  SharedClientDefaults WithDefault = D;
  WithDefault.HasDefaultProfile = true;
  ExecutionFacts Replaced;
  Replaced.SharedClient = Ref;
  applySharedClient(Replaced, WithDefault);
  EXPECT_FALSE(Replaced.Consistency);

  // The call's own level wins.
  ExecutionFacts Own;
  Own.SharedClient = Ref;
  Own.Consistency = ConsistencyFact{"ONE", SettingScope::Call, {}};
  applySharedClient(Own, D);
  EXPECT_EQ(Own.Consistency->Level, "ONE");
}

TEST(ConsistencyPrecedence, AStringIsNoLevel) {
  std::vector<CqlSnippet> S =
      snippets("const cassandra = require('cassandra-driver');\n"
               "const client = new cassandra.Client({ queryOptions: { "
               "consistency: cassandra.types.consistencies.all } });\n"
               "client.execute('SELECT * FROM ks.t WHERE k = 1', [], "
               "{ consistency: 'one' });\n");
  ASSERT_EQ(S.size(), 1u);
  // Set, so the client's ALL does not apply; not a level (empty).
  ASSERT_TRUE(S[0].Execution.Consistency);
  EXPECT_EQ(S[0].Execution.Consistency->Level, "");
}

TEST(ConsistencyPrecedence, PythonLegacyDefaultAndProfilesExclude) {
  const char *Src =
      "from cassandra.cluster import Cluster, ExecutionProfile, "
      "EXEC_PROFILE_DEFAULT\n"
      "from cassandra import ConsistencyLevel\n"
      "session = Cluster(execution_profiles={EXEC_PROFILE_DEFAULT: "
      "ExecutionProfile(consistency_level=ConsistencyLevel.ONE)}).connect()\n"
      "session.default_consistency_level = ConsistencyLevel.ALL\n"
      "session.default_fetch_size = None\n"
      "session.execute(\"SELECT * FROM ks.t WHERE k = 1\")\n";
  std::vector<CqlSnippet> S = snippets(Src, HostLanguage::Python);
  ASSERT_EQ(S.size(), 1u);
  ExecutionFacts X = S[0].Execution;
  dropRunTimeFacts(X);
  EXPECT_FALSE(X.Consistency);
  ASSERT_TRUE(X.PageSize);
  EXPECT_TRUE(X.PageSize->Disabled);
}

} // namespace
