//===- MappedShellText.h - Shell text decoded from a file's bytes -*- C++ -*-===//
//
// The shell does not always read a file's own bytes: the text of `sh -c
// WORD` is WORD with its quotes removed, a YAML value is its scalar
// decoded (quotes, escapes, folded lines), a Makefile recipe is what make
// passes on after its own `$` expansions. A MappedShellText is such a text
// with the file span of each of its bytes, and the spans a tool fills in
// before the shell runs (a Helm or Actions template `{{ ... }}`, a make
// variable): read as the shell reads it, its commands' pieces point at the
// file, and those spans are expansions (values not known here).
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_MAPPEDSHELLTEXT_H
#define NOSQLINT_EXTRACT_MAPPEDSHELLTEXT_H

#include "ShellWords.h"

#include "nosqlint/Extract/ShellScripts.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace nosqlint::extract {

class MappedShellText {
public:
  MappedShellText() = default;
  /// The decoded text of \p W, its expansions holes (`sh -c "... $X"`: the
  /// outer shell fills $X in before the inner one reads the text).
  explicit MappedShellText(const ShellWord &W);

  /// Bytes written as they are at [FileBegin, +Bytes.size()).
  void appendExact(llvm::StringRef Bytes, uint32_t FileBegin);
  /// Bytes that stand for the file span [FileBegin, +FileLength) as a whole.
  void appendMapped(llvm::StringRef Bytes, uint32_t FileBegin,
                    uint32_t FileLength);
  /// A value filled in before the shell reads the text, written at
  /// [FileBegin, +FileLength): an expansion wherever the shell meets it.
  void appendHole(uint32_t FileBegin, uint32_t FileLength);

  const std::string &text() const { return Text; }
  bool empty() const { return Text.empty(); }

  /// The commands of text() as the shell reads them, mapped to the file.
  /// Without \p Expands, the words are split and unquoted the same way but
  /// `$` and backquotes are themselves (Python's shlex.split: compose's
  /// string `command:`).
  std::vector<ShellCommand> readCommands(bool Expands = true) const;
  /// text() as one word the shell is given as it is (an exec-form
  /// argument: no quotes, no splitting), mapped to the file.
  ShellWord asWord() const;

private:
  struct Byte {
    uint32_t Begin, Length;
    bool Exact; // one to one (not a byte of a decoded escape)
    bool Hole;
  };
  uint32_t fileBegin(uint32_t I) const;
  uint32_t fileEnd(uint32_t I) const;
  void splitHoles(ShellWord &W) const;
  void keepExpansionText(ShellWord &W) const;
  void mapWord(ShellWord &W) const;

  std::string Text;
  std::vector<Byte> Bytes;
  uint32_t End = 0;
};

/// Blanks cqlsh's own commands (DESCRIBE, CONSISTENCY, SOURCE, ...) in a
/// text cqlsh reads: they never reach the database. Positions stay.
void blankCqlshCommands(std::string &Text);

/// The cqlsh calls of commands already read and mapped to \p File (the
/// commands of a YAML value or a Makefile recipe), as extractShellScript
/// finds them in a script.
ShellExtraction extractShellCommands(FileId File,
                                     std::vector<ShellCommand> Commands);

} // namespace nosqlint::extract

#endif
