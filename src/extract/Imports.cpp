//===- Imports.cpp --------------------------------------------------------===//
#include "Imports.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

namespace {

bool isNameChar(char C) { return llvm::isAlnum(C) || C == '_' || C == '$'; }

/// The statement that starts at \p Pos: up to \p Close (when it is found
/// within a few lines), else to the end of the line.
llvm::StringRef statementAt(llvm::StringRef Text, size_t Pos, char Open,
                            char Close) {
  size_t Eol = Text.find('\n', Pos);
  llvm::StringRef Line = Text.slice(Pos, Eol);
  if (Line.find(Open) == llvm::StringRef::npos ||
      Line.find(Close) != llvm::StringRef::npos)
    return Line;
  size_t End = Text.find(Close, Pos);
  if (End == llvm::StringRef::npos || End - Pos > 4000)
    return Line;
  return Text.slice(Pos, End + 1);
}

/// The last component of a dotted path.
llvm::StringRef lastComponent(llvm::StringRef Path, char Sep) {
  size_t Dot = Path.rfind(Sep);
  return Dot == llvm::StringRef::npos ? Path : Path.drop_front(Dot + 1);
}

void add(std::vector<Import> &Out, llvm::StringRef Path,
         llvm::StringRef Local, bool Wildcard) {
  Path = Path.trim();
  Local = Local.trim();
  if (Path.empty())
    return;
  Out.push_back({Path.str(), Wildcard ? std::string() : Local.str(), Wildcard});
}

/// `a.b.C`, `a.b.*`, `a.b.C as D` (Kotlin), `static a.b.C.m` (Java),
/// `a.b.{C, D => E}` and `a.b._` (Scala).
void addJvmImport(std::vector<Import> &Out, llvm::StringRef Stmt) {
  Stmt = Stmt.trim().rtrim(';').trim();
  if (Stmt.consume_front("static "))
    Stmt = Stmt.ltrim();
  size_t Brace = Stmt.find('{');
  if (Brace != llvm::StringRef::npos) {
    llvm::StringRef Base = Stmt.take_front(Brace).rtrim('.').trim();
    llvm::StringRef Inner = Stmt.drop_front(Brace + 1);
    Inner = Inner.take_until([](char C) { return C == '}'; });
    llvm::SmallVector<llvm::StringRef, 8> Parts;
    Inner.split(Parts, ',');
    for (llvm::StringRef P : Parts) {
      P = P.trim();
      llvm::StringRef Name = P, Alias = P;
      size_t Arrow = P.find("=>");
      if (Arrow == llvm::StringRef::npos)
        Arrow = P.find(" as ");
      if (Arrow != llvm::StringRef::npos) {
        Name = P.take_front(Arrow).trim();
        Alias = P.drop_front(Arrow).ltrim("=> as").trim();
      }
      if (Name == "_" || Name == "*")
        add(Out, Base, "", true);
      else if (!Name.empty() && Alias != "_")
        add(Out, (Base + "." + Name).str(), Alias, false);
    }
    return;
  }
  // Scala 2 allows `import a.B, c.D`.
  llvm::SmallVector<llvm::StringRef, 2> Parts;
  Stmt.split(Parts, ',');
  for (llvm::StringRef P : Parts) {
    P = P.trim();
    llvm::StringRef Alias;
    size_t As = P.find(" as ");
    if (As != llvm::StringRef::npos) {
      Alias = P.drop_front(As + 4).trim();
      P = P.take_front(As).trim();
    }
    if (P.endswith(".*") || P.endswith("._"))
      add(Out, P.drop_back(2), "", true);
    else
      add(Out, P, Alias.empty() ? lastComponent(P, '.') : Alias, false);
  }
}

/// `import a.b as c, d` and `from a.b import (c, d as e)`.
void addPythonImport(std::vector<Import> &Out, llvm::StringRef Stmt) {
  Stmt = Stmt.trim();
  if (Stmt.consume_front("import ")) {
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    Stmt.split(Parts, ',');
    for (llvm::StringRef P : Parts) {
      P = P.trim();
      size_t As = P.find(" as ");
      if (As != llvm::StringRef::npos)
        add(Out, P.take_front(As), P.drop_front(As + 4), false);
      else
        add(Out, P, P.take_until([](char C) { return C == '.'; }), false);
    }
    return;
  }
  if (!Stmt.consume_front("from "))
    return;
  size_t Imp = Stmt.find(" import ");
  if (Imp == llvm::StringRef::npos)
    return;
  llvm::StringRef Module = Stmt.take_front(Imp).trim();
  llvm::StringRef Names = Stmt.drop_front(Imp + 8).trim().trim("()\\ \t\n");
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Names.split(Parts, ',');
  for (llvm::StringRef P : Parts) {
    P = P.trim().trim("()\\ \t\r\n");
    if (P.empty())
      continue;
    if (P == "*") {
      add(Out, Module, "", true);
      continue;
    }
    llvm::StringRef Alias = P;
    size_t As = P.find(" as ");
    if (As != llvm::StringRef::npos) {
      Alias = P.drop_front(As + 4);
      P = P.take_front(As);
    }
    add(Out, (Module + "." + P.trim()).str(), Alias, false);
  }
}

/// The name a Go import path binds by default: its last element without a
/// major-version suffix (`.../pgx/v5` -> pgx, `gopkg.in/yaml.v3` -> yaml).
llvm::StringRef goPackageName(llvm::StringRef Path) {
  llvm::StringRef Last = lastComponent(Path, '/');
  if (Last.size() >= 2 && Last.size() < Path.size() && Last[0] == 'v' &&
      llvm::all_of(Last.drop_front(), llvm::isDigit)) {
    llvm::StringRef Rest = Path.drop_back(Last.size() + 1);
    if (!Rest.empty())
      Last = lastComponent(Rest, '/');
  }
  size_t DotV = Last.find(".v");
  if (DotV != llvm::StringRef::npos)
    Last = Last.take_front(DotV);
  return Last;
}

/// One Go import spec: `"path"`, `alias "path"`, `_ "path"`, `. "path"`.
void addGoSpec(std::vector<Import> &Out, llvm::StringRef Spec) {
  Spec = Spec.trim();
  size_t Q = Spec.find_first_of("\"`");
  if (Q == llvm::StringRef::npos)
    return;
  char Quote = Spec[Q];
  size_t E = Spec.find(Quote, Q + 1);
  if (E == llvm::StringRef::npos)
    return;
  llvm::StringRef Path = Spec.slice(Q + 1, E);
  llvm::StringRef Alias = Spec.take_front(Q).trim();
  if (Alias == ".")
    add(Out, Path, "", true);
  else
    add(Out, Path, Alias.empty() ? goPackageName(Path) : Alias, false);
}

/// The quoted module name at the start of \p S.
std::optional<llvm::StringRef> quotedAt(llvm::StringRef S) {
  S = S.ltrim();
  if (S.empty() || (S[0] != '\'' && S[0] != '"' && S[0] != '`'))
    return std::nullopt;
  size_t E = S.find(S[0], 1);
  if (E == llvm::StringRef::npos)
    return std::nullopt;
  return S.slice(1, E);
}

/// The bindings of a JS import clause or destructuring pattern:
/// `X`, `* as X`, `{ A, B as C }` (import) or `{ A, B: C }` (require).
void addJsBindings(std::vector<Import> &Out, llvm::StringRef Module,
                   llvm::StringRef Clause) {
  Clause = Clause.trim();
  Clause.consume_front("type ");
  size_t Brace = Clause.find('{');
  llvm::StringRef Default =
      Brace == llvm::StringRef::npos ? Clause : Clause.take_front(Brace);
  Default = Default.trim().rtrim(',').trim();
  if (Default.consume_front("*")) {
    Default = Default.ltrim();
    Default.consume_front("as");
  }
  Default = Default.trim();
  if (!Default.empty() && llvm::all_of(Default, isNameChar))
    add(Out, Module, Default, false);
  if (Brace == llvm::StringRef::npos)
    return;
  llvm::StringRef Inner = Clause.drop_front(Brace + 1);
  Inner = Inner.take_until([](char C) { return C == '}'; });
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Inner.split(Parts, ',');
  for (llvm::StringRef P : Parts) {
    P = P.trim();
    P.consume_front("type ");
    if (P.empty())
      continue;
    llvm::StringRef Name = P, Alias = P;
    size_t Sep = P.find(" as ");
    if (Sep == llvm::StringRef::npos)
      Sep = P.find(':');
    if (Sep != llvm::StringRef::npos) {
      Name = P.take_front(Sep).trim();
      Alias = P.drop_front(Sep).ltrim(": as").trim();
    }
    add(Out, (Module + "/" + Name).str(), Alias, false);
  }
}

void scanJs(std::vector<Import> &Out, llvm::StringRef Text) {
  // `import ... from 'm'`, `import 'm'`, `import X = require('m')`.
  for (size_t Pos = 0; Pos < Text.size();) {
    size_t Eol = Text.find('\n', Pos);
    if (Eol == llvm::StringRef::npos)
      Eol = Text.size();
    llvm::StringRef Line = Text.slice(Pos, Eol).ltrim();
    size_t LineStart = Eol - Text.slice(Pos, Eol).ltrim().size();
    Pos = Eol + 1;
    if (!Line.startswith("import ") && !Line.startswith("import{"))
      continue;
    llvm::StringRef Rest = Line.drop_front(6);
    if (auto M = quotedAt(Rest)) {
      add(Out, *M, "", false);
      continue;
    }
    size_t StmtEnd = std::min(Text.size(), LineStart + 4000);
    llvm::StringRef Stmt = Text.slice(LineStart + 6, StmtEnd);
    size_t From = Stmt.find(" from ");
    size_t Semi = Stmt.find(';');
    // `import X = require('m')` is found by the require scan below.
    if (From != llvm::StringRef::npos &&
        (Semi == llvm::StringRef::npos || From < Semi))
      if (auto M = quotedAt(Stmt.drop_front(From + 6)))
        addJsBindings(Out, *M, Stmt.take_front(From));
  }
  // `require('m')`, with `const X = ` or `const { A, B: C } = ` before it.
  for (size_t Pos = Text.find("require("); Pos != llvm::StringRef::npos;
       Pos = Text.find("require(", Pos + 8)) {
    if (Pos > 0 && isNameChar(Text[Pos - 1]))
      continue;
    auto M = quotedAt(Text.drop_front(Pos + 8));
    if (!M)
      continue;
    size_t LineStart = Text.rfind('\n', Pos);
    LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
    llvm::StringRef Before = Text.slice(LineStart, Pos).rtrim();
    // A destructuring pattern may span lines: `const {\n A,\n B\n} = require`.
    if (Before.endswith("=") && Before.drop_back().rtrim().endswith("}")) {
      size_t Open = Text.rfind('{', Pos);
      if (Open != llvm::StringRef::npos && Pos - Open < 4000)
        Before = Text.slice(Open, Pos).rtrim();
    }
    if (!Before.consume_back("=")) {
      add(Out, *M, "", false);
      continue;
    }
    Before = Before.rtrim();
    if (Before.endswith("}")) {
      size_t Open = Before.rfind('{');
      if (Open != llvm::StringRef::npos)
        addJsBindings(Out, *M, Before.drop_front(Open));
      continue;
    }
    size_t B = Before.size();
    while (B > 0 && isNameChar(Before[B - 1]))
      --B;
    add(Out, *M, Before.drop_front(B), false);
  }
}

/// `using X.Y;`, `using A = X.Y.Z;`, `using static X.Y;`, `global using ...`.
void addCSharpUsing(std::vector<Import> &Out, llvm::StringRef Stmt) {
  Stmt = Stmt.trim();
  if (!Stmt.endswith(";"))
    return;
  Stmt = Stmt.drop_back().trim();
  if (Stmt.startswith("(") || Stmt.startswith("var ") || Stmt.contains('('))
    return; // a using statement, not a directive
  Stmt.consume_front("static ");
  size_t Eq = Stmt.find('=');
  if (Eq != llvm::StringRef::npos) {
    add(Out, Stmt.drop_front(Eq + 1), Stmt.take_front(Eq), false);
    return;
  }
  if (llvm::all_of(Stmt, [](char C) { return isNameChar(C) || C == '.'; }))
    add(Out, Stmt, "", true);
}

} // namespace

FileImports FileImports::scan(HostLanguage Lang, llvm::StringRef Text) {
  FileImports F;
  std::vector<Import> &Out = F.Imports;
  if (Lang == HostLanguage::JavaScript || Lang == HostLanguage::TypeScript ||
      Lang == HostLanguage::Tsx) {
    scanJs(Out, Text);
    return F;
  }
  bool InGoBlock = false;
  for (size_t Pos = 0; Pos < Text.size();) {
    size_t Eol = Text.find('\n', Pos);
    if (Eol == llvm::StringRef::npos)
      Eol = Text.size();
    llvm::StringRef Raw = Text.slice(Pos, Eol);
    llvm::StringRef Line = Raw.ltrim();
    size_t LineStart = Eol - Line.size();
    Pos = Eol + 1;
    if (Line.empty())
      continue;
    switch (Lang) {
    case HostLanguage::Java:
    case HostLanguage::Kotlin:
    case HostLanguage::Scala:
      if (Line.startswith("import "))
        addJvmImport(Out, statementAt(Text, LineStart + 7, '{', '}'));
      break;
    case HostLanguage::Python:
      if (Line.startswith("import ") || Line.startswith("from "))
        addPythonImport(Out, statementAt(Text, LineStart, '(', ')'));
      break;
    case HostLanguage::Go:
      if (InGoBlock) {
        if (Line.startswith(")"))
          InGoBlock = false;
        else
          addGoSpec(Out, Line);
        break;
      }
      if (Line.startswith("import")) {
        llvm::StringRef Rest = Line.drop_front(6).ltrim();
        if (Rest.startswith("(")) {
          Rest = Rest.drop_front().ltrim();
          // `import ("a"; "b")` on one line, or a block.
          size_t Close = Rest.find(')');
          llvm::StringRef Inline = Rest.take_front(Close);
          llvm::SmallVector<llvm::StringRef, 4> Specs;
          Inline.split(Specs, ';');
          for (llvm::StringRef S : Specs)
            addGoSpec(Out, S);
          InGoBlock = Close == llvm::StringRef::npos;
        } else {
          addGoSpec(Out, Rest);
        }
      }
      break;
    case HostLanguage::CSharp:
      if (Line.consume_front("global "))
        Line = Line.ltrim();
      if (Line.startswith("using "))
        addCSharpUsing(Out, Line.drop_front(6).take_until(
                                [](char C) { return C == '\n'; }));
      break;
    default:
      break;
    }
  }
  return F;
}

std::optional<llvm::StringRef>
FileImports::pathOf(llvm::StringRef LocalName) const {
  for (const Import &I : Imports)
    if (!I.Wildcard && I.LocalName == LocalName)
      return llvm::StringRef(I.Path);
  return std::nullopt;
}

} // namespace nosqlint::extract
