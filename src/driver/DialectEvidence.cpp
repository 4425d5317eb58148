//===- DialectEvidence.cpp ------------------------------------------------===//
//
// One row per driver and manifest kind. Names are matched as whole
// requirement names, so `cassandra-driver-stubs` or a comment that mentions
// ScyllaDB names no driver.
//
//===----------------------------------------------------------------------===//
#include "DialectEvidence.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>

namespace nosqlint::driver {

namespace {

enum class ManifestKind { GoMod, Python, Maven, GradleOrSbt, Cargo, Npm, CSharp };

std::optional<ManifestKind> kindOf(llvm::StringRef Name) {
  if (Name == "go.mod")
    return ManifestKind::GoMod;
  if (Name == "pyproject.toml" || Name == "setup.py" || Name == "setup.cfg" ||
      Name == "Pipfile" ||
      (Name.startswith("requirements") && Name.endswith(".txt")))
    return ManifestKind::Python;
  if (Name == "pom.xml")
    return ManifestKind::Maven;
  if (Name == "build.gradle" || Name == "build.gradle.kts" || Name == "build.sbt")
    return ManifestKind::GradleOrSbt;
  if (Name == "Cargo.toml")
    return ManifestKind::Cargo;
  if (Name == "package.json")
    return ManifestKind::Npm;
  if (Name.endswith(".csproj"))
    return ManifestKind::CSharp;
  return std::nullopt;
}

/// Drops `#` (or `//`) comments to the end of each line.
std::string withoutComments(llvm::StringRef Text, llvm::StringRef Marker) {
  std::string Out;
  Out.reserve(Text.size());
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    size_t At = Line.find(Marker);
    Out += Line.substr(0, At).str();
    Out += '\n';
    Text = Rest;
  }
  return Out;
}

bool isNameChar(char C) {
  return llvm::isAlnum(C) || C == '-' || C == '_' || C == '.';
}

/// Whether \p Name occurs in \p Text as a whole name (not inside a longer
/// one: `cassandra-driver` is not in `cassandra-driver-stubs`).
bool hasWholeName(llvm::StringRef Text, llvm::StringRef Name) {
  for (size_t At = Text.find(Name); At != llvm::StringRef::npos;
       At = Text.find(Name, At + 1)) {
    bool Before = At == 0 || !isNameChar(Text[At - 1]);
    size_t End = At + Name.size();
    bool After = End == Text.size() || !isNameChar(Text[End]);
    if (Before && After)
      return true;
  }
  return false;
}

/// go.mod: the modules required, and where replace directives send them.
void goModDrivers(llvm::StringRef Text, ManifestDrivers &Out) {
  // An `// indirect` requirement is another module's: no evidence here.
  std::string Direct;
  {
    llvm::SmallVector<llvm::StringRef, 0> Lines;
    Text.split(Lines, '\n');
    for (llvm::StringRef Line : Lines)
      if (!Line.contains("// indirect"))
        Direct += Line.str() + "\n";
  }
  std::string Clean = withoutComments(Direct, "//");
  std::set<std::string> Required;
  std::map<std::string, std::string> Replaced;
  llvm::StringRef Block; // the directive of the ( ... ) block we are in
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  llvm::StringRef(Clean).split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    Line = Line.trim();
    if (Line.empty())
      continue;
    if (Line == ")") {
      Block = "";
      continue;
    }
    llvm::StringRef Directive = Block;
    if (Block.empty()) {
      std::tie(Directive, Line) = Line.split(' ');
      Line = Line.trim();
      if (Line == "(") {
        Block = Directive;
        continue;
      }
    }
    llvm::SmallVector<llvm::StringRef, 6> Words;
    Line.split(Words, ' ', -1, /*KeepEmpty=*/false);
    if (Words.empty())
      continue;
    if (Directive == "require")
      Required.insert(Words[0].str());
    else if (Directive == "replace") {
      auto Arrow = llvm::find(Words, "=>");
      if (Arrow != Words.begin() && Arrow != Words.end() &&
          std::next(Arrow) != Words.end())
        Replaced[Words[0].str()] = std::next(Arrow)->str();
    }
  }
  auto R = Replaced.find("github.com/gocql/gocql");
  Out.ReplacesGocqlByScyllaDb =
      R != Replaced.end() && R->second == "github.com/scylladb/gocql";
  auto Effective = [&](const std::string &Module) {
    auto R = Replaced.find(Module);
    return R == Replaced.end() ? Module : R->second;
  };
  for (const std::string &Module : Required) {
    std::string Used = Effective(Module);
    if (Used == "github.com/scylladb/gocql")
      Out.ScyllaDb.push_back(Module == Used
                                 ? "github.com/scylladb/gocql"
                                 : Module + " => github.com/scylladb/gocql");
    else if (Used == "github.com/gocql/gocql" ||
             Used == "github.com/apache/cassandra-gocql-driver" ||
             llvm::StringRef(Used).startswith(
                 "github.com/apache/cassandra-gocql-driver/")) {
      if (Used == "github.com/gocql/gocql")
        Out.RequiresUpstreamGocql = true;
      else
        Out.Cassandra.push_back(Used);
    }
  }
}

/// Maven: each <dependency>'s groupId and artifactId.
void mavenDrivers(llvm::StringRef Text,
                  llvm::function_ref<void(llvm::StringRef, llvm::StringRef)> Add) {
  auto Element = [](llvm::StringRef Block, llvm::StringRef Tag) {
    std::string Open = "<" + Tag.str() + ">";
    size_t At = Block.find(Open);
    if (At == llvm::StringRef::npos)
      return llvm::StringRef();
    llvm::StringRef Rest = Block.drop_front(At + Open.size());
    return Rest.take_until([](char C) { return C == '<'; }).trim();
  };
  for (size_t At = Text.find("<dependency>"); At != llvm::StringRef::npos;
       At = Text.find("<dependency>", At + 1)) {
    llvm::StringRef Block = Text.drop_front(At);
    Block = Block.take_front(Block.find("</dependency>"));
    Add(Element(Block, "groupId"), Element(Block, "artifactId"));
  }
}

/// Gradle and sbt: `group:artifact` or `"group" % "artifact"` coordinates.
void coordinateDrivers(
    llvm::StringRef Text,
    llvm::function_ref<void(llvm::StringRef, llvm::StringRef)> Add) {
  static const char *const Groups[] = {"com.scylladb", "com.datastax.oss",
                                       "com.datastax.cassandra",
                                       "org.apache.cassandra"};
  for (const char *Group : Groups)
    for (size_t At = Text.find(Group); At != llvm::StringRef::npos;
         At = Text.find(Group, At + 1)) {
      llvm::StringRef Rest = Text.drop_front(At + strlen(Group));
      if (!Rest.empty() && isNameChar(Rest.front()))
        continue; // com.scylladb.alternator...: another group
      Rest = Rest.ltrim("\"' \t");
      if (!Rest.consume_front(":")) {
        Rest = Rest.ltrim("% \t");
        Rest = Rest.ltrim("\"' \t");
      }
      Add(Group, Rest.take_while(isNameChar));
    }
}

void jvmDriver(llvm::StringRef Group, llvm::StringRef Artifact,
               ManifestDrivers &Out) {
  static const char *const Driver4[] = {"java-driver-core",
                                        "java-driver-query-builder",
                                        "java-driver-mapper-runtime"};
  static const char *const Driver3[] = {"scylla-driver-core",
                                        "scylla-driver-mapping",
                                        "cassandra-driver-core",
                                        "cassandra-driver-mapping"};
  std::string Coordinate = (Group + ":" + Artifact).str();
  if (Group == "com.scylladb" &&
      (llvm::is_contained(Driver4, Artifact) ||
       llvm::is_contained(Driver3, Artifact)))
    Out.ScyllaDb.push_back(Coordinate);
  else if ((Group == "com.datastax.oss" || Group == "org.apache.cassandra") &&
           llvm::is_contained(Driver4, Artifact))
    Out.Cassandra.push_back(Coordinate);
  else if (Group == "com.datastax.cassandra" &&
           llvm::is_contained(Driver3, Artifact))
    Out.Cassandra.push_back(Coordinate);
}

} // namespace

bool isDependencyManifest(llvm::StringRef FileName) {
  return kindOf(FileName).has_value();
}

ManifestDrivers driversIn(llvm::StringRef FileName, llvm::StringRef Text) {
  ManifestDrivers Out;
  std::optional<ManifestKind> Kind = kindOf(FileName);
  if (!Kind)
    return Out;
  auto Jvm = [&Out](llvm::StringRef G, llvm::StringRef A) { jvmDriver(G, A, Out); };
  switch (*Kind) {
  case ManifestKind::GoMod:
    goModDrivers(Text, Out);
    break;
  case ManifestKind::Python: {
    std::string Clean = withoutComments(Text, "#");
    for (const char *Name : {"scylla-driver", "scylla_driver"})
      if (hasWholeName(Clean, Name))
        Out.ScyllaDb.push_back("scylla-driver");
    for (const char *Name : {"cassandra-driver", "cassandra_driver"})
      if (hasWholeName(Clean, Name))
        Out.Cassandra.push_back("cassandra-driver");
    break;
  }
  case ManifestKind::Maven:
    mavenDrivers(Text, Jvm);
    break;
  case ManifestKind::GradleOrSbt:
    coordinateDrivers(withoutComments(Text, "//"), Jvm);
    break;
  case ManifestKind::Cargo: {
    // `scylla = "1"` or `scylla = { version = .. }` as a dependency.
    llvm::SmallVector<llvm::StringRef, 0> Lines;
    Text.split(Lines, '\n');
    for (llvm::StringRef Line : Lines) {
      llvm::StringRef Key = Line.trim().take_while(isNameChar);
      if (Key == "scylla" && Line.trim().drop_front(Key.size()).ltrim().startswith("="))
        Out.ScyllaDb.push_back("scylla");
    }
    break;
  }
  case ManifestKind::Npm:
    if (Text.contains("\"cassandra-driver\""))
      Out.Cassandra.push_back("cassandra-driver");
    break;
  case ManifestKind::CSharp:
    if (Text.contains("\"CassandraCSharpDriver\""))
      Out.Cassandra.push_back("CassandraCSharpDriver");
    break;
  }
  return Out;
}

std::optional<std::string>
scyllaDbEvidence(llvm::ArrayRef<std::string> Paths) {
  std::optional<std::string> First;
  std::vector<std::string> ReplacingModules; // folders, with a trailing '/'
  std::vector<std::string> UpstreamGocql;    // folders of such go.mod files
  for (const std::string &Path : Paths) {
    uint64_t Size = 0;
    if (llvm::sys::fs::file_size(Path, Size) || Size > (1u << 20))
      continue; // no manifest is that large: a generated file
    auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
    if (!Buffer)
      continue;
    ManifestDrivers D =
        driversIn(llvm::sys::path::filename(Path), (*Buffer)->getBuffer());
    if (!D.Cassandra.empty())
      return std::nullopt;
    llvm::SmallString<256> Abs(Path); // walked ones are relative, others not
    llvm::sys::fs::make_absolute(Abs);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    std::string Dir = llvm::sys::path::parent_path(Abs).str() + "/";
    if (D.ReplacesGocqlByScyllaDb)
      ReplacingModules.push_back(Dir);
    if (D.RequiresUpstreamGocql)
      UpstreamGocql.push_back(Dir);
    if (!First && !D.ScyllaDb.empty())
      First = Path + ": " + D.ScyllaDb.front();
  }
  // Upstream gocql is Cassandra's unless a module at or above it swaps in
  // ScyllaDB's fork.
  for (const std::string &Dir : UpstreamGocql)
    if (llvm::none_of(ReplacingModules, [&](const std::string &R) {
          return llvm::StringRef(Dir).startswith(R);
        }))
      return std::nullopt;
  return First;
}

} // namespace nosqlint::driver
