//===- ShellScripts.h - CQL that shell scripts run through cqlsh -*- C++ -*-===//
//
// Deployment and test scripts run CQL with cqlsh: `cqlsh -e "STATEMENTS"`
// (`--execute`), `cqlsh -f file.cql` (`--file`), and statements fed on
// standard input (`cqlsh <<EOF ... EOF`, `cqlsh <<< "..."`, `echo "..." |
// cqlsh`, `cqlsh < file.cql`). Shell scripts (*.sh, *.bash, a sh or bash
// shebang) and Dockerfiles (their RUN lines are shell text) are read for
// those calls. Only cqlsh: `psql -c`, `mysql -e` and any other program's
// arguments are never read.
//
// A statement is rebuilt the way the shell would pass it (quotes removed,
// escapes decoded) and mapped back to the script's bytes; what the script
// computes when it runs ($VAR, ${...}, $(...), `...`) is a hole, as in a
// host-language string: never a finding from an unknown. A variable the
// script assigns once, to a value of its own text (`CQL="CREATE ..."`), is
// that text, at its own place in the file.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_SHELLSCRIPTS_H
#define NOSQLINT_EXTRACT_SHELLSCRIPTS_H

#include "nosqlint/Extract/Extract.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace nosqlint::extract {

/// A file a cqlsh call reads as its input (`-f file`, `< file`), as the
/// script names it.
struct CqlshFile {
  std::string Path;
  SourceRange Range; // the word that names it
};

struct ShellExtraction {
  std::vector<CqlSnippet> Snippets; // Source Shell, in script order
  std::vector<CqlshFile> Files;
};

/// Whether \p Path names a shell script or a Dockerfile by its name:
/// `*.sh`, `*.bash`, `Dockerfile`, `Dockerfile.*`, `*.dockerfile`.
bool isShellScriptPath(llvm::StringRef Path);

/// Whether \p Head (a file's first bytes) is a `#!` line of a POSIX shell
/// (sh, bash, dash, ksh, zsh, directly or through `env`).
bool hasShellShebang(llvm::StringRef Head);

/// False only when \p Text cannot hold a cqlsh call: one pass over the
/// bytes, before any reading.
bool mayRunCqlsh(llvm::StringRef Text);

/// The cqlsh calls of a shell script or Dockerfile.
ShellExtraction extractShellScript(FileId File, llvm::StringRef Text);

} // namespace nosqlint::extract

#endif
