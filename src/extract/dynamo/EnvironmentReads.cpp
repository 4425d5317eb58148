//===- EnvironmentReads.cpp -----------------------------------------------===//
#include "EnvironmentReads.h"

#include "SyntaxTree.h"

#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract::sdk {

namespace {

bool isNameChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// The quoted name at the start of \p S (`"X"`, `'X'`, `` `X` ``).
std::string quotedName(llvm::StringRef S) {
  S = S.ltrim();
  if (S.empty() || (S[0] != '"' && S[0] != '\'' && S[0] != '`'))
    return "";
  size_t End = S.find(S[0], 1);
  if (End == llvm::StringRef::npos)
    return "";
  llvm::StringRef Name = S.slice(1, End);
  return !Name.empty() && llvm::all_of(Name, isNameChar) ? Name.str() : "";
}

} // namespace

std::string environmentVariableIn(llvm::StringRef E) {
  E = E.trim();
  // A default after the read: `X || "d"`, `X ?? "d"`, `X or "d"`.
  for (llvm::StringRef Op : {"||", "??", " or "}) {
    size_t P = E.find(Op);
    if (P != llvm::StringRef::npos)
      E = E.take_front(P).rtrim();
  }
  E.consume_front("await ");
  // Subscripts and attributes: os.environ["X"], process.env["X"],
  // process.env.X, os.environ.X is not Python.
  for (llvm::StringRef Base : {"os.environ[", "environ[", "process.env["})
    if (E.startswith(Base))
      return quotedName(E.drop_front(Base.size()));
  if (E.consume_front("process.env.")) {
    llvm::StringRef Name = E.take_while(isNameChar);
    return Name.size() == E.size() && !Name.empty() ? Name.str() : "";
  }
  // Calls whose first argument names the variable.
  for (llvm::StringRef Call :
       {"os.environ.get(", "environ.get(", "os.getenv(", "getenv(",
        "System.getenv(", "os.Getenv(", "os.LookupEnv(",
        "Environment.GetEnvironmentVariable(",
        "System.Environment.GetEnvironmentVariable("})
    if (E.startswith(Call))
      return quotedName(E.drop_front(Call.size()));
  return "";
}

std::string environmentVariableOf(const Evaluator &Eval, TSNode N) {
  std::string Direct = environmentVariableIn(Eval.text(N));
  if (!Direct.empty())
    return Direct;
  // `table = os.environ["TABLE_NAME"]` ... `TableName=table`.
  llvm::StringRef Text = Eval.text(N);
  if (Text.empty() || !llvm::all_of(Text, isNameChar))
    return "";
  if (auto V = Eval.declarationValue(Text, ts_node_start_byte(N)))
    return environmentVariableIn(Eval.text(*V));
  return "";
}

} // namespace nosqlint::extract::sdk
