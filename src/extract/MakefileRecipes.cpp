//===- MakefileRecipes.cpp - CQL that Makefile recipes run through cqlsh --===//
//
// GNU make's reading, for what reaches the shell: a recipe line starts with
// a tab after a rule line (`target: prerequisites`) or another recipe
// line; comments and blank lines between them do not end the recipe;
// `define ... endef` bodies are no recipes. The `@`, `-` and `+` prefixes
// are make's. A variable set with `=`, `:=`, `::=` or `?=` once, to a
// value without references, is that value wherever a recipe names it.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/MakefileRecipes.h"

#include "MappedShellText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

namespace nosqlint::extract {

bool isMakefilePath(llvm::StringRef Path) {
  size_t Slash = Path.find_last_of("/\\");
  llvm::StringRef Name =
      Slash == llvm::StringRef::npos ? Path : Path.drop_front(Slash + 1);
  return Name == "Makefile" || Name == "makefile" || Name == "GNUmakefile" ||
         Name.endswith(".mk");
}

namespace {

struct Line {
  uint32_t Begin, End; // without the '\n'
};

std::vector<Line> splitLines(llvm::StringRef Text) {
  std::vector<Line> Lines;
  uint32_t B = 0;
  while (B <= Text.size()) {
    size_t E = Text.find('\n', B);
    if (E == llvm::StringRef::npos)
      E = Text.size();
    Lines.push_back({B, static_cast<uint32_t>(E)});
    if (E >= Text.size())
      break;
    B = static_cast<uint32_t>(E + 1);
  }
  return Lines;
}

bool continues(llvm::StringRef Text, const Line &L) {
  // An odd number of backslashes at the end joins the next line.
  uint32_t N = 0;
  for (uint32_t I = L.End; I > L.Begin && Text[I - 1] == '\\'; --I)
    ++N;
  return N % 2 == 1;
}

struct Variable {
  uint32_t Begin = 0, End = 0; // the value in the file
  bool Known = false;
  unsigned Sets = 0;
};

/// `NAME = value`, `NAME := value`, `NAME ?= value` (and `export`,
/// `override` before it); `+=` makes the value unknown.
void readAssignment(llvm::StringRef Text, const Line &L,
                    llvm::StringMap<Variable> &Vars) {
  llvm::StringRef S = Text.slice(L.Begin, L.End);
  size_t I = 0;
  auto Skip = [&] {
    while (I < S.size() && (S[I] == ' ' || S[I] == '\t'))
      ++I;
  };
  Skip();
  for (llvm::StringRef Word : {"export ", "override "})
    if (S.substr(I).startswith(Word)) {
      I += Word.size();
      Skip();
    }
  size_t NameBegin = I;
  while (I < S.size() && (llvm::isAlnum(S[I]) || S[I] == '_' || S[I] == '-' ||
                          S[I] == '.'))
    ++I;
  if (I == NameBegin)
    return;
  llvm::StringRef Name = S.slice(NameBegin, I);
  Skip();
  llvm::StringRef Rest = S.substr(I);
  size_t Op = 0;
  bool Appends = false;
  if (Rest.startswith("::="))
    Op = 3;
  else if (Rest.startswith(":=") || Rest.startswith("?=") ||
           Rest.startswith("!="))
    Op = 2;
  else if (Rest.startswith("+="))
    Op = 2, Appends = true;
  else if (Rest.startswith("="))
    Op = 1;
  if (!Op)
    return;
  I += Op;
  Skip();
  Variable &V = Vars[Name];
  ++V.Sets;
  uint32_t B = L.Begin + static_cast<uint32_t>(I);
  uint32_t E = L.End;
  while (E > B && (Text[E - 1] == ' ' || Text[E - 1] == '\t'))
    --E;
  llvm::StringRef Value = Text.slice(B, E);
  V.Begin = B;
  V.End = E;
  V.Known = V.Sets == 1 && !Appends && !Rest.startswith("!=") &&
            !Value.contains('$') && !Value.contains('#') && !continues(Text, L);
}

/// Past the reference that starts at \p I (`$(` or `${`), nesting counted.
uint32_t referenceEnd(llvm::StringRef T, uint32_t I, uint32_t Limit) {
  char Open = T[I + 1], Close = Open == '(' ? ')' : '}';
  unsigned Depth = 0;
  for (uint32_t J = I + 1; J < Limit; ++J) {
    if (T[J] == Open)
      ++Depth;
    else if (T[J] == Close && --Depth == 0)
      return J + 1;
  }
  return Limit;
}

/// Appends the bytes [B, E) of a recipe line as make passes them on.
void appendRecipeText(llvm::StringRef T, uint32_t B, uint32_t E,
                      const llvm::StringMap<Variable> &Vars,
                      MappedShellText &Out) {
  uint32_t Run = B;
  for (uint32_t I = B; I < E;) {
    if (T[I] != '$') {
      ++I;
      continue;
    }
    Out.appendExact(T.slice(Run, I), Run);
    if (I + 1 >= E) {
      Run = I = E;
      break;
    }
    char C = T[I + 1];
    if (C == '$') {
      Out.appendMapped("$", I, 2);
      Run = I = I + 2;
      continue;
    }
    uint32_t End = C == '(' || C == '{' ? referenceEnd(T, I, E) : I + 2;
    llvm::StringRef Name =
        C == '(' || C == '{' ? T.slice(I + 2, End - 1) : T.slice(I + 1, I + 2);
    auto V = Vars.find(Name);
    if (V != Vars.end() && V->second.Known)
      Out.appendExact(T.slice(V->second.Begin, V->second.End), V->second.Begin);
    else
      Out.appendHole(I, End - I);
    Run = I = End;
  }
  Out.appendExact(T.slice(Run, E), Run);
}

bool isRuleLine(llvm::StringRef S) {
  if (S.empty() || S[0] == '\t' || S[0] == '#')
    return false;
  size_t Colon = S.find(':');
  if (Colon == llvm::StringRef::npos)
    return false;
  llvm::StringRef After = S.substr(Colon + 1);
  if (After.startswith("=") || After.startswith(":="))
    return false; // an assignment
  llvm::StringRef Before = S.take_front(Colon);
  return !Before.contains('=');
}

} // namespace

ShellExtraction extractMakefile(FileId File, llvm::StringRef Text) {
  ShellExtraction Out;
  if (Text.size() >= UINT32_MAX || !mayRunCqlsh(Text))
    return Out;
  std::vector<Line> Lines = splitLines(Text);
  llvm::StringMap<Variable> Vars;
  bool InDefine = false;
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef S = Text.slice(Lines[I].Begin, Lines[I].End);
    llvm::StringRef Trimmed = S.ltrim(" \t");
    if (InDefine) {
      InDefine = !Trimmed.startswith("endef");
      continue;
    }
    if (Trimmed.startswith("define ") || Trimmed == "define") {
      InDefine = true;
      continue;
    }
    if (!S.startswith("\t"))
      readAssignment(Text, Lines[I], Vars);
    while (continues(Text, Lines[I]) && I + 1 < Lines.size())
      ++I; // a continued assignment or rule
  }
  bool InRule = false;
  InDefine = false;
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef S = Text.slice(Lines[I].Begin, Lines[I].End);
    llvm::StringRef Trimmed = S.ltrim(" \t");
    if (InDefine) {
      InDefine = !Trimmed.startswith("endef");
      continue;
    }
    if (!S.startswith("\t")) {
      if (Trimmed.startswith("define ") || Trimmed == "define")
        InDefine = true;
      else if (!Trimmed.empty() && !Trimmed.startswith("#"))
        InRule = isRuleLine(S);
      while (continues(Text, Lines[I]) && I + 1 < Lines.size())
        ++I;
      continue;
    }
    if (!InRule)
      continue;
    // One logical recipe line: its continuation lines lose one leading tab.
    MappedShellText Recipe;
    uint32_t B = Lines[I].Begin + 1;
    while (B < Lines[I].End &&
           (Text[B] == '@' || Text[B] == '-' || Text[B] == '+' ||
            Text[B] == ' ' || Text[B] == '\t'))
      ++B;
    for (;;) {
      bool More = continues(Text, Lines[I]) && I + 1 < Lines.size();
      appendRecipeText(Text, B, More ? Lines[I].End + 1 : Lines[I].End, Vars,
                       Recipe);
      if (!More)
        break;
      ++I;
      B = Lines[I].Begin;
      if (B < Lines[I].End && Text[B] == '\t')
        ++B;
    }
    if (!mayRunCqlsh(Recipe.text()))
      continue;
    ShellExtraction X = extractShellCommands(File, Recipe.readCommands());
    for (CqlSnippet &Sn : X.Snippets)
      Out.Snippets.push_back(std::move(Sn));
    for (CqlshFile &F : X.Files)
      Out.Files.push_back(std::move(F));
  }
  return Out;
}

} // namespace nosqlint::extract
