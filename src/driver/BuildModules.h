//===- BuildModules.h - The modules of a tree and their classpaths -*- C++ -*-===//
//
// The build files of a run (extract/DriverConfigBuilds.h) joined into
// modules: a module is the folder of a `build.gradle(.kts)` or `pom.xml`,
// or a project a `settings.gradle(.kts)` includes. A module depends on
// another through a literal Gradle `project(":a:b")` (resolved by the
// nearest settings file above it) or a Maven `<dependency>` whose
// groupId:artifactId is exactly one pom's of the run. Only runtime
// dependencies make edges: a test's, a compile-only one's classpath is not
// the application's. A dependency the files do not spell out, or that
// names no single module, marks the module's dependencies as not all
// known.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DRIVER_BUILDMODULES_H
#define NOSQLINT_DRIVER_BUILDMODULES_H

#include "nosqlint/Extract/DriverConfigBuilds.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace nosqlint::driver {

struct BuildModule {
  std::string Folder; // as the inputs spell it, dots removed
  std::vector<size_t> Runtime; // direct runtime dependencies
  bool ComputedDependencies = false;
  /// The resource folders of the main and test sets, in full; the default
  /// `src/<set>/resources` is among them unless a build file replaces it.
  extract::ResourceFolders MainResources, TestResources;
  /// Where a build file moved the test sources, in full.
  std::optional<std::string> TestSources;
};

class BuildModules {
public:
  /// \p Files: the path and the facts of every build file of the run.
  explicit BuildModules(
      const std::vector<std::pair<std::string, extract::BuildFileFacts>> &Files);

  const std::vector<BuildModule> &modules() const { return Modules; }
  /// The deepest module whose folder holds \p File.
  std::optional<size_t> moduleOf(llvm::StringRef File) const;
  /// \p File is a test source: under `src/test/`, or in the folder a build
  /// file names for its module's test sources.
  bool isTestSource(llvm::StringRef File) const;
  /// \p M and every module whose runtime classpath holds it, transitively.
  std::vector<size_t> dependents(size_t M) const;
  /// \p M's runtime classpath: \p M and its runtime dependencies,
  /// transitively.
  std::vector<size_t> classpath(size_t M) const;

  /// Where a configuration file in \p Folder sits on a classpath.
  struct Placement {
    size_t Module;
    std::string Set; // `main`, `test`, or another source set's name
  };
  enum class FolderRole { NotAResourceFolder, Resources, OffClasspath };
  /// Resources: \p Folder is a resource folder of a module (a relocated
  /// one, or the default `<module>/src/<set>/resources`). OffClasspath: it
  /// is the default folder of a set whose build file moved its resources
  /// elsewhere (or somewhere unknown). NotAResourceFolder: neither, or no
  /// module holds it.
  FolderRole roleOf(llvm::StringRef Folder, Placement &P) const;

private:
  size_t moduleAt(const std::string &Folder);
  std::vector<BuildModule> Modules;
  std::map<std::string, size_t> ByFolder;
  std::vector<std::vector<size_t>> Dependents; // the reverse edges
};

/// A path without `.` and `..` components, with forward slashes.
std::string normalizedPath(llvm::StringRef P);

/// \p File lies strictly inside \p Folder (an empty folder: any relative
/// path).
bool isUnderFolder(llvm::StringRef File, llvm::StringRef Folder);

} // namespace nosqlint::driver

#endif
