//===- main.cpp - The nosqlint command line -------------------------------===//
//
//   nosqlint [options] <file|dir>...   analyze queries
//   nosqlint rules                     list every rule
//   nosqlint explain <rule-id>         print a rule's documentation
//   nosqlint queries <file|dir>...     list every query found (inventory)
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Check/StrictAllowFiltering.h"
#include "nosqlint/Diag/Rule.h"
#include "nosqlint/Driver/Driver.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

using namespace nosqlint;
namespace cl = llvm::cl;

namespace {

cl::OptionCategory Category("nosqlint options");

cl::list<std::string> Inputs(cl::Positional, cl::desc("<file|dir>..."),
                             cl::cat(Category));
cl::list<std::string> Schemas(
    "schema", cl::desc("Schema file or directory (repeatable): CQL DDL, "
                       "DynamoDB table definitions"),
    cl::value_desc("file|dir"), cl::cat(Category));

cl::opt<OutputFormat> Format(
    "format", cl::desc("Output format"), cl::init(OutputFormat::Text),
    cl::values(clEnumValN(OutputFormat::Text, "text", "clang-style text"),
               clEnumValN(OutputFormat::Json, "json", "one JSON document"),
               clEnumValN(OutputFormat::Sarif, "sarif", "SARIF 2.1.0")),
    cl::cat(Category));

enum class FailOnLevel { Error, Warning, Note, Never };
cl::opt<FailOnLevel> FailOn(
    "fail-on",
    cl::desc("Exit with 1 when a finding is at or above this severity"),
    cl::init(FailOnLevel::Warning),
    cl::values(clEnumValN(FailOnLevel::Error, "error", ""),
               clEnumValN(FailOnLevel::Warning, "warning", "(default)"),
               clEnumValN(FailOnLevel::Note, "note", ""),
               clEnumValN(FailOnLevel::Never, "never", "")),
    cl::cat(Category));

// LLVM Support registers its own boolean --color option, so ours is taken
// out of argv before llvm::cl parses the rest (see extractColorOption).
enum class ColorMode { Auto, Always, Never };

cl::opt<bool> Quiet("quiet", cl::desc("Print the diagnostics only, no summary"),
                    cl::cat(Category));

cl::opt<cql::CqlDialect> DialectOpt(
    "dialect", cl::desc("CQL dialect"), cl::init(cql::CqlDialect::Cassandra),
    cl::values(clEnumValN(cql::CqlDialect::Cassandra, "cassandra",
                          "Apache Cassandra 5.0 (default)"),
               clEnumValN(cql::CqlDialect::ScyllaDb, "scylladb", "ScyllaDB")),
    cl::cat(Category));

cl::opt<check::ScyllaStrictAllowFiltering> StrictAllowFilteringOpt(
    "strict-allow-filtering",
    cl::desc("ScyllaDB's strict_allow_filtering setting, for a query that "
             "reads a clustering slice in every partition: on rejects it "
             "without ALLOW FILTERING, warn runs it with a warning, off runs "
             "it (--dialect=scylladb only; ignored under Cassandra, which "
             "always asks for ALLOW FILTERING)"),
    cl::init(check::ScyllaStrictAllowFiltering::Warn),
    cl::values(
        clEnumValN(check::ScyllaStrictAllowFiltering::True, "on",
                   "strict_allow_filtering=true"),
        clEnumValN(check::ScyllaStrictAllowFiltering::Warn, "warn",
                   "strict_allow_filtering=warn (default, as ScyllaDB's)"),
        clEnumValN(check::ScyllaStrictAllowFiltering::False, "off",
                   "strict_allow_filtering=false"),
        clEnumValN(check::ScyllaStrictAllowFiltering::True, "true",
                   "same as on (ScyllaDB's spelling)"),
        clEnumValN(check::ScyllaStrictAllowFiltering::False, "false",
                   "same as off (ScyllaDB's spelling)")),
    cl::cat(Category));

cl::opt<unsigned> Jobs("j", cl::desc("Worker threads (default: all cores)"),
                       cl::init(0), cl::cat(Category));

cl::list<std::string> Excludes(
    "exclude",
    cl::desc("Skip paths matching this glob in directory walks (repeatable; "
             "matched against the path below the walked directory and each "
             "of its names)"),
    cl::value_desc("glob"), cl::cat(Category));

cl::opt<uint64_t> MaxFileSize(
    "max-file-size",
    cl::desc("Skip files above this many bytes (named, found by a walk, or "
             "schema), with a note (default: 2 MiB)"),
    cl::init(2u << 20), cl::value_desc("bytes"), cl::cat(Category));

cl::opt<bool> ReportUnusedIgnores(
    "report-unused-ignores",
    cl::desc("Report `nosqlint: ignore` comments that suppress nothing, and "
             "unknown rule ids in them, as unused-ignore notes"),
    cl::cat(Category));

cl::opt<std::string> ExplainExtraction(
    "explain-extraction",
    cl::desc("Print why each string of a source file that reads as a "
             "statement was taken for CQL or not (the library model row or "
             "rule that decided), at LINE or in the whole file"),
    cl::value_desc("FILE[:LINE]"), cl::cat(Category));

cl::opt<bool> Verify("verify",
                     cl::desc("Check the diagnostics against the expect-... "
                              "annotations in the inputs (fixture tests)"),
                     cl::Hidden, cl::cat(Category));

void printVersion(llvm::raw_ostream &OS) {
  OS << "nosqlint " << NOSQLINT_VERSION << "\n";
}

std::string dialectList(unsigned Mask) {
  if ((Mask & DialectAll) == DialectAll)
    return "cql,dynamodb";
  return Mask & DialectCql ? "cql" : "dynamodb";
}

int listRules() {
  llvm::outs() << fmt::format("{:<26} {:<8} {:<13} {}\n", "RULE", "SEVERITY",
                              "DIALECTS", "SUMMARY");
  for (const RuleInfo &R : allRules())
    llvm::outs() << fmt::format("{:<26} {:<8} {:<13} {}\n", R.Name.str(),
                                severityName(R.DefaultSeverity).str(),
                                dialectList(R.Dialects), R.Summary.str());
  return ExitClean;
}

int explainRule(int Argc, char **Argv) {
  if (Argc != 3) {
    llvm::errs() << "usage: nosqlint explain <rule-id>\n";
    return ExitUsageOrInput;
  }
  std::optional<RuleId> Id = findRule(Argv[2]);
  if (!Id) {
    llvm::WithColor::error(llvm::errs(), "nosqlint")
        << "unknown rule '" << Argv[2]
        << "'; `nosqlint rules` lists them all\n";
    return ExitUsageOrInput;
  }
  llvm::StringRef Doc = ruleDocumentation(*Id);
  if (Doc.empty()) {
    llvm::WithColor::error(llvm::errs(), "nosqlint")
        << "rule '" << Argv[2] << "' has no documentation page\n";
    return ExitUsageOrInput;
  }
  llvm::outs() << Doc;
  return ExitClean;
}

/// Removes `--color=auto|always|never` (or `--color X`) from the arguments.
/// Returns false, with a message, for an invalid value.
bool extractColorOption(std::vector<char *> &Args, ColorMode &Mode) {
  for (size_t I = 1; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "--")
      break;
    llvm::StringRef Value;
    size_t Consumed = 1;
    if (A.consume_front("--color=") || A.consume_front("-color=")) {
      Value = A;
    } else if ((A == "--color" || A == "-color") && I + 1 < Args.size()) {
      Value = Args[I + 1];
      Consumed = 2;
    } else {
      continue;
    }
    if (Value == "auto")
      Mode = ColorMode::Auto;
    else if (Value == "always")
      Mode = ColorMode::Always;
    else if (Value == "never")
      Mode = ColorMode::Never;
    else {
      llvm::WithColor::error(llvm::errs(), "nosqlint")
          << "invalid --color value '" << Value
          << "' (expected auto, always or never)\n";
      return false;
    }
    Args.erase(Args.begin() + I, Args.begin() + I + Consumed);
    --I;
  }
  return true;
}

} // namespace

int main(int Argc, char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  if (Argc >= 2 && llvm::StringRef(Argv[1]) == "rules")
    return listRules();
  if (Argc >= 2 && llvm::StringRef(Argv[1]) == "explain")
    return explainRule(Argc, Argv);

  std::vector<char *> Args(Argv, Argv + Argc);
  bool ListQueries = false;
  if (Args.size() >= 2 && llvm::StringRef(Args[1]) == "queries") {
    ListQueries = true;
    Args.erase(Args.begin() + 1);
  }
  ColorMode Color = ColorMode::Auto;
  if (!extractColorOption(Args, Color))
    return ExitUsageOrInput;
  Argc = static_cast<int>(Args.size());
  Argv = Args.data();

  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(printVersion);
  cl::extrahelp Extra(
      "\nMORE OPTIONS:\n"
      "  --color=<auto|always|never>  color the text output (default: auto, "
      "on a terminal)\n"
      "\nCOMMANDS:\n"
      "  nosqlint rules              list every rule\n"
      "  nosqlint explain <rule-id>  print a rule's documentation\n"
      "  nosqlint queries [options] <file|dir>...\n"
      "                              list every query found: location, "
      "operation, table,\n"
      "                              pinned key columns, normalized text "
      "(--format=json)\n"
      "\nEXIT CODES:\n"
      "  0  no finding at or above --fail-on\n"
      "  1  at least one finding at or above --fail-on\n"
      "  2  usage error, unreadable input or internal error\n");
  if (!cl::ParseCommandLineOptions(Argc, Argv,
                                   "nosqlint: a static analyzer for CQL and "
                                   "DynamoDB queries\n",
                                   &llvm::errs()))
    return ExitUsageOrInput;
  if (Inputs.empty() && ExplainExtraction.empty()) {
    llvm::WithColor::error(llvm::errs(), "nosqlint")
        << "no input files; usage: nosqlint [options] <file|dir>... "
           "(see --help)\n";
    return ExitUsageOrInput;
  }

  DriverOptions Options;
  Options.Inputs.assign(Inputs.begin(), Inputs.end());
  Options.Schemas.assign(Schemas.begin(), Schemas.end());
  Options.Format = Format;
  switch (FailOn) {
  case FailOnLevel::Error:
    Options.FailOn = Severity::Error;
    break;
  case FailOnLevel::Warning:
    Options.FailOn = Severity::Warning;
    break;
  case FailOnLevel::Note:
    Options.FailOn = Severity::Note;
    break;
  case FailOnLevel::Never:
    Options.FailOn = std::nullopt;
    break;
  }
  switch (Color) {
  case ColorMode::Auto:
    Options.Color = llvm::outs().has_colors();
    break;
  case ColorMode::Always:
    Options.Color = true;
    break;
  case ColorMode::Never:
    Options.Color = false;
    break;
  }
  Options.Quiet = Quiet;
  Options.Dialect = DialectOpt;
  Options.StrictAllowFiltering = StrictAllowFilteringOpt;
  Options.Verify = Verify;
  Options.Jobs = Jobs;
  Options.Excludes.assign(Excludes.begin(), Excludes.end());
  Options.MaxFileBytes = MaxFileSize;
  Options.ListQueries = ListQueries;
  Options.ExplainExtraction = ExplainExtraction;
  Options.ReportUnusedIgnores = ReportUnusedIgnores;
  try {
    return runDriver(Options, llvm::outs(), llvm::errs());
  } catch (const std::exception &E) {
    llvm::WithColor::error(llvm::errs(), "nosqlint")
        << "internal error: " << E.what() << "\n";
    return ExitUsageOrInput;
  }
}
