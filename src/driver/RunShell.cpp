//===- RunShell.cpp - Shell scripts: the CQL they run through cqlsh -------===//
//
// A script's `cqlsh -e` statements and standard input become host queries
// of the script (source `shell`); the files its cqlsh calls read (`-f`,
// `< file`) become CQL inputs when they exist in the analyzed tree and are
// not inputs already (a `schema.txt`, a file beside a script named on the
// command line). Makefile recipes are read the same way, and so are the
// cqlsh calls of YAML files (Kubernetes, compose, CI workflows). HOCON and
// YAML configuration files lend the statements of their Cassandra sections
// the same way (source `config`).
//
//===----------------------------------------------------------------------===//
#include "Run.h"

#include "FileReader.h"

#include "nosqlint/Extract/DriverConfig.h"
#include "nosqlint/Extract/HoconStatements.h"
#include "nosqlint/Extract/MakefileRecipes.h"
#include "nosqlint/Extract/ShellScripts.h"
#include "nosqlint/Extract/YamlCommands.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <set>

namespace nosqlint::driver {

namespace fs = llvm::sys::fs;

/// Where \p Named, as a script in \p ScriptDir names it, is in the tree:
/// beside the script, or below one of the script's folders up to the
/// analyzed root (scripts are as often run from the repository's root).
static std::optional<std::string>
resolveCqlshFile(llvm::StringRef Named, llvm::StringRef ScriptDir,
                 const std::vector<std::string> &Roots) {
  if (llvm::sys::path::is_absolute(Named))
    return std::nullopt; // a path in the container or host that runs it
  auto InsideRoots = [&](llvm::StringRef Dir) {
    return llvm::any_of(Roots, [&](const std::string &R) {
      llvm::StringRef Root = llvm::StringRef(R).rtrim('/');
      return Dir == Root || Dir.startswith(Root.str() + "/") ||
             (Root == "." && !llvm::sys::path::is_absolute(Dir));
    });
  };
  llvm::SmallString<256> Dir(ScriptDir.empty() ? "." : ScriptDir);
  for (unsigned Steps = 0; Steps < 64; ++Steps) {
    llvm::SmallString<256> Candidate(Dir);
    llvm::sys::path::append(Candidate, Named);
    if (fs::is_regular_file(Candidate))
      return std::string(Candidate);
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if (Parent.empty() || Parent == Dir || !InsideRoots(Parent))
      break;
    Dir = Parent;
  }
  return std::nullopt;
}

void Run::parseShellFile(FileAnalysis &A) {
  if (!A.File)
    A.File = A.Input.Explicit ? readInputFile(A.Input.Path, SM, Diags)
                              : readSourceFileQuietly(A.Input.Path, SM);
  if (!A.File)
    return;
  llvm::StringRef Text = SM.text(*A.File);
  if (!extract::mayRunCqlsh(Text)) {
    if (!Options.Verify)
      SM.release(*A.File);
    return;
  }
  addShellExtraction(A, extract::isMakefilePath(A.Input.Path)
                            ? extract::extractMakefile(*A.File, Text)
                            : extract::extractShellScript(*A.File, Text));
}

void Run::addShellExtraction(FileAnalysis &A, extract::ShellExtraction X) {
  for (extract::CqlSnippet &S : X.Snippets)
    A.Host.push_back(parseHostSnippet(std::move(S)));
  std::vector<std::string> Roots = Options.Inputs;
  for (const extract::CqlshFile &F : X.Files)
    if (std::optional<std::string> P = resolveCqlshFile(
            F.Path, llvm::sys::path::parent_path(A.Input.Path), Roots))
      A.CqlshFiles.push_back(std::move(*P));
}

void Run::readYamlCommands(FileAnalysis &A) {
  llvm::StringRef Text = SM.text(*A.File);
  if (!extract::mayHoldYamlCql(Text))
    return;
  std::optional<extract::YamlRefusal> Refused;
  addShellExtraction(A, extract::extractYamlFile(*A.File, Text, &Refused));
  // A value under a Cassandra key that does not parse is prose, not a
  // broken statement: Kubernetes CRDs of the Scylla and Cassandra
  // operators describe their fields in English (`Select all ...`).
  llvm::erase_if(A.Host, [](const HostQuery &Q) {
    return Q.ParseFailed &&
           Q.Snippet.Source == extract::SnippetSource::Config;
  });
  // Named on the command line and refused: its cqlsh calls are not read,
  // and the parser says why (a walk meets templates that are no YAML).
  if (Refused && A.Input.Explicit && extract::mayRunCqlsh(Text)) {
    A.YamlRefused = true;
    Diags.report(RuleId::InputError, Dialect::None,
                 SourceRange(*A.File, Refused->Offset, Refused->Offset),
                 "cannot read the cqlsh calls of '" + A.Input.Path +
                     "': invalid YAML: " + Refused->Message);
  }
}

void Run::parseHoconFile(FileAnalysis &A) {
  if (!A.File)
    A.File = A.Input.Explicit ? readInputFile(A.Input.Path, SM, Diags)
                              : readSourceFileQuietly(A.Input.Path, SM);
  if (!A.File)
    return;
  llvm::StringRef Text = SM.text(*A.File);
  // A .properties file configures a driver; its values are not statements.
  bool Properties = llvm::StringRef(A.Input.Path).endswith(".properties");
  bool Statements = !Properties && extract::mayHoldHoconStatements(Text);
  if (extract::mayHoldDriverConfig(Text))
    A.DriverConfigs = extract::readDriverConfig(*A.File, Text);
  if (!Statements && A.DriverConfigs.empty()) {
    if (!Options.Verify)
      SM.release(*A.File);
    return;
  }
  if (Statements)
    for (extract::CqlSnippet &S :
         extract::extractHoconStatements(*A.File, Text))
      A.Host.push_back(parseHostSnippet(std::move(S)));
}

void Run::addCqlshFiles() {
  // Most trees run no cqlsh -f: then no input's real path is needed.
  if (llvm::none_of(Analyses,
                    [](const FileAnalysis &A) { return !A.CqlshFiles.empty(); }))
    return;
  std::set<std::string> Inputs;
  auto Key = [](llvm::StringRef Path) {
    llvm::SmallString<256> Real;
    if (fs::real_path(Path, Real))
      return Path.str();
    return std::string(Real);
  };
  for (const FileAnalysis &A : Analyses)
    Inputs.insert(Key(A.Input.Path));
  std::vector<FileAnalysis> Added;
  for (const FileAnalysis &A : Analyses)
    for (const std::string &Path : A.CqlshFiles) {
      uint64_t Size = 0;
      if (!Inputs.insert(Key(Path)).second || fs::file_size(Path, Size) ||
          Size > Options.MaxFileBytes)
        continue;
      FileAnalysis F;
      F.Input.Path = Path;
      F.Input.Kind = InputKind::Cql;
      Added.push_back(std::move(F));
    }
  for (FileAnalysis &F : Added) {
    parseFile(F);
    Analyses.push_back(std::move(F));
  }
}

} // namespace nosqlint::driver
