//===- DriverConfigBuilds.h - What build files say about a classpath -*- C++ -*-===//
//
// Java driver 4 reads `application.conf` from the classpath of the running
// application, which holds the resources of every module the application
// depends on, and its own. Which modules depend on which, and where a
// module keeps its resources, is written in its build files; these readers
// take from them only what is spelled out literally:
//
//   - Gradle `build.gradle` / `build.gradle.kts`: the `project(":a:b")`
//     (or `project(path: ":a")`) dependencies of a top-level
//     `dependencies { }` block, with their configuration; the resource
//     folders of `sourceSets { main { resources { srcDir(s) ... } } }`;
//     that a `subprojects { }` / `allprojects { }` block declares module
//     dependencies or resources for other projects (not which);
//   - Gradle `settings.gradle` / `settings.gradle.kts`: the projects it
//     `include`s (`includeFlat`) and the `projectDir` it gives them with
//     `file("...")`;
//   - Maven `pom.xml`: its groupId (or its parent's) and artifactId, its
//     `<dependencies>`, `<modules>`, and `<build><resources>` /
//     `<testResources>`; the dependencies a `<profile>` adds, flagged as
//     conditional, and that a profile moves resources (unknown where).
//
// Anything computed (an interpolated string, a variable, a type-safe
// `projects.x` accessor, a `${property}`) is recorded as unknown, never
// guessed. No build file is evaluated: there is no Groovy, Kotlin or
// Maven model here, and a malformed file yields what was read before the
// damage, or nothing.
//
// src/driver/BuildModules.cpp joins the files of a tree into modules.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_DRIVERCONFIGBUILDS_H
#define NOSQLINT_EXTRACT_DRIVERCONFIGBUILDS_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace nosqlint::extract {

enum class BuildFileKind { GradleBuild, GradleSettings, MavenPom };

/// The kind of build file \p Path names, by its file name.
std::optional<BuildFileKind> buildFileKind(llvm::StringRef Path);

/// A dependency on another module of the same build, as written.
struct ModuleDependency {
  /// Gradle: the project path (`:a:b`). Maven: `groupId:artifactId`.
  std::string Target;
  /// On the runtime classpath of the module that declares it: Gradle
  /// `implementation`, `api`, `compile`, `runtime`, `runtimeOnly`; Maven
  /// scope compile or runtime, not optional. A test, compile-only or
  /// other configuration is kept with Runtime false.
  bool Runtime = false;
  /// Maven: declared in a `<profile>`, on the classpath only when the
  /// profile is active (a fact of the build's command line).
  bool Conditional = false;
};

/// Where a module's resources of one source set are, relative to the build
/// file's folder.
struct ResourceFolders {
  std::vector<std::string> Folders;
  /// The folders replace `src/<set>/resources` (Maven `<resources>`,
  /// Gradle `srcDirs = [...]`), instead of adding to it.
  bool ReplacesDefault = false;
  /// A folder the reader cannot spell out: where the resources are is
  /// unknown.
  bool Unknown = false;
};

struct BuildFileFacts {
  BuildFileKind Kind = BuildFileKind::GradleBuild;
  std::vector<ModuleDependency> Dependencies;
  /// A dependency on a module whose name is computed (Gradle
  /// `project(name)`, `projects.x`; Maven `${...}`): which modules this
  /// one depends on is not all known.
  bool ComputedDependencies = false;
  ResourceFolders MainResources, TestResources;
  /// Gradle `subprojects { }` (Subprojects), `allprojects { }`,
  /// `configure(..) { }` or `project(":x") { }` (AllProjects) blocks that
  /// declare module dependencies (`project(..)` in a `dependencies` block)
  /// or resource folders: the projects they configure, those in folders
  /// below this build file's (and this one, for AllProjects), have
  /// dependencies or resources not all known.
  struct OtherProjects {
    bool Dependencies = false, Resources = false;
  } Subprojects, AllProjects;
  /// The folder of the test sources when the build file moves it (Maven
  /// `<build><testSourceDirectory>`), relative to the build file's folder.
  std::optional<std::string> TestSources;

  // Maven: the coordinates (empty when computed or absent; the groupId
  // falls back to the parent's) and the folders of `<modules>`.
  std::string GroupId, ArtifactId;
  std::vector<std::string> Modules;

  // Gradle settings: project path -> its folder, relative to the
  // settings file's folder (`:a:b` -> `a/b` unless `projectDir` says).
  std::vector<std::pair<std::string, std::string>> Projects;
  /// An `include` or a `projectDir` the reader cannot spell out.
  bool ComputedProjects = false;
};

/// The readers never fail: a malformed or hostile text gives what could be
/// read (possibly nothing), in time linear in its size.
BuildFileFacts readGradleBuild(llvm::StringRef Text);
BuildFileFacts readGradleSettings(llvm::StringRef Text);
BuildFileFacts readMavenPom(llvm::StringRef Text);
BuildFileFacts readBuildFile(BuildFileKind Kind, llvm::StringRef Text);

} // namespace nosqlint::extract

#endif
