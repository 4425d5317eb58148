//===- DriverConfigBuilds.cpp - What build files say about a classpath ----===//
#include "nosqlint/Extract/DriverConfigBuilds.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace nosqlint::extract {

std::optional<BuildFileKind> buildFileKind(llvm::StringRef Path) {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  if (Name == "build.gradle" || Name == "build.gradle.kts")
    return BuildFileKind::GradleBuild;
  if (Name == "settings.gradle" || Name == "settings.gradle.kts")
    return BuildFileKind::GradleSettings;
  if (Name == "pom.xml")
    return BuildFileKind::MavenPom;
  return std::nullopt;
}

namespace {

//===----------------------------------------------------------------------===//
// Groovy and Kotlin build scripts, as tokens
//===----------------------------------------------------------------------===//

struct Token {
  enum Kinds { Ident, String, Punct, Other } Kind = Other;
  llvm::StringRef Text; // an identifier, a string's content, a punctuator
  bool Interpolated = false; // a "..." string with a `$`
  bool is(char C) const { return Kind == Punct && Text.size() == 1 && Text[0] == C; }
  bool isIdent(llvm::StringRef Name) const {
    return Kind == Ident && Text == Name;
  }
  /// A string the reader can take as written.
  bool isLiteral() const { return Kind == String && !Interpolated; }
};

bool isIdentStart(char C) {
  return llvm::isAlpha(C) || C == '_' || C == '$';
}
bool isIdentChar(char C) { return llvm::isAlnum(C) || C == '_' || C == '$'; }

/// Comments and whitespace dropped; a string's quotes taken off. An
/// unterminated comment or string runs to the end of the text (a one-line
/// string to the end of its line).
std::vector<Token> tokenize(llvm::StringRef T) {
  std::vector<Token> Tokens;
  size_t I = 0, N = T.size();
  while (I < N) {
    char C = T[I];
    if (llvm::isSpace(C)) {
      ++I;
      continue;
    }
    if (C == '/' && I + 1 < N && T[I + 1] == '/') {
      size_t E = T.find('\n', I);
      I = E == llvm::StringRef::npos ? N : E + 1;
      continue;
    }
    if (C == '/' && I + 1 < N && T[I + 1] == '*') {
      size_t E = T.find("*/", I + 2);
      I = E == llvm::StringRef::npos ? N : E + 2;
      continue;
    }
    Token Tok;
    if (C == '"' || C == '\'') {
      Tok.Kind = Token::String;
      llvm::StringRef Delim = C == '"' ? "\"\"\"" : "'''";
      bool Triple = T.substr(I, 3) == Delim;
      size_t Begin = I + (Triple ? 3 : 1), J = Begin;
      size_t End = N;
      bool Dollar = false;
      while (J < N) {
        if (T[J] == '\\') {
          J += 2;
          continue;
        }
        if (!Triple && T[J] == '\n') {
          End = J;
          break;
        }
        if (T[J] == '$')
          Dollar = true;
        if (T[J] == C && (!Triple || T.substr(J, 3) == Delim)) {
          End = J;
          break;
        }
        ++J;
      }
      End = std::min(End, N);
      Tok.Text = T.slice(Begin, End);
      Tok.Interpolated = C == '"' && Dollar;
      I = End >= N ? N : End + (Triple && T[End] == C ? 3 : 1);
      Tokens.push_back(Tok);
      continue;
    }
    if (C == '`') { // a Kotlin identifier in backticks
      size_t E = T.find('`', I + 1);
      E = E == llvm::StringRef::npos ? N : E;
      Tok.Kind = Token::Ident;
      Tok.Text = T.slice(I + 1, E);
      I = std::min(N, E + 1);
      Tokens.push_back(Tok);
      continue;
    }
    if (isIdentStart(C)) {
      size_t J = I + 1;
      while (J < N && isIdentChar(T[J]))
        ++J;
      Tok.Kind = Token::Ident;
      Tok.Text = T.slice(I, J);
      I = J;
      Tokens.push_back(Tok);
      continue;
    }
    if (llvm::isDigit(C)) {
      size_t J = I + 1;
      while (J < N && (llvm::isAlnum(T[J]) || T[J] == '.' || T[J] == '_'))
        ++J;
      Tok.Kind = Token::Other;
      Tok.Text = T.slice(I, J);
      I = J;
      Tokens.push_back(Tok);
      continue;
    }
    Tok.Kind = Token::Punct;
    Tok.Text = T.substr(I, 1);
    ++I;
    Tokens.push_back(Tok);
  }
  return Tokens;
}

const Token &at(const std::vector<Token> &Tokens, size_t I) {
  static const Token None;
  return I < Tokens.size() ? Tokens[I] : None;
}

bool isRuntimeConfiguration(llvm::StringRef Name) {
  return Name == "implementation" || Name == "api" || Name == "compile" ||
         Name == "runtime" || Name == "runtimeOnly";
}

/// `project(":x")` or `project(path: ":x", ...)` / `project(path = ":x")`
/// at \p I (the `project` token): the path, or none when it is computed.
std::optional<llvm::StringRef> projectPathAt(const std::vector<Token> &Tokens,
                                             size_t I) {
  const Token &First = at(Tokens, I + 2);
  if (First.isLiteral() &&
      (at(Tokens, I + 3).is(')') || at(Tokens, I + 3).is(',')))
    return First.Text;
  if (First.isIdent("path") &&
      (at(Tokens, I + 3).is(':') || at(Tokens, I + 3).is('=')) &&
      at(Tokens, I + 4).isLiteral() &&
      (at(Tokens, I + 5).is(')') || at(Tokens, I + 5).is(',')))
    return at(Tokens, I + 4).Text;
  return std::nullopt;
}

/// The configuration a `project(...)` at \p I is declared in:
/// `implementation project(':x')`, `implementation(project(":x"))`,
/// `"implementation"(project(":x"))`. None: `add(conf, project(...))` and
/// other computed forms.
std::optional<llvm::StringRef> configurationBefore(
    const std::vector<Token> &Tokens, size_t I) {
  if (I >= 1 && Tokens[I - 1].Kind == Token::Ident)
    return Tokens[I - 1].Text;
  if (I >= 2 && Tokens[I - 1].is('(') &&
      (Tokens[I - 2].Kind == Token::Ident || Tokens[I - 2].isLiteral()))
    return Tokens[I - 2].Text;
  return std::nullopt;
}

/// A Gradle project path in its absolute spelling when it is one; a
/// relative one (`project("x")`, resolved against the declaring project)
/// is kept as written.
std::string projectPath(llvm::StringRef P) { return P.trim().str(); }

} // namespace

namespace {

bool isOneOf(llvm::StringRef S, std::initializer_list<llvm::StringRef> Names) {
  return llvm::is_contained(llvm::ArrayRef<llvm::StringRef>(Names), S);
}

/// The names a block opened at \p Brace (a `{` token) is reached by:
/// `main {`, `sourceSets.main {`, `named("main") {`, `getByName("main") {`,
/// `sourceSets["main"] {`; empty for any other block (a closure argument,
/// a computed name).
std::vector<llvm::StringRef> blockLabels(const std::vector<Token> &Tokens,
                                         size_t Brace) {
  std::vector<llvm::StringRef> Labels;
  size_t I = Brace;
  auto Prev = [&](size_t Back) -> const Token & {
    return I >= Back ? Tokens[I - Back] : at(Tokens, Tokens.size());
  };
  // named("main") / getByName("main") / create("main")
  if (Prev(1).is(')') && Prev(2).isLiteral() && Prev(3).is('(') &&
      Prev(4).Kind == Token::Ident &&
      isOneOf(Prev(4).Text, {"named", "getByName", "maybeCreate", "create"})) {
    Labels.push_back(Prev(2).Text);
    I -= 4;
    if (!(Prev(1).is('.')))
      return Labels;
    --I;
  } else if (Prev(1).Kind != Token::Ident) {
    return Labels;
  } else {
    Labels.push_back(Prev(1).Text);
    --I;
  }
  // The chain before it: `a.b.main {`, `sourceSets["main"].x {`.
  while (Prev(1).is('.')) {
    if (Prev(2).Kind == Token::Ident) {
      Labels.push_back(Prev(2).Text);
      I -= 2;
    } else if (Prev(2).is(']') && Prev(3).isLiteral() && Prev(4).is('[') &&
               Prev(5).Kind == Token::Ident) {
      Labels.push_back(Prev(3).Text);
      Labels.push_back(Prev(5).Text);
      I -= 5;
    } else {
      Labels.clear(); // computed
      return Labels;
    }
  }
  std::reverse(Labels.begin(), Labels.end());
  return Labels;
}

/// The chain of names before the call at \p I: `resources.srcDir` gives
/// {resources}, `sourceSets["main"].resources.srcDir` {sourceSets, main,
/// resources}; none when part of it is computed.
std::optional<std::vector<llvm::StringRef>>
chainBefore(const std::vector<Token> &Tokens, size_t I) {
  std::vector<llvm::StringRef> Chain;
  while (I >= 2 && Tokens[I - 1].is('.')) {
    if (Tokens[I - 2].Kind == Token::Ident) {
      Chain.push_back(Tokens[I - 2].Text);
      I -= 2;
    } else if (I >= 5 && Tokens[I - 2].is(']') && Tokens[I - 3].isLiteral() &&
               Tokens[I - 4].is('[') && Tokens[I - 5].Kind == Token::Ident) {
      Chain.push_back(Tokens[I - 3].Text);
      Chain.push_back(Tokens[I - 5].Text);
      I -= 5;
    } else {
      // `getByName("main").resources.srcDir(..)`: computed, but named
      // resources all the same
      if (!Chain.empty() && Chain.front() == "resources")
        return std::vector<llvm::StringRef>{"?", "?", "resources"};
      return std::nullopt;
    }
  }
  std::reverse(Chain.begin(), Chain.end());
  return Chain;
}

/// The folders of `srcDir(...)`, `srcDirs = [...]`, `setSrcDirs(listOf(..))`
/// at \p I (the method's token) into \p R.
void readResourceFolders(const std::vector<Token> &Tokens, size_t I,
                         ResourceFolders &R) {
  llvm::StringRef Method = Tokens[I].Text;
  size_t J = I + 1;
  bool Replace = Method == "setSrcDirs";
  if (at(Tokens, J).is('=')) {
    if (Method != "srcDirs") {
      R.Unknown = true;
      return;
    }
    Replace = true;
    ++J;
  }
  // The argument list: up to the matching `)` or `]`, or, without either
  // (Groovy's `srcDir 'x'`, `srcDirs 'a', 'b'`), the strings and commas.
  bool Wrapped = at(Tokens, J).is('(') || at(Tokens, J).is('[');
  size_t Open = 0;
  std::vector<std::string> Folders;
  bool Known = true;
  for (; J < Tokens.size(); ++J) {
    const Token &A = Tokens[J];
    if (A.is('(') || A.is('[')) {
      ++Open;
      continue;
    }
    if (A.is(')') || A.is(']')) {
      if (Open == 0 || --Open == 0)
        break;
      continue;
    }
    if (A.is(',')) {
      continue;
    }
    if (A.isLiteral()) {
      Folders.push_back(A.Text.str());
      if (!Wrapped && !at(Tokens, J + 1).is(','))
        break;
      continue;
    }
    if (Wrapped && A.Kind == Token::Ident &&
        isOneOf(A.Text, {"listOf", "setOf", "arrayOf", "files", "file"}) &&
        at(Tokens, J + 1).is('('))
      continue;
    Known = false; // a variable, an interpolation, a call
    break;
  }
  if (!Known || Folders.empty()) {
    R.Unknown = true;
    return;
  }
  for (std::string &Folder : Folders) {
    if (llvm::sys::path::is_absolute(Folder)) {
      R.Unknown = true;
      return;
    }
    R.Folders.push_back(std::move(Folder));
  }
  R.ReplacesDefault |= Replace;
}

} // namespace

BuildFileFacts readGradleBuild(llvm::StringRef Text) {
  BuildFileFacts F;
  F.Kind = BuildFileKind::GradleBuild;
  std::vector<Token> Tokens = tokenize(Text);
  // The open blocks, each with the names it is reached by.
  std::vector<std::vector<llvm::StringRef>> Blocks;
  // Inside a top-level `dependencies {` block.
  bool InDependencies = false;
  // How many of the open blocks are `dependencies` / `resources` ones (kept
  // as they open and close: a deep nesting costs no rescans).
  int OpenDependencies = 0, OpenResources = 0;
  auto Count = [&](const std::vector<llvm::StringRef> &B, int By) {
    OpenDependencies += llvm::is_contained(B, "dependencies") ? By : 0;
    OpenResources += llvm::is_contained(B, "resources") ? By : 0;
  };
  for (size_t I = 0; I < Tokens.size(); ++I) {
    const Token &T = Tokens[I];
    if (T.is('{')) {
      Blocks.push_back(blockLabels(Tokens, I));
      Count(Blocks.back(), 1);
      continue;
    }
    if (T.is('}')) {
      if (!Blocks.empty()) {
        Count(Blocks.back(), -1);
        Blocks.pop_back();
      }
      if (Blocks.empty())
        InDependencies = false;
      continue;
    }
    if (Blocks.empty() && T.isIdent("dependencies") &&
        at(Tokens, I + 1).is('{') && !(I > 0 && Tokens[I - 1].is('.'))) {
      InDependencies = true;
      continue;
    }
    if (T.Kind != Token::Ident)
      continue;
    // A block that configures other projects: what it gives them is not
    // followed, only that it does.
    BuildFileFacts::OtherProjects *Others = nullptr;
    if (!Blocks.empty() && !InDependencies) {
      const std::vector<llvm::StringRef> &Outer = Blocks.front();
      if (Outer.size() == 1 && Outer[0] == "subprojects")
        Others = &F.Subprojects;
      else if (Outer.empty() || Outer[0] == "allprojects" ||
               Outer[0] == "configure")
        Others = &F.AllProjects; // also `configure(..) {`, `project(":x") {`
    }
    if (Others) {
      bool InDeps = OpenDependencies > 0;
      bool Call = at(Tokens, I + 1).is('(') && !(I > 0 && Tokens[I - 1].is('.'));
      if (InDeps && ((T.Text == "project" && Call) ||
                     (T.Text == "projects" && at(Tokens, I + 1).is('.'))))
        Others->Dependencies = true;
      if (T.Text == "srcDir" || T.Text == "srcDirs" || T.Text == "setSrcDirs")
        if (OpenResources > 0 ||
            (I > 1 && Tokens[I - 1].is('.') && Tokens[I - 2].isIdent("resources")))
          Others->Resources = true;
    }
    if (!InDependencies &&
        (T.Text == "srcDir" || T.Text == "srcDirs" || T.Text == "setSrcDirs")) {
      // sourceSets { main { resources { srcDir ... } } } and the dotted forms
      std::optional<std::vector<llvm::StringRef>> Chain = chainBefore(Tokens, I);
      std::vector<llvm::StringRef> Path;
      for (const std::vector<llvm::StringRef> &B : Blocks)
        llvm::append_range(Path, B);
      bool Labelled = llvm::all_of(
          Blocks, [](const std::vector<llvm::StringRef> &B) { return !B.empty(); });
      if (Chain)
        llvm::append_range(Path, *Chain);
      if (Path.empty() || Path.back() != "resources" ||
          !(llvm::is_contained(Path, "sourceSets") ||
            llvm::is_contained(Path, "?")))
        continue; // java.srcDir, another block's
      // Only this project's own `sourceSets { <set> { resources { .. } } }`
      // (or its dotted forms) is read; under another block, or with a
      // computed name, where the resources are is unknown.
      if (!Chain || !Labelled || Path.size() != 3 || Path[0] != "sourceSets") {
        F.MainResources.Unknown = true;
        continue;
      }
      if (Path[1] == "main")
        readResourceFolders(Tokens, I, F.MainResources);
      else if (Path[1] == "test")
        readResourceFolders(Tokens, I, F.TestResources);
      else if (isOneOf(Path[1], {"all", "configureEach", "matching", "each",
                                 "forEach", "withType"}))
        F.MainResources.Unknown = true; // every set, main among them
      continue; // another set's (integrationTest)
    }
    if (!InDependencies)
      continue;
    if (T.Text == "projects" && at(Tokens, I + 1).is('.')) {
      F.ComputedDependencies = true; // a type-safe project accessor
      continue;
    }
    if (T.Text != "project" || !at(Tokens, I + 1).is('(') ||
        (I > 0 && Tokens[I - 1].is('.')))
      continue;
    std::optional<llvm::StringRef> Path = projectPathAt(Tokens, I);
    std::optional<llvm::StringRef> Conf = configurationBefore(Tokens, I);
    if (!Path || !Conf) {
      F.ComputedDependencies = true;
      continue;
    }
    ModuleDependency D;
    D.Target = projectPath(*Path);
    D.Runtime = isRuntimeConfiguration(*Conf);
    F.Dependencies.push_back(std::move(D));
  }
  return F;
}

namespace {

/// `file("x")`, `File(rootDir, "x")`, `new File(settingsDir, 'x')` at
/// \p I: the folder, or none.
std::optional<llvm::StringRef> folderAt(const std::vector<Token> &Tokens,
                                        size_t I) {
  if (at(Tokens, I).isIdent("new"))
    ++I;
  if (at(Tokens, I).isIdent("file") && at(Tokens, I + 1).is('(') &&
      at(Tokens, I + 2).isLiteral() && at(Tokens, I + 3).is(')'))
    return at(Tokens, I + 2).Text;
  if (at(Tokens, I).isIdent("File") && at(Tokens, I + 1).is('(') &&
      (at(Tokens, I + 2).isIdent("rootDir") ||
       at(Tokens, I + 2).isIdent("settingsDir")) &&
      at(Tokens, I + 3).is(',') && at(Tokens, I + 4).isLiteral() &&
      at(Tokens, I + 5).is(')'))
    return at(Tokens, I + 4).Text;
  return std::nullopt;
}

/// `:a:b` (or `a:b`) -> `:a:b`.
std::string absoluteProjectPath(llvm::StringRef P) {
  P = P.trim();
  std::string Path = P.startswith(":") ? "" : ":";
  Path += P.str();
  return Path;
}

/// The default folder of project `:a:b`: `a/b`.
std::string defaultProjectFolder(llvm::StringRef Path) {
  std::string Folder;
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Path.split(Parts, ':', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Part : Parts) {
    if (!Folder.empty())
      Folder += '/';
    Folder += Part.str();
  }
  return Folder;
}

} // namespace

BuildFileFacts readGradleSettings(llvm::StringRef Text) {
  BuildFileFacts F;
  F.Kind = BuildFileKind::GradleSettings;
  std::vector<Token> Tokens = tokenize(Text);
  auto Project = [&F](const std::string &Path) -> std::string * {
    for (auto &[P, Folder] : F.Projects)
      if (P == Path)
        return &Folder;
    return nullptr;
  };
  for (size_t I = 0; I < Tokens.size(); ++I) {
    const Token &T = Tokens[I];
    if (T.Kind != Token::Ident)
      continue;
    bool Member = I > 0 && Tokens[I - 1].is('.');
    if (!Member && (T.Text == "include" || T.Text == "includeFlat")) {
      bool Flat = T.Text == "includeFlat";
      size_t J = I + 1;
      bool Paren = at(Tokens, J).is('(');
      if (Paren)
        ++J;
      bool Any = false;
      while (J < Tokens.size()) {
        const Token &A = Tokens[J];
        if (!A.isLiteral()) {
          // `include(*names)`, `include "$x"`, a loop's variable.
          if (!(Paren && A.is(')') && Any))
            F.ComputedProjects = true;
          break;
        }
        Any = true;
        std::string Path = absoluteProjectPath(A.Text);
        if (!Project(Path))
          F.Projects.emplace_back(
              Path, Flat ? "../" + defaultProjectFolder(Path)
                         : defaultProjectFolder(Path));
        ++J;
        if (!at(Tokens, J).is(','))
          break;
        ++J;
      }
      I = J > I ? J - 1 : I;
      continue;
    }
    if (T.Text == "projectDir") {
      // project(":a").projectDir = file("x")
      bool Set = false;
      if (I >= 5 && Tokens[I - 1].is('.') && Tokens[I - 2].is(')') &&
          Tokens[I - 3].isLiteral() && Tokens[I - 4].is('(') &&
          Tokens[I - 5].isIdent("project") && at(Tokens, I + 1).is('=')) {
        if (std::optional<llvm::StringRef> Folder = folderAt(Tokens, I + 2)) {
          std::string Path = absoluteProjectPath(Tokens[I - 3].Text);
          if (std::string *Known = Project(Path))
            *Known = Folder->str();
          else
            F.Projects.emplace_back(Path, Folder->str());
          Set = true;
        }
      }
      if (!Set)
        F.ComputedProjects = true;
    }
  }
  return F;
}

//===----------------------------------------------------------------------===//
// Maven's pom.xml
//===----------------------------------------------------------------------===//

namespace {

/// Deeper than this, a pom is no pom: it is left unread.
constexpr size_t MaxXmlDepth = 64;

struct PomReader {
  llvm::StringRef T;
  BuildFileFacts F;
  std::string ParentGroupId;
  std::vector<std::string> Stack; // element names, prefixes dropped
  std::string Content;            // the text of the innermost element
  struct RawDependency {
    std::string GroupId, ArtifactId, Scope, Optional;
    bool Conditional = false; // a profile's
  } Dep;
  std::vector<RawDependency> Deps;
  /// The `<resource>` being read.
  struct RawResource {
    std::optional<std::string> Directory, TargetPath;
    std::vector<std::string> Includes, Excludes;
  } Res;
  bool TooDeep = false;

  bool at(std::initializer_list<llvm::StringRef> Path) const {
    if (Stack.size() != Path.size())
      return false;
    size_t I = 0;
    for (llvm::StringRef P : Path)
      if (Stack[I++] != P)
        return false;
    return true;
  }

  /// At `<project><profiles><profile>` and then \p Path.
  bool atProfile(std::initializer_list<llvm::StringRef> Path) const {
    if (Stack.size() != Path.size() + 3 || Stack[0] != "project" ||
        Stack[1] != "profiles" || Stack[2] != "profile")
      return false;
    size_t I = 3;
    for (llvm::StringRef P : Path)
      if (Stack[I++] != P)
        return false;
    return true;
  }

  void opened() {
    // What a profile adds: its dependencies are conditional, its
    // resources make the module's unknown.
    if (atProfile({"dependencies", "dependency"})) {
      Dep = RawDependency();
      Dep.Conditional = true;
    }
    if (atProfile({"build", "resources"}))
      F.MainResources.Unknown = true;
    if (atProfile({"build", "testResources"}))
      F.TestResources.Unknown = true;
    if (at({"project", "build", "resources"}))
      F.MainResources.ReplacesDefault = true;
    if (at({"project", "build", "testResources"}))
      F.TestResources.ReplacesDefault = true;
    if (at({"project", "dependencies", "dependency"}))
      Dep = RawDependency();
    if (at({"project", "build", "resources", "resource"}) ||
        at({"project", "build", "testResources", "testResource"}))
      Res = RawResource();
  }

  /// The resource's element \p Name (below `<resource>`), if \p Parts
  /// (the stack below it) names one.
  bool inResource(llvm::StringRef Name) const {
    auto Is = [&](llvm::StringRef Set, llvm::StringRef One) {
      return Stack.size() >= 5 && Stack[0] == "project" && Stack[1] == "build" &&
             Stack[2] == Set && Stack[3] == One;
    };
    if (!Is("resources", "resource") && !Is("testResources", "testResource"))
      return false;
    if (Name == "include" || Name == "exclude")
      return Stack.size() == 6 && Stack[5] == Name &&
             Stack[4] == (Name == "include" ? "includes" : "excludes");
    return Stack.size() == 5 && Stack[4] == Name;
  }

  void closed(llvm::StringRef Text) {
    std::string V = Text.trim().str();
    if (at({"project", "groupId"}))
      F.GroupId = V;
    else if (at({"project", "artifactId"}))
      F.ArtifactId = V;
    else if (at({"project", "parent", "groupId"}))
      ParentGroupId = V;
    else if (at({"project", "build", "testSourceDirectory"})) {
      llvm::StringRef D(V);
      for (llvm::StringRef Base :
           {"${project.basedir}/", "${basedir}/", "${pom.basedir}/"})
        D.consume_front(Base);
      if (!D.empty() && !D.contains("${") && !llvm::sys::path::is_absolute(D))
        F.TestSources = D.str();
    } else if (at({"project", "modules", "module"}))
      F.Modules.push_back(V);
    else if (at({"project", "dependencies", "dependency", "groupId"}))
      Dep.GroupId = V;
    else if (at({"project", "dependencies", "dependency", "artifactId"}))
      Dep.ArtifactId = V;
    else if (at({"project", "dependencies", "dependency", "scope"}))
      Dep.Scope = V;
    else if (at({"project", "dependencies", "dependency", "optional"}))
      Dep.Optional = V;
    else if (at({"project", "dependencies", "dependency"}))
      Deps.push_back(Dep);
    else if (atProfile({"dependencies", "dependency", "groupId"}))
      Dep.GroupId = V;
    else if (atProfile({"dependencies", "dependency", "artifactId"}))
      Dep.ArtifactId = V;
    else if (atProfile({"dependencies", "dependency", "scope"}))
      Dep.Scope = V;
    else if (atProfile({"dependencies", "dependency", "optional"}))
      Dep.Optional = V;
    else if (atProfile({"dependencies", "dependency"}))
      Deps.push_back(Dep);
    else if (inResource("directory"))
      Res.Directory = V;
    else if (inResource("targetPath"))
      Res.TargetPath = V;
    else if (inResource("include"))
      Res.Includes.push_back(V);
    else if (inResource("exclude"))
      Res.Excludes.push_back(V);
    else if (at({"project", "build", "resources", "resource"}))
      addResource(F.MainResources, Res);
    else if (at({"project", "build", "testResources", "testResource"}))
      addResource(F.TestResources, Res);
  }

  /// Whether Maven's pattern \p Pattern (`**/*.conf`, `application.*`)
  /// takes a file \p Name at the folder's top; none when it cannot tell.
  static std::optional<bool> takes(llvm::StringRef Pattern, llvm::StringRef Name) {
    if (Pattern.contains("${"))
      return std::nullopt;
    while (Pattern.consume_front("**/"))
      ;
    if (Pattern == "**")
      return true;
    if (Pattern.contains('/'))
      return false; // a file further down
    // The matcher backtracks at each `*`: a pattern built to blow it up is
    // left unknown.
    if (Pattern.size() > 64 || Pattern.count('*') > 4)
      return std::nullopt;
    llvm::Expected<llvm::GlobPattern> G = llvm::GlobPattern::create(Pattern);
    if (!G) {
      llvm::consumeError(G.takeError());
      return std::nullopt;
    }
    return G->match(Name);
  }

  /// A `<resource>`: its folder counts when it copies a configuration file
  /// the driver loads to the top of the classpath (no `<targetPath>`
  /// below it, includes that take the name, excludes that do not).
  static void addResource(ResourceFolders &R, const RawResource &Res) {
    if (!Res.Directory) {
      R.Unknown = true;
      return;
    }
    if (Res.TargetPath && !Res.TargetPath->empty() && *Res.TargetPath != "." &&
        *Res.TargetPath != "/")
      return; // copied below the classpath's top: not application.conf
    bool Any = false, Unknown = false;
    for (llvm::StringRef Name : {"application.conf", "application.json",
                                 "application.properties", "reference.conf"}) {
      bool In = Res.Includes.empty();
      for (const std::string &P : Res.Includes) {
        std::optional<bool> T = takes(P, Name);
        Unknown |= !T;
        In |= T.value_or(false);
      }
      for (const std::string &P : Res.Excludes) {
        std::optional<bool> T = takes(P, Name);
        Unknown |= !T;
        In &= !T.value_or(false);
      }
      Any |= In;
    }
    if (Unknown) {
      R.Unknown = true;
      return;
    }
    if (Any)
      addFolder(R, *Res.Directory);
  }

  static void addFolder(ResourceFolders &R, llvm::StringRef V) {
    for (llvm::StringRef Base :
         {"${project.basedir}", "${basedir}", "${pom.basedir}"})
      if (V.consume_front(Base)) {
        V = V.ltrim("/");
        if (V.empty())
          V = ".";
        break;
      }
    if (V.empty() || V.contains("${") || llvm::sys::path::is_absolute(V) ||
        V.startswith("/")) {
      R.Unknown = true;
      return;
    }
    R.Folders.push_back(V.str());
  }

  /// From \p I, just past `<`: the end of the construct.
  size_t skipPast(size_t I, llvm::StringRef Close) {
    size_t E = T.find(Close, I);
    return E == llvm::StringRef::npos ? T.size() : E + Close.size();
  }

  static llvm::StringRef localName(llvm::StringRef Name) {
    size_t Colon = Name.rfind(':');
    return Colon == llvm::StringRef::npos ? Name : Name.drop_front(Colon + 1);
  }

  void read() {
    size_t I = 0, N = T.size();
    while (I < N && !TooDeep) {
      size_t Lt = T.find('<', I);
      if (Lt == llvm::StringRef::npos)
        break;
      Content += T.slice(I, Lt).str();
      if (T.substr(Lt, 4) == "<!--") {
        I = skipPast(Lt + 4, "-->");
        continue;
      }
      if (T.substr(Lt, 9) == "<![CDATA[") {
        size_t E = T.find("]]>", Lt + 9);
        size_t End = E == llvm::StringRef::npos ? N : E;
        Content += T.slice(Lt + 9, End).str();
        I = std::min(N, End + 3);
        continue;
      }
      if (T.substr(Lt, 2) == "<?") {
        I = skipPast(Lt + 2, "?>");
        continue;
      }
      if (T.substr(Lt, 2) == "<!") {
        I = skipPast(Lt + 2, ">");
        continue;
      }
      // A tag: its end, skipping quoted attribute values.
      size_t J = Lt + 1;
      char Quote = 0;
      while (J < N && (Quote || T[J] != '>')) {
        if (Quote && T[J] == Quote)
          Quote = 0;
        else if (!Quote && (T[J] == '"' || T[J] == '\''))
          Quote = T[J];
        ++J;
      }
      if (J >= N)
        break; // an unterminated tag: what follows is not read
      llvm::StringRef Tag = T.slice(Lt + 1, J);
      I = J + 1;
      if (Tag.startswith("/")) {
        llvm::StringRef Name = localName(Tag.drop_front().trim());
        // Close the innermost element of that name; a stray end tag is
        // ignored.
        auto It = std::find(Stack.rbegin(), Stack.rend(), Name.str());
        if (It == Stack.rend())
          continue;
        size_t Keep = Stack.rend() - It - 1;
        while (Stack.size() > Keep + 1)
          Stack.pop_back();
        closed(Content);
        Stack.pop_back();
        Content.clear();
        continue;
      }
      bool SelfClosing = Tag.endswith("/");
      if (SelfClosing)
        Tag = Tag.drop_back();
      size_t NameEnd = Tag.find_first_of(" \t\r\n");
      llvm::StringRef Name = localName(Tag.take_front(NameEnd));
      if (Name.empty())
        continue;
      if (Stack.size() >= MaxXmlDepth) {
        TooDeep = true;
        break;
      }
      Content.clear();
      Stack.push_back(Name.str());
      opened();
      if (SelfClosing) {
        closed("");
        Stack.pop_back();
      }
    }
  }

  /// `${project.groupId}` and the like: the pom's own; another property:
  /// none.
  std::optional<std::string> groupOf(llvm::StringRef G) const {
    if (G == "${project.groupId}" || G == "${pom.groupId}" ||
        G == "${groupId}")
      return F.GroupId.empty() ? std::nullopt
                               : std::optional<std::string>(F.GroupId);
    if (G == "${project.parent.groupId}")
      return ParentGroupId.empty()
                 ? std::nullopt
                 : std::optional<std::string>(ParentGroupId);
    if (G.empty() || G.contains("${"))
      return std::nullopt;
    return G.str();
  }

  void finish() {
    if (TooDeep) {
      F = BuildFileFacts();
      F.Kind = BuildFileKind::MavenPom;
      return;
    }
    if (F.GroupId.empty())
      F.GroupId = ParentGroupId;
    if (llvm::StringRef(F.GroupId).contains("${"))
      F.GroupId.clear();
    if (llvm::StringRef(F.ArtifactId).contains("${"))
      F.ArtifactId.clear();
    for (const RawDependency &D : Deps) {
      std::optional<std::string> Group = groupOf(D.GroupId);
      if (!Group || D.ArtifactId.empty() ||
          llvm::StringRef(D.ArtifactId).contains("${")) {
        F.ComputedDependencies = true;
        continue;
      }
      ModuleDependency M;
      M.Target = *Group + ":" + D.ArtifactId;
      M.Runtime = (D.Scope.empty() || D.Scope == "compile" ||
                   D.Scope == "runtime") &&
                  D.Optional != "true";
      M.Conditional = D.Conditional;
      F.Dependencies.push_back(std::move(M));
    }
  }
};

} // namespace

BuildFileFacts readMavenPom(llvm::StringRef Text) {
  PomReader R;
  R.T = Text;
  R.F.Kind = BuildFileKind::MavenPom;
  R.read();
  R.finish();
  return std::move(R.F);
}

BuildFileFacts readBuildFile(BuildFileKind Kind, llvm::StringRef Text) {
  switch (Kind) {
  case BuildFileKind::GradleBuild:
    return readGradleBuild(Text);
  case BuildFileKind::GradleSettings:
    return readGradleSettings(Text);
  case BuildFileKind::MavenPom:
    return readMavenPom(Text);
  }
  return BuildFileFacts();
}

} // namespace nosqlint::extract
