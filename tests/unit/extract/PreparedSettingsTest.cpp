//===- PreparedSettingsTest.cpp - The statements bound from a prepared one ===//
//
// One test per `bind` row of models/*.models (its example's statement
// carries the level its bind sets), then the reader's edges: a statement
// prepared into a private field or a local runs with what every bind of it
// sets alike; sites that differ, a holder passed on, reassigned, shadowed or
// reachable from other classes leave it unknown, and then the configuration
// profile its bound statements run with is unknown too.
//
//===----------------------------------------------------------------------===//
#include "EmbeddedModels.h"
#include "LibraryModels.h"
#include "ModelLanguages.h"

#include "nosqlint/Extract/Extract.h"

#include "llvm/ADT/Twine.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::extract;

namespace {

struct BindCase {
  std::string File;
  unsigned Line;
  HostLanguage Lang;
  BindModel Row;
};

std::vector<BindCase> allBindRows() {
  std::vector<BindCase> Out;
  for (llvm::StringRef Name : embeddedModelNames()) {
    if (Name == "kotlin" || Name == "scala")
      continue; // they see the Java rows, tested once
    ModelCatalog C;
    std::vector<std::string> Errors;
    std::string File = ("models/" + llvm::Twine(Name) + ".models").str();
    C.parse(File, embeddedModels(Name), Errors);
    for (const BindModel &B : C.binds())
      Out.push_back({File, B.Line, languageOfModels(Name), B});
  }
  return Out;
}

class BindRow : public ::testing::TestWithParam<BindCase> {};

TEST_P(BindRow, ExampleRunsAtTheBindsLevel) {
  const BindCase &R = GetParam();
  std::string Where = R.File + ":" + std::to_string(R.Line);
  ASSERT_FALSE(R.Row.Example.empty()) << Where << " has no example";
  EXPECT_NE(R.Row.Example.find(R.Row.Member + "("), std::string::npos) << Where;
  FileExtraction X = extractFile(R.Lang, FileId{1}, R.Row.Example, nullptr,
                                 ExtractOptions());
  ASSERT_EQ(X.Snippets.size(), 1u) << Where;
  const ExecutionFacts &F = X.Snippets[0].Execution;
  ASSERT_TRUE(F.Consistency) << Where;
  EXPECT_FALSE(F.Consistency->Level.empty()) << Where;
  EXPECT_EQ(F.Consistency->Scope, SettingScope::Statement) << Where;
}

std::string rowName(const ::testing::TestParamInfo<BindCase> &Info) {
  return llvm::StringRef(Info.param.File)
             .drop_front(7)
             .take_until([](char C) { return C == '.'; })
             .str() +
         "_line" + std::to_string(Info.param.Line);
}

INSTANTIATE_TEST_SUITE_P(Models, BindRow, ::testing::ValuesIn(allBindRows()),
                         rowName);

TEST(BindRows, PrepareRowsAreFlagged) {
  const ModelCatalog &C = ModelCatalog::forLanguage(HostLanguage::Java);
  unsigned Prepares = 0;
  for (const SinkModel &S : C.sinks())
    if (S.Prepares) {
      ++Prepares;
      EXPECT_EQ(llvm::StringRef(S.Member).take_front(7), "prepare") << S.Line;
    }
  EXPECT_GE(Prepares, 4u);
  EXPECT_GE(C.binds().size(), 3u);
  // A malformed row is refused with its form.
  ModelCatalog Bad;
  std::vector<std::string> Errors;
  Bad.parse("x.models",
            "library l cql com.x\nbind l PreparedStatement\ncall l S m 0 prepared\n",
            Errors);
  ASSERT_EQ(Errors.size(), 2u);
  EXPECT_NE(Errors[0].find("bind LIBRARY TYPE METHOD"), std::string::npos);
}

/// The one statement of \p Body, a Java driver 4 class's members.
ExecutionFacts facts4(const std::string &Body) {
  std::string Src =
      "import com.datastax.oss.driver.api.core.CqlSession;\n"
      "import com.datastax.oss.driver.api.core.ConsistencyLevel;\n"
      "import com.datastax.oss.driver.api.core.cql.*;\n"
      "class A {\n" + Body + "\n}\n";
  FileExtraction X =
      extractFile(HostLanguage::Java, FileId{1}, Src, nullptr, ExtractOptions());
  EXPECT_EQ(X.Snippets.size(), 1u) << Src;
  return X.Snippets.empty() ? ExecutionFacts() : X.Snippets[0].Execution;
}

bool profileKnown(const ExecutionFacts &F) {
  return F.ConfigProfile && F.ConfigProfile->Known;
}

const char *const Field =
    "  private final CqlSession session;\n"
    "  private final PreparedStatement byKey;\n"
    "  A(CqlSession s) { session = s; byKey = s.prepare(\"SELECT * FROM ks.t "
    "WHERE k = ?\"); }\n";

TEST(PreparedStatements, EverySiteAgreeingGivesTheLevel) {
  ExecutionFacts F = facts4(std::string(Field) +
      "  Object f(int k) { return session.execute(byKey.bind(k).setConsistencyLevel(ConsistencyLevel.LOCAL_ONE)); }\n"
      "  Object g(int k) { BoundStatement b = byKey.bind(k).setConsistencyLevel(ConsistencyLevel.LOCAL_ONE); return session.execute(b); }");
  ASSERT_TRUE(F.Consistency);
  EXPECT_EQ(F.Consistency->Level, "LOCAL_ONE");
  EXPECT_TRUE(profileKnown(F));
  // No site sets one: the configuration's default profile applies.
  F = facts4(std::string(Field) +
      "  Object f(int k) { return session.execute(byKey.bind(k)); }\n"
      "  String q() { return byKey.getQuery(); }");
  EXPECT_FALSE(F.Consistency);
  ASSERT_TRUE(profileKnown(F));
  EXPECT_EQ(F.ConfigProfile->Name, "");
  // Every site picks the same profile.
  F = facts4(std::string(Field) +
      "  Object f(int k) { return session.execute(byKey.bind(k).setExecutionProfileName(\"slow\")); }");
  ASSERT_TRUE(profileKnown(F));
  EXPECT_EQ(F.ConfigProfile->Name, "slow");
}

TEST(PreparedStatements, SitesThatDifferAreUnknown) {
  // Two levels: neither is the statement's.
  ExecutionFacts F = facts4(std::string(Field) +
      "  Object f(int k) { return session.execute(byKey.bind(k).setConsistencyLevel(ConsistencyLevel.ALL)); }\n"
      "  Object g(int k) { return session.execute(byKey.bind(k).setConsistencyLevel(ConsistencyLevel.ONE)); }");
  ASSERT_TRUE(F.Consistency);
  EXPECT_EQ(F.Consistency->Level, ""); // set at run time: no default fills it
  dropRunTimeFacts(F);
  EXPECT_FALSE(F.Consistency);
  // One site sets ALL, the other runs at the configuration's level.
  F = facts4(std::string(Field) +
      "  Object f(int k) { return session.execute(byKey.bind(k).setConsistencyLevel(ConsistencyLevel.ALL)); }\n"
      "  Object g(int k) { return session.execute(byKey.bind(k)); }");
  ASSERT_TRUE(F.Consistency);
  EXPECT_EQ(F.Consistency->Level, "");
  // Two profiles.
  F = facts4(std::string(Field) +
      "  Object f(int k) { return session.execute(byKey.bind(k).setExecutionProfileName(\"slow\")); }\n"
      "  Object g(int k) { return session.execute(byKey.bind(k)); }");
  EXPECT_FALSE(profileKnown(F));
}

TEST(PreparedStatements, AHolderNotFollowedLeavesItUnknown) {
  const char *const Uses[] = {
      // passed on: bound where it is not seen
      "  Object f(Helper h) { return h.run(byKey); }\n"
      "  Object g(int k) { return session.execute(byKey.bind(k).setConsistencyLevel(ConsistencyLevel.ONE)); }",
      // returned
      "  PreparedStatement get() { return byKey; }\n"
      "  Object g(int k) { return session.execute(byKey.bind(k).setConsistencyLevel(ConsistencyLevel.ONE)); }",
      // given another statement
      "  void reset(PreparedStatement other) { byKey = other; }\n"
      "  Object g(int k) { return session.execute(byKey.bind(k).setConsistencyLevel(ConsistencyLevel.ONE)); }",
      // shadowed by a parameter of that name
      "  Object g(PreparedStatement byKey, int k) { return session.execute(byKey.bind(k).setConsistencyLevel(ConsistencyLevel.ONE)); }",
      // another object's field of that name
      "  Object g(A other, int k) { return session.execute(other.byKey.bind(k).setConsistencyLevel(ConsistencyLevel.ONE)); }",
      // never bound in the class
      "  void nothing() {}",
  };
  for (const char *U : Uses) {
    ExecutionFacts F = facts4(std::string(Field) + U);
    dropRunTimeFacts(F);
    EXPECT_FALSE(F.Consistency) << U;
    EXPECT_FALSE(profileKnown(F)) << U;
  }
  // A field other classes may reach.
  ExecutionFacts F = facts4(
      "  CqlSession session;\n"
      "  final PreparedStatement byKey;\n"
      "  A(CqlSession s) { session = s; byKey = s.prepare(\"SELECT * FROM ks.t WHERE k = ?\"); }\n"
      "  Object g(int k) { return session.execute(byKey.bind(k).setConsistencyLevel(ConsistencyLevel.ONE)); }");
  EXPECT_FALSE(F.Consistency);
  EXPECT_FALSE(profileKnown(F));
  // A field of a class nested in it, of the same name.
  F = facts4(std::string(Field) +
      "  static class B { private PreparedStatement byKey; }\n"
      "  Object g(int k) { return session.execute(byKey.bind(k).setConsistencyLevel(ConsistencyLevel.ONE)); }");
  EXPECT_FALSE(F.Consistency);
  EXPECT_FALSE(profileKnown(F));
}

TEST(PreparedStatements, LocalsConstantsAndChains) {
  // A local, through a constant text.
  ExecutionFacts F = facts4(
      "  private static final String Q = \"SELECT * FROM ks.t WHERE k = ?\";\n"
      "  Object f(CqlSession s, int k) { PreparedStatement p = s.prepare(Q);\n"
      "    return s.execute(p.boundStatementBuilder(k).setPageSize(100).build()); }");
  ASSERT_TRUE(F.PageSize);
  EXPECT_EQ(F.PageSize->Rows, 100);
  // Bound on its own chain: what runs is seen there.
  F = facts4("  Object f(CqlSession s) { return s.execute(s.prepare(\"SELECT * FROM ks.t WHERE k = 1\").bind()"
             ".setConsistencyLevel(ConsistencyLevel.QUORUM)); }");
  ASSERT_TRUE(F.Consistency);
  EXPECT_EQ(F.Consistency->Level, "QUORUM");
  EXPECT_TRUE(profileKnown(F));
  // Prepared and not followed (a future): unknown profile.
  F = facts4("  Object f(CqlSession s) { return s.prepareAsync(\"SELECT * FROM ks.t WHERE k = ?\")"
             ".thenApply(p -> s.execute(p.bind(1))); }");
  EXPECT_FALSE(profileKnown(F));
}

TEST(PreparedStatements, Driver3PreparedLevelIsTheBindsDefault) {
  auto Facts3 = [](const std::string &Body) {
    std::string Src = "import com.datastax.driver.core.*;\nclass A {\n" +
                      Body + "\n}\n";
    FileExtraction X = extractFile(HostLanguage::Java, FileId{1}, Src, nullptr,
                                   ExtractOptions());
    EXPECT_EQ(X.Snippets.size(), 1u) << Src;
    return X.Snippets.empty() ? ExecutionFacts() : X.Snippets[0].Execution;
  };
  const char *Prep =
      "  private PreparedStatement ps;\n"
      "  private Session s;\n"
      "  void init() { ps = s.prepare(\"SELECT * FROM ks.t WHERE k = ?\"); "
      "ps.setConsistencyLevel(ConsistencyLevel.QUORUM); }\n";
  ExecutionFacts F = Facts3(std::string(Prep) +
                            "  Object f() { return s.execute(ps.bind(1)); }");
  ASSERT_TRUE(F.Consistency);
  EXPECT_EQ(F.Consistency->Level, "QUORUM");
  // A bind's own level wins over the prepared statement's, per site.
  F = Facts3(std::string(Prep) +
             "  Object f() { return s.execute(ps.bind(1).setConsistencyLevel(ConsistencyLevel.ALL)); }\n"
             "  Object g() { return s.execute(ps.bind(2)); }");
  dropRunTimeFacts(F);
  EXPECT_FALSE(F.Consistency);
}

} // namespace

namespace {

TEST(PreparedStatements, ADroppedCopySetsNothing) {
  // Driver 4's statements are immutable: `st.setConsistencyLevel(..);`
  // makes a copy nobody runs (aws-samples' throttler test did so).
  ExecutionFacts F = facts4(
      "  Object f(CqlSession s) { PreparedStatement t = s.prepare(\"SELECT * FROM ks.t WHERE k = ?\");\n"
      "    BoundStatement st = t.bind(1);\n"
      "    st.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM);\n"
      "    return s.execute(st); }");
  EXPECT_FALSE(F.Consistency);
  EXPECT_TRUE(profileKnown(F));
  // Reassigned, it is the statement's.
  F = facts4(
      "  Object f(CqlSession s) { PreparedStatement t = s.prepare(\"SELECT * FROM ks.t WHERE k = ?\");\n"
      "    BoundStatement st = t.bind(1);\n"
      "    st = st.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM);\n"
      "    return s.execute(st); }");
  ASSERT_TRUE(F.Consistency);
  EXPECT_EQ(F.Consistency->Level, "LOCAL_QUORUM");
}

TEST(PreparedStatements, HostileClasses) {
  // Thousands of bind sites: each read once; two levels: unknown.
  std::string Body = Field;
  for (int I = 0; I < 3000; ++I)
    Body += "  Object f" + std::to_string(I) +
            "(int k) { return session.execute(byKey.bind(k).setConsistencyLevel(ConsistencyLevel." +
            (I % 2 ? "ONE" : "ALL") + ")); }\n";
  ExecutionFacts F = facts4(Body);
  dropRunTimeFacts(F);
  EXPECT_FALSE(F.Consistency);
  // A prepare with no holder, in a deep expression: unknown, no crash.
  std::string Deep = "  Object f(CqlSession s) { return ";
  for (int I = 0; I < 200; ++I)
    Deep += "(";
  Deep += "s.prepare(\"SELECT * FROM ks.t WHERE k = ?\")";
  for (int I = 0; I < 200; ++I)
    Deep += ")";
  Deep += "; }";
  F = facts4(Deep);
  EXPECT_FALSE(profileKnown(F));
}

TEST(PreparedStatements, AWrapperThatRunsItHidesTheProfile) {
  // glowroot's DAOs bind into their own Session wrapper, which picks the
  // execution profile: the sites' serial level counts, the profile not.
  ExecutionFacts F = facts4(
      "  private final Dao session;\n"
      "  private final PreparedStatement insertPS;\n"
      "  A(Dao s) { session = s; insertPS = s.prepare(\"INSERT INTO ks.t (k) VALUES (?) IF NOT EXISTS\"); }\n"
      "  Object f(int k) { BoundStatement b = insertPS.bind(k);\n"
      "    b = b.setSerialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL);\n"
      "    return session.updateAsync(b, Profile.web); }");
  ASSERT_TRUE(F.SerialConsistency);
  EXPECT_EQ(F.SerialConsistency->Level, "LOCAL_SERIAL");
  EXPECT_FALSE(profileKnown(F));
}

} // namespace
