// A parse-only driver for grammars-v4's cql3 grammar (peer-grammar.sh builds
// it against the generated CqlLexer/CqlParser, never committed): reads each
// file, parses it from the grammar's `root` rule the way ANTLR's C++ runtime
// is normally used (ANTLRInputStream, CommonTokenStream, default prediction
// mode), throws the tree away and prints the syntax errors it saw.
// The grammar declares `caseInsensitive = true`, an ANTLR 4.10 option that
// Debian's 4.7.2 tool ignores; the lexer sees ASCII letters upper-cased
// instead (what that option does), or every lower-case name would be an
// error.
#include "CqlLexer.h"
#include "CqlParser.h"

#include "antlr4-runtime.h"

#include <fstream>
#include <iostream>
#include <sstream>

namespace {

class UpperCaseStream : public antlr4::ANTLRInputStream {
public:
  using antlr4::ANTLRInputStream::ANTLRInputStream;
  size_t LA(ssize_t I) override {
    size_t C = antlr4::ANTLRInputStream::LA(I);
    return C >= 'a' && C <= 'z' ? C - 'a' + 'A' : C;
  }
};

class CountingListener : public antlr4::BaseErrorListener {
public:
  size_t Errors = 0;
  void syntaxError(antlr4::Recognizer *, antlr4::Token *, size_t, size_t,
                   const std::string &, std::exception_ptr) override {
    ++Errors;
  }
};

} // namespace

int main(int argc, char **argv) {
  size_t Errors = 0;
  for (int I = 1; I < argc; ++I) {
    std::ifstream In(argv[I], std::ios::binary);
    std::stringstream Text;
    Text << In.rdbuf();
    UpperCaseStream Input(Text.str());
    CqlLexer Lexer(&Input);
    antlr4::CommonTokenStream Tokens(&Lexer);
    CqlParser Parser(&Tokens);
    CountingListener Listener;
    Lexer.removeErrorListeners();
    Parser.removeErrorListeners();
    Lexer.addErrorListener(&Listener);
    Parser.addErrorListener(&Listener);
    Parser.root();
    Errors += Listener.Errors;
  }
  std::cerr << "peer: " << Errors << " syntax errors\n";
  return 0;
}
