//===- ShellWords.cpp - The words and commands of a POSIX shell text ------===//
#include "ShellWords.h"

#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

bool ShellWord::isLiteral() const {
  for (const ShellPiece &P : Pieces)
    if (P.Kind == ShellPiece::Expansion)
      return false;
  return !Broken;
}

std::string ShellWord::literalText() const {
  std::string S;
  for (const ShellPiece &P : Pieces)
    S += P.Text;
  return S;
}

namespace {

bool isNameStart(char C) { return llvm::isAlpha(C) || C == '_'; }
bool isNameChar(char C) { return llvm::isAlnum(C) || C == '_'; }
bool isBlank(char C) { return C == ' ' || C == '\t' || C == '\r'; }
bool endsWord(char C) {
  return isBlank(C) || C == '\n' || C == ';' || C == '&' || C == '|' ||
         C == '(' || C == ')' || C == '<' || C == '>';
}

class Reader {
public:
  Reader(llvm::StringRef Text, uint32_t Begin, uint32_t End)
      : T(Text), P(Begin), Limit(End) {}

  std::vector<ShellCommand> run();
  /// The [begin, end) of every `$(...)` read: commands of their own.
  std::vector<std::pair<uint32_t, uint32_t>> Substitutions;

private:
  struct PendingHereDoc {
    size_t Command, Redirect;
    std::string Delimiter;
    bool StripTabs, Literal;
  };

  char at(uint32_t I) const { return I < Limit ? T[I] : '\0'; }

  void addVerbatim(ShellWord &W, uint32_t Begin, uint32_t End, bool Quoted);
  void addMapped(ShellWord &W, char C, uint32_t Begin, uint32_t Length,
                 bool Quoted);
  void addExpansion(ShellWord &W, uint32_t Begin, uint32_t End,
                    std::string Name, bool Quoted);

  ShellWord readWord();
  void readDoubleQuoted(ShellWord &W);
  /// Text where $ and ` expand and a backslash escapes \p Escapable and a
  /// newline: "..." (up to its closing quote) and here documents (up to
  /// Limit).
  void readExpanding(ShellWord &W, bool ToQuote, llvm::StringRef Escapable);
  void readDollar(ShellWord &W, bool Quoted);
  void readAnsiC(ShellWord &W);
  void readBackquoted(ShellWord &W, bool Quoted);
  /// Past the closer of a construct opened just before \p From; Limit when
  /// it is never closed (Broken).
  uint32_t skipNested(uint32_t From, char Close, bool &Broken) const;

  void endCommand(bool Pipe);
  void readRedirection();
  void readHereDocs();
  void readHereDocBody(PendingHereDoc &H);

  llvm::StringRef T;
  uint32_t P = 0;
  uint32_t Limit;
  std::vector<ShellCommand> Commands;
  ShellCommand Current;
  bool NextPiped = false;
  std::vector<PendingHereDoc> Pending;
};

void Reader::addVerbatim(ShellWord &W, uint32_t Begin, uint32_t End,
                         bool Quoted) {
  if (End <= Begin)
    return;
  if (!W.Pieces.empty()) {
    ShellPiece &L = W.Pieces.back();
    if (L.Kind == ShellPiece::Verbatim && L.Quoted == Quoted &&
        L.Begin + L.Length == Begin) {
      L.Text += T.slice(Begin, End).str();
      L.Length += End - Begin;
      return;
    }
  }
  ShellPiece Piece;
  Piece.Kind = ShellPiece::Verbatim;
  Piece.Text = T.slice(Begin, End).str();
  Piece.Begin = Begin;
  Piece.Length = End - Begin;
  Piece.Quoted = Quoted;
  W.Pieces.push_back(std::move(Piece));
}

void Reader::addMapped(ShellWord &W, char C, uint32_t Begin, uint32_t Length,
                       bool Quoted) {
  ShellPiece Piece;
  Piece.Kind = ShellPiece::Mapped;
  Piece.Text = std::string(1, C);
  Piece.Begin = Begin;
  Piece.Length = Length;
  Piece.Quoted = Quoted;
  W.Pieces.push_back(std::move(Piece));
}

void Reader::addExpansion(ShellWord &W, uint32_t Begin, uint32_t End,
                          std::string Name, bool Quoted) {
  ShellPiece Piece;
  Piece.Kind = ShellPiece::Expansion;
  Piece.Name = std::move(Name);
  Piece.Begin = Begin;
  Piece.Length = End - Begin;
  Piece.Quoted = Quoted;
  W.Pieces.push_back(std::move(Piece));
}

uint32_t Reader::skipNested(uint32_t From, char Close, bool &Broken) const {
  // An explicit stack of what closes each open construct: no recursion,
  // whatever the nesting.
  std::vector<char> Stack{Close};
  uint32_t I = From;
  while (I < Limit && !Stack.empty()) {
    char C = T[I];
    char Top = Stack.back();
    if (Top == '\'') {
      if (C == '\'')
        Stack.pop_back();
      ++I;
      continue;
    }
    if (C == '\\') {
      I += 2;
      continue;
    }
    if (Top == '"' || Top == '`') {
      if (C == Top)
        Stack.pop_back();
      else if (Top == '"' && C == '$' && (at(I + 1) == '(' || at(I + 1) == '{'))
        Stack.push_back(at(++I) == '(' ? ')' : '}');
      else if (Top == '"' && C == '`')
        Stack.push_back('`');
      ++I;
      continue;
    }
    if (C == Top)
      Stack.pop_back();
    else if (C == '(')
      Stack.push_back(')');
    else if (C == '{' && Top == '}')
      Stack.push_back('}');
    else if (C == '\'' || C == '"' || C == '`')
      Stack.push_back(C);
    ++I;
  }
  Broken = !Stack.empty();
  return std::min(I, Limit);
}

void Reader::readBackquoted(ShellWord &W, bool Quoted) {
  uint32_t Begin = P;
  uint32_t I = P + 1;
  while (I < Limit && T[I] != '`')
    I += T[I] == '\\' ? 2 : 1;
  if (I >= Limit) {
    W.Broken = true;
    P = Limit;
  } else {
    P = I + 1;
  }
  addExpansion(W, Begin, P, "", Quoted);
}

void Reader::readAnsiC(ShellWord &W) {
  // $'...': C escapes. The common ones are decoded; any other (\x41, \0,
  // \u) makes the whole string a value not read here.
  uint32_t Begin = P;
  uint32_t I = P + 2;
  ShellWord Inner;
  bool Known = true;
  uint32_t Run = I;
  while (I < Limit && T[I] != '\'') {
    if (T[I] != '\\') {
      ++I;
      continue;
    }
    addVerbatim(Inner, Run, I, true);
    char E = at(I + 1);
    char D = E == 'n' ? '\n' : E == 't' ? '\t' : E == 'r' ? '\r'
           : (E == '\\' || E == '\'' || E == '"' || E == '?') ? E : '\0';
    if (D == '\0')
      Known = false;
    else
      addMapped(Inner, D, I, 2, true);
    I += 2;
    Run = I;
  }
  if (I >= Limit) {
    W.Broken = true;
    P = Limit;
    return;
  }
  addVerbatim(Inner, Run, I, true);
  P = I + 1;
  W.AnyQuote = true;
  if (!Known) {
    addExpansion(W, Begin, P, "", true);
    return;
  }
  for (ShellPiece &Piece : Inner.Pieces)
    W.Pieces.push_back(std::move(Piece));
}

void Reader::readDollar(ShellWord &W, bool Quoted) {
  uint32_t Begin = P;
  char N = at(P + 1);
  if (!Quoted && N == '\'') {
    readAnsiC(W);
    return;
  }
  if (!Quoted && N == '"') {
    ++P; // $"...": a translated string, read as "..."
    readDoubleQuoted(W);
    return;
  }
  if (N == '{' || N == '(') {
    bool Broken = false;
    P = skipNested(P + 2, N == '{' ? '}' : ')', Broken);
    W.Broken |= Broken;
    if (N == '(' && !Broken && at(Begin + 2) != '(')
      Substitutions.emplace_back(Begin + 2, P - 1);
    std::string Name;
    llvm::StringRef Inside = T.slice(Begin + 2, P - 1);
    if (N == '{' && !Broken && !Inside.empty() &&
        (isNameStart(Inside[0]) ? llvm::all_of(Inside, isNameChar)
                                : llvm::all_of(Inside, llvm::isDigit)))
      Name = Inside.str();
    addExpansion(W, Begin, P, std::move(Name), Quoted);
    return;
  }
  if (isNameStart(N)) {
    uint32_t E = P + 1;
    while (E < Limit && isNameChar(T[E]))
      ++E;
    addExpansion(W, Begin, E, T.slice(P + 1, E).str(), Quoted);
    P = E;
    return;
  }
  if (llvm::isDigit(N) || N == '@' || N == '*' || N == '#' || N == '?' ||
      N == '$' || N == '!' || N == '-') {
    // Positional parameters keep their name (`1`, `@`): a function's
    // arguments.
    addExpansion(W, Begin, P + 2,
                 llvm::isDigit(N) || N == '@' ? std::string(1, N) : "", Quoted);
    P += 2;
    return;
  }
  addVerbatim(W, P, P + 1, Quoted); // a lone `$` is itself
  ++P;
}

void Reader::readExpanding(ShellWord &W, bool ToQuote,
                           llvm::StringRef Escapable) {
  uint32_t Run = P;
  while (P < Limit && !(ToQuote && T[P] == '"')) {
    char C = T[P];
    if (C == '\\' && P + 1 < Limit &&
        (T[P + 1] == '\n' || Escapable.contains(T[P + 1]))) {
      addVerbatim(W, Run, P, true);
      if (T[P + 1] != '\n')
        addMapped(W, T[P + 1], P, 2, true);
      P += 2;
      Run = P;
      continue;
    }
    if (C == '$' || C == '`') {
      addVerbatim(W, Run, P, true);
      if (C == '$')
        readDollar(W, true);
      else
        readBackquoted(W, true);
      Run = P;
      continue;
    }
    // A backslash before any other byte is itself (and the byte too).
    P += C == '\\' && P + 1 < Limit ? 2 : 1;
  }
  addVerbatim(W, Run, std::min(P, Limit), true);
}

void Reader::readDoubleQuoted(ShellWord &W) {
  W.AnyQuote = true;
  ++P; // the opening quote
  readExpanding(W, /*ToQuote=*/true, "$`\"\\");
  if (P >= Limit) {
    W.Broken = true;
    P = Limit;
    return;
  }
  ++P; // the closing quote
}

ShellWord Reader::readWord() {
  ShellWord W;
  W.Begin = P;
  while (P < Limit && !endsWord(T[P])) {
    char C = T[P];
    if (C == '\\') {
      if (at(P + 1) == '\n') {
        P += 2; // a line continuation joins the word
        continue;
      }
      if (P + 1 >= Limit) {
        addVerbatim(W, P, P + 1, false);
        ++P;
        continue;
      }
      addMapped(W, T[P + 1], P, 2, false);
      W.AnyQuote = true;
      P += 2;
      continue;
    }
    if (C == '\'') {
      W.AnyQuote = true;
      size_t Close = T.find('\'', P + 1);
      if (Close == llvm::StringRef::npos || Close >= Limit) {
        W.Broken = true;
        addVerbatim(W, P + 1, Limit, true);
        P = Limit;
        break;
      }
      addVerbatim(W, P + 1, static_cast<uint32_t>(Close), true);
      P = static_cast<uint32_t>(Close) + 1;
      continue;
    }
    if (C == '"') {
      readDoubleQuoted(W);
      continue;
    }
    if (C == '$') {
      readDollar(W, false);
      continue;
    }
    if (C == '`') {
      readBackquoted(W, false);
      continue;
    }
    if (C == '*' || C == '?' || C == '[' || C == '{' || C == '}' ||
        (C == '~' && P == W.Begin))
      W.Glob = true;
    addVerbatim(W, P, P + 1, false);
    ++P;
  }
  W.End = P;
  return W;
}

void Reader::endCommand(bool Pipe) {
  if (!Current.Words.empty() || !Current.Redirects.empty()) {
    Current.PipedFromPrevious = NextPiped;
    Commands.push_back(std::move(Current));
  }
  Current = ShellCommand();
  NextPiped = Pipe;
}

void Reader::readRedirection() {
  // P is at the operator (its file-descriptor digits already skipped).
  ShellRedirect R;
  bool HereDoc = false, StripTabs = false;
  if (T.substr(P).startswith("<<<")) {
    R.Kind = ShellRedirect::HereString;
    P += 3;
  } else if (T.substr(P).startswith("<<")) {
    HereDoc = true;
    R.Kind = ShellRedirect::HereDoc;
    P += 2;
    if (at(P) == '-') {
      StripTabs = true;
      ++P;
    }
  } else if (at(P) == '<' && (at(P + 1) == '(')) {
    // <(cmd): a file the shell makes; a word, not a redirection.
    ShellWord W;
    W.Begin = P;
    bool Broken = false;
    P = skipNested(P + 2, ')', Broken);
    W.Broken = Broken;
    addExpansion(W, W.Begin, P, "", false);
    W.End = P;
    Current.Words.push_back(std::move(W));
    return;
  } else if (at(P) == '<' && at(P + 1) != '&' && at(P + 1) != '>') {
    R.Kind = ShellRedirect::StdinFile;
    ++P;
  } else {
    R.Kind = ShellRedirect::Other;
    while (P < Limit && (T[P] == '<' || T[P] == '>' || T[P] == '&' ||
                         T[P] == '|'))
      ++P;
  }
  while (P < Limit && isBlank(T[P]))
    ++P;
  if (P < Limit && !endsWord(T[P]))
    R.Target = readWord();
  else if (R.Kind == ShellRedirect::Other && at(P) == '-')
    ++P;
  if (HereDoc) {
    PendingHereDoc H;
    H.Command = Commands.size(); // the index Current will take
    H.Redirect = Current.Redirects.size();
    H.Delimiter = R.Target.literalText();
    H.StripTabs = StripTabs;
    H.Literal = R.Target.AnyQuote;
    R.Target = ShellWord();
    R.Target.Broken = true; // until its body is read
    Pending.push_back(std::move(H));
  }
  Current.Redirects.push_back(std::move(R));
}

void Reader::readHereDocBody(PendingHereDoc &H) {
  ShellWord Body;
  Body.Begin = P;
  bool Closed = false;
  while (P < Limit) {
    size_t Nl = T.find('\n', P);
    uint32_t LineEnd =
        Nl == llvm::StringRef::npos || Nl >= Limit ? Limit : static_cast<uint32_t>(Nl);
    uint32_t LineBegin = P;
    if (H.StripTabs)
      while (LineBegin < LineEnd && T[LineBegin] == '\t')
        ++LineBegin;
    llvm::StringRef Line = T.slice(LineBegin, LineEnd);
    if (Line.endswith("\r"))
      Line = Line.drop_back();
    uint32_t Next = LineEnd < Limit ? LineEnd + 1 : Limit;
    if (Line == H.Delimiter) {
      Body.End = P;
      P = Next;
      Closed = true;
      break;
    }
    if (H.Literal) {
      addVerbatim(Body, LineBegin, Next, true);
    } else {
      // Expansions and \$ \` \\ \newline, the rest as written; the line's
      // own newline stays in the body.
      uint32_t SavedLimit = Limit;
      Limit = Next;
      P = LineBegin;
      readExpanding(Body, /*ToQuote=*/false, "$`\\");
      Limit = SavedLimit;
    }
    P = Next;
  }
  if (!Closed) {
    Body.End = Limit;
    Body.Broken = true;
  }
  // A substitution that ran past its line inside the body (readDollar
  // stopped at the line's end) is broken too.
  if (H.Command < Commands.size() &&
      H.Redirect < Commands[H.Command].Redirects.size())
    Commands[H.Command].Redirects[H.Redirect].Target = std::move(Body);
}

void Reader::readHereDocs() {
  std::vector<PendingHereDoc> Now = std::move(Pending);
  Pending.clear();
  for (PendingHereDoc &H : Now)
    readHereDocBody(H);
}

std::vector<ShellCommand> Reader::run() {
  while (P < Limit) {
    char C = T[P];
    if (isBlank(C)) {
      ++P;
      continue;
    }
    if (C == '\\' && at(P + 1) == '\n') {
      P += 2;
      continue;
    }
    if (C == '#') {
      size_t Nl = T.find('\n', P);
      P = Nl == llvm::StringRef::npos ? Limit : static_cast<uint32_t>(Nl);
      continue;
    }
    if (C == '\n') {
      ++P;
      endCommand(false);
      if (!Pending.empty())
        readHereDocs();
      continue;
    }
    if (C == '|') {
      bool Or = at(P + 1) == '|';
      P += (Or || at(P + 1) == '&') ? 2 : 1;
      endCommand(!Or);
      continue;
    }
    if (C == '&' && at(P + 1) != '>') {
      P += at(P + 1) == '&' ? 2 : 1;
      endCommand(false);
      continue;
    }
    if (C == ';' || C == '(' || C == ')') {
      ++P;
      endCommand(false);
      continue;
    }
    if (C == '<' || C == '>' || C == '&') {
      readRedirection();
      continue;
    }
    if (llvm::isDigit(C)) {
      uint32_t E = P;
      while (E < Limit && llvm::isDigit(T[E]))
        ++E;
      if (at(E) == '<' || at(E) == '>') {
        P = E;
        readRedirection();
        continue;
      }
    }
    Current.Words.push_back(readWord());
  }
  endCommand(false);
  return std::move(Commands);
}

} // namespace

std::vector<ShellCommand> readShellCommands(llvm::StringRef Text) {
  if (Text.size() >= UINT32_MAX)
    return {};
  // The script, then the inside of each command substitution (`x=$(cqlsh
  // -e ...)`), found in any of them: a work list, not recursion.
  std::vector<ShellCommand> All;
  std::vector<std::pair<uint32_t, uint32_t>> Work{
      {0, static_cast<uint32_t>(Text.size())}};
  for (size_t I = 0; I < Work.size() && I < 100000; ++I) {
    Reader R(Text, Work[I].first, Work[I].second);
    std::vector<ShellCommand> Commands = R.run();
    // A pipe never joins the last command of one text to the first of
    // the next.
    if (!Commands.empty())
      Commands.front().PipedFromPrevious = false;
    for (ShellCommand &C : Commands)
      All.push_back(std::move(C));
    Work.insert(Work.end(), R.Substitutions.begin(), R.Substitutions.end());
  }
  return All;
}

} // namespace nosqlint::extract
