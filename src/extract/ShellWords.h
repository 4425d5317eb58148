//===- ShellWords.h - The words and commands of a POSIX shell text -*- C++ -*-===//
//
// Just enough of the shell's own reading (POSIX sh, bash) to know what a
// command's words are once the shell has removed the quotes: blanks split
// words; '...' is literal; in "..." a backslash escapes only $ ` " \ and a
// newline; outside quotes it escapes any byte; $NAME, ${...}, $(...),
// $((...)) and `...` are values the script computes when it runs
// (expansions); `#` at the start of a word begins a comment; ; & | && || (
// ) and newlines end a command; redirections (<, >, 2>&1, <<DELIM here
// documents, <<< here strings) are not arguments. Each word keeps, piece by
// piece, the file bytes its text came from.
//
// Not modeled: aliases, brace and tilde expansion, arithmetic, `case`
// patterns, process substitution (read as an expansion). A word where one
// of those may change the text is flagged, never guessed.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_SHELLWORDS_H
#define NOSQLINT_EXTRACT_SHELLWORDS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace nosqlint::extract {

struct ShellPiece {
  enum KindType {
    Verbatim,  // bytes written as they are, at [Begin, Begin + Length)
    Mapped,    // decoded bytes standing for the whole span (an escape)
    Expansion, // a value computed when the script runs
  };
  KindType Kind = Verbatim;
  std::string Text;    // Verbatim, Mapped: the bytes; Expansion: empty
  std::string Name;    // Expansion: NAME of a plain $NAME or ${NAME}; `1`, `@`
  uint32_t Begin = 0;  // file span
  uint32_t Length = 0;
  bool Quoted = false; // inside "..." or a here document (not split, not globbed)
};

struct ShellWord {
  std::vector<ShellPiece> Pieces;
  uint32_t Begin = 0, End = 0; // file span of the whole word
  /// An unterminated quote, substitution or here document: what the shell
  /// reads there is not known.
  bool Broken = false;
  /// An unquoted * ? [ or brace: the shell may expand it to file names.
  bool Glob = false;
  /// Any quoting at all (a here document's delimiter so quoted is literal).
  bool AnyQuote = false;

  bool isLiteral() const;
  /// The text of a word without expansions.
  std::string literalText() const;
};

struct ShellRedirect {
  enum KindType {
    StdinFile,  // < file
    HereDoc,    // <<DELIM ... DELIM: Target is the body
    HereString, // <<< word
    Other,      // >, >>, 2>&1, ...
  };
  KindType Kind = Other;
  ShellWord Target;
};

struct ShellCommand {
  std::vector<ShellWord> Words;
  std::vector<ShellRedirect> Redirects;
  /// `a | b`: b's standard input is a's output.
  bool PipedFromPrevious = false;
};

/// The simple commands of \p Text, in order (compound commands are read as
/// the simple commands inside them: `until cqlsh ...; do` holds `until
/// cqlsh ...` and `do`).
std::vector<ShellCommand> readShellCommands(llvm::StringRef Text);

} // namespace nosqlint::extract

#endif
