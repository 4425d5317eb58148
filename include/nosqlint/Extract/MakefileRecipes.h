//===- MakefileRecipes.h - CQL that Makefile recipes run through cqlsh -*- C++ -*-===//
//
// A Makefile's recipe lines are shell text once make has expanded its own
// references: `$$` is `$`, `$(NAME)` and `${NAME}` are make variables (the
// value of one the Makefile sets once to a text of its own, else unknown),
// `$@` and the other automatic variables are unknown. Each logical line
// (joined by backslash-newline, which make passes on to the shell) runs in
// a shell of its own; its cqlsh calls are read as a script's are
// (ShellScripts.h), with positions in the Makefile.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_EXTRACT_MAKEFILERECIPES_H
#define NOSQLINT_EXTRACT_MAKEFILERECIPES_H

#include "nosqlint/Extract/ShellScripts.h"

#include "llvm/ADT/StringRef.h"

namespace nosqlint::extract {

/// `Makefile`, `makefile`, `GNUmakefile`, `*.mk`.
bool isMakefilePath(llvm::StringRef Path);

/// The cqlsh calls of a Makefile's recipes.
ShellExtraction extractMakefile(FileId File, llvm::StringRef Text);

} // namespace nosqlint::extract

#endif
