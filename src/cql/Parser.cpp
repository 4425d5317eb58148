//===- Parser.cpp - The CQL front end: split, parse, recover, transform ---===//
//
// The text is lexed once, a statement at a time: StatementReader splits the
// tokens at top-level ';' (a BEGIN BATCH ... APPLY BATCH block is one
// statement) and the token stream holds one statement's tokens, so a bad
// statement costs one diagnostic and the others still parse, and memory
// does not grow with the file's tokens. Each statement
// is parsed with SLL prediction and the bail-out strategy; only when that
// fails is it parsed again with full LL and the real error listener, and the
// failure is explained: a SQL habit when one is recognised (SqlHabits.cpp),
// else "expected ... near 'x'" at the offending token.
//
//===----------------------------------------------------------------------===//
#include "nosqlint/Cql/Parser.h"

#include "CqlTokenSource.h"
#include "ParseInput.h"
#include "SqlHabits.h"
#include "StatementReader.h"
#include "SyntaxErrors.h"
#include "Transform.h"

#include "nosqlint/Diag/DiagnosticEngine.h"

#include "BudgetedTokenStream.h"
#include "ThreadPredictionCache.h"
#include "CqlLexer.h"
#include "CqlParser.h"

#include <algorithm>

namespace nosqlint::cql {

namespace {

using L = gen::CqlLexer;

/// Deeper bracket nesting than this is refused before parsing, so hostile
/// input cannot exhaust the stack of the recursive-descent parser.
constexpr unsigned MaxNesting = 64;

/// Longer statements are refused before parsing: ANTLR's parse tree costs
/// about 1.5 KB per token (a 2 MB select list took 2.6 GB), and prediction
/// time grows with the statement. No statement Cassandra accepts in practice
/// comes near (its batch size limit is 50 KB).
constexpr size_t MaxStatementTokens = 100000;

struct StatementTokens {
  size_t Begin = 0; // index into the statement's default-channel tokens
  size_t End = 0;   // exclusive; the ';' (if any) is at End
};

class ScriptParser {
public:
  ScriptParser(llvm::StringRef Text, const TextOrigin &Origin,
               const ParseOptions &Options, DiagnosticEngine &Diags)
      : Input(Text, Origin), Options(Options), Diags(Diags),
        Lexer(Text), Tokens(&Lexer), Parser(&Tokens), Listener(Input) {
    Parser.removeErrorListeners();
  }

  Script run();

private:
  /// Parses one statement; null on failure (reported by reportFailure,
  /// or here when the statement exhausts the prediction budget).
  P::StatementEndContext *parse(const StatementTokens &S);
  P::StatementEndContext *parseWithin(const StatementTokens &S);
  size_t budget(const StatementTokens &S) const {
    return predictionBudget(S.End - S.Begin, Options.PredictionBase,
                            Options.PredictionPerToken);
  }
  bool checkNesting(const StatementTokens &S);
  bool checkLength(const StatementTokens &S);
  bool checkLexical(const StatementTokens &S);
  void reportFailure(const StatementTokens &S);
  SourceRange tokensRange(size_t First, size_t Last) const {
    return Input.tokenRange(Toks[First], Toks[Last]);
  }

  ParseInput Input;
  const ParseOptions &Options;
  DiagnosticEngine &Diags;
  CqlTokenSource Lexer;
  antlr::BudgetedTokenStream Tokens;
  antlr::ThreadCachedParser<P> Parser;
  FirstErrorListener Listener;
  bool BudgetExceeded = false; // the last parse() ran out of budget
  std::vector<antlr4::Token *> Toks; // the statement's default channel and
                                     // its ';', no EOF
  std::shared_ptr<antlr4::BailErrorStrategy> Bail =
      std::make_shared<antlr4::BailErrorStrategy>();
  std::shared_ptr<antlr4::DefaultErrorStrategy> Recover =
      std::make_shared<antlr4::DefaultErrorStrategy>();
};

/// Tokens after which a ')' closes a type hint, `(int) ?`, rather than a group.
bool startsTerm(size_t Type) {
  switch (Type) {
  case L::STRING_LITERAL: case L::DOLLAR_STRING: case L::INTEGER:
  case L::FLOAT: case L::UUID: case L::HEXNUMBER: case L::DURATION:
  case L::K_TRUE: case L::K_FALSE: case L::K_NAN: case L::K_INFINITY:
  case L::K_NULL: case L::QMARK: case L::COLON: case L::LPAREN:
  case L::LBRACKET: case L::LBRACE: case L::MINUS: case L::IDENT:
  case L::QUOTED_NAME:
    return true;
  default:
    return false;
  }
}

/// Tokens after which a '-' is binary.
bool endsTerm(size_t Type) {
  switch (Type) {
  case L::RPAREN: case L::RBRACKET: case L::RBRACE: case L::QMARK:
  case L::STRING_LITERAL: case L::DOLLAR_STRING: case L::INTEGER:
  case L::FLOAT: case L::UUID: case L::HEXNUMBER: case L::DURATION:
  case L::IDENT: case L::QUOTED_NAME:
    return true;
  default:
    return Type >= L::K_ACCESS && Type <= L::K_WITH;
  }
}

bool ScriptParser::checkNesting(const StatementTokens &S) {
  // An estimate of the parser's recursion: open brackets and type
  // parameters, plus chains of prefixes (unary '-', type hints `(int)`)
  // that each recurse once, counted per bracket level.
  unsigned Depth = 0, TypeDepth = 0, Chain = 0, SavedChains = 0;
  std::vector<unsigned> Saved;
  size_t Prev = 0;
  bool PrevWasHint = false;
  for (size_t I = S.Begin; I < S.End; ++I) {
    size_t Type = Toks[I]->getType();
    size_t Next = I + 1 < S.End ? Toks[I + 1]->getType() : 0;
    bool Hint = false;
    switch (Type) {
    case L::LPAREN: case L::LBRACKET: case L::LBRACE:
      ++Depth;
      Saved.push_back(Chain);
      SavedChains += Chain;
      Chain = 0;
      break;
    case L::RPAREN: case L::RBRACKET: case L::RBRACE:
      if (!Saved.empty()) {
        --Depth;
        Chain = Saved.back();
        SavedChains -= Chain;
        Saved.pop_back();
      }
      if (Type == L::RPAREN && startsTerm(Next)) {
        ++Chain; // a type hint applies to what follows
        Hint = true;
      }
      break;
    case L::MINUS:
      Chain = endsTerm(Prev) && !PrevWasHint ? 0 : Chain + 1;
      break;
    case L::LT:
      // `<` opens a type's parameters only after a parameterised type name.
      if (Prev == L::K_FROZEN || Prev == L::K_LIST || Prev == L::K_SET ||
          Prev == L::K_MAP || Prev == L::K_TUPLE || Prev == L::K_VECTOR)
        ++TypeDepth;
      else
        Chain = 0;
      break;
    case L::GT:
      if (TypeDepth > 0)
        --TypeDepth;
      else
        Chain = 0;
      break;
    case L::COMMA: case L::PLUS: case L::STAR: case L::SLASH:
    case L::PERCENT: case L::EQ: case L::NEQ: case L::LTE: case L::GTE:
    case L::PLUS_EQ: case L::MINUS_EQ: case L::K_AND: case L::SEMI:
      Chain = 0;
      break;
    default:
      break;
    }
    Prev = Type;
    PrevWasHint = Hint;
    if (Depth + TypeDepth + SavedChains + Chain > MaxNesting) {
      Diags.report(RuleId::SyntaxError, Dialect::Cql, tokensRange(I, I),
                   "statement nests more than " + std::to_string(MaxNesting) +
                       " levels deep; nosqlint does not parse it");
      return false;
    }
  }
  return true;
}

bool ScriptParser::checkLength(const StatementTokens &S) {
  if (S.End - S.Begin <= MaxStatementTokens)
    return true;
  Diags.report(RuleId::SyntaxError, Dialect::Cql,
               tokensRange(S.Begin, S.Begin),
               "statement is too complex to analyze: " +
                   std::to_string(S.End - S.Begin) + " tokens, over " +
                   std::to_string(MaxStatementTokens) +
                   "; nosqlint does not parse it");
  return false;
}

bool ScriptParser::checkLexical(const StatementTokens &S) {
  for (size_t I = S.Begin; I < S.End; ++I) {
    if (Toks[I]->getType() != L::ERROR_CHAR)
      continue;
    llvm::StringRef Ch = Input.tokenText(Toks[I]);
    std::string Message;
    if (Ch == "'")
      Message = "unterminated string literal: missing closing '";
    else if (Ch == "\"")
      Message = "unterminated quoted identifier: missing closing \"";
    else if (Ch == "$")
      Message = "unterminated $$ string: missing closing $$";
    else if (Ch == "#")
      Message = "unexpected character '#': CQL comments start with --, // "
                "or /*";
    else
      Message = "unexpected character '" + Ch.str() + "'";
    Diags.report(RuleId::SyntaxError, Dialect::Cql, tokensRange(I, I),
                 Message);
    return false;
  }
  // An unterminated block comment lexes as '/' '*'.
  for (size_t I = S.Begin; I + 1 < S.End; ++I)
    if (Toks[I]->getType() == L::SLASH && Toks[I + 1]->getType() == L::STAR &&
        Toks[I]->getStopIndex() + 1 == Toks[I + 1]->getStartIndex()) {
      Diags.report(RuleId::SyntaxError, Dialect::Cql, tokensRange(I, I + 1),
                   "unterminated /* comment");
      return false;
    }
  return true;
}

P::StatementEndContext *ScriptParser::parseWithin(const StatementTokens &S) {
  size_t Start = 0; // the stream holds this statement alone
  auto *Sim = Parser.getInterpreter<antlr4::atn::ParserATNSimulator>();
  // Fast path: SLL, bail out on the first error.
  Parser.reset();
  Tokens.seek(Start);
  Parser.setErrorHandler(Bail);
  Sim->setPredictionMode(antlr4::atn::PredictionMode::SLL);
  size_t Budget = budget(S);
  Tokens.setBudget(Budget);
  try {
    return Parser.statementEnd();
  } catch (antlr4::ParseCancellationException &) {
  } catch (antlr4::RecognitionException &) {
  }
  // Slow path: full LL with the real listener.
  Parser.getTreeTracker().reset();
  Parser.reset();
  Tokens.seek(Start);
  Parser.setErrorHandler(Recover);
  Sim->setPredictionMode(antlr4::atn::PredictionMode::LL);
  Tokens.setBudget(Budget);
  Listener.clear();
  Parser.addErrorListener(&Listener);
  P::StatementEndContext *Tree = nullptr;
  try {
    Tree = Parser.statementEnd();
  } catch (antlr4::RecognitionException &) {
  } catch (antlr4::ParseCancellationException &) {
  }
  Parser.removeErrorListeners();
  if (Listener.error().Seen || !Tree)
    return nullptr;
  return Tree;
}

P::StatementEndContext *ScriptParser::parse(const StatementTokens &S) {
  BudgetExceeded = false;
  try {
    P::StatementEndContext *Tree = parseWithin(S);
    Tokens.setBudget(0);
    return Tree;
  } catch (antlr::PredictionBudgetExceeded &) {
  }
  Tokens.setBudget(0);
  Parser.removeErrorListeners();
  Parser.getTreeTracker().reset();
  Diags.report(RuleId::SyntaxError, Dialect::Cql,
               tokensRange(S.Begin, S.Begin),
               "statement is too complex to analyze: parsing its " +
                   std::to_string(S.End - S.Begin) +
                   " tokens needed more than " +
                   std::to_string(budget(S)) +
                   " steps of lookahead; nosqlint does not check it");
  BudgetExceeded = true;
  return nullptr;
}

void ScriptParser::reportFailure(const StatementTokens &S) {
  const SyntaxErrorInfo &E = Listener.error();
  // Where, among the statement's tokens, the parser gave up.
  size_t ErrorAt = S.End - S.Begin;
  if (E.Offending && E.Offending->getType() != antlr4::Token::EOF)
    for (size_t I = S.Begin; I < S.End; ++I)
      if (Toks[I]->getTokenIndex() >= E.Offending->getTokenIndex()) {
        ErrorAt = I - S.Begin;
        break;
      }
  std::vector<antlr4::Token *> Stmt(Toks.begin() + S.Begin,
                                    Toks.begin() + S.End);
  if (auto H = findSqlHabit(Stmt, ErrorAt, Input)) {
    // A habit may end past a statement cut short (`varchar(25` at the end
    // of the file): keep the range inside the statement's tokens.
    size_t Last = std::min<size_t>(H->Last, Stmt.size() - 1);
    size_t First = std::min<size_t>(H->First, Last);
    Diags.report(H->Rule, Dialect::Cql,
                 tokensRange(S.Begin + First, S.Begin + Last), H->Message);
    return;
  }
  // The parser wanted more and ran into the next statement (or the end).
  bool PastEnd = !E.Offending ||
                 E.Offending->getType() == antlr4::Token::EOF ||
                 E.Offending->getTokenIndex() > Toks[S.End - 1]->getTokenIndex();
  std::string Message;
  if (!E.Seen)
    Message = "unexpected end of the statement";
  else if (!PastEnd)
    Message = E.Message;
  else if (E.ExpectedKnown)
    Message = describeEndOfStatement(Input, E);
  else if (llvm::StringRef(E.Message).startswith("expected a value"))
    Message = "expected a value at the end of the statement";
  else
    Message = "unexpected end of the statement";
  SourceRange Range;
  if (ErrorAt < Stmt.size())
    Range = Input.tokenRange(Stmt[ErrorAt]);
  else if (S.End < Toks.size()) // the ';'
    Range = Input.tokenRange(Toks[S.End]);
  else
    Range = Input.afterToken(Stmt.back());
  Diags.report(RuleId::SyntaxError, Dialect::Cql, Range, std::move(Message));
}

Script ScriptParser::run() {
  Script Result;
  StatementReader Reader = Options.CqlshScript
                               ? StatementReader(Lexer, Input.text())
                               : StatementReader(Lexer);
  while (std::unique_ptr<StatementTokenSource> Source = Reader.next()) {
    // The stream frees the previous statement's tokens and takes these.
    Tokens.setTokenSource(Source.get());
    Tokens.fill();
    Toks = Source->tokens();
    if (Source->semicolon())
      Toks.push_back(Source->semicolon());
    const StatementTokens S{0, Source->tokens().size()};
    ++Result.StatementsSeen;
    if (!checkLexical(S) || !checkNesting(S) || !checkLength(S))
      continue;
    P::StatementEndContext *Tree = parse(S);
    if (!Tree) {
      if (!BudgetExceeded)
        reportFailure(S);
      Parser.getTreeTracker().reset();
      continue;
    }
    // The grammar must have consumed exactly this statement.
    antlr4::Token *Stop = Tree->getStop();
    size_t LastIndex = Toks[S.End - 1]->getTokenIndex();
    if (Stop && Stop->getType() != antlr4::Token::EOF &&
        Stop->getType() != L::SEMI && Stop->getTokenIndex() < LastIndex) {
      size_t I = S.Begin;
      while (I < S.End && Toks[I]->getTokenIndex() <= Stop->getTokenIndex())
        ++I;
      Diags.report(RuleId::SyntaxError, Dialect::Cql, tokensRange(I, I),
                   "unexpected " + quoteToken(Input, Toks[I]) +
                       " after the end of the statement");
      Parser.getTreeTracker().reset();
      continue;
    }
    Transformer T(Input, Options, Diags);
    if (auto Stmt = T.transform(*Tree->statement()))
      Result.Statements.push_back(std::move(Stmt));
    Parser.getTreeTracker().reset();
  }
  return Result;
}

} // namespace

Script parseScript(llvm::StringRef Text, const TextOrigin &Origin,
                   const ParseOptions &Options, DiagnosticEngine &Diags) {
  ScriptParser SP(Text, Origin, Options, Diags);
  return SP.run();
}

} // namespace nosqlint::cql

#include "ParserCaches.h"

namespace nosqlint::cql {

void clearParserCaches() {
  CqlTokenSource Lexer("");
  antlr4::CommonTokenStream Tokens(&Lexer);
  antlr::ThreadCachedParser<gen::CqlParser> Parser(&Tokens);
  Parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->clearDFA();
}

} // namespace nosqlint::cql
