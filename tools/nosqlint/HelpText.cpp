//===- HelpText.cpp - The help a command prints, read back ----------------===//
//
// CLI11 2.x prints each entry as two spaces, the names and value padded to
// the formatter's column, then the description; an entry whose names reach
// the column has its description on the next line, indented. The footer is
// free text, which nosqlint's commands write as `TITLE:` sections.
//
//===----------------------------------------------------------------------===//
#include "HelpText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace nosqlint::tool {

namespace {

size_t indentOf(llvm::StringRef Line) {
  size_t N = Line.find_first_not_of(' ');
  return N == llvm::StringRef::npos ? Line.size() : N;
}

/// `Title:` at the left margin.
bool isSectionTitle(llvm::StringRef Line) {
  return !Line.empty() && Line.front() != ' ' && Line.endswith(":") &&
         !Line.startswith("Usage:");
}

void appendText(std::string &To, llvm::StringRef More) {
  More = More.trim();
  if (More.empty())
    return;
  if (!To.empty())
    To += ' ';
  To += More.str();
}

/// Splits `names <value> ...` from the description: at the first run of two
/// spaces, or, when the padding is a single space, after the tokens that
/// CLI11 prints on the left (names, value, `...`, REQUIRED).
std::pair<llvm::StringRef, llvm::StringRef> splitEntry(llvm::StringRef Body) {
  size_t Gap = Body.find("  ");
  if (Gap != llvm::StringRef::npos)
    return {Body.substr(0, Gap), Body.substr(Gap).trim()};
  llvm::SmallVector<llvm::StringRef, 8> Tokens;
  Body.split(Tokens, ' ', -1, false);
  size_t Left = 1;
  while (Left < Tokens.size()) {
    llvm::StringRef T = Tokens[Left];
    bool Placeholder = T.startswith("<") ||
                       (T.upper() == T && llvm::any_of(T, llvm::isAlpha)) ||
                       T == "...";
    if (!Placeholder)
      break;
    ++Left;
  }
  if (Left >= Tokens.size())
    return {Body, {}};
  size_t End = Tokens[Left].data() - Body.data();
  return {Body.substr(0, End).rtrim(), Body.substr(End).trim()};
}

HelpEntry parseEntry(llvm::StringRef Left, bool Positional) {
  HelpEntry E;
  llvm::SmallVector<llvm::StringRef, 8> Tokens;
  Left.split(Tokens, ' ', -1, false);
  if (Tokens.empty())
    return E;
  if (Positional) {
    E.Names.push_back(Tokens[0].str());
  } else {
    llvm::SmallVector<llvm::StringRef, 4> Names;
    Tokens[0].split(Names, ',', -1, false);
    for (llvm::StringRef N : Names)
      E.Names.push_back(N.str());
  }
  for (size_t I = 1; I < Tokens.size(); ++I) {
    llvm::StringRef T = Tokens[I];
    if (T == "...") {
      E.Repeatable = true;
    } else if (T == "REQUIRED") {
      E.Required = true;
    } else if (T == "Excludes:" || T == "Needs:" || T.startswith("(Env:")) {
      break; // the names after these are other options
    } else if (E.Value.empty()) {
      if (T.consume_back("..."))
        E.Repeatable = true;
      E.Value = T.split('=').first.str(); // `<N>=4`: the default
    }
  }
  return E;
}

/// A footer line `  term   text`: the term is its first run of text, up to
/// two spaces.
FooterBlock parseFooterLine(llvm::StringRef Line) {
  llvm::StringRef Body = Line.ltrim();
  size_t Gap = Body.find("  ");
  if (Gap == llvm::StringRef::npos)
    return {"", Body.trim().str()};
  return {Body.substr(0, Gap).str(), Body.substr(Gap).trim().str()};
}

} // namespace

std::string HelpEntry::primaryName() const {
  for (const std::string &N : Names)
    if (llvm::StringRef(N).startswith("--"))
      return N.substr(2);
  return Names.empty() ? std::string() : Names.front();
}

std::vector<const HelpEntry *> CommandHelp::options() const {
  std::vector<const HelpEntry *> Result;
  for (const HelpGroup &G : Groups)
    if (!G.Positional)
      for (const HelpEntry &E : G.Entries)
        Result.push_back(&E);
  return Result;
}

std::vector<const HelpEntry *> CommandHelp::positionals() const {
  std::vector<const HelpEntry *> Result;
  for (const HelpGroup &G : Groups)
    if (G.Positional)
      for (const HelpEntry &E : G.Entries)
        Result.push_back(&E);
  return Result;
}

const FooterSection *CommandHelp::footerSection(llvm::StringRef Title) const {
  for (const FooterSection &S : Footer)
    if (llvm::StringRef(S.Title).equals_insensitive(Title))
      return &S;
  return nullptr;
}

CommandHelp parseHelp(llvm::StringRef Text) {
  CommandHelp H;
  llvm::SmallVector<llvm::StringRef, 128> Lines;
  Text.split(Lines, '\n');
  size_t I = 0;
  for (; I < Lines.size() && !Lines[I].startswith("Usage:"); ++I)
    appendText(H.Description, Lines[I]);
  if (I < Lines.size())
    H.Usage = Lines[I++].drop_front(6).trim().str();

  enum { None, Group, Footer } In = None;
  bool InFooter = false;
  size_t EntryIndent = 0; // the indent of the current section's entries
  for (; I < Lines.size(); ++I) {
    llvm::StringRef Line = Lines[I].rtrim();
    if (Line.trim().empty())
      continue;
    if (isSectionTitle(Line)) {
      std::string Title = Line.drop_back().str();
      // The kind of a section shows in its first entry: options start with
      // a dash; anything else after the option groups is the footer.
      llvm::StringRef Next;
      for (size_t J = I + 1; J < Lines.size() && Next.empty(); ++J)
        Next = Lines[J].trim();
      bool Positional = llvm::StringRef(Title).equals_insensitive("positionals");
      if (!InFooter && (Positional || Next.startswith("-"))) {
        H.Groups.push_back({Title, Positional, {}});
        In = Group;
      } else {
        InFooter = true;
        H.Footer.push_back({Title, {}});
        In = Footer;
      }
      EntryIndent = 0;
      continue;
    }
    size_t Indent = indentOf(Line);
    if (In == Group) {
      std::vector<HelpEntry> &Entries = H.Groups.back().Entries;
      if (EntryIndent == 0)
        EntryIndent = Indent;
      if (Indent > EntryIndent && !Entries.empty()) {
        appendText(Entries.back().Description, Line);
        continue;
      }
      auto [Left, Description] = splitEntry(Line.ltrim());
      HelpEntry E = parseEntry(Left, H.Groups.back().Positional);
      E.Description = Description.str();
      Entries.push_back(std::move(E));
    } else if (In == Footer) {
      std::vector<FooterBlock> &Blocks = H.Footer.back().Blocks;
      if (EntryIndent == 0)
        EntryIndent = Indent;
      if (Indent > EntryIndent && !Blocks.empty()) {
        appendText(Blocks.back().Text, Line);
        continue;
      }
      FooterBlock B = parseFooterLine(Line);
      if (B.Term.empty() && !Blocks.empty() && Blocks.back().Term.empty())
        appendText(Blocks.back().Text, B.Text);
      else
        Blocks.push_back(std::move(B));
    } else {
      // Text between the usage and the first section (none with CLI11).
      appendText(H.Description, Line);
    }
  }
  return H;
}

std::vector<CommandSummary> listedCommands(const CommandHelp &TopLevel) {
  std::vector<CommandSummary> Result;
  const FooterSection *S = TopLevel.footerSection("COMMANDS");
  if (!S)
    return Result;
  for (const FooterBlock &B : S->Blocks) {
    llvm::SmallVector<llvm::StringRef, 4> Words;
    llvm::StringRef(B.Term).split(Words, ' ', 2, false);
    if (Words.size() < 2)
      continue;
    llvm::StringRef Name = Words[1];
    bool Default = Name.startswith("[") && Name.endswith("]");
    if (Default)
      Name = Name.drop_front().drop_back();
    if (Name.empty() || !llvm::all_of(Name, [](char C) {
          return (C >= 'a' && C <= 'z') || C == '-';
        }))
      continue;
    if (llvm::any_of(Result, [&](const CommandSummary &C) { return C.Name == Name; }))
      continue;
    Result.push_back({Name.str(), Default, B.Term, B.Text});
  }
  return Result;
}

} // namespace nosqlint::tool
