//===- CqlShape.cpp -------------------------------------------------------===//
#include "CqlShape.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace nosqlint::extract {

namespace {

/// Skips blanks and CQL comments.
llvm::StringRef skipBlanks(llvm::StringRef S) {
  while (true) {
    S = S.ltrim();
    if (S.startswith("--") || S.startswith("//")) {
      size_t Nl = S.find('\n');
      S = Nl == llvm::StringRef::npos ? llvm::StringRef() : S.drop_front(Nl);
      continue;
    }
    if (S.startswith("/*")) {
      size_t Close = S.find("*/");
      S = Close == llvm::StringRef::npos ? llvm::StringRef()
                                         : S.drop_front(Close + 2);
      continue;
    }
    return S;
  }
}

/// The first \p Max words (letters, digits, `_`), as written.
llvm::SmallVector<llvm::StringRef, 16> words(llvm::StringRef S, size_t Max) {
  llvm::SmallVector<llvm::StringRef, 16> W;
  size_t I = 0;
  while (I < S.size() && W.size() < Max) {
    if (!llvm::isAlnum(S[I]) && S[I] != '_') {
      ++I;
      continue;
    }
    size_t B = I;
    while (I < S.size() && (llvm::isAlnum(S[I]) || S[I] == '_'))
      ++I;
    W.push_back(S.slice(B, I));
  }
  return W;
}

bool hasWord(llvm::ArrayRef<llvm::StringRef> W, llvm::StringRef Upper,
             size_t From = 1) {
  for (size_t I = From; I < W.size(); ++I)
    if (W[I].equals_insensitive(Upper))
      return true;
  return false;
}

} // namespace

bool isStatementKeyword(llvm::StringRef Word) {
  static const char *const Keywords[] = {
      "SELECT", "INSERT", "UPDATE", "DELETE", "BEGIN",  "APPLY",
      "CREATE", "ALTER",  "DROP",   "TRUNCATE", "USE",  "GRANT",
      "REVOKE", "LIST",   "DESCRIBE", "DESC"};
  return llvm::any_of(Keywords,
                      [&](const char *K) { return Word.equals_insensitive(K); });
}

bool looksLikeCql(llvm::StringRef Text, bool Loose) {
  llvm::StringRef S = skipBlanks(Text);
  if (S.empty() || !llvm::isAlpha(S[0]))
    return false;
  llvm::SmallVector<llvm::StringRef, 16> W = words(S, 64);
  if (W.empty())
    return false;
  std::string First = W[0].upper();
  if (!isStatementKeyword(First))
    return false;
  // No statement is one word: `execute("create", ...)` runs a command.
  if (W.size() < 2)
    return false;
  if (Loose)
    return true;
  // One case throughout the keyword: an English sentence starts "Select".
  if (W[0] != First && W[0] != W[0].lower())
    return false;
  static const char *const SqlOnly[] = {"JOIN", "HAVING", "RETURNING",
                                        "AUTO_INCREMENT", "UNION", "OFFSET"};
  for (size_t I = 1; I < W.size(); ++I)
    if (W[I] == W[I].upper() &&
        llvm::is_contained(SqlOnly, W[I].str()))
      return false;
  // A lower-case keyword is also how prose starts ("delete the draft from
  // the list"): ask for a sign of code as well.
  if (W[0] != First) {
    static const char *const CodeWords[] = {"WHERE", "VALUES", "LIMIT", "SET",
                                            "IF", "USING", "BATCH"};
    bool Code = S.find_first_of("*?=(;:'") != llvm::StringRef::npos;
    for (size_t I = 1; I < W.size() && !Code; ++I)
      Code = llvm::is_contained(CodeWords, W[I].upper());
    if (!Code)
      return false;
  }
  std::string Second = W.size() > 1 ? W[1].upper() : "";
  if (First == "SELECT" || First == "DELETE")
    return hasWord(W, "FROM");
  if (First == "INSERT")
    return Second == "INTO";
  if (First == "UPDATE")
    return hasWord(W, "SET", 2);
  if (First == "BEGIN")
    return hasWord(W, "BATCH") && W.size() <= 64;
  if (First == "CREATE" || First == "ALTER" || First == "DROP") {
    static const char *const Objects[] = {
        "TABLE", "KEYSPACE", "INDEX", "CUSTOM", "MATERIALIZED", "TYPE",
        "FUNCTION", "AGGREGATE", "OR", "TRIGGER", "ROLE", "USER",
        "COLUMNFAMILY"};
    if (!llvm::is_contained(Objects, Second))
      return false;
    // A name must follow: "drop table? (y/n)" is a question.
    size_t After = W[1].end() - S.begin();
    llvm::StringRef Rest = S.drop_front(After).ltrim();
    return !Rest.empty() &&
           (llvm::isAlnum(Rest[0]) || Rest[0] == '_' || Rest[0] == '"');
  }
  if (First == "TRUNCATE" || First == "USE")
    return W[0] == First && W.size() <= 3 && S.size() < 80;
  return false;
}

} // namespace nosqlint::extract
