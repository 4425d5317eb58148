//===- Prescan.cpp - Which host files can hold a query at all -------------===//
//
// Most files of a source tree hold no query. Parsing each with tree-sitter
// and walking its tree costs about a millisecond per 8 KB; one pass over the
// bytes settles most files first. A file can hold a CQL snippet only if some
// string of it starts with a statement keyword that looksLikeCql accepts
// (CqlShape.cpp), and a DynamoDB call only if it names its SDK
// (SdkCalls.cpp). The scan looks for such a keyword where a string's text
// can begin, and answers "maybe" on anything it cannot rule out: escapes
// that could spell letters, keywords right after a quote, a blank or a
// comment. It never answers "no" for a file whose extraction finds a
// statement that could parse as CQL (PrescanTest.cpp checks this on every
// host fixture and on mutations of them).
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Extract/Extract.h"

#include "CqlEngineQueries.h"
#include "CqlShape.h"
#include "GocqlxQueries.h"
#include "LibraryModels.h"
#include "NodeMappers.h"
#include "dynamo/SdkCalls.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <string_view>

namespace nosqlint::extract {

namespace {

bool isWordChar(char C) { return llvm::isAlnum(C) || C == '_'; }

enum class KeywordTier {
  None,
  /// Taken from any string, written all upper or all lower case.
  Strict,
  /// Taken only as the first argument of a driver call, or written in
  /// mixed case (`Select`): only where a string begins.
  DriverOnly,
};

/// What looksLikeCql makes of \p Word as a statement's first word.
/// Called for every word of every file: no allocation.
KeywordTier keywordTier(llvm::StringRef Word) {
  if (Word.size() < 3 || Word.size() > 8 || !isStatementKeyword(Word))
    return KeywordTier::None;
  bool AllUpper =
      llvm::none_of(Word, [](char C) { return C >= 'a' && C <= 'z'; });
  bool AllLower =
      llvm::none_of(Word, [](char C) { return C >= 'A' && C <= 'Z'; });
  // The keywords looksLikeCql takes outside driver calls, in one case.
  static const char *const Strict[] = {"SELECT", "DELETE", "INSERT", "UPDATE",
                                       "BEGIN",  "CREATE", "ALTER",  "DROP"};
  if (llvm::any_of(Strict,
                   [&](const char *K) { return Word.equals_insensitive(K); }))
    return AllUpper || AllLower ? KeywordTier::Strict : KeywordTier::DriverOnly;
  // TRUNCATE and USE only upper case outside driver calls.
  if (Word.equals_insensitive("TRUNCATE") || Word.equals_insensitive("USE"))
    return AllUpper ? KeywordTier::Strict : KeywordTier::DriverOnly;
  return KeywordTier::DriverOnly; // APPLY, GRANT, REVOKE, LIST, DESCRIBE, DESC
}

/// The value of the \p Digits hexadecimal digits at \p Pos, or -1.
long hexValue(llvm::StringRef Text, size_t Pos, size_t Digits) {
  if (Pos + Digits > Text.size())
    return -1;
  long V = 0;
  for (size_t I = Pos; I < Pos + Digits; ++I) {
    if (!llvm::isHexDigit(Text[I]))
      return -1;
    V = V * 16 + llvm::hexDigitValue(Text[I]);
  }
  return V;
}

/// Whether the character an escape spells can be part of a keyword or of
/// the blanks before one: a letter of ASCII or a blank.
bool mayBeKeywordCharacter(long C) {
  return (C >= 'A' && C <= 'Z') || (C >= 'a' && C <= 'z') || C == ' ' ||
         (C >= '\t' && C <= '\r');
}

/// An escape that may spell a letter of a keyword, or the blank before
/// one: \uXXXX, \UXXXXXXXX, \xXX, \N{...}, octal \101. Text written with
/// them is not searchable as plain words. Others (`\u00e9`, `\x00`,
/// `\u2019`) spell nothing a statement keyword is made of.
bool hasLetterEscape(llvm::StringRef Text) {
  for (size_t I = Text.find('\\'); I != llvm::StringRef::npos;
       I = Text.find('\\', I + 2)) {
    if (I + 1 >= Text.size())
      return false;
    char C = Text[I + 1];
    long V = -1;
    if (C == 'N')
      return true; // a character by its name
    if (C == 'u' && Text.substr(I + 2, 1) == "{") {
      size_t Close = Text.find('}', I + 3);
      V = Close == llvm::StringRef::npos || Close > I + 11
              ? -1
              : hexValue(Text, I + 3, Close - I - 3);
    } else if (C == 'u')
      V = hexValue(Text, I + 2, 4);
    else if (C == 'U')
      V = hexValue(Text, I + 2, 8);
    else if (C == 'x')
      V = hexValue(Text, I + 2, 2);
    else if (C >= '0' && C <= '7') {
      V = 0;
      for (size_t J = I + 1; J < Text.size() && J < I + 4 &&
                             Text[J] >= '0' && Text[J] <= '7';
           ++J)
        V = V * 8 + (Text[J] - '0');
    }
    if (mayBeKeywordCharacter(V))
      return true;
  }
  return false;
}

bool isBlank(char C) {
  return C == ' ' || C == '\t' || C == '\n' || C == '\r' || C == '\v' ||
         C == '\f';
}

bool isQuote(char C) { return C == '"' || C == '\'' || C == '`'; }

/// Where the text before a keyword leads, skipping blanks and two-character
/// escapes (`\n`, `\t`): what a string's text can begin with.
enum class Before {
  Quote,       // a quote: the keyword starts a string literal
  CommentEnd,  // `*/`: a CQL comment inside the string ends there
  LineStart,   // a newline, then something else: a line of a text block
  StartOfText, // nothing
  Other,       // anything else: the keyword is mid-line, not a start
};

Before textBefore(llvm::StringRef Text, size_t Pos, size_t &QuotePos) {
  bool CrossedLine = false;
  while (Pos > 0) {
    char C = Text[Pos - 1];
    if (isBlank(C)) {
      CrossedLine |= C == '\n';
      --Pos;
      continue;
    }
    if (Pos >= 2 && Text[Pos - 2] == '\\' && llvm::isAlpha(C)) {
      CrossedLine |= C == 'n';
      Pos -= 2;
      continue;
    }
    if (isQuote(C)) {
      QuotePos = Pos - 1;
      return Before::Quote;
    }
    if (C == '/' && Pos >= 2 && Text[Pos - 2] == '*')
      return Before::CommentEnd;
    // A margin (Scala's stripMargin, Kotlin's trimMargin) at the start of a
    // line of a multi-line string: `"""\n   |SELECT ...`.
    if (C == '|' || C == '#') {
      size_t P = Pos - 1;
      while (P > 0 && (Text[P - 1] == ' ' || Text[P - 1] == '\t'))
        --P;
      if (P > 0 && Text[P - 1] == '\n') {
        Pos = P;
        continue;
      }
    }
    return CrossedLine ? Before::LineStart : Before::Other;
  }
  return Before::StartOfText;
}

bool holdsComment(llvm::StringRef Line) {
  return Line.contains("--") || Line.contains("//") || Line.contains("*/");
}

/// Whether a comment (`-- ...`, `// ...`, `... */`) comes before \p Pos on
/// its line (`"-- c\\nLIST ROLES"`) or on the line before it, blank lines
/// skipped.
bool followsCommentLine(llvm::StringRef Text, size_t Pos) {
  llvm::StringRef Before = Text.take_front(Pos);
  size_t LineStart = Before.rfind('\n');
  if (holdsComment(LineStart == llvm::StringRef::npos
                       ? Before
                       : Before.drop_front(LineStart + 1)))
    return true;
  if (LineStart == llvm::StringRef::npos)
    return false;
  Before = Before.take_front(LineStart).rtrim();
  while (!Before.empty()) {
    size_t Nl = Before.rfind('\n');
    llvm::StringRef Line =
        (Nl == llvm::StringRef::npos ? Before : Before.drop_front(Nl + 1))
            .trim();
    if (!Line.empty())
      return holdsComment(Line);
    Before = Nl == llvm::StringRef::npos ? llvm::StringRef()
                                         : Before.take_front(Nl).rtrim();
  }
  return false;
}

/// Calls that build a string out of their arguments (format strings,
/// builders, dedent): an argument of theirs is a part of a larger text.
bool buildsStrings(llvm::StringRef Method) {
  static const char *const Names[] = {
      "format", "formatted", "Format", "Sprintf", "append", "Append",
      "StringBuilder", "StringBuffer", "dedent", "join", "Join", "concat",
      "Concat"};
  return llvm::is_contained(Names, Method);
}

/// Whether a whole string between \p Left and \p After is compared
/// (`method == "DELETE"`), a case label (`case "DESC":`) or a map's key
/// (`{"SELECT": 1}`): it is no argument and no constant's value, so
/// extraction reads it as it stands, by its shape alone (the companion word:
/// SELECT ... FROM, UPDATE ... SET, INSERT INTO, CREATE TABLE, ...).
bool isReadAsItStands(llvm::StringRef Left, llvm::StringRef After) {
  // Concatenated, formatted or indexed: a part of a larger text.
  if (Left.endswith("+") || After.empty() ||
      llvm::StringRef("+.%*[").contains(After.front()))
    return false;
  bool Case = Left.endswith("case") &&
              (Left.size() == 4 || !isWordChar(Left[Left.size() - 5]));
  if (Left.endswith("==") || Left.endswith("!=") || Case)
    return true;
  if (After.startswith("==") || After.startswith("!="))
    return true;
  return After.startswith(":") && !After.startswith("::") &&
         !After.startswith(":=") && (Left.endswith("{") || Left.endswith(","));
}

/// For a keyword right after the quote at \p Open: false when that string
/// is the whole argument of a call and, as extraction would read it, not
/// a statement (`repo.create(item, "select a user")`, `throw new
/// Error("update failed")`); true when it may be one or is more than a
/// plain argument (concatenated, interpolated, escaped, a format's part).
bool literalMayBeStatement(HostLanguage Lang, llvm::StringRef Text, size_t Open,
                           bool FileFormats) {
  char Quote = Text[Open];
  size_t Close = Open + 1;
  for (; Close < Text.size() && Text[Close] != Quote; ++Close) {
    char C = Text[Close];
    if (C == '\\' || C == '$' || C == '{' || C == '\n')
      return true;
  }
  if (Close >= Text.size())
    return true;
  llvm::StringRef Content = Text.slice(Open + 1, Close);
  llvm::StringRef After = Text.drop_front(Close + 1).ltrim(" \t\r");
  // Before the string: its prefix (f"", r"", @"", $""), then what opens it.
  size_t P = Open;
  for (unsigned I = 0; I < 2 && P > 0 &&
                       (llvm::isAlpha(Text[P - 1]) || Text[P - 1] == '@');
       ++I)
    --P;
  llvm::StringRef Left = Text.take_front(P).rtrim();
  if (isReadAsItStands(Left, After))
    return looksLikeCql(Content, /*Loose=*/false);
  if (!After.startswith(")") && !After.startswith(",")) {
    // A string that is a statement of its own ('use strict';, a docstring)
    // is read as it stands; any other use may extend it or pass it on.
    bool Alone = (After.empty() || After.startswith(";") ||
                  After.startswith("\n")) &&
                 (Left.empty() || Left.endswith(";") || Left.endswith("{") ||
                  Left.endswith("}") || Left.endswith("*/"));
    return !Alone || looksLikeCql(Content, /*Loose=*/false);
  }
  if (Left.endswith(",")) {
    // A later argument: a format's argument is part of its text.
    return FileFormats || looksLikeCql(Content, /*Loose=*/false);
  }
  if (!Left.endswith("("))
    return true;
  Left = Left.drop_back().rtrim();
  size_t NameBegin = Left.size();
  while (NameBegin > 0 && isWordChar(Left[NameBegin - 1]))
    --NameBegin;
  llvm::StringRef Method = Left.drop_front(NameBegin);
  if (Method.empty() || buildsStrings(Method))
    return true;
  return looksLikeCql(Content, /*Loose=*/ModelCatalog::forLanguage(Lang)
                                    .isCqlMember(Method));
}

/// Whether keyword \p Word at \p Pos may begin a statement that
/// extraction takes.
bool mayBeginStatement(HostLanguage Lang, llvm::StringRef Text, size_t Pos,
                       llvm::StringRef Word, bool FileFormats) {
  KeywordTier Tier = keywordTier(Word);
  if (Tier == KeywordTier::None)
    return false;
  // `def update(self)`, `create(x)`: a call, not a statement. Only SELECT
  // can be followed by a parenthesis in CQL (a type hint or a tuple).
  llvm::StringRef After = Text.drop_front(Pos + Word.size()).ltrim(" \t");
  if (After.startswith("(") && !Word.equals_insensitive("SELECT"))
    return false;
  size_t QuotePos = 0;
  switch (textBefore(Text, Pos, QuotePos)) {
  case Before::Quote:
    return literalMayBeStatement(Lang, Text, QuotePos, FileFormats);
  case Before::CommentEnd:
  case Before::StartOfText:
    return true;
  case Before::LineStart:
    // A line of a multi-line string, after a comment line (`-- by user`).
    // `List<String>` starts many lines of code: other spellings only right
    // after a line that a CQL comment could end.
    return Tier == KeywordTier::Strict || followsCommentLine(Text, Pos);
  case Before::Other:
    return false;
  }
  return true;
}

} // namespace

/// A Spring Data repository interface, or a call of an inherited CRUD
/// query on a value that may be one (Repositories.h joins them).
static bool mayUseRepository(llvm::StringRef Text) {
  if (Text.contains("springframework.data.cassandra.repository") ||
      Text.contains("springframework.data.repository"))
    return true;
  // A repository's type says so (`OrderRepository`, `OrderRepo`).
  if (!Text.contains("Repository") && !Text.contains("Repo"))
    return false;
  static const char *const Calls[] = {
      ".findAll(",  ".count()",   ".deleteAll(", ".findById(", ".existsById(",
      ".deleteById(", ".save(",   ".saveAll(",   ".insert(",   ".delete("};
  return llvm::any_of(Calls, [&](const char *C) { return Text.contains(C); });
}

bool mayHoldLibraryCalls(HostLanguage Lang, llvm::StringRef Text) {
  return mayHoldOwnLibraryCalls(Lang, Text) ||
         (Lang == HostLanguage::Go && mayCallGocqlxTable(Text));
}

bool mayHoldOwnLibraryCalls(HostLanguage Lang, llvm::StringRef Text) {
  if (sdk::mentionsDynamoDbSdk(Lang, Text))
    return true;
  // An entity class of a Cassandra object mapper is a table (CqlEntityModels).
  // So is a query or schema builder chain (QueryBuilders), also the
  // CreateTableStart a lambda receives, and a driver 3 Mapper's calls.
  // So are Spring Data repositories and template calls, in Kotlin too.
  if (((Lang == HostLanguage::Java || Lang == HostLanguage::Kotlin) &&
       (Text.contains("data.cassandra.core.mapping") ||
        Text.contains("api.mapper.annotations") ||
        Text.contains("querybuilder") || Text.contains("schemabuilder") ||
        Text.contains("driver.mapping") ||
        (Text.contains("withPartitionKey") && Text.contains("com.datastax.oss")) ||
        mayUseRepository(Text) ||
        Text.contains("CassandraTemplate") ||
        Text.contains("CassandraOperations"))) ||
      (Lang == HostLanguage::Python &&
       (Text.contains("cqlengine") || mayHoldCqlEngineQueries(Text))))
    return true;
  // gocqlx table models and qb chains; Node Mapper models and calls
  // (GocqlxQueries, NodeMappers). (The models of another file:
  // mayHoldLibraryCalls.)
  return (Lang == HostLanguage::Go && mentionsGocqlx(Text)) ||
         ((Lang == HostLanguage::JavaScript ||
           Lang == HostLanguage::TypeScript || Lang == HostLanguage::Tsx) &&
          mayHoldNodeMapper(Text));
}

bool mayHoldStatementText(HostLanguage Lang, llvm::StringRef Text) {
  if (hasLetterEscape(Text))
    return true;
  std::string_view View(Text.data(), Text.size());
  bool FileFormats = View.find("ormat") != std::string_view::npos ||
                     View.find("Sprintf") != std::string_view::npos;
  size_t N = Text.size();
  for (size_t I = 0; I < N;) {
    if (!isWordChar(Text[I])) {
      ++I;
      continue;
    }
    size_t B = I;
    while (I < N && isWordChar(Text[I]))
      ++I;
    llvm::StringRef Word = Text.slice(B, I);
    if (mayBeginStatement(Lang, Text, B, Word, FileFormats))
      return true;
    // `\nSELECT`: the escape's letter is glued to the keyword.
    if (B > 0 && Text[B - 1] == '\\' && Word.size() > 1 &&
        mayBeginStatement(Lang, Text, B + 1, Word.drop_front(), FileFormats))
      return true;
  }
  return false;
}

bool mayLendStatementKeyword(llvm::StringRef Value) {
  size_t N = Value.size();
  for (size_t I = 0; I < N;) {
    if (!llvm::isAlpha(Value[I])) {
      ++I;
      continue;
    }
    size_t B = I;
    while (I < N && llvm::isAlpha(Value[I]))
      ++I;
    if (isStatementKeyword(Value.slice(B, I)))
      return true;
  }
  return false;
}

bool mayHoldQueries(HostLanguage Lang, llvm::StringRef Text) {
  return mayHoldLibraryCalls(Lang, Text) || mayHoldStatementText(Lang, Text);
}

} // namespace nosqlint::extract
