//===- TreeDump.cpp - Prints the tree-sitter tree of a host file ----------===//
#include "Languages.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <tree_sitter/api.h>

#include <cstdlib>

using namespace nosqlint::extract;

int main(int Argc, char **Argv) {
  if (Argc != 2) {
    llvm::errs() << "usage: nosqlint-ts-dump <file>\n";
    return 2;
  }
  auto Lang = hostLanguageForPath(Argv[1]);
  auto Buf = llvm::MemoryBuffer::getFile(Argv[1]);
  if (!Lang || !Buf) {
    llvm::errs() << "cannot read or classify " << Argv[1] << "\n";
    return 2;
  }
  TSParser *P = ts_parser_new();
  ts_parser_set_language(P, languageSpec(*Lang).Grammar());
  llvm::StringRef Text = (*Buf)->getBuffer();
  TSTree *T = ts_parser_parse_string(P, nullptr, Text.data(),
                                     static_cast<uint32_t>(Text.size()));
  char *S = ts_node_string(ts_tree_root_node(T));
  llvm::outs() << S << "\n";
  std::free(S);
  ts_tree_delete(T);
  ts_parser_delete(P);
  return 0;
}
