//===- BuildModulesTest.cpp - Build files and the modules they make -------===//
//
// The readers of extract/DriverConfigBuilds.h (literal forms read, computed
// ones unknown, hostile texts survived) and driver/BuildModules.h (edges,
// classpaths, resource folders).
//
//===----------------------------------------------------------------------===//
#include "BuildModules.h"

#include "nosqlint/Extract/DriverConfigBuilds.h"

#include <gtest/gtest.h>

using namespace nosqlint;
using namespace nosqlint::extract;
using nosqlint::driver::BuildModules;

namespace {

std::vector<std::string> targets(const BuildFileFacts &F, bool Runtime) {
  std::vector<std::string> T;
  for (const ModuleDependency &D : F.Dependencies)
    if (D.Runtime == Runtime)
      T.push_back(D.Target);
  return T;
}

using Strings = std::vector<std::string>;

TEST(GradleBuild, LiteralProjectDependencies) {
  BuildFileFacts F = readGradleBuild(R"txt(
plugins { id("x") }
dependencies {
    implementation(project(":a"))
    api(project(path = ":b:c"))
    compile project(':d')
    runtimeOnly project(path: ':e', configuration: 'default')
    "implementation"(project(":f"))
    testImplementation(project(":t"))
    compileOnly(project(":co"))
    implementation("g:a:1") // project(":comment")
    /* implementation(project(":block")) */
    implementation(files("project(:str)"))
}
)txt");
  EXPECT_EQ(targets(F, true), (Strings{":a", ":b:c", ":d", ":e", ":f"}));
  EXPECT_EQ(targets(F, false), (Strings{":t", ":co"}));
  EXPECT_FALSE(F.ComputedDependencies);
}

TEST(GradleBuild, ComputedPathsAreUnknown) {
  EXPECT_TRUE(readGradleBuild("dependencies { implementation(project(\":$n\")) }")
                  .ComputedDependencies);
  EXPECT_TRUE(readGradleBuild("dependencies { implementation(project(name)) }")
                  .ComputedDependencies);
  EXPECT_TRUE(readGradleBuild("dependencies { implementation(projects.core) }")
                  .ComputedDependencies);
  EXPECT_TRUE(readGradleBuild("dependencies { add(\"api\", project(\":a\")) }")
                  .ComputedDependencies);
  // Single quotes do not interpolate in Groovy.
  BuildFileFacts Single =
      readGradleBuild("dependencies { implementation project(':$odd') }");
  EXPECT_FALSE(Single.ComputedDependencies);
  EXPECT_EQ(targets(Single, true), (Strings{":$odd"}));
}

TEST(GradleBuild, OnlyTopLevelDependenciesBlocks) {
  // A subprojects block's dependencies are other projects'; a buildscript's
  // are the build's own classpath.
  BuildFileFacts F = readGradleBuild(R"txt(
buildscript { dependencies { classpath(project(":plugin")) } }
subprojects { dependencies { implementation(project(":common")) } }
dependencies { implementation(project(":mine")) }
)txt");
  EXPECT_EQ(targets(F, true), (Strings{":mine"}));
}

TEST(GradleBuild, BlocksThatConfigureOtherProjects) {
  // Module dependencies or resources given to other projects: flagged, not
  // followed; a library's coordinates or a plugin's classpath are not.
  BuildFileFacts F = readGradleBuild(R"txt(
buildscript { dependencies { classpath(project(":plugin")) } }
subprojects { dependencies { implementation(project(":common")) } }
allprojects { repositories { mavenCentral() } }
)txt");
  EXPECT_TRUE(F.Subprojects.Dependencies);
  EXPECT_FALSE(F.Subprojects.Resources);
  EXPECT_FALSE(F.AllProjects.Dependencies);
  F = readGradleBuild(R"txt(
subprojects { dependencies { testImplementation 'junit:junit:4.13' } }
allprojects { sourceSets { main { resources { srcDir 'conf' } } } }
)txt");
  EXPECT_FALSE(F.Subprojects.Dependencies);
  EXPECT_TRUE(F.AllProjects.Resources);
  F = readGradleBuild(R"txt(
configure(subprojects.findAll { it.name != 'x' }) {
  dependencies { api projects.core }
}
project(':app') { sourceSets.main.resources.srcDirs = ['etc'] }
)txt");
  EXPECT_TRUE(F.AllProjects.Dependencies);
  EXPECT_TRUE(F.AllProjects.Resources);
}

TEST(GradleSettings, IncludesAndFolders) {
  BuildFileFacts F = readGradleSettings(R"txt(
rootProject.name = "x"
include(":a", ":b:c")
include 'd', "e"
includeFlat 'sibling'
project(":a").projectDir = file("modules/a-dir")
project(':e').projectDir = new File(settingsDir, 'elsewhere')
)txt");
  std::vector<std::pair<std::string, std::string>> Want = {
      {":a", "modules/a-dir"}, {":b:c", "b/c"}, {":d", "d"},
      {":e", "elsewhere"},     {":sibling", "../sibling"}};
  EXPECT_EQ(F.Projects, Want);
  EXPECT_FALSE(F.ComputedProjects);
}

TEST(GradleSettings, ComputedIncludesAreUnknown) {
  EXPECT_TRUE(readGradleSettings("include(*names.toTypedArray())").ComputedProjects);
  EXPECT_TRUE(readGradleSettings("include \"$prefix-core\"").ComputedProjects);
  EXPECT_TRUE(readGradleSettings(
                  "rootProject.children.each { it.projectDir = file(it.name) }")
                  .ComputedProjects);
  EXPECT_FALSE(readGradleSettings("include(\":a\")").ComputedProjects);
}

TEST(MavenPom, CoordinatesDependenciesResources) {
  BuildFileFacts F = readMavenPom(R"txt(<?xml version="1.0"?>
<!-- <artifactId>commented</artifactId> -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <parent><groupId>com.acme</groupId><artifactId>parent</artifactId></parent>
  <artifactId>svc</artifactId>
  <modules><module>a</module><module>b</module></modules>
  <dependencyManagement><dependencies><dependency>
    <groupId>com.acme</groupId><artifactId>managed</artifactId>
  </dependency></dependencies></dependencyManagement>
  <dependencies>
    <dependency><groupId>com.acme</groupId><artifactId>dao</artifactId></dependency>
    <dependency><groupId>${project.groupId}</groupId><artifactId>common</artifactId>
      <scope>runtime</scope></dependency>
    <dependency><groupId>com.acme</groupId><artifactId>api</artifactId>
      <scope>test</scope></dependency>
    <dependency><groupId>com.acme</groupId><artifactId>opt</artifactId>
      <optional>true</optional></dependency>
  </dependencies>
  <build>
    <resources>
      <resource><directory>conf</directory></resource>
      <resource><directory>${project.basedir}/etc</directory></resource>
    </resources>
    <testResources><testResource><directory>testsrc/resources</directory></testResource></testResources>
  </build>
</project>)txt");
  EXPECT_EQ(F.GroupId, "com.acme");
  EXPECT_EQ(F.ArtifactId, "svc");
  EXPECT_EQ(F.Modules, (Strings{"a", "b"}));
  EXPECT_EQ(targets(F, true), (Strings{"com.acme:dao", "com.acme:common"}));
  EXPECT_EQ(targets(F, false), (Strings{"com.acme:api", "com.acme:opt"}));
  EXPECT_FALSE(F.ComputedDependencies);
  EXPECT_EQ(F.MainResources.Folders, (Strings{"conf", "etc"}));
  EXPECT_TRUE(F.MainResources.ReplacesDefault);
  EXPECT_FALSE(F.MainResources.Unknown);
  EXPECT_EQ(F.TestResources.Folders, (Strings{"testsrc/resources"}));
}

TEST(MavenPom, PropertiesAreUnknown) {
  BuildFileFacts F = readMavenPom(
      "<project><groupId>${g}</groupId><artifactId>a</artifactId>"
      "<dependencies><dependency><groupId>${other}</groupId>"
      "<artifactId>x</artifactId></dependency></dependencies>"
      "<build><resources><resource><directory>${res}</directory></resource>"
      "</resources></build></project>");
  EXPECT_EQ(F.GroupId, "");
  EXPECT_TRUE(F.ComputedDependencies);
  EXPECT_TRUE(F.Dependencies.empty());
  EXPECT_TRUE(F.MainResources.Unknown);
}

TEST(BuildFileKinds, ByName) {
  EXPECT_EQ(buildFileKind("a/build.gradle.kts"), BuildFileKind::GradleBuild);
  EXPECT_EQ(buildFileKind("settings.gradle"), BuildFileKind::GradleSettings);
  EXPECT_EQ(buildFileKind("x/pom.xml"), BuildFileKind::MavenPom);
  EXPECT_FALSE(buildFileKind("x/other.xml"));
  EXPECT_FALSE(buildFileKind("build.gradle.bak"));
}

// Hostile texts: nothing, or what came before the damage; never a crash.
TEST(BuildFilesHostile, DeepNestingAndDamage) {
  std::string Deep;
  for (int I = 0; I < 100000; ++I)
    Deep += "<a>";
  BuildFileFacts P = readMavenPom("<project><artifactId>x</artifactId>" + Deep);
  EXPECT_EQ(P.ArtifactId, ""); // too deep: left unread
  EXPECT_TRUE(P.Dependencies.empty());

  std::string Braces(200000, '{');
  EXPECT_TRUE(readGradleBuild(Braces).Dependencies.empty());
  // Deep blocks inside a subprojects block, then many names: the open
  // blocks are counted, not rescanned per name.
  std::string DeepOthers = "subprojects { dependencies " + std::string(100000, '{');
  for (int I = 0; I < 100000; ++I)
    DeepOthers += "x ";
  DeepOthers += "project(':a')";
  EXPECT_TRUE(readGradleBuild(DeepOthers).Subprojects.Dependencies);
  std::string Closers(200000, '}');
  EXPECT_TRUE(readGradleBuild(Closers + "dependencies { api(project(\":a\")) }")
                  .Dependencies.size() == 1);

  // Unterminated strings, comments, tags.
  EXPECT_TRUE(readGradleBuild("dependencies { api(project(\":a").Dependencies.empty());
  EXPECT_TRUE(readGradleBuild("dependencies { /* api(project(\":a\"))").Dependencies.empty());
  EXPECT_TRUE(readGradleSettings("include('''a").Projects.size() <= 1);
  EXPECT_TRUE(readMavenPom("<project><artifactId>x</artifact").ArtifactId.empty());
  EXPECT_TRUE(readMavenPom("<project><!-- <artifactId>x</artifactId>").ArtifactId.empty());
  EXPECT_EQ(readMavenPom("<project><artifactId><![CDATA[y]]></artifactId></project>")
                .ArtifactId,
            "y");
  // Stray and mismatched end tags are skipped.
  EXPECT_EQ(readMavenPom("<project></x><artifactId>z</artifactId></y></project>")
                .ArtifactId,
            "z");
  // Many tokens: linear.
  std::string Many = "dependencies {\n";
  for (int I = 0; I < 50000; ++I)
    Many += "implementation(project(\":m" + std::to_string(I % 7) + "\"))\n";
  Many += "}";
  EXPECT_EQ(readGradleBuild(Many).Dependencies.size(), 50000u);
  std::string Bytes;
  for (int I = 0; I < 4096; ++I)
    Bytes += static_cast<char>(I % 256);
  (void)readGradleBuild(Bytes);
  (void)readGradleSettings(Bytes);
  (void)readMavenPom(Bytes);
}

//===----------------------------------------------------------------------===//
// Modules
//===----------------------------------------------------------------------===//

using Files = std::vector<std::pair<std::string, BuildFileFacts>>;

size_t moduleIn(const BuildModules &M, llvm::StringRef Folder) {
  for (size_t I = 0; I < M.modules().size(); ++I)
    if (M.modules()[I].Folder == Folder)
      return I;
  ADD_FAILURE() << "no module " << Folder.str();
  return 0;
}

Strings folders(const BuildModules &M, const std::vector<size_t> &Ix) {
  Strings S;
  for (size_t I : Ix)
    S.push_back(M.modules()[I].Folder);
  std::sort(S.begin(), S.end());
  return S;
}

TEST(BuildModules, GradleEdgesThroughSettings) {
  Files F = {
      {"t/settings.gradle.kts",
       readGradleSettings("include(\":app\", \":lib\", \":deep\", \":x\")\n"
                          "include(\":lib:inner\")\n"
                          "project(\":x\").projectDir = file(\"mods/x\")")},
      {"t/app/build.gradle.kts",
       readGradleBuild("dependencies { implementation(project(\":lib\"))\n"
                       "implementation(project(\":x\"))\n"
                       "testImplementation(project(\":deep\")) }")},
      {"t/lib/build.gradle",
       readGradleBuild("dependencies { api project(':deep')\n"
                       // relative to :lib
                       "implementation project('inner') }")},
      {"t/deep/build.gradle.kts", readGradleBuild("")},
  };
  BuildModules M(F);
  size_t App = moduleIn(M, "t/app"), Deep = moduleIn(M, "t/deep");
  EXPECT_EQ(folders(M, M.classpath(App)),
            (Strings{"t/app", "t/deep", "t/lib", "t/lib/inner", "t/mods/x"}));
  EXPECT_EQ(folders(M, M.dependents(Deep)), (Strings{"t/app", "t/deep", "t/lib"}));
  EXPECT_FALSE(M.modules()[App].ComputedDependencies);
  EXPECT_EQ(M.moduleOf("t/mods/x/src/main/java/X.java"), moduleIn(M, "t/mods/x"));
  EXPECT_EQ(M.moduleOf("t/lib/src/main/java/L.java"), moduleIn(M, "t/lib"));
  EXPECT_EQ(M.moduleOf("t/README.md"), moduleIn(M, "t"));
  EXPECT_FALSE(M.moduleOf("elsewhere/A.java"));
}

TEST(BuildModules, GradleWithoutSettingsOrUnknownProject) {
  Files F = {
      {"a/build.gradle", readGradleBuild("dependencies { implementation project(':b') }")},
      {"b/build.gradle", readGradleBuild("")},
  };
  BuildModules M(F);
  EXPECT_TRUE(M.modules()[moduleIn(M, "a")].ComputedDependencies);
  EXPECT_EQ(M.classpath(moduleIn(M, "a")).size(), 1u);
}

TEST(BuildModules, MavenCoordinates) {
  auto Pom = [](const std::string &Artifact, const std::string &Deps) {
    return readMavenPom("<project><parent><groupId>g</groupId></parent><artifactId>" +
                        Artifact + "</artifactId><dependencies>" + Deps +
                        "</dependencies></project>");
  };
  auto Dep = [](const std::string &Artifact) {
    return "<dependency><groupId>g</groupId><artifactId>" + Artifact +
           "</artifactId></dependency>";
  };
  Files F = {
      {"svc/pom.xml", Pom("svc", Dep("dao") + Dep("twice") + Dep("junit"))},
      {"dao/pom.xml", Pom("dao", "")},
      {"one/pom.xml", Pom("twice", "")},
      {"two/pom.xml", Pom("twice", "")},
  };
  BuildModules M(F);
  size_t Svc = moduleIn(M, "svc");
  EXPECT_EQ(folders(M, M.classpath(Svc)), (Strings{"dao", "svc"}));
  // Two poms with one coordinate: which one is unknown.
  EXPECT_TRUE(M.modules()[Svc].ComputedDependencies);
}

TEST(BuildModules, OtherProjectsBlocksAndMavenProfiles) {
  Files F = {
      {"r/settings.gradle", readGradleSettings("include ':app', ':lib'")},
      {"r/build.gradle",
       readGradleBuild("subprojects { dependencies { implementation project(':lib') } }")},
      {"r/app/build.gradle", readGradleBuild("")},
      {"r/lib/build.gradle", readGradleBuild("")},
      {"s/build.gradle",
       readGradleBuild("allprojects { sourceSets { main { resources { srcDir 'x' } } } }")},
      {"s/sub/build.gradle", readGradleBuild("")},
  };
  BuildModules M(F);
  EXPECT_FALSE(M.modules()[moduleIn(M, "r")].ComputedDependencies);
  EXPECT_TRUE(M.modules()[moduleIn(M, "r/app")].ComputedDependencies);
  EXPECT_TRUE(M.modules()[moduleIn(M, "r/lib")].ComputedDependencies);
  EXPECT_TRUE(M.modules()[moduleIn(M, "s")].MainResources.Unknown);
  EXPECT_TRUE(M.modules()[moduleIn(M, "s/sub")].MainResources.Unknown);
  EXPECT_FALSE(M.modules()[moduleIn(M, "r/app")].MainResources.Unknown);

  // A profile's dependency on a module of the run: on the classpath or
  // not, by the command line; one on a library: nothing; its resources:
  // unknown.
  BuildFileFacts Svc = readMavenPom(
      "<project><groupId>g</groupId><artifactId>svc</artifactId>"
      "<profiles><profile><id>p</id><dependencies>"
      "<dependency><groupId>g</groupId><artifactId>dao</artifactId></dependency>"
      "<dependency><groupId>org.x</groupId><artifactId>lib</artifactId></dependency>"
      "</dependencies></profile></profiles></project>");
  ASSERT_EQ(Svc.Dependencies.size(), 2u);
  EXPECT_TRUE(Svc.Dependencies[0].Conditional);
  EXPECT_FALSE(Svc.MainResources.Unknown);
  BuildFileFacts Lib = readMavenPom(
      "<project><groupId>g</groupId><artifactId>lib2</artifactId>"
      "<profiles><profile><dependencies>"
      "<dependency><groupId>org.x</groupId><artifactId>lib</artifactId></dependency>"
      "</dependencies><build><resources><resource><directory>prod</directory>"
      "</resource></resources></build></profile></profiles></project>");
  EXPECT_TRUE(Lib.MainResources.Unknown);
  Files P = {{"svc/pom.xml", Svc},
             {"dao/pom.xml", readMavenPom("<project><groupId>g</groupId>"
                                          "<artifactId>dao</artifactId></project>")},
             {"lib2/pom.xml", Lib}};
  BuildModules PM(P);
  size_t S = moduleIn(PM, "svc");
  EXPECT_TRUE(PM.modules()[S].ComputedDependencies);
  EXPECT_EQ(PM.classpath(S).size(), 1u);
  EXPECT_FALSE(PM.modules()[moduleIn(PM, "lib2")].ComputedDependencies);
}

TEST(BuildModules, ResourceFolders) {
  Files F = {
      {"m/pom.xml", readMavenPom("<project><artifactId>m</artifactId><build>"
                                 "<resources><resource><directory>conf</directory>"
                                 "</resource></resources></build></project>")},
      {"n/pom.xml", readMavenPom("<project><artifactId>n</artifactId></project>")},
  };
  BuildModules M(F);
  BuildModules::Placement P{0, ""};
  EXPECT_EQ(M.roleOf("m/conf", P), BuildModules::FolderRole::Resources);
  EXPECT_EQ(P.Set, "main");
  EXPECT_EQ(M.roleOf("m/src/main/resources", P),
            BuildModules::FolderRole::OffClasspath);
  EXPECT_EQ(M.roleOf("n/src/main/resources", P), BuildModules::FolderRole::Resources);
  EXPECT_EQ(M.roleOf("n/src/test/resources", P), BuildModules::FolderRole::Resources);
  EXPECT_EQ(P.Set, "test");
  EXPECT_EQ(M.roleOf("n/conf", P), BuildModules::FolderRole::NotAResourceFolder);
  EXPECT_EQ(M.roleOf("x/src/main/resources", P),
            BuildModules::FolderRole::NotAResourceFolder);
}

TEST(BuildModules, CyclesTerminate) {
  Files F = {
      {"settings.gradle", readGradleSettings("include ':a', ':b'")},
      {"a/build.gradle", readGradleBuild("dependencies { implementation project(':b') }")},
      {"b/build.gradle", readGradleBuild("dependencies { implementation project(':a') }")},
  };
  BuildModules M(F);
  EXPECT_EQ(folders(M, M.classpath(moduleIn(M, "a"))), (Strings{"a", "b"}));
  EXPECT_EQ(folders(M, M.dependents(moduleIn(M, "a"))), (Strings{"a", "b"}));
}

} // namespace

namespace {

TEST(GradleBuild, SourceSetResources) {
  BuildFileFacts G = readGradleBuild(R"txt(
sourceSets {
    main {
        resources {
            srcDirs = ['conf', 'more']
        }
    }
    test { resources.srcDir 'testconf' }
    integrationTest { resources.srcDir 'it' }
}
java.srcDir 'notresources'
)txt");
  EXPECT_EQ(G.MainResources.Folders, (Strings{"conf", "more"}));
  EXPECT_TRUE(G.MainResources.ReplacesDefault);
  EXPECT_FALSE(G.MainResources.Unknown);
  EXPECT_EQ(G.TestResources.Folders, (Strings{"testconf"}));
  EXPECT_FALSE(G.TestResources.ReplacesDefault);

  BuildFileFacts K = readGradleBuild(R"txt(
sourceSets.main { resources.srcDir("extra") }
sourceSets["test"].resources.setSrcDirs(listOf("t1", file("t2")))
)txt");
  EXPECT_EQ(K.MainResources.Folders, (Strings{"extra"}));
  EXPECT_FALSE(K.MainResources.ReplacesDefault);
  EXPECT_EQ(K.TestResources.Folders, (Strings{"t1", "t2"}));
  EXPECT_TRUE(K.TestResources.ReplacesDefault);

  BuildFileFacts Named = readGradleBuild(
      "sourceSets { named(\"main\") { resources { srcDirs(\"a\", \"b\") } } }");
  EXPECT_EQ(Named.MainResources.Folders, (Strings{"a", "b"}));
  EXPECT_FALSE(Named.MainResources.Unknown);
}

TEST(GradleBuild, ComputedSourceSetResourcesAreUnknown) {
  EXPECT_TRUE(readGradleBuild("sourceSets { main { resources.srcDir \"$buildDir/x\" } }")
                  .MainResources.Unknown);
  EXPECT_TRUE(readGradleBuild("sourceSets { main { resources.srcDirs = dirs } }")
                  .MainResources.Unknown);
  EXPECT_TRUE(readGradleBuild("sourceSets.configureEach { resources.srcDir('x') }")
                  .MainResources.Unknown);
  EXPECT_TRUE(
      readGradleBuild("allprojects { sourceSets { main { resources.srcDir 'x' } } }")
          .MainResources.Unknown);
  EXPECT_TRUE(readGradleBuild("sourceSets.getByName(\"main\").resources.srcDir(\"x\")")
                  .MainResources.Unknown);
  // Resources of no source set, and a source set's Java folders: nothing.
  BuildFileFacts None = readGradleBuild(
      "sourceSets { main { java { srcDir 'gen' } } }\nprocessResources { from 'x' }");
  EXPECT_FALSE(None.MainResources.Unknown);
  EXPECT_TRUE(None.MainResources.Folders.empty());
}

TEST(BuildModules, GradleResourceFolders) {
  Files F = {
      {"g/build.gradle",
       readGradleBuild("sourceSets { main { resources { srcDirs = ['conf'] } } }")},
      {"h/build.gradle", readGradleBuild("sourceSets { main { resources.srcDir 'extra' } }")},
  };
  BuildModules M(F);
  BuildModules::Placement P{0, ""};
  EXPECT_EQ(M.roleOf("g/conf", P), BuildModules::FolderRole::Resources);
  EXPECT_EQ(M.roleOf("g/src/main/resources", P),
            BuildModules::FolderRole::OffClasspath);
  EXPECT_EQ(M.roleOf("h/extra", P), BuildModules::FolderRole::Resources);
  EXPECT_EQ(M.roleOf("h/src/main/resources", P), BuildModules::FolderRole::Resources);
}

} // namespace

namespace {

TEST(MavenPom, ResourceIncludesExcludesTargetPath) {
  BuildFileFacts F = readMavenPom(R"txt(<project><build><resources>
  <resource><directory>../</directory>
    <includes><include>LICENSE</include></includes></resource>
  <resource><directory>resources</directory>
    <includes><include>**/**</include></includes></resource>
  <resource><directory>conf</directory>
    <includes><include>*.conf</include></includes></resource>
  <resource><directory>nothing-conf</directory>
    <excludes><exclude>**/*.conf</exclude><exclude>*.json</exclude>
      <exclude>*.properties</exclude></excludes></resource>
  <resource><directory>deeper</directory><targetPath>config</targetPath></resource>
</resources></build></project>)txt");
  EXPECT_EQ(F.MainResources.Folders, (Strings{"resources", "conf"}));
  EXPECT_FALSE(F.MainResources.Unknown);
  EXPECT_TRUE(F.MainResources.ReplacesDefault);

  BuildFileFacts U = readMavenPom(
      "<project><build><resources><resource><directory>r</directory>"
      "<includes><include>${pattern}</include></includes>"
      "</resource></resources></build></project>");
  EXPECT_TRUE(U.MainResources.Unknown);
  BuildFileFacts NoDir = readMavenPom(
      "<project><build><resources><resource><filtering>true</filtering>"
      "</resource></resources></build></project>");
  EXPECT_TRUE(NoDir.MainResources.Unknown);
}

} // namespace

namespace {

TEST(BuildFilesHostile, PatternsThatWouldBacktrack) {
  std::string Stars;
  for (int I = 0; I < 2000; ++I)
    Stars += "*a";
  BuildFileFacts F = readMavenPom(
      "<project><build><resources><resource><directory>r</directory>"
      "<includes><include>" + Stars + "b</include></includes>"
      "</resource></resources></build></project>");
  EXPECT_TRUE(F.MainResources.Unknown);
}

} // namespace

namespace {

TEST(BuildModules, MovedTestSources) {
  Files F = {
      {"dao/pom.xml",
       readMavenPom("<project><artifactId>dao</artifactId><build>"
                    "<sourceDirectory>src</sourceDirectory>"
                    "<testSourceDirectory>testsrc</testSourceDirectory>"
                    "</build></project>")},
      {"svc/pom.xml", readMavenPom("<project><artifactId>svc</artifactId><build>"
                                   "<testSourceDirectory>${t}</testSourceDirectory>"
                                   "</build></project>")},
  };
  BuildModules M(F);
  EXPECT_TRUE(M.isTestSource("dao/testsrc/a/DaoTest.java"));
  EXPECT_FALSE(M.isTestSource("dao/src/a/Dao.java"));
  EXPECT_TRUE(M.isTestSource("svc/src/test/java/SvcTest.java"));
  EXPECT_FALSE(M.isTestSource("svc/t/SvcTest.java")); // computed: as before
}

} // namespace

namespace {

// A long chain of modules: every classpath and every set of dependents is
// walked once per module, no more.
TEST(BuildModulesHostile, LongChain) {
  const int N = 2000;
  std::string Settings;
  Files F;
  for (int I = 0; I < N; ++I) {
    Settings += "include ':m" + std::to_string(I) + "'\n";
    std::string Build = I + 1 < N ? "dependencies { implementation project(':m" +
                                        std::to_string(I + 1) + "') }"
                                  : "";
    F.emplace_back("m" + std::to_string(I) + "/build.gradle", readGradleBuild(Build));
  }
  F.emplace_back("settings.gradle", readGradleSettings(Settings));
  BuildModules M(F);
  size_t First = moduleIn(M, "m0"), Last = moduleIn(M, "m" + std::to_string(N - 1));
  EXPECT_EQ(M.classpath(First).size(), size_t(N));
  EXPECT_EQ(M.dependents(Last).size(), size_t(N));
  EXPECT_EQ(M.classpath(Last).size(), 1u);
}

} // namespace
