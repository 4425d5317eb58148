//===- RunReport.cpp - Phase 4: verify, report, list ----------------------===//
//
// Prints the sorted diagnostics, verifies the expectations of fixtures
// (--verify), lists the queries (`nosqlint queries`) and explains one
// file's extraction (--explain-extraction).
//
//===----------------------------------------------------------------------===//
#include "Run.h"

#include "Baseline.h"
#include "FileReader.h"
#include "PatternsBuilder.h"
#include "QueryInventory.h"
#include "Verifier.h"

#include "nosqlint/Basic/CqlNames.h"
#include "nosqlint/Cql/Printer.h"
#include "nosqlint/Diag/Emitters.h"
#include "nosqlint/Diag/Fingerprint.h"
#include "nosqlint/Dynamo/AccessPatterns.h"
#include "nosqlint/Extract/GeneratedSources.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Threading.h"

#include <set>

#include <algorithm>
#include <tuple>

namespace nosqlint::driver {

unsigned Run::statementCount() const {
  unsigned N = 0;
  for (const dynamo::RequestFile &F : DynamoRequests)
    N += static_cast<unsigned>(F.Requests.size());
  for (const FileAnalysis &A : Analyses) {
    if (A.HostRequests)
      N += static_cast<unsigned>(A.HostRequests->Requests.size());
    N += A.Cql.StatementsSeen;
    for (const HostQuery &Q : A.Host)
      N += Q.Script.StatementsSeen;
  }
  return N;
}

int Run::verify(llvm::ArrayRef<Diagnostic> Sorted) {
  std::vector<Expectation> Expected;
  std::vector<std::string> Problems;
  for (const FileAnalysis &A : Analyses) {
    // A schema file given only for reference reports nothing of its own:
    // its expectations are verified where it is an input (schema-audit/).
    if (!A.File || A.Input.IsSchema)
      continue;
    std::vector<Expectation> E =
        parseExpectations(*A.File, SM.text(*A.File), false, Problems);
    Expected.insert(Expected.end(), E.begin(), E.end());
    // A file that cannot hold comments (JSON) has its expectations beside
    // it, with absolute lines.
    if (auto Sidecar = llvm::MemoryBuffer::getFile(A.Input.Path + ".expect")) {
      std::vector<Expectation> S = parseExpectations(
          *A.File, (*Sidecar)->getBuffer(), /*AbsoluteLinesOnly=*/true, Problems);
      Expected.insert(Expected.end(), S.begin(), S.end());
    }
  }
  for (const std::string &P : Problems)
    Err << "malformed expectation: " << P << "\n";
  bool Ok = verifyDiagnostics(Sorted, Expected, SM, Err) && Problems.empty();
  if (!Ok)
    return ExitFindings;
  Out << "verified " << Expected.size() << " expected diagnostic"
      << (Expected.size() == 1 ? "" : "s") << " in " << Analyses.size()
      << " file" << (Analyses.size() == 1 ? "" : "s") << "\n";
  return ExitClean;
}

using EmitFn = void (*)(llvm::ArrayRef<Diagnostic>, const SourceManager &,
                        const RunSummary &, const EmitOptions &,
                        llvm::raw_ostream &);

static EmitFn emitterFor(OutputFormat F) {
  switch (F) {
  case OutputFormat::Text:
    return emitText;
  case OutputFormat::Concise:
    return emitConcise;
  case OutputFormat::Json:
    return emitJson;
  case OutputFormat::JsonLines:
    return emitJsonLines;
  case OutputFormat::Sarif:
    return emitSarif;
  case OutputFormat::Github:
    return emitGithub;
  case OutputFormat::Gitlab:
    return emitGitlab;
  case OutputFormat::Junit:
    return emitJunit;
  }
  return emitText;
}

/// Reads and parses --baseline; false with a message on \p Err.
static bool readBaseline(const std::string &Path,
                         std::vector<BaselineEntry> &Entries,
                         llvm::raw_ostream &Err) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Err << "nosqlint: error: cannot read baseline '" << Path
        << "': " << Buffer.getError().message() << "\n";
    return false;
  }
  std::string Error;
  if (!parseBaseline((*Buffer)->getBuffer(), Path, Entries, Error)) {
    Err << "nosqlint: error: " << Error << "\n";
    return false;
  }
  return true;
}

bool Run::writeOutputFile(const std::string &Path, llvm::StringRef Text,
                          llvm::StringRef What) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (!EC) {
    OS << Text;
    OS.close();
    EC = OS.error();
  }
  if (EC) {
    Err << "nosqlint: error: cannot write " << What << " '" << Path
        << "': " << EC.message() << "\n";
    OS.clear_error();
    OutputWriteFailed = true;
    return false;
  }
  if (Recording)
    Written.push_back({CacheChunk::File, Path, Text.str()});
  return true;
}

int Run::report(std::vector<Diagnostic> Findings) {
  RunSummary Base;
  Base.Files = static_cast<unsigned>(Analyses.size());
  Base.Statements = statementCount();

  EmitOptions EO;
  EO.Color = Options.Color;
  EO.Quiet = Options.Quiet;
  EO.Statistics = Options.Statistics;
  EO.ParseableFixits = Options.ParseableFixits;
  EO.ToolVersion = NOSQLINT_VERSION;
  EO.Jobs = llvm::hardware_concurrency(Options.Jobs).compute_thread_count();
  llvm::SmallString<256> Cwd;
  if (!llvm::sys::fs::current_path(Cwd))
    EO.WorkingDirectory = std::string(Cwd);

  assignFingerprints(Findings, SM, EO.WorkingDirectory, EO.Jobs);
  std::vector<BaselineEntry> Baseline;
  if (!Options.BaselinePath.empty() &&
      !readBaseline(Options.BaselinePath, Baseline, Err))
    return ExitUsageOrInput;
  if (PlanInto) {
    // A --fix pass: the baseline's findings stay as they are.
    if (!Options.BaselinePath.empty()) {
      unsigned Baselined = 0, Gone = 0;
      applyBaseline(Findings, Baseline, Baselined, Gone);
    }
    *PlanInto = chooseFixes(Findings, SM, Options.UnsafeFixes);
    return Diags.hasInputErrors() ? ExitUsageOrInput : ExitClean;
  }
  if (!Options.WriteBaselinePath.empty() &&
      !writeOutputFile(Options.WriteBaselinePath,
                       baselineText(Findings, SM, EO.WorkingDirectory),
                       "baseline"))
    return ExitUsageOrInput;
  if (!Options.BaselinePath.empty()) {
    Base.HasBaseline = true;
    applyBaseline(Findings, Baseline, Base.Baselined, Base.BaselineGone);
  }
  Base.HasFixes = HasFixed;
  Base.Fixed = FixedBefore;
  RunSummary Summary = summarize(Findings, Base);

  std::vector<OutputSpec> Outputs = Options.Outputs;
  if (Outputs.empty())
    Outputs.push_back({Options.Format, std::string()});
  bool WriteFailed = false;
  for (const OutputSpec &O : Outputs) {
    EmitOptions Each = EO;
    if (!O.Path.empty())
      Each.Color = false; // a file gets no escapes
    if (O.Path.empty()) {
      emitterFor(O.Format)(Findings, SM, Summary, Each, Out);
      Out.flush();
      continue;
    }
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    emitterFor(O.Format)(Findings, SM, Summary, Each, OS);
    OS.flush();
    WriteFailed |= !writeOutputFile(O.Path, Text, "output");
  }

  if (Diags.hasInputErrors() || WriteFailed)
    return ExitUsageOrInput;
  // The baseline just written records every finding: none is new (what
  // --baseline with that file would say), so writing it succeeds.
  if (!Options.FailOn || !Options.WriteBaselinePath.empty())
    return ExitClean;
  for (const Diagnostic &D : Findings)
    if (D.Level >= *Options.FailOn)
      return ExitFindings;
  return ExitClean;
}

/// A DynamoDB access pattern as an inventory entry.
static InventoryEntry inventoryEntry(const AccessPattern &P,
                                     const SourceManager &SM,
                                     llvm::StringRef Source = "json") {
  InventoryEntry E;
  LineColumn LC = SM.lineColumn(P.Range.File, P.Range.Begin);
  E.Path = SM.path(P.Range.File).str();
  E.Range = P.Range;
  E.Line = LC.Line;
  E.Column = LC.Column;
  E.Dialect = dialectName(P.Lang).str();
  E.Source = Source.str();
  E.Operation = P.Operation;
  E.Table = P.Table;
  E.TableKnown = P.TableKnown;
  E.PartitionKey = P.PartitionKey;
  E.Clustering = P.SortKey;
  E.FullPartitionKey = P.FullPartitionKey;
  if (!P.Index.empty())
    E.Indexes.push_back(P.Index);
  E.Other = P.Other;
  E.Text = P.Text;
  E.Trust = "full";
  return E;
}

/// How `queries` names the family a host request was written with: the
/// Java SDK v1's request classes, its Document API and DynamoDBMapper, the
/// v2 enhanced client, the .NET SDK's DocumentModel and DataModel, the ORMs
/// (PynamoDB, guregu/dynamo); "sdk" for the SDKs' requests otherwise.
llvm::StringRef hostRequestSource(const FileAnalysis &A, SourceRange At) {
  llvm::StringRef Sdk;
  uint32_t Size = UINT32_MAX;
  for (const auto &[Range, Name] : A.HostRequestSdks)
    if (Range.Begin <= At.Begin && At.End <= Range.End &&
        Range.End - Range.Begin < Size) {
      Sdk = Name;
      Size = Range.End - Range.Begin;
    }
  return llvm::StringSwitch<llvm::StringRef>(Sdk)
      .Case("aws-sdk-java-v1", "sdk-v1")
      .Case("aws-sdk-java-v1-document", "document-api")
      .Case("aws-sdk-java-v1-mapper", "mapper")
      .Case("aws-sdk-java-v2-enhanced", "enhanced-client")
      .Case("aws-sdk-net-document", "document-api")
      .Case("aws-sdk-net-datamodel", "mapper")
      .Case("pynamodb", "orm")
      .Case("guregu-dynamo", "orm")
      .Case("electrodb", "orm")
      .Case("dynamodb-toolbox", "orm")
      .Case("wrapper", "wrapper")
      .Default("sdk");
}

std::vector<InventoryEntry> Run::inventory() const {
  std::vector<InventoryEntry> Entries = buildInventory(Analyses, SM, CqlCatalog);
  for (const dynamo::RequestFile &F : DynamoRequests)
    for (const AccessPattern &P : dynamo::accessPatterns(F, DynamoTables))
      Entries.push_back(inventoryEntry(P, SM));
  for (const FileAnalysis &A : Analyses)
    if (A.HostRequests)
      for (const AccessPattern &P :
           dynamo::accessPatterns(*A.HostRequests, DynamoTables))
        Entries.push_back(
            inventoryEntry(P, SM, hostRequestSource(A, P.Range)));
  std::stable_sort(Entries.begin(), Entries.end(),
                   [](const InventoryEntry &A, const InventoryEntry &B) {
                     return std::tie(A.Path, A.Line, A.Column) <
                            std::tie(B.Path, B.Line, B.Column);
                   });
  return Entries;
}

int Run::listQueries() {
  std::vector<InventoryEntry> Entries = inventory();
  // Each --format with its -o: JSON for json, the text listing otherwise.
  std::vector<OutputSpec> Outputs = Options.Outputs;
  if (Outputs.empty())
    Outputs.push_back({Options.Format, std::string()});
  bool WriteFailed = false;
  for (const OutputSpec &O : Outputs)
    WriteFailed |= !writeListing(O.Path, [&](llvm::raw_ostream &OS) {
      if (O.Format == OutputFormat::Json)
        printInventoryJson(Entries, SchemaSources, OS);
      else
        printInventoryText(Entries, SchemaSources, OS);
    });
  Out.flush();
  // Unreadable inputs still fail the run: the list would be incomplete.
  printInputErrors();
  return Diags.hasInputErrors() || WriteFailed ? ExitUsageOrInput : ExitClean;
}

bool Run::writeListing(const std::string &Path,
                       llvm::function_ref<void(llvm::raw_ostream &)> Print) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  Print(OS);
  OS.flush();
  if (!Path.empty())
    return writeOutputFile(Path, Text, "output");
  Out << Text;
  return true;
}

void Run::printInputErrors() {
  for (const Diagnostic &D : Diags.sorted(SM))
    if (D.Rule == RuleId::InputError)
      Err << SM.path(D.Range.File) << ": " << D.Message << "\n";
}

int Run::explainExtraction() {
  // FILE:LINE, or FILE alone for every decision of the file.
  llvm::StringRef Spec = Options.ExplainExtraction;
  unsigned Line = 0;
  auto [Path, LineText] = Spec.rsplit(':');
  if (LineText.empty() || LineText.getAsInteger(10, Line)) {
    Path = Spec;
    Line = 0;
  }
  std::optional<extract::HostLanguage> Lang = extract::hostLanguageForPath(Path);
  if (!Lang) {
    Err << "nosqlint: error: --explain-extraction takes a source file of a "
           "host language (FILE or FILE:LINE)\n";
    return ExitUsageOrInput;
  }
  std::optional<FileId> File = readInputFile(Path.str(), SM, Diags);
  if (!File) {
    for (const Diagnostic &D : Diags.sorted(SM))
      Err << "nosqlint: error: " << D.Message << "\n";
    return ExitUsageOrInput;
  }
  extract::ExtractOptions EO;
  EO.RecordDecisions = true;
  EO.ByShape = !extract::isTestSourcePath(Path);
  extract::FileExtraction X =
      extract::extractFile(*Lang, *File, SM.text(*File), nullptr, EO);
  // The libraries of the directories around it, as a run over the
  // enclosing tree sees them: the current directory when the file is inside
  // it, else the file's directory.
  SubtreeUses Uses;
  std::string Root;
  {
    llvm::SmallString<256> Cwd, Abs(Path);
    llvm::sys::fs::current_path(Cwd);
    llvm::sys::fs::make_absolute(Abs);
    Root = llvm::StringRef(Abs).startswith(Cwd) ? std::string(".")
                                                : llvm::sys::path::parent_path(Path).str();
  }
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef P = It->path();
    llvm::StringRef Name = llvm::sys::path::filename(P);
    if (Name == ".git" || Name == "node_modules") {
      It.no_push();
      continue;
    }
    auto L = extract::hostLanguageForPath(P);
    if (!L)
      continue;
    auto Buffer = llvm::MemoryBuffer::getFile(P);
    if (!Buffer || (*Buffer)->getBufferSize() > Options.MaxFileBytes)
      continue;
    llvm::SmallString<256> Rel(P);
    llvm::sys::path::remove_dots(Rel, true);
    Uses.add(Rel, extract::libraryUse(*L, (*Buffer)->getBuffer()));
  }
  llvm::SmallString<256> Self(Path);
  llvm::sys::path::remove_dots(Self, true);
  NearestUse Package = Uses.nearest(Self);
  unsigned Shown = 0;
  for (const extract::ExtractionDecision &D : X.Decisions) {
    LineColumn Begin = SM.lineColumn(*File, D.Range.Begin);
    LineColumn End = SM.lineColumn(*File, D.Range.End);
    if (Line != 0 && (Line < Begin.Line || Line > End.Line))
      continue;
    bool Taken = D.Taken;
    std::string Reason = D.Reason;
    for (const extract::CqlSnippet &S : X.Snippets)
      if (S.Range.Begin == D.Range.Begin && S.NeedsPackage) {
        Taken = Package.allowsCql();
        Reason += "; " + Package.describe();
      }
    Out << SM.path(*File) << ":" << Begin.Line << ":" << Begin.Column << ": "
        << (Taken ? "taken as CQL" : "not taken") << ": " << Reason << "\n";
    std::string Text = D.Text.substr(0, 200);
    std::replace(Text.begin(), Text.end(), '\n', ' ');
    Out << "    " << Text << (D.Text.size() > 200 ? " ..." : "") << "\n";
    ++Shown;
  }
  if (Shown == 0)
    Out << Spec << ": no string there reads as a statement\n";
  if (auto Why = extract::generatedReason(Path, SM.text(*File));
      Why && !Options.IncludeGenerated)
    Out << Path << ": left out of directory walks: " << *Why
        << " (--include-generated reads it)\n";
  return ExitClean;
}

std::vector<Diagnostic>
Run::withoutReferenceFindings(std::vector<Diagnostic> Sorted) const {
  // A file given only with --schema is the schema for reference: its own
  // findings (hot-partition-key, unbounded-partition, schema-error, ...)
  // are not reported and do not fail the run. Its syntax errors and read
  // errors are: the reference is broken, and the checks rest on it.
  // A generated file read for its models is a reference too, and nothing
  // of it is reported: its text is the generator's, not the user's.
  std::set<uint32_t> SchemaOnly, Generated;
  for (const FileAnalysis &A : Analyses) {
    if (A.File && A.Input.IsSchema)
      SchemaOnly.insert(A.File->Value);
    if (A.File && A.GeneratedModels)
      Generated.insert(A.File->Value);
  }
  if (SchemaOnly.empty() && Generated.empty())
    return Sorted;
  llvm::erase_if(Sorted, [&](const Diagnostic &D) {
    uint32_t F = D.Range.File.Value;
    return Generated.count(F) ||
           (SchemaOnly.count(F) && D.Rule != RuleId::SyntaxError &&
            D.Rule != RuleId::InputError);
  });
  return Sorted;
}

} // namespace nosqlint::driver
