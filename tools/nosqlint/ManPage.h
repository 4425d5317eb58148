//===- ManPage.h - `nosqlint manpage`: the nosqlint(1) page -----*- C++ -*-===//
//
// A hidden command, run by the build (cmake/Install.cmake): writes the man
// page in roff from the live help of every command (CommandCatalog.h) and
// the rule catalog, so that the page cannot drift from the binary.
//
//===----------------------------------------------------------------------===//
#ifndef NOSQLINT_TOOLS_MANPAGE_H
#define NOSQLINT_TOOLS_MANPAGE_H

#include "CommandCatalog.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace nosqlint::tool {

void writeManPage(const CommandCatalog &Catalog, llvm::raw_ostream &OS);

int runManPageCommand(llvm::ArrayRef<std::string> Args, llvm::raw_ostream &OS,
                      llvm::raw_ostream &Err);

} // namespace nosqlint::tool

#endif
