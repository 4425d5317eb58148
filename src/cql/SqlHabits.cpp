//===- SqlHabits.cpp - Targeted messages for SQL habits -------------------===//
#include "SqlHabits.h"

#include "CqlLexer.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"

namespace nosqlint::cql {

using L = nosqlint_cql_gen::CqlLexer;

namespace {

class HabitFinder {
public:
  HabitFinder(const std::vector<antlr4::Token *> &Tokens, size_t ErrorAt,
              const ParseInput &Input)
      : Toks(Tokens), ErrorAt(ErrorAt), Input(Input) {}

  std::optional<Habit> run();

private:
  size_t type(size_t I) const {
    return I < Toks.size() ? Toks[I]->getType() : antlr4::Token::EOF;
  }
  bool is(size_t I, size_t Type) const { return type(I) == Type; }
  /// An unquoted identifier or keyword spelled \p Word (any case).
  bool word(size_t I, llvm::StringRef Word) const {
    size_t T = type(I);
    return (T == L::IDENT || (T >= L::K_ACCESS && T <= L::K_WITH)) &&
           Input.tokenText(Toks[I]).equals_insensitive(Word);
  }
  bool isJoinKind(size_t I) const {
    return word(I, "inner") || word(I, "left") || word(I, "right") ||
           is(I, L::K_FULL) || word(I, "outer") || word(I, "cross") ||
           word(I, "natural");
  }
  bool isName(size_t I) const {
    size_t T = type(I);
    return T == L::IDENT || T == L::QUOTED_NAME;
  }
  /// Usable before the parse failure.
  bool reached(size_t I) const { return I <= ErrorAt; }
  Habit make(RuleId Rule, size_t First, size_t Last, std::string Message) {
    return Habit{Rule, First, Last, std::move(Message)};
  }
  /// Index just after a table name starting at I ([ks.]name), or I.
  size_t skipTableName(size_t I) const {
    if (!isNameOrKeyword(I))
      return I;
    if (is(I + 1, L::DOT) && isNameOrKeyword(I + 2))
      return I + 3;
    return I + 1;
  }
  bool isNameOrKeyword(size_t I) const {
    size_t T = type(I);
    return T == L::IDENT || T == L::QUOTED_NAME ||
           (T >= L::K_ACCESS && T <= L::K_WITH);
  }
  /// Index of the matching close bracket of the one at I, or Toks.size().
  size_t matching(size_t I) const;

  std::optional<Habit> anyStatementHabits();
  std::optional<Habit> columnDefinitionHabits();
  std::optional<Habit> selectHabits();
  std::optional<Habit> whereHabits(size_t From);
  std::optional<Habit> modifyHabits();

  const std::vector<antlr4::Token *> &Toks;
  size_t ErrorAt;
  const ParseInput &Input;
};

size_t HabitFinder::matching(size_t I) const {
  int Depth = 0;
  for (size_t K = I; K < Toks.size(); ++K) {
    size_t T = type(K);
    if (T == L::LPAREN || T == L::LBRACKET || T == L::LBRACE)
      ++Depth;
    else if (T == L::RPAREN || T == L::RBRACKET || T == L::RBRACE)
      if (--Depth == 0)
        return K;
  }
  return Toks.size();
}

std::optional<Habit> HabitFinder::run() {
  if (Toks.empty())
    return std::nullopt;
  // Subqueries anywhere: `(SELECT ...`.
  for (size_t I = 1; I + 1 < Toks.size() && reached(I + 1); ++I)
    if (is(I, L::LPAREN) && is(I + 1, L::K_SELECT))
      return make(RuleId::Join, I + 1, I + 1,
                  "subqueries are not supported: CQL has no joins or nested "
                  "queries; run the inner query first, or denormalize the data "
                  "into one table per query");
  if (auto H = anyStatementHabits())
    return H;
  size_t First = type(0);
  if (First == L::K_SELECT)
    return selectHabits();
  if (First == L::K_UPDATE || First == L::K_DELETE || First == L::K_BEGIN)
    return modifyHabits();
  if (First == L::K_CREATE || First == L::K_ALTER)
    return columnDefinitionHabits();
  if (First == L::K_INSERT) {
    if (is(1, L::K_INTO) && is(skipTableName(2), L::K_SET) &&
        reached(skipTableName(2)))
      return make(RuleId::SyntaxError, skipTableName(2), skipTableName(2),
                  "INSERT ... SET is not CQL: write INSERT INTO t (col1, "
                  "col2) VALUES (v1, v2)");
    // VALUES (...), (...): several rows.
    for (size_t I = 2; I + 1 < Toks.size() && reached(I + 1); ++I)
      if (is(I, L::K_VALUES) && is(I + 1, L::LPAREN)) {
        size_t Close = matching(I + 1);
        if (is(Close + 1, L::COMMA) && is(Close + 2, L::LPAREN) &&
            reached(Close + 1))
          return make(RuleId::SyntaxError, Close + 1, Close + 1,
                      "a CQL INSERT writes one row: write one INSERT per row "
                      "(grouped in a BATCH when they share a partition)");
        break;
      }
    // INSERT INTO t VALUES (...) without a column list.
    size_t I = skipTableName(2);
    if (is(1, L::K_INTO) && is(I, L::K_VALUES) && reached(I))
      return make(RuleId::SyntaxError, I, I,
                  "INSERT needs the column list before VALUES: "
                  "INSERT INTO t (col1, col2) VALUES (v1, v2)");
  }
  return std::nullopt;
}

std::optional<Habit> HabitFinder::anyStatementHabits() {
  for (size_t I = 0; I < Toks.size() && reached(I); ++I) {
    size_t T = type(I);
    // "bob" where a value belongs: a quoted identifier, not a string.
    if (T == L::QUOTED_NAME && I > 0 && ErrorAt <= I + 1 && !is(I + 1, L::LPAREN) &&
        !is(I + 1, L::DOT)) {
      size_t Prev = type(I - 1);
      bool ValuePlace = Prev == L::EQ || Prev == L::NEQ || Prev == L::LT ||
                        Prev == L::LTE || Prev == L::GT || Prev == L::GTE ||
                        Prev == L::K_LIKE || Prev == L::K_CONTAINS ||
                        ((Prev == L::COMMA || Prev == L::LPAREN) &&
                         ErrorAt == I + 1 && !is(I + 1, L::COMMA) &&
                         !is(I + 1, L::RPAREN));
      if (ValuePlace)
        return make(RuleId::SyntaxError, I, I,
                    "string literals take single quotes in CQL: " +
                        Input.tokenText(Toks[I]).str() +
                        " is a quoted identifier");
    }
    if (T == L::EQ && is(I + 1, L::EQ))
      return make(RuleId::SyntaxError, I, I + 1,
                  "'==' is not a CQL operator; use '='");
  }
  return std::nullopt;
}

std::optional<Habit> HabitFinder::columnDefinitionHabits() {
  if (ErrorAt >= Toks.size())
    return std::nullopt;
  size_t E = ErrorAt;
  // varchar(255), decimal(10, 2): a type with a length or precision.
  if (is(E, L::LPAREN) && E > 0 && isName(E - 1) && is(E + 1, L::INTEGER))
    return make(RuleId::SyntaxError, E, matching(E),
                "CQL types take no length or precision: write " +
                    llvm::StringRef(Input.tokenText(Toks[E - 1])).lower() +
                    " alone (text, int, decimal... are unbounded)");
  // Column constraints.
  if ((is(E, L::K_NOT) && is(E + 1, L::K_NULL)) || is(E, L::K_NULL) ||
      is(E, L::K_DEFAULT) || word(E, "unique") || word(E, "references") ||
      word(E, "check") || word(E, "constraint") || word(E, "collate"))
    return make(RuleId::SyntaxError, E, is(E, L::K_NOT) ? E + 1 : E,
                "CQL columns take no constraints (NOT NULL, DEFAULT, UNIQUE, "
                "REFERENCES...): only the primary key is declared");
  if (word(E, "auto_increment") || word(E, "autoincrement") ||
      word(E, "identity") || word(E, "serial") || word(E, "generated"))
    return make(RuleId::SyntaxError, E, E,
                "CQL has no auto-increment: use a uuid (uuid()) or a timeuuid "
                "(now()) key generated at insert time");
  return std::nullopt;
}

std::optional<Habit> HabitFinder::selectHabits() {
  if (word(1, "top") && is(2, L::INTEGER))
    return make(RuleId::SyntaxError, 1, 2,
                "CQL has no TOP; put LIMIT n at the end of the SELECT");
  // The selection list: `*` together with other selectors.
  size_t From = 1;
  while (From < Toks.size() && !is(From, L::K_FROM)) {
    if (is(From, L::LPAREN) && is(From + 1, L::K_DISTINCT) &&
        reached(From + 1))
      return make(RuleId::SyntaxError, From + 1, From + 1,
                  "CQL has no COUNT(DISTINCT ...) or other DISTINCT "
                  "aggregates; SELECT DISTINCT applies to partition keys only");
    if (is(From, L::LPAREN) || is(From, L::LBRACKET) || is(From, L::LBRACE)) {
      From = matching(From) + 1;
      continue;
    }
    if (is(From, L::STAR) && reached(From) &&
        (is(From - 1, L::COMMA) || is(From + 1, L::COMMA)))
      return make(RuleId::SyntaxError, From, From,
                  "'*' cannot be combined with other selectors; list the "
                  "columns explicitly instead");
    ++From;
  }
  if (From >= Toks.size())
    return std::nullopt;
  size_t NameBegin = From + 1;
  // FROM a.b.c
  if (isNameOrKeyword(NameBegin) && is(NameBegin + 1, L::DOT) &&
      isNameOrKeyword(NameBegin + 2) && is(NameBegin + 3, L::DOT) &&
      reached(NameBegin + 3))
    return make(RuleId::SyntaxError, NameBegin, NameBegin + 4,
                "a table name has at most two parts, keyspace.table; CQL has "
                "no catalogs or schemas above keyspaces");
  size_t After = skipTableName(NameBegin);
  if (After > NameBegin && reached(After) && After < Toks.size()) {
    // JOIN, possibly after an alias and INNER/LEFT/RIGHT/FULL/OUTER/CROSS/
    // NATURAL.
    size_t J = After;
    if (is(J, L::K_AS))
      ++J;
    if (isName(J) && !word(J, "join") && !isJoinKind(J))
      ++J;
    size_t KindStart = J;
    while (isJoinKind(J))
      ++J;
    if (word(J, "join"))
      return make(RuleId::Join, KindStart, J,
                  "CQL has no joins: a query reads exactly one table; "
                  "denormalize the data so that each query is answered by "
                  "one table");
    // Several tables: FROM a, b
    if (is(After, L::COMMA))
      return make(RuleId::Join, After, skipTableName(After + 1) - 1,
                  "a CQL query reads exactly one table: several tables in "
                  "FROM would be a join, which CQL does not have; "
                  "denormalize the data into one table per query");
    // Aliases: FROM t x / FROM t AS x, followed by a clause or the end (a
    // misspelt keyword such as `WHRE k = 1` is not an alias).
    size_t AliasEnd = is(After, L::K_AS) ? After + 2 : After + 1;
    size_t Next = type(AliasEnd);
    bool ClauseNext = Next == antlr4::Token::EOF || Next == L::K_WHERE ||
                      Next == L::K_GROUP || Next == L::K_ORDER ||
                      Next == L::K_LIMIT || Next == L::K_ALLOW ||
                      Next == L::K_PER || Next == L::COMMA;
    if ((is(After, L::K_AS) || isName(After)) && isName(AliasEnd - 1) &&
        ClauseNext)
      return make(RuleId::SyntaxError, After,
                  is(After, L::K_AS) ? After + 1 : After,
                  "CQL has no table aliases; name columns without a table "
                  "prefix");
  }
  // Clause order.
  static const char *ClauseNames[] = {"",         "WHERE", "GROUP BY",
                                      "ORDER BY", "PER PARTITION LIMIT",
                                      "LIMIT",    "ALLOW FILTERING"};
  int Highest = 0;
  for (size_t I = After; I < Toks.size() && reached(I); ++I) {
    if (is(I, L::LPAREN) || is(I, L::LBRACKET) || is(I, L::LBRACE)) {
      I = matching(I);
      continue;
    }
    int Rank = 0;
    size_t Span = 0;
    if (is(I, L::K_WHERE))
      Rank = 1;
    else if (is(I, L::K_GROUP) && is(I + 1, L::K_BY))
      Rank = 2, Span = 1;
    else if (is(I, L::K_ORDER) && is(I + 1, L::K_BY))
      Rank = 3, Span = 1;
    else if (is(I, L::K_PER) && is(I + 1, L::K_PARTITION) &&
             is(I + 2, L::K_LIMIT))
      Rank = 4, Span = 2;
    else if (is(I, L::K_LIMIT))
      Rank = 5;
    else if (is(I, L::K_ALLOW) && is(I + 1, L::K_FILTERING))
      Rank = 6, Span = 1;
    if (Rank == 0)
      continue;
    if (Rank <= Highest)
      return make(RuleId::SyntaxError, I, I + Span,
                  std::string(Rank == Highest ? "duplicate " : "") +
                      ClauseNames[Rank] +
                      (Rank == Highest
                           ? " clause"
                           : std::string(" must come before ") +
                                 ClauseNames[Highest]) +
                      "; CQL clauses go in the order WHERE, GROUP BY, ORDER "
                      "BY, PER PARTITION LIMIT, LIMIT, ALLOW FILTERING");
    Highest = Rank;
    I += Span;
  }
  // LIMIT n OFFSET m, HAVING.
  for (size_t I = After; I < Toks.size() && reached(I); ++I) {
    if (word(I, "offset") && I >= 2 && is(I - 2, L::K_LIMIT))
      return make(RuleId::SyntaxError, I, I + 1,
                  "CQL has no OFFSET; page through results with the driver's "
                  "paging state, or restart after the last clustering key "
                  "seen (WHERE ck > ?)");
    if (is(I, L::COMMA) && I >= 2 && is(I - 2, L::K_LIMIT))
      return make(RuleId::SyntaxError, I, I + 1,
                  "CQL LIMIT takes one number and has no offset; page with "
                  "the driver's paging state instead");
    if (word(I, "nulls") && (word(I + 1, "first") || word(I + 1, "last")))
      return make(RuleId::SyntaxError, I, I + 1,
                  "CQL has no NULLS FIRST/LAST: clustering columns are never "
                  "null and sort in the table's clustering order");
    if (word(I, "having"))
      return make(RuleId::SyntaxError, I, I,
                  "CQL has no HAVING; filter the aggregated rows in the "
                  "application");
  }
  if (auto H = whereHabits(After))
    return H;
  // GROUP BY / ORDER BY on expressions.
  for (size_t I = After; I + 1 < Toks.size(); ++I) {
    bool Group = is(I, L::K_GROUP) && is(I + 1, L::K_BY);
    bool Order = is(I, L::K_ORDER) && is(I + 1, L::K_BY);
    if (!Group && !Order)
      continue;
    size_t End = I + 2;
    while (End < Toks.size() && !is(End, L::K_ORDER) && !is(End, L::K_PER) &&
           !is(End, L::K_LIMIT) && !is(End, L::K_ALLOW) && !is(End, L::K_GROUP))
      ++End;
    if (ErrorAt >= I + 2 && ErrorAt <= End && End > I + 2)
      return make(RuleId::SyntaxError, I + 2, End - 1,
                  Group ? "GROUP BY takes primary key column names only (the "
                          "last one may be wrapped in a function such as "
                          "floor(ts, 1h)), not expressions"
                        : "ORDER BY takes clustering column names with ASC or "
                          "DESC (or `col ANN OF vector`), not expressions or "
                          "positions");
  }
  return std::nullopt;
}

std::optional<Habit> HabitFinder::whereHabits(size_t From) {
  size_t Where = From;
  while (Where < Toks.size() && !is(Where, L::K_WHERE))
    ++Where;
  if (Where >= Toks.size())
    return std::nullopt;
  for (size_t I = Where + 1; I < Toks.size() && reached(I); ++I) {
    size_t T = type(I);
    if (T == L::K_GROUP || T == L::K_ORDER || T == L::K_LIMIT ||
        T == L::K_ALLOW || T == L::K_IF || T == L::K_PER)
      break;
    if (T == L::K_OR)
      return make(RuleId::SyntaxError, I, I,
                  "CQL has no OR in WHERE (Cassandra 5.0); use IN for "
                  "alternatives on one column, or run one query per "
                  "alternative");
    if (T == L::K_NOT && is(I + 1, L::K_IN))
      return make(RuleId::SyntaxError, I, I + 1,
                  "CQL has no NOT IN (Cassandra 5.0); list the wanted values "
                  "with IN, or filter in the application");
    if (word(I, "between"))
      return make(RuleId::SyntaxError, I, I,
                  "CQL has no BETWEEN (Cassandra 5.0); write "
                  "`col >= low AND col <= high`");
    if (T == L::K_IS && is(I + 1, L::K_NULL))
      return make(RuleId::SyntaxError, I, I + 1,
                  "CQL has no IS NULL; only IS NOT NULL exists (in "
                  "materialized view definitions)");
    if (T == L::LT && is(I + 1, L::GT))
      return make(RuleId::SyntaxError, I, I + 1,
                  "'<>' is not a CQL operator; use '!='");
    if (T == L::K_TOKEN && is(I + 1, L::LPAREN)) {
      size_t Close = matching(I + 1);
      if (is(Close + 1, L::K_IN) && reached(Close + 1))
        return make(RuleId::SyntaxError, Close + 1, Close + 1,
                    "IN cannot be used on token(); restrict the token with "
                    "a range (token(k) >= x AND token(k) <= y), or use IN on "
                    "the partition key columns");
      I = Close;
      continue;
    }
    // A function on the left of a relation: `WHERE max(v) = 1`.
    bool RelStart = is(I - 1, L::K_WHERE) || is(I - 1, L::K_AND) ||
                    is(I - 1, L::LPAREN);
    if (RelStart && isNameOrKeyword(I) && is(I + 1, L::LPAREN)) {
      size_t Close = matching(I + 1);
      size_t Op = type(Close + 1);
      if (Op == L::EQ || Op == L::LT || Op == L::LTE || Op == L::GT ||
          Op == L::GTE || Op == L::NEQ || Op == L::K_IN ||
          Op == L::K_CONTAINS || Op == L::K_LIKE)
        return make(RuleId::SyntaxError, I, Close,
                    "functions are not allowed on the left side of a "
                    "relation; restrict the column itself (token() is the "
                    "only exception)");
    }
  }
  return std::nullopt;
}

std::optional<Habit> HabitFinder::modifyHabits() {
  if (is(0, L::K_DELETE) && is(1, L::STAR) && reached(1))
    return make(RuleId::SyntaxError, 1, 1,
                "DELETE takes column names or nothing: DELETE FROM t WHERE ... "
                "deletes whole rows");
  bool InBatch = is(0, L::K_BEGIN);
  size_t Begin = 0;
  // Walk the statements (one, or each child of a batch).
  for (size_t I = 0; I <= Toks.size(); ++I) {
    bool End = I == Toks.size() || is(I, L::SEMI) ||
               (InBatch && I > 0 &&
                (is(I, L::K_INSERT) || is(I, L::K_UPDATE) ||
                 is(I, L::K_DELETE) || is(I, L::K_SELECT) ||
                 (is(I, L::K_APPLY) && is(I + 1, L::K_BATCH))));
    if (InBatch && is(I, L::K_SELECT) && reached(I))
      return make(RuleId::SyntaxError, I, I,
                  "a BATCH may contain only INSERT, UPDATE and DELETE "
                  "statements; run the SELECT separately");
    if (!End)
      continue;
    size_t First = Begin;
    if (InBatch && First == 0) {
      Begin = I + (is(I, L::SEMI) ? 1 : 0);
      continue;
    }
    if (is(First, L::K_UPDATE) || is(First, L::K_DELETE)) {
      bool HasWhere = false;
      for (size_t K = First; K < I; ++K)
        HasWhere = HasWhere || is(K, L::K_WHERE);
      if (!HasWhere && reached(First))
        return make(RuleId::SyntaxError, First, First,
                    std::string(is(First, L::K_UPDATE) ? "UPDATE" : "DELETE") +
                        " needs a WHERE clause naming the rows (at least the "
                        "full partition key); CQL cannot change every row "
                        "(TRUNCATE empties a table)");
      if (is(First, L::K_UPDATE)) {
        // A trailing comma before WHERE.
        for (size_t K = First; K < I; ++K)
          if (is(K, L::COMMA) && is(K + 1, L::K_WHERE) && reached(K))
            return make(RuleId::SyntaxError, K, K,
                        "unexpected ',' before WHERE: remove the trailing "
                        "comma after the last assignment");
      }
    }
    Begin = I + (is(I, L::SEMI) ? 1 : 0);
  }
  if (!InBatch)
    return whereHabits(0);
  return std::nullopt;
}

} // namespace

std::optional<Habit> findSqlHabit(const std::vector<antlr4::Token *> &Tokens,
                                  size_t ErrorAt, const ParseInput &Input) {
  return HabitFinder(Tokens, ErrorAt, Input).run();
}

} // namespace nosqlint::cql
