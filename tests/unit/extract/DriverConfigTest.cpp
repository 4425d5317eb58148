//===- DriverConfigTest.cpp - Execution profiles in a driver's config file ===//
#include "HoconValues.h"

#include "nosqlint/Extract/DriverConfig.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::extract;

namespace {

/// The facts of profile \p Profile (empty: the default) of \p Text.
ExecutionFacts facts(llvm::StringRef Text, llvm::StringRef Profile = "") {
  std::vector<DriverConfigFile> C = readDriverConfig(FileId{1}, Text);
  if (C.size() != 1)
    return ExecutionFacts();
  EXPECT_EQ(C[0].Library, "datastax-java-driver-4");
  return profileFacts(C[0], Profile);
}

std::string level(const ExecutionFacts &F) {
  return F.Consistency ? F.Consistency->Level : std::string("-");
}

TEST(HoconValues, PathsOfTheForms) {
  std::vector<std::string> Paths;
  forEachHoconValue("a { b.c = 1, d: \"x\" }\n"
                    "e = { f = [1, {g = 2}], h = y } // c\n"
                    "include \"other\"\n"
                    "\"q.r\" = 3\n"
                    "{ \"j\": { \"k\": true } }\n",
                    [&](const HoconValue &V) { Paths.push_back(V.Path); });
  std::vector<std::string> Want = {"a.b.c", "a.d", "e.h", "q.r", "j.k"};
  EXPECT_EQ(Paths, Want);
}

TEST(HoconValues, Concatenations) {
  std::vector<bool> Flags;
  forEachHoconValue("a = \"x\" ${y}\nb = \"x\" # c\nc = ALL, d = ONE\n",
                    [&](const HoconValue &V) { Flags.push_back(V.Concatenated); });
  std::vector<bool> Want = {true, false, false, false};
  EXPECT_EQ(Flags, Want);
}

TEST(DriverConfig, TheDefaultProfile) {
  ExecutionFacts F = facts("datastax-java-driver {\n"
                           "  basic.request {\n"
                           "    consistency = LOCAL_QUORUM\n"
                           "    serial-consistency = \"LOCAL_SERIAL\"\n"
                           "    page-size = 0\n"
                           "  }\n"
                           "}\n");
  EXPECT_EQ(level(F), "LOCAL_QUORUM");
  EXPECT_EQ(F.Consistency->Scope, SettingScope::Profile);
  ASSERT_TRUE(F.SerialConsistency);
  EXPECT_EQ(F.SerialConsistency->Level, "LOCAL_SERIAL");
  ASSERT_TRUE(F.PageSize);
  EXPECT_TRUE(F.PageSize->Disabled);
  // The range is the value's, in the file.
  llvm::StringRef T = "datastax-java-driver.basic.request.consistency = ALL";
  ExecutionFacts G = facts(T);
  ASSERT_TRUE(G.Consistency);
  EXPECT_EQ(T.slice(G.Consistency->Range.Begin, G.Consistency->Range.End), "ALL");
}

TEST(DriverConfig, NamedProfilesInheritTheDefault) {
  llvm::StringRef T = "datastax-java-driver {\n"
                      "  basic.request.consistency = ALL\n"
                      "  basic.request.page-size = 100\n"
                      "  profiles {\n"
                      "    oltp { basic.request { consistency = ONE, timeout = 1 second } }\n"
                      "  }\n"
                      "}\n";
  ExecutionFacts F = facts(T, "oltp");
  EXPECT_EQ(level(F), "ONE");
  ASSERT_TRUE(F.PageSize); // inherited
  EXPECT_EQ(F.PageSize->Rows, 100);
  // A profile the file does not define is unknown.
  EXPECT_TRUE(facts(T, "other").empty());
}

TEST(DriverConfig, OnlyWhatIsWrittenOut) {
  EXPECT_TRUE(facts("datastax-java-driver.basic.request.consistency = ${?CL}").empty());
  EXPECT_TRUE(facts("datastax-java-driver.basic.request.consistency = local_quorum").empty());
  EXPECT_TRUE(facts("datastax-java-driver.basic.request.consistency = \"AL\" \"L\"").empty());
  EXPECT_TRUE(facts("datastax-java-driver.basic.request.page-size = 5k").empty());
  EXPECT_TRUE(facts("other.basic.request.consistency = ALL").empty());
  // The properties form.
  EXPECT_EQ(level(facts("datastax-java-driver.basic.request.consistency=QUORUM\n")),
            "QUORUM");
  // The later of two settings wins, as in HOCON.
  EXPECT_EQ(level(facts("datastax-java-driver.basic.request.consistency = ONE\n"
                        "datastax-java-driver.basic.request.consistency = TWO\n")),
            "TWO");
  // A later value known only at run time replaces the earlier one.
  EXPECT_TRUE(facts("datastax-java-driver.basic.request.consistency = ONE\n"
                    "datastax-java-driver.basic.request.consistency = ${?CL}\n")
                  .empty());
}

TEST(DriverConfig, AProfileWithOtherKeysTakesTheDefaults) {
  const char *T = "datastax-java-driver {\n"
                  "  basic.request.consistency = QUORUM\n"
                  "  profiles { slow { basic.request.timeout = 600 seconds } }\n"
                  "}\n";
  EXPECT_EQ(level(facts(T, "slow")), "QUORUM");
  EXPECT_TRUE(facts(T, "fast").empty());
  // A profile's level from the environment is not the default's.
  EXPECT_TRUE(facts("datastax-java-driver.basic.request.consistency = ONE\n"
                    "datastax-java-driver.profiles.env.basic.request.consistency = ${?CL}\n",
                    "env")
                  .empty());
}

TEST(DriverConfig, AnUnknownValueHidesTheOneUnderIt) {
  std::vector<DriverConfigFile> App = readDriverConfig(
      FileId{1}, "datastax-java-driver.basic.request.consistency = ${?CL}");
  std::vector<DriverConfigFile> Ref = readDriverConfig(
      FileId{2}, "datastax-java-driver.basic.request { consistency = ONE\n page-size = 10 }");
  ASSERT_EQ(App.size(), 1u);
  ASSERT_EQ(Ref.size(), 1u);
  ExecutionFacts F = profileFacts(layerDriverConfig(App[0], Ref[0]), "");
  EXPECT_FALSE(F.Consistency);
  ASSERT_TRUE(F.PageSize);
  EXPECT_EQ(F.PageSize->Rows, 10);
}

TEST(DriverConfig, AnIncludedFileMaySetAnyFact) {
  // `include` reads a file not followed here: what it sets is unknown, also
  // over what is written before it, and it hides reference.conf's.
  std::vector<DriverConfigFile> App = readDriverConfig(
      FileId{1}, "datastax-java-driver.basic.request.page-size = 10\n"
                 "include \"cassandra\"\n"
                 "datastax-java-driver.basic.request.serial-consistency = SERIAL\n"
                 "datastax-java-driver.profiles.slow.basic.request.timeout = 5s\n");
  std::vector<DriverConfigFile> Ref = readDriverConfig(
      FileId{2}, "datastax-java-driver.basic.request { consistency = ONE\n page-size = 10 }");
  ASSERT_EQ(App.size(), 1u);
  ASSERT_EQ(Ref.size(), 1u);
  DriverConfigFile L = layerDriverConfig(App[0], Ref[0]);
  ExecutionFacts F = profileFacts(L, "");
  EXPECT_FALSE(F.Consistency);
  EXPECT_FALSE(F.PageSize);
  ASSERT_TRUE(F.SerialConsistency); // written after the include
  EXPECT_EQ(F.SerialConsistency->Level, "SERIAL");
  ExecutionFacts Slow = profileFacts(L, "slow");
  EXPECT_FALSE(Slow.Consistency);
  EXPECT_FALSE(Slow.SerialConsistency);
  // A file that only includes another is a configuration of unknown facts.
  for (llvm::StringRef S : {"include required(classpath(\"driver.conf\"))",
                            "  include file(\"/etc/app.conf\")", "{ include \"a\" }"}) {
    EXPECT_TRUE(mayHoldDriverConfig(S)) << S.str();
    std::vector<DriverConfigFile> Only = readDriverConfig(FileId{3}, S);
    ASSERT_EQ(Only.size(), 1u) << S.str();
    EXPECT_TRUE(profileFacts(layerDriverConfig(Only[0], Ref[0]), "").empty())
        << S.str();
  }
  // Not an include: a key or a value of that name.
  for (llvm::StringRef S : {"includes = 1", "x = include"})
    EXPECT_FALSE(mayHoldDriverConfig(S)) << S.str();
}

TEST(DriverConfig, ApplicationOverReference) {
  std::vector<DriverConfigFile> App = readDriverConfig(
      FileId{1}, "datastax-java-driver.basic.request.consistency = ALL");
  std::vector<DriverConfigFile> Ref = readDriverConfig(
      FileId{2}, "datastax-java-driver { basic.request { consistency = ONE, "
                 "page-size = 10 } }\n"
                 "datastax-java-driver.profiles.p.basic.request.page-size = 20");
  ASSERT_EQ(App.size(), 1u);
  ASSERT_EQ(Ref.size(), 1u);
  DriverConfigFile L = layerDriverConfig(App[0], Ref[0]);
  ExecutionFacts D = profileFacts(L, "");
  EXPECT_EQ(level(D), "ALL");
  EXPECT_EQ(D.PageSize->Rows, 10);
  ExecutionFacts P = profileFacts(L, "p");
  EXPECT_EQ(level(P), "ALL"); // the layered default's
  EXPECT_EQ(P.PageSize->Rows, 20);
}

TEST(DriverConfig, HostileInputs) {
  for (llvm::StringRef S :
       {"datastax-java-driver {", "datastax-java-driver.basic.request.consistency = \"ALL",
        "datastax-java-driver = [[[[", "}}}}datastax-java-driver.basic.request.consistency=ALL",
        "datastax-java-driver.basic.request.consistency = \"\"\"ALL",
        "datastax-java-driver { profiles { . { basic.request.consistency = ALL } } }",
        "\"datastax-java-driver", "datastax-java-driver.basic.request.page-size = -99999999999999999999"}) {
    for (const DriverConfigFile &C : readDriverConfig(FileId{1}, S))
      for (const auto &[Name, F] : C.Profiles) {
        (void)Name;
        if (F.Consistency)
          EXPECT_LE(F.Consistency->Range.End, S.size()) << S.str();
      }
  }
  // Deep nesting and a long line: linear, and the deep value has no full
  // key path.
  std::string Deep = "datastax-java-driver {\n";
  for (int I = 0; I < 100000; ++I)
    Deep += "profiles {\n";
  Deep += "basic.request.consistency = ALL\n";
  Deep += std::string(1 << 20, '[');
  EXPECT_TRUE(readDriverConfig(FileId{1}, Deep).empty());
  std::string Wide = "datastax-java-driver {\n";
  for (int I = 0; I < 100000; ++I)
    Wide += "basic.request.consistency = ONE, ";
  Wide += "}\n";
  EXPECT_EQ(level(facts(Wide)), "ONE");
}

} // namespace
