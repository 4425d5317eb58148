//===- CommandLine.cpp - The check and queries command lines --------------===//
//
// Builds the CLI11 app of `nosqlint check` (and `queries`, which takes the
// same options), parses into DriverOptions, and checks each enumerated value
// with the words the configuration file uses (SettingValues.h). CLI11 takes
// unknown flags as extras; each is reported with the nearest public flag.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "CliParse.h"
#include "StdinInput.h"

#include "Version.h"

#include "nosqlint/Config/SettingValues.h"
#include "nosqlint/Driver/Driver.h"
#include "nosqlint/Driver/Outputs.h"
#include "nosqlint/Patterns/Emitters.h"

#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"

#include <CLI/CLI.hpp>

#include <cstdlib>

namespace nosqlint::tool {

namespace {

const char *const Footer = R"(
COMMANDS:
  nosqlint [check] [options] <file|dir>...   analyze queries (the default)
  nosqlint queries [options] <file|dir>...   list every query found: location,
                                             operation, table, pinned key
                                             columns, normalized text
  nosqlint patterns [options] <file|dir>...  the access-pattern report: every
                                             table and index, what reads and
                                             writes it, how each read is
                                             served; --format text, json,
                                             markdown or html; --against
                                             BASE.json for what is new
  nosqlint rules [--format=json]             list every rule
  nosqlint explain <rule-id>                 print a rule's documentation
  nosqlint completions <bash|zsh|fish>       print a shell completion script
  nosqlint server [options]                  the language server (LSP on stdio)
                                             for editors; options as for check

CONFIGURATION:
  The nearest nosqlint.toml, .nosqlint.toml or pyproject.toml [tool.nosqlint]
  above each input governs it; flags override it (see README).

EXIT CODES:
  0  no finding at or above --fail-on
  1  at least one finding at or above --fail-on
  2  usage error, configuration error, unreadable input or internal error
)";

/// The raw strings of the options whose words are checked after parsing.
struct RawValues {
  std::vector<std::string> Formats, OutputFiles;
  std::string Against;
  std::string FailOn = "warning";
  std::string Color = "auto";
  std::string Dialect;
  std::string Target;
  std::string StrictAllowFiltering = "warn";
  std::vector<std::string> Select, ExtendSelect, Ignore;
  bool Version = false;
  std::string StdinFilename;
};

/// The --format and -o values in the order they were written, paired
/// (nosqlint/Driver/Outputs.h). `queries` prints its one listing in the
/// format of the output that goes to stdout.
bool pairFormatsWithFiles(const CLI::App &App, const CLI::Option *Format,
                          const CLI::Option *File, const RawValues &Raw,
                          DriverOptions &O, llvm::raw_ostream &Err) {
  std::vector<OutputArg> Ordered;
  size_t NextFormat = 0, NextFile = 0;
  for (const CLI::Option *Opt : App.parse_order()) {
    if (Opt == Format && NextFormat < Raw.Formats.size())
      Ordered.push_back({OutputArg::Format, Raw.Formats[NextFormat++]});
    else if (Opt == File && NextFile < Raw.OutputFiles.size())
      Ordered.push_back({OutputArg::File, Raw.OutputFiles[NextFile++]});
  }
  std::string Error;
  if (O.ListPatterns) {
    // `patterns` has formats of its own.
    std::vector<NamedOutput> Named;
    if (!pairOutputNames(
            Ordered,
            [](llvm::StringRef F) {
              return patterns::parsePatternsFormat(F).has_value();
            },
            patterns::patternsFormatChoices(), "text", Named, Error)) {
      usageError(Err, Error);
      return false;
    }
    for (const NamedOutput &N : Named)
      O.PatternOutputs.push_back({N.Format, N.Path});
    return true;
  }
  if (!pairOutputs(Ordered, O.Outputs, Error)) {
    usageError(Err, Error);
    return false;
  }
  for (const OutputSpec &S : O.Outputs)
    if (S.Path.empty())
      O.Format = S.Format;
  return true;
}

std::vector<llvm::StringRef> publicFlags(const CLI::App &App,
                                         std::vector<std::string> &Storage) {
  for (const CLI::Option *O : App.get_options()) {
    if (O->get_group().empty())
      continue; // hidden
    for (const std::string &L : O->get_lnames())
      Storage.push_back("--" + L);
    for (const std::string &S : O->get_snames())
      Storage.push_back("-" + S);
  }
  return std::vector<llvm::StringRef>(Storage.begin(), Storage.end());
}

/// `unknown option '--selct' (did you mean '--select'?)`.
std::string unknownFlagMessage(const CLI::App &App, llvm::StringRef Arg) {
  llvm::StringRef Name = Arg.split('=').first;
  std::vector<std::string> Storage;
  std::string Near = config::nearestName(Name, publicFlags(App, Storage));
  std::string M = "unknown option '" + Name.str() + "'";
  if (!Near.empty())
    M += " (did you mean '" + Near + "'?)";
  return M + "; see --help";
}

template <typename T>
bool checkWord(llvm::StringRef Flag, const std::string &Word,
               std::optional<T> (*Parse)(llvm::StringRef),
               llvm::StringRef Choices, T &Into, llvm::raw_ostream &Err) {
  if (std::optional<T> V = Parse(Word)) {
    Into = *V;
    return true;
  }
  usageError(Err, "invalid " + Flag.str() + " value '" + Word +
                      "' (expected " + Choices.str() + ")");
  return false;
}

std::optional<ColorMode> parseColorMode(llvm::StringRef Word) {
  if (Word == "auto")
    return ColorMode::Auto;
  if (Word == "always")
    return ColorMode::Always;
  if (Word == "never")
    return ColorMode::Never;
  return std::nullopt;
}

bool parseRuleList(llvm::StringRef Flag, const std::vector<std::string> &Words,
                   config::RuleList &Into, llvm::raw_ostream &Err) {
  for (const std::string &W : Words) {
    if (W.empty())
      continue;
    if (W == "ALL") {
      Into.All = true;
      continue;
    }
    if (std::optional<RuleId> Id = findRule(W)) {
      Into.Rules.push_back(*Id);
      continue;
    }
    std::string Near = config::nearestRuleName(W);
    usageError(Err, "unknown rule '" + W + "' in " + Flag.str() +
                        (Near.empty() ? std::string()
                                      : " (did you mean '" + Near + "'?)") +
                        "; `nosqlint rules` lists them");
    return false;
  }
  return true;
}

/// LLVM's command line took `-j=4`; CLI11 takes `-j4` and `-j 4`.
std::vector<std::string> normalizeArguments(llvm::ArrayRef<std::string> Args) {
  std::vector<std::string> Result;
  for (const std::string &A : Args) {
    if (llvm::StringRef(A).startswith("-j="))
      Result.push_back("-j" + A.substr(3));
    else
      Result.push_back(A);
  }
  return Result;
}

} // namespace

llvm::ArrayRef<llvm::StringRef> colorModeNames() {
  static const llvm::StringRef Names[] = {"auto", "always", "never"};
  return Names;
}

bool resolveColor(ColorMode Mode) {
  switch (Mode) {
  case ColorMode::Always:
    return true;
  case ColorMode::Never:
    return false;
  case ColorMode::Auto:
    break;
  }
  const char *NoColor = std::getenv("NO_COLOR");
  if (NoColor && *NoColor)
    return false;
  const char *ForceColor = std::getenv("FORCE_COLOR");
  if (ForceColor && *ForceColor)
    return true;
  return llvm::outs().has_colors();
}

std::optional<int> parseCheckCommandLine(llvm::ArrayRef<std::string> Args,
                                         llvm::StringRef Command,
                                         CheckCommandLine &Out,
                                         llvm::raw_ostream &OS,
                                         llvm::raw_ostream &Err) {
  DriverOptions &O = Out.Options;
  RawValues Raw;
  CLI::App App(Command == "server"
                   ? "nosqlint server: the language server, speaking LSP on "
                     "stdin and stdout. Its inputs are the client's workspace "
                     "folders; the options below are check's and apply to "
                     "each of them."
                   : "nosqlint: a static analyzer for CQL and DynamoDB "
                     "queries",
               "nosqlint " + Command.str());
  App.allow_extras();
  App.footer(Footer);
  App.get_formatter()->column_width(34);

  const char *Analysis = "Analysis";
  const char *Rules = "Rules";
  const char *Inputs = "Inputs";
  const char *Output = "Output";
  const char *Config = "Configuration";

  App.add_option("inputs", O.Inputs,
                 "Files and directories to analyze; - (or /dev/stdin) for the "
                 "text on standard input")
      ->type_name("<file|dir>...");
  App.add_option("--stdin-filename", Raw.StdinFilename,
                 "The path the text on standard input is reported under and "
                 "analyzed as: its language and configuration (default: CQL, "
                 "as <stdin>)")
      ->type_name("<path>")
      ->group(Inputs);
  App.add_option("--schema", O.Schemas,
                 "Schema file or directory (repeatable): CQL DDL, DynamoDB "
                 "table definitions")
      ->allow_extra_args(false)
      ->type_name("<file|dir>")
      ->group(Inputs);
  App.add_option("--exclude", O.Excludes,
                 "Skip paths matching this glob in directory walks "
                 "(repeatable; matched against the path below the walked "
                 "directory and each of its names); replaces the "
                 "configuration's `exclude`")
      ->allow_extra_args(false)
      ->type_name("<glob>")
      ->group(Inputs);
  App.add_option("--extend-exclude", Out.ExtendExcludes,
                 "Skip paths matching this glob too, keeping the "
                 "configuration's `exclude` (repeatable)")
      ->allow_extra_args(false)
      ->type_name("<glob>")
      ->group(Inputs);
  App.add_flag("--force-exclude", O.ForceExclude,
               "Apply the excludes to files named on the command line too "
               "(editors, pre-commit)")
      ->group(Inputs);
  App.add_flag("--allow-empty", O.AllowEmpty,
               "Exit 0 when the inputs hold no file to analyze (default: a "
               "warning and exit code 2)")
      ->group(Inputs);
  App.add_flag("--verbose", O.Verbose,
               "Say on stderr which folders and files a directory walk left "
               "out, and why")
      ->group(Inputs);
  App.add_option("--max-file-size", O.MaxFileBytes,
                 "Skip files above this many bytes (named, found by a walk, "
                 "or schema), with a note (default: 2 MiB)")
      ->type_name("<bytes>")
      ->group(Inputs);
  App.add_flag("--include-generated", O.IncludeGenerated,
               "Also read the source files a generator wrote, which a "
               "directory walk leaves out (*.pb.go, *_pb2.py, *.min.js, "
               "`Code generated ... DO NOT EDIT`, `@generated`, "
               "`<auto-generated>`, minified files)")
      ->group(Inputs);

  App.add_option("--dialect", Raw.Dialect,
                 "CQL dialect: cassandra (Apache Cassandra 5.0, the default) "
                 "or scylladb")
      ->type_name("<cassandra|scylladb>")
      ->group(Analysis);
  App.add_option("--target", Raw.Target,
                 "Target database: cassandra-5.0 (default), cassandra-4.1, "
                 "cassandra-4.0, scylladb or dynamodb")
      ->type_name("<database>")
      ->group(Analysis);
  App.add_option("--strict-allow-filtering", Raw.StrictAllowFiltering,
                 "ScyllaDB's strict_allow_filtering, for a query that reads a "
                 "clustering slice in every partition: on rejects it without "
                 "ALLOW FILTERING, warn (default) runs it with a warning, off "
                 "runs it (--dialect=scylladb only); true/false as ScyllaDB "
                 "spells them")
      ->type_name("<on|warn|off>")
      ->group(Analysis);
  App.add_option("--guardrails", O.Guardrails,
                 "Report what this server would warn about or refuse: a "
                 "cassandra.yaml or scylla.yaml (cassandra:FILE or "
                 "scylla:FILE to say which), or the built-in profile astra")
      ->type_name("<FILE|astra>")
      ->group(Analysis);
  App.add_option("-j,--jobs", O.Jobs, "Worker threads (default: all cores)")
      ->type_name("<N>")
      ->group(Analysis);
  App.add_option("--explain-extraction", O.ExplainExtraction,
                 "Print why each string of a source file that reads as a "
                 "statement was taken for CQL or not, at LINE or in the "
                 "whole file")
      ->type_name("<FILE[:LINE]>")
      ->group(Analysis);

  App.add_option("--select", Raw.Select,
                 "Report only these rules (comma list, repeatable; ALL for "
                 "every rule); replaces the configuration's `select`")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->type_name("<ids>")
      ->group(Rules);
  App.add_option("--extend-select", Raw.ExtendSelect,
                 "Report these rules too (comma list, repeatable)")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->type_name("<ids>")
      ->group(Rules);
  App.add_option("--ignore", Raw.Ignore,
                 "Do not report these rules (comma list, repeatable)")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->type_name("<ids>")
      ->group(Rules);
  App.add_flag("--report-unused-ignores", O.ReportUnusedIgnores,
               "Report `nosqlint:` suppression comments (and rule ids in "
               "them) that suppress nothing, as unused-ignore warnings with a "
               "fix that removes them")
      ->group(Rules);
  App.add_option("--fail-on", Raw.FailOn,
                 "Exit with 1 when a finding is at or above this severity: "
                 "error, warning (default), note or never")
      ->type_name("<level>")
      ->group(Rules);

  CLI::Option *FormatOption =
      App.add_option("--format", Raw.Formats,
                     "Output format: full (clang style, default; alias "
                     "text), concise, json, json-lines, sarif, github, "
                     "gitlab or junit. Repeatable, each with its own -o; at "
                     "most one without")
          ->allow_extra_args(false)
          ->type_name("<format>")
          ->group(Output);
  CLI::Option *FileOption =
      App.add_option("-o,--output-file", Raw.OutputFiles,
                     "Write the output of the --format before it to this "
                     "file")
          ->allow_extra_args(false)
          ->type_name("<file>")
          ->group(Output);
  if (Command == "patterns")
    App.add_option("--against", Raw.Against,
                   "Compare with this earlier JSON report; list the new "
                   "access patterns and the new ones no key or index serves "
                   "(exit code 1 when there is one)")
        ->type_name("<file>")
        ->group(Output);
  App.add_flag("--statistics", O.Statistics,
               "Add a table of finding counts per rule (text, concise, json)")
      ->group(Output);
  App.add_option("--baseline", O.BaselinePath,
                 "Report only the findings not recorded in this baseline "
                 "file, and count the baselined and the fixed ones")
      ->type_name("<file>")
      ->group(Rules);
  App.add_option("--write-baseline", O.WriteBaselinePath,
                 "Write every finding of this run to a baseline file")
      ->type_name("<file>")
      ->group(Rules);
  App.add_option("--color", Raw.Color,
                 "Color the text output: auto (default: on a terminal, off "
                 "with NO_COLOR, on with FORCE_COLOR), always or never")
      ->type_name("<when>")
      ->group(Output);
  const char *Fixing = "Fixes";
  App.add_flag("--fix", O.Fix,
               "Apply the safe fixes to the files (stdin: print the fixed "
               "text, the report goes to stderr), then report what remains")
      ->group(Fixing);
  App.add_flag("--unsafe-fixes", O.UnsafeFixes,
               "Also apply the unsafe fixes (names corrected to the nearest "
               "of the schema); implies --fix unless --diff")
      ->group(Fixing);
  App.add_flag("--diff", O.Diff,
               "Print the fixes as a unified diff and write nothing; exit 1 "
               "when there is something to fix")
      ->group(Fixing);
  App.add_flag("--parseable-fixits", O.ParseableFixits,
               "Also print each fix-it as clang's "
               "-fdiagnostics-parseable-fixits does, in text output "
               "(fix-it:\"file\":{l:c-l:c}:\"text\")")
      ->group(Fixing);
  App.add_flag("--quiet", O.Quiet,
               "Print the findings only: no summary line, no statistics")
      ->group(Output);
  App.add_flag("--version", Raw.Version,
               "Print the version, the build's commit and the supported "
               "databases")
      ->group(Output);

  App.add_option("--config", Out.ConfigPath,
                 "Use only this configuration file (relative paths in it "
                 "start at its folder)")
      ->type_name("<file>")
      ->group(Config);
  App.add_flag("--isolated", Out.Isolated, "Read no configuration file")
      ->group(Config);
  App.add_option("--cache-dir", Out.CacheDir,
                 "Keep the result cache in this folder (default: the "
                 "configuration's `cache-dir`, else .nosqlint_cache in the "
                 "current folder)")
      ->type_name("<dir>")
      ->group(Config);
  App.add_flag("--no-cache", Out.NoCache,
               "Neither read nor write the result cache")
      ->group(Config);
  App.add_flag("--show-settings", Out.ShowSettings,
               "Print the settings that govern each input, as JSON, and exit")
      ->group(Config);

  // The fixture test mode, for the test suite only.
  App.add_flag("--verify", O.Verify,
               "Check the diagnostics against the expect-... annotations")
      ->group("");
  // The files the inputs expand to, for the walk's tests.
  App.add_flag("--list-files", O.ListFiles,
               "Print the files the inputs expand to and stop")
      ->group("");

  std::vector<std::string> Normalized = normalizeArguments(Args);
  if (std::optional<int> Exit = parseInto(App, Normalized, OS, Err))
    return Exit;
  for (const std::string &Extra : App.remaining()) {
    llvm::StringRef Flag = llvm::StringRef(Extra).split('=').first;
    if (Flag == "--against") {
      usageError(Err, "--against is an option of `nosqlint patterns`");
      return ExitUsageOrInput;
    }
    usageError(Err, unknownFlagMessage(App, Extra));
    return ExitUsageOrInput;
  }
  if (Raw.Version) {
    printVersion(OS);
    return ExitClean;
  }

  for (const char *Flag :
       {"schema", "exclude", "max-file-size", "include-generated", "dialect",
        "target", "strict-allow-filtering", "report-unused-ignores",
        "guardrails",
        "fail-on", "format"})
    if (App.count(std::string("--") + Flag) > 0)
      Out.Given.insert(Flag);

  O.ListPatterns = Command == "patterns";
  O.PatternsAgainst = Raw.Against;
  if (!pairFormatsWithFiles(App, FormatOption, FileOption, Raw, O, Err))
    return ExitUsageOrInput;
  if (!checkWord("--fail-on", Raw.FailOn, config::parseFailOn,
                 "error, warning, note or never", O.FailOn, Err) ||
      !checkWord("--color", Raw.Color, parseColorMode,
                 "auto, always or never", Out.Color, Err) ||
      !checkWord("--strict-allow-filtering", Raw.StrictAllowFiltering,
                 config::parseStrictAllowFiltering, "on, warn or off",
                 O.StrictAllowFiltering, Err))
    return ExitUsageOrInput;
  if (!Raw.Dialect.empty()) {
    if (Raw.Dialect != "cassandra" && Raw.Dialect != "scylladb") {
      usageError(Err, "invalid --dialect value '" + Raw.Dialect +
                          "' (expected cassandra or scylladb)");
      return ExitUsageOrInput;
    }
    Out.TargetDb = config::parseTarget(Raw.Dialect);
  }
  if (!Raw.Target.empty()) {
    config::Target T;
    if (!checkWord("--target", Raw.Target, config::parseTarget,
                   "cassandra-5.0, cassandra-4.1, cassandra-4.0, scylladb or "
                   "dynamodb",
                   T, Err))
      return ExitUsageOrInput;
    if (Out.TargetDb && Out.TargetDb->Database != T.Database) {
      usageError(Err, "--dialect=" + Raw.Dialect + " and --target=" +
                          Raw.Target + " name different databases");
      return ExitUsageOrInput;
    }
    Out.TargetDb = T;
  }
  if (!Raw.Select.empty()) {
    Out.Rules.Select.emplace();
    if (!parseRuleList("--select", Raw.Select, *Out.Rules.Select, Err))
      return ExitUsageOrInput;
  }
  if (!parseRuleList("--extend-select", Raw.ExtendSelect,
                     Out.Rules.ExtendSelect, Err) ||
      !parseRuleList("--ignore", Raw.Ignore, Out.Rules.Ignore, Err))
    return ExitUsageOrInput;
  if (!Out.ConfigPath.empty() && Out.Isolated) {
    usageError(Err, "--config and --isolated exclude each other");
    return ExitUsageOrInput;
  }

  O.ListQueries = Command == "queries";
  if (O.UnsafeFixes && !O.Diff)
    O.Fix = true;
  if ((O.Fix || O.Diff) && (O.ListQueries || O.Verify)) {
    usageError(Err, std::string(O.Fix ? "--fix" : "--diff") +
                        (O.ListQueries ? " does not apply to `nosqlint queries`"
                                       : " and --verify exclude each other"));
    return ExitUsageOrInput;
  }
  if (std::optional<int> Exit = takeStdinInput(O, Raw.StdinFilename, Err))
    return Exit;
  if (O.Inputs.empty() && O.ExplainExtraction.empty() && !Out.ShowSettings) {
    usageError(Err, "no input files; usage: nosqlint " + Command.str() +
                        " [options] <file|dir>... (see --help)");
    return ExitUsageOrInput;
  }
  return std::nullopt;
}

} // namespace nosqlint::tool
