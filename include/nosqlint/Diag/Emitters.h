//===- Emitters.h - The output formats of diagnostics ----------*- C++ -*-===//
//
// The output formats of the diagnostics engine: full text, concise text,
// JSON, JSON lines, SARIF, GitHub workflow commands, GitLab Code Quality and
// JUnit XML. Each emitter takes the
// diagnostics already sorted (DiagnosticEngine::sorted), the SourceManager that
// owns the files they point into, and the run's counts, and writes one complete
// output to a stream. The output depends on nothing else (no clock, no
// environment, no current directory unless WorkingDirectory is empty), so it
// can be compared byte for byte with golden files.
//
// Positions. Internally a position is a byte offset. Every format prints
// 1-based lines. Text and JSON print 1-based columns counted in bytes (the
// same numbers as `--verify` fixtures use). SARIF prints columns in UTF-16 code
// units (see emitSarif). All end positions are exclusive: the end column is
// the column just past the last byte of the range, as in LSP and SARIF.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_DIAG_EMITTERS_H
#define NOSQLINT_DIAG_EMITTERS_H

#include "nosqlint/Diag/Diagnostic.h"
#include "nosqlint/Diag/DiagnosticEngine.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace nosqlint {

class SourceManager;

/// Where the SARIF driver's informationUri points.
inline constexpr llvm::StringLiteral ToolInformationUri =
    "https://github.com/nosqlint/nosqlint";

struct EmitOptions {
  /// Text only: color the output with ANSI escapes, whatever the stream is
  /// (the driver resolves --color=auto against the terminal before this).
  bool Color = false;
  /// Text only: print the diagnostics and nothing else, that is, no summary
  /// line. JSON and SARIF always write their whole document.
  bool Quiet = false;
  /// The tool's version, for SARIF's tool.driver.version (omitted if empty).
  std::string ToolVersion;
  /// SARIF only: the directory file URIs are made relative to (normally the
  /// current directory). Empty means the process's current directory.
  /// GitHub and GitLab print paths relative to it too.
  std::string WorkingDirectory;
  /// Text, concise and JSON: add the per-rule counts (--statistics).
  bool Statistics = false;
  /// Text only: also print every fix-it as clang's
  /// -fdiagnostics-parseable-fixits does, one
  /// `fix-it:"<file>":{<line>:<col>-<line>:<col>}:"<replacement>"` line each
  /// (--parseable-fixits). Without it only the fix-its that cannot be drawn
  /// under their diagnostic's line are printed that way.
  bool ParseableFixits = false;
  /// Threads that may render the findings (text, concise, JSON, JSON
  /// lines): each renders a chunk of them into its own buffer and the
  /// buffers are written in order, so the bytes do not depend on it.
  unsigned Jobs = 1;
};

/// Per-rule counts of \p Diags, most frequent first (then by rule id).
std::vector<std::pair<RuleId, unsigned>>
ruleStatistics(llvm::ArrayRef<Diagnostic> Diags);

/// The --statistics table of the text formats, one line per rule:
/// "<count> <rule-id> <default severity>", counts right-aligned.
std::string statisticsTable(llvm::ArrayRef<Diagnostic> Diags);

/// Returns \p Base (which supplies Files and Statements) with Errors, Warnings
/// and Notes counted from \p Diags: each finding counts once, by its own
/// severity. Notes attached to a finding are part of that finding and are not
/// counted; `notes` counts findings whose severity is note.
RunSummary summarize(llvm::ArrayRef<Diagnostic> Diags, RunSummary Base);

/// The last line of the text output, without a newline:
/// "1 error, 0 warnings, 2 notes in 1 file"; with a baseline, followed by
/// "; 3 baselined, 1 baseline entry fixed".
std::string summaryLine(const RunSummary &Summary);

/// clang's format: for each diagnostic
///   path:line:col: error: message [rule-id]
///   <source line>
///   <caret line: ^ at the start, ~ under the rest of the range on that line>
///   <fix-it line: the replacement text under the range it replaces>
/// then each note the same way ("path:line:col: note: message"; a note with no
/// location prints "note: message" alone). A fix-it that cannot be drawn
/// under the diagnostic's line (another line or file, several lines of text,
/// non-ASCII text) is printed after the notes in clang's parseable form,
///   fix-it:"path":{line:col-line:col}:"replacement"
/// and a removal is drawn as '~' under the removed text. A diagnostic with no
/// location prints "error: message [rule-id]"; one on an empty line (an empty
/// or unreadable file, the end of a file after its last newline) prints its
/// header line alone unless a fix-it inserts text there. Tabs expand to 8
/// columns; the caret line accounts for multi-byte UTF-8 and wide characters.
/// Unless Quiet, ends with summaryLine() computed by summarize().
void emitText(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
              const RunSummary &Summary, const EmitOptions &Options,
              llvm::raw_ostream &OS);

/// One JSON document, pretty-printed with 2-space indentation, keys always in
/// this order:
///   {"version": 1,
///    "diagnostics": [{"rule", "severity", "message", "file", "line",
///                     "column", "end_line", "end_column", "dialect",
///                     "fingerprint" (omitted when not assigned),
///                     "notes": [{"message", "file", "line", "column"}],
///                     "fixits": [{"file", "line", "column", "end_line",
///                                 "end_column", "replacement"}]}],
///    "summary": {"files", "statements", "errors", "warnings", "notes",
///                "baselined", "baseline_fixed" (with a baseline only)},
///    "statistics": [{"rule", "count"}] (with Options.Statistics only)}
/// "file" is the path as shown to the user. Lines and columns are 1-based,
/// columns count bytes, end_column is the column just past the last byte of
/// the range (exclusive, like LSP). "dialect" is "cql", "dynamodb" or null.
/// Anything without a location has null file, line and column (and end_*).
void emitJson(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
              const RunSummary &Summary, const EmitOptions &Options,
              llvm::raw_ostream &OS);

/// One line per finding: "path:line:col: severity: message [rule-id]", after
/// groupByCause() (so one line per cause). Unless Quiet, then the
/// statistics table (with Options.Statistics) and summaryLine().
void emitConcise(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
                 const RunSummary &Summary, const EmitOptions &Options,
                 llvm::raw_ostream &OS);

/// One compact JSON object per finding per line, each with the fields of a
/// JSON "diagnostics" entry; nothing else (no summary).
void emitJsonLines(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
                   const RunSummary &Summary, const EmitOptions &Options,
                   llvm::raw_ostream &OS);

/// GitHub Actions workflow commands, one per cause (groupByCause()):
///   ::error file=P,line=L,col=C,endLine=EL,endColumn=EC,title=RULE::MESSAGE
/// (::warning for warnings, ::notice for notes; the notes follow the message
/// on lines of their own). Paths relative to WorkingDirectory. Escaping as
/// GitHub's runner expects it: githubEscapeData / githubEscapeProperty.
void emitGithub(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
                const RunSummary &Summary, const EmitOptions &Options,
                llvm::raw_ostream &OS);

/// '%' -> %25, CR -> %0D, LF -> %0A (a command's message).
std::string githubEscapeData(llvm::StringRef S);
/// githubEscapeData plus ':' -> %3A and ',' -> %2C (a property value).
std::string githubEscapeProperty(llvm::StringRef S);

/// GitLab Code Quality: one JSON array with an object per located finding,
///   {"description", "check_name", "fingerprint", "severity",
///    "location": {"path", "lines": {"begin"}}}
/// severity: error -> critical, warning -> major, note -> info. Paths
/// relative to WorkingDirectory. Findings without a location are left out
/// (GitLab requires one).
void emitGitlab(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
                const RunSummary &Summary, const EmitOptions &Options,
                llvm::raw_ostream &OS);

/// JUnit XML: <testsuites> with one <testsuite> per file (in the order of
/// the sorted findings; findings without a file under "nosqlint") and one
/// <testcase> per finding holding a <failure type="rule-id" message="...">
/// whose text is the finding as the concise format prints it, then its
/// notes. Counts (tests, failures, errors, skipped) and time="0" on every
/// suite and case, no timestamp or host name (the output stays
/// reproducible). XML-escaped; characters XML 1.0 forbids become U+FFFD.
void emitJunit(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
               const RunSummary &Summary, const EmitOptions &Options,
               llvm::raw_ostream &OS);

/// SARIF 2.1.0, as GitHub code scanning accepts it: one run whose driver lists
/// every rule of allRules() (with its documentation page as help), one result
/// per diagnostic (ruleIndex = position in allRules()), notes as
/// relatedLocations (notes without a location are appended to the message
/// text), fix-its as one fix per result. Diagnostics without a location and
/// input errors are not results but toolExecutionNotifications of
/// runs[0].invocations[0], whose executionSuccessful is false when one of them
/// is an error (GitHub rejects a whole upload with an unlocated result).
/// Artifact URIs are relative to WorkingDirectory with uriBaseId "%SRCROOT%"
/// (declared in originalUriBaseIds), with forward slashes and percent-encoding;
/// files outside it get absolute file:// URIs. Columns are converted from bytes
/// to UTF-16 code units, SARIF's default columnKind (stated explicitly as
/// run.columnKind = "utf16CodeUnits"), which is also what a consumer that
/// ignores columnKind assumes. Only the SARIF output converts: its columns can
/// differ from the text and JSON ones on lines with non-ASCII characters.
void emitSarif(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
               const RunSummary &Summary, const EmitOptions &Options,
               llvm::raw_ostream &OS);

/// The SARIF artifact URI for \p Path: relative (percent-encoded, forward
/// slashes) when \p Path lies inside \p WorkingDirectory, else a file:// URI.
/// Sets \p IsRelative accordingly. Exposed for tests.
std::string sarifUriForPath(llvm::StringRef Path,
                            llvm::StringRef WorkingDirectory, bool &IsRelative);

} // namespace nosqlint

#endif
