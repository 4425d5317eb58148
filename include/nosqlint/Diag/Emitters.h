//===- Emitters.h - Text, JSON and SARIF output of diagnostics -*- C++ -*-===//
//
// The three output formats of the diagnostics engine. Each emitter takes the
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
  std::string WorkingDirectory;
};

/// Returns \p Base (which supplies Files and Statements) with Errors, Warnings
/// and Notes counted from \p Diags: each finding counts once, by its own
/// severity. Notes attached to a finding are part of that finding and are not
/// counted; `notes` counts findings whose severity is note.
RunSummary summarize(llvm::ArrayRef<Diagnostic> Diags, RunSummary Base);

/// The last line of the text output, without a newline:
/// "1 error, 0 warnings, 2 notes in 1 file".
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
///                     "notes": [{"message", "file", "line", "column"}],
///                     "fixits": [{"file", "line", "column", "end_line",
///                                 "end_column", "replacement"}]}],
///    "summary": {"files", "statements", "errors", "warnings", "notes"}}
/// "file" is the path as shown to the user. Lines and columns are 1-based,
/// columns count bytes, end_column is the column just past the last byte of
/// the range (exclusive, like LSP). "dialect" is "cql", "dynamodb" or null.
/// Anything without a location has null file, line and column (and end_*).
void emitJson(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
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
