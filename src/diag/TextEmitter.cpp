//===- TextEmitter.cpp - clang-style text output --------------------------===//
//
// Prints each diagnostic the way clang does, through llvm::SMDiagnostic so the
// look (and the colors) are LLVM's own: a location header, the source line, a
// caret line and the fix-it insertion line. SMDiagnostic gives up on the caret
// line when the source line holds non-ASCII bytes; for those lines this file
// draws the caret and fix-it lines itself, in display columns, laid out against
// the source line exactly as SMDiagnostic printed it (tabs included).
// Findings are printed one per cause (CauseGroups.h).
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Diag/Emitters.h"

#include "nosqlint/Basic/SourceManager.h"
#include "nosqlint/Diag/CauseGroups.h"

#include "ReportChunks.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Unicode.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace nosqlint {
namespace {

/// Longer source lines are not printed under a diagnostic.
constexpr size_t MaxShownLine = 4096;

constexpr unsigned TabStop = 8; // as in llvm/lib/Support/SourceMgr.cpp

/// Forwards to another stream and claims to be a color terminal, so that
/// EmitOptions::Color forces colors even into a pipe or a string.
class ForcedColorStream : public llvm::raw_ostream {
public:
  explicit ForcedColorStream(llvm::raw_ostream &Out)
      : llvm::raw_ostream(/*unbuffered=*/true), Out(Out) {
    enable_colors(true);
  }
  bool has_colors() const override { return true; }
  bool is_displayed() const override { return true; }

private:
  void write_impl(const char *Ptr, size_t Size) override {
    Out.write(Ptr, Size);
  }
  uint64_t current_pos() const override { return Out.tell(); }

  llvm::raw_ostream &Out;
};

llvm::SourceMgr::DiagKind diagKind(Severity Level) {
  switch (Level) {
  case Severity::Error:
    return llvm::SourceMgr::DK_Error;
  case Severity::Warning:
    return llvm::SourceMgr::DK_Warning;
  case Severity::Note:
    return llvm::SourceMgr::DK_Note;
  }
  return llvm::SourceMgr::DK_Error;
}

bool isAscii(llvm::StringRef S) {
  return llvm::none_of(S, [](char C) { return C & 0x80; });
}

/// Where each byte of a source line starts on screen once SMDiagnostic has
/// printed the line (tabs expanded against a byte counter, as LLVM does),
/// measured in terminal columns. Entry Line.size() is the end of the line.
std::vector<unsigned> displayColumns(llvm::StringRef Line) {
  std::vector<unsigned> Start(Line.size() + 1, 0);
  unsigned OutCol = 0; // LLVM's counter: bytes plus tab padding
  unsigned Display = 0;
  for (size_t I = 0; I < Line.size();) {
    if (Line[I] == '\t') {
      Start[I] = Display;
      do {
        ++OutCol;
        ++Display;
      } while (OutCol % TabStop != 0);
      ++I;
      continue;
    }
    const auto *Bytes = reinterpret_cast<const llvm::UTF8 *>(Line.data() + I);
    unsigned Len = llvm::getNumBytesForUTF8(*Bytes);
    if (Len > Line.size() - I || !llvm::isLegalUTF8Sequence(Bytes, Bytes + Len))
      Len = 1; // a stray byte: one column, as the terminal shows a marker
    int Width = llvm::sys::unicode::columnWidthUTF8(Line.substr(I, Len));
    if (Width < 0)
      Width = 1; // invalid or unprintable: the terminal shows something
    for (unsigned K = 0; K < Len; ++K)
      Start[I + K] = Display;
    Display += static_cast<unsigned>(Width);
    OutCol += Len;
    I += Len;
  }
  Start[Line.size()] = Display;
  return Start;
}

/// A fix-it placed on the line being printed, in byte columns of that line.
struct LineFixIt {
  unsigned FirstCol;
  unsigned LastCol;
  llvm::StringRef Text;
};

/// Draws the caret and fix-it lines for a line SMDiagnostic will not draw
/// them for (non-ASCII). Same rules as LLVM: '~' under ranges and replaced
/// text, '^' at the location, hints left to right, never overlapping.
void printCaretLines(llvm::raw_ostream &OS, bool Color, llvm::StringRef Line,
                     unsigned Column,
                     llvm::ArrayRef<std::pair<unsigned, unsigned>> Ranges,
                     llvm::ArrayRef<LineFixIt> FixIts) {
  std::vector<unsigned> Start = displayColumns(Line);
  auto At = [&](unsigned ByteCol) {
    return Start[std::min<size_t>(ByteCol, Line.size())];
  };
  std::string Caret(Start.back() + 1, ' ');
  auto Fill = [&](unsigned B, unsigned E) {
    for (unsigned I = At(B), End = At(E); I < End; ++I)
      Caret[I] = '~';
  };
  for (const auto &R : Ranges)
    Fill(R.first, R.second);

  std::string Hints;
  unsigned PrevHintEnd = 0;
  for (const LineFixIt &F : FixIts) {
    unsigned HintCol = At(F.FirstCol);
    if (HintCol < PrevHintEnd)
      HintCol = PrevHintEnd + 1;
    Hints.resize(std::max<size_t>(Hints.size(), HintCol), ' ');
    Hints += F.Text; // ASCII: one column per byte
    PrevHintEnd = HintCol + static_cast<unsigned>(F.Text.size());
    Fill(F.FirstCol, F.LastCol);
  }

  Caret[At(Column)] = '^';
  Caret.erase(Caret.find_last_not_of(' ') + 1);
  {
    llvm::WithColor S(OS, llvm::raw_ostream::GREEN, /*Bold=*/true,
                      /*BG=*/false,
                      Color ? llvm::ColorMode::Auto : llvm::ColorMode::Disable);
    S << Caret << '\n';
  }
  if (!Hints.empty())
    OS << Hints << '\n';
}

/// clang's -fdiagnostics-parseable-fixits line, for fix-its that cannot be
/// shown under the diagnostic's own source line.
void printParseableFixIt(llvm::raw_ostream &OS, const SourceManager &SM,
                         const FixIt &F) {
  LineColumn B = SM.lineColumn(F.Range.File, F.Range.Begin);
  LineColumn E = SM.lineColumn(F.Range.File, F.Range.End);
  OS << "fix-it:\"";
  OS.write_escaped(SM.path(F.Range.File));
  OS << "\":{" << B.Line << ':' << B.Column << '-' << E.Line << ':' << E.Column
     << "}:\"";
  OS.write_escaped(F.Replacement);
  OS << "\"\n";
}

class TextPrinter {
public:
  TextPrinter(const SourceManager &SM, llvm::raw_ostream &OS, bool Color,
              bool ParseableFixits)
      : SM(SM), OS(OS), Color(Color), ParseableFixits(ParseableFixits) {}

  void print(const Diagnostic &D) {
    std::string Message = D.Message;
    Message += " [";
    Message += ruleInfo(D.Rule).Name;
    Message += ']';
    std::vector<const FixIt *> Elsewhere;
    printOne(diagKind(D.Level), D.Range, Message, D.FixIts, Elsewhere);
    for (const DiagnosticNote &N : D.Notes)
      printOne(llvm::SourceMgr::DK_Note, N.Range, N.Message, {}, Elsewhere);
    if (ParseableFixits) {
      // As clang: every fix-it, in order, after the diagnostic.
      for (const FixIt &F : D.FixIts)
        if (F.Range.isValid())
          printParseableFixIt(OS, SM, F);
      return;
    }
    for (const FixIt *F : Elsewhere)
      printParseableFixIt(OS, SM, *F);
  }

private:
  /// Prints one header + source line + caret line. Fix-its that cannot be
  /// drawn under this line are appended to \p Elsewhere.
  void printOne(llvm::SourceMgr::DiagKind Kind, SourceRange Range,
                llvm::StringRef Message, llvm::ArrayRef<FixIt> FixIts,
                std::vector<const FixIt *> &Elsewhere) {
    if (!Range.isValid()) {
      for (const FixIt &F : FixIts)
        if (F.Range.isValid())
          Elsewhere.push_back(&F);
      llvm::SMDiagnostic("", Kind, Message).print(nullptr, OS, Color);
      return;
    }
    FileId File = Range.File;
    LineColumn Begin = SM.lineColumn(File, Range.Begin);
    llvm::StringRef Line = SM.lineText(File, Begin.Line);
    uint32_t LineStart = SM.lineStart(File, Begin.Line);
    unsigned Column = Begin.Column - 1; // 0-based byte column
    // A line too long to show (minified or generated text, where every
    // diagnostic would repeat megabytes of it): the header alone, fix-its
    // in the parseable form.
    if (Line.size() > MaxShownLine) {
      for (const FixIt &F : FixIts)
        if (F.Range.isValid())
          Elsewhere.push_back(&F);
      std::string Where = (SM.path(File) + ":" + llvm::Twine(Begin.Line) + ":" +
                           llvm::Twine(Begin.Column))
                              .str();
      llvm::SMDiagnostic(Where, Kind, Message).print(nullptr, OS, Color);
      return;
    }
    auto ToColumn = [&](uint32_t Offset) {
      // Bytes past the end of this line (the terminator, later lines) clamp
      // to the line's end: only the part on the first line is underlined.
      if (Offset < LineStart)
        return 0u;
      return static_cast<unsigned>(
          std::min<size_t>(Offset - LineStart, Line.size()));
    };
    unsigned First = std::min<unsigned>(Column, Line.size());
    unsigned Last = ToColumn(std::max(Range.End, Range.Begin));
    std::vector<std::pair<unsigned, unsigned>> Ranges;
    if (Last > First)
      Ranges.push_back({First, Last});

    // Fix-its drawable under this line: same file, starting on this line,
    // one-line ASCII replacement text (LLVM assumes one byte per column).
    std::vector<llvm::SMFixIt> SMFixIts;
    std::vector<LineFixIt> LineFixIts;
    for (const FixIt &F : FixIts) {
      if (!F.Range.isValid())
        continue; // nowhere to apply it
      bool Drawable = F.Range.File == File && F.Range.Begin >= LineStart &&
                      F.Range.Begin <= LineStart + Line.size() &&
                      F.Range.End >= F.Range.Begin && isAscii(F.Replacement) &&
                      llvm::StringRef(F.Replacement).find_first_of("\n\r\t") ==
                          llvm::StringRef::npos;
      if (!Drawable) {
        Elsewhere.push_back(&F);
        continue;
      }
      uint32_t End = std::min<uint32_t>(F.Range.End, LineStart + Line.size());
      if (F.Replacement.empty()) {
        // A removal has no text to show: underline what goes, as clang does
        // (an empty SMFixIt would print a line of blanks).
        if (End > F.Range.Begin)
          Ranges.push_back({ToColumn(F.Range.Begin), ToColumn(End)});
        continue;
      }
      LineFixIts.push_back(
          {ToColumn(F.Range.Begin), ToColumn(End), F.Replacement});
      SMFixIts.emplace_back(
          llvm::SMRange(SM.smLoc(File, F.Range.Begin), SM.smLoc(File, End)),
          F.Replacement);
    }
    llvm::sort(LineFixIts, [](const LineFixIt &A, const LineFixIt &B) {
      return std::make_pair(A.FirstCol, A.LastCol) <
             std::make_pair(B.FirstCol, B.LastCol);
    });

    // An empty line (an empty or unreadable file, the end of a file after
    // its last newline) has nothing to point at: print the header alone,
    // through SMDiagnostic's location-less form so it looks the same.
    if (Line.empty() && LineFixIts.empty()) {
      std::string Where = (SM.path(File) + ":" + llvm::Twine(Begin.Line) + ":" +
                           llvm::Twine(Begin.Column))
                              .str();
      llvm::SMDiagnostic(Where, Kind, Message).print(nullptr, OS, Color);
      return;
    }
    // The header shows the true column even when it lies in the line
    // terminator; SMDiagnostic then puts the caret just past the line.
    llvm::SMDiagnostic Diag(
        SM.llvmSourceMgr(), SM.smLoc(File, LineStart + Column), SM.path(File),
        static_cast<int>(Begin.Line), static_cast<int>(Column), Kind, Message,
        Line, Ranges, SMFixIts);
    // For a non-ASCII line SMDiagnostic prints the header and the source
    // line, then stops; the caret and fix-it lines are drawn here.
    Diag.print(nullptr, OS, Color);
    if (!isAscii(Line))
      printCaretLines(OS, Color, Line, Column, Ranges, LineFixIts);
  }

  const SourceManager &SM;
  llvm::raw_ostream &OS;
  bool Color;
  bool ParseableFixits;
};

} // namespace

void emitText(llvm::ArrayRef<Diagnostic> Diags, const SourceManager &SM,
              const RunSummary &Summary, const EmitOptions &Options,
              llvm::raw_ostream &Out) {
  std::optional<ForcedColorStream> Colored;
  if (Options.Color)
    Colored.emplace(Out);
  llvm::raw_ostream &OS = Options.Color ? *Colored : Out;

  std::vector<size_t> Bounds = causeGroupBounds(Diags, Options.Jobs);
  std::vector<std::string> Parts(Bounds.size() - 1);
  forEachChunk(Bounds, Options.Jobs, [&](size_t C) {
    llvm::raw_string_ostream Part(Parts[C]);
    std::optional<ForcedColorStream> ColoredPart;
    if (Options.Color)
      ColoredPart.emplace(Part);
    llvm::raw_ostream &PartOS = Options.Color
                                    ? static_cast<llvm::raw_ostream &>(*ColoredPart)
                                    : Part;
    TextPrinter Printer(SM, PartOS,
                        Options.Color, Options.ParseableFixits);
    for (const Diagnostic &D :
         groupByCause(Diags.slice(Bounds[C], Bounds[C + 1] - Bounds[C])))
      Printer.print(D);
  });
  for (std::string &Part : Parts) {
    Out << Part;
    std::string().swap(Part);
  }
  if (Options.Quiet) {
    OS.flush();
    return;
  }
  if (Options.Statistics)
    OS << statisticsTable(Diags);
  OS << summaryLine(summarize(Diags, Summary)) << '\n';
  OS.flush();
}

} // namespace nosqlint
