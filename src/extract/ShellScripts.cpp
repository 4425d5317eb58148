//===- ShellScripts.cpp - CQL that shell scripts run through cqlsh --------===//
//
// Reads the commands of a script (ShellWords.h), finds the ones that run
// cqlsh, and reads cqlsh's own options the way its option parser does
// (optparse: `-e STMT`, `-eSTMT`, `--execute STMT`, `--execute=STMT`, flags
// grouped as in `-Ce`), then takes the statements from -e, or from standard
// input when there is neither -e nor -f.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/ShellScripts.h"
#include "nosqlint/Basic/CqlshCommands.h"

#include "MappedShellText.h"
#include "Rebuilt.h"
#include "ShellWords.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace nosqlint::extract {

bool isShellScriptPath(llvm::StringRef Path) {
  size_t Slash = Path.find_last_of("/\\");
  llvm::StringRef Name =
      Slash == llvm::StringRef::npos ? Path : Path.drop_front(Slash + 1);
  std::string Lower = Name.lower();
  llvm::StringRef L(Lower);
  return L.endswith(".sh") || L.endswith(".bash") || L == "dockerfile" ||
         L.startswith("dockerfile.") || L.endswith(".dockerfile");
}

bool hasShellShebang(llvm::StringRef Head) {
  if (!Head.consume_front("#!"))
    return false;
  llvm::StringRef Line = Head.take_until([](char C) { return C == '\n'; });
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Line.split(Parts, ' ', -1, /*KeepEmpty=*/false);
  if (Parts.empty())
    return false;
  auto Base = [](llvm::StringRef P) {
    return P.drop_front(P.find_last_of('/') + 1).rtrim("\r");
  };
  llvm::StringRef Program = Base(Parts[0]);
  if (Program == "env" && Parts.size() > 1)
    Program = Base(Parts[Parts.back() == Parts[1] || !Parts[1].startswith("-")
                             ? 1
                             : Parts.size() - 1]);
  return Program == "sh" || Program == "bash" || Program == "dash" ||
         Program == "ksh" || Program == "zsh" || Program == "ash";
}

bool mayRunCqlsh(llvm::StringRef Text) { return Text.contains("cqlsh"); }

namespace {

/// What the script assigns to a variable: a value of its own text, or
/// something else (assigned twice, read, looped over, set for one command).
struct Assignment {
  std::vector<ShellPiece> Value;
  bool Set = false;
  bool Unknown = false;
};
using Variables = llvm::StringMap<Assignment>;

bool isName(llvm::StringRef S) {
  return !S.empty() && (llvm::isAlpha(S[0]) || S[0] == '_') &&
         llvm::all_of(S, [](char C) { return llvm::isAlnum(C) || C == '_'; });
}

/// The literal text a word begins with, up to its first expansion.
std::string literalPrefix(const ShellWord &W) {
  std::string S;
  for (const ShellPiece &P : W.Pieces) {
    if (P.Kind == ShellPiece::Expansion)
      break;
    S += P.Text;
  }
  return S;
}

/// The pieces of \p W after its first \p Bytes decoded bytes.
std::vector<ShellPiece> dropFront(const std::vector<ShellPiece> &Pieces,
                                  size_t Bytes) {
  std::vector<ShellPiece> Out;
  for (const ShellPiece &P : Pieces) {
    if (Bytes == 0) {
      Out.push_back(P);
      continue;
    }
    if (P.Kind == ShellPiece::Expansion) {
      Bytes = 0;
      Out.push_back(P);
      continue;
    }
    if (Bytes >= P.Text.size()) {
      Bytes -= P.Text.size();
      continue;
    }
    ShellPiece Rest = P;
    Rest.Text = P.Text.substr(Bytes);
    if (P.Kind == ShellPiece::Verbatim) {
      Rest.Begin += static_cast<uint32_t>(Bytes);
      Rest.Length -= static_cast<uint32_t>(Bytes);
    }
    Bytes = 0;
    Out.push_back(std::move(Rest));
  }
  return Out;
}

/// `NAME=value` as the shell reads an assignment word.
bool splitAssignment(const ShellWord &W, std::string &Name,
                     std::vector<ShellPiece> &Value, bool &Appends) {
  if (W.Pieces.empty() || W.Pieces[0].Kind != ShellPiece::Verbatim ||
      W.Pieces[0].Quoted)
    return false;
  llvm::StringRef First = W.Pieces[0].Text;
  size_t Eq = First.find('=');
  if (Eq == llvm::StringRef::npos || Eq == 0)
    return false;
  llvm::StringRef N = First.take_front(Eq);
  Appends = N.consume_back("+");
  if (!isName(N))
    return false;
  Name = N.str();
  Value = dropFront(W.Pieces, Eq + 1);
  return true;
}

bool isWord(const ShellWord &W, llvm::StringRef S) {
  return W.isLiteral() && W.literalText() == S;
}

void collectVariables(const std::vector<ShellCommand> &Commands,
                      Variables &Vars) {
  for (const ShellCommand &C : Commands) {
    const std::vector<ShellWord> &Ws = C.Words;
    if (Ws.empty())
      continue;
    size_t I = 0;
    bool Declares = false;
    if (Ws[0].isLiteral()) {
      std::string First = Ws[0].literalText();
      if (First == "export" || First == "local" || First == "readonly" ||
          First == "declare" || First == "typeset") {
        Declares = true;
        I = 1;
        while (I < Ws.size() && literalPrefix(Ws[I]).rfind('-', 0) == 0)
          ++I;
      } else if (First == "read" || First == "for" || First == "getopts" ||
                 First == "mapfile" || First == "readarray" ||
                 First == "select" || First == "unset") {
        // Every name these set is unknown here.
        for (const ShellWord &W : Ws)
          if (W.isLiteral() && isName(W.literalText()))
            Vars[W.literalText()].Unknown = true;
        continue;
      }
    }
    std::vector<std::pair<std::string, std::vector<ShellPiece>>> Found;
    for (; I < Ws.size(); ++I) {
      std::string Name;
      std::vector<ShellPiece> Value;
      bool Appends = false;
      if (!splitAssignment(Ws[I], Name, Value, Appends))
        break;
      if (Appends || Ws[I].Broken || Ws[I].Glob)
        Vars[Name].Unknown = true;
      else
        Found.emplace_back(std::move(Name), std::move(Value));
    }
    // `NAME=x cmd`: NAME is x in cmd's environment only.
    bool ForOneCommand = !Declares && I < Ws.size();
    for (auto &[Name, Value] : Found) {
      Assignment &A = Vars[Name];
      if (ForOneCommand || A.Set)
        A.Unknown = true;
      A.Set = true;
      A.Value = std::move(Value);
    }
  }
}

/// Appends \p Pieces to \p R: expansions are holes, but a variable the
/// script assigns once to a value of its own is that value, mapped to
/// where it is written. False when a piece may be changed by the shell in
/// a way not known here (an unquoted variable whose value the shell would
/// expand to file names).
bool render(const std::vector<ShellPiece> &Pieces, const Variables &Vars,
            Rebuilt &R, bool &AnyText, unsigned Depth = 0) {
  for (const ShellPiece &P : Pieces) {
    if (P.Kind == ShellPiece::Verbatim) {
      R.appendVerbatim(P.Text, P.Begin);
      AnyText |= !llvm::StringRef(P.Text).trim().empty();
      continue;
    }
    if (P.Kind == ShellPiece::Mapped) {
      R.appendMapped(P.Text, P.Begin, P.Length);
      AnyText |= !llvm::StringRef(P.Text).trim().empty();
      continue;
    }
    auto V = P.Name.empty() ? Vars.end() : Vars.find(P.Name);
    if (V != Vars.end() && V->second.Set && !V->second.Unknown && Depth < 8) {
      if (!P.Quoted)
        for (const ShellPiece &Q : V->second.Value)
          if (Q.Kind != ShellPiece::Expansion &&
              llvm::StringRef(Q.Text).find_first_of("*?[") !=
                  llvm::StringRef::npos)
            return false;
      if (!render(V->second.Value, Vars, R, AnyText, Depth + 1))
        return false;
      continue;
    }
    R.appendHole(P.Begin, P.Length);
  }
  return true;
}

bool isReservedWord(llvm::StringRef W) {
  static const char *const Words[] = {"if",    "then", "else", "elif", "do",
                                      "while", "until", "!",   "time", "{",
                                      "}",     "exec", "fi",   "done"};
  return llvm::is_contained(Words, W);
}

/// Programs that take `cqlsh` as a word of text, a package or a file name,
/// not as a command to run: `echo cqlsh -e ...`, `pip install cqlsh`.
/// Every other command with a `cqlsh` word is taken to run it: launchers
/// (sudo, docker exec, kubectl exec, a Dockerfile's RUN) and the script's
/// own wrapper functions (`_containerExec $C cqlsh -e ...`).
bool namesCqlshWithoutRunning(llvm::StringRef W) {
  static const char *const Words[] = {
      "echo",  "printf", "pip",   "pip3",  "pipx",   "apt",    "apt-get",
      "yum",   "dnf",    "apk",   "brew",  "which",  "type",   "command",
      "man",   "grep",   "egrep", "fgrep", "sed",    "awk",    "cat",
      "ls",    "rm",     "cp",    "mv",    "chmod",  "chown",  "ln",
      "curl",  "wget",   "tar",   "test",  "[",      "[[",     "alias",
      "hash",  "log",    "info",  "warn",  "error",  "debug",  "die",
      "local", "export", "declare", "readonly", "typeset", "unset",
      "conda", "install", "find", "touch", "mkdir", "git",   "ADD",
      "COPY",  "ENV",    "ARG",   "LABEL", "USER",   "WORKDIR"};
  return llvm::is_contained(Words, W);
}

llvm::StringRef baseName(llvm::StringRef S) {
  return S.drop_front(S.find_last_of('/') + 1);
}

bool isCqlshWord(const ShellWord &W) {
  if (W.Broken || W.Pieces.empty() ||
      W.Pieces.back().Kind == ShellPiece::Expansion)
    return false;
  // The literal tail after the last expansion: `$HOME/bin/cqlsh`.
  std::string Tail;
  bool AfterExpansion = false;
  for (const ShellPiece &P : W.Pieces) {
    if (P.Kind == ShellPiece::Expansion) {
      Tail.clear();
      AfterExpansion = true;
      continue;
    }
    Tail += P.Text;
  }
  llvm::StringRef B = baseName(Tail);
  if (AfterExpansion && llvm::StringRef(Tail).find('/') == llvm::StringRef::npos)
    return false;
  return B == "cqlsh" || B == "cqlsh.py";
}

/// The index of the cqlsh word of \p C, or npos.
size_t cqlshWord(const ShellCommand &C) {
  const std::vector<ShellWord> &Ws = C.Words;
  size_t I = 0;
  while (I < Ws.size()) {
    std::string Name;
    std::vector<ShellPiece> Value;
    bool Appends;
    if ((Ws[I].isLiteral() && isReservedWord(Ws[I].literalText())) ||
        splitAssignment(Ws[I], Name, Value, Appends)) {
      ++I;
      continue;
    }
    break;
  }
  if (I >= Ws.size())
    return llvm::StringRef::npos;
  if (isCqlshWord(Ws[I]))
    return I;
  if (Ws[I].isLiteral() &&
      namesCqlshWithoutRunning(baseName(Ws[I].literalText())))
    return llvm::StringRef::npos;
  for (size_t J = I + 1; J < Ws.size(); ++J)
    if (isCqlshWord(Ws[J]))
      return J;
  return llvm::StringRef::npos;
}

/// What cqlsh's options say: the -e statements, the -f file, a keyspace.
struct CqlshOptions {
  const ShellWord *Execute = nullptr;
  size_t ExecuteSkip = 0; // bytes of the option written before the value
  const ShellWord *File = nullptr;
  size_t FileSkip = 0;
  bool Keyspace = false;
};

CqlshOptions readOptions(const std::vector<ShellWord> &Ws, size_t From) {
  static const char *const LongValued[] = {
      "--username",        "--password",        "--keyspace",
      "--encoding",        "--cqlshrc",         "--credentials",
      "--cqlversion",      "--protocol-version", "--connect-timeout",
      "--request-timeout", "--secure-connect-bundle"};
  CqlshOptions O;
  auto Take = [&](size_t &I, size_t Skip, const ShellWord *&Word,
                  size_t &WordSkip) {
    if (Skip < literalPrefix(Ws[I]).size() ||
        (Skip == literalPrefix(Ws[I]).size() && Ws[I].Pieces.size() > 0 &&
         !Ws[I].isLiteral())) {
      Word = &Ws[I];
      WordSkip = Skip;
    } else if (I + 1 < Ws.size()) {
      Word = &Ws[++I];
      WordSkip = 0;
    }
  };
  for (size_t I = From; I < Ws.size(); ++I) {
    std::string Text = literalPrefix(Ws[I]);
    llvm::StringRef T(Text);
    if (T == "--")
      break;
    if (T.startswith("--")) {
      llvm::StringRef Name = T.take_until([](char C) { return C == '='; });
      bool Attached = Name.size() < T.size();
      if (Name == "--execute" || Name == "--file") {
        const ShellWord *&W = Name == "--execute" ? O.Execute : O.File;
        size_t &Skip = Name == "--execute" ? O.ExecuteSkip : O.FileSkip;
        if (Attached) {
          W = &Ws[I];
          Skip = Name.size() + 1;
        } else if (I + 1 < Ws.size()) {
          W = &Ws[++I];
          Skip = 0;
        }
      } else if (llvm::is_contained(LongValued, Name)) {
        O.Keyspace |= Name == "--keyspace";
        if (!Attached)
          ++I;
      }
      continue;
    }
    if (!T.startswith("-") || T.size() < 2)
      continue; // host, port
    for (size_t J = 1; J < T.size(); ++J) {
      char C = T[J];
      if (C == 'e') {
        Take(I, J + 1, O.Execute, O.ExecuteSkip);
        break;
      }
      if (C == 'f') {
        Take(I, J + 1, O.File, O.FileSkip);
        break;
      }
      if (C == 'u' || C == 'p' || C == 'k' || C == 'b') {
        O.Keyspace |= C == 'k';
        if (J + 1 == T.size() && Ws[I].isLiteral())
          ++I;
        break;
      }
    }
  }
  return O;
}


/// A function of the script that runs cqlsh with its arguments: `cql()
/// { cqlsh "$@" host; }` (an alias: a call's words are cqlsh's options) or
/// `run() { docker exec c cqlsh -e "$1"; }` (a call's argument N is the
/// statement).
struct CqlshFunction {
  bool Alias = false;
  unsigned StatementParam = 0; // 1-based; 0: none
};

bool isPositional(const ShellWord &W, llvm::StringRef Name) {
  return W.Pieces.size() == 1 && W.Pieces[0].Kind == ShellPiece::Expansion &&
         W.Pieces[0].Name == Name;
}

/// The name a command declares a function by (`f`, `function f`, with
/// `{` on the same line or the next command), or empty.
std::string declaredFunction(const std::vector<ShellCommand> &Commands,
                             size_t I, size_t &BodyBegin) {
  const std::vector<ShellWord> &Ws = Commands[I].Words;
  size_t N = Ws.size();
  bool Keyword = N >= 2 && isWord(Ws[0], "function");
  size_t NameAt = Keyword ? 1 : 0;
  if (N == 0 || !Ws[NameAt].isLiteral() || !isName(Ws[NameAt].literalText()))
    return "";
  if (N == NameAt + 2 && isWord(Ws[NameAt + 1], "{")) {
    BodyBegin = I;
    return Ws[NameAt].literalText();
  }
  if (N != NameAt + 1 || I + 1 >= Commands.size() ||
      Commands[I + 1].Words.empty() || !isWord(Commands[I + 1].Words[0], "{"))
    return "";
  BodyBegin = I + 1;
  return Ws[NameAt].literalText();
}

/// The word after `-c` of a shell the command runs (`bash -c "..."`,
/// `docker exec c sh -c '...'`), or null.
const ShellWord *shellCommandString(const ShellCommand &C) {
  const std::vector<ShellWord> &Ws = C.Words;
  for (size_t I = 0; I + 2 < Ws.size(); ++I) {
    if (!Ws[I].isLiteral())
      continue;
    std::string Literal = Ws[I].literalText(); // B points into it
    llvm::StringRef B = baseName(Literal);
    if ((B == "sh" || B == "bash" || B == "dash" || B == "ash" ||
         B == "ksh" || B == "zsh") &&
        isWord(Ws[I + 1], "-c"))
      return &Ws[I + 2];
  }
  return nullptr;
}

class ScriptReader {
public:
  ScriptReader(FileId File, std::vector<ShellCommand> Commands,
               unsigned Depth = 0)
      : File(File), Commands(std::move(Commands)), Depth(Depth) {
    collectVariables(this->Commands, Vars);
    findCqlshFunctions();
  }

  ShellExtraction run() {
    for (size_t I = 0; I < Commands.size(); ++I)
      readCommand(I);
    return std::move(Out);
  }

private:
  void findCqlshFunctions();
  void readShellString(const ShellCommand &C);
  void readCommand(size_t Index);
  void readFunctionCall(const ShellCommand &C, size_t At,
                        const CqlshFunction &F);
  void addStatements(const std::vector<ShellPiece> &Pieces,
                     const ShellWord &Word, bool Keyspace,
                     llvm::StringRef Reason);
  void addFile(const ShellWord &W, size_t Skip);
  bool readPipedInput(size_t Index, bool Keyspace);

  FileId File;
  std::vector<ShellCommand> Commands;
  unsigned Depth;
  Variables Vars;
  llvm::StringMap<CqlshFunction> Functions;
  ShellExtraction Out;
};

void ScriptReader::findCqlshFunctions() {
  for (size_t I = 0; I < Commands.size(); ++I) {
    size_t Body = 0;
    std::string Name = declaredFunction(Commands, I, Body);
    if (Name.empty())
      continue;
    // The body: to the `}` that closes the `{`, counted by commands.
    int Depth = 0;
    CqlshFunction F;
    for (size_t J = Body; J < Commands.size(); ++J) {
      const std::vector<ShellWord> &Ws = Commands[J].Words;
      for (const ShellWord &W : Ws)
        Depth += isWord(W, "{") ? 1 : isWord(W, "}") ? -1 : 0;
      size_t At = cqlshWord(Commands[J]);
      if (At != llvm::StringRef::npos) {
        for (size_t K = At + 1; K < Ws.size(); ++K)
          F.Alias |= isPositional(Ws[K], "@");
        CqlshOptions O = readOptions(Ws, At + 1);
        if (O.Execute && O.ExecuteSkip == 0)
          for (unsigned N = 1; N <= 9; ++N)
            if (isPositional(*O.Execute, std::to_string(N)))
              F.StatementParam = N;
      }
      if (Depth <= 0)
        break;
    }
    if (F.Alias || F.StatementParam)
      Functions[Name] = F;
  }
}

void ScriptReader::readFunctionCall(const ShellCommand &C, size_t At,
                                    const CqlshFunction &F) {
  if (F.Alias) {
    CqlshOptions O = readOptions(C.Words, At + 1);
    if (O.Execute)
      addStatements(dropFront(O.Execute->Pieces, O.ExecuteSkip), *O.Execute,
                    O.Keyspace, "the statements of a cqlsh -e call (through a "
                                "function of the script that runs cqlsh)");
    else if (O.File)
      addFile(*O.File, O.FileSkip);
    return;
  }
  size_t Arg = At + F.StatementParam;
  if (Arg < C.Words.size())
    addStatements(C.Words[Arg].Pieces, C.Words[Arg], false,
                  "the statements of a cqlsh -e call (an argument of a "
                  "function of the script that runs cqlsh -e)");
}

void ScriptReader::addStatements(const std::vector<ShellPiece> &Pieces,
                                 const ShellWord &Word, bool Keyspace,
                                 llvm::StringRef Reason) {
  if (Word.Broken || Word.Glob)
    return;
  Rebuilt R;
  bool AnyText = false;
  if (!render(Pieces, Vars, R, AnyText) || !AnyText)
    return;
  CqlSnippet S;
  S.Text = R.text();
  blankCqlshCommands(S.Text);
  if (llvm::StringRef(S.Text).trim().empty())
    return;
  S.Origin = R.origin(File);
  S.Range = SourceRange(File, Word.Begin, Word.End);
  S.Trust = R.trust();
  // `-k ks`: unqualified tables are the keyspace's, which the schema may
  // hold under another keyspace of the same name: syntax only.
  if (Keyspace && S.Trust == SnippetTrust::Full)
    S.Trust = SnippetTrust::TableUnknown;
  S.Holes = R.holes();
  S.Source = SnippetSource::Shell;
  S.Reason = Reason.str();
  Out.Snippets.push_back(std::move(S));
}

void ScriptReader::addFile(const ShellWord &W, size_t Skip) {
  if (!W.isLiteral() || W.Glob)
    return;
  std::string Path = W.literalText().substr(std::min(Skip, W.literalText().size()));
  if (Path.empty())
    return;
  Out.Files.push_back({Path, SourceRange(File, W.Begin, W.End)});
}

bool ScriptReader::readPipedInput(size_t Index, bool Keyspace) {
  if (Index == 0 || !Commands[Index].PipedFromPrevious)
    return false;
  const ShellCommand &Prev = Commands[Index - 1];
  const std::vector<ShellWord> &Ws = Prev.Words;
  size_t I = 0;
  while (I < Ws.size() && Ws[I].isLiteral() &&
         isReservedWord(Ws[I].literalText()))
    ++I;
  if (I >= Ws.size() || !Ws[I].isLiteral())
    return true;
  std::string Program = Ws[I].literalText();
  if (Program == "cat") {
    for (const ShellRedirect &R : Prev.Redirects)
      if (R.Kind == ShellRedirect::HereDoc ||
          R.Kind == ShellRedirect::HereString)
        addStatements(R.Target.Pieces, R.Target, Keyspace,
                      "the standard input of cqlsh (cat | cqlsh)");
    for (size_t J = I + 1; J < Ws.size(); ++J)
      if (!literalPrefix(Ws[J]).empty() && literalPrefix(Ws[J])[0] != '-')
        addFile(Ws[J], 0);
    return true;
  }
  if (Program != "echo")
    return true;
  // echo's arguments, joined by blanks. Backslashes are decoded by some
  // shells' echo and not others: such a text is not read.
  ++I;
  while (I < Ws.size() && Ws[I].isLiteral() &&
         llvm::StringRef(Ws[I].literalText()).startswith("-") &&
         Ws[I].literalText().find_first_not_of("-neE") == std::string::npos)
    ++I;
  if (I >= Ws.size())
    return true;
  std::vector<ShellPiece> Joined;
  ShellWord Span = Ws[I];
  for (size_t J = I; J < Ws.size(); ++J) {
    const ShellWord &W = Ws[J];
    if (W.Broken || W.Glob)
      return true;
    for (const ShellPiece &P : W.Pieces)
      if (P.Kind != ShellPiece::Expansion && P.Text.find('\\') != std::string::npos)
        return true;
    if (J > I) {
      ShellPiece Blank;
      Blank.Kind = ShellPiece::Mapped;
      Blank.Text = " ";
      Blank.Begin = W.Begin;
      Blank.Length = 0;
      Joined.push_back(Blank);
    }
    Joined.insert(Joined.end(), W.Pieces.begin(), W.Pieces.end());
    Span.End = W.End;
  }
  addStatements(Joined, Span, Keyspace,
                "the standard input of cqlsh (echo | cqlsh)");
  return true;
}

void ScriptReader::readShellString(const ShellCommand &C) {
  const ShellWord *W = shellCommandString(C);
  if (!W || W->Broken || Depth >= 4)
    return;
  // The text of `sh -c WORD` is a script of its own, read with its
  // positions mapped back through the quotes of WORD.
  MappedShellText D(*W);
  if (!mayRunCqlsh(D.text()))
    return;
  std::vector<ShellCommand> Inner = D.readCommands();
  ShellExtraction X = ScriptReader(File, std::move(Inner), Depth + 1).run();
  for (CqlSnippet &S : X.Snippets)
    Out.Snippets.push_back(std::move(S));
  for (CqlshFile &F : X.Files)
    Out.Files.push_back(std::move(F));
}

void ScriptReader::readCommand(size_t Index) {
  const ShellCommand &C = Commands[Index];
  if (!Functions.empty()) {
    size_t First = 0;
    while (First < C.Words.size() && C.Words[First].isLiteral() &&
           isReservedWord(C.Words[First].literalText()))
      ++First;
    if (First < C.Words.size() && C.Words[First].isLiteral()) {
      auto F = Functions.find(C.Words[First].literalText());
      if (F != Functions.end()) {
        readFunctionCall(C, First, F->second);
        return;
      }
    }
  }
  size_t At = cqlshWord(C);
  if (At == llvm::StringRef::npos) {
    readShellString(C);
    return;
  }
  CqlshOptions O = readOptions(C.Words, At + 1);
  if (O.Execute) {
    addStatements(dropFront(O.Execute->Pieces, O.ExecuteSkip), *O.Execute,
                  O.Keyspace, "the statements of a cqlsh -e call");
    return;
  }
  if (O.File) {
    addFile(*O.File, O.FileSkip);
    return;
  }
  for (const ShellRedirect &R : C.Redirects) {
    if (R.Kind == ShellRedirect::HereDoc)
      addStatements(R.Target.Pieces, R.Target, O.Keyspace,
                    "the standard input of cqlsh (a here document)");
    else if (R.Kind == ShellRedirect::HereString)
      addStatements(R.Target.Pieces, R.Target, O.Keyspace,
                    "the standard input of cqlsh (a here string)");
    else if (R.Kind == ShellRedirect::StdinFile)
      addFile(R.Target, 0);
  }
  readPipedInput(Index, O.Keyspace);
}

} // namespace

void blankCqlshCommands(std::string &Text) {
  size_t I = 0, N = Text.size();
  bool AtStart = true;
  while (I < N) {
    char C = Text[I];
    if (AtStart) {
      if (llvm::isSpace(C) || C == ';') {
        ++I;
        continue;
      }
      if (Text.compare(I, 2, "--") == 0 || Text.compare(I, 2, "//") == 0) {
        while (I < N && Text[I] != '\n')
          ++I;
        continue;
      }
      AtStart = false;
      size_t E = I;
      while (E < N && (llvm::isAlnum(Text[E]) || Text[E] == '_'))
        ++E;
      size_t SecondBegin = E;
      while (SecondBegin < N && (Text[SecondBegin] == ' ' || Text[SecondBegin] == '\t'))
        ++SecondBegin;
      size_t SecondEnd = SecondBegin;
      while (SecondEnd < N &&
             (llvm::isAlnum(Text[SecondEnd]) || Text[SecondEnd] == '_'))
        ++SecondEnd;
      // cqlsh's own commands never reach the database: their text up to
      // `;` or the end of the line is blanked (the positions of the rest
      // stay).
      if (E > I && isCqlshCommand(llvm::StringRef(Text).slice(I, E),
                                  llvm::StringRef(Text).slice(SecondBegin,
                                                              SecondEnd))) {
        size_t End = I;
        while (End < N && Text[End] != ';' && Text[End] != '\n')
          ++End;
        for (size_t K = I; K < End && K < N; ++K)
          Text[K] = ' ';
        if (End < N && Text[End] == ';')
          Text[End] = ' ';
        I = End;
        AtStart = true;
        continue;
      }
    }
    if (C == '\'' || C == '"') {
      size_t Close = Text.find(C, I + 1);
      I = Close == std::string::npos ? N : Close + 1;
      continue;
    }
    if (Text.compare(I, 2, "$$") == 0) {
      size_t Close = Text.find("$$", I + 2);
      I = Close == std::string::npos ? N : Close + 2;
      continue;
    }
    if (Text.compare(I, 2, "--") == 0 || Text.compare(I, 2, "//") == 0) {
      while (I < N && Text[I] != '\n')
        ++I;
      continue;
    }
    if (Text.compare(I, 2, "/*") == 0) {
      size_t Close = Text.find("*/", I + 2);
      I = Close == std::string::npos ? N : Close + 2;
      continue;
    }
    if (C == ';')
      AtStart = true;
    ++I;
  }
}

ShellExtraction extractShellScript(FileId File, llvm::StringRef Text) {
  if (!mayRunCqlsh(Text))
    return {};
  return ScriptReader(File, readShellCommands(Text)).run();
}

ShellExtraction extractShellCommands(FileId File,
                                     std::vector<ShellCommand> Commands) {
  return ScriptReader(File, std::move(Commands)).run();
}

} // namespace nosqlint::extract
