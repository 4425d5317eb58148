//===- BuildFileFuzzer.cpp - Gradle and Maven build files -----------------===//
//
// Reads the input as a Gradle build script, a Gradle settings script and a
// Maven pom (extract/DriverConfigBuilds.h), then joins the three into
// modules (driver/BuildModules.h) as if they sat in one tree, and asks for
// every module's classpath, dependents and resource folders. Traps when a
// dependency edge leaves the modules or a walk misses its start. The same
// text is read as every kind of dependency manifest for the drivers it
// names (driver/DialectEvidence.h); an empty evidence string traps.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include "BuildModules.h"
#include "DialectEvidence.h"

#include "nosqlint/Extract/DriverConfigBuilds.h"

#include "llvm/ADT/STLExtras.h"

#include <cstdlib>

using namespace nosqlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (!fuzz::driverWouldRead(fuzz::asText(Data, Size)))
    return -1; // never read by nosqlint; keep it out of the corpus
  llvm::StringRef Text = fuzz::asText(Data, Size);
  std::vector<std::pair<std::string, extract::BuildFileFacts>> Files = {
      {"t/settings.gradle.kts", extract::readGradleSettings(Text)},
      {"t/app/build.gradle", extract::readGradleBuild(Text)},
      {"t/lib/pom.xml", extract::readMavenPom(Text)},
      {"t/app/pom.xml", extract::readMavenPom(Text)},
  };
  for (const char *Manifest :
       {"go.mod", "pyproject.toml", "requirements.txt", "pom.xml",
        "build.gradle", "build.sbt", "Cargo.toml", "package.json", "A.csproj"}) {
    driver::ManifestDrivers D = driver::driversIn(Manifest, Text);
    for (const std::string &E : D.ScyllaDb)
      if (E.empty())
        std::abort();
    for (const std::string &E : D.Cassandra)
      if (E.empty())
        std::abort();
  }
  driver::BuildModules Modules(Files);
  size_t N = Modules.modules().size();
  for (size_t M = 0; M < N; ++M) {
    const driver::BuildModule &Mod = Modules.modules()[M];
    for (size_t D : Mod.Runtime)
      if (D >= N || D == M)
        std::abort();
    std::vector<size_t> Up = Modules.dependents(M), Down = Modules.classpath(M);
    if (Up.empty() || Up.front() != M || Down.empty() || Down.front() != M)
      std::abort();
    (void)Modules.moduleOf(Mod.Folder + "/src/main/java/A.java");
    (void)Modules.isTestSource(Mod.Folder + "/testsrc/T.java");
    driver::BuildModules::Placement P{0, ""};
    for (const std::string &F : Mod.MainResources.Folders)
      if (Modules.roleOf(F, P) == driver::BuildModules::FolderRole::Resources &&
          P.Module >= N)
        std::abort();
    (void)Modules.roleOf(Mod.Folder + "/src/main/resources", P);
  }
  return 0;
}
