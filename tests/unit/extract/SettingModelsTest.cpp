//===- SettingModelsTest.cpp - One test per `setting` row of models/*.models ===//
//
// Every `setting` row (a driver API that sets the consistency level, serial
// consistency level or page size) carries an example file; its test
// extracts the example and requires exactly one statement, carrying the
// fact the row sets at the row's scope. Then the reader's edges: values the
// code computes, paging-off spellings, variables.
//
//===----------------------------------------------------------------------===//
#include "EmbeddedModels.h"
#include "LibraryModels.h"
#include "ModelLanguages.h"

#include "nosqlint/Extract/DriverConfig.h"
#include "nosqlint/Extract/Extract.h"

#include "llvm/ADT/Twine.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::extract;

namespace {

struct SettingCase {
  std::string File;
  unsigned Line;
  HostLanguage Lang;
  SettingModel Row;
};

std::vector<SettingCase> allSettingRows() {
  std::vector<SettingCase> Out;
  for (llvm::StringRef Name : embeddedModelNames()) {
    ModelCatalog C;
    std::vector<std::string> Errors;
    if (Name == "kotlin" || Name == "scala")
      C.parse("models/java.models", embeddedModels("java"), Errors);
    size_t Before = C.settings().size();
    std::string File = ("models/" + llvm::Twine(Name) + ".models").str();
    C.parse(File, embeddedModels(Name), Errors);
    for (size_t I = Before; I < C.settings().size(); ++I)
      Out.push_back({File, C.settings()[I].Line, languageOfModels(Name),
                     C.settings()[I]});
  }
  return Out;
}

class SettingRow : public ::testing::TestWithParam<SettingCase> {};

TEST_P(SettingRow, ExampleCarriesTheFact) {
  const SettingCase &R = GetParam();
  std::string Where = R.File + ":" + std::to_string(R.Line);
  ASSERT_FALSE(R.Row.Example.empty()) << Where << " has no example";
  ExecutionFacts F;
  if (R.Row.Form == SettingForm::Config) {
    // The example is the driver's configuration file: its default profile
    // carries the fact.
    std::vector<DriverConfigFile> Configs =
        readDriverConfig(FileId{1}, R.Row.Example);
    ASSERT_EQ(Configs.size(), 1u) << Where;
    F = profileFacts(Configs[0], "");
  } else {
    FileExtraction X = extractFile(R.Lang, FileId{1}, R.Row.Example, nullptr,
                                   ExtractOptions());
    ASSERT_EQ(X.Snippets.size(), 1u) << Where;
    F = X.Snippets[0].Execution;
  }
  switch (R.Row.Fact) {
  case ExecutionFactKind::Profile:
    // A driver whose profiles are in its configuration file: the pick is
    // recorded, a name written out known, a profile object not.
    if (F.ConfigProfile) {
      EXPECT_FALSE(F.ConfigProfile->Library.empty()) << Where;
      if (F.ConfigProfile->Known)
        EXPECT_FALSE(F.ConfigProfile->Name.empty()) << Where;
      break;
    }
    // The pick applies the profile of that name the file builds.
    ASSERT_TRUE(F.Consistency) << Where;
    EXPECT_EQ(F.Consistency->Scope, SettingScope::Profile) << Where;
    break;
  case ExecutionFactKind::Consistency:
    ASSERT_TRUE(F.Consistency) << Where;
    EXPECT_EQ(F.Consistency->Scope, R.Row.Scope) << Where;
    EXPECT_FALSE(F.Consistency->Level.empty()) << Where;
    break;
  case ExecutionFactKind::SerialConsistency:
    ASSERT_TRUE(F.SerialConsistency) << Where;
    EXPECT_EQ(F.SerialConsistency->Scope, R.Row.Scope) << Where;
    break;
  case ExecutionFactKind::PageSize:
    ASSERT_TRUE(F.PageSize) << Where;
    EXPECT_EQ(F.PageSize->Scope, R.Row.Scope) << Where;
    break;
  }
}

std::string rowName(const ::testing::TestParamInfo<SettingCase> &Info) {
  return llvm::StringRef(Info.param.File)
             .drop_front(7)
             .take_until([](char C) { return C == '.'; })
             .str() +
         "_line" + std::to_string(Info.param.Line);
}

INSTANTIATE_TEST_SUITE_P(Models, SettingRow,
                         ::testing::ValuesIn(allSettingRows()), rowName);

ExecutionFacts factsOf(HostLanguage Lang, const char *Src) {
  FileExtraction X = extractFile(Lang, FileId{1}, Src, nullptr, ExtractOptions());
  EXPECT_EQ(X.Snippets.size(), 1u) << Src;
  return X.Snippets.empty() ? ExecutionFacts() : X.Snippets[0].Execution;
}

TEST(ExecutionSettings, SpellingsOfTheLevels) {
  EXPECT_EQ(canonicalConsistencyLevel("ConsistencyLevel.LOCAL_QUORUM"),
            "LOCAL_QUORUM");
  EXPECT_EQ(canonicalConsistencyLevel("gocql.LocalQuorum"), "LOCAL_QUORUM");
  EXPECT_EQ(canonicalConsistencyLevel("types.consistencies.eachQuorum"),
            "EACH_QUORUM");
  EXPECT_EQ(canonicalConsistencyLevel("\"ONE\""), "ONE");
  EXPECT_EQ(canonicalConsistencyLevel("gocql.Consistency"), "");
  EXPECT_EQ(canonicalConsistencyLevel("level"), "");
}

TEST(ExecutionSettings, ComputedValuesAreUnknown) {
  ExecutionFacts F = factsOf(HostLanguage::Go, R"(package p
import "github.com/gocql/gocql"
func f(s *gocql.Session, cl gocql.Consistency, n int) {
  s.Query("SELECT * FROM ks.t").Consistency(cl).PageSize(n).Iter()
})");
  // Kept as set at run time, so that no default fills them; the driver
  // drops them once every default is applied.
  ASSERT_TRUE(F.Consistency);
  EXPECT_EQ(F.Consistency->Level, "");
  ASSERT_TRUE(F.PageSize);
  EXPECT_FALSE(F.PageSize->Known);
  dropRunTimeFacts(F);
  EXPECT_TRUE(F.empty());
  // A lower-case variable named like a level is no level.
  F = factsOf(HostLanguage::Python, R"(from cassandra.query import SimpleStatement
def f(session, one):
    session.execute(SimpleStatement("SELECT * FROM ks.t", consistency_level=one))
)");
  dropRunTimeFacts(F);
  EXPECT_FALSE(F.Consistency);
}

TEST(ExecutionSettings, ARunTimeLevelIsNotTheSessionsDefault) {
  // The statement sets its own level from a parameter: the session's ALL is
  // not what it runs at (a false "read at ALL" before).
  ExecutionFacts F = factsOf(HostLanguage::Python, R"(from cassandra.cluster import Cluster
from cassandra.query import SimpleStatement
from cassandra import ConsistencyLevel
session = Cluster().connect("ks")
session.default_consistency_level = ConsistencyLevel.ALL
def read(level):
    return session.execute(SimpleStatement("SELECT v FROM ks.t WHERE k = 1", consistency_level=level))
)");
  dropRunTimeFacts(F);
  EXPECT_FALSE(F.Consistency);
  // Without a level of its own, the statement takes the session's.
  F = factsOf(HostLanguage::Python, R"(from cassandra.cluster import Cluster
from cassandra.query import SimpleStatement
from cassandra import ConsistencyLevel
session = Cluster().connect("ks")
session.default_consistency_level = ConsistencyLevel.ALL
def read():
    return session.execute(SimpleStatement("SELECT v FROM ks.t WHERE k = 2"))
)");
  dropRunTimeFacts(F);
  ASSERT_TRUE(F.Consistency);
  EXPECT_EQ(F.Consistency->Level, "ALL");
}

TEST(ExecutionSettings, PagingOffIsTheDriversOwn) {
  // gocql: 0 is not sent, every row comes back.
  ExecutionFacts F = factsOf(HostLanguage::Go, R"(package p
import "github.com/gocql/gocql"
func f(s *gocql.Session) { s.Query("SELECT * FROM ks.t").PageSize(0).Iter() })");
  ASSERT_TRUE(F.PageSize);
  EXPECT_TRUE(F.PageSize->Disabled);
  // Java driver 3: 0 is the default page size; MAX_VALUE is paging off.
  F = factsOf(HostLanguage::Java, R"(import com.datastax.driver.core.*;
class A { void f(Session s) { s.execute(new SimpleStatement("SELECT * FROM ks.t").setFetchSize(0)); } })");
  EXPECT_FALSE(F.PageSize);
  F = factsOf(HostLanguage::Java, R"(import com.datastax.driver.core.*;
class A { void f(Session s) { s.execute(new SimpleStatement("SELECT * FROM ks.t").setFetchSize(Integer.MAX_VALUE)); } })");
  ASSERT_TRUE(F.PageSize);
  EXPECT_TRUE(F.PageSize->Disabled);
  // Python: None.
  F = factsOf(HostLanguage::Python, R"(from cassandra.query import SimpleStatement
def f(session):
    session.execute(SimpleStatement("SELECT * FROM ks.t", fetch_size=500))
)");
  ASSERT_TRUE(F.PageSize);
  EXPECT_FALSE(F.PageSize->Disabled);
  EXPECT_EQ(F.PageSize->Rows, 500);
}

TEST(ExecutionSettings, AStatementSettingWinsOverTheSession) {
  ExecutionFacts F = factsOf(HostLanguage::Python, R"(from cassandra.cluster import Cluster
from cassandra.query import SimpleStatement
from cassandra import ConsistencyLevel
session = Cluster().connect()
session.default_consistency_level = ConsistencyLevel.LOCAL_ONE
session.execute(SimpleStatement("SELECT * FROM ks.t WHERE k = 1", consistency_level=ConsistencyLevel.ALL))
)");
  ASSERT_TRUE(F.Consistency);
  EXPECT_EQ(F.Consistency->Level, "ALL");
  EXPECT_EQ(F.Consistency->Scope, SettingScope::Statement);
}

TEST(ExecutionSettings, AConstantQueryTakesTheSettingsOfItsUse) {
  ExecutionFacts F = factsOf(HostLanguage::Go, R"(package p
import "github.com/gocql/gocql"
const q = "SELECT * FROM ks.t"
func f(s *gocql.Session) { s.Query(q).Consistency(gocql.EachQuorum).Iter() })");
  ASSERT_TRUE(F.Consistency);
  EXPECT_EQ(F.Consistency->Level, "EACH_QUORUM");
}

TEST(ExecutionSettings, AnotherVariablesSettingIsNotThisOnes) {
  ExecutionFacts F = factsOf(HostLanguage::Python, R"(from cassandra.query import SimpleStatement
def f(session, other):
    st = SimpleStatement("SELECT * FROM ks.t")
    other.fetch_size = None
    session.execute(st)
)");
  EXPECT_FALSE(F.PageSize);
}

TEST(ExecutionSettings, Driver4StatementsRecordTheProfileTheyPick) {
  auto Pick = [](const char *Call) {
    std::string Src = std::string(R"(import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
class A { void f(CqlSession s, String name, Object p) { s.execute(SimpleStatement.newInstance("SELECT * FROM ks.t"))") +
                      Call + "); } }";
    return factsOf(HostLanguage::Java, Src.c_str()).ConfigProfile;
  };
  std::optional<ProfileChoice> None = Pick("");
  ASSERT_TRUE(None);
  EXPECT_EQ(None->Library, "datastax-java-driver-4");
  EXPECT_TRUE(None->Known);
  EXPECT_EQ(None->Name, "");
  std::optional<ProfileChoice> Slow = Pick(".setExecutionProfileName(\"slow\")");
  ASSERT_TRUE(Slow);
  EXPECT_TRUE(Slow->Known);
  EXPECT_EQ(Slow->Name, "slow");
  std::optional<ProfileChoice> Default =
      Pick(".setExecutionProfileName(\"default\")");
  ASSERT_TRUE(Default);
  EXPECT_TRUE(Default->Known);
  EXPECT_EQ(Default->Name, "");
  for (const char *RunTime :
       {".setExecutionProfileName(name)", ".setExecutionProfile(p)"}) {
    std::optional<ProfileChoice> C = Pick(RunTime);
    ASSERT_TRUE(C) << RunTime;
    EXPECT_FALSE(C->Known) << RunTime;
  }
}


/// The facts of the one statement of a Node.js file: the driver imported,
/// \p Client built, `client.execute(..)` run with \p CallOptions.
ExecutionFacts nodeFacts(const std::string &Client,
                         const std::string &CallOptions = "") {
  std::string Src =
      "const cassandra = require('cassandra-driver');\n"
      "const { ExecutionProfile, types } = cassandra;\n" +
      Client + "\nclient.execute('SELECT * FROM ks.t WHERE k = 1', []" +
      (CallOptions.empty() ? "" : ", " + CallOptions) + ");\n";
  return factsOf(HostLanguage::JavaScript, Src.c_str());
}

TEST(ExecutionSettings, NodeClientOptionsAsJavaScriptReadsThem) {
  const char *All = "types.consistencies.all";
  auto Level = [](const ExecutionFacts &F) {
    return F.Consistency ? F.Consistency->Level : std::string("unknown");
  };
  // Through a variable and a shorthand key.
  EXPECT_EQ(Level(nodeFacts(std::string("const qo = { consistency: ") + All +
                            " };\nconst client = new cassandra.Client({ "
                            "queryOptions: qo });")),
            "ALL");
  EXPECT_EQ(Level(nodeFacts(std::string("const queryOptions = { consistency: ") +
                            All + " };\nconst client = new cassandra.Client({ "
                                  "queryOptions });")),
            "ALL");
  // A spread before the key is replaced by it; one after it may replace it.
  EXPECT_EQ(Level(nodeFacts(std::string("const client = new cassandra.Client({ "
                                        "queryOptions: { ...base, consistency: ") +
                            All + " } });")),
            "ALL");
  EXPECT_EQ(Level(nodeFacts(std::string("const client = new cassandra.Client({ "
                                        "queryOptions: { consistency: ") +
                            All + ", ...base } });")),
            "unknown");
  EXPECT_EQ(Level(nodeFacts(std::string("const client = new cassandra.Client({ "
                                        "...base, queryOptions: { consistency: ") +
                            All + " }, [k]: v });")),
            "unknown");
  // The last of two entries wins.
  EXPECT_EQ(Level(nodeFacts(std::string("const client = new cassandra.Client({ "
                                        "queryOptions: { consistency: ") +
                            All + ", consistency: types.consistencies.one } });")),
            "ONE");
}

TEST(ExecutionSettings, NodeClientOptionsComeAfterTheProfile) {
  std::string Client =
      "const client = new cassandra.Client({ queryOptions: { consistency: "
      "types.consistencies.all, fetchSize: 100 }, profiles: [new "
      "ExecutionProfile('default', { consistency: types.consistencies.one }), "
      "new ExecutionProfile('slow', { readTimeout: 1 })] });";
  ExecutionFacts Default = nodeFacts(Client);
  ASSERT_TRUE(Default.Consistency);
  EXPECT_EQ(Default.Consistency->Level, "ONE");
  EXPECT_EQ(Default.Consistency->Scope, SettingScope::Profile);
  ASSERT_TRUE(Default.PageSize);
  EXPECT_EQ(Default.PageSize->Rows, 100);
  // A named profile without a level: the client's, not the default's.
  ExecutionFacts Slow = nodeFacts(Client, "{ executionProfile: 'slow' }");
  ASSERT_TRUE(Slow.Consistency);
  EXPECT_EQ(Slow.Consistency->Level, "ALL");
  EXPECT_EQ(Slow.Consistency->Scope, SettingScope::Session);
  // A profile the file does not build, or picked at run time: the level is
  // unknown, the page size (no profile sets one) still the client's.
  for (const char *Pick :
       {"{ executionProfile: 'other' }", "{ executionProfile: name }"}) {
    ExecutionFacts F = nodeFacts(Client, Pick);
    EXPECT_FALSE(F.Consistency) << Pick;
    ASSERT_TRUE(F.PageSize) << Pick;
    EXPECT_EQ(F.PageSize->Rows, 100) << Pick;
  }
  // Profiles built elsewhere may hold a default one.
  ExecutionFacts Hidden = nodeFacts(
      "const client = new cassandra.Client({ queryOptions: { consistency: "
      "types.consistencies.all }, profiles: [oltp] });");
  EXPECT_FALSE(Hidden.Consistency);
}

TEST(ExecutionSettings, NodeClientMustBeTheDriversAndBoundOnce) {
  std::string Options = "({ queryOptions: { consistency: types.consistencies.all } })";
  // Another library's Client, a client built but never bound.
  EXPECT_FALSE(nodeFacts("const { Client } = require('./store');\nconst client = "
                         "new Client" + Options + ";")
                   .Consistency);
  EXPECT_FALSE(nodeFacts("module.exports = new cassandra.Client" + Options +
                         ";\nconst client = other;")
                   .Consistency);
  EXPECT_FALSE(nodeFacts("let client = new cassandra.Client" + Options +
                         ";\nclient = new cassandra.Client();")
                   .Consistency);
  EXPECT_TRUE(nodeFacts("let client;\nclient = new cassandra.Client" + Options +
                        ";")
                  .Consistency);
}


TEST(ExecutionSettings, HostileSessionSetups) {
  // A loader chain longer than is followed: unknown, not a crash.
  std::string Chain = "DriverConfigLoader.programmaticBuilder()"
                      ".withString(DefaultDriverOption.REQUEST_CONSISTENCY, \"ALL\")";
  for (int I = 0; I < 3000; ++I)
    Chain += ".withInt(DefaultDriverOption.REQUEST_PAGE_SIZE, 10)";
  std::string Java =
      "import com.datastax.oss.driver.api.core.CqlSession;\n"
      "import com.datastax.oss.driver.api.core.config.*;\n"
      "class A {\n  final CqlSession session = CqlSession.builder().withConfigLoader(" +
      Chain + ".build()).build();\n"
              "  void f() { session.execute(\"SELECT * FROM ks.t WHERE k = 1\"); }\n}\n";
  FileExtraction X = extractFile(HostLanguage::Java, FileId{1}, Java, nullptr,
                                 ExtractOptions());
  for (const auto &S : X.Snippets)
    EXPECT_FALSE(S.Execution.Consistency);
  // Many clients, each bound once and used once: each its own.
  std::string Js = "const cassandra = require('cassandra-driver');\n";
  for (int I = 0; I < 2000; ++I)
    Js += "const c" + std::to_string(I) +
          " = new cassandra.Client({ queryOptions: { fetchSize: " +
          std::to_string(I + 1) + " } });\nc" + std::to_string(I) +
          ".execute('SELECT * FROM ks.t WHERE k = " + std::to_string(I) +
          "');\n";
  X = extractFile(HostLanguage::JavaScript, FileId{1}, Js, nullptr,
                  ExtractOptions());
  ASSERT_EQ(X.Snippets.size(), 2000u);
  for (size_t I = 0; I < X.Snippets.size(); ++I) {
    ASSERT_TRUE(X.Snippets[I].Execution.PageSize) << I;
    EXPECT_EQ(X.Snippets[I].Execution.PageSize->Rows, static_cast<int64_t>(I + 1));
  }
}

} // namespace

namespace {

TEST(ExecutionSettings, AClasspathLoaderNamesItsConfiguration) {
  auto Pick = [](const std::string &Loader) {
    std::string Src =
        "import com.datastax.oss.driver.api.core.CqlSession;\n"
        "import com.datastax.oss.driver.api.core.config.DriverConfigLoader;\n"
        "class A {\n"
        "  private final CqlSession session = CqlSession.builder().withConfigLoader(" +
        Loader + ").build();\n"
        "  Object f() { return session.execute(\"SELECT * FROM ks.t WHERE k = 1\"); }\n"
        "}\n";
    FileExtraction X = extractFile(HostLanguage::Java, FileId{1}, Src, nullptr,
                                   ExtractOptions());
    EXPECT_EQ(X.Snippets.size(), 1u);
    return X.Snippets.empty() ? std::optional<ProfileChoice>()
                              : X.Snippets[0].Execution.ConfigProfile;
  };
  std::optional<ProfileChoice> P = Pick("DriverConfigLoader.fromClasspath(\"cassandra\")");
  ASSERT_TRUE(P);
  EXPECT_TRUE(P->Known);
  EXPECT_EQ(P->Resource, "cassandra");
  P = Pick("DriverConfigLoader.fromClasspath(\"cassandra\", getClass().getClassLoader())");
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Resource, "cassandra");
  // A computed name, another loader: not a named configuration.
  for (const char *L : {"DriverConfigLoader.fromClasspath(name)",
                        "DriverConfigLoader.fromFile(new java.io.File(\"x.conf\"))",
                        "DriverConfigLoader.fromClasspath(\"a\" + b)"}) {
    P = Pick(L);
    ASSERT_TRUE(P) << L;
    EXPECT_EQ(P->Resource, "") << L;
  }
}

} // namespace
