//===- RunFixes.cpp - --fix, --unsafe-fixes, --diff -----------------------===//
//
// Where fix-its may edit the inputs (FixRanges), and the fixing runs: each
// pass analyzes the inputs as they read after the fixes so far (kept as
// overlays, nothing written yet) and chooses its fixes (FixPlan); passes
// stop when one has nothing to fix. A fix a pass leaves for clashing with
// another is made by the next, on the fixed text. Then --diff prints each
// file's diff against its original text; --fix writes the files (stdin's
// text goes to stdout) and reports what remains, with the count fixed.
//
//===----------------------------------------------------------------------===//
#include "Run.h"

#include "UnifiedDiff.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <map>

namespace nosqlint::driver {

/// A fix that undoes another, or a rule that keeps proposing one, must not
/// loop for ever; a clash needs one pass per fix on the same bytes.
constexpr unsigned MaxFixPasses = 8;

/// Adds the JSON escapes of every string below \p V to \p Out's holes.
static void excludeEscapes(FixRanges &Out, FileId File,
                           const json::JsonValue &V) {
  for (const json::JsonValue::Escape &E : V.Escapes)
    Out.exclude(File, E.FileBegin, E.FileBegin + E.FileLength);
  for (const json::JsonMember &M : V.Members)
    excludeEscapes(Out, File, M.Value);
  for (const json::JsonValue &Element : V.Elements)
    excludeEscapes(Out, File, Element);
}

/// Snippets whose text is the literal the user wrote, holes aside; a
/// builder's, mapper's or ORM's text is nosqlint's rendering of calls.
static bool literalSource(extract::SnippetSource S) {
  switch (S) {
  case extract::SnippetSource::DriverCall:
  case extract::SnippetSource::Keyword:
  case extract::SnippetSource::Shell:
  case extract::SnippetSource::Config:
    return true;
  case extract::SnippetSource::Builder:
  case extract::SnippetSource::Repository:
  case extract::SnippetSource::Mapper:
  case extract::SnippetSource::Orm:
    return false;
  }
  return false;
}

FixRanges Run::fixRanges() const {
  FixRanges Out;
  for (const FileAnalysis &A : Analyses) {
    if (!A.File)
      continue;
    uint32_t Size = static_cast<uint32_t>(SM.text(*A.File).size());
    // A .cql file parsed as it is (not a template with placeholders, not a
    // stress profile's statements).
    bool WholeCql = A.Input.Kind == InputKind::Cql &&
                    A.CqlTrust == extract::SnippetTrust::Full &&
                    (classifyPath(A.Input.Path) == InputKind::Cql ||
                     A.Input.Path == Options.StdinAsCql);
    if (WholeCql)
      Out.addWholeFile(*A.File, Size);
    for (const HostQuery &Q : A.Host)
      if (literalSource(Q.Snippet.Source) && !Q.ParseFailed)
        Out.addLiteral(Q.Snippet.Origin,
                       static_cast<uint32_t>(Q.Snippet.Text.size()));
  }
  // DynamoDB request files: the JSON as written, but for its escapes.
  for (const dynamo::RequestFile &F : DynamoRequests) {
    Out.addWholeFile(F.File, static_cast<uint32_t>(SM.text(F.File).size()));
    for (const auto &Doc : F.Documents)
      excludeEscapes(Out, F.File, *Doc);
  }
  Out.finish();
  return Out;
}

/// Writes \p Text to \p Path through a temporary file renamed over it, so a
/// failed write leaves the file as it was (a symbolic link: its target, the
/// link kept).
static bool writeFixedFile(const std::string &Shown, llvm::StringRef Text,
                           llvm::raw_ostream &Err) {
  llvm::SmallString<256> Path;
  if (llvm::sys::fs::real_path(Shown, Path))
    Path = Shown;
  llvm::SmallString<256> Temp(Path);
  Temp += ".nosqlint-fix";
  std::error_code EC;
  {
    llvm::raw_fd_ostream OS(Temp, EC);
    if (!EC) {
      OS << Text;
      OS.close();
      EC = OS.error();
      OS.clear_error();
    }
  }
  if (!EC) {
    // Keep the file's permissions.
    llvm::sys::fs::file_status Status;
    if (!llvm::sys::fs::status(Path, Status))
      llvm::sys::fs::setPermissions(Temp, Status.permissions());
    EC = llvm::sys::fs::rename(Temp, Path);
  }
  if (EC) {
    llvm::sys::fs::remove(Temp);
    Err << "nosqlint: error: cannot write the fixed '" << Shown
        << "': " << EC.message() << "\n";
    return false;
  }
  return true;
}

int runFixing(const DriverOptions &Options, llvm::raw_ostream &Out,
              llvm::raw_ostream &Err) {
  // The passes report nothing and write no output, baseline or cache.
  DriverOptions Pass = Options;
  Pass.Fix = Pass.Diff = false;
  Pass.CacheDir.clear();
  Pass.Outputs.clear();
  Pass.WriteBaselinePath.clear();

  std::map<std::string, std::string> Original, Current; // by path
  unsigned Fixed = 0;
  int FirstCode = ExitClean;
  for (unsigned I = 0; I < MaxFixPasses; ++I) {
    DriverOptions P = Pass;
    for (const auto &[Path, Text] : Current) {
      llvm::erase_if(P.Overlays,
                     [&Path = Path](const auto &O) { return O.first == Path; });
      P.Overlays.emplace_back(Path, Text);
    }
    FixPlan Plan;
    // With --diff the first pass says what the inputs hold (unreadable
    // files, an empty run); with --fix the report after the passes does.
    Run R(P, llvm::nulls(), I == 0 && Options.Diff ? Err : llvm::nulls());
    R.planFixesInto(Plan);
    int Code = R.execute();
    if (I == 0)
      FirstCode = Code;
    if (Plan.Files.empty())
      break;
    for (FileFix &F : Plan.Files) {
      Original.try_emplace(F.Path, F.Before);
      Current[F.Path] = std::move(F.After);
    }
    Fixed += Plan.Fixed;
  }

  if (Options.Diff) {
    for (const auto &[Path, Before] : Original) {
      Out << unifiedDiff(Path, Before, Current[Path]);
    }
    Out.flush();
    Err << "nosqlint: " << (Fixed == 0 ? "no" : std::to_string(Fixed))
        << " finding" << (Fixed == 1 ? "" : "s") << " would be fixed\n";
    if (FirstCode == ExitUsageOrInput)
      return ExitUsageOrInput;
    return Original.empty() ? ExitClean : ExitFindings;
  }

  bool WriteFailed = false;
  DriverOptions Final = Options;
  Final.Fix = Final.Diff = false;
  for (const auto &[Path, Text] : Current) {
    if (Path == Options.StdinPath) {
      llvm::erase_if(Final.Overlays,
                     [&Path = Path](const auto &O) { return O.first == Path; });
      Final.Overlays.emplace_back(Path, Text);
      continue;
    }
    WriteFailed |= !writeFixedFile(Path, Text, Err);
  }
  // Stdin's fixed text is the output; the report goes to stderr.
  bool Stdin = !Options.StdinPath.empty();
  if (Stdin) {
    for (const auto &[Path, Text] : Final.Overlays)
      if (Path == Options.StdinPath)
        Out << Text;
    Out.flush();
  }
  Run R(Final, Stdin ? Err : Out, Err);
  R.countFixed(Fixed);
  int Code = R.execute();
  return WriteFailed ? ExitUsageOrInput : Code;
}

} // namespace nosqlint::driver
